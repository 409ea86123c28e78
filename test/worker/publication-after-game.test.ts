/**
 * RULES.md §8 (Protocol: "reviews may be published unless a player opts out"; docs/ACCOUNTS.md
 * "Publication"): an opt-out holds from the moment it is made, at every reading — also for a game that
 * ended before it. The record (GET /api/tables/:code/games/:n) asks at every reading; the finished table's
 * views (what /t/CODE shows: the spectator socket's `lobby`, `game.seats`, `game.result.roles`, `game.log`)
 * and the tournament page's judges (`judges[]`, `schedule[].tables[].judge`) must do the same. Every
 * test here opts out only after the game (or after the judges were named), through the real routes.
 */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableView } from "../../shared/protocol/messages.ts";
import type { TournamentPage } from "../../shared/protocol/tournaments.ts";
import type { TournamentDoc } from "../../shared/tournaments/lifecycle.ts";
import { get, json, me, nick, post, signUp } from "./accounts-helpers.ts";
import { type Client, connectAs } from "./helpers.ts";
import { openWithAccounts, playToEnd, type TableRun } from "./play.ts";

const optOut = async (cookie: string) => expect((await post("/api/me/publication", { publish: false }, cookie)).status).toBe(200);

async function account(base: string): Promise<{ name: string; cookie: string; id: string }> {
  const name = nick(base);
  const cookie = await signUp(name);
  return { name, cookie, id: (await me(cookie)).user!.id };
}

/** A view frame on this socket after `sync` (the socket's reading now). */
async function synced(c: Client): Promise<TableView> {
  const seen = c.frames.length;
  c.send({ type: "sync" });
  const frame = await c.next((m) => m.type === "view", seen);
  return (frame as { view: TableView }).view;
}

describe("RULES.md §8 an opt-out after the game holds at the finished table, at the time of reading", () => {
  let hid: Awaited<ReturnType<typeof account>>;
  let pub: Awaited<ReturnType<typeof account>>;
  const tableNick = nick("AfterShade");
  let run: TableRun;
  let hidSeat: number;
  /** A spectator who opened the finished table before the opt-out (it saw the nick then). */
  let early: Client;
  /** A spectator who opens it after the opt-out: what /t/CODE shows. */
  let view: TableView;
  const opened: Client[] = [];

  beforeAll(async () => {
    [hid, pub] = await Promise.all([account("AfHid"), account("AfPub")]);
    run = await openWithAccounts([{ ...hid, nickname: tableNick }, pub], "pub-after");
    await playToEnd(run);
    expect(run.seated[0]!.client.lastView().status).toBe("ended");
    early = await connectAs(run.code, undefined, "early-spectator");
    opened.push(early);
    // Published until now: the game ended with the nick shown (the opt-out below comes after it).
    const before = early.lastView();
    hidSeat = before.game!.result!.roles.find((r) => r.nickname === tableNick)!.seat;
    expect(hidSeat).toBeGreaterThan(0);
    await optOut(hid.cookie);
    const late = await connectAs(run.code, undefined, "late-spectator");
    opened.push(late);
    view = late.lastView();
    expect(view.status).toBe("ended");
  }, 120_000);

  afterAll(() => {
    run?.close();
    for (const c of opened) c.close();
  });

  it("§8 lobby: the opted-out player's lobby entry has no nick; the others keep theirs", () => {
    const entry = view.lobby.find((p) => p.seat === hidSeat)!;
    expect(entry.nickname).toBe("");
    expect(view.lobby.some((p) => p.nickname === tableNick)).toBe(false);
    expect(view.lobby.some((p) => p.nickname === pub.name)).toBe(true);
  });

  it("§8 game.seats: the seat keeps its number, not the nick", () => {
    expect(view.game!.seats.find((s) => s.seat === hidSeat)!.nickname).toBe("");
    expect(view.game!.seats.some((s) => s.nickname === pub.name)).toBe(true);
  });

  it("§8 game.result.roles: the role of the seat is public at the end, the nick is not", () => {
    const role = view.game!.result!.roles.find((r) => r.seat === hidSeat)!;
    expect(role.nickname).toBe("");
    expect(role.role).toBeTruthy();
  });

  it("§8 game.log: no entry names the opted-out player (the seats' draw included)", () => {
    expect(view.game!.log.length).toBeGreaterThan(0);
    const drawn = view.game!.log.find((e) => e.type === "seats-drawn");
    if (drawn && drawn.type === "seats-drawn") expect(drawn.data.seats.find((s) => s.seat === hidSeat)!.nickname).toBe("");
    expect(view.game!.log.filter((e) => JSON.stringify(e).includes(tableNick))).toEqual([]);
    // And nowhere in the whole view.
    expect(JSON.stringify(view).includes(tableNick)).toBe(false);
  });

  it("§8 a socket opened before the opt-out reads it masked at its next reading (sync)", async () => {
    const again = await synced(early);
    expect(JSON.stringify(again).includes(tableNick)).toBe(false);
    expect(again.game!.result!.roles.find((r) => r.seat === hidSeat)!.nickname).toBe("");
  });

  it("§8 the player themself still reads their own nick; a co-player does not; the record agrees", async () => {
    const own = await connectAs(run.code, run.seated[0]!.join.token, tableNick);
    opened.push(own);
    expect(own.lastView().game!.result!.roles.find((r) => r.seat === hidSeat)!.nickname).toBe(tableNick);
    const co = await connectAs(run.code, run.seated[1]!.join.token, pub.name);
    opened.push(co);
    expect(JSON.stringify(co.lastView()).includes(tableNick)).toBe(false);
    const rec = await get(`/api/tables/${run.code}/games/1`);
    expect(rec.status).toBe(200);
    expect(await rec.text()).not.toContain(tableNick);
  });

  it("§8 opting in again shows the nick again at the next reading (the rule is read, not remembered)", async () => {
    expect((await post("/api/me/publication", { publish: true }, hid.cookie)).status).toBe(200);
    const again = await synced(early);
    expect(again.game!.result!.roles.find((r) => r.seat === hidSeat)!.nickname).toBe(tableNick);
    await optOut(hid.cookie);
    expect(JSON.stringify(await synced(early)).includes(tableNick)).toBe(false);
  });
});

describe("RULES.md §8 delayed spectators: a kept view of the finished game is masked as it is sent", () => {
  it("§8 an opt-out after the game holds for a spectator watching with a delay (the view kept in the ring from before the opt-out)", async () => {
    const hid = await account("DlHid");
    const tableNick = nick("DelayShade");
    const run = await openWithAccounts([{ ...hid, nickname: tableNick }], "pub-delay", "sport", { spectatorDelaySeconds: 1 });
    const opened: Client[] = [];
    try {
      await playToEnd(run);
      // A delayed spectator sees the end once it is a second old: the table's own alarm delivers it then
      // (never run early here — an early run would show the end before its time, and a later hello or sync,
      // answered on the real clock, would go back to the view before the end).
      const first = await connectAs(run.code, undefined, "delayed-1");
      opened.push(first);
      await first.next((m) => m.type === "view" && m.view.status === "ended", 0, 30_000);
      expect(first.lastView().delayMs).toBe(1000);
      expect(JSON.stringify(first.lastView()).includes(tableNick), "published until the opt-out").toBe(true);
      await optOut(hid.cookie);
      const second = await connectAs(run.code, undefined, "delayed-2");
      opened.push(second);
      const seen = second.lastView();
      expect(seen.status).toBe("ended");
      expect(seen.delayMs).toBe(1000);
      expect(JSON.stringify(seen).includes(tableNick)).toBe(false);
      expect(JSON.stringify(await synced(first)).includes(tableNick)).toBe(false);
    } finally {
      run.close();
      for (const c of opened) c.close();
    }
  }, 120_000);
});

describe("RULES.md §8 a judge who opts out is not named on the tournament page", () => {
  const tournament = (id: string) => env.TOURNAMENT.get(env.TOURNAMENT.idFromName(id));
  const docOf = async (id: string) => (await tournament(id).read()) as unknown as TournamentDoc;

  it("§8, §9.1 judges[] and schedule[].tables[].judge: hidden to anyone but the judge (and the organizer who named them), after the judge opts out", async () => {
    const orgCookie = await signUp(nick("TjOrg"));
    const [judge, other] = await Promise.all([account("TjJudge"), account("TjOther")]);
    const { id } = await json<{ id: string }>(await post("/api/tournaments", { name: "Judged cup", rounds: 1 }, orgCookie), 201);
    expect((await post(`/api/tournaments/${id}/judges`, { nicks: [judge.name] }, orgCookie)).status).toBe(200);
    expect((await post(`/api/tournaments/${id}/bots`, { players: 10 }, orgCookie)).status).toBe(200);
    expect((await post(`/api/tournaments/${id}/close`, {}, orgCookie)).status).toBe(200);
    expect((await post(`/api/tournaments/${id}/draw`, { seed: "judged" }, orgCookie)).status).toBe(200);
    expect((await post(`/api/tournaments/${id}/rounds/1/open`, {}, orgCookie)).status).toBe(200);
    const page = (cookie?: string) => get(`/api/tournaments/${id}`, cookie).then((r) => json<TournamentPage>(r));
    // Named while published.
    let seen = await page();
    expect(seen.judges).toEqual([judge.name]);
    expect(seen.schedule[0]!.tables[0]!.judge).toBe(judge.name);

    await optOut(judge.cookie);
    for (const [who, cookie] of [["nobody signed in", undefined], ["another account", other.cookie]] as const) {
      seen = await page(cookie);
      expect(JSON.stringify(seen).includes(judge.name), who).toBe(false);
      expect(seen.judges, who).toEqual([null]);
      expect(seen.schedule[0]!.tables[0]!, who).toMatchObject({ judge: null, judgeHidden: true });
    }
    // The judge reads their own name (and finds their table); the organizer, who named them, too.
    for (const cookie of [judge.cookie, orgCookie]) {
      seen = await page(cookie);
      expect(seen.judges).toEqual([judge.name]);
      expect(seen.schedule[0]!.tables[0]!.judge).toBe(judge.name);
      expect(seen.schedule[0]!.tables[0]!.judgeHidden).toBeUndefined();
    }
    // The tournament still has the judge at that table (only the page's names are masked).
    expect((await docOf(id)).schedule[0]!.tables[0]!.judge).toBe(judge.id);
  });
});
