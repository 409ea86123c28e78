/**
 * Effect `disguise` (RULES.md §5.6 Lawyer): covers a black ally: checks of the kinds in the ability's
 * `disguise` get the answer given there (§5.3 "changes the check result of an ally but does not hide
 * their visits"). The protect stage, so a blocked Lawyer covers nobody; the check stage reads the covers.
 */
import type { EffectModule } from "./types.ts";

export const disguise: EffectModule = {
  id: "disguise",
  stage: "protect",
  protect(n, u, target, a) {
    n.covers.set(target, a.disguise ?? {});
    n.record.push({ kind: "protected", by: u.by, ability: a.id, target });
  },
};
