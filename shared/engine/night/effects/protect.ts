/**
 * Effect `protect` (RULES.md §7.6 the Doctor's heal, §4.4 the save): the target survives `shields`
 * attacks of at most `power`; taken after a jail, before a guard (§5.3).
 */
import { protectWith } from "./shields.ts";
import type { EffectModule } from "./types.ts";

export const protect: EffectModule = { id: "protect", stage: "protect", protect: (n, u, t, a) => protectWith(n, u, t, a, 1) };
