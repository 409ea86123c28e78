/**
 * Every object's SQLite goes through the one migration runner (worker/storage/migrations.ts). An object
 * stored by the release before it — the directory with its listings created and altered on cold start,
 * the tournament with the tables its constructor created, a table whose tournament slot and test clock
 * were created on first use — has no `schema_version` (or an older one): its first start on the new
 * code brings it to its list's last version once, keeps its rows, and it goes on working.
 */
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { TournamentDoc } from "../../shared/tournaments/lifecycle.ts";
import { DIRECTORY_MIGRATIONS } from "../../worker/directory/migrations.ts";
import { schemaVersion } from "../../worker/storage/migrations.ts";
import { TABLE_MIGRATIONS } from "../../worker/table/migrations.ts";
import { TOURNAMENT_MIGRATIONS } from "../../worker/tournaments/migrations.ts";
import { json, nick, post, signUp } from "./accounts-helpers.ts";
import { createTable, evict, join, tableStub } from "./helpers.ts";

const directory = (name: string) => env.DIRECTORY.get(env.DIRECTORY.idFromName(`test-directory-${name}`));
const tournament = (id: string) => env.TOURNAMENT.get(env.TOURNAMENT.idFromName(id));
const versionOf = (stub: DurableObjectStub) => runInDurableObject(stub, (_i, state) => schemaVersion(state.storage.sql));
const tablesOf = (stub: DurableObjectStub) =>
  runInDurableObject(stub, (_i, state) => state.storage.sql.exec("SELECT name FROM sqlite_master WHERE type = 'table'").toArray().map((r) => String(r.name)));

describe("one migration runner: objects stored before it upgrade and keep working", () => {
  it("a directory stored with its first listings table (no seq, no hosting, no schema_version) upgrades once, keeps its listings, orders pushes by seq and lists hosting", async () => {
    const stub = directory("old-schema");
    const now = Date.now();
    // The release before the runner, as a directory first created before listings had `seq` stored it.
    await runInDurableObject(stub, (_i, state) => {
      const sql = state.storage.sql;
      sql.exec("DROP TABLE IF EXISTS schema_version");
      sql.exec("DROP TABLE IF EXISTS listings");
      sql.exec("CREATE TABLE listings (code TEXT PRIMARY KEY, preset_id TEXT NOT NULL, status TEXT NOT NULL, seats_taken INTEGER NOT NULL, seats_max INTEGER NOT NULL, updated_at INTEGER NOT NULL)");
      sql.exec("INSERT INTO listings (code, preset_id, status, seats_taken, seats_max, updated_at) VALUES ('OLDONE', 'sport', 'lobby', 3, 10, ?)", now);
    });
    expect(await versionOf(stub)).toBe(0);
    await evict(stub);

    expect(await versionOf(stub)).toBe(DIRECTORY_MIGRATIONS.length);
    const columns = await runInDurableObject(stub, (_i, state) => state.storage.sql.exec("SELECT * FROM listings LIMIT 0").columnNames);
    expect(columns).toEqual(expect.arrayContaining(["seq", "hosting"]));
    expect((await stub.list()).map((l) => l.code)).toEqual(["OLDONE"]);
    // It goes on working: a push with its version and hosting, then an older push arriving late, ignored.
    const listing = { code: "OLDONE", presetId: "sport", status: "playing" as const, seats: { taken: 10, max: 10 }, updatedAt: now + 1, hosting: "waiting" as const };
    expect(await stub.upsert(listing, 5)).toBe(true);
    expect(await stub.upsert({ ...listing, status: "lobby", updatedAt: now + 2 }, 4)).toBe(false);
    expect(await stub.list()).toEqual([listing]);
    // A second start runs nothing and changes nothing.
    await evict(stub);
    expect(await versionOf(stub)).toBe(DIRECTORY_MIGRATIONS.length);
    expect(await stub.list()).toEqual([listing]);
  });

  it("a tournament stored by its constructor's tables (no schema_version) upgrades once, keeps its document and counters, and goes on to its draw", async () => {
    const cookie = await signUp(nick("Mig"));
    const { id } = await json<{ id: string }>(await post("/api/tournaments", { name: "Old cup", presetId: "sport", rounds: 2 }, cookie), 201);
    expect((await post(`/api/tournaments/${id}/bots`, { players: 20 }, cookie)).status).toBe(200);
    const stub = tournament(id);
    const before = await stub.stats();
    expect(before.d1Rows).toBeGreaterThan(0);
    // The release before the runner: the same two tables, made by the constructor, and no schema_version.
    await runInDurableObject(stub, (_i, state) => state.storage.sql.exec("DROP TABLE IF EXISTS schema_version"));
    expect(await versionOf(stub)).toBe(0);
    await evict(stub);

    expect(await versionOf(stub)).toBe(TOURNAMENT_MIGRATIONS.length);
    expect(await stub.stats()).toEqual(before);
    const doc = (await stub.read()) as unknown as TournamentDoc;
    expect(doc.entrants).toHaveLength(20);
    expect(doc.status).toBe("registration");
    // It goes on: registration closes and the schedule is drawn from its seed.
    expect((await post(`/api/tournaments/${id}/close`, {}, cookie)).status).toBe(200);
    expect((await post(`/api/tournaments/${id}/draw`, { seed: "old-cup" }, cookie)).status).toBe(200);
    const drawn = (await stub.read()) as unknown as TournamentDoc;
    expect(drawn.status).toBe("drawn");
    expect(drawn.schedule).toHaveLength(2);
    expect((await stub.stats()).d1Rows).toBeGreaterThan(before.d1Rows);
  });

  it("a table stored at version 8 (its tournament slot and test clock not yet migrations, neither created) upgrades and starts its game", async () => {
    const { code } = await createTable({ presetId: "sport" });
    for (let i = 1; i < 10; i++) await join(code, `Old ${i}`);
    const stub = tableStub(code);
    await runInDurableObject(stub, (_i, state) => {
      const sql = state.storage.sql;
      sql.exec("DROP TABLE IF EXISTS tournament_link");
      sql.exec("DROP TABLE IF EXISTS test_clock");
      sql.exec("UPDATE schema_version SET version = 8 WHERE id = 1");
    });
    expect(await tablesOf(stub)).not.toContain("tournament_link");
    await evict(stub);

    expect(await versionOf(stub)).toBe(TABLE_MIGRATIONS.length);
    expect(await tablesOf(stub)).toEqual(expect.arrayContaining(["tournament_link", "test_clock"]));
    // The last seat starts the game, which reads the table's tournament slot (none: an ordinary table).
    await join(code, "Old 10");
    const status = await runInDurableObject(stub, (_i, state) => String(state.storage.sql.exec("SELECT status FROM game WHERE id = 1").one().status));
    expect(status).toBe("playing");
  });
});
