/** Shared scenario helpers for the city preset (RULES.md §3). */
import { expect } from "vitest";
import { Table, type TableOptions } from "./harness.ts";
import type { Seat } from "../../../shared/engine/types.ts";

/** 10 seats: 1 Don, 2 Mafia, 3 Putana, 4 Commissar, 5 Doctor, 6 Maniac, 7–10 Civilians. */
export const CITY10 = "DMPKHXCCCC";
/** 11 seats: 1 Don, 2–3 Mafia, 4 Putana, 5 Commissar, 6 Doctor, 7 Maniac, 8–11 Civilians. */
export const CITY11 = "DMMPKHXCCCC";

/** A city table at the start of day 1 (after the acquaintance night). */
export function city(o: TableOptions = {}): Table {
  return new Table({ preset: "city", roles: CITY10, ...o });
}

/** Day speeches with no nomination: night falls. */
export function toNight(t: Table): void {
  t.speeches();
  expect(t.phase).toBe("night-shot");
}

/** The first speaker nominates `seat`, a single candidate leaves (day ≥ 2, or break-at-zero), farewell, night. */
export function voteOut(t: Table, seat: Seat): void {
  const first = t.speaker as Seat;
  t.speeches({ [first]: seat });
  t.endSpeeches("farewell");
}

/** After a night: the last words of the killed, if any, then the day's speeches are running. */
export function morning(t: Table): void {
  t.endSpeeches("last-words");
}

export function alive(t: Table, seat: Seat): boolean {
  return t.spectator().seats[seat - 1]!.alive;
}
