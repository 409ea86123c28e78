/**
 * RULES.md §9.4 the best move: "the first player killed by the mafia's shot on the first night with a
 * shot … names up to three seats during their last words". A public statement, made once, in the
 * victim's own last words; it is logged for all (`best-move`), kept in the state for the record, and
 * counted by the tournament's points (shared/tournaments/points.ts: two black seats named +0.25, three
 * +0.5, a black victim's naming nothing) — the engine records it for any victim and scores nothing.
 *
 * On where the preset enables it (`Preset.bestMove`: sport) or the table asks for it (createGame's
 * `bestMove`, a tournament table of any preset). Used by the speeches phase module (last words).
 */
import { reject } from "../flow/stage.ts";
import { presetOf } from "../presets/index.ts";
import { PUBLIC, emit, type Ctx, type EngineState } from "../state.ts";
import type { AvailableAction, Seat } from "../types.ts";

/** §9.4 "up to three seats". */
export const BEST_MOVE_SEATS = 3;

/** Whether this game records best moves (the preset's flag, or the table's option at creation). */
export function bestMoveOn(s: EngineState): boolean {
  return s.bestMoveRule ?? presetOf(s.presetId).bestMove === true;
}

/**
 * §9.4 the first player killed by the mafia's shot (the night records' first `mafia-shot` attack that
 * killed), or null while nobody has been. A night whose shot missed is not "a night with a shot".
 */
export function firstShotVictim(s: EngineState): Seat | null {
  for (const n of s.nights ?? []) {
    for (const st of n.steps) if (st.kind === "attack" && st.ability === "mafia-shot" && st.outcome === "killed") return st.target;
  }
  return null;
}

/** Whether `seat`, holding the floor in last words, may make the best move now. */
export function bestMoveOpen(s: EngineState, seat: Seat, purpose: string): boolean {
  return purpose === "last-words" && bestMoveOn(s) && s.bestMove === undefined && firstShotVictim(s) === seat;
}

/** The action offered (every seat but one's own: the dead too), or null. */
export function bestMoveOffer(s: EngineState, seat: Seat, purpose: string): AvailableAction | null {
  if (!bestMoveOpen(s, seat, purpose)) return null;
  const targets: Seat[] = [];
  for (const p of s.players) if (p.seat !== seat) targets.push(p.seat);
  return { type: "best-move", targets, max: BEST_MOVE_SEATS };
}

/**
 * Checks the named seats (the caller has checked that `seat` holds the floor in this speech) and writes
 * the public `best-move` event: 1–3 distinct seats of the table, not one's own; once a game.
 */
export function bestMoveAct(ctx: Ctx, seat: Seat, purpose: string, seats: unknown): void {
  const s = ctx.s;
  if (!bestMoveOn(s)) reject("not-allowed", "no best move at this table (RULES.md §9.4)");
  if (s.bestMove !== undefined) reject("already-acted", "the best move was made");
  if (purpose !== "last-words" || firstShotVictim(s) !== seat) reject("not-allowed", "only the first night's shot victim, in their last words (RULES.md §9.4)");
  if (!Array.isArray(seats) || seats.length < 1 || seats.length > BEST_MOVE_SEATS) reject("illegal-target", "name one to three seats");
  const named: Seat[] = [];
  for (const t of seats as unknown[]) {
    if (typeof t !== "number" || !Number.isInteger(t) || t < 1 || t > s.players.length || t === seat) reject("illegal-target", "name other seats of the table");
    if (named.includes(t)) reject("illegal-target", "each seat once");
    named.push(t);
  }
  s.bestMove = { seat, named };
  emit(ctx, "best-move", PUBLIC, { seat, named });
}
