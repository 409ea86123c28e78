/**
 * Effect `guard` (RULES.md §5.6 Bodyguard): one attack on the ward is stopped and, with `takesHit`, hits
 * the guard instead (§5.3 "a Bodyguard takes one attack on himself"); taken after a heal.
 */
import { protectWith } from "./shields.ts";
import type { EffectModule } from "./types.ts";

export const guard: EffectModule = { id: "guard", stage: "protect", protect: (n, u, t, a) => protectWith(n, u, t, a, 2) };
