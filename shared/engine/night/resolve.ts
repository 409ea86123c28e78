/**
 * The night's resolution (issue 14; mafia-rust `on_midnight.rs`): choices are collected first (the night
 * module), then resolved in named stages, always in this order — block → protect → attack → check —
 * each stage a list of abilities from the preset (the stage of each ability's effect, abilities.ts
 * STAGE_OF). Visits are plain data: who used what on whom, and whether it took effect; information
 * abilities read the outcome last. Every stage writes what it decided to `record` (the night's "why",
 * issue 16), which the game keeps and shows only once it is over.
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

export type { NightStep } from "../types.ts";
import type { Ability } from "./abilities.ts";

/** One ability use this night (immutable once recorded). */
export interface Use {
  by: Seat;
  ability: string;
  targets: Seat[];
}

/** A team ability's settled target after its step (0: none) and who held it then. */
export interface TeamChoice {
  ability: string;
  target: Seat | 0;
  holders: Seat[];
}

/** A visit as a Tracker or Watcher would see it (§5.6): who went where, and whether it happened. */
export interface Visit {
  by: Seat;
  ability: string;
  target: Seat;
  effective: boolean;
}

export interface Resolution {
  blocked: Set<Seat>;
  dead: Seat[];
  visits: Visit[];
  /** Seats covered by a disguise tonight, with the answers they give (§5.6 Lawyer). */
  covers: Map<Seat, Readonly<Partial<Record<string, string>>>>;
  /** Seats silenced for the coming day (§5.6 Blackmailer). */
  silenced: Seat[];
  /** Automatic shields spent tonight (the Immortal's armour): holder and ability. */
  spent: Array<{ by: Seat; ability: string }>;
  /** §6 seats cursed tonight (the Curser). */
  cursed: Seat[];
  /** §6 the swaps that happen: the Swindler `by` takes `target`'s place. */
  swaps: Array<{ by: Seat; target: Seat }>;
  /** §6 seats that turned black tonight instead of dying (the Werewolf). */
  turned: Seat[];
  /** The night's steps in the order they were decided. */
  record: NightStep[];
}

export interface NightRules {
  ability(id: string): Ability;
  /** Abilities per stage, in the preset's order. */
  resolve: { block: string[]; protect: string[]; attack: string[]; check: string[] };
  /**
   * §6 passives that answer an attack that killed their holder (in this order): "takes-attacker" — the
   * attackers of `ability` die too (the Kamikaze and the Maniac's kill); "turns-black" — the holder does
   * not die when every attack that killed him was `ability` (the Werewolf and the mafia's kill).
   */
  reactions?: ReadonlyArray<{ passive: string; ability: string; effect: "takes-attacker" | "turns-black" }>;
}

/** A shield on a seat: what stops the next attack of at most `power` (`left` attacks). */
interface Shield {
  by: Seat;
  ability: string;
  left: number;
  power: number;
  /** 0 jail, 1 heal, 2 guard, 3 armour: the order in which attacks take them. */
  order: number;
  takesHit: boolean;
  automatic: boolean;
}

const ORDER: Record<string, number> = { jail: 0, protect: 1, guard: 2, armour: 3 };

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

/** Block and protect stages over the uses so far: who is blocked now, the shields by target, the covers. */
export function blockAndProtect(rules: NightRules, uses: readonly Use[], record: NightStep[] = []): { blocked: Set<Seat>; landed: Use[]; shields: Map<Seat, Shield[]>; covers: Map<Seat, Readonly<Partial<Record<string, string>>>> } {
  const blocked = new Set<Seat>();
  const shields = new Map<Seat, Shield[]>();
  const covers = new Map<Seat, Readonly<Partial<Record<string, string>>>>();
  const shield = (t: Seat, sh: Shield) => {
    const list = shields.get(t) ?? [];
    list.push(sh);
    list.sort((x, y) => x.order - y.order);
    shields.set(t, list);
  };
  const landed = landedBlocks(rules, uses);
  for (const id of rules.resolve.block) {
    const a = rules.ability(id);
    for (const u of uses) {
      if (u.ability !== id) continue;
      if (!landed.includes(u)) { for (const t of u.targets) record.push({ kind: "cancelled", by: u.by, ability: id, target: t }); continue; }
      for (const t of u.targets) {
        blocked.add(t);
        record.push({ kind: "blocked", by: u.by, ability: id, target: t });
        if (a.effect === "jail") shield(t, { by: u.by, ability: id, left: count(a), power: a.power ?? 1, order: ORDER.jail!, takesHit: false, automatic: false });
      }
    }
  }
  for (const id of rules.resolve.protect) {
    const a = rules.ability(id);
    for (const u of uses) {
      if (u.ability !== id) continue;
      if (blocked.has(u.by) && !a.automatic) { for (const t of u.targets) record.push({ kind: "cancelled", by: u.by, ability: id, target: t }); continue; }
      for (const t of u.targets) {
        if (a.effect === "disguise") {
          covers.set(t, a.disguise ?? {});
          record.push({ kind: "protected", by: u.by, ability: id, target: t });
          continue;
        }
        shield(t, { by: u.by, ability: id, left: count(a), power: a.power ?? 1, order: ORDER[a.effect] ?? 1, takesHit: !!a.takesHit, automatic: !!a.automatic });
        // The armour is on its holder every night: it enters the record only when it stops an attack.
        if (!a.automatic) record.push({ kind: "protected", by: u.by, ability: id, target: t });
        if (a.liftsBlock) blocked.delete(t);
      }
    }
  }
  return { blocked, landed, shields, covers };
}

function count(a: Ability): number {
  return a.shields === "all" || a.shields === undefined ? Infinity : a.shields;
}

/** The whole night: every stage over every use; `alive` says who could still die. */
export function resolveNight(rules: NightRules, uses: readonly Use[], team: readonly TeamChoice[], alive: (seat: Seat) => boolean, passivesOf: (seat: Seat) => readonly string[] = () => []): Resolution {
  const record: NightStep[] = [];
  const { blocked, landed, shields, covers } = blockAndProtect(rules, uses, record);
  const visits: Visit[] = [];
  for (const u of uses) {
    const a = rules.ability(u.ability);
    if (a.team || a.automatic || a.visits === false) continue;
    for (const t of u.targets) visits.push({ by: u.by, ability: u.ability, target: t, effective: !blocked.has(u.by) });
  }
  const dead = new Set<Seat>();
  const spent: Resolution["spent"] = [];
  const silenced: Seat[] = [];
  const cursed: Seat[] = [];
  const swapUses: Use[] = [];
  const hit = (by: Seat[], id: string, target: Seat, power: number) => {
    const sh = shields.get(target)?.find((x) => x.left > 0 && x.power >= power);
    if (!sh) {
      record.push({ kind: "attack", by, ability: id, target, outcome: "killed" });
      if (alive(target)) dead.add(target);
      return;
    }
    sh.left--;
    if (sh.automatic) spent.push({ by: sh.by, ability: sh.ability });
    record.push({ kind: "attack", by, ability: id, target, outcome: "stopped", stoppedBy: sh.by, stoppedWith: sh.ability });
    // §5.6 the Bodyguard takes the attack on himself (the attacker's visit stays on the ward).
    if (sh.takesHit) hit(by, id, sh.by, power);
  };
  for (const id of rules.resolve.attack) {
    const a = rules.ability(id);
    if (a.team) {
      const c = team.find((x) => x.ability === id);
      if (!c || c.target === 0) {
        // Issue 38.6: the night's "why" names the holders who chose nobody (it is shown only in the result).
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
      hit(shooters, id, c.target, a.power ?? 1);
      continue;
    }
    for (const u of uses) {
      if (u.ability !== id) continue;
      if (blocked.has(u.by)) { for (const t of u.targets) record.push({ kind: "cancelled", by: u.by, ability: id, target: t }); continue; }
      for (const t of u.targets) {
        if (a.effect === "silence") { silenced.push(t); record.push({ kind: "silenced", by: u.by, ability: id, target: t }); }
        else if (a.effect === "curse") { cursed.push(t); record.push({ kind: "cursed", by: u.by, ability: id, target: t }); }
        else if (a.effect === "swap") swapUses.push(u);
        else hit([u.by], id, t, a.power ?? 1);
      }
    }
  }
  const turned = react(rules, record, dead, alive, passivesOf);
  // §5.6 "if the Mistress dies that night her guest dies too" (only a meeting that happened).
  for (const id of rules.resolve.block) {
    if (rules.ability(id).bond !== "dies-with-user") continue;
    for (const u of uses) {
      if (u.ability !== id || !landed.includes(u) || !dead.has(u.by)) continue;
      for (const t of u.targets) if (alive(t) && !dead.has(t)) { dead.add(t); record.push({ kind: "bond", by: u.by, ability: id, target: t }); }
    }
  }
  // §6 the swap happens when the Swindler and his victim both live through the night.
  const swaps: Resolution["swaps"] = [];
  for (const u of swapUses) {
    for (const t of u.targets) {
      const done = alive(u.by) && !dead.has(u.by) && alive(t) && !dead.has(t) && !swaps.some((x) => x.by === u.by);
      record.push({ kind: "swapped", by: u.by, ability: u.ability, target: t, done });
      if (done) swaps.push({ by: u.by, target: t });
    }
  }
  return { blocked, dead: [...dead].sort((x, y) => x - y), visits, covers, silenced, spent, record, cursed, swaps, turned };
}

/** §6 the preset's reactions to the attacks that killed (the Kamikaze, the Werewolf): changes `dead`; returns the turned. */
function react(rules: NightRules, record: NightStep[], dead: Set<Seat>, alive: (seat: Seat) => boolean, passivesOf: (seat: Seat) => readonly string[]): Seat[] {
  const turned: Seat[] = [];
  if (!rules.reactions?.length) return turned;
  const killedBy = new Map<Seat, Array<{ ability: string; by: Seat[] }>>();
  for (const r of record) if (r.kind === "attack" && r.outcome === "killed") killedBy.set(r.target, [...(killedBy.get(r.target) ?? []), { ability: r.ability, by: r.by }]);
  for (const rx of rules.reactions) {
    for (const [target, hits] of killedBy) {
      if (!dead.has(target) || !passivesOf(target).includes(rx.passive)) continue;
      if (rx.effect === "turns-black") {
        if (!hits.every((h) => h.ability === rx.ability)) continue;
        dead.delete(target);
        turned.push(target);
        record.push({ kind: "reaction", passive: rx.passive, by: target, target });
        continue;
      }
      for (const h of hits) {
        if (h.ability !== rx.ability) continue;
        for (const b of h.by) {
          if (!alive(b) || dead.has(b)) continue;
          dead.add(b);
          record.push({ kind: "reaction", passive: rx.passive, by: target, target: b });
        }
      }
    }
  }
  return turned;
}
