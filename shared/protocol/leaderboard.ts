/**
 * Rating leaderboards (RULES.md §2.14 sport rating, §8 publication; docs/ACCOUNTS.md "Leaderboards"):
 * GET /api/leaderboard?scope=&page= — the overall board, a club's, or a club season's, a page at a time.
 */
import * as v from "valibot";

/** "all", "club:<club id>" or "season:<season id>". */
export const LeaderboardScopeSchema = v.pipe(v.string(), v.regex(/^(all|club:c[A-Za-z0-9_-]{16}|season:s[A-Za-z0-9_-]{16})$/, "all, club:<id> or season:<id>"));

export const LeaderboardQuerySchema = v.strictObject({
  scope: v.optional(LeaderboardScopeSchema, "all"),
  page: v.optional(v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,3}$/, "a page number 1–1000"), v.transform(Number), v.maxValue(1000)), "1"),
});

export type LeaderboardScope =
  | { kind: "all" }
  | { kind: "club"; id: string; name: string }
  | { kind: "season"; id: string; name: string; club: { id: string; name: string } };

/** One line. `nickname` null = the player opted out of publication: "a player (name hidden)". */
export interface LeaderboardRow {
  rank: number;
  nickname: string | null;
  hidden: boolean;
  /** The overall board: the rating now; a club's or a season's: the rating gained there. */
  score: number;
  games: number;
  wins: number;
  /** The viewer's own line. */
  you: boolean;
}

/** 200 from GET /api/leaderboard */
export interface Leaderboard {
  scope: LeaderboardScope;
  rows: LeaderboardRow[];
  page: number;
  pageSize: number;
  total: number;
}
