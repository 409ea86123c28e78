/**
 * Effect `attack` (RULES.md §2.10 the mafia's shot, §3/§7.6 the Maniac's kill, §4.4 the Commissar's
 * shot, §5.6 the Avenger): the target dies unless a shield of enough power is left on it (night/resolve.ts
 * `hit`: the jail first, then heals, guards, the armour last). Spared by §6.10 immunity; its targets are
 * the night's wounded (§4.4).
 */
import type { EffectModule } from "./types.ts";

export const attack: EffectModule = {
  id: "attack",
  stage: "attack",
  harms: true,
  wounds: true,
  attack: (n, by, _u, target, a) => n.hit(by, a.id, target, a.power ?? 1),
};
