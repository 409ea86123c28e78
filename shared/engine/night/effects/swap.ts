/**
 * Effect `swap` (RULES.md §6 *decision* Swindler): once a game takes a living player's place. Not an
 * attack (no protection stops it); spared by §6.10 immunity. It happens only when the Swindler and his
 * victim both live through the night (settled after the attacks, the reactions and the bonds); in the
 * morning the victim leaves silently and unrevealed and the Swindler takes the victim's role and side
 * (told to him alone); a Swindler turned black makes the black team meet again.
 */
import { depart } from "../../rules/outcome.ts";
import { emit, player, toSeats } from "../../state.ts";
import type { EffectModule } from "./types.ts";

export const swap: EffectModule = {
  id: "swap",
  stage: "attack",
  harms: true,
  attack(n, _by, u) {
    if (u) n.pending("swap").push(u);
  },
  settle(n) {
    for (const u of n.pending("swap")) {
      for (const t of u.targets) {
        const done = n.alive(u.by) && !n.dead.has(u.by) && n.alive(t) && !n.dead.has(t) && !n.swaps.some((x) => x.by === u.by);
        n.record.push({ kind: "swapped", by: u.by, ability: u.ability, target: t, done });
        if (done) n.swaps.push({ by: u.by, target: t });
      }
    }
  },
  aftermath(ctx, r, m) {
    const s = ctx.s;
    for (const { by, target } of r.swaps) {
      const victim = player(s, target);
      depart(ctx, target, "swapped");
      const me = player(s, by);
      me.role = victim.role;
      me.team = victim.team;
      emit(ctx, "swapped", toSeats([by]), { seat: by, target, role: me.role ?? "civilian" });
      if (me.team === "black") m.regroup = true;
    }
  },
};
