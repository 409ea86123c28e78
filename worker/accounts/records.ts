/**
 * A finished game's record and its effect on accounts (RULES.md §3, §8; docs/ACCOUNTS.md "Rating").
 *
 * Written once per game in one D1 batch (all or nothing): first the `games` row (id =
 * "<code>/<startedAt>"): it claims the game — its primary key makes any second write of the same game
 * fail as a whole, rating updates included, even when two writes race past the "already recorded?"
 * check together (the loser's next pass answers "already") — then one `game_players` row per seat
 * (seat — role — nick, the account if a signed-in person played it to the end, the outcome), and for
 * rated presets (sport) per signed-in person: a `rating_history` row and the `users` update (rating,
 * experience, coins). `rating_history`'s key (user_id, seq = rated games after this one) makes two
 * games of the same account recorded at the same moment conflict: the loser's batch rolls back and is
 * retried with fresh ratings, so no update is lost.
 *
 * Rating: openskill (Plackett–Luce, default mu 25, sigma 25/3), one match of two teams — red vs black
 * — ranked by the winner (a draw ties them). Guests and bots take part in the team's strength with the
 * default rating but are not stored.
 */
import { rate, rating as newRating, type Rating } from "openskill";
import { getPreset, type AbortReason } from "../table/engine.ts";
import { ordinalOf } from "./users.ts";

/** RULES.md §2.14 "Sport games award experience, coins and rating; city games award none": the preset's
 *  own `rewards` flag (absent: none), the one place that fact is kept. */
export function awardsRewards(presetId: string): boolean {
  return getPreset(presetId)?.rewards === true;
}

/** Result reasons of games that end without being played out (the table aborted them): never rated. */
export const UNRATED_REASONS: readonly string[] = ["server-error"] satisfies AbortReason[];

/** Experience and coins per rated game (docs/ACCOUNTS.md). */
export const REWARDS = {
  win: { xp: 20, coins: 5 },
  draw: { xp: 15, coins: 2 },
  loss: { xp: 10, coins: 1 },
} as const;

export interface ReportedSeat {
  seat: number;
  role: string;
  team: string;
  nickname: string;
  /** The signed-in account that joined this seat; null for guests. */
  userId: string | null;
  /** A bot played the seat at the end (from the start, or taken over): never rated. */
  bot: boolean;
}

export interface GameReport {
  /** "<table code>/<started at>": one game per table; the key of the idempotent write. */
  gameId: string;
  code: string;
  presetId: string;
  startedAt: number;
  endedAt: number;
  winner: string;
  reason: string;
  seats: ReportedSeat[];
  /** The game's number in its table's series (the record's URL /t/<code>/g/<gameNo>); absent in a report built without it. */
  gameNo?: number;
}

type Outcome = "win" | "loss" | "draw";

function outcomeOf(team: string, winner: string): Outcome {
  if (winner === "draw") return "draw";
  return team === winner ? "win" : "loss";
}

const ATTEMPTS = 4;

/** Record a finished game. "already": it was recorded before (a repeated report changes nothing). */
export async function recordGame(db: D1Database, report: GameReport): Promise<"recorded" | "already"> {
  let lastError: unknown;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (await db.prepare("SELECT 1 FROM games WHERE id = ?").bind(report.gameId).first()) return "already";
    try {
      await db.batch(await statements(db, report));
      return "recorded";
    } catch (err) {
      lastError = err;
      // Recorded meanwhile by a concurrent report → "already" on the next pass; a rating race → retried with fresh values.
    }
  }
  throw lastError;
}

async function statements(db: D1Database, report: GameReport): Promise<D1PreparedStatement[]> {
  // A game the table aborted ("server-error") is recorded but changes no rating.
  const rated =
    awardsRewards(report.presetId) &&
    (report.winner === "red" || report.winner === "black" || report.winner === "draw") &&
    !UNRATED_REASONS.includes(report.reason);
  // One account counts once per game (its first seat), and only a person (not a bot seat) is linked.
  const seen = new Set<string>();
  // The seat's nick stays its joiner's even when a bot finished it — `namedUserId` keeps that
  // account for the publication opt-out (worker/accounts/publication.ts).
  const seats = report.seats.map((s) => {
    const userId = s.userId && !s.bot && !seen.has(s.userId) ? s.userId : null;
    if (userId) seen.add(userId);
    return { ...s, userId, namedUserId: s.userId, outcome: outcomeOf(s.team, report.winner) };
  });
  const out: D1PreparedStatement[] = [
    db
      .prepare("INSERT INTO games (id, code, preset_id, started_at, ended_at, winner, reason, rated, game_no) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
      .bind(report.gameId, report.code, report.presetId, report.startedAt, report.endedAt, report.winner, report.reason, rated ? 1 : 0, report.gameNo ?? null),
    ...seats.map((s) =>
      db
        .prepare("INSERT INTO game_players (game_id, seat, role, team, nickname, user_id, bot, outcome, named_user_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
        .bind(report.gameId, s.seat, s.role, s.team, s.nickname, s.userId, s.bot ? 1 : 0, s.outcome, s.namedUserId),
    ),
    // A club evening's table counts its games, and the evening is over until its host opens
    // the next one (worker/table/organizer.ts "next-game" clears ended_at). No evening: no row changes.
    db.prepare("UPDATE evenings SET games = games + 1, ended_at = ? WHERE table_code = ?").bind(report.endedAt, report.code),
  ];
  if (!rated) return out;

  const accounts = seats.filter((s) => s.userId !== null);
  if (accounts.length === 0) return out;
  const rows = await db
    .prepare(`SELECT id, mu, sigma, rated_games FROM users WHERE id IN (${accounts.map(() => "?").join(",")})`)
    .bind(...accounts.map((s) => s.userId))
    .all<{ id: string; mu: number; sigma: number; rated_games: number }>();
  const byId = new Map(rows.results.map((r) => [r.id, r]));
  const ratingOfSeat = (s: (typeof seats)[number]): Rating => {
    const u = s.userId ? byId.get(s.userId) : undefined;
    return u ? { mu: u.mu, sigma: u.sigma } : newRating();
  };
  const red = seats.filter((s) => s.team === "red");
  const black = seats.filter((s) => s.team === "black");
  if (red.length === 0 || black.length === 0) return out;
  const rank = report.winner === "red" ? [1, 2] : report.winner === "black" ? [2, 1] : [1, 1];
  const [newRed, newBlack] = rate([red.map(ratingOfSeat), black.map(ratingOfSeat)], { rank });
  const after = new Map<number, Rating>();
  red.forEach((s, i) => after.set(s.seat, newRed![i]!));
  black.forEach((s, i) => after.set(s.seat, newBlack![i]!));

  for (const s of accounts) {
    const u = byId.get(s.userId!);
    const next = after.get(s.seat);
    if (!u || !next) continue; // an account deleted meanwhile, or a solo seat (not in sport)
    const reward = REWARDS[s.outcome];
    const seq = u.rated_games + 1;
    out.push(
      db
        .prepare(
          `INSERT INTO rating_history (user_id, seq, game_id, mu_before, sigma_before, mu_after, sigma_after, xp, coins)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(u.id, seq, report.gameId, u.mu, u.sigma, next.mu, next.sigma, reward.xp, reward.coins),
      db
        .prepare("UPDATE users SET mu = ?, sigma = ?, rated_games = ?, xp = xp + ?, coins = coins + ? WHERE id = ? AND rated_games = ?")
        .bind(next.mu, next.sigma, seq, reward.xp, reward.coins, u.id, u.rated_games),
      ...leaderboardUpdates(db, report, u.id, ordinalOf(u.mu, u.sigma), ordinalOf(next.mu, next.sigma), s.outcome === "win"),
    );
  }
  return out;
}

/**
 * Rating leaderboards (migrations/0009_leaderboard.sql): the summary rows of one player's rated
 * game, in the same batch as the rating itself — the overall board's row takes the new rating; the club's
 * board (the game's table was opened from one of its evenings) and its running season's board add the
 * rating gained. No evening or no season: those statements insert nothing.
 */
function leaderboardUpdates(db: D1Database, report: GameReport, userId: string, before: number, after: number, win: boolean): D1PreparedStatement[] {
  const gain = Math.round((after - before) * 100) / 100;
  const w = win ? 1 : 0;
  const add = `ON CONFLICT (scope, user_id) DO UPDATE SET score = ROUND((score + excluded.score) * 100) / 100, games = games + 1, wins = wins + excluded.wins, updated_at = excluded.updated_at`;
  const club = "(SELECT club_id FROM evenings WHERE table_code = ? LIMIT 1)";
  return [
    db
      .prepare(
        `INSERT INTO leaderboard (scope, user_id, score, games, wins, updated_at) VALUES ('all', ?, ?, 1, ?, ?)
         ON CONFLICT (scope, user_id) DO UPDATE SET score = excluded.score, games = games + 1, wins = wins + excluded.wins, updated_at = excluded.updated_at`,
      )
      .bind(userId, after, w, report.endedAt),
    db
      .prepare(`INSERT INTO leaderboard (scope, user_id, score, games, wins, updated_at) SELECT 'club:' || c.id, ?, ?, 1, ?, ? FROM clubs c WHERE c.id = ${club} ${add}`)
      .bind(userId, gain, w, report.endedAt, report.code),
    db
      .prepare(`INSERT INTO leaderboard (scope, user_id, score, games, wins, updated_at) SELECT 'season:' || s.id, ?, ?, 1, ?, ? FROM seasons s WHERE s.club_id = ${club} AND s.status != 'closed' ${add}`)
      .bind(userId, gain, w, report.endedAt, report.code),
  ];
}
