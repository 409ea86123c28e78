/**
 * Phase module `candidacy` (an instant phase; RULES.md §6.5): who goes to the defence and the vote —
 * everyone sharing the most nominations and everyone sharing the second most (5/4 → both; 5/5 → both;
 * 5/4/4 → three), living players only, in first-nomination order. No nominations, no candidacy (outcome
 * "none", `no-candidates`); more than `maxCandidates`: nobody leaves, night falls (`too-many-candidates`,
 * outcome "none"); a removal today (§2.13, §6.9) cancelled the day's vote (outcome "cancelled").
 * Otherwise the candidates are named to the table (`candidates`) and handed on (outcome "candidates").
 */
import * as v from "valibot";
import type { PhaseModule } from "../flow/types.ts";
import { tiers } from "../rules/nominations.ts";
import { PUBLIC, emit } from "../state.ts";

const params = v.strictObject({
  /** §6.5 "more than four candidates: nobody leaves". */
  maxCandidates: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
type P = v.InferOutput<typeof params>;

export const candidacy: PhaseModule<P, null> = {
  kind: "candidacy",
  params,
  outcomes: () => ["candidates", "none", "cancelled"],
  techVotes: false,
  clone: (d) => d,
  enter(ctx, p) {
    const s = ctx.s;
    if (s.votingCancelled) {
      emit(ctx, "voting-cancelled", PUBLIC, {});
      return { outcome: "cancelled" };
    }
    const seats = tiers(s);
    if (seats.length === 0) {
      emit(ctx, "no-candidates", PUBLIC, {});
      return { outcome: "none" };
    }
    if (seats.length > p.maxCandidates) {
      emit(ctx, "too-many-candidates", PUBLIC, { seats });
      return { outcome: "none" };
    }
    emit(ctx, "candidates", PUBLIC, { seats });
    return { outcome: "candidates", seats };
  },
  // An instant phase is never the current stage: these hooks are never called.
  timeout: () => undefined,
  act: () => undefined,
  actions: () => undefined,
  name: () => "defence",
  floor: () => [],
};
