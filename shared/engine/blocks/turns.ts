/**
 * The night in turns (RULES.md §3, roles as §7.6): each step of preset.night is its own turn with its
 * own timer — mafia shot → Putana's freeze → Doctor's heal → Commissar's check → Maniac's kill → Don's
 * check. Decide first, apply after (ENGINEERING.md, mafia-rust's named stages): each turn only records
 * its choice; deaths are applied together in the morning.
 *
 *  - Every turn runs its full time, whoever acted and even when its role is dead: the night's timing
 *    tells the table nothing about who is alive (§1 Secrets). A live host confirms each turn (§5.7).
 *  - One choice per turn, final; not choosing skips the turn (§7.6 "each step may be skipped"; the
 *    Maniac "abstains"). Choices after the deadline do not count (the turn is closed).
 *  - The mafia shot is sport's unanimity (§2.10) among the living Don and Mafia; when Putana is the only
 *    black player left she shoots alone ("shoots-when-last") and still freezes (§7.6).
 *  - Freeze (§7.6): cancels the target's own later move — a frozen Doctor heals nobody (himself neither),
 *    a frozen Commissar or Don gets no check, a frozen Maniac kills nobody; freezing the last remaining
 *    shooter cancels the mafia's shot. A heal on the frozen player cancels the freeze. The frozen player
 *    learns it privately right after giving their choice, or in the morning if they make none.
 *  - Heal (§7.6): cancels the mafia's kill, the Maniac's kill and the freeze on its target. The Doctor
 *    learns nothing more than his own choice; the morning names only the dead.
 *  - Checks: the result is private to the checker at once (§5.1): Commissar "red"/"black", Don
 *    "commissar"/"not-commissar"; living targets, not oneself, not a player one already checked.
 */
import { checkResult, getRole, nightActionOf } from "../roles/index.ts";
import { PUBLIC, blackSeats, emit, player, toSeats, type Ctx, type EngineState, type NightAcc, type TurnsMemo } from "../state.ts";
import type { Seat } from "../types.ts";
import { checkWin, depart } from "./outcome.ts";
import { enterStage, preset } from "./phase.ts";
import { startDay, startSpeeches } from "./speeches.ts";
import { presetOf } from "../presets/index.ts";
import type { NightStep } from "../presets/types.ts";

const NO_MEMO: TurnsMemo = { freezeTarget: 0, freezeNights: 0, lastHeal: 0 };

/** §3 per-role timers: the step's setting (seconds) when present, else its default. */
export function stepMs(s: EngineState, step: NightStep): number {
  const key = step.msSetting;
  const sec = key ? s.settings[key] : undefined;
  return typeof sec === "number" ? sec * 1000 : step.ms;
}

function freshAcc(): NightAcc {
  return { shot: 0, shooters: [], freeze: 0, heal: 0, kill: 0, told: [] };
}

/** Night falls: the first turn (the draw counter and `night-fell` are the caller's, blocks/night.ts). */
export function startTurns(ctx: Ctx): void {
  enterTurn(ctx, 0, freshAcc());
}

function enterTurn(ctx: Ctx, index: number, acc: NightAcc): void {
  const s = ctx.s;
  const step = preset(ctx).night[index] as NightStep;
  const ms = stepMs(s, step);
  enterStage(ctx, { kind: "night-turn", step: index, choices: s.players.map(() => 0), acc }, ms);
  emit(ctx, "night-turn", PUBLIC, { step: step.id, ms });
}

/** Seats that act in the turn `stepId` now (living, by role; Putana shoots when she is the last black). */
export function turnActors(s: EngineState, stepId: string): Seat[] {
  const out: Seat[] = [];
  for (const p of s.players) if (p.alive && p.role !== null && nightActionOf(p.role, stepId)) out.push(p.seat);
  if (stepId === "mafia-shot" && out.length === 0) {
    for (const p of s.players) if (p.alive && p.team === "black" && p.role !== null && getRole(p.role).passives.includes("shoots-when-last")) out.push(p.seat);
  }
  return out;
}

function livingExcept(s: EngineState, except: Seat | 0): Seat[] {
  const out: Seat[] = [];
  for (const p of s.players) if (p.alive && p.seat !== except) out.push(p.seat);
  return out;
}

/** The action `seat` may take in the current turn, with its legal targets; null when none. */
export function turnOptions(s: EngineState, seat: Seat): { kind: string; targets: Seat[] } | null {
  const st = s.stage;
  if (st.kind !== "night-turn") return null;
  const step = presetOf(s.presetId).night[st.step] as NightStep;
  const me = s.players[seat - 1];
  if (!me || !me.alive || st.choices[seat - 1] !== 0) return null;
  if (!turnActors(s, step.id).includes(seat)) return null;
  const memo = s.turnsMemo ?? NO_MEMO;
  let targets: Seat[];
  switch (step.kind) {
    case "shot": targets = livingExcept(s, 0); break; // §2.10 as sport: any living player
    case "freeze": // not herself; not the same player more than two nights in a row
      targets = livingExcept(s, seat).filter((t) => !(t === memo.freezeTarget && memo.freezeNights >= 2));
      break;
    case "heal": targets = livingExcept(s, 0).filter((t) => t !== memo.lastHeal); break; // not the same player two nights in a row
    case "kill": targets = livingExcept(s, seat); break; // anyone but himself
    case "check": {
      const done = new Set<number>();
      for (const c of s.checks) if (c.by === seat) done.add(c.target);
      targets = livingExcept(s, seat).filter((t) => !done.has(t));
      break;
    }
    default: return null;
  }
  return targets.length ? { kind: step.kind, targets } : null;
}

/** Frozen now: Putana's target, unless the Doctor healed them (§7.6 the heal cancels the freeze). */
function frozen(acc: NightAcc, seat: Seat): boolean {
  return acc.freeze === seat && acc.heal !== seat;
}

function tellFrozen(ctx: Ctx, acc: NightAcc, seat: Seat): void {
  if (acc.told.includes(seat)) return;
  acc.told.push(seat);
  emit(ctx, "frozen", toSeats([seat]), { seat, night: ctx.s.day });
}

/** A choice in the current turn (legality checked by the caller with turnOptions). */
export function turnAct(ctx: Ctx, seat: Seat, target: Seat): void {
  const s = ctx.s;
  const st = s.stage;
  if (st.kind !== "night-turn") return;
  const step = preset(ctx).night[st.step] as NightStep;
  const acc = st.acc;
  st.choices[seat - 1] = target;
  const night = s.day;
  switch (step.kind) {
    case "shot":
      // §2.10 the living black team sees the choices (they may talk during the shot).
      emit(ctx, "shot", toSeats(blackSeats(s, true)), { seat, target });
      return;
    case "freeze":
      acc.freeze = target;
      emit(ctx, "froze", toSeats([seat]), { by: seat, target, night });
      return;
    case "heal":
      emit(ctx, "healed", toSeats([seat]), { by: seat, target, night });
      // A frozen Doctor cannot heal, not even himself; he learns it after giving his choice.
      if (acc.freeze === seat) { tellFrozen(ctx, acc, seat); return; }
      acc.heal = target;
      return;
    case "kill":
      emit(ctx, "kill-chosen", toSeats([seat]), { by: seat, target, night });
      if (frozen(acc, seat)) { tellFrozen(ctx, acc, seat); return; }
      acc.kill = target;
      return;
    case "check": {
      if (frozen(acc, seat)) {
        emit(ctx, "check-frozen", toSeats([seat]), { by: seat, target, night });
        tellFrozen(ctx, acc, seat);
        return;
      }
      const me = player(s, seat);
      const kind = (me.role ? nightActionOf(me.role, step.id)?.check : undefined) ?? "commissar";
      const t = player(s, target);
      const result = checkResult(kind, t.role ?? "civilian", t.team);
      s.checks = [...s.checks, { by: seat, target, night, result }];
      emit(ctx, "checked", toSeats([seat]), { by: seat, target, night, kind, result });
      return;
    }
  }
}

/** The current turn's time is up (or the live host confirmed it): settle it, then the next turn or the morning. */
export function endTurn(ctx: Ctx): void {
  const s = ctx.s;
  const st = s.stage;
  if (st.kind !== "night-turn") return;
  const steps = preset(ctx).night;
  const step = steps[st.step] as NightStep;
  const acc = st.acc;
  const memo: TurnsMemo = s.turnsMemo ? { ...s.turnsMemo } : { ...NO_MEMO };
  if (step.kind === "shot") {
    // §2.10 unanimity: every living shooter chose the same living player; one missing or different choice is a miss.
    const shooters = turnActors(s, step.id);
    let target = 0;
    let unanimous = shooters.length > 0;
    for (const a of shooters) {
      const t = st.choices[a - 1] as number;
      if (t === 0 || (target !== 0 && t !== target)) { unanimous = false; break; }
      target = t;
    }
    acc.shot = unanimous ? target : 0;
    acc.shooters = shooters;
  } else if (step.kind === "freeze") {
    const chooser = turnActors(s, step.id)[0];
    const t = chooser ? (st.choices[chooser - 1] as number) : 0;
    if (t === 0) { memo.freezeTarget = 0; memo.freezeNights = 0; }
    else if (t === memo.freezeTarget) memo.freezeNights++;
    else { memo.freezeTarget = t; memo.freezeNights = 1; }
    s.turnsMemo = memo;
  } else if (step.kind === "heal") {
    memo.lastHeal = acc.heal; // skipped or frozen: the next night may heal anyone
    s.turnsMemo = memo;
  }
  if (st.step + 1 < steps.length) { enterTurn(ctx, st.step + 1, acc); return; }
  morningTurns(ctx, acc);
}

/**
 * §3/§7.7 morning: the killed players are named (no cause, no word of a heal) and each gets last words
 * in seat order; the win is checked once after all of them left; with nobody killed the day begins.
 */
function morningTurns(ctx: Ctx, acc: NightAcc): void {
  const s = ctx.s;
  const f = acc.freeze !== 0 && acc.heal !== acc.freeze ? acc.freeze : 0;
  // Freezing the last remaining shooter cancels the mafia's shot (§7.6).
  const shotStands = acc.shot !== 0 && !(acc.shooters.length > 0 && acc.shooters.every((x) => x === f));
  const dead = new Set<Seat>();
  if (shotStands && acc.shot !== acc.heal && player(s, acc.shot).alive) dead.add(acc.shot);
  if (acc.kill !== 0 && acc.kill !== acc.heal && player(s, acc.kill).alive) dead.add(acc.kill);
  if (f !== 0) tellFrozen(ctx, acc, f);
  const victims = [...dead].sort((a, b) => a - b);
  if (victims.length === 0) {
    emit(ctx, "nobody-killed", PUBLIC, {});
    startDay(ctx);
    return;
  }
  for (const v of victims) emit(ctx, "killed", PUBLIC, { seat: v });
  for (const v of victims) depart(ctx, v, "killed");
  if (checkWin(ctx)) return;
  startSpeeches(ctx, "last-words", victims, []);
}
