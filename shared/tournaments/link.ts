/**
 * What passes between a tournament and its tables (RULES.md §9.3): the slot of the draw a table is
 * opened for (kept by the table, worker/table/tournament.ts) and what the table tells its tournament
 * when the game ends.
 */
import type { GameFacts } from "./facts.ts";

export interface TournamentSeat {
  /** The tournament's entrant number. */
  entrant: number;
  /** The account holding the seat; null for the tournament's bot. */
  userId: string | null;
  nickname: string;
}

export interface TournamentLink {
  tournamentId: string;
  /** 1-based round (a final's games come after the qualifying rounds). */
  round: number;
  /** 0-based table of the round. */
  slot: number;
  /** Seat 1..S in order. */
  seats: TournamentSeat[];
}

/** What the table tells its tournament when the game ends. */
export interface TournamentEnd {
  tournamentId: string;
  round: number;
  slot: number;
  code: string;
  endedAt: number;
  facts: GameFacts;
}
