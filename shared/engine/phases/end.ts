/**
 * Phase module `end`: the game is over (rules/outcome.ts endGame enters it from any phase). Nothing to
 * do; the floor opens for everyone (RULES.md §8: the end, everyone talks).
 */
import * as v from "valibot";
import { reject } from "../flow/stage.ts";
import type { PhaseModule } from "../flow/types.ts";

export const end: PhaseModule<null, null> = {
  kind: "end",
  params: v.null(),
  outcomes: () => [],
  techVotes: false,
  clone: (d) => d,
  enter: () => ({ data: null, ms: null }),
  timeout: () => undefined,
  act: () => reject("game-over", "the game is over"),
  actions: () => undefined,
  name: () => "game-over",
  floor(s) {
    const all = s.players.map((p) => p.seat);
    return [{ id: "table", speakers: all, video: all, listeners: "everyone" }];
  },
};
