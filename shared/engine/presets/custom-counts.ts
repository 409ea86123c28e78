/**
 * Custom's composition editor, the arithmetic of its role counts (RULES.md §5.5 "any composition; role
 * counts must equal seats"): the counts include the Civilians, who fill the seats the other roles leave.
 * The profile screen (web/src/home/ProfileScreen.tsx) calls these; what may start is `startProblem`'s.
 */
import { CUSTOM_ROLES } from "./profiles.ts";

/** §5.5 the role that fills the seats the chosen roles leave. */
const FILLER = "civilian";

export type Counts = Record<string, number>;

/** The roles Custom's editor counts: the filler first, then the engine's list (RULES.md §5.6 order). */
export const EDITOR_ROLES: readonly string[] = [FILLER, ...CUSTOM_ROLES];

/**
 * The editor keeps the seats' total (§5.5 "role counts must equal seats"): a role's new count (0..`max`)
 * is taken from the Civilians (adding a role takes a Civilian's seat, removing one gives it back), as
 * far as there are Civilians; only then does the total move (and the difference is shown). The
 * Civilians' own count is set as typed.
 */
export function setRoleCount(counts: Readonly<Counts>, role: string, n: number, max = 20): Counts {
  const next = Math.min(max, Math.max(0, Math.round(n)));
  if (role === FILLER) return { ...counts, [FILLER]: next };
  const delta = next - (counts[role] ?? 0);
  const civ = counts[FILLER] ?? 0;
  const taken = delta > 0 ? Math.min(delta, civ) : delta;
  return { ...counts, [role]: next, [FILLER]: civ - taken };
}

/** The settings that deal this composition: the non-Civilian counts above zero (Civilians fill the rest). */
export function countSettings(counts: Readonly<Counts>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of CUSTOM_ROLES) if ((counts[r] ?? 0) > 0) out[r] = counts[r]!;
  return out;
}
