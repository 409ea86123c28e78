/** Departures, win conditions (§2.12), the draw counter and the end of the game. */
import { setStage } from "../flow/stage.ts";
import { PUBLIC, emit, player, type Ctx } from "../state.ts";
import { presetOf } from "../presets/index.ts";
import { noteDeparture } from "./immunity.ts";
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

/** §2.12: town wins when neither Don nor Mafia is alive; mafia wins when living black ≥ living red. */
export function checkWin(ctx: Ctx): boolean {
  const s = ctx.s;
  if (s.result) return true;
  const win = presetOf(s.presetId).win;
  if (win === "city") return checkCityWin(ctx);
  if (win === "tatar") return checkTatarWin(ctx);
  if (win === "club") return checkClubWin(ctx);
  let black = 0, red = 0;
  for (const p of s.players) {
    if (!p.alive) continue;
    if (p.team === "black") black++;
    else if (p.team === "red") red++;
  }
  if (black === 0) { endGame(ctx, "red", "town-eliminated-mafia"); return true; }
  if (black >= red) { endGame(ctx, "black", "mafia-parity"); return true; }
  return false;
}

/**
 * §3 city, win as §5.4 (checked after every departure; night deaths leave together, then one check):
 *  1. nobody alive → draw (*decision*, as §7.8);
 *  2. a solo Maniac alive who is the only survivor or one of the last two → the Maniac wins (his win
 *     takes priority over the mafia's);
 *  3. no black player and no solo Maniac alive → the town wins (a red Maniac plays for the town);
 *  4. living black ≥ all other living players (*decision:* the solo Maniac counts among the "others",
 *     §5.4 "no fewer than all others") → the mafia wins.
 */
function checkCityWin(ctx: Ctx): boolean {
  let black = 0, solo = 0, living = 0;
  for (const p of ctx.s.players) {
    if (!p.alive) continue;
    living++;
    if (p.team === "black") black++;
    else if (p.team === "solo") solo++;
  }
  if (living === 0) { endGame(ctx, "draw", "nobody-alive"); return true; }
  if (solo > 0 && living <= 2) { endGame(ctx, "solo", "maniac-last-standing"); return true; }
  if (black === 0 && solo === 0) { endGame(ctx, "red", "town-eliminated-mafia-and-maniac"); return true; }
  if (black > 0 && black >= living - black) { endGame(ctx, "black", "mafia-parity"); return true; }
  return false;
}

/**
 * §7.8 tatar (the Maniac is red), checked after every departure:
 *  1. no living players → draw (`nobody-alive`);
 *  2. no black player alive → red wins (`town-eliminated-mafia`; "red wins only when every black player is dead");
 *  3. no red player alive → black wins (`red-eliminated`);
 *  4. early, "when victory is guaranteed": no Maniac alive and black ≥ red, or no Doctor alive and
 *     red < black → black wins (`black-guaranteed`).
 * *Decision:* "Maniac" and "Doctor" are the roles (a red Maniac, the Doctor), alive or not.
 */
function checkTatarWin(ctx: Ctx): boolean {
  let black = 0, red = 0, maniac = false, doctor = false;
  for (const p of ctx.s.players) {
    if (!p.alive) continue;
    if (p.team === "black") black++;
    else red++;
    if (p.role === "maniac") maniac = true;
    if (p.role === "doctor") doctor = true;
  }
  if (black === 0 && red === 0) { endGame(ctx, "draw", "nobody-alive"); return true; }
  if (black === 0) { endGame(ctx, "red", "town-eliminated-mafia"); return true; }
  if (red === 0) { endGame(ctx, "black", "red-eliminated"); return true; }
  if ((!maniac && black >= red) || (!doctor && red < black)) { endGame(ctx, "black", "black-guaranteed"); return true; }
  return false;
}

/**
 * §6.8 club, checked after every departure (night deaths leave together, then one check), in order:
 *  1. nobody alive → draw (`nobody-alive`, as every format);
 *  2. the Curser alive and every other living player cursed by him → solo (`curser-cursed-all`);
 *  3. the Maniac alive and at most one other living player (*decision:* "the last active player" read
 *     as city's §5.4 — the last one, or one of the last two, whom no vote can remove) → solo
 *     (`maniac-last-standing`);
 *  4. no black, no Maniac and no Curser alive → red (`town-eliminated-all`: "every black card — the
 *     Maniac and the Curser included — has left"; "while the Curser sits at the table red cannot win");
 *  5. living black ≥ living red, the solo players not counted → black (`mafia-parity`).
 * Teams as they are now: a Swindler and a Werewolf win with the side they end on.
 */
function checkClubWin(ctx: Ctx): boolean {
  const s = ctx.s;
  let black = 0, red = 0, living = 0, maniac = false, curser = false;
  for (const p of s.players) {
    if (!p.alive) continue;
    living++;
    if (p.team === "black") black++;
    else if (p.team === "red") red++;
    if (p.role === "maniac") maniac = true;
    if (p.role === "curser") curser = true;
  }
  if (living === 0) { endGame(ctx, "draw", "nobody-alive"); return true; }
  const cursed = s.onceTaken?.curse ?? [];
  if (curser && s.players.every((p) => !p.alive || p.role === "curser" || cursed.includes(p.seat))) { endGame(ctx, "solo", "curser-cursed-all"); return true; }
  if (maniac && living <= 2) { endGame(ctx, "solo", "maniac-last-standing"); return true; }
  if (black === 0 && !maniac && !curser) { endGame(ctx, "red", "town-eliminated-all"); return true; }
  if (black > 0 && black >= red) { endGame(ctx, "black", "mafia-parity"); return true; }
  return false;
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
