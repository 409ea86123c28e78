/**
 * The create form's role counts for a format whose creator sets the composition of each game
 * without a fixed table size (RULES.md §6 club: "the composition is set for each game by the creator",
 * 12–15 seats, the organizer starts with those who came). Pure, but it reads the engine itself (its
 * settings descriptors, `seatRange`, `startProblem`), so it is loaded ONLY by the
 * lazy RoleCounts chunk, never by the home page's own JS (as composition.ts for the profile screen).
 *
 * The engine has the last word: a composition may be created when `seatRange` finds a table size at
 * which it starts (the server refuses the creation otherwise, worker/api/tables.ts, and then seats
 * exactly that range). When it finds none, the form says why: the engine's typed reason at the largest
 * table (presets/index.ts startProblem, the check the server's refusal makes): more roles than the
 * largest table; a role the preset needs (club: the Boss, §6 "black (Boss, Mafia)"); the black team as
 * large as the red (§6.8 parity: the game would be over at once; solo roles are not counted).
 */
import { getPreset, presetOf, seatRange, startProblem, type StartProblem } from "../../../shared/engine/presets/index.ts";

export type Counts = Record<string, number>;

/** One role the creator counts: its bounds and default (the preset's settings descriptor). */
export interface CountField {
  role: string;
  min: number;
  max: number;
  default: number;
}

/** The roles a preset's creator counts (`roleCounts`), in the engine's order, with their bounds. */
export function countFields(presetId: string): CountField[] {
  const info = getPreset(presetId);
  if (!info?.roleCounts) return [];
  return info.roleCounts.flatMap((role) => {
    const d = info.settings.find((x) => x.key === role);
    return d && d.kind === "integer" ? [{ role, min: d.min, max: d.max, default: d.default }] : [];
  });
}

/** The starting counts: each role's default. */
export function defaultCounts(presetId: string): Counts {
  return Object.fromEntries(countFields(presetId).map((f) => [f.role, f.default]));
}

/** Why no table size is possible: the engine's typed reason at the largest table (`startProblem`). */
export type CountProblem = StartProblem;

export interface CountCheck {
  /** The table sizes at which a game of these counts starts; null: none (Create is off). */
  range: { min: number; max: number } | null;
  /** Every size the preset plays is possible. */
  full: boolean;
  /** Why no size is possible (empty when `range` is set). */
  problems: CountProblem[];
  /** Roles dealt besides the Civilians. */
  roles: number;
}

/** Whether (and at which table sizes) a game of `presetId` with these role counts may start. */
export function checkCounts(presetId: string, counts: Readonly<Counts>): CountCheck {
  const p = presetOf(presetId);
  const settings = { ...p.defaultSettings, ...counts };
  // The roles the creator counts are the roles dealt besides the Civilians (RULES.md §6).
  const roles = Object.values(counts).reduce((a, b) => a + b, 0);
  const range = seatRange(presetId, settings);
  if (range) return { range, full: range.min === p.seats.min && range.max === p.seats.max, problems: [], roles };
  return { range: null, full: false, problems: [startProblem(presetId, settings, p.seats.max) ?? { kind: "settings" }], roles };
}
