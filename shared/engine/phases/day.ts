/**
 * Phase module `day` (an instant phase): a new day begins — its number, an empty list of nominees, and
 * the first speaker (RULES.md §2.3 "rotate": day 1 from seat 1, each following day the next living seat
 * after the previous day's first speaker; "lowest-seat": always the lowest living seat). Ends at once
 * with the speaking order (living seats from the first speaker); with `firstDay`, day 1 ends with
 * "first-day" instead (§4.3: introductions only, its own branch of the flow).
 */
import * as v from "valibot";
import { livingFrom } from "../flow/stage.ts";
import type { PhaseModule } from "../flow/types.ts";
import { PUBLIC, emit } from "../state.ts";
import type { Seat } from "../types.ts";

const params = v.strictObject({
  first: v.picklist(["rotate", "lowest-seat"]),
  /** §4.3 day 1 is its own branch (introductions only, no vote): it ends with the outcome "first-day". */
  firstDay: v.optional(v.boolean(), false),
});
type P = v.InferOutput<typeof params>;

export const day: PhaseModule<P, null> = {
  kind: "day",
  params,
  outcomes: (p) => (p.firstDay ? ["started", "first-day"] : ["started"]),
  techVotes: false,
  clone: (d) => d,
  enter(ctx, p) {
    const s = ctx.s;
    s.day++;
    s.nominees = [];
    s.nominations = [];
    s.lastTally = null;
    if (s.removedToday) delete s.removedToday;
    if (s.earlyAsked) delete s.earlyAsked;
    if (s.voteStarter !== undefined) delete s.voteStarter;
    const first = (s.day === 1 || p.first === "lowest-seat" ? livingFrom(s, 1)[0] : livingFrom(s, (s.firstSpeaker % s.players.length) + 1)[0]) as Seat;
    s.firstSpeaker = first;
    emit(ctx, "day-started", PUBLIC, { day: s.day, firstSpeaker: first });
    return { outcome: p.firstDay && s.day === 1 ? "first-day" : "started", seats: livingFrom(s, first) };
  },
  // An instant phase is never the current stage: these hooks are never called.
  timeout: () => undefined,
  act: () => undefined,
  actions: () => undefined,
  name: () => "speech",
  floor: () => [],
};
