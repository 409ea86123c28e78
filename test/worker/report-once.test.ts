/**
 * A game is reported exactly once (issue 11): two report attempts of one game overlapping across the
 * D1 await (one from the alarm, one after a frame) make one D1 write; two writes of the same report
 * racing directly against D1 leave one record and apply ratings, experience and coins once
 * (worker/table/report.ts, worker/accounts/records.ts).
 */
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { recordGame, REWARDS, type GameReport } from "../../worker/accounts/records.ts";
import { GameReporter } from "../../worker/table/report.ts";
import { reportRows } from "../../worker/table/repositories/report.ts";
import { createTable, tableStub } from "./helpers.ts";

const DB = env.DB;

/** Two accounts straight in D1 (seats 1 red, 8 black), the rest guests. */
async function accounts(tag: string): Promise<[string, string]> {
  const ids: [string, string] = [`u-${tag}-red`, `u-${tag}-black`];
  for (const id of ids) {
    await DB.prepare("INSERT INTO users (id, nick, nick_key, webauthn_id, created_at) VALUES (?, ?, ?, ?, ?)").bind(id, id, id, `w-${id}`, Date.now()).run();
  }
  return ids;
}

const sportReport = (code: string, red: string, black: string, endedAt = 2): GameReport => ({
  gameId: `${code}/1`, code, presetId: "sport", startedAt: 1, endedAt, winner: "red", reason: "town-eliminated-mafia",
  seats: Array.from({ length: 10 }, (_, i) => ({
    seat: i + 1, role: i >= 7 ? "mafia" : "civilian", team: i >= 7 ? "black" : "red", nickname: `N${i + 1}`,
    userId: i === 0 ? red : i === 7 ? black : null, bot: false,
  })),
});

async function applied(gameId: string, users: string[]) {
  const games = await DB.prepare("SELECT COUNT(*) AS n FROM games WHERE id = ?").bind(gameId).first<{ n: number }>();
  const seats = await DB.prepare("SELECT COUNT(*) AS n FROM game_players WHERE game_id = ?").bind(gameId).first<{ n: number }>();
  const history = await DB.prepare("SELECT COUNT(*) AS n FROM rating_history WHERE game_id = ?").bind(gameId).first<{ n: number }>();
  const rows = await DB.prepare(`SELECT id, rated_games, xp, coins FROM users WHERE id IN (${users.map(() => "?").join(",")}) ORDER BY id`).bind(...users).all();
  return { games: games!.n, seats: seats!.n, history: history!.n, users: rows.results };
}

describe("a game is reported exactly once", () => {
  it("two recordGame calls of the same report racing against D1: one record, ratings applied once", async () => {
    const [red, black] = await accounts("race");
    const r = sportReport("RACE1", red, black);
    const outcomes = await Promise.all([recordGame(DB, r), recordGame(DB, r), recordGame(DB, r)]);
    expect(outcomes.sort()).toEqual(["already", "already", "recorded"]);
    expect(await applied(r.gameId, [red, black])).toEqual({
      games: 1, seats: 10, history: 2,
      users: [
        { id: black, rated_games: 1, xp: REWARDS.loss.xp, coins: REWARDS.loss.coins },
        { id: red, rated_games: 1, xp: REWARDS.win.xp, coins: REWARDS.win.coins },
      ],
    });
  });

  it("two report attempts of one table overlapping across the D1 await: one D1 write, one attempt counted", async () => {
    const { code } = await createTable();
    const [red, black] = await accounts(code);
    let batches = 0;
    // D1 as the table sees it: a write waits until every "already recorded?" check issued so far has
    // answered, so two overlapping attempts would both pass the check and both write.
    const checks: Array<Promise<unknown>> = [];
    const db = {
      prepare: (q: string) => {
        const statement = DB.prepare(q);
        if (!q.startsWith("SELECT 1 FROM games")) return statement;
        return { bind: (...args: unknown[]) => ({ first: () => { const p = statement.bind(...args).first(); checks.push(p); return p; } }) };
      },
      batch: async (statements: D1PreparedStatement[]) => {
        batches++;
        await Promise.all(checks);
        return DB.batch(statements);
      },
    } as unknown as D1Database;
    await runInDurableObject(tableStub(code), async (_i, state) => {
      const reporter = new GameReporter(reportRows(state.storage.sql), () => true);
      const build = (endedAt: number) => sportReport(code, red, black, endedAt);
      const first = reporter.report(1000, db, build, code); // e.g. after the frame that ended the game
      const second = reporter.report(1001, db, build, code); // e.g. the alarm's report item meanwhile
      await Promise.all([first, second]);
      expect(batches).toBe(1);
      expect(state.storage.sql.exec("SELECT attempts, done_at FROM game_report").one()).toEqual({ attempts: 1, done_at: 1000 });
      expect(reporter.due(true)).toBeNull();
      // Later calls do nothing.
      await reporter.report(2000, db, build, code);
      expect(batches).toBe(1);
    });
    expect(await applied(`${code}/1`, [red, black])).toMatchObject({ games: 1, seats: 10, history: 2 });
  });
});
