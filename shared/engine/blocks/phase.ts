/** Phase bookkeeping shared by every block: entering a stage bumps phaseSeq and sets the deadline. */
import { presetOf } from "../presets/index.ts";
import type { Preset } from "../presets/types.ts";
import type { Ctx, Stage } from "../state.ts";

export function preset(ctx: Ctx): Preset {
  return presetOf(ctx.s.presetId);
}

/** Enter a new timed stage: phaseSeq++, new deadline, the shout and per-phase tech-vote memory end. */
export function enterStage(ctx: Ctx, stage: Stage, ms: number | null): void {
  const s = ctx.s;
  s.stage = stage;
  s.phaseSeq++;
  s.deadline = ms === null ? null : ctx.now + ms;
  s.deadlineMs = ms;
  s.shout = null;
  if (s.techUsed.length) s.techUsed = [];
  if (s.awaitingHost) s.awaitingHost = false;
}

/**
 * RULES.md §5.7: with a live host, night, voting and revoting do not end by themselves. Where a gated
 * stage would end (everyone acted, or its time ran out) it waits instead: no deadline, `awaitingHost`.
 * The host's confirm calls the resolution with `confirming` set. Server-hosted games resolve at once.
 */
export function hostGate(ctx: Ctx, resolve: () => void): void {
  const s = ctx.s;
  if (s.host !== "live" || ctx.confirming) { resolve(); return; }
  if (s.awaitingHost) return;
  s.awaitingHost = true;
  if (s.deadline !== null) { s.deadline = null; s.deadlineMs = null; s.phaseSeq++; }
}

/** A new timed sub-phase inside the same stage (open-voting call, end of a shout): phaseSeq++. */
export function restartTimer(ctx: Ctx, ms: number): void {
  ctx.s.phaseSeq++;
  ctx.s.deadline = ctx.now + ms;
  ctx.s.deadlineMs = ms;
}

export function setting<T>(ctx: Ctx, key: string): T {
  return ctx.s.settings[key] as T;
}
