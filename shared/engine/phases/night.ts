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
 *
 * By job: this file is the module (steps open, choices, a step's end and the memories); the
 * params and who holds what in night/phase/rules.ts; targets and offers in night/phase/targets.ts; the
 * team's consensus and tally in night/phase/team.ts; notices and live reports in night/phase/reports.ts;
 * the morning in night/phase/morning.ts. What an effect does is its module's (night/effects/).
 */
import { announcedWindowMs, hostGate, msOf, reject, restartStage } from "../flow/stage.ts";
import type { Next, PhaseModule } from "../flow/types.ts";
import { effectOf, harms } from "../night/effects/index.ts";
import type { Ability } from "../night/abilities.ts";
import { blockAndProtect } from "../night/resolve.ts";
import { presetOf } from "../presets/index.ts";
import { roundEnded } from "../rules/outcome.ts";
import { immuneNow } from "../rules/immunity.ts";
import { PUBLIC, blackSeats, emit, player, toSeats, type AbilityMemory, type Ctx, type EngineState } from "../state.ts";
import type { AvailableAction, PlayerAction, Seat } from "../types.ts";
import { morning } from "../night/phase/morning.ts";
import { noticed, report, tellBlocked } from "../night/phase/reports.ts";
import { holders, holds, nextRunning, params, remembers, rulesOf, stepOf, type D, type P, type StepP } from "../night/phase/rules.ts";
import { settle, tally } from "../night/phase/team.ts";
import { attackedSoFar, groupBits, mayTarget, offer, offered, taken } from "../night/phase/targets.ts";

function openStep(ctx: Ctx, p: P, index: number): number {
  const st = p.steps[index] as StepP;
  const ms = msOf(ctx.s.settings, st.ms, st.msSetting);
  // The turn's time as the table runs it (longer windows for beginners, flow/stage.ts).
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
  const e = effectOf(a.effect);
  if (e.informs) {
    // §5.3 "a blocked checking role is told the result is unavailable but not by whom".
    if (blocked) {
      emit(ctx, "check-frozen", toSeats([seat]), { by: seat, target, night });
      if (noticed(rules, d.uses, seat)) tellBlocked(ctx, d, seat);
      return;
    }
    if (a.check?.result === "at-once") e.answer?.(ctx, a, seat, target, so.covers);
    if (e.report) report(ctx, p, d, false);
    return;
  }
  if (blocked && noticed(rules, d.uses, seat)) tellBlocked(ctx, d, seat);
  report(ctx, p, d, false);
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
    return tally(ctx, d, a, seat, targets.slice(), () => endStep(ctx, p, d));
  }
  if ((d.acted[seat - 1] as number) & bit) reject("already-acted", "your choice this step is final");
  if (act.type === "skip" && !a.skip) reject("not-allowed", "this ability cannot be skipped (not choosing is a miss)");
  const among = a.targets.among === "attacked" ? attackedSoFar(s, p, d) : null;
  const targets = act.type === "use" ? act.targets : [];
  if (act.type === "use" && harms(a.effect) && Array.isArray(targets) && targets.some((t) => typeof t === "number" && immuneNow(s, t))) {
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

export const night: PhaseModule<P, D> = {
  kind: "night",
  /** Its timers are windows for a move (doubled at a table with longer windows, flow/stage.ts). */
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
