/**
 * The night's target rules (RULES.md §2.10, §4.4, §5.2, §5.6, §6.10, §7.6) read from each ability's data
 * (`targets`, `timesPerGame`, `oneOf`) and its effect's module (`harms`, `wounds`): whom a holder may
 * name now, and the offers as available actions.
 */
import type { Ability } from "../abilities.ts";
import { effectOf, harms } from "../effects/index.ts";
import { immuneNow } from "../../rules/immunity.ts";
import type { EngineState } from "../../state.ts";
import type { AvailableAction, Seat } from "../../types.ts";
import { holds, memoryOf, rulesOf, stepOf, type D, type P, type StepP } from "./rules.ts";

/**
 * §4.4 the seats attacked tonight by the uses collected so far (the wounded): each settled team shot
 * and every other attack already chosen, living seats only, in seat order.
 */
export function attackedSoFar(s: EngineState, p: P, d: D): Seat[] {
  const rules = rulesOf(p);
  const out = new Set<Seat>();
  for (const id of rules.resolve.attack) {
    const a = rules.ability(id);
    if (!effectOf(a.effect).wounds) continue;
    if (a.team) { const c = d.team.find((x) => x.ability === id); if (c && c.target !== 0) out.add(c.target); continue; }
    for (const u of d.uses) if (u.ability === id) for (const t of u.targets) out.add(t);
  }
  return [...out].filter((x) => s.players[x - 1]!.alive).sort((x, y) => x - y);
}

/** §4.4 crossed hands: whether `target` already took `a` this game (an ability with `oncePerTarget`). */
export function taken(s: EngineState, a: Ability, target: Seat): boolean {
  return !!a.targets.oncePerTarget && !!s.onceTaken?.[a.id]?.includes(target);
}

/** Seats `seat` may name with `a` now (§2.10, §4.4, §5.2, §5.6, §7.6 target rules). */
export function targetsFor(s: EngineState, p: P, d: D, a: Ability, seat: Seat): Seat[] {
  const out: Seat[] = [];
  const among = a.targets.among === "attacked" ? attackedSoFar(s, p, d) : null;
  for (const x of s.players) if (mayTarget(s, a, seat, x.seat, among)) out.push(x.seat);
  return out;
}

/** Whether `seat` may name `target` with `a` now (the rules of targetsFor, for one seat; `among`: the wounded, §4.4). */
export function mayTarget(s: EngineState, a: Ability, seat: Seat, target: Seat, among: readonly Seat[] | null = null): boolean {
  const x = s.players[target - 1];
  if (!x || !x.alive) return false;
  if (harms(a.effect) && immuneNow(s, target)) return false;
  const t = a.targets;
  if (target === seat ? !t.self : t.self === "only") return false;
  if (among && !among.includes(target)) return false;
  if (taken(s, a, target)) return false;
  if (t.side !== undefined && (t.side === "own") !== (x.team === s.players[seat - 1]!.team)) return false;
  if (t.fresh) for (const c of s.checks) if (c.by === seat && c.ability === a.id && c.target === target) return false;
  if (t.maxInARow === undefined && t.selfTimes === undefined && a.timesPerGame === undefined) return true;
  const mem = memoryOf(s, seat, a.id);
  if (!mem) return true;
  // §4.4 / §5.6 effective uses a game.
  if (a.timesPerGame !== undefined && mem.used >= a.timesPerGame) return false;
  // §7.6 not the same seat more than maxInARow nights in a row; §5.6 oneself a limited number of times a game (effective uses).
  if (t.maxInARow !== undefined && mem.last === target && mem.streak >= t.maxInARow) return false;
  return !(target === seat && t.selfTimes !== undefined && (mem.self ?? 0) >= t.selfTimes);
}

/** `acted`: the step's abilities the seat has used or skipped (bits); §7.10 the consigliere's offer ignores them. */
export function offered(s: EngineState, p: P, d: D, seat: Seat, acted = d.acted[seat - 1] as number): Array<{ a: Ability; targets: Seat[] }> {
  const out: Array<{ a: Ability; targets: Seat[] }> = [];
  const abilities = stepOf(p, d).abilities;
  for (let i = 0; i < abilities.length; i++) {
    const a = rulesOf(p).ability(abilities[i] as string);
    if (acted & (1 << i) && a.team?.consensus !== "tally") continue;
    if (!holds(s, a, seat)) continue;
    const targets = targetsFor(s, p, d, a, seat);
    if (targets.length) out.push({ a, targets });
  }
  return out;
}

/** The step's abilities one use (or skip) of `a` closes: §4.4 "either checks … or uses his single shot" — its one-of group. */
export function groupBits(p: P, st: StepP, a: Ability, index: number): number {
  let bits = 1 << index;
  if (a.oneOf) st.abilities.forEach((id, i) => { if (rulesOf(p).ability(id).oneOf === a.oneOf) bits |= 1 << i; });
  return bits;
}

/** The offers as available actions; `own`: §7.10 the consigliere's list names the seat's current choice (`chosen`). */
export function offer(s: EngineState, p: P, d: D, seat: Seat, list: Array<{ a: Ability; targets: Seat[] }>, out: AvailableAction[], own = false): void {
  for (const { a, targets } of list) {
    // §5.2 one's own current tally choice (never another holder's: the tally stays anonymous).
    const mine = a.team?.consensus === "tally" || own ? d.uses.find((u) => u.by === seat && u.ability === a.id) : undefined;
    // §4.4 crossed hands: the wounded who cannot be saved again stay on the list, barred.
    const barred = a.targets.oncePerTarget && a.targets.among === "attacked" ? attackedSoFar(s, p, d).filter((x) => taken(s, a, x)) : [];
    out.push({ type: "use", ability: a.id, label: `ability.${a.id}`, effect: a.effect, targets: { min: a.targets.count, max: a.targets.count, seats: targets, ...(barred.length ? { barred } : {}) }, skip: a.skip, ...(mine ? { chosen: mine.targets.slice() } : {}) });
  }
}
