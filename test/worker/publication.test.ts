/**
 * Issue 19 (RULES.md §6.11, §8 "Reviews with game nick and scores are published; a player may opt out
 * of publication"; docs/CLUBS.md "Publication"): a signed-in player who opted out is "Player N" (hidden,
 * no nick, no account) in every record and API of finished games for anyone but themself — the table's
 * record (GET /api/tables/:code/games/:n) and the profiles (GET /api/users/:nick) — and the hidden nick
 * appears nowhere in those answers' raw bodies. A sport game is played to its end through the real
 * table; the opted-out player sits under a table nick of their own, other than their account's.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { viewFor } from "../../shared/engine/index.ts";
import type { MeResponse, Profile } from "../../shared/protocol/accounts.ts";
import type { TableGameRecord } from "../../shared/protocol/http.ts";
import { replayRecord } from "../../shared/replay.ts";
import { publishRows } from "../../worker/accounts/publication.ts";
import { recordGame } from "../../worker/accounts/records.ts";
import { get, me, nick, post, signUp } from "./accounts-helpers.ts";
import { openWithAccounts, playToEnd } from "./play.ts";

const DB = env.DB;

/** Wait until the table's game is in D1 (the profiles read it there). */
async function reported(code: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await DB.prepare("SELECT 1 FROM games WHERE code = ?").bind(code).first())) {
    if (Date.now() > deadline) throw new Error(`table ${code}: game not reported`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function body(path: string, cookie: string | null): Promise<string> {
  const res = await get(path, cookie);
  expect(res.status, `${path}: ${res.status}`).toBe(200);
  return res.text();
}

/** A new account: its nick, session cookie and id. */
async function account(base: string): Promise<{ name: string; cookie: string; id: string }> {
  const name = nick(base);
  const cookie = await signUp(name);
  return { name, cookie, id: (await me(cookie)).user!.id };
}

const publication = (publish: unknown, cookie: string | null) => post("/api/me/publication", { publish }, cookie);

describe("RULES.md §8 publication opt-out", () => {
  it("the setting: signed-in only, a boolean, shown in /api/me", async () => {
    const { cookie } = await account("Set");
    expect((await me(cookie)).user!.publishNick).toBe(true); // published by default
    expect((await publication(false, null)).status).toBe(401);
    expect((await publication("no", cookie)).status).toBe(400);
    expect((await post("/api/me/publication", { publish: false, extra: 1 }, cookie)).status).toBe(400);
    const res = await publication(false, cookie);
    expect(res.status).toBe(200);
    expect(((await res.json()) as MeResponse).user!.publishNick).toBe(false);
    expect((await me(cookie)).user!.publishNick).toBe(false);
  });

  it("an opted-out player is 'Player N' in the record and the profiles for anyone else, never by nick or account; themself sees their nick", async () => {
    const [hid, pub, out] = await Promise.all([account("Hid"), account("Pub"), account("Out")]);
    const tableNick = nick("Shade");
    const [hidId, pubId] = [hid.id, pub.id];
    expect((await publication(false, hid.cookie)).status).toBe(200);

    const run = await openWithAccounts([{ ...hid, nickname: tableNick }, pub], "publication-1");
    let result: NonNullable<NonNullable<ReturnType<typeof run.seated[0]["client"]["lastView"]>["game"]>["result"]>;
    try {
      await playToEnd(run);
      result = run.seated[0]!.client.lastView().game!.result!;
      // The live table is not affected: the players saw each other's nicks.
      // (Issue 32, finding 1: once it has ended, the finished table's views blank it too — issue32-privacy.test.ts.)
      const live = run.seated[1]!.client.views().filter((m) => m.view.game && !m.view.game.result);
      expect(live.length).toBeGreaterThan(0);
      expect(live.every((m) => m.view.game!.seats.some((s) => s.nickname === tableNick))).toBe(true);
      await reported(run.code);
    } finally {
      run.close();
    }
    const hidSeat = result.roles.find((r) => r.nickname === tableNick)!.seat;
    const secrets = [tableNick, hid.name, hidId, pubId];
    const absent = (text: string, what: string) => {
      for (const s of secrets) expect(text.includes(s), `${what} holds "${s}"`).toBe(false);
    };

    // The table's record, to an anonymous viewer, to a co-player and to an outsider.
    const recordPath = `/api/tables/${run.code}/games/1`;
    for (const [who, cookie] of [["anonymous", null], ["a co-player", pub.cookie], ["another account", out.cookie]] as const) {
      const text = await body(recordPath, cookie);
      absent(text, `the record for ${who}`);
      const rec = JSON.parse(text) as TableGameRecord;
      expect(rec.players.filter((p) => p.hidden)).toEqual([{ id: expect.any(String), seat: hidSeat, nickname: null, hidden: true, bot: false }]);
      expect(rec.players.find((p) => p.nickname === pub.name)).toMatchObject({ hidden: false });
      // The replay plays by ids: the hidden seat is named by its label and the game ends as it did.
      const { steps, refused } = replayRecord(rec, (n) => `Player ${n}`);
      expect(refused).toEqual([]);
      const end = viewFor(steps.at(-1)!.state, { kind: "spectator" });
      expect(end.result!.winner).toBe(result.winner);
      expect(end.seats.map((s) => s.nickname)).toEqual(result.roles.map((r) => (r.seat === hidSeat ? `Player ${hidSeat}` : r.nickname)));
    }
    // Themself: their nick, as at the table.
    const own = JSON.parse(await body(recordPath, hid.cookie)) as TableGameRecord;
    expect(own.players.find((p) => p.seat === hidSeat)).toMatchObject({ nickname: tableNick, hidden: false });
    expect(own.players.some((p) => p.hidden)).toBe(false);
    const ownEnd = viewFor(replayRecord(own).steps.at(-1)!.state, { kind: "spectator" });
    expect(ownEnd.seats.map((s) => s.nickname)).toEqual(result.roles.map((r) => r.nickname));

    // A co-player's profile lists the game with the opted-out seat hidden (no nick, no account, no link).
    const pubProfile = `/api/users/${encodeURIComponent(pub.name)}`;
    for (const cookie of [null, out.cookie, pub.cookie]) {
      const text = await body(pubProfile, cookie);
      absent(text, "a co-player's profile");
      const p = JSON.parse(text) as Profile;
      expect(p.gamesHidden).toBe(false);
      expect(p.games[0]!.code).toBe(run.code);
      expect(p.games[0]!.seats.find((s) => s.seat === hidSeat)).toMatchObject({ nickname: null, account: null, hidden: true });
      expect(p.games[0]!.seats.filter((s) => s.hidden)).toHaveLength(1);
    }
    const seenByHid = JSON.parse(await body(pubProfile, hid.cookie)) as Profile;
    expect(seenByHid.games[0]!.seats.find((s) => s.seat === hidSeat)).toMatchObject({ nickname: tableNick, account: hid.name, hidden: false });

    // The opted-out player's own profile: their page, but no game (a code and a seat would name "Player N").
    const hidProfile = `/api/users/${encodeURIComponent(hid.name)}`;
    for (const cookie of [null, out.cookie, pub.cookie]) {
      const text = await body(hidProfile, cookie);
      expect(text.includes(run.code), "the opted-out profile names the table").toBe(false);
      for (const s of [tableNick, hidId]) expect(text.includes(s)).toBe(false);
      const p = JSON.parse(text) as Profile;
      expect(p).toMatchObject({ nickname: hid.name, games: [], gamesHidden: true, stats: { games: 1 } });
    }
    const mine = JSON.parse(await body(hidProfile, hid.cookie)) as Profile;
    expect(mine).toMatchObject({ gamesHidden: false });
    expect(mine.games[0]).toMatchObject({ code: run.code, you: { seat: hidSeat } });

    // Publishing again applies to the past game at once.
    expect((await publication(true, hid.cookie)).status).toBe(200);
    const again = JSON.parse(await body(recordPath, null)) as TableGameRecord;
    expect(again.players.find((p) => p.seat === hidSeat)).toMatchObject({ nickname: tableNick, hidden: false });
    expect(((await (await get(hidProfile)).json()) as Profile).games).toHaveLength(1);
  });

  it("a seat a bot finished still hides its opted-out joiner in the profiles (game_players.named_user_id)", async () => {
    const [gone, vis] = await Promise.all([account("Gone"), account("Vis")]);
    expect((await publication(false, gone.cookie)).status).toBe(200);
    const code = `PB${Date.now().toString(36).slice(-6)}`;
    const seats = Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, role: i < 3 ? "mafia" : "civilian", team: i < 3 ? "black" : "red", nickname: `Guest ${i + 1}`, userId: null as string | null, bot: false }));
    seats[0] = { ...seats[0]!, nickname: vis.name, userId: vis.id };
    seats[4] = { ...seats[4]!, nickname: gone.name, userId: gone.id, bot: true }; // taken over: not linked as a player
    expect(await recordGame(DB, { gameId: `${code}/1`, code, presetId: "city", startedAt: 1, endedAt: 2, winner: "red", reason: "all-black-out", seats })).toBe("recorded");
    const text = await body(`/api/users/${encodeURIComponent(vis.name)}`, null);
    expect(text.includes(gone.name)).toBe(false);
    const p = JSON.parse(text) as Profile;
    expect(p.games.find((g) => g.code === code)!.seats[4]).toMatchObject({ seat: 5, nickname: null, account: null, hidden: true, bot: true });
  });

  it("publishRows answers for any number of rows (D1's 100 bound parameters: looked up in chunks)", async () => {
    const { cookie, id: userId } = await account("Many");
    expect((await publication(false, cookie)).status).toBe(200);
    const rows = Array.from({ length: 250 }, (_, i) => ({ seat: (i % 16) + 1, nickname: `n${i}`, userId: i === 237 ? userId : `u${i}` }));
    const out = await publishRows(DB, null, rows);
    expect(out.filter((r) => r.hidden)).toEqual([{ seat: rows[237]!.seat, nickname: null, hidden: true }]);
    expect(out).toHaveLength(250);
    expect(JSON.stringify(out).includes("u1")).toBe(false); // no account id is returned
  });
});
