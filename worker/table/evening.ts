/**
 * RULES.md §6.10–§6.11: the club evening. An evening is a series of games at one table
 * (the table's series): after a game ends the organizer starts the next one with the same people, a
 * fresh deal, and new seats or the same ones. The first player eliminated in a game is immune on day 1
 * and night 1 of the next game of the same evening (shared/engine/rules/immunity.ts); the table passes
 * them to createGame and keeps them in the series row.
 *
 * *Decision* (docs/ENGINE.md "club (§6)"): the next game is a new evening — nobody carries immunity —
 * only when the organizer says so (the table's option `newEvening`, e.g. a table reused next week). The
 * table shows who would be immune before the start (TableView.series.immune), so the organizer sees
 * the choice; no clock decides it behind their back.
 */
import { tableMoveUp } from "../clubs/signups.ts";
import { getPreset } from "./engine.ts";
import type { EveningHold, SeriesRow } from "./storage.ts";

/**
 * The players (ids) immune in the next game: the last game's first eliminated, when the format has
 * cross-game immunity and the next game belongs to the same evening; empty otherwise.
 */
export function eveningImmunity(presetId: string, last: SeriesRow | undefined, newEvening: boolean): string[] {
  if (!getPreset(presetId)?.immunity || newEvening || !last || last.endedAt === null) return [];
  return last.firstOut ?? [];
}

/**
 * May this account sit at a club evening's table (`reservedFor`: the seated sign-ups, each holding a seat)?
 * A seated sign-up always may (their seat is held for them). Before the start nobody else; from the start,
 * each seated sign-up who has not come frees their seat for the reserve in order: the first k reserves may
 * sit, k = the seated sign-ups not at the table. `atTable`: the accounts seated at the table now.
 */
export function eveningJoinAllowed(reservedFor: readonly string[], hold: EveningHold | undefined, userId: string | undefined, atTable: readonly (string | null | undefined)[], now: number): boolean {
  if (userId === undefined) return false;
  if (reservedFor.includes(userId)) return true;
  if (!hold || now < hold.until) return false;
  const present = new Set(atTable.filter((u): u is string => typeof u === "string"));
  const noShows = reservedFor.filter((u) => !present.has(u)).length;
  // The first k reserves (k no-shows) may sit; those of them already at the table hold those seats.
  const at = hold.reserve.indexOf(userId);
  return at >= 0 && at < noShows;
}

/**
 * Once the evening has started, who sits at its table goes back to the evening's lists in D1
 * (worker/clubs/signups.ts tableMoveUp): a reserve who took a no-show's seat is seated there, with a
 * 'promoted' notice, and the no-show goes to the reserve. Called after each account's join; before the start
 * (only the seated sign-ups sit then), at a table of no evening, or opened before the hold named its evening,
 * nothing is written. A failed write is logged and the join stands (the lists are the evening page's, not the
 * table's: the next join after the start sends the whole table again).
 */
export async function writeBackMoveUp(db: D1Database | undefined, hold: EveningHold | undefined, atTable: readonly (string | null | undefined)[], now: number): Promise<void> {
  if (!db || !hold?.evening || now < hold.until) return;
  const accounts = atTable.filter((u): u is string => typeof u === "string");
  try {
    await tableMoveUp(db, hold.evening, accounts, now);
  } catch (e) {
    console.error(`evening ${hold.evening}: the table's move-up was not written to its lists`, e);
  }
}
