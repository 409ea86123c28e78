/**
 * Effect `armour` (RULES.md §5.6 Immortal): a one-time armour on its holder (an `automatic` ability: a
 * block does not disable it); *decision:* spent only when nothing else stops the attack (taken last).
 */
import { protectWith } from "./shields.ts";
import type { EffectModule } from "./types.ts";

export const armour: EffectModule = { id: "armour", stage: "protect", protect: (n, u, t, a) => protectWith(n, u, t, a, 3) };
