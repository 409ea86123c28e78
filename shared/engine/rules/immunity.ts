/**
 * RULES.md §6.10 cross-game immunity: "the first player eliminated in a game has immunity on the first
 * day and first night of the next game of the same evening". The evening is the table's (worker/table
 * match.ts); the engine only records a game's first eliminated and takes the next game's immune players
 * as an input to createGame.
 *
 * *Decisions* (docs/ENGINE.md "club (§6)"):
 *  - "eliminated" is leaving by the game: voted out, killed, shot, lifted, swapped (the Swindler's
 *    victim). A removal by fouls or by the host (§6.9) is a punishment, not an elimination: the next
 *    departure is the first eliminated. Players who leave together (a night's dead, "expel both?",
 *    the Kamikaze and the Maniac) are all the first eliminated.
 *  - Immune means: on day 1 nobody may nominate the seat (so it is never a candidate or voted against),
 *    and on night 1 no attack, curse or swap may name it (an illegal target, so the mafia, who must
 *    shoot, choose another victim). Checks, heals and fouls still reach it.
 *  - Immunity is public: the table is told at the start who is immune and the seat is marked.
 */
import type { Preset } from "../presets/types.ts";
import { PUBLIC, asEngine, emit, type Ctx, type EngineState } from "../state.ts";
import type { GameState, OutHow, PlayerId, Seat } from "../types.ts";

/** createGame: the players of this game among `ids` are immune (announced to the table). */
export function grantImmunity(ctx: Ctx, preset: Preset, ids: readonly PlayerId[]): void {
  if (!preset.immunity) throw new Error(`preset ${preset.id} has no cross-game immunity (RULES.md §6.10)`);
  const seats = ctx.s.players.filter((p) => ids.includes(p.id)).map((p) => p.seat);
  if (!seats.length) return;
  ctx.s.immune = seats;
  emit(ctx, "immune", PUBLIC, { seats });
}

/** Whether `seat` is immune now: day 1 and night 1 (the night after day 1; the acquaintance is day 0). */
export function immuneNow(s: EngineState, seat: Seat): boolean {
  return s.day <= 1 && !!s.immune?.includes(seat);
}

/** depart(): record the game's first eliminated (those who leave in the same phase as the first). */
export function noteDeparture(s: EngineState, seat: Seat, how: OutHow): void {
  if (how === "removed") return;
  const first = s.firstOut;
  if (!first) s.firstOut = { phaseSeq: s.phaseSeq, seats: [seat] };
  else if (first.phaseSeq === s.phaseSeq) s.firstOut = { phaseSeq: first.phaseSeq, seats: [...first.seats, seat] };
}

/** The players (ids) a game's first elimination took: the next game of the evening's immune (§6.10). */
export function firstEliminated(state: GameState): PlayerId[] {
  const s = asEngine(state);
  return (s.firstOut?.seats ?? []).map((seat) => s.players[seat - 1]!.id);
}
