/**
 * Effect `curse` (RULES.md §6 *decision* Curser): a permanent mark on the target, not an attack — no heal
 * removes it (§6.2). Spared by §6.10 immunity. The morning announces the night's cursed seats, the
 * Curser unnamed (§6.3), after the dead are named.
 */
import { PUBLIC, emit } from "../../state.ts";
import type { EffectModule } from "./types.ts";

export const curse: EffectModule = {
  id: "curse",
  stage: "attack",
  harms: true,
  attack(n, by, _u, target, a) {
    n.cursed.push(target);
    n.record.push({ kind: "cursed", by: by[0]!, ability: a.id, target });
  },
  aftermath(ctx, r) {
    for (const x of [...new Set(r.cursed)].sort((a, b) => a - b)) emit(ctx, "cursed", PUBLIC, { seat: x });
  },
};
