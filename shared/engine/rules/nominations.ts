/** The day's nominations, read by the phases that pick candidates (voting, candidacy). */
import { player, type EngineState } from "../state.ts";
import type { Seat } from "../types.ts";

/**
 * §6.5 candidate tiers: everyone sharing the most nominations and everyone sharing the second most
 * (5/4 → both; 5/5 → both; 5/4/4 → three), living players only, in first-nomination order.
 */
export function tiers(s: EngineState): Seat[] {
  const count = new Map<Seat, number>();
  for (const t of s.nominations) if (player(s, t).alive) count.set(t, (count.get(t) ?? 0) + 1);
  const levels = [...new Set(count.values())].sort((a, b) => b - a).slice(0, 2);
  return s.nominees.filter((c) => levels.includes(count.get(c) ?? -1));
}
