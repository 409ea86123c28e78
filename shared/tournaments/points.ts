/**
 * Tournament points and standings (RULES.md §9.4–§9.5), pure and exact: every amount is kept in
 * hundredths (integers), so 0.05 + 0.05 + … sums exactly, and shown as points only at the edge.
 *
 * Per game: a player on the winning side gets 1, otherwise 0 (a draw gives 0 to everyone). The judge's
 * extra points: one amount per player per game, from −1 to +1 in steps of 0.05, with a reason. The best
 * move: the first player killed by the mafia's shot on the first night with a shot, if red, names up to
 * three seats in their last words — two black seats among them give +0.25, three +0.5; a black victim's
 * naming counts nothing. A player removed from the game (a foul's removal, a technical removal) gets −0.5.
 *
 * Wins, best moves and removals come from the game's record (the caller reads them there); only the
 * extra points are typed, by the judge.
 */

/** One player's game, as the record and the judge's review give it. */
export interface TournamentGame {
  player: string;
  /** The player's side and role in that game. */
  team: "red" | "black" | "solo";
  role: string;
  /** The game's winner ("draw": nobody). */
  winner: "red" | "black" | "solo" | "draw";
  /** The judge's extra points for this player in this game (−1..+1, steps of 0.05); 0 when none. */
  extra: number;
  /** The best move this player made, if they were the first night's shot victim: the seats' teams they named. */
  bestMove?: { victimTeam: "red" | "black" | "solo"; named: ReadonlyArray<"red" | "black" | "solo"> } | null;
  /** Removed from the game (a foul's removal, a technical removal). */
  removed: boolean;
}

export interface GamePoints {
  win: number;
  extra: number;
  bestMove: number;
  removal: number;
  /** All in hundredths of a point. */
  total: number;
}

/** Why an extra amount is refused (out of −1..+1, or not a step of 0.05), or null. */
export function extraRefusal(x: number): string | null {
  if (!Number.isFinite(x) || x < -1 || x > 1) return "extra points are from −1 to +1";
  const h = Math.round(x * 100);
  if (Math.abs(h - x * 100) > 1e-6 || h % 5 !== 0) return "extra points are given in steps of 0.05";
  return null;
}

/** §9.4 best move: two black seats named → 25 hundredths, three → 50; a black victim's naming → 0. */
export function bestMovePoints(bm: TournamentGame["bestMove"]): number {
  if (!bm || bm.victimTeam !== "red") return 0;
  const black = bm.named.slice(0, 3).filter((t) => t === "black").length;
  return black >= 3 ? 50 : black === 2 ? 25 : 0;
}

/** One game's points for one player, in hundredths (§9.4). Throws on an extra amount §9.4 does not allow. */
export function gamePoints(g: TournamentGame): GamePoints {
  const why = extraRefusal(g.extra);
  if (why) throw new Error(why);
  const win = g.winner !== "draw" && g.team === g.winner ? 100 : 0;
  const extra = Math.round(g.extra * 100);
  const bestMove = bestMovePoints(g.bestMove);
  const removal = g.removed ? -50 : 0;
  return { win, extra, bestMove, removal, total: win + extra + bestMove + removal };
}

export interface Standing {
  player: string;
  rank: number;
  games: number;
  /** Hundredths. */
  total: number;
  wins: number;
  extra: number;
  bestMove: number;
  winsAsDon: number;
  winsAsChecker: number;
  removals: number;
}

/** The preset's checker (§9.5 "the Sheriff, or the preset's checker"). */
const CHECKERS = new Set(["sheriff", "commissar"]);

/**
 * §9.5 the standings: total points, then more wins, more extra points, more best-move points, more wins as
 * the Don, more wins as the Sheriff (or the preset's checker), fewer removals, then the draw's order
 * (`drawOrder`: the players in the draw's seeded order; one not in it comes after, by id).
 */
export function standings(games: readonly TournamentGame[], drawOrder: readonly string[]): Standing[] {
  const by = new Map<string, Standing>();
  for (const g of games) {
    const s = by.get(g.player) ?? { player: g.player, rank: 0, games: 0, total: 0, wins: 0, extra: 0, bestMove: 0, winsAsDon: 0, winsAsChecker: 0, removals: 0 };
    const p = gamePoints(g);
    s.games++;
    s.total += p.total;
    s.extra += p.extra;
    s.bestMove += p.bestMove;
    if (p.win) {
      s.wins++;
      if (g.role === "don") s.winsAsDon++;
      if (CHECKERS.has(g.role)) s.winsAsChecker++;
    }
    if (g.removed) s.removals++;
    by.set(g.player, s);
  }
  return rankRows([...by.values()], drawOrder);
}

/** Players' ids in natural order ("2" before "10": entrant numbers, in the order they registered). */
function natural(a: string, b: string): number {
  const x = /^\d+$/.test(a) && /^\d+$/.test(b) ? Number(a) - Number(b) : 0;
  return x || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * §9.5 the order over standing rows (also rows of players with no games yet: a tournament lists every
 * registered player): ranks set 1..n.
 */
export function rankRows(input: readonly Standing[], drawOrder: readonly string[]): Standing[] {
  const place = new Map(drawOrder.map((p, i) => [p, i]));
  const key = (s: Standing) => place.get(s.player) ?? Number.MAX_SAFE_INTEGER;
  const rows = [...input].sort(
    (a, b) =>
      b.total - a.total ||
      b.wins - a.wins ||
      b.extra - a.extra ||
      b.bestMove - a.bestMove ||
      b.winsAsDon - a.winsAsDon ||
      b.winsAsChecker - a.winsAsChecker ||
      a.removals - b.removals ||
      key(a) - key(b) ||
      natural(a.player, b.player),
  );
  rows.forEach((s, i) => (s.rank = i + 1));
  return rows;
}

