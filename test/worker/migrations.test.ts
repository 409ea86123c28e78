/**
 * Issue 33: the table's SQLite as numbered migrations (worker/table/migrations.ts), run once, in one
 * place. A table stored by the release before them — every table of `storage.ts` but none of those the
 * other files created on first use, no `schema_version` — opens on the new code after an eviction, is
 * brought to the current version once, and plays to its end; a table of today's code is created at the
 * current version and a second start runs nothing.
 */
import { runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { migrate, schemaVersion } from "../../worker/storage/migrations.ts";
import { TABLE_MIGRATIONS as MIGRATIONS } from "../../worker/table/migrations.ts";
import { connectAs, evict, tableStub } from "./helpers.ts";
import { openTable, playToEnd, type TableRun } from "./play.ts";

/** The tables the files other than storage.ts created on first use before issue 33. */
const LAZY = ["tournament_link", "test_clock", "alarm_failures", "consiglieri", "consigliere_tokens", "publication_hidden", "recordings", "recording_chunks", "game_report", "report_backlog", "return_sources"];

let run: TableRun | null = null;
afterEach(() => {
  run?.close();
  run = null;
});

const tablesOf = (code: string) =>
  runInDurableObject(tableStub(code), (_i, state) => state.storage.sql.exec("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").toArray().map((r) => String(r.name)));

describe("issue 33: numbered migrations of the table's SQLite", () => {
  it("a new table is created at the current version with every table; migrating again runs nothing", async () => {
    run = await openTable({ seed: "migrations-new" });
    const tables = await tablesOf(run.code);
    for (const t of [...LAZY, "config", "players", "game", "input_log", "events", "series", "schema_version"]) expect(tables, t).toContain(t);
    const again = await runInDurableObject(tableStub(run.code), (_i, state) => ({ version: schemaVersion(state.storage.sql), ran: migrate(state.storage, MIGRATIONS) }));
    expect(again).toEqual({ version: MIGRATIONS.length, ran: [] });
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_m, i) => i + 1));
  });

  it("a table stored before migrations (no schema_version, no lazily created tables, an older column missing) opens mid-game on the new code and plays to its end", async () => {
    run = await openTable({ seed: "migrations-old" });
    await playToEnd(run, { until: (g) => g.phase === "speech" && g.day === 1 });
    const code = run.code;
    // The release before issue 33 as it stored a table that had not used those parts yet.
    await runInDurableObject(tableStub(code), (_i, state) => {
      const sql = state.storage.sql;
      for (const t of [...LAZY, "schema_version"]) sql.exec(`DROP TABLE IF EXISTS ${t}`);
      sql.exec("ALTER TABLE players DROP COLUMN bot_level");
    });
    expect(await runInDurableObject(tableStub(code), (_i, state) => schemaVersion(state.storage.sql))).toBe(0);
    run.close();
    await evict(tableStub(code));
    // The new code's first start migrates it: every table is there, at the current version.
    const tables = await tablesOf(code);
    for (const t of [...LAZY, "schema_version"]) expect(tables, t).toContain(t);
    const columns = await runInDurableObject(tableStub(code), (_i, state) => state.storage.sql.exec("SELECT * FROM players LIMIT 0").columnNames);
    expect(columns).toContain("bot_level");
    expect(await runInDurableObject(tableStub(code), (_i, state) => schemaVersion(state.storage.sql))).toBe(MIGRATIONS.length);
    // It plays on to its end, every seat reconnected with its own token.
    const before = run;
    const seated: TableRun["seated"] = [];
    for (const s of before.seated) seated.push({ ...s, client: await connectAs(code, s.join.token, s.nickname) });
    run = { ...before, seated, spectators: [], all: () => seated.map((s) => s.client), close: () => seated.forEach((s) => s.client.close()) };
    await playToEnd(run);
    expect(run.seated[0]!.client.lastView().game!.result).not.toBeNull();
  });
});
