/**
 * Issue 35, profiles with stats (RULES.md §8 "ratings, experience and history attach to accounts", the
 * publication opt-out): GET /api/users/:nick counts games and wins by format and by role, and gives each
 * game its number in the table's series (its record's link /t/<code>/g/<n>); a player who opted out shows
 * others no breakdown (as no games), and sees their own.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Profile } from "../../shared/protocol/accounts.ts";
import { recordGame, type GameReport } from "../../worker/accounts/records.ts";
import { get, json, nick, post, signUp } from "./accounts-helpers.ts";

const DB = env.DB;
let n = 0;

/** A finished game at `code` with the account in seat 1 as `role` on `team`, the rest guests. */
function report(code: string, presetId: string, user: { id: string; nick: string }, role: string, team: string, winner: string, gameNo: number): GameReport {
  const at = 1_750_000_000_000 + ++n * 60_000;
  return {
    gameId: `${code}/${at}`, code, presetId, startedAt: at - 1000, endedAt: at, winner, reason: "test", gameNo,
    seats: [
      { seat: 1, role, team, nickname: user.nick, userId: user.id, bot: false },
      { seat: 2, role: "mafia", team: team === "black" ? "red" : "black", nickname: "Guest2", userId: null, bot: false },
    ],
  };
}

describe("issue 35: a profile's games by format and by role", () => {
  it("counts games and wins per format and per role, most played first, and links each game's record", async () => {
    const name = nick("Stat");
    const cookie = await signUp(name);
    const user = { id: (await DB.prepare("SELECT id FROM users WHERE nick = ?").bind(name).first<{ id: string }>())!.id, nick: name };
    const code = `PS${n}${Date.now().toString(36)}`.slice(0, 10).toUpperCase();
    await recordGame(DB, report(code, "city", user, "doctor", "red", "red", 1));
    await recordGame(DB, report(code, "city", user, "doctor", "red", "black", 2));
    await recordGame(DB, report(code, "city", user, "don", "black", "black", 3));
    await recordGame(DB, report(`${code}X`, "tatar", user, "doctor", "red", "red", 1));
    // Two rated sport games (the rating plot): seat 2 a second account, so both teams have a rated player.
    const rival = nick("Riv");
    await signUp(rival);
    const rivalId = (await DB.prepare("SELECT id FROM users WHERE nick = ?").bind(rival).first<{ id: string }>())!.id;
    for (const [i, winner] of (["red", "black"] as const).entries()) {
      const r = report(`${code}S`, "sport", user, "sheriff", "red", winner, i + 1);
      r.seats[1] = { ...r.seats[1]!, role: "don", userId: rivalId, nickname: rival };
      await recordGame(DB, r);
    }

    const p = await json<Profile>(await get(`/api/users/${encodeURIComponent(name)}`));
    expect(p.stats.byFormat).toEqual([
      { presetId: "city", games: 3, wins: 2 },
      { presetId: "sport", games: 2, wins: 1 },
      { presetId: "tatar", games: 1, wins: 1 },
    ]);
    expect(p.stats.byRole).toEqual([
      { role: "doctor", games: 3, wins: 2 },
      { role: "sheriff", games: 2, wins: 1 },
      { role: "don", games: 1, wins: 1 },
    ]);
    expect(p.games.map((g) => [g.code, g.gameNo])).toEqual([[`${code}S`, 2], [`${code}S`, 1], [`${code}X`, 1], [code, 3], [code, 2], [code, 1]]);
    // The rating plot: one point per rated game, oldest first, the last one the rating now; up after the win.
    expect(p.ratingHistory.map((h) => h.seq)).toEqual([1, 2]);
    expect(p.ratingHistory[1]!.rating).toBe(p.rating.ordinal);
    expect(p.ratingHistory[0]!.rating).toBe(p.games[1]!.rating!.after);

    // Opted out: others get no breakdown (and no games); the player still sees theirs.
    expect((await post("/api/me/publication", { publish: false }, cookie)).status).toBe(200);
    const other = await json<Profile>(await get(`/api/users/${encodeURIComponent(name)}`));
    expect(other).toMatchObject({ gamesHidden: true, games: [], ratingHistory: [], stats: { byFormat: [], byRole: [] } });
    expect(JSON.stringify(other)).not.toContain(code);
    const own = await json<Profile>(await get(`/api/users/${encodeURIComponent(name)}`, cookie));
    expect(own.stats.byFormat).toHaveLength(3);
    expect(own.games).toHaveLength(6);
    expect(own.ratingHistory).toHaveLength(2);
  });
});
