/**
 * A club season's tables (RULES.md §7.11 "a season is 15 rating games; the best 12 count; the top
 * 12 play a champion table of 4 games"; docs/CLUBS.md "Seasons"). Pure: the worker feeds it the season's
 * reviewed points and serves the result; the unit and workerd tests check it.
 *
 * Scores are the host's points plus any Tatar bonus (§7.11), given in steps of 0.01; sums are kept in
 * hundredths so that 0.1 + 0.2 is 0.3 and equal totals compare equal.
 */

/** One player's score in one reviewed game. */
export interface GameScore {
  userId: string;
  gameId: string;
  /** The host's points plus the bonus. */
  score: number;
  /** When the game ended (the games list's order). */
  endedAt: number;
}

export interface Standing {
  userId: string;
  /** 1-based place after the order below. */
  rank: number;
  /** Games this player played in the stage. */
  games: number;
  /** The games whose scores count (the best `bestOf`), best first. */
  counted: string[];
  /** The sum of the counted scores (the table's order). */
  total: number;
  /** The sum of every score in the stage (the first tie-break). */
  all: number;
}

const cents = (x: number) => Math.round(x * 100);

/**
 * The table: every player's best `bestOf` scores summed (`Infinity`: all of them — the champion table), in
 * order of that total, then of all their points, then of more games, then by `tieBreak` (the nickname, so
 * the order is stable). A player who played fewer games than `bestOf` counts all of theirs. `entrants` are
 * listed even with no game (the champion table before its first game); anyone else needs a score.
 */
export function standings(scores: readonly GameScore[], bestOf: number, tieBreak: (userId: string) => string = (id) => id, entrants: readonly string[] = []): Standing[] {
  // Entrants (the champion table's players) are listed before their first game, with nothing yet.
  const byUser = new Map<string, GameScore[]>(entrants.map((id) => [id, []]));
  for (const s of scores) {
    const list = byUser.get(s.userId);
    if (list) list.push(s);
    else byUser.set(s.userId, [s]);
  }
  const rows = [...byUser].map(([userId, list]) => {
    // Best first; among equal scores the earlier game counts (a later game cannot push out an equal earlier one).
    const best = [...list].sort((a, b) => cents(b.score) - cents(a.score) || a.endedAt - b.endedAt || (a.gameId < b.gameId ? -1 : 1)).slice(0, bestOf);
    return {
      userId,
      games: list.length,
      counted: best.map((s) => s.gameId),
      total: best.reduce((sum, s) => sum + cents(s.score), 0),
      all: list.reduce((sum, s) => sum + cents(s.score), 0),
      key: tieBreak(userId),
    };
  });
  rows.sort((a, b) => b.total - a.total || b.all - a.all || b.games - a.games || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return rows.map(({ key: _key, ...r }, i) => ({ ...r, rank: i + 1, total: r.total / 100, all: r.all / 100 }));
}
