/**
 * Effect `block` (RULES.md §5.3, §5.6 Blocker, §7.6 Putana's freeze): the target's own moves this night do
 * not happen. Resolved in the block stage (night/resolve.ts: a block lands unless its user is blocked by a
 * landed block; cycles all land); the blocked seat is marked there. `notice` (an ability's): the target is
 * told (night/phase/reports.ts).
 */
import type { EffectModule } from "./types.ts";

export const block: EffectModule = { id: "block", stage: "block" };
