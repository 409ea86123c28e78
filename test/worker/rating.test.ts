/**
 * Rating, experience and coins (issue 7; RULES.md §3 "No coins, experience or rating" for city, §8
 * "ratings, experience and history attach to accounts"; docs/ACCOUNTS.md "Rating"). A sport game is
 * played to its result through the real table (sockets, alarms, heuristic bots deciding from each
 * seat's own view); three seats are signed-in accounts, seven are guests. The finished table reports
 * to D1: the record for everyone, rating/experience/coins for the accounts only.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Profile } from "../../shared/protocol/accounts.ts";
import { recordGame, REWARDS, type GameReport } from "../../worker/accounts/records.ts";
import { get, nick, signUp } from "./accounts-helpers.ts";
import { control } from "./fixture.ts";
import { evict } from "./helpers.ts";
import { openWithAccounts as openTable, playToEnd, storedVersion, syncAll } from "./play.ts";

const DB = env.DB;

async function profile(name: string): Promise<Profile> {
  const res = await get(`/api/users/${encodeURIComponent(name)}`);
  expect(res.status).toBe(200);
  return res.json();
}

/** Wait until the table's game is in D1. */
async function reported(code: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await DB.prepare("SELECT 1 FROM games WHERE code = ?").bind(code).first())) {
    if (Date.now() > deadline) throw new Error(`table ${code}: game not reported`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("a finished sport game", () => {
  it("updates the signed-in players' rating, experience and coins once; guests get a record line only", async () => {
    const accounts = await Promise.all(["Red", "Blk", "Mid"].map(async (b) => {
      const name = nick(b);
      return { name, cookie: await signUp(name) };
    }));
    const run = await openTable(accounts, "rating-1");
    try {
      await playToEnd(run);
      const result = run.seated[0]!.client.lastView().game!.result!;
      expect(result).not.toBeNull();
      // The table reports right after the change that ended the game (after broadcasting it).
      await reported(run.code);

      for (const a of accounts) {
        const p = await profile(a.name);
        const seat = result.roles.find((r) => r.nickname === a.name)!;
        const outcome = result.winner === "draw" ? "draw" : seat.team === result.winner ? "win" : "loss";
        expect(p.rating.games).toBe(1);
        expect(p.rating.mu).not.toBe(25);
        expect(p.rating.sigma).toBeLessThan(25 / 3);
        if (outcome === "win") expect(p.rating.mu).toBeGreaterThan(25);
        if (outcome === "loss") expect(p.rating.mu).toBeLessThan(25);
        expect(p.xp).toBe(REWARDS[outcome].xp);
        expect(p.coins).toBe(REWARDS[outcome].coins);
        expect(p.stats).toMatchObject({ games: 1, wins: outcome === "win" ? 1 : 0 });
        expect(p.stats.bySide[seat.team as "red" | "black"]).toEqual({ games: 1, wins: outcome === "win" ? 1 : 0 });

        // The game record: seat — role — nick for all ten, this player's part, the rating change.
        const g = p.games[0]!;
        expect(g).toMatchObject({ code: run.code, presetId: "sport", winner: result.winner, rated: true, you: { seat: seat.seat, role: seat.role, team: seat.team, outcome } });
        expect(g.rating).toMatchObject({ before: 0, xp: REWARDS[outcome].xp });
        expect(g.seats).toHaveLength(10);
        for (const r of result.roles) {
          const line = g.seats.find((s) => s.seat === r.seat)!;
          expect(line).toMatchObject({ role: r.role, team: r.team, nickname: r.nickname });
          const account = accounts.find((x) => x.name === r.nickname);
          expect(line.account).toBe(account ? account.name : null);
        }
      }
      // Guests are nowhere in users; the game row is there once, marked rated.
      const game = await DB.prepare("SELECT id, rated FROM games WHERE code = ?").bind(run.code).all<{ id: string; rated: number }>();
      expect(game.results).toHaveLength(1);
      expect(game.results[0]!.rated).toBe(1);
      expect(await DB.prepare("SELECT COUNT(*) AS n FROM game_players WHERE game_id = ? AND user_id IS NOT NULL").bind(game.results[0]!.id).first()).toEqual({ n: 3 });

      // The table keeps its report row done; a repeated report (retry after a lost answer) changes nothing.
      const { runInDurableObject } = await import("cloudflare:test");
      const done = await runInDurableObject(run.stub, (_i, state) => state.storage.sql.exec("SELECT done_at FROM game_report").one().done_at);
      expect(done).not.toBeNull();
      const before = await profile(accounts[0]!.name);
      const report = await DB.prepare("SELECT * FROM games WHERE id = ?").bind(game.results[0]!.id).first<Record<string, unknown>>();
      const seats = await DB.prepare("SELECT * FROM game_players WHERE game_id = ?").bind(game.results[0]!.id).all<Record<string, unknown>>();
      const again: GameReport = {
        gameId: String(report!.id), code: run.code, presetId: "sport", startedAt: Number(report!.started_at), endedAt: Number(report!.ended_at),
        winner: String(report!.winner), reason: String(report!.reason),
        seats: seats.results.map((s) => ({ seat: Number(s.seat), role: String(s.role), team: String(s.team), nickname: String(s.nickname), userId: s.user_id as string | null, bot: s.bot === 1 })),
      };
      expect(await recordGame(DB, again)).toBe("already");
      expect(await profile(accounts[0]!.name)).toEqual(before);

      // The same through the table's alarm: a report left pending (as after a D1 failure) is retried by
      // the alarm's "report" item, after an eviction too, and changes nothing the second time.
      const { runDurableObjectAlarm } = await import("cloudflare:test");
      await runInDurableObject(run.stub, async (_i, state) => {
        state.storage.sql.exec("UPDATE game_report SET done_at = NULL, next_at = ?", Date.now() - 1);
        await state.storage.setAlarm(Date.now());
      });
      await evict(run.stub);
      expect(await runDurableObjectAlarm(run.stub)).toBe(true);
      const retried = await runInDurableObject(run.stub, (_i, state) => state.storage.sql.exec("SELECT done_at, attempts FROM game_report").one());
      expect(retried.done_at).not.toBeNull();
      expect(retried.attempts).toBe(2);
      expect(await profile(accounts[0]!.name)).toEqual(before);
      expect((await DB.prepare("SELECT COUNT(*) AS n FROM games WHERE code = ?").bind(run.code).first<{ n: number }>())!.n).toBe(1);
    } finally {
      run.close();
    }
  });
});

/** A report as a table would send it: seats 1–3 red accounts / guests, 8–10 black. */
function report(presetId: string, winner: string, seats: Array<{ userId: string | null; bot?: boolean }>): GameReport {
  const code = `T${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
  return {
    gameId: `${code}/1`, code, presetId, startedAt: 1, endedAt: 2, winner, reason: "test",
    seats: Array.from({ length: 10 }, (_, i) => ({
      seat: i + 1,
      role: i >= 7 ? (i === 7 ? "don" : "mafia") : i === 0 ? "sheriff" : "civilian",
      team: i >= 7 ? "black" : "red",
      nickname: `N${i + 1}`,
      userId: seats[i]?.userId ?? null,
      bot: seats[i]?.bot ?? false,
    })),
  };
}

const userId = async (name: string) => (await DB.prepare("SELECT id FROM users WHERE nick = ?").bind(name).first<{ id: string }>())!.id;

describe("a finished city game (RULES.md §2.14: city games award none)", () => {
  it("changes no rating, experience or coins; the record is on the players' profiles", async () => {
    const accounts = await Promise.all(["Cre", "Cit"].map(async (b) => {
      const name = nick(b);
      return { name, cookie: await signUp(name) };
    }));
    const run = await openTable(accounts, "city-1", "city");
    try {
      const started = await control(run.seated[0]!.client, "start", { type: "start" });
      expect(started.type).toBe("ack");
      await syncAll(run, await storedVersion(run.code));
      await playToEnd(run);
      const result = run.seated[0]!.client.lastView().game!.result!;
      await reported(run.code);
      expect(await DB.prepare("SELECT preset_id, rated FROM games WHERE code = ?").bind(run.code).first()).toEqual({ preset_id: "city", rated: 0 });
      for (const a of accounts) {
        const p = await profile(a.name);
        expect(p.rating).toEqual({ mu: 25, sigma: 25 / 3, ordinal: 0, games: 0 });
        expect([p.xp, p.coins]).toEqual([0, 0]);
        expect(p.stats.games).toBe(1);
        const seat = result.roles.find((r) => r.nickname === a.name)!;
        expect(p.games[0]).toMatchObject({ code: run.code, presetId: "city", rated: false, rating: null, you: { seat: seat.seat, role: seat.role, team: seat.team } });
        expect(p.games[0]!.seats).toHaveLength(10);
      }
    } finally {
      run.close();
    }
  });
});

describe("what counts", () => {
  it("a city game changes no rating, experience or coins, but its record shows on the profiles (RULES.md §3)", async () => {
    const name = nick("City");
    await signUp(name);
    const id = await userId(name);
    const before = await profile(name);
    expect(await recordGame(DB, report("city", "red", [{ userId: id }]))).toBe("recorded");
    const after = await profile(name);
    expect(after.rating).toEqual(before.rating);
    expect([after.xp, after.coins]).toEqual([before.xp, before.coins]);
    expect(after.stats).toMatchObject({ games: 1, wins: 1 });
    expect(after.games[0]).toMatchObject({ presetId: "city", rated: false, rating: null, you: { seat: 1, role: "sheriff", outcome: "win" } });
  });

  it("a seat a bot played to the end is not rated even if an account joined it; one account counts once; a draw ties", async () => {
    const [a, b] = [nick("Bot"), nick("Twice")];
    await signUp(a);
    await signUp(b);
    const [ia, ib] = [await userId(a), await userId(b)];
    await recordGame(DB, report("sport", "draw", [{ userId: ia, bot: true }, { userId: ib }, { userId: ib }]));
    const pa = await profile(a);
    expect(pa.rating.games).toBe(0);
    expect(pa.stats.games).toBe(0);
    const pb = await profile(b);
    expect(pb.rating.games).toBe(1);
    expect(pb.stats).toMatchObject({ games: 1, draws: 1 });
    expect([pb.xp, pb.coins]).toEqual([REWARDS.draw.xp, REWARDS.draw.coins]);
  });

  it("two games of one account recorded at once both count (no lost update)", async () => {
    const name = nick("Busy");
    await signUp(name);
    const id = await userId(name);
    await Promise.all([recordGame(DB, report("sport", "red", [{ userId: id }])), recordGame(DB, report("sport", "black", [{ userId: id }]))]);
    const p = await profile(name);
    expect(p.rating.games).toBe(2);
    expect(p.xp).toBe(REWARDS.win.xp + REWARDS.loss.xp);
  });

  it("an unknown profile is 404", async () => {
    expect((await get(`/api/users/${nick("ghost")}`)).status).toBe(404);
  });
});
