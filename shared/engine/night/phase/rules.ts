/**
 * The night's rules (phases/night.ts): the preset's params (steps, resolution stages, overrides, the
 * morning), the running step's data, the compiled abilities and who holds them now.
 */
import * as v from "valibot";
import { STAGES, abilityDef, withOverride, type Ability, type AbilityOverride } from "../abilities.ts";
import { stageOf } from "../effects/index.ts";
import { REACTION_KINDS } from "../reactions.ts";
import type { NightRules, TeamChoice, Use } from "../resolve.ts";
import { getRole, roleHolds } from "../../roles/index.ts";
import type { AbilityMemory, EngineState } from "../../state.ts";
import { PHASE_NAMES, type Seat } from "../../types.ts";

const ids = v.array(v.string());
const override = v.strictObject({
  skip: v.optional(v.boolean()),
  /** Target rules a format sets (§5.2 never one's own team; §5.6 the Doctor on himself once a game; §7.6 nights in a row). */
  targets: v.optional(v.strictObject({
    side: v.optional(v.picklist(["own", "other"])),
    selfTimes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
    /** 0: no limit (§5.6 the profiles' Doctor may heal the same player again). */
    maxInARow: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  })),
  consensus: v.optional(v.picklist(["unanimous", "leader", "tally"])),
  shields: v.optional(v.union([v.number(), v.literal("all")])),
  power: v.optional(v.number()),
  /** §7.6 a heal lifts a freeze; false in the profiles (§5.3 a heal cancels an attack, not a block). */
  liftsBlock: v.optional(v.boolean()),
  /** Who sees a choice (the ability's `chosen` event): §7.6 "Don and Mafia (not Putana)": the step's holders only. */
  chosenAudience: v.optional(v.picklist(["self", "living-team", "holders"])),
  /** §6.2 the team ability's leader, whose word decides (club: "the Boss decides"). */
  leader: v.optional(v.string()),
});
export const params = v.pipe(
  v.strictObject({
    steps: v.pipe(v.array(v.strictObject({
      id: v.string(),
      name: v.picklist(PHASE_NAMES),
      ms: v.pipe(v.number(), v.integer(), v.minValue(1000)),
      msSetting: v.optional(v.string()),
      abilities: ids,
      /** The public word when the step begins: the step's name and length, "checks begin" (sport), or nothing. */
      announce: v.picklist(["night-turn", "checks-started", "none"]),
      /** "black-team": the living black team (§2.10); "holders": the living holders of the step's abilities (§7.6 Don and Mafia, not Putana). */
      floor: v.optional(v.picklist(["black-team", "holders"])),
      /** The step runs only when a role holding one of its abilities was dealt (§5.5 decision: the composition is public). */
      ifDealt: v.optional(v.boolean()),
    })), v.minLength(1)),
    resolve: v.strictObject({ block: ids, protect: ids, attack: ids, check: ids }),
    abilities: v.optional(v.record(v.string(), override), {}),
    morning: v.strictObject({
      quiet: v.picklist(["shot-missed", "nobody-killed"]),
      out: v.picklist(["shot", "killed"]),
      /**
       * RULES.md §5.1 *decision* "the morning names the saved": every player attacked tonight who lives
       * because a protection held is announced as "seat N was attacked and survived" (`survived`, the
       * seat only: never who attacked, who protected or how); the saved player alone is told what saved
       * them (`saved`). Absent: the morning names only the dead (§2.11, §4.5, §7.7).
       */
      saved: v.optional(v.boolean()),
    }),
    /** §7.12 "a 5 s warning before a night step ends": shown by the client from this long before each step's deadline. */
    warnMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1000))),
    /**
     * §6 (decisions) passives that answer an attack that killed their holder (night/resolve.ts): the
     * Kamikaze takes the Maniac along ("takes-attacker" of `kill`), the Werewolf turns black instead of
     * dying of the mafia's kill ("turns-black" of `mafia-shot`).
     */
    reactions: v.optional(v.array(v.strictObject({ passive: v.string(), ability: v.string(), effect: v.picklist(REACTION_KINDS) }))),
    /**
     * §6.3 "the results of the Commissar's and the Boss's checks — to the whole table": after the night's
     * events, each check made tonight with one of these abilities is announced (`check-announced`),
     * naming the checking role given here, never the checker's seat.
     */
    announceChecks: v.optional(v.record(v.string(), v.string())),
  }),
  v.check((p) => p.steps.every((st) => st.abilities.every((id) => {
    const a = abilityDef(id);
    const stage = a ? stageOf(a.effect) : null;
    return !!a && stage !== null && !a.automatic && p.resolve[stage].includes(id);
  })), "every step's ability must exist, have an effect the night resolves, and sit in the resolution stage of its effect"),
  v.check((p) => STAGES.every((stage) => p.resolve[stage].every((id) => {
    const a = abilityDef(id);
    return !!a && stageOf(a.effect) === stage && (!!a.automatic || p.steps.some((st) => st.abilities.includes(id)));
  })), "every ability in a resolution stage must exist, resolve in that stage, and act in a step (or be automatic)"),
  v.check((p) => p.steps.some((st) => !st.ifDealt), "at least one step must run whatever was dealt (the night needs a first step)"),
);
export type P = v.InferOutput<typeof params>;
export type StepP = P["steps"][number];
export interface D {
  step: number;
  uses: Use[];
  /** acted[seat-1]: a bit per ability of the current step (its index in the step) used or skipped. */
  acted: number[];
  team: TeamChoice[];
  /** Blocked players already told. */
  told: Seat[];
  /** Tracker / Watcher results last told (§5.1 live): "by:ability" → seats. */
  reported?: Readonly<Record<string, readonly Seat[]>>;
  /** §7.10 seats whose choice this step their consigliere gave (final for both); reset at each step. */
  advised?: Seat[];
}

/** The compiled rules of one preset's night (abilities with the preset's overrides), cached per params object. */
const compiled = new WeakMap<P, NightRules>();
export function rulesOf(p: P): NightRules {
  let r = compiled.get(p);
  if (!r) {
    const table = new Map<string, Ability>();
    const all = [...p.steps.flatMap((st) => st.abilities), ...p.resolve.block, ...p.resolve.protect, ...p.resolve.attack, ...p.resolve.check];
    for (const id of all) {
      if (table.has(id)) continue;
      const base = abilityDef(id)!;
      const o = p.abilities[id];
      const { chosenAudience, ...rest } = o ?? {};
      let a = withOverride(base, o ? ({ ...rest, ...(o.targets ? { targets: { ...base.targets, ...o.targets } } : {}) } as AbilityOverride) : undefined);
      if (chosenAudience && a.chosen) a = { ...a, chosen: { ...a.chosen, audience: chosenAudience } };
      if (a.targets.maxInARow === 0) { const { maxInARow: _none, ...targets } = a.targets; table.set(id, { ...a, targets }); }
      else table.set(id, a);
    }
    r = { ability: (id) => table.get(id)!, resolve: p.resolve, ...(p.reactions ? { reactions: p.reactions } : {}) };
    compiled.set(p, r);
  }
  return r;
}

/** Living seats holding `a` now (a team ability passes to a `lastResort` holder when nobody else holds it). */
export function holders(s: EngineState, a: Ability): Seat[] {
  const out: Seat[] = [];
  for (const x of s.players) if (x.alive && x.role !== null && roleHolds(x.role, a.id)) out.push(x.seat);
  if (out.length === 0 && a.team?.lastResort) {
    const passive = a.team.lastResort;
    for (const x of s.players) if (x.alive && x.team === "black" && x.role !== null && getRole(x.role).passives.includes(passive)) out.push(x.seat);
  }
  return out;
}

/** Whether living `seat` holds `a` now (holders() without building the list, for the common case). */
export function holds(s: EngineState, a: Ability, seat: Seat): boolean {
  const me = s.players[seat - 1]!;
  if (!me.alive || me.role === null) return false;
  if (roleHolds(me.role, a.id)) return true;
  return !!a.team?.lastResort && holders(s, a).includes(seat);
}

export function memoryOf(s: EngineState, seat: Seat, id: string): AbilityMemory | undefined {
  return s.players[seat - 1]!.memory?.[id];
}

/** Whether an ability keeps a memory (its target rules read one). */
export const remembers = (a: Ability) => a.targets.maxInARow !== undefined || a.targets.selfTimes !== undefined || a.timesPerGame !== undefined;

export function stepOf(p: P, d: D): StepP {
  return p.steps[d.step] as StepP;
}

/** Whether step `index` runs in this game (`ifDealt`: a role holding one of its abilities was dealt). */
export function runs(s: EngineState, p: P, index: number): boolean {
  const st = p.steps[index] as StepP;
  if (!st.ifDealt) return true;
  return s.players.some((x) => x.role !== null && st.abilities.some((id) => roleHolds(x.role!, id)));
}

/** The first step from `from` that runs in this game (p.steps.length: none). */
export function nextRunning(s: EngineState, p: P, from: number): number {
  let i = from;
  while (i < p.steps.length && !runs(s, p, i)) i++;
  return i;
}
