/**
 * Effect `watch` (RULES.md §5.6 Watcher): the seats that visited the target (blocked actions are not
 * visits), never the owner's own; told live and final in the morning (§5.1; night/phase/reports.ts).
 */
import type { Seat } from "../../types.ts";
import type { EffectModule } from "./types.ts";

export const watch: EffectModule = {
  id: "watch",
  stage: "check",
  informs: true,
  report: {
    event: "watched",
    seats(visits, owner, target) {
      const seats = new Set<Seat>();
      for (const v of visits) if (v.effective && v.target === target && v.by !== owner) seats.add(v.by);
      return [...seats].sort((x, y) => x - y);
    },
  },
};
