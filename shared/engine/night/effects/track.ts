/**
 * Effect `track` (RULES.md §5.6 Tracker): the seats the target visited (not roles or actions), from the
 * night's effective visits, never the owner's own seat; told live as later moves happen and final in
 * the morning (§5.1; night/phase/reports.ts).
 */
import type { Seat } from "../../types.ts";
import type { EffectModule } from "./types.ts";

export const track: EffectModule = {
  id: "track",
  stage: "check",
  informs: true,
  report: {
    event: "tracked",
    seats(visits, owner, target) {
      const seats = new Set<Seat>();
      for (const v of visits) if (v.effective && v.by === target && v.target !== owner) seats.add(v.target);
      return [...seats].sort((x, y) => x - y);
    },
  },
};
