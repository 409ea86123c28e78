/** Stage bookkeeping shared by the interpreter, the phase modules and the rules (no flow lookups here). */
import { PUBLIC, emit, type Ctx, type EngineState, type Stage } from "../state.ts";
import type { RejectionCode } from "../types.ts";

export class Reject extends Error {
  code: RejectionCode;
  constructor(code: RejectionCode, message: string) {
    super(message);
    this.code = code;
  }
}
/** Refuse an input: `apply` answers with this typed rejection and the draft is dropped. */
export function reject(code: RejectionCode, message: string): never {
  throw new Reject(code, message);
}

/**
 * The short windows double, up to this; a window already this long or longer keeps its length
 * (a profile's 60 s vote, §5.5; its mafia's 60 s). Decision: 30 s is the day's shortest speech (§2.8,
 * §2.9): time enough to read the ballot and choose. Every window of sport's (§2.6 5 s, 10 s; §2.10 7 s) and
 * tatar's turns (§7.12 10 s) doubles exactly; a profile's 20 s night turn (§5.5) gets 30 s.
 */
export const WINDOW_CAP_MS = 30_000;

/**
 * "Longer windows for beginners": a timer of `stage` as the table runs it — the rules' time
 * times the stage's window factor (Stage `factor`, given by the interpreter to the stages of window
 * modules at a table with the option; absent: the rules' time), never beyond WINDOW_CAP_MS unless the
 * rules' time already is. setStage and restartTimer pass every timer through here, so no phase module
 * reads the factor itself.
 */
export function windowMs(stage: Pick<Stage, "factor">, ms: number): number {
  return stage.factor !== undefined ? Math.max(ms, Math.min(ms * stage.factor, WINDOW_CAP_MS)) : ms;
}

/**
 * What a window module announces for a step it is about to open (the night's `night-turn` names its
 * time before the interpreter sets the stage): the same windowMs with the table's factor — the time
 * the stage will run, never a second rule.
 */
export function announcedWindowMs(s: EngineState, ms: number): number {
  return windowMs({ ...(s.windowFactor !== undefined ? { factor: s.windowFactor } : {}) }, ms);
}

/** Enter a new timed stage: phaseSeq++, new deadline, the shout and per-phase tech-vote memory end. */
export function setStage(ctx: Ctx, stage: Stage, rulesMs: number | null): void {
  const s = ctx.s;
  const ms = rulesMs === null ? null : windowMs(stage, rulesMs);
  s.stage = stage;
  ctx.ownStage = true;
  s.phaseSeq++;
  s.deadline = ms === null ? null : ctx.now + ms;
  s.deadlineMs = ms;
  s.shout = null;
  if (s.techUsed.length) s.techUsed = [];
  if (s.awaitingHost) s.awaitingHost = false;
  // §5.7 "a returning host may take it back at the next stage".
  if (s.hostBack) {
    delete s.hostBack;
    delete s.serverHosting;
    s.host = "live";
    emit(ctx, "host-returned", PUBLIC, {});
  }
}

/**
 * A new timed sub-phase inside the same stage (open-voting call, end of a shout): phaseSeq++. `rulesMs` is
 * the rules' time (the stage's window factor applies, windowMs); `exact`: a time measured on the running
 * timer (what is left of it), taken as it is.
 */
export function restartTimer(ctx: Ctx, rulesMs: number, exact = false): void {
  const ms = exact ? rulesMs : windowMs(ctx.s.stage, rulesMs);
  ctx.s.phaseSeq++;
  ctx.s.deadline = ctx.now + ms;
  ctx.s.deadlineMs = ms;
}

/**
 * RULES.md §5.7: with a live host, night, voting and revoting do not end by themselves. Where a gated
 * stage would end (everyone acted, or its time ran out) it waits instead: no deadline, `awaitingHost`.
 * The host's confirm calls the resolution with `confirming` set. Server-hosted games resolve at once.
 */
export function hostGate<T>(ctx: Ctx, resolve: () => T): T | void {
  const s = ctx.s;
  if (s.host !== "live" || ctx.confirming) return resolve();
  if (s.awaitingHost) return;
  s.awaitingHost = true;
  if (s.deadline !== null) { s.deadline = null; s.deadlineMs = null; s.phaseSeq++; }
}

/** A timer: seconds from a setting when the entry names one and the setting holds a number, else `ms`. */
export function msOf(settings: Record<string, unknown>, ms: number, key?: string): number {
  const sec = key ? settings[key] : undefined;
  return typeof sec === "number" ? sec * 1000 : ms;
}

/** The next turn inside the same stage (the next speaker, the next night step): a new timer and phaseSeq, as setStage. */
export function restartStage(ctx: Ctx, ms: number | null): void {
  setStage(ctx, ctx.s.stage, ms);
}

/** Living seats in seat order starting at `from` (inclusive), wrapping around. */
export function livingFrom(s: { players: ReadonlyArray<{ alive: boolean }> }, from: number): number[] {
  const n = s.players.length;
  const out: number[] = [];
  for (let k = 0; k < n; k++) {
    const seat = ((from - 1 + k) % n) + 1;
    if (s.players[seat - 1]!.alive) out.push(seat);
  }
  return out;
}

/** Every living seat (the table's cameras during the day). */
export function livingList(s: { players: ReadonlyArray<{ alive: boolean; seat: number }> }): number[] {
  const out: number[] = [];
  for (const p of s.players) if (p.alive) out.push(p.seat);
  return out;
}
