/**
 * The end screen's personal line ("You — Mafia · You won"): this viewer's role and whether
 * their side won, from the result's public roles (RULES.md §1: every role is shown at the end). Pure.
 * A spectator (no seat) or a seat the result does not list gets none.
 */
import type { GameView, RoleId, Seat, Team } from "../../../shared/engine/types.ts";

export interface Personal {
  role: RoleId;
  team: Team;
  outcome: "won" | "lost" | "draw";
}

export function personalResult(result: NonNullable<GameView["result"]>, seat: Seat | null | undefined): Personal | null {
  if (seat == null) return null;
  const mine = result.roles.find((r) => r.seat === seat);
  if (!mine) return null;
  const outcome = result.winner === "draw" ? "draw" : result.winner === mine.team ? "won" : "lost";
  return { role: mine.role, team: mine.team, outcome };
}
