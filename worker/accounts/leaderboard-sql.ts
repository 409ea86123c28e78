/**
 * The leaderboard page's SQL, in a file of its own (no D1 types) so that the bench
 * (bench/leaderboard.ts, on node:sqlite) times exactly the statements the worker runs
 * (worker/accounts/leaderboard.ts) and test/worker/leaderboard.test.ts explains them.
 */
export const LEADERBOARD_PAGE = 50;

/** One page of a board: an index range read on `leaderboard_rank` (scope, score DESC, user_id), no sort. */
export const PAGE_SQL = `SELECT l.user_id, u.nick, l.score, l.games, l.wins
   FROM leaderboard l JOIN users u ON u.id = l.user_id
  WHERE l.scope = ?
  ORDER BY l.score DESC, l.user_id
  LIMIT ? OFFSET ?`;
export const COUNT_SQL = "SELECT COUNT(*) AS n FROM leaderboard WHERE scope = ?";

