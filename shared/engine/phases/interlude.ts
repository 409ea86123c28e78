/**
 * Phase module `interlude`: a timed pause with a name and a floor, and nothing to do (RULES.md §7.4
 * "after a peaceful day 15 s for gestures and 10 s before the night"; later 002's tournament
 * preparation). Ends with "done" when its time runs out. A technical vote may be started in it (it is
 * part of the day, §2.13). The floor: nobody, or the cameras of the living (gestures: video only).
 */
import * as v from "valibot";
import { livingList, reject } from "../flow/stage.ts";
import type { PhaseModule } from "../flow/types.ts";
import { PHASE_NAMES } from "../types.ts";

const params = v.strictObject({
  name: v.picklist(PHASE_NAMES),
  ms: v.pipe(v.number(), v.integer(), v.minValue(1000)),
  floor: v.picklist(["nobody", "living-video"]),
});
type P = v.InferOutput<typeof params>;

export const interlude: PhaseModule<P, null> = {
  kind: "interlude",
  params,
  outcomes: () => ["done"],
  techVotes: true,
  clone: (d) => d,
  enter: (_ctx, p) => ({ data: null, ms: p.ms }),
  timeout: () => ({ outcome: "done" }),
  act: () => reject("phase-closed", "nothing to do now"),
  actions: () => undefined,
  name: (_s, p) => p.name,
  floor: (s, p) => (p.floor === "nobody" ? [] : [{ id: "table", speakers: [], video: livingList(s), listeners: "everyone" }]),
};
