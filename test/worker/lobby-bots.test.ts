/**
 * Issue 13, part A: bots in the lobby. The organizer (seated or not) seats bots, fills the table with
 * bots and takes bots away before the start (`control` add-bot / fill-bots / remove-bot); a bot
 * filling a sport table starts the game as the last person's join does (RULES.md §2); a city table
 * full of bots starts on the organizer's command (§5.1); the bots then play the whole game.
 */
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { heuristicBot } from "../../shared/bots/index.ts";
import type { CreateTableResponse, JoinResponse } from "../../shared/protocol/http.ts";
import type { ServerMessage } from "../../shared/protocol/messages.ts";
import { nick, post, signUp } from "./accounts-helpers.ts";
import { control, settle, sitAsOrganizer } from "./fixture.ts";
import { type Client, connectAs, createTable, deviceFor, from, join, joinWith, summary, tableStub } from "./helpers.ts";
import { playToEnd, type TableRun } from "./play.ts";

const open: Client[] = [];
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});

const errorCode = (m: ServerMessage) => (m.type === "error" ? m.code : m.type);

/** One person with nine table bots, driven to the end by the test (the person acts; the alarm moves the bots). */
function soloRun(code: string, nickname: string, j: JoinResponse, c: Client): TableRun {
  return {
    code,
    stub: tableStub(code),
    seated: [{ nickname, join: j, client: c, bot: heuristicBot(`${code}/solo`) }],
    spectators: [],
    all: () => [c],
    close: () => c.close(),
  };
}

/** A signed-in creator's city table (city needs an account, docs/ACCOUNTS.md). */
async function cityTable(): Promise<CreateTableResponse & { cookie: string }> {
  const cookie = await signUp(nick("Cty"));
  const res = await post("/api/tables", { presetId: "city", settings: {} }, cookie);
  if (res.status !== 201) throw new Error(`create city: ${res.status}`);
  return { ...((await res.json()) as CreateTableResponse), cookie };
}

describe("bots in the lobby (issue 13)", () => {
  it("the organizer seats a bot and takes it away; a person's place is not a bot; only the organizer may, only in the lobby", async () => {
    const { code, organizerToken } = await createTable({ presetId: "sport" });
    const { c: ann } = await sitAsOrganizer(code, organizerToken, "Ann", open);
    expect(errorCode(await control(ann, "b1", { type: "add-bot" }))).toBe("ack");
    let [view] = await settle(code, [ann]);
    expect(view!.lobby.map((p) => [p.place, p.nickname, p.bot, p.connected])).toEqual([[1, "Ann", false, true], [2, "Bot 1", true, true]]);
    // A bot takes no one's device or address: it holds no return code, no token, no digests.
    const row = await runInDurableObject(tableStub(code), (_i, state) => state.storage.sql.exec("SELECT return_hash, device_hash, address_hash, user_id, away_since FROM players WHERE bot = 1").one());
    expect(row).toEqual({ return_hash: null, device_hash: null, address_hash: null, user_id: null, away_since: null });

    const bea = await join(code, "Bea");
    const b = await connectAs(code, bea.token, "Bea");
    open.push(b);
    expect(errorCode(await control(b, "b2", { type: "add-bot" }))).toBe("not-organizer");
    const spectator = await connectAs(code, undefined, "watcher");
    open.push(spectator);
    expect(errorCode(await control(spectator, "b3", { type: "fill-bots" }))).toBe("not-organizer");

    expect(errorCode(await control(ann, "b4", { type: "remove-bot", place: 1 }))).toBe("not-a-bot");
    expect(errorCode(await control(ann, "b5", { type: "remove-bot", place: 3 }))).toBe("not-a-bot"); // Bea
    expect(errorCode(await control(ann, "b6", { type: "remove-bot", place: 9 }))).toBe("not-a-bot"); // nobody
    expect(errorCode(await control(ann, "b7", { type: "remove-bot", place: 2 }))).toBe("ack");
    [view] = await settle(code, [ann]);
    expect(view!.lobby.map((p) => p.nickname)).toEqual(["Ann", "Bea"]);
    // Bad shapes are refused by the schema.
    expect(errorCode(await control(ann, "b8", { type: "remove-bot" }))).toBe("bad-message");
    expect(errorCode(await control(ann, "b9", { type: "add-bot", n: 3 }))).toBe("bad-message");
    expect((await summary(code)).seats.taken).toBe(2);
  });

  it("a person may not take a bot's name or a look-alike of it; the next bot skips a name in use", async () => {
    const { code, organizerToken } = await createTable({ presetId: "sport" });
    for (const nickname of ["Bot 3", "bot3", "BOT #12", "Бот 2", "Bоt 4"]) {
      const res = await joinWith(code, { nickname });
      expect(res.status, nickname).toBe(409);
      expect(((await res.json()) as { error: { code: string } }).error.code, nickname).toBe("nickname-reserved");
    }
    expect((await joinWith(code, { nickname: "Botany" })).status).toBe(200);
    const { c: ann } = await sitAsOrganizer(code, organizerToken, "Ann", open);
    expect(errorCode(await control(ann, "n1", { type: "add-bot" }))).toBe("ack");
    expect(errorCode(await control(ann, "n2", { type: "add-bot" }))).toBe("ack");
    expect(errorCode(await control(ann, "n3", { type: "remove-bot", place: 3 }))).toBe("ack"); // Bot 1 goes
    expect(errorCode(await control(ann, "n4", { type: "add-bot" }))).toBe("ack");
    const [view] = await settle(code, [ann]);
    expect(view!.lobby.map((p) => p.nickname)).toEqual(["Botany", "Ann", "Bot 2", "Bot 1"]);
  });

  it("sport, RULES.md §2: fill-bots seats nine bots and the game starts at once; the bots play it to the end and D1 gets the record", async () => {
    const { code, organizerToken } = await createTable({ presetId: "sport" });
    const { j, c: ann } = await sitAsOrganizer(code, organizerToken, "Ann", open);
    const reply = await control(ann, "f1", { type: "fill-bots" });
    expect(errorCode(reply)).toBe("ack");
    const [view] = await settle(code, [ann]);
    expect(view!.status).toBe("playing");
    expect(view!.game!.seats).toHaveLength(10);
    expect(view!.game!.seats.filter((s) => s.bot)).toHaveLength(9);
    expect(view!.lobby.filter((p) => p.bot).map((p) => p.nickname)).toEqual(Array.from({ length: 9 }, (_, i) => `Bot ${i + 1}`));
    expect(view!.series).toEqual({ game: 1, results: [], next: null });
    expect((await summary(code)).status).toBe("playing");
    // After the start: lobby commands are refused.
    expect(errorCode(await control(ann, "f2", { type: "add-bot" }))).toBe("not-in-lobby");
    expect(errorCode(await control(ann, "f3", { type: "fill-bots" }))).toBe("not-in-lobby");
    expect(errorCode(await control(ann, "f4", { type: "remove-bot", place: 2 }))).toBe("not-in-lobby");

    await playToEnd(soloRun(code, "Ann", j, ann));
    const end = ann.lastView();
    expect(end.status).toBe("ended");
    expect(end.game!.result).not.toBeNull();
    expect(end.series.results).toEqual([{ game: 1, winner: end.game!.result!.winner, reason: end.game!.result!.reason }]);
    // The record is written after the end view goes out (worker/table/table.ts: fanout, then records): wait for it.
    const recorded = () => env.DB.prepare("SELECT id, winner, game_no FROM games WHERE code = ?").bind(code).all();
    await expect.poll(async () => (await recorded()).results.length, { timeout: 10_000 }).toBe(1);
    const games = await recorded();
    expect(games.results).toHaveLength(1);
    // Issue 19: the D1 record carries the game's number at its table (the record page /t/<code>/g/1).
    expect(games.results[0]!.game_no).toBe(1);
    const bots = await env.DB.prepare("SELECT COUNT(*) AS n FROM game_players WHERE game_id = ? AND bot = 1").bind(games.results[0]!.id).first();
    expect(bots!.n).toBe(9);
  });

  it("the creator holding the organizer rights without a seat fills the table too (seated or not)", async () => {
    const { code, organizerToken } = await createTable({ presetId: "sport" });
    const org = await connectAs(code, organizerToken, "creator");
    open.push(org);
    expect(errorCode(await control(org, "s1", { type: "add-bot" }))).toBe("ack");
    const bea = await join(code, "Bea");
    const b = await connectAs(code, bea.token, "Bea");
    open.push(b);
    expect(errorCode(await control(org, "s2", { type: "fill-bots" }))).toBe("ack");
    const [view] = await settle(code, [b]);
    expect(view!.status).toBe("playing");
    expect(view!.game!.you!.seat).toBeGreaterThan(0);
    expect(view!.lobby.filter((p) => !p.bot).map((p) => p.nickname)).toEqual(["Bea"]);
  });

  it("city, RULES.md §5.1, issue 38.7: fill-bots fills the full table (12) at once, then the table is full; the organizer's start starts a table of bots", async () => {
    const { code, organizerToken, cookie } = await cityTable();
    const res = await post(`/api/tables/${code}/join`, { nickname: "Olga", deviceId: deviceFor("Olga"), organizerToken }, cookie, from("Olga"));
    expect(res.status).toBe(200);
    const j = (await res.json()) as JoinResponse;
    const olga = await connectAs(code, j.token, "Olga");
    open.push(olga);
    expect(errorCode(await control(olga, "c1", { type: "fill-bots" }))).toBe("ack");
    let [view] = await settle(code, [olga]);
    expect(view!.lobby).toHaveLength(12);
    expect(view!.status).toBe("lobby"); // the organizer starts a city table
    expect(errorCode(await control(olga, "c3", { type: "fill-bots" }))).toBe("table-full");
    expect(errorCode(await control(olga, "c4", { type: "add-bot" }))).toBe("table-full");
    expect((await joinWith(code, { nickname: "Late" })).status).toBe(409);
    expect(errorCode(await control(olga, "c5", { type: "start" }))).toBe("ack");
    [view] = await settle(code, [olga]);
    expect(view!.status).toBe("playing");
    expect(view!.game!.seats.filter((s) => s.bot)).toHaveLength(11);
    await playToEnd(soloRun(code, "Olga", j, olga));
    expect(olga.lastView().game!.result).not.toBeNull();
  });
});
