/**
 * Phase module `night` (RULES.md §2.10–§2.11, §3, §5.3, §7.6): the night as collect-then-resolve.
 *
 * Collect: the preset's steps run in order, each its own turn with its own timer (one step holding
 * every ability = all at once). In a step, each living holder of one of its abilities may use it once
 * (final) or, where the ability allows, skip it. Every step runs its full time whoever acted and even
 * when its holders are dead: the night's timing tells the table nothing about who is alive (§1
 * Secrets). A live host confirms each step (§5.7). Choices after the deadline do not count.
 *  - A team ability (the mafia's shot) is settled when its step ends, by its consensus: "unanimous"
 *    (§2.10: every living holder chose the same living player; one missing or different choice is a
 *    miss) or "leader" (the leader's choice decides; without it, unanimity of the others).
 *  - A check's answer reaches its owner at once (§5.1), read against the blocks and protections chosen
 *    so far; a blocked checker learns "check-frozen" instead. A blocked user with a `notice` block on
 *    them learns it right after giving their choice, or in the morning (§7.6).
 *  - Each holder's memory (last target, nights in a row) is updated when its step ends, from its
 *    effective use (a blocked heal is no heal: "heal, frozen, heal is allowed").
 * Resolve (night/resolve.ts): block → protect → attack → check; deaths land together in the morning:
 * the killed are named (no cause) and leave, the win is checked once, and each gets last words
 * (outcome "killed", in seat order); nobody killed → outcome "quiet".
 *
 * The floor: a step with `floor: "black-team"` opens the living black team's channel (they may talk
 * during the shot, §2.10); otherwise nobody.
 */
import * as v from "valibot";
import { own } from "../../own.ts";
import { announcedWindowMs, hostGate, msOf, reject, restartStage } from "../flow/stage.ts";
import type { Next, PhaseModule } from "../flow/types.ts";
import { STAGE_OF, abilityDef, isBuiltEffect, withOverride, type Ability, type AbilityOverride } from "../night/abilities.ts";
import { blockAndProtect, resolveNight, type NightRules, type Resolution, type TeamChoice, type Use } from "../night/resolve.ts";
import { presetOf } from "../presets/index.ts";
import { checkResult, getRole, roleHolds } from "../roles/index.ts";
import { checkWin, depart, roundEnded } from "../rules/outcome.ts";
import { immuneNow } from "../rules/immunity.ts";
import { PUBLIC, blackSeats, emit, player, toSeats, type AbilityMemory, type Ctx, type EngineState } from "../state.ts";
import { PHASE_NAMES, type AvailableAction, type BuiltEffect, type PlayerAction, type Seat } from "../types.ts";

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
const params = v.pipe(
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
    reactions: v.optional(v.array(v.strictObject({ passive: v.string(), ability: v.string(), effect: v.picklist(["takes-attacker", "turns-black"]) }))),
    /**
     * §6.3 "the results of the Commissar's and the Boss's checks — to the whole table": after the night's
     * events, each check made tonight with one of these abilities is announced (`check-announced`),
     * naming the checking role given here, never the checker's seat.
     */
    announceChecks: v.optional(v.record(v.string(), v.string())),
  }),
  v.check((p) => p.steps.every((st) => st.abilities.every((id) => {
    const a = abilityDef(id);
    return !!a && isBuiltEffect(a.effect) && !a.automatic && p.resolve[STAGE_OF[a.effect]].includes(id);
  })), "every step's ability must exist, have an effect the night resolves, and sit in the resolution stage of its effect"),
  v.check((p) => (["block", "protect", "attack", "check"] as const).every((stage) => p.resolve[stage].every((id) => {
    const a = abilityDef(id);
    return !!a && isBuiltEffect(a.effect) && STAGE_OF[a.effect] === stage && (!!a.automatic || p.steps.some((st) => st.abilities.includes(id)));
  })), "every ability in a resolution stage must exist, resolve in that stage, and act in a step (or be automatic)"),
  v.check((p) => p.steps.some((st) => !st.ifDealt), "at least one step must run whatever was dealt (the night needs a first step)"),
);
type P = v.InferOutput<typeof params>;
type StepP = P["steps"][number];

interface D {
  step: number;
  uses: Use[];
  /** acted[seat-1]: a bit per ability of the current step (its index in the step) used or skipped. */
  acted: number[];
  team: TeamChoice[];
  /** Blocked players already told. */
  told: Seat[];
  /** Tracker / Watcher results last told (issue 16, §5.1 live): "by:ability" → seats. */
  reported?: Readonly<Record<string, readonly Seat[]>>;
  /** §7.10 seats whose choice this step their consigliere gave (final for both); reset at each step. */
  advised?: Seat[];
}

/** The compiled rules of one preset's night (abilities with the preset's overrides), cached per params object. */
const compiled = new WeakMap<P, NightRules>();
function rulesOf(p: P): NightRules {
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
function holders(s: EngineState, a: Ability): Seat[] {
  const out: Seat[] = [];
  for (const x of s.players) if (x.alive && x.role !== null && roleHolds(x.role, a.id)) out.push(x.seat);
  if (out.length === 0 && a.team?.lastResort) {
    const passive = a.team.lastResort;
    for (const x of s.players) if (x.alive && x.team === "black" && x.role !== null && getRole(x.role).passives.includes(passive)) out.push(x.seat);
  }
  return out;
}

/** Whether living `seat` holds `a` now (holders() without building the list, for the common case). */
function holds(s: EngineState, a: Ability, seat: Seat): boolean {
  const me = s.players[seat - 1]!;
  if (!me.alive || me.role === null) return false;
  if (roleHolds(me.role, a.id)) return true;
  return !!a.team?.lastResort && holders(s, a).includes(seat);
}

function memoryOf(s: EngineState, seat: Seat, id: string): AbilityMemory | undefined {
  return s.players[seat - 1]!.memory?.[id];
}

/** Whether an ability keeps a memory (its target rules read one). */
const remembers = (a: Ability) => a.targets.maxInARow !== undefined || a.targets.selfTimes !== undefined || a.timesPerGame !== undefined;

/**
 * §4.4 the seats attacked tonight by the uses collected so far (the wounded): each settled team shot
 * and every other attack already chosen, living seats only, in seat order.
 */
function attackedSoFar(s: EngineState, p: P, d: D): Seat[] {
  const rules = rulesOf(p);
  const out = new Set<Seat>();
  for (const id of rules.resolve.attack) {
    const a = rules.ability(id);
    if (rules.ability(id).effect !== "attack") continue;
    if (a.team) { const c = d.team.find((x) => x.ability === id); if (c && c.target !== 0) out.add(c.target); continue; }
    for (const u of d.uses) if (u.ability === id) for (const t of u.targets) out.add(t);
  }
  return [...out].filter((x) => s.players[x - 1]!.alive).sort((x, y) => x - y);
}

/** §6.10 the effects an immune seat is spared on night 1 (rules/immunity.ts): the attack, the curse, the swap. */
const HARMS: ReadonlySet<string> = new Set(["attack", "curse", "swap"]);

/** §4.4 crossed hands: whether `target` already took `a` this game (an ability with `oncePerTarget`). */
function taken(s: EngineState, a: Ability, target: Seat): boolean {
  return !!a.targets.oncePerTarget && !!s.onceTaken?.[a.id]?.includes(target);
}

/** Seats `seat` may name with `a` now (§2.10, §4.4, §5.2, §5.6, §7.6 target rules). */
function targetsFor(s: EngineState, p: P, d: D, a: Ability, seat: Seat): Seat[] {
  const out: Seat[] = [];
  const among = a.targets.among === "attacked" ? attackedSoFar(s, p, d) : null;
  for (const x of s.players) if (mayTarget(s, a, seat, x.seat, among)) out.push(x.seat);
  return out;
}

/** Whether `seat` may name `target` with `a` now (the rules of targetsFor, for one seat; `among`: the wounded, §4.4). */
function mayTarget(s: EngineState, a: Ability, seat: Seat, target: Seat, among: readonly Seat[] | null = null): boolean {
  const x = s.players[target - 1];
  if (!x || !x.alive) return false;
  if (HARMS.has(a.effect) && immuneNow(s, target)) return false;
  const t = a.targets;
  if (target === seat && !t.self) return false;
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

function stepOf(p: P, d: D): StepP {
  return p.steps[d.step] as StepP;
}

function tellBlocked(ctx: Ctx, d: D, seat: Seat): void {
  if (d.told.includes(seat)) return;
  d.told = [...d.told, seat];
  emit(ctx, "frozen", toSeats([seat]), { seat, night: ctx.s.day });
}

/** Whether a block that tells its target was used on `seat` (so being blocked is announced to them). */
function noticed(rules: NightRules, uses: readonly Use[], seat: Seat): boolean {
  return uses.some((u) => u.targets.includes(seat) && rules.resolve.block.includes(u.ability) && !!rules.ability(u.ability).notice);
}

/** Whether step `index` runs in this game (`ifDealt`: a role holding one of its abilities was dealt). */
function runs(s: EngineState, p: P, index: number): boolean {
  const st = p.steps[index] as StepP;
  if (!st.ifDealt) return true;
  return s.players.some((x) => x.role !== null && st.abilities.some((id) => roleHolds(x.role!, id)));
}

/** The first step from `from` that runs in this game (p.steps.length: none). */
function nextRunning(s: EngineState, p: P, from: number): number {
  let i = from;
  while (i < p.steps.length && !runs(s, p, i)) i++;
  return i;
}

function openStep(ctx: Ctx, p: P, index: number): number {
  const st = p.steps[index] as StepP;
  const ms = msOf(ctx.s.settings, st.ms, st.msSetting);
  // The turn's time as the table runs it (issue 31.2: longer windows for beginners, flow/stage.ts).
  if (st.announce === "night-turn") emit(ctx, "night-turn", PUBLIC, { step: st.id, ms: announcedWindowMs(ctx.s, ms) });
  else if (st.announce === "checks-started") emit(ctx, "checks-started", PUBLIC, {});
  return ms;
}

/**
 * §4.4 "the Doctor is shown the wounded (at most three)" when his step opens, and (crossed hands) which
 * of them were already saved once this game — to each living holder of an `among: "attacked"` ability.
 */
function tellWounded(ctx: Ctx, p: P, d: D): void {
  const s = ctx.s;
  const rules = rulesOf(p);
  for (const id of stepOf(p, d).abilities) {
    const a = rules.ability(id);
    if (a.targets.among !== "attacked") continue;
    const seats = attackedSoFar(s, p, d);
    const barred = seats.filter((x) => taken(s, a, x));
    for (const h of holders(s, a)) emit(ctx, "wounded", toSeats([h]), { by: h, night: s.day, seats, barred });
  }
}

/**
 * A team ability's one target when its step ends (§2.10 unanimity, or the leader's word). `bit`: the
 * ability's bit in `acted` — a leader who declined (skip) decides "no shot" (§7.6 the Don's word decides,
 * and "the mafia has the right to refuse a shot").
 */
function settle(s: EngineState, a: Ability, d: D, hs: Seat[], bit: number): Seat | 0 {
  const choice = (seat: Seat): Seat | 0 => d.uses.find((u) => u.by === seat && u.ability === a.id)?.targets[0] ?? 0;
  if (a.team?.consensus === "leader" && a.team.leader) {
    const leader = hs.find((h) => s.players[h - 1]!.role === a.team!.leader);
    const t = leader !== undefined ? choice(leader) : 0;
    if (t !== 0) return t;
    if (leader !== undefined && a.skip && ((d.acted[leader - 1] as number) & bit)) return 0;
    hs = hs.filter((h) => h !== leader);
  }
  let target: Seat | 0 = 0;
  if (hs.length === 0) return 0;
  if (a.team?.consensus === "tally") {
    // §5.2 "if there is no single target when the step's time runs out, no kill": the one seat named, if only one is.
    for (const h of hs) {
      const t = choice(h);
      if (t === 0) continue;
      if (target !== 0 && t !== target) return 0;
      target = t;
    }
    return target;
  }
  for (const h of hs) {
    const t = choice(h);
    if (t === 0 || (target !== 0 && t !== target)) return 0;
    target = t;
  }
  return target;
}

/** The current step ends: settle team abilities, update memories, then the next step or the morning. */
function endStep(ctx: Ctx, p: P, d: D): Next | undefined {
  const s = ctx.s;
  const rules = rulesOf(p);
  const st = stepOf(p, d);
  let blocked: Set<Seat> | null = null;
  for (let i = 0; i < st.abilities.length; i++) {
    const id = st.abilities[i] as string;
    const a = rules.ability(id);
    const hs = holders(s, a);
    if (a.team) {
      d.team = [...d.team.filter((c) => c.ability !== id), { ability: id, target: settle(s, a, d, hs, 1 << i), holders: hs }];
      continue;
    }
    if (!remembers(a) || a.automatic) continue;
    blocked ??= blockAndProtect(rules, d.uses).blocked;
    for (const h of hs) {
      const use = blocked.has(h) ? undefined : d.uses.find((u) => u.by === h && u.ability === id);
      const t = use?.targets[0] ?? 0;
      const pl = player(s, h);
      const prev = pl.memory?.[id];
      const self = (prev?.self ?? 0) + (t === h ? 1 : 0);
      const next: AbilityMemory = t === 0 ? { last: 0, streak: 0, used: prev?.used ?? 0, self } : { last: t, streak: prev && prev.last === t ? prev.streak + 1 : 1, used: (prev?.used ?? 0) + 1, self };
      pl.memory = { ...pl.memory, [id]: next };
    }
  }
  report(ctx, p, d, false);
  const next = nextRunning(s, p, d.step + 1);
  if (next < p.steps.length) {
    d.step = next;
    d.acted = s.players.map(() => 0);
    delete d.advised;
    restartStage(ctx, openStep(ctx, p, d.step));
    tellWounded(ctx, p, d);
    return;
  }
  return morning(ctx, p, d);
}

/** The Immortal's armour and other `automatic` abilities: used by every living holder while they last (§5.6). */
function automaticUses(s: EngineState, rules: NightRules): Use[] {
  const out: Use[] = [];
  for (const id of rules.resolve.protect) {
    const a = rules.ability(id);
    if (!a.automatic) continue;
    for (const h of holders(s, a)) {
      if (a.timesPerGame !== undefined && (memoryOf(s, h, id)?.used ?? 0) >= a.timesPerGame) continue;
      out.push({ by: h, ability: id, targets: [h] });
    }
  }
  return out;
}

/** The night resolved over the uses collected so far (the automatic ones included). */
function resolveSoFar(s: EngineState, p: P, d: D): Resolution {
  const rules = rulesOf(p);
  return resolveNight(rules, [...d.uses, ...automaticUses(s, rules)], d.team, (seat) => player(s, seat).alive, (seat) => {
    const role = player(s, seat).role;
    return role === null ? [] : getRole(role).passives;
  });
}

/**
 * §5.1 / §5.6 Tracker and Watcher: the seats the target visited (track) or that visited the target
 * (watch) — effective visits only, never the owner's own — told to the owner whenever they change
 * after a later move, and in the morning only if it changed (then marked final; an unchanged one is
 * final by the morning itself — issue 38.7, never the same line twice). A blocked owner was told
 * "result unavailable" when choosing (check-frozen) and learns nothing.
 */
function report(ctx: Ctx, p: P, d: D, final: boolean, r?: Resolution): void {
  const s = ctx.s;
  const rules = rulesOf(p);
  const watchers = d.uses.filter((u) => { const e = rules.ability(u.ability).effect; return e === "track" || e === "watch"; });
  if (watchers.length === 0) return;
  r ??= resolveSoFar(s, p, d);
  for (const u of watchers) {
    if (r.blocked.has(u.by)) continue;
    const target = u.targets[0] as Seat;
    const track = rules.ability(u.ability).effect === "track";
    const seats = new Set<Seat>();
    for (const v of r.visits) {
      if (!v.effective) continue;
      if (track && v.by === target && v.target !== u.by) seats.add(v.target);
      if (!track && v.target === target && v.by !== u.by) seats.add(v.by);
    }
    const list = [...seats].sort((x, y) => x - y);
    const key = `${u.by}:${u.ability}`;
    const before = d.reported?.[key];
    // Told only when it changed (issue 38.7: the morning's unchanged result was logged a second time,
    // word for word); the morning makes the last one told final (web/src/table/nightInfo.ts).
    if (before && before.length === list.length && before.every((x, i) => x === list[i])) continue;
    d.reported = { ...d.reported, [key]: list };
    emit(ctx, track ? "tracked" : "watched", toSeats([u.by]), { by: u.by, target, night: s.day, seats: list, final });
  }
}

/** §2.11 / §3 morning: the killed are named and leave together; one win check; last words in seat order. */
function morning(ctx: Ctx, p: P, d: D): Next | undefined {
  const s = ctx.s;
  const rules = rulesOf(p);
  const r = resolveSoFar(s, p, d);
  for (const b of [...r.blocked].sort((x, y) => x - y)) if (noticed(rules, d.uses, b)) tellBlocked(ctx, d, b);
  for (const id of rules.resolve.check) {
    const a = rules.ability(id);
    if (a.check?.result !== "morning") continue;
    for (const u of d.uses) if (u.ability === id && !r.blocked.has(u.by)) recordCheck(ctx, a, u.by, u.targets[0] as Seat, r.covers);
  }
  report(ctx, p, d, true, r);
  // Spent automatic shields (the Immortal's armour) count as uses (§5.6 "one-time").
  for (const x of r.spent) {
    const pl = player(s, x.by);
    const prev = pl.memory?.[x.ability];
    pl.memory = { ...pl.memory, [x.ability]: { last: x.by, streak: 1, used: (prev?.used ?? 0) + 1, self: (prev?.self ?? 0) + 1 } };
  }
  // §5.6 the Blackmailer's target loses the coming day's vote (the day's voting reads it; lifted when the day ends).
  if (r.silenced.length) s.silenced = [...new Set(r.silenced)].sort((x, y) => x - y);
  // §4.4 each player can be saved only once a game: the seats an `oncePerTarget` ability took effect on.
  for (const u of d.uses) {
    const a = rules.ability(u.ability);
    if (!a.targets.oncePerTarget || r.blocked.has(u.by)) continue;
    const before = s.onceTaken?.[a.id] ?? [];
    s.onceTaken = { ...s.onceTaken, [a.id]: [...before, ...u.targets.filter((t) => !before.includes(t))] };
  }
  // Issue 16: the night's "why", kept in the state and shown only once the game is over.
  s.nights = [...(s.nights ?? []), { night: s.day, steps: r.record }];
  if (r.dead.length === 0) emit(ctx, p.morning.quiet, PUBLIC, {});
  for (const x of r.dead) emit(ctx, "killed", PUBLIC, { seat: x });
  if (p.morning.saved) announceSaved(ctx, r);
  for (const x of r.dead) depart(ctx, x, p.morning.out);
  clubMorning(ctx, p, r);
  if (checkWin(ctx)) return;
  return r.dead.length ? { outcome: "killed", seats: r.dead } : { outcome: "quiet" };
}

/**
 * RULES.md §5.1 *decision*: "for every player who was attacked and survived because a protection held
 * (a heal, a guard, a jail, armour), says 'seat N was attacked and survived' — never who attacked, who
 * protected, or how. A player's own card tells them privately what saved them." Read from the night's
 * record: a seat with a stopped attack that is not among tonight's dead (a Bodyguard who took the hit
 * and died is named with the dead; his ward survived). The private `saved` names the protections
 * (ability ids, in the order they stopped attacks), never the protector's seat.
 */
function announceSaved(ctx: Ctx, r: Resolution): void {
  const s = ctx.s;
  const saved = new Map<Seat, string[]>();
  for (const x of r.record) {
    if (x.kind !== "attack" || x.outcome !== "stopped" || r.dead.includes(x.target) || !player(s, x.target).alive) continue;
    const list = saved.get(x.target) ?? [];
    if (x.stoppedWith !== undefined && !list.includes(x.stoppedWith)) list.push(x.stoppedWith);
    saved.set(x.target, list);
  }
  const seats = [...saved.keys()].sort((a, b) => a - b);
  for (const seat of seats) emit(ctx, "survived", PUBLIC, { seat });
  for (const seat of seats) emit(ctx, "saved", toSeats([seat]), { seat, night: s.day, with: saved.get(seat)! });
}

/**
 * RULES.md §6 the club's morning, after the dead are named: the curses of the night are announced (the
 * Curser unnamed); a swap happens — the victim leaves silently and unrevealed, the Swindler takes the
 * victim's role and side (told to him alone); a Werewolf who turned joins the black team (who then
 * meet him: a new `black-team`); then (§6.3) the night's checks are announced to the table by role.
 */
function clubMorning(ctx: Ctx, p: P, r: Resolution): void {
  const s = ctx.s;
  for (const x of [...new Set(r.cursed)].sort((a, b) => a - b)) emit(ctx, "cursed", PUBLIC, { seat: x });
  let regroup = false;
  for (const { by, target } of r.swaps) {
    const victim = player(s, target);
    depart(ctx, target, "swapped");
    const me = player(s, by);
    me.role = victim.role;
    me.team = victim.team;
    emit(ctx, "swapped", toSeats([by]), { seat: by, target, role: me.role ?? "civilian" });
    if (me.team === "black") regroup = true;
  }
  for (const x of r.turned) {
    player(s, x).team = "black";
    regroup = true;
    emit(ctx, "turned", toSeats([...blackSeats(s)]), { seat: x });
  }
  // The black team as it is now meets again: every black player learns every other (view.ts reads the latest).
  if (regroup) {
    const team = blackSeats(s);
    emit(ctx, "black-team", toSeats(team), { members: team.map((seat) => ({ seat, role: player(s, seat).role })) });
  }
  if (p.announceChecks) {
    for (const c of s.checks) {
      const checker = c.night === s.day ? own(p.announceChecks, c.ability) : undefined;
      if (checker !== undefined) emit(ctx, "check-announced", PUBLIC, { checker, target: c.target, answer: c.result });
    }
  }
}

function recordCheck(ctx: Ctx, a: Ability, by: Seat, target: Seat, covers: Resolution["covers"]): void {
  const s = ctx.s;
  const t = player(s, target);
  const kind = a.check!.kind;
  // §5.6 the Lawyer's cover changes the Commissar's and the Agent's answers.
  const result = covers.get(target)?.[kind] ?? checkResult(kind, t.role ?? "civilian", t.team);
  const night = s.day;
  s.checks = [...s.checks, { by, ability: a.id, target, night, result }];
  emit(ctx, "checked", toSeats([by]), { by, target, night, kind, result });
}

/**
 * §5.2 a tally until agreement: a holder's new choice replaces the old; the living holders see how many
 * chose each seat (never who); when every living holder names the same seat the step ends at once.
 */
function tally(ctx: Ctx, p: P, d: D, a: Ability, seat: Seat, targets: Seat[]): Next | void {
  const s = ctx.s;
  d.uses = [...d.uses.filter((u) => !(u.by === seat && u.ability === a.id)), { by: seat, ability: a.id, targets }];
  const hs = holders(s, a);
  const counts = new Map<Seat, number>();
  for (const u of d.uses) if (u.ability === a.id && hs.includes(u.by)) counts.set(u.targets[0]!, (counts.get(u.targets[0]!) ?? 0) + 1);
  const agreed = counts.size === 1 && [...counts.values()][0] === hs.length;
  const list = [...counts].sort((x, y) => x[0] - y[0]).map(([t, votes]) => ({ seat: t, votes }));
  emit(ctx, "shot-tally", toSeats(hs), { tally: list, agreed });
  if (agreed) return hostGate(ctx, () => endStep(ctx, p, d));
}

/** A use (legality already checked): record it, tell whom the ability tells, and answer an at-once check. */
function use(ctx: Ctx, p: P, d: D, a: Ability, seat: Seat, targets: Seat[]): void {
  const s = ctx.s;
  const rules = rulesOf(p);
  d.uses = [...d.uses, { by: seat, ability: a.id, targets }];
  const night = s.day;
  const target = targets[0] as Seat;
  if (a.chosen) {
    const audience = toSeats(a.chosen.audience === "living-team" ? blackSeats(s, true) : a.chosen.audience === "holders" ? holders(s, a) : [seat]);
    if (a.chosen.event === "shot") emit(ctx, "shot", audience, { seat, target });
    else if (a.chosen.event === "used") emit(ctx, "used", audience, { by: seat, ability: a.id, target, night });
    else emit(ctx, a.chosen.event, audience, { by: seat, target, night });
  }
  if (a.team) return; // the shot's holders learn nothing more
  const so = blockAndProtect(rules, d.uses);
  const blocked = so.blocked.has(seat);
  if (a.effect === "check" || a.effect === "track" || a.effect === "watch") {
    // §5.3 "a blocked checking role is told the result is unavailable but not by whom".
    if (blocked) {
      emit(ctx, "check-frozen", toSeats([seat]), { by: seat, target, night });
      if (noticed(rules, d.uses, seat)) tellBlocked(ctx, d, seat);
      return;
    }
    if (a.check?.result === "at-once") recordCheck(ctx, a, seat, target, so.covers);
    if (a.effect !== "check") report(ctx, p, d, false);
    return;
  }
  if (blocked && noticed(rules, d.uses, seat)) tellBlocked(ctx, d, seat);
  report(ctx, p, d, false);
}

/** `acted`: the step's abilities the seat has used or skipped (bits); §7.10 the consigliere's offer ignores them. */
function offered(s: EngineState, p: P, d: D, seat: Seat, acted = d.acted[seat - 1] as number): Array<{ a: Ability; targets: Seat[] }> {
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

/** A seat's use or skip in the running step (the player's, or §7.10 its consigliere's in its place). */
function choose(ctx: Ctx, p: P, d: D, seat: Seat, act: PlayerAction): void | Next {
  if (act.type !== "use" && act.type !== "skip") reject("phase-closed", "it is night");
  const s = ctx.s;
  const st = stepOf(p, d);
  const index = st.abilities.indexOf(act.ability);
  if (index < 0) reject("not-allowed", "that ability does not act in this step");
  const bit = 1 << index;
  const a = rulesOf(p).ability(act.ability);
  if (!holds(s, a, seat)) reject("not-allowed", "your role does not act in this step");
  const changeable = a.team?.consensus === "tally";
  if (changeable && act.type === "use") {
    const targets = act.targets;
    if (!Array.isArray(targets) || targets.length !== 1 || typeof targets[0] !== "number" || !mayTarget(s, a, seat, targets[0])) reject("illegal-target", "not a legal target for this ability");
    return tally(ctx, p, d, a, seat, targets.slice());
  }
  if ((d.acted[seat - 1] as number) & bit) reject("already-acted", "your choice this step is final");
  if (act.type === "skip" && !a.skip) reject("not-allowed", "this ability cannot be skipped (not choosing is a miss)");
  const among = a.targets.among === "attacked" ? attackedSoFar(s, p, d) : null;
  const targets = act.type === "use" ? act.targets : [];
  if (act.type === "use" && HARMS.has(a.effect) && Array.isArray(targets) && targets.some((t) => typeof t === "number" && immuneNow(s, t))) {
    reject("illegal-target", "immune tonight: the first eliminated of the evening's last game (RULES.md §6.10)");
  }
  if (act.type === "use" && (!Array.isArray(targets) || targets.length !== a.targets.count || new Set(targets).size !== targets.length || !targets.every((t) => typeof t === "number" && mayTarget(s, a, seat, t, among)))) {
    reject("illegal-target", "not a legal target for this ability");
  }
  // §4.4 "either checks … or uses his single shot": one use (or skip) closes the step's other abilities of its group.
  const bits = groupBits(p, st, a, index);
  d.acted[seat - 1] = (d.acted[seat - 1] as number) | bits;
  if (act.type === "skip") return;
  use(ctx, p, d, a, seat, targets.slice());
}

/** The step's abilities one use (or skip) of `a` closes: §4.4 "either checks … or uses his single shot" — its one-of group. */
function groupBits(p: P, st: StepP, a: Ability, index: number): number {
  let bits = 1 << index;
  if (a.oneOf) st.abilities.forEach((id, i) => { if (rulesOf(p).ability(id).oneOf === a.oneOf) bits |= 1 << i; });
  return bits;
}

/** The offers as available actions; `own`: §7.10 the consigliere's list names the seat's current choice (`chosen`). */
function offer(s: EngineState, p: P, d: D, seat: Seat, list: Array<{ a: Ability; targets: Seat[] }>, out: AvailableAction[], own = false): void {
  for (const { a, targets } of list) {
    // §5.2 one's own current tally choice (never another holder's: the tally stays anonymous).
    const mine = a.team?.consensus === "tally" || own ? d.uses.find((u) => u.by === seat && u.ability === a.id) : undefined;
    // §4.4 crossed hands: the wounded who cannot be saved again stay on the list, barred.
    const barred = a.targets.oncePerTarget && a.targets.among === "attacked" ? attackedSoFar(s, p, d).filter((x) => taken(s, a, x)) : [];
    out.push({ type: "use", ability: a.id, label: `ability.${a.id}`, effect: a.effect as BuiltEffect, targets: { min: a.targets.count, max: a.targets.count, seats: targets, ...(barred.length ? { barred } : {}) }, skip: a.skip, ...(mine ? { chosen: mine.targets.slice() } : {}) });
  }
}

export const night: PhaseModule<P, D> = {
  kind: "night",
  /** Issue 31.2: its timers are windows for a move (doubled at a table with longer windows, flow/stage.ts). */
  windows: true,
  params,
  outcomes: () => ["killed", "quiet"],
  techVotes: false,
  // `acted` is marked in place; the uses, team choices and the told are only ever replaced.
  clone: (d) => ({ step: d.step, uses: d.uses, acted: d.acted.slice(), team: d.team, told: d.told, ...(d.reported ? { reported: d.reported } : {}), ...(d.advised ? { advised: d.advised } : {}) }),
  enter(ctx, p) {
    const s = ctx.s;
    const pr = presetOf(s.presetId);
    // §2.12 the draw counter when a day ends; then night falls.
    if (roundEnded(ctx, pr.draw.quietRounds, pr.draw.countFirstRound)) return { outcome: "quiet" };
    s.round++;
    s.roundHadDeparture = false;
    s.votingCancelled = false;
    emit(ctx, "night-fell", PUBLIC, { round: s.round, acquaintance: false });
    if (s.silenced) delete s.silenced; // §5.6 the blackmail is lifted when the day ends
    const first = nextRunning(s, p, 0);
    const data: D = { step: first, uses: [], acted: s.players.map(() => 0), team: [], told: [] };
    const ms = openStep(ctx, p, first);
    tellWounded(ctx, p, data);
    return { data, ms };
  },
  timeout: (ctx, p, d) => hostGate(ctx, () => endStep(ctx, p, d)),
  confirm: (ctx, p, d) => endStep(ctx, p, d),
  // §5.7 the step's actors who have not chosen (a tally's holder counts once they name a seat); the log of an early end counts them, never names them.
  remaining(s, p, d) {
    const out: Seat[] = [];
    for (const pl of s.players) {
      if (!pl.alive || d.advised?.includes(pl.seat)) continue;
      const open = offered(s, p, d, pl.seat).filter(({ a }) => !(a.team?.consensus === "tally" && d.uses.some((u) => u.by === pl.seat && u.ability === a.id)));
      if (open.length) out.push(pl.seat);
    }
    return out;
  },
  act(ctx, p, d, seat, act) {
    // §7.10 the consigliere's choice this step is final for the player too (a changeable tally included).
    if (d.advised?.includes(seat)) reject("already-acted", "your consigliere's choice this step is final (RULES.md §7.10)");
    return choose(ctx, p, d, seat, act);
  },
  /**
   * RULES.md §7.10 the seat's consigliere gives the seat's choice in this step: the player's own choice of
   * that ability (and of its one-of group) this step is forgotten and the consigliere's is made in its
   * place, with every check the player's would have; it is final for both. What the player already
   * learned from their own choice (an at-once check's answer) stays learned.
   */
  advise(ctx, p, d, seat, act) {
    if (d.advised?.includes(seat)) reject("already-acted", "the consigliere's choice this step is final (RULES.md §7.10)");
    if (act.type === "use" || act.type === "skip") {
      const st = stepOf(p, d);
      const index = st.abilities.indexOf(act.ability);
      if (index >= 0) {
        const bits = groupBits(p, st, rulesOf(p).ability(act.ability), index);
        const ids = st.abilities.filter((_, i) => bits & (1 << i));
        d.acted[seat - 1] = (d.acted[seat - 1] as number) & ~bits;
        d.uses = d.uses.filter((u) => !(u.by === seat && ids.includes(u.ability)));
      }
    }
    d.advised = [...(d.advised ?? []), seat];
    return choose(ctx, p, d, seat, act);
  },
  actions(s, p, d, seat, out: AvailableAction[]) {
    if (d.advised?.includes(seat)) return;
    offer(s, p, d, seat, offered(s, p, d, seat), out);
  },
  advice(s, p, d, seat, out) {
    if (d.advised?.includes(seat)) return;
    offer(s, p, d, seat, offered(s, p, d, seat, 0), out, true);
  },
  name: (_s, p, d) => stepOf(p, d).name,
  warnMs: (_s, p) => p.warnMs ?? null,
  floor(s, p, d) {
    const st = stepOf(p, d);
    if (st.floor === undefined) return [];
    const rules = rulesOf(p);
    const team = st.floor === "holders" ? [...new Set(st.abilities.flatMap((id) => holders(s, rules.ability(id))))].sort((x, y) => x - y) : blackSeats(s, true);
    return team.length ? [{ id: "black-team", speakers: team, video: team, listeners: team }] : [];
  },
};
