/**
 * The tournament page's per-viewer parts, pure: one seat's points in one finished tournament game
 * (RULES.md §9.4) — the win, the best move, the removal from the game's facts, and the judge's extra
 * (hundredths) — and what a table offers its judge or the organizer (§9.1, §9.4).
 */
import type { GameFacts } from "./facts.ts";
import { gamePoints } from "./points.ts";

export function pointsOfSeat(f: GameFacts, seat: number, extraHundredths: number): number {
  const s = f.seats[seat - 1];
  if (!s) return 0;
  const bestMove = f.bestMove && f.bestMove.seat === seat ? { victimTeam: s.team, named: f.bestMove.named.map((x) => f.seats[x - 1]?.team ?? "red") } : null;
  return gamePoints({ player: String(seat), team: s.team, role: s.role, winner: f.winner, extra: extraHundredths / 100, bestMove, removed: s.removed }).total;
}

/**
 * RULES.md §9.1, §9.4: what this viewer may do at one table as its judge or as the organizer — open its host
 * screen (only the judge of a judge-hosted table while its game runs) and give the extra points (after the
 * game: "now" once it has ended, "after-game" before). null: nothing (anyone else, or a table with no code yet).
 */
export function judgeOfferFor(
  viewerId: string | null,
  tournament: { organizerId: string; host: "judge" | "server" },
  table: { judge: string | null; status: "pending" | "playing" | "ended"; code: string | null },
): { host: boolean; extra: "now" | "after-game" } | null {
  if (viewerId === null || table.code === null) return null;
  const judges = table.judge === viewerId;
  if (!judges && viewerId !== tournament.organizerId) return null;
  return {
    host: judges && tournament.host === "judge" && table.status === "playing",
    extra: table.status === "ended" ? "now" : "after-game",
  };
}
