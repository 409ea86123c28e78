/**
 * The night's resolution (mafia-rust `on_midnight.rs`): choices are collected first (the night
 * module), then resolved in named stages, always in this order — block → protect → attack → check —
 * each stage a list of abilities from the preset (the stage of each ability's effect: its module's
 * `stage`), each use dispatched to its effect's module (night/effects/, `effectOf`; this file
 * names no effect). Visits are plain data: who used what on whom, and whether it took effect;
 * information abilities read the outcome last. Every stage writes what it decided to `record` (the night's "why"),
 * which the game keeps and shows only once it is over.
 *
 *  - block (block, jail; RULES.md §5.3): a block lands unless its user is blocked by a block that lands
 *    — decided from the unblocked users outwards; whatever is left is a cycle (mutual or longer), and
 *    every block of a cycle lands ("mutual and cyclic blocks resolve simultaneously: both are blocked").
 *    A landed jail also shields its target from every ordinary attack (§5.6 Jailer, Mistress).
 *  - protect (protect, guard, armour, disguise): an unblocked protector shields its target — a heal for
 *    `shields` attacks (and with `liftsBlock` unblocks it, §7.6), a guard for one attack that then hits
 *    the guard (§5.6), the Immortal's automatic armour for one (a block does not disable it); a cover
 *    changes the target's check answers (§5.6 Lawyer).
 *  - attack (attack, silence): an unblocked attacker (a team ability: unless every holder is blocked,
 *    §7.6) attacks its target; each attack takes one shield — the jail first, then heals, guards, the
 *    armour last (§5.3 "a heal cancels one attack, a Bodyguard takes one attack on himself, and the
 *    Immortal's one-time armour cancels one more"; *decision:* the armour is spent only when nothing
 *    else stops the attack) — or kills. A silence is not an attack: nothing stops it but a block.
 *    Then a bond: a guest dies with the Mistress who met them, when she dies tonight (§5.6).
 *    The club's marks (RULES.md §6, *decisions*): a curse lands (a permanent mark, not an attack); the
 *    preset's reactions answer the attacks that killed — the Kamikaze takes the Maniac along when the
 *    Maniac's kill on him lands ("takes-attacker"), the Werewolf does not die of the mafia's kill but
 *    turns black ("turns-black"; another attack that kills him still does); last, a swap happens when
 *    both the Swindler and his victim live through the night.
 *  - check: read by the night module (at once, live, or in the morning) against the blocks and covers.
 */
import type { NightStep, Seat } from "../types.ts";
import type { AttackStep, NightRules, Resolution, TeamChoice, Use, Visit } from "./uses.ts";

export type { NightStep } from "../types.ts";
export type { NightRules, Resolution, TeamChoice, Use } from "./uses.ts";
import { effectOf, effectsWith, type Guard, type Night, type Shield } from "./effects/index.ts";
import { react } from "./reactions.ts";

/**
 * Which block uses land (§5.3, *decision* "chains"): a block lands unless its user is blocked by a
 * landed block; decided outwards from users nobody blocks; what stays undecided is a cycle, and all of
 * a cycle's blocks land. Returns the landed uses, in use order.
 */
function landedBlocks(rules: NightRules, uses: readonly Use[]): Use[] {
  const blocks: Use[] = [];
  for (const id of rules.resolve.block) for (const u of uses) if (u.ability === id) blocks.push(u);
  if (blocks.length === 0) return blocks;
  const state = new Map<Use, "lands" | "fails">();
  let changed = true;
  while (changed) {
    changed = false;
    for (const u of blocks) {
      if (state.has(u)) continue;
      const on = blocks.filter((b) => b.targets.includes(u.by));
      if (on.some((b) => state.get(b) === "lands")) { state.set(u, "fails"); changed = true; }
      else if (on.every((b) => state.get(b) === "fails")) { state.set(u, "lands"); changed = true; }
    }
  }
  return blocks.filter((u) => state.get(u) !== "fails");
}

/** The block and protect stages' work (a class: one shape, and no closures made per call). */
class GuardWork implements Guard {
  rules: NightRules;
  record: NightStep[];
  landed: Use[];
  blocked = new Set<Seat>();
  shields = new Map<Seat, Shield[]>();
  covers = new Map<Seat, Readonly<Partial<Record<string, string>>>>();
  constructor(rules: NightRules, record: NightStep[], landed: Use[]) {
    this.rules = rules;
    this.record = record;
    this.landed = landed;
  }
  shield(t: Seat, sh: Shield): void {
    const list = this.shields.get(t) ?? [];
    list.push(sh);
    list.sort((x, y) => x.order - y.order);
    this.shields.set(t, list);
  }
}

/** The whole night's work: the attack stage's state and its shield-taking `hit` (§5.3). */
class NightWork extends GuardWork implements Night {
  uses: readonly Use[];
  alive: (seat: Seat) => boolean;
  dead = new Set<Seat>();
  visits: Visit[] = [];
  spent: Resolution["spent"] = [];
  silenced: Seat[] = [];
  cursed: Seat[] = [];
  swaps: Resolution["swaps"] = [];
  attacks: AttackStep[] = [];
  waiting: Map<string, Use[]> | null = null;
  constructor(rules: NightRules, record: NightStep[], landed: Use[], uses: readonly Use[], alive: (seat: Seat) => boolean) {
    super(rules, record, landed);
    this.uses = uses;
    this.alive = alive;
  }
  pending(effect: string): Use[] {
    this.waiting ??= new Map();
    let list = this.waiting.get(effect);
    if (!list) { list = []; this.waiting.set(effect, list); }
    return list;
  }
  hit(by: Seat[], id: string, target: Seat, power: number): void {
    const sh = this.shields.get(target)?.find((x) => x.left > 0 && x.power >= power);
    if (!sh) {
      const step: AttackStep = { kind: "attack", by, ability: id, target, outcome: "killed" };
      this.record.push(step);
      this.attacks.push(step);
      if (this.alive(target)) this.dead.add(target);
      return;
    }
    sh.left--;
    if (sh.automatic) this.spent.push({ by: sh.by, ability: sh.ability });
    const step: AttackStep = { kind: "attack", by, ability: id, target, outcome: "stopped", stoppedBy: sh.by, stoppedWith: sh.ability };
    this.record.push(step);
    this.attacks.push(step);
    // §5.6 the Bodyguard takes the attack on himself (the attacker's visit stays on the ward).
    if (sh.takesHit) this.hit(by, id, sh.by, power);
  }
}

/**
 * Block and protect stages over the uses so far: who is blocked now, the shields by target, the covers.
 * Each landed block marks its targets blocked, then its effect's `block` hook runs (the jail's shield);
 * each unblocked (or automatic) protection runs its effect's `protect` hook (effects/*.ts).
 */
export function blockAndProtect(rules: NightRules, uses: readonly Use[], record: NightStep[] = []): Guard & { landed: Use[] } {
  const g = new GuardWork(rules, record, landedBlocks(rules, uses));
  guardStages(g, uses);
  return g;
}

function guardStages(g: GuardWork, uses: readonly Use[]): void {
  const { rules, record, landed } = g;
  for (const id of rules.resolve.block) {
    const a = rules.ability(id);
    const e = effectOf(a.effect);
    for (const u of uses) {
      if (u.ability !== id) continue;
      if (!landed.includes(u)) { for (const t of u.targets) record.push({ kind: "cancelled", by: u.by, ability: id, target: t }); continue; }
      for (const t of u.targets) {
        g.blocked.add(t);
        record.push({ kind: "blocked", by: u.by, ability: id, target: t });
        e.block?.(g, u, t, a);
      }
    }
  }
  for (const id of rules.resolve.protect) {
    const a = rules.ability(id);
    const e = effectOf(a.effect);
    for (const u of uses) {
      if (u.ability !== id) continue;
      if (g.blocked.has(u.by) && !a.automatic) { for (const t of u.targets) record.push({ kind: "cancelled", by: u.by, ability: id, target: t }); continue; }
      for (const t of u.targets) e.protect?.(g, u, t, a);
    }
  }
}

/** The whole night: every stage over every use; `alive` says who could still die. */
export function resolveNight(rules: NightRules, uses: readonly Use[], team: readonly TeamChoice[], alive: (seat: Seat) => boolean, passivesOf: (seat: Seat) => readonly string[] = () => []): Resolution {
  const record: NightStep[] = [];
  const n = new NightWork(rules, record, landedBlocks(rules, uses), uses, alive);
  guardStages(n, uses);
  const { blocked, landed, visits } = n;
  for (const u of uses) {
    const a = rules.ability(u.ability);
    if (a.team || a.automatic || a.visits === false) continue;
    for (const t of u.targets) visits.push({ by: u.by, ability: u.ability, target: t, effective: !blocked.has(u.by) });
  }
  for (const id of rules.resolve.attack) {
    const a = rules.ability(id);
    const e = effectOf(a.effect);
    if (a.team) {
      const c = team.find((x) => x.ability === id);
      if (!c || c.target === 0) {
        // The night's "why" names the holders who chose nobody (it is shown only in the result).
        if (c) {
          const silent = c.holders.filter((h) => !uses.some((u) => u.by === h && u.ability === id && u.targets.length > 0));
          record.push({ kind: "no-attack", ability: id, reason: "no-target", ...(silent.length ? { silent } : {}) });
        }
        continue;
      }
      const shooters = c.holders.filter((h) => !blocked.has(h));
      if (c.holders.length > 0 && shooters.length === 0) { record.push({ kind: "no-attack", ability: id, reason: "blocked" }); continue; }
      // The team's visit: each shooter who named the settled target and was not blocked.
      for (const h of shooters) if (uses.some((u) => u.by === h && u.ability === id && u.targets[0] === c.target)) visits.push({ by: h, ability: id, target: c.target, effective: true });
      e.attack?.(n, shooters, null, c.target, a);
      continue;
    }
    for (const u of uses) {
      if (u.ability !== id) continue;
      if (blocked.has(u.by)) { for (const t of u.targets) record.push({ kind: "cancelled", by: u.by, ability: id, target: t }); continue; }
      for (const t of u.targets) e.attack?.(n, [u.by], u, t, a);
    }
  }
  const turned = react(rules, record, n.attacks, n.dead, alive, passivesOf);
  // §5.6 "if the Mistress dies that night her guest dies too" (only a meeting that happened).
  for (const id of rules.resolve.block) {
    if (rules.ability(id).bond !== "dies-with-user") continue;
    for (const u of uses) {
      if (u.ability !== id || !landed.includes(u) || !n.dead.has(u.by)) continue;
      for (const t of u.targets) if (alive(t) && !n.dead.has(t)) { n.dead.add(t); record.push({ kind: "bond", by: u.by, ability: id, target: t }); }
    }
  }
  // After the night's deaths: each effect settles what waited for them (§6 the swap).
  for (const e of effectsWith("settle")) e.settle!(n);
  return { blocked, dead: [...n.dead].sort((x, y) => x - y), visits, covers: n.covers, silenced: n.silenced, spent: n.spent, record, attacks: n.attacks, cursed: n.cursed, swaps: n.swaps, turned };
}
