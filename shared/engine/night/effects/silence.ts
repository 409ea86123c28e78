/**
 * Effect `silence` (RULES.md §5.6 Blackmailer): the target loses their vote for the coming day. The
 * attack stage (after blocks: a blocked Blackmailer achieves nothing); not an attack, so no protection
 * stops it. In the morning the state keeps the silenced seats (the day's voting and the view read
 * `s.silenced`; lifted when the day ends, phases/night.ts enter).
 */
import type { EffectModule } from "./types.ts";

export const silence: EffectModule = {
  id: "silence",
  stage: "attack",
  attack(n, by, _u, target, a) {
    n.silenced.push(target);
    n.record.push({ kind: "silenced", by: by[0]!, ability: a.id, target });
  },
  dawn(ctx, r) {
    if (r.silenced.length) ctx.s.silenced = [...new Set(r.silenced)].sort((x, y) => x - y);
  },
};
