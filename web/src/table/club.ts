/**
 * The club at the table (RULES.md §6), pure: the composition announced at the start, the day's
 * candidates for defence and those who dropped out in the car crash, the cursed seats, and the
 * Witness's black seat. The candidates and the cursed seats are the view's own fields (`defence`,
 * `cursed`: shared/engine/view-facts.ts); the composition and the Witness's seat are the one log entry
 * that says them (`composition` is public, `witnessed` goes to the Witness alone). Nothing here decides
 * a rule or knows a preset. No i18n here (test/unit/table/club.test.ts
 * runs it in Node).
 */
import type { AnyLogEntry, GameView, Seat } from "../../../shared/engine/types.ts";

/** §6 "announced (counts of each role) at the start": the latest `composition` entry, roles in the engine's order, zeros left out. */
export function compositionOf(log: readonly AnyLogEntry[]): Array<{ role: string; count: number }> | null {
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i]!;
    if (e.type === "composition") return Object.entries(e.data.counts).filter(([, n]) => n > 0).map(([role, count]) => ({ role, count }));
  }
  return null;
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

/**
 * §6 (decision) the black seat the Witness learned at the acquaintance night: only in the Witness's
 * own log (`witnessed` is addressed to him alone), so any other viewer gets null. Read from the whole
 * log, it survives a reload.
 */
export function witnessedSeat(g: Pick<GameView, "you" | "log">): Seat | null {
  const me = g.you?.seat;
  if (me === undefined) return null;
  for (const e of g.log) if (e.type === "witnessed" && e.data.by === me) return e.data.target;
  return null;
}
