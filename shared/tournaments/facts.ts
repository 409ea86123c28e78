/**
 * What a tournament reads from a finished game (RULES.md §9.4 "wins, best-move points and removals are
 * computed from the game's record, never typed in"): the winner, each seat's role, team and whether it was
 * removed (a foul's or a technical removal: the seat left "removed"), and the best move (the victim's seat
 * and the seats named). Pure: the table object calls it on its final state when it reports the game.
 */
import { asEngine } from "../engine/state.ts";
import type { GameState } from "../engine/types.ts";
import { seedRng, shuffled } from "../engine/rng.ts";

export interface SeatFacts {
  seat: number;
  role: string;
  team: "red" | "black" | "solo";
  removed: boolean;
}

export interface GameFacts {
  winner: "red" | "black" | "solo" | "draw";
  seats: SeatFacts[];
  bestMove: { seat: number; named: number[] } | null;
}

/** Null while the game is not over. */
export function gameFacts(state: GameState): GameFacts | null {
  const s = asEngine(state);
  if (!s.result) return null;
  return {
    winner: s.result.winner as GameFacts["winner"],
    seats: s.players.map((p) => ({ seat: p.seat, role: p.role ?? "civilian", team: (p.team ?? "red") as SeatFacts["team"], removed: p.out === "removed" })),
    bestMove: s.bestMove ? { seat: s.bestMove.seat, named: [...s.bestMove.named] } : null,
  };
}

/**
 * §9.6 the final's seats: F games for the S finalists (by their standing, 0..S−1) so that each finalist
 * sits in a different position in every game (F ≤ S): a seeded Latin square — game g puts finalist i at
 * position (π(i) + g) mod S, π a seeded permutation. Returns, per game, the finalists in seat order.
 */
export function finalSeats(finalists: number, games: number, seed: string): number[][] {
  if (!Number.isInteger(finalists) || finalists < 1 || !Number.isInteger(games) || games < 1 || games > finalists) throw new Error("a final of 1..S games");
  const rng = seedRng(`tournament-final:${seed}`);
  const pi = shuffled(rng, Array.from({ length: finalists }, (_, i) => i));
  const shift = shuffled(rng, Array.from({ length: finalists }, (_, i) => i)).slice(0, games);
  return shift.map((g) => {
    const seats = new Array<number>(finalists);
    for (let i = 0; i < finalists; i++) seats[(pi[i]! + g) % finalists] = i;
    return seats;
  });
}
