/**
 * Issue 20, "Difficulty: at least two levels (novice, strong) chosen per table or per handed-over seat":
 * the table's `botLevel` is chosen at creation (default strong), public in every view's options, changed
 * by the organizer alone (`options`) and kept in the object's storage; `seat-to-bot` may give the seat a
 * level of its own (RULES.md §5.1 handing a seat to a bot), stored with that player's row and shown in the
 * lobby; a bad level is a typed refusal that changes nothing. Tables stored before issue 20 read as the
 * default level. (Which level reaches the bot at each move: test/unit/bot-level.test.ts.)
 */
import { runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import type { ServerMessage, TableView } from "../../shared/protocol/messages.ts";
import { control, fullTable, seatOf, settle, sitAsOrganizer, versionOf } from "./fixture.ts";
import { type Client, connectAs, createTable, evict, join, postJson, tableStub, until } from "./helpers.ts";

const open: Client[] = [];
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});

const codeOf = (m: ServerMessage) => (m.type === "error" ? m.code : m.type);

/** Each player row's bot flag and stored level, by nickname. */
async function storedLevels(code: string): Promise<Record<string, { bot: number; level: string | null }>> {
  return runInDurableObject(tableStub(code), (_i, state) =>
    Object.fromEntries(
      state.storage.sql.exec("SELECT nickname, bot, bot_level FROM players").toArray().map((r) => [String(r.nickname), { bot: Number(r.bot), level: r.bot_level === null ? null : String(r.bot_level) }]),
    ),
  );
}

const seatNamed = (view: TableView, nickname: string) => view.lobby.find((p) => p.nickname === nickname)!;

describe("issue 20: the bots' level, per table and per handed-over seat", () => {
  it("chosen at creation (default strong), shown to everyone, changed by the organizer only, kept across eviction", async () => {
    const plain = await createTable({ presetId: "sport" });
    const first = await connectAs(plain.code, undefined, "watcher of a default table");
    open.push(first);
    expect(first.lastView().options.botLevel).toBe("strong");
    // The create request's level is checked like every field.
    const bad = await postJson("/api/tables", { presetId: "sport", botLevel: "expert" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: "bad-request" } });

    const { code, organizerToken } = await createTable({ presetId: "sport", botLevel: "novice" });
    const { c: ann } = await sitAsOrganizer(code, organizerToken, "Ann", open);
    const b = await connectAs(code, (await join(code, "Bea")).token, "Bea");
    const spectator = await connectAs(code, undefined, "watcher");
    open.push(b, spectator);
    for (const view of await settle(code, [ann, b, spectator])) expect(view.options.botLevel).toBe("novice");

    // Only the organizer changes it; a bad value is refused by the schema. Neither changes anything.
    const before = await versionOf(code);
    expect(codeOf(await control(b, "l1", { type: "options", botLevel: "strong" }))).toBe("not-organizer");
    expect(codeOf(await control(spectator, "l2", { type: "options", botLevel: "strong" }))).toBe("not-organizer");
    expect(await control(ann, "l3", { type: "options", botLevel: "expert" })).toMatchObject({ type: "error", code: "bad-message", ref: "l3" });
    expect(await versionOf(code)).toBe(before);

    expect(codeOf(await control(ann, "l4", { type: "options", botLevel: "strong" }))).toBe("ack");
    for (const view of await settle(code, [ann, b, spectator])) expect(view.options.botLevel).toBe("strong");
    // The other options are untouched by it.
    expect(ann.lastView().options).toMatchObject({ allowSameDevice: false, botAfterMinutesAway: null, recording: false });

    // Stored with the table's options: a fresh instance reads it back.
    await evict(tableStub(code));
    const late = await connectAs(code, undefined, "late watcher");
    open.push(late);
    expect(late.lastView().options.botLevel).toBe("strong");
  });

  it("seat-to-bot with a level keeps it for that seat; without one the seat follows the table; a bad level changes nothing", async () => {
    const t = await fullTable();
    open.push(...t.open);
    const organizer = t.seated[0]!.client;
    const [a, b] = [t.seated[1]!, t.seated[2]!];
    const [seatA, seatB] = [seatOf(a.client), seatOf(b.client)];

    // A level the bots do not have: a typed refusal before anything is touched.
    const before = await versionOf(t.code);
    expect(await control(organizer, "s0", { type: "seat-to-bot", seat: seatA, level: "expert" })).toMatchObject({ type: "error", code: "bad-message", ref: "s0" });
    expect(await versionOf(t.code)).toBe(before);
    expect(a.client.closed).toBe(false);
    expect((await storedLevels(t.code))[a.nickname]).toEqual({ bot: 0, level: null });

    expect(codeOf(await control(organizer, "s1", { type: "seat-to-bot", seat: seatA, level: "novice" }))).toBe("ack");
    expect(codeOf(await control(organizer, "s2", { type: "seat-to-bot", seat: seatB }))).toBe("ack");
    await until(() => a.client.closed && b.client.closed, 15_000, "handed-over sockets closed");
    let [view] = await settle(t.code, [organizer]);
    expect(seatNamed(view!, a.nickname)).toMatchObject({ bot: true, botLevel: "novice" });
    expect(seatNamed(view!, b.nickname).bot).toBe(true);
    expect(seatNamed(view!, b.nickname).botLevel).toBeUndefined(); // plays at the table's level
    expect(view!.options.botLevel).toBe("strong");
    const stored = await storedLevels(t.code);
    expect(stored[a.nickname]).toEqual({ bot: 1, level: "novice" });
    expect(stored[b.nickname]).toEqual({ bot: 1, level: null });

    // The table's level changes during the game: the seat with its own level keeps it.
    expect(codeOf(await control(organizer, "s3", { type: "options", botLevel: "novice" }))).toBe("ack");
    expect(codeOf(await control(organizer, "s4", { type: "options", botLevel: "strong" }))).toBe("ack");
    [view] = await settle(t.code, [organizer]);
    expect(view!.options.botLevel).toBe("strong");
    expect(seatNamed(view!, a.nickname).botLevel).toBe("novice");
    expect((await storedLevels(t.code))[a.nickname]).toEqual({ bot: 1, level: "novice" });

    // A person's seat never shows a level.
    expect(view!.lobby.filter((p) => !p.bot).every((p) => p.botLevel === undefined)).toBe(true);
  });

  it("a table stored before issue 20 (no bot_level columns) plays at the default level and takes levels after", async () => {
    const { code, organizerToken } = await createTable({ presetId: "sport", botLevel: "novice" });
    const { j } = await sitAsOrganizer(code, organizerToken, "Old", open);
    await runInDurableObject(tableStub(code), (_i, state) => {
      state.storage.sql.exec("ALTER TABLE control DROP COLUMN bot_level");
      state.storage.sql.exec("ALTER TABLE players DROP COLUMN bot_level");
      // Issue 33: a table stored before numbered migrations has no schema_version (migrations.ts).
      state.storage.sql.exec("DROP TABLE schema_version");
    });
    for (const c of open.splice(0)) c.close();
    await evict(tableStub(code));

    const old = await connectAs(code, j.token, "Old");
    open.push(old);
    expect(old.lastView().options.botLevel).toBe("strong");
    const columns = await runInDurableObject(tableStub(code), (_i, state) => ({
      control: state.storage.sql.exec("SELECT * FROM control LIMIT 0").columnNames,
      players: state.storage.sql.exec("SELECT * FROM players LIMIT 0").columnNames,
    }));
    expect(columns.control).toContain("bot_level");
    expect(columns.players).toContain("bot_level");
    // The re-added columns take writes: the organizer's level, a lobby bot (no level of its own).
    expect(codeOf(await control(old, "m1", { type: "options", botLevel: "novice" }))).toBe("ack");
    expect(codeOf(await control(old, "m2", { type: "add-bot" }))).toBe("ack");
    const [view] = await settle(code, [old]);
    expect(view!.options.botLevel).toBe("novice");
    expect(await storedLevels(code)).toEqual({ Old: { bot: 0, level: null }, "Bot 1": { bot: 1, level: null } });
  });
});
