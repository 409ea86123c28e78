/**
 * A player's public profile from D1: rating, experience, coins, games by side and the game records.
 *
 * RULES.md §8, publication opt-out; docs/CLUBS.md "Publication": co-players who opted out are
 * "Player N" in the games' seat lists (no nick, no account) for anyone but themselves; and the profile of
 * a person who opted out lists no games to anyone else (`gamesHidden`) — a game's code and seat would map
 * its record's "Player N" back to this nick. The totals (rating, games, wins by side) stay: they name no game.
 * Games and wins by format and by role, and each game's number (its record's link); the
 * breakdowns are hidden from others with the games when the player opted out.
 */
import type { GameRecord, Profile } from "../../shared/protocol/accounts.ts";
import { passesOf } from "../rules-test/store.ts";
import { medalsOf } from "../clubs/seasons.ts";
import { publishRows } from "./publication.ts";
import { ordinalOf, ratingOf, userByNick } from "./users.ts";

const PROFILE_GAMES = 50;
/** The rating plot's points (the latest rated games). */
const RATING_POINTS = 200;

type Outcome = "win" | "loss" | "draw";

/** `viewerId`: the signed-in caller's account (null: anonymous), for the publication opt-out. */
export async function profileOf(db: D1Database, nick: string, viewerId: string | null): Promise<Profile | null> {
  const user = await userByNick(db, nick);
  if (!user) return null;
  const gamesHidden = user.publish_nick === 0 && viewerId !== user.id;
  const [byTeam, byFormatRole, history, mine] = await db.batch([
    db.prepare("SELECT team, outcome, COUNT(*) AS n FROM game_players WHERE user_id = ? GROUP BY team, outcome").bind(user.id),
    // Per format and role (none to others when the player opted out: the breakdown is part of what the opt-out hides).
    db
      .prepare(
        `SELECT g.preset_id, gp.role, COUNT(*) AS n, SUM(gp.outcome = 'win') AS wins
           FROM game_players gp JOIN games g ON g.id = gp.game_id
          WHERE gp.user_id = ? AND ? = 0
          GROUP BY g.preset_id, gp.role`,
      )
      .bind(user.id, gamesHidden ? 1 : 0),
    // The rating after each rated game, the latest 200 (the plot); none to others when opted out.
    db
      .prepare(
        `SELECT rh.seq, rh.mu_after, rh.sigma_after, g.ended_at
           FROM rating_history rh JOIN games g ON g.id = rh.game_id
          WHERE rh.user_id = ?
          ORDER BY rh.seq DESC
          LIMIT ?`,
      )
      .bind(user.id, gamesHidden ? 0 : RATING_POINTS),
    db
      .prepare(
        `SELECT g.id, g.code, g.preset_id, g.started_at, g.ended_at, g.winner, g.reason, g.rated,
                g.game_no, gp.seat, gp.role, gp.team, gp.outcome,
                rh.mu_before, rh.sigma_before, rh.mu_after, rh.sigma_after, rh.xp, rh.coins
           FROM game_players gp
           JOIN games g ON g.id = gp.game_id
           LEFT JOIN rating_history rh ON rh.game_id = g.id AND rh.user_id = gp.user_id
          WHERE gp.user_id = ?
          ORDER BY g.ended_at DESC, g.id
          LIMIT ?`,
      )
      .bind(user.id, gamesHidden ? 0 : PROFILE_GAMES),
  ]);
  const byFormat = new Map<string, { presetId: string; games: number; wins: number }>();
  const byRole = new Map<string, { role: string; games: number; wins: number }>();
  for (const r of byFormatRole!.results as Array<{ preset_id: string; role: string; n: number; wins: number }>) {
    const f = byFormat.get(r.preset_id) ?? { presetId: r.preset_id, games: 0, wins: 0 };
    f.games += r.n;
    f.wins += r.wins;
    byFormat.set(r.preset_id, f);
    const x = byRole.get(r.role) ?? { role: r.role, games: 0, wins: 0 };
    x.games += r.n;
    x.wins += r.wins;
    byRole.set(r.role, x);
  }
  const most = <T extends { games: number; wins: number }>(a: T, b: T) => b.games - a.games || b.wins - a.wins;
  const stats = {
    games: 0, wins: 0, losses: 0, draws: 0,
    bySide: { red: { games: 0, wins: 0 }, black: { games: 0, wins: 0 }, solo: { games: 0, wins: 0 } },
    byFormat: [...byFormat.values()].sort((a, b) => most(a, b) || a.presetId.localeCompare(b.presetId)),
    byRole: [...byRole.values()].sort((a, b) => most(a, b) || a.role.localeCompare(b.role)),
  };
  for (const r of byTeam!.results as Array<{ team: string; outcome: Outcome; n: number }>) {
    stats.games += r.n;
    if (r.outcome === "win") stats.wins += r.n;
    else if (r.outcome === "loss") stats.losses += r.n;
    else stats.draws += r.n;
    const side = stats.bySide[r.team as "red" | "black" | "solo"];
    if (side) {
      side.games += r.n;
      if (r.outcome === "win") side.wins += r.n;
    }
  }
  const rows = mine!.results as Array<Record<string, unknown>>;
  const seatsByGame = new Map<string, GameRecord["seats"]>();
  if (rows.length > 0) {
    const ids = rows.map((r) => String(r.id));
    const seats = await db
      .prepare(
        `SELECT gp.game_id, gp.seat, gp.role, gp.team, gp.nickname, COALESCE(gp.named_user_id, gp.user_id) AS user_id, gp.bot, gp.outcome, u.nick AS account
           FROM game_players gp LEFT JOIN users u ON u.id = gp.user_id
          WHERE gp.game_id IN (${ids.map(() => "?").join(",")})
          ORDER BY gp.game_id, gp.seat`,
      )
      .bind(...ids)
      .all<{ game_id: string; seat: number; role: string; team: string; nickname: string; user_id: string | null; bot: number; outcome: Outcome; account: string | null }>();
    const lines = seats.results.map((s) => ({ gameId: s.game_id, seat: s.seat, role: s.role, team: s.team, nickname: s.nickname, userId: s.user_id, bot: s.bot === 1, account: s.account, outcome: s.outcome }));
    for (const { gameId, ...s } of await publishRows(db, viewerId, lines, ["account"])) {
      const list = seatsByGame.get(gameId) ?? [];
      list.push(s);
      seatsByGame.set(gameId, list);
    }
  }
  const games: GameRecord[] = rows.map((r) => ({
    id: String(r.id),
    code: String(r.code),
    presetId: String(r.preset_id),
    startedAt: Number(r.started_at),
    endedAt: Number(r.ended_at),
    winner: String(r.winner),
    reason: String(r.reason),
    rated: r.rated === 1,
    gameNo: r.game_no === null || r.game_no === undefined ? null : Number(r.game_no),
    you: { seat: Number(r.seat), role: String(r.role), team: String(r.team), outcome: r.outcome as Outcome },
    rating:
      r.mu_before === null || r.mu_before === undefined
        ? null
        : {
            before: ordinalOf(Number(r.mu_before), Number(r.sigma_before)),
            after: ordinalOf(Number(r.mu_after), Number(r.sigma_after)),
            xp: Number(r.xp),
            coins: Number(r.coins),
          },
    seats: seatsByGame.get(String(r.id)) ?? [],
  }));
  const ratingHistory = (history!.results as Array<{ seq: number; mu_after: number; sigma_after: number; ended_at: number }>)
    .map((h) => ({ seq: h.seq, rating: ordinalOf(h.mu_after, h.sigma_after), at: h.ended_at }))
    .reverse();
  // §7.11: a pass is kept per account and format and shows on the profile.
  const rulesTests = await passesOf(db, user.id);
  // §7.11, seed 004: medals of closed seasons; none to others when the player opted out.
  const medals = gamesHidden ? [] : await medalsOf(db, user.id);
  return { nickname: user.nick, createdAt: user.created_at, rating: ratingOf(user), xp: user.xp, coins: user.coins, stats, games, gamesHidden, ratingHistory, rulesTests, medals };
}
