/**
 * One seat's points in one finished tournament game (RULES.md §9.4), for the schedule's results: the win,
 * the best move, the removal from the game's facts, and the judge's extra (hundredths). Pure.
 */
import type { GameFacts } from "./facts.ts";
import { gamePoints } from "./points.ts";

export function pointsOfSeat(f: GameFacts, seat: number, extraHundredths: number): number {
  const s = f.seats[seat - 1];
  if (!s) return 0;
  const bestMove = f.bestMove && f.bestMove.seat === seat ? { victimTeam: s.team, named: f.bestMove.named.map((x) => f.seats[x - 1]?.team ?? "red") } : null;
  return gamePoints({ player: String(seat), team: s.team, role: s.role, winner: f.winner, extra: extraHundredths / 100, bestMove, removed: s.removed }).total;
}
