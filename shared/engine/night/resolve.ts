/**
 * The night's resolution (issue 14; mafia-rust `on_midnight.rs`): choices are collected first (the night
 * module), then resolved in named stages, always in this order — block → protect → attack → check —
 * each stage a list of abilities from the preset. Visits are plain data: who used what on whom, and
 * whether it took effect; information abilities read the outcome last.
 *
 *  - block: every block lands, whoever made it (mutual blocks both land, §5.3);
 *  - protect: an unblocked protector shields its target (and with `liftsBlock` unblocks it, §7.6);
 *  - attack: an unblocked attacker (a team ability: unless every holder is blocked, §7.6 "freezing the
 *    last remaining mafioso cancels the shot") kills its target unless a shield of at least its power
 *    stops it;
 *  - check: an unblocked checker learns the answer (at once when chosen, or here in the morning).
 */
import type { Seat } from "../types.ts";
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
}

export interface NightRules {
  ability(id: string): Ability;
  /** Abilities per stage, in the preset's order. */
  resolve: { block: string[]; protect: string[]; attack: string[]; check: string[] };
}

/** Block and protect stages over the uses so far: who is blocked now, and the shields (by target). */
export function blockAndProtect(rules: NightRules, uses: readonly Use[]): { blocked: Set<Seat>; shields: Map<Seat, { left: number; power: number }> } {
  const blocked = new Set<Seat>();
  const shields = new Map<Seat, { left: number; power: number }>();
  for (const id of rules.resolve.block) for (const u of uses) if (u.ability === id) for (const t of u.targets) blocked.add(t);
  for (const id of rules.resolve.protect) {
    const a = rules.ability(id);
    for (const u of uses) {
      if (u.ability !== id || blocked.has(u.by)) continue;
      for (const t of u.targets) {
        const left = a.shields === "all" || a.shields === undefined ? Infinity : a.shields;
        const prev = shields.get(t);
        shields.set(t, { left: (prev?.left ?? 0) + left, power: Math.max(prev?.power ?? 0, a.power ?? 1) });
        if (a.liftsBlock) blocked.delete(t);
      }
    }
  }
  return { blocked, shields };
}

/** The whole night: every stage over every use; `alive` says who could still die. */
export function resolveNight(rules: NightRules, uses: readonly Use[], team: readonly TeamChoice[], alive: (seat: Seat) => boolean): Resolution {
  const { blocked, shields } = blockAndProtect(rules, uses);
  const visits: Visit[] = [];
  for (const u of uses) for (const t of u.targets) visits.push({ by: u.by, ability: u.ability, target: t, effective: !blocked.has(u.by) });
  const dead = new Set<Seat>();
  const hit = (target: Seat, power: number) => {
    const sh = shields.get(target);
    if (sh && sh.left > 0 && sh.power >= power) { sh.left--; return; }
    if (alive(target)) dead.add(target);
  };
  for (const id of rules.resolve.attack) {
    const a = rules.ability(id);
    if (a.team) {
      const c = team.find((x) => x.ability === id);
      if (c && c.target !== 0 && !(c.holders.length > 0 && c.holders.every((h) => blocked.has(h)))) hit(c.target, a.power ?? 1);
      continue;
    }
    for (const u of uses) if (u.ability === id && !blocked.has(u.by)) for (const t of u.targets) hit(t, a.power ?? 1);
  }
  return { blocked, dead: [...dead].sort((x, y) => x - y), visits };
}
