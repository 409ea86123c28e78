/**
 * Rating leaderboards (RULES.md §2.14, §8; docs/ACCOUNTS.md "Leaderboards"): a page of a board
 * from the summary table `leaderboard` (migrations/0009_leaderboard.sql), written when a rated game is
 * recorded (worker/accounts/records.ts) — one indexed range read (`leaderboard_rank`), never a pass over the
 * games. A player who opted out of publication is shown to everyone else as "a player (name hidden)": the
 * nick is never sent (worker/accounts/publication.ts).
 */
import type { Leaderboard, LeaderboardRow, LeaderboardScope } from "../../shared/protocol/leaderboard.ts";
import { COUNT_SQL, LEADERBOARD_PAGE, PAGE_SQL } from "./leaderboard-sql.ts";
import { hiddenAccounts, publicName } from "./publication.ts";

/** The scope's title, or null when its club or season does not exist. */
async function scopeOf(db: D1Database, key: string): Promise<LeaderboardScope | null> {
  if (key === "all") return { kind: "all" };
  const [kind, id] = key.split(":") as ["club" | "season", string];
  if (kind === "club") {
    const c = await db.prepare("SELECT id, name FROM clubs WHERE id = ?").bind(id).first<{ id: string; name: string }>();
    return c ? { kind: "club", id: c.id, name: c.name } : null;
  }
  const s = await db
    .prepare("SELECT s.id, s.name, c.id AS club_id, c.name AS club_name FROM seasons s JOIN clubs c ON c.id = s.club_id WHERE s.id = ?")
    .bind(id)
    .first<{ id: string; name: string; club_id: string; club_name: string }>();
  return s ? { kind: "season", id: s.id, name: s.name, club: { id: s.club_id, name: s.club_name } } : null;
}

export async function leaderboardPage(db: D1Database, key: string, page: number, viewerId: string | null): Promise<Leaderboard | null> {
  const scope = await scopeOf(db, key);
  if (!scope) return null;
  const offset = (page - 1) * LEADERBOARD_PAGE;
  const [count, rows] = await db.batch([db.prepare(COUNT_SQL).bind(key), db.prepare(PAGE_SQL).bind(key, LEADERBOARD_PAGE, offset)]);
  const lines = rows!.results as Array<{ user_id: string; nick: string; score: number; games: number; wins: number }>;
  const hidden = await hiddenAccounts(db, lines.map((r) => r.user_id));
  return {
    scope,
    rows: lines.map((r, i): LeaderboardRow => {
      const nickname = publicName(r.user_id, r.nick, hidden, viewerId);
      return { rank: offset + i + 1, nickname, hidden: nickname === null, score: r.score, games: r.games, wins: r.wins, you: r.user_id === viewerId };
    }),
    page,
    pageSize: LEADERBOARD_PAGE,
    total: Number((count!.results[0] as { n: number }).n),
  };
}
