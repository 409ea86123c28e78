/**
 * Issue 18, RULES.md §6.10–§6.11: the club evening. An evening is a series of games at one table
 * (issue 13's series): after a game ends the organizer starts the next one with the same people, a
 * fresh deal, and new seats or the same ones. The first player eliminated in a game is immune on day 1
 * and night 1 of the next game of the same evening (shared/engine/rules/immunity.ts); the table passes
 * them to createGame and keeps them in the series row.
 *
 * *Decision* (docs/ENGINE.md "club (§6)"): the next game is a new evening — nobody carries immunity —
 * only when the organizer says so (the table's option `newEvening`, e.g. a table reused next week). The
 * table shows who would be immune before the start (TableView.series.immune), so the organizer sees
 * the choice; no clock decides it behind their back.
 */
import { getPreset } from "./engine.ts";
import type { SeriesRow } from "./storage.ts";

/**
 * The players (ids) immune in the next game: the last game's first eliminated, when the format has
 * cross-game immunity and the next game belongs to the same evening; empty otherwise.
 */
export function eveningImmunity(presetId: string, last: SeriesRow | undefined, newEvening: boolean): string[] {
  if (!getPreset(presetId)?.immunity || newEvening || !last || last.endedAt === null) return [];
  return last.firstOut ?? [];
}
