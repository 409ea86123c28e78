/** Departures, win conditions (§2.12), the draw counter and the end of the game. */
import { setStage } from "../flow/stage.ts";
import { PUBLIC, emit, player, type Ctx } from "../state.ts";
import { presetOf } from "../presets/index.ts";
import { noteDeparture } from "./immunity.ts";
import { firstWin } from "../win/index.ts";
import type { OutHow, ResultReason, Seat, Team } from "../types.ts";

/** The terminal stage (not a flow entry: every flow ends here when a win, a draw or an abort ends the game). */
export const GAME_OVER = { id: "game-over", module: "end", data: null } as const;

/** A seat leaves the game (vote, lift, shot, removal). Public fact; the role stays hidden (§2.7). */
export function depart(ctx: Ctx, seat: Seat, how: OutHow): void {
  const p = player(ctx.s, seat);
  if (!p.alive) return;
  p.alive = false;
  p.out = how;
  ctx.s.roundHadDeparture = true;
  noteDeparture(ctx.s, seat, how);
  emit(ctx, "left", PUBLIC, { seat, how });
  // §1 reveal policy "open": an eliminated player's role is shown to the table at once —
  // except the Swindler's victim, who leaves without reveal (§6).
  if (presetOf(ctx.s.presetId).reveal === "open" && how !== "swapped") emit(ctx, "role-revealed", PUBLIC, { seat, role: p.role ?? "civilian", team: p.team ?? "red" });
}

/**
 * Checked after every departure (night deaths leave together, then one check): the first of the preset's
 * win rules that holds ends the game (shared/engine/win — each rule a module, a solo role's
 * own rule declared by its role; §2.12 sport, §5.4 city and the profiles, §6.8 club, §7.8 tatar).
 */
export function checkWin(ctx: Ctx): boolean {
  const s = ctx.s;
  if (s.result) return true;
  const won = firstWin(presetOf(s.presetId).win, s);
  if (!won) return false;
  endGame(ctx, won.winner, won.reason);
  return true;
}

/** End of the game: the result is public and every role is shown (§2.12 "at the end every role is shown"). */
export function endGame(ctx: Ctx, winner: Team | "draw", reason: ResultReason): void {
  const s = ctx.s;
  if (s.result) return;
  s.result = { winner, reason };
  s.techVote = null;
  setStage(ctx, { ...GAME_OVER }, null);
  emit(ctx, "game-over", PUBLIC, { winner, reason });
  emit(ctx, "roles-revealed", PUBLIC, {
    roles: s.players.map((p) => ({ seat: p.seat, nickname: p.nickname, role: p.role, team: p.team })),
  });
}

/**
 * §2.12 draw: three consecutive counted rounds without a kill or an elimination. Called when a day
 * ends (night falls). *Decision:* round 1 does not count; any departure (vote, lift, shot, removal)
 * resets the counter.
 */
export function roundEnded(ctx: Ctx, quietRounds: number, countFirstRound: boolean): boolean {
  const s = ctx.s;
  if (s.round === 1 && !countFirstRound) return false;
  s.quietRounds = s.roundHadDeparture ? 0 : s.quietRounds + 1;
  if (s.quietRounds >= quietRounds) {
    endGame(ctx, "draw", "three-quiet-rounds");
    return true;
  }
  return false;
}
