/**
 * Issue 18, the create form's role counts for a format whose creator sets the composition of each game
 * without a fixed table size (RULES.md §6 club: "the composition is set for each game by the creator",
 * 12–15 seats, the organizer starts with those who came). Pure, but it reads the engine itself (its
 * settings descriptors, `composition`, `compositionLimit`, `seatRange`), so it is loaded ONLY by the
 * lazy RoleCounts chunk, never by the home page's own JS (as composition.ts for the profile screen).
 *
 * The engine has the last word: a composition may be created when `seatRange` finds a table size at
 * which it starts (the server refuses the creation otherwise, worker/api/tables.ts, and then seats
 * exactly that range). When it finds none, the form says why, in the engine's order of checks
 * (presets/index.ts startRefusal): more roles than the largest table; the preset's own limit (club: no
 * Boss, §6 "black (Boss, Mafia)"); the black team as large as the red at the largest table (§6.8
 * parity: the game would be over at once; solo roles are not counted). Anything else: "refused".
 */
import * as v from "valibot";
import { getPreset, presetOf, seatRange } from "../../../shared/engine/presets/index.ts";
import { getRole } from "../../../shared/engine/roles/index.ts";
import type { RoleId } from "../../../shared/engine/types.ts";

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

export type CountProblem =
  /** More roles (`roles`) than the largest table (`seats`). */
  | { kind: "too-many"; roles: number; seats: number }
  /** The preset's own limit (club: no Boss); the form's line is `create.counts.limit.<presetId>`. */
  | { kind: "limit" }
  /** The black team as large as the red even at the largest table. */
  | { kind: "parity"; black: number; red: number; seats: number }
  /** The engine refuses for a reason of its own (or the counts are out of their bounds). */
  | { kind: "refused" };

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
  let settings: Record<string, unknown>;
  try {
    settings = v.parse(p.settingsSchema, { ...p.defaultSettings, ...counts }) as Record<string, unknown>;
  } catch {
    return { range: null, full: false, problems: [{ kind: "refused" }], roles: 0 };
  }
  const roles = p.composition(0, settings).filter((r) => r !== "civilian").length;
  const range = seatRange(presetId, settings);
  if (range) return { range, full: range.min === p.seats.min && range.max === p.seats.max, problems: [], roles };
  const seats = p.seats.max;
  const base = { range: null, full: false, roles };
  if (roles > seats) return { ...base, problems: [{ kind: "too-many", roles, seats }] };
  if (p.compositionLimit?.(seats, settings)) return { ...base, problems: [{ kind: "limit" }] };
  let black = 0;
  let red = 0;
  for (const role of p.composition(seats, settings)) {
    const team = p.teamOf?.(role, settings) ?? getRole(role as RoleId).team;
    if (team === "black") black++;
    else if (team === "red") red++;
  }
  if (black >= red) return { ...base, problems: [{ kind: "parity", black, red, seats }] };
  return { ...base, problems: [{ kind: "refused" }] };
}
