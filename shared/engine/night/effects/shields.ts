/** The shields the protect-stage effects put on a seat (RULES.md §5.3): how many attacks one stops. */
import type { Seat } from "../../types.ts";
import type { Ability } from "../abilities.ts";
import type { Guard } from "./types.ts";
import type { Use } from "../uses.ts";

/** Attacks one protection stops ("all": a heal cancels every attack on its target, §7.6). */
export function shieldCount(a: Ability): number {
  return a.shields === "all" || a.shields === undefined ? Infinity : a.shields;
}

/**
 * A protection's shield on `target`, taken by attacks in `order` (§5.3 "a heal cancels one attack, a
 * Bodyguard takes one attack on himself, and the Immortal's one-time armour cancels one more"); recorded
 * as "protected" unless automatic (the armour enters the record only when it stops an attack); with
 * `liftsBlock` it also unblocks its target (§7.6 the heal cancels Putana's freeze).
 */
export function protectWith(n: Guard, u: Use, target: Seat, a: Ability, order: number): void {
  n.shield(target, { by: u.by, ability: a.id, left: shieldCount(a), power: a.power ?? 1, order, takesHit: !!a.takesHit, automatic: !!a.automatic });
  if (!a.automatic) n.record.push({ kind: "protected", by: u.by, ability: a.id, target });
  if (a.liftsBlock) n.blocked.delete(target);
}
