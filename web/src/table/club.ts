/**
 * Issue 18, the club at the table (RULES.md §6), pure: the composition announced at the start, the
 * day's candidates for defence and those who dropped out in the car crash, the cursed seats, and the
 * Witness's black seat. Everything is read from the log this viewer already receives (the engine's
 * view decides who sees what: `composition`, `candidates`, `dropped` and `cursed` are public,
 * `witnessed` goes to the Witness alone); nothing here decides a rule or knows a preset — another
 * format emitting the same events gets the same marks. No i18n here (test/unit/table/club.test.ts
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

/**
 * §6.5–§6.7 today's vote as the table knows it: the candidates for defence (`candidates`) and who
 * dropped out (`dropped`), from the log since the day began. Null by night (the day's vote is over),
 * at the end of the game, or before the candidates are named. ("More than four candidates: nobody
 * leaves" sends the table to the night at once: that one is an announcement, announce.ts.)
 */
export function defenceOf(g: Pick<GameView, "log" | "result">): Defence | null {
  if (g.result) return null;
  let named: Seat[] | null = null;
  let left: Seat[] | null = null;
  const dropped: Seat[] = [];
  for (let i = g.log.length - 1; i >= 0; i--) {
    const e = g.log[i]!;
    if (e.type === "night-fell") return null;
    if (e.type === "day-started") break;
    if (e.type === "candidates" && named === null) named = e.data.seats.slice();
    else if (e.type === "dropped") {
      if (left === null) left = e.data.left.slice();
      for (const s of e.data.seats) if (!dropped.includes(s)) dropped.unshift(s);
    }
  }
  if (named === null) return null;
  return { candidates: left ?? named, dropped };
}

/** §6.3 the seats cursed so far (public in the morning; "the curse is permanent"), for the rest of the game. */
export function cursedSeats(log: readonly AnyLogEntry[]): Set<Seat> {
  const out = new Set<Seat>();
  for (const e of log) if (e.type === "cursed") out.add(e.data.seat);
  return out;
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
