/**
 * The profile screen's compositions (RULES.md §5.5): the recommended one for a profile at N seats,
 * Custom's role counts and what is wrong with them. It reads the engine itself (`recommended`,
 * `startRefusal`, the role registry), so it is loaded ONLY by the lazy profile screen
 * (ProfileScreen.tsx), never by the initial bundle (web/vite.config.ts: the engine's presets cost kBs).
 *
 *  - §5.5 "changing the number of seats recomputes the recommended composition": `composition(id, n)`,
 *    the preset's own, counted per role in the order it deals them.
 *  - §5.5 "role counts must equal seats": `problems` says by how many they differ; no holder of the
 *    mafia's shot (a Mafia, a Don or a Blackmailer) and a black team as large as the red at the deal
 *    (§5.4 parity: the game would be over at once) are refused as the engine refuses them;
 *    anything else the engine's `startRefusal` refuses is reported as such (it has the last word).
 *  - The settings sent for Custom: the count of every non-Civilian role dealt (Civilians fill the rest).
 */
import { getPreset, presetOf, startRefusal } from "../../../shared/engine/presets/index.ts";
import { CUSTOM_ROLES, MAFIA_SHOT } from "../../../shared/engine/presets/profiles.ts";
import { getRole } from "../../../shared/engine/roles/index.ts";
import type { RoleId } from "../../../shared/engine/types.ts";

export const CIVILIAN = "civilian";
export type Counts = Record<string, number>;

/** The roles Custom's editor counts: Civilians first, then the engine's list (RULES.md §5.6 order). */
export const EDITOR_ROLES: readonly string[] = [CIVILIAN, ...CUSTOM_ROLES];

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

/**
 * Issue 38.7, Custom's editor keeps the seats' total (§5.5 "role counts must equal seats"): a role's new
 * count (0..`max`) is taken from the Civilians (adding a role takes a Civilian's seat, removing one gives
 * it back), as far as there are Civilians; only then does the total move (and the difference is shown).
 * The Civilians' own count is set as typed.
 */
export function setRoleCount(counts: Readonly<Counts>, role: string, n: number, max = 20): Counts {
  const next = Math.min(max, Math.max(0, Math.round(n)));
  if (role === CIVILIAN) return { ...counts, [CIVILIAN]: next };
  const delta = next - (counts[role] ?? 0);
  const civ = counts[CIVILIAN] ?? 0;
  const taken = delta > 0 ? Math.min(delta, civ) : delta;
  return { ...counts, [role]: next, [CIVILIAN]: civ - taken };
}

export const total = (counts: Readonly<Counts>): number => Object.values(counts).reduce((a, b) => a + b, 0);

/** The settings that deal this composition: the non-Civilian counts above zero (Civilians fill the rest). */
export function countSettings(counts: Readonly<Counts>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of CUSTOM_ROLES) if ((counts[r] ?? 0) > 0) out[r] = counts[r]!;
  return out;
}

export type Problem =
  /** More roles than seats, by `n`. */
  | { kind: "too-many"; n: number }
  /** `n` seats without a role. */
  | { kind: "too-few"; n: number }
  /** Nobody holds the mafia's shot. */
  | { kind: "no-shot" }
  /** The black team would start as large as the red (§5.4 parity). */
  | { kind: "parity"; black: number; red: number }
  /** The engine refuses for a reason of its own (its sentence, for the log; the screen shows a general line). */
  | { kind: "refused"; why: string };

/** What stops a game of these counts at `seats` (none: the Create button is on). */
export function problems(presetId: string, counts: Readonly<Counts>, seats: number): Problem[] {
  const diff = total(counts) - seats;
  if (diff > 0) return [{ kind: "too-many", n: diff }];
  if (diff < 0) return [{ kind: "too-few", n: -diff }];
  const out: Problem[] = [];
  if (!MAFIA_SHOT.some((r) => (counts[r] ?? 0) > 0)) out.push({ kind: "no-shot" });
  let black = 0;
  let red = 0;
  for (const [role, n] of Object.entries(counts)) {
    const team = getRole(role as RoleId).team;
    if (team === "black") black += n;
    else if (team === "red") red += n;
  }
  if (black >= red) out.push({ kind: "parity", black, red });
  if (out.length === 0) {
    const why = startRefusal(presetId, { ...getPreset(presetId)?.defaultSettings, ...countSettings(counts) }, seats);
    if (why) out.push({ kind: "refused", why });
  }
  return out;
}
