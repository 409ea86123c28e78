/**
 * The profile screen's compositions (RULES.md §5.5): the recommended one for a profile at N seats,
 * Custom's role counts and what is wrong with them. It reads the engine itself (`composition`,
 * `startProblem`, the editor's arithmetic), so it is loaded ONLY by the lazy profile screen
 * (ProfileScreen.tsx), never by the initial bundle (web/vite.config.ts: the engine's presets cost kBs).
 *
 *  - §5.5 "changing the number of seats recomputes the recommended composition": `composition(id, n)`,
 *    the preset's own, counted per role in the order it deals them.
 *  - §5.5 "role counts must equal seats": `problems` says by how many they differ; then whatever the
 *    engine's `startProblem` refuses (no holder of the mafia's shot, §5.4 parity…), typed, the very
 *    check the server's refusal makes.
 *  - The settings sent for Custom: the count of every non-Civilian role dealt (custom-counts.ts).
 */
import { countSettings, type Counts, EDITOR_ROLES, setRoleCount } from "../../../shared/engine/presets/custom-counts.ts";
import { getPreset, presetOf, sidesDealt, startProblem, type StartProblem } from "../../../shared/engine/presets/index.ts";

export type { Counts };
export { countSettings, EDITOR_ROLES, setRoleCount, sidesDealt };

/** A dealt list counted per role, in the order the roles first appear. */
export function tally(roles: readonly string[]): Array<{ role: string; count: number }> {
  const out: Array<{ role: string; count: number }> = [];
  for (const r of roles) {
    const row = out.find((x) => x.role === r);
    if (row) row.count++;
    else out.push({ role: r, count: 1 });
  }
  return out;
}

/** The preset's recommended composition at `seats` (its default settings: for Custom the balanced Classic one). */
export function composition(presetId: string, seats: number): Array<{ role: string; count: number }> {
  const p = presetOf(presetId);
  return tally(p.composition(seats, p.defaultSettings));
}

/** Custom's editor starts from the recommended composition for N: every editor role, 0 when absent. */
export function startingCounts(presetId: string, seats: number): Counts {
  const counts: Counts = Object.fromEntries(EDITOR_ROLES.map((r) => [r, 0]));
  for (const { role, count } of composition(presetId, seats)) counts[role] = count;
  return counts;
}

export const total = (counts: Readonly<Counts>): number => Object.values(counts).reduce((a, b) => a + b, 0);

export type Problem =
  /** More roles than seats, by `n` (the editor's own total). */
  | { kind: "too-many"; n: number }
  /** `n` seats without a role. */
  | { kind: "too-few"; n: number }
  /** Why the engine would not start this composition (typed, the same check as the server's refusal). */
  | StartProblem;

/** What stops a game of these counts at `seats` (none: the Create button is on). */
export function problems(presetId: string, counts: Readonly<Counts>, seats: number): Problem[] {
  const diff = total(counts) - seats;
  if (diff > 0) return [{ kind: "too-many", n: diff }];
  if (diff < 0) return [{ kind: "too-few", n: -diff }];
  const why = startProblem(presetId, { ...getPreset(presetId)?.defaultSettings, ...countSettings(counts) }, seats);
  return why ? [why] : [];
}
