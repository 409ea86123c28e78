/**
 * Effect `jail` (RULES.md §5.6 Jailer, and Mistress with `bond`): a block (the block stage marks the
 * target) that also shields its target from ordinary attacks, first of the target's shields (§5.3 "the
 * Jailer both cancels the jailed player's active move and protects them"). A blocked jailer jails nobody.
 */
import { shieldCount } from "./shields.ts";
import type { EffectModule } from "./types.ts";

export const jail: EffectModule = {
  id: "jail",
  stage: "block",
  block(n, u, target, a) {
    n.shield(target, { by: u.by, ability: a.id, left: shieldCount(a), power: a.power ?? 1, order: 0, takesHit: false, automatic: false });
  },
};
