/**
 * The club at the table (RULES.md §6), pure: the composition announced at the start, the day's
 * candidates for defence and those who dropped out in the car crash, the cursed seats, and the
 * Witness's black seat — each the view's own field (shared/engine/view-facts.ts: `composition`,
 * `defence`, `cursed` are public, `you.witnessed` is the Witness's alone). Nothing here decides a rule,
 * knows a preset or reads the log. No i18n here (test/unit/table/club.test.ts
 * runs it in Node).
 */
import type { GameView, Seat } from "../../../shared/engine/types.ts";

/** §6 "announced (counts of each role) at the start": the view's `composition` (roles in the engine's order, zeros left out). */
export function compositionOf(g: Pick<GameView, "composition">): Array<{ role: string; count: number }> | null {
  return g.composition ?? null;
}

export interface Defence {
  /** §6.5 the candidates still in the vote (after a drop, §6.7: those left). */
  candidates: Seat[];
  /** §6.7 the candidates who dropped out today with the fewest hands (every drop of the day). */
  dropped: Seat[];
}

/** §6.5–§6.7 today's vote for defence as the view states it (null by night, at the end, before the candidates are named). */
export function defenceOf(g: Pick<GameView, "defence" | "result">): Defence | null {
  return g.result ? null : (g.defence ?? null);
}

/** §6.3 the seats cursed so far, as the view states them ("the curse is permanent"). */
export function cursedSeats(g: Pick<GameView, "cursed">): Set<Seat> {
  return new Set(g.cursed ?? []);
}

/** §6 (decision) the black seat this Witness learned at the acquaintance night: the view's `you.witnessed` (his alone). */
export function witnessedSeat(g: Pick<GameView, "you">): Seat | null {
  return g.you?.witnessed ?? null;
}
