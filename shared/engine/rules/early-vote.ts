/**
 * RULES.md §7.5 early vote: during free talk or their own speech a player may ask for an early vote; if
 * more than one player supports it (`supporters`, tatar: 2), the town goes to the vote at once (the
 * phase ends with outcome "early-vote"). One request at a time; the asker does not count as a
 * supporter; a request lapses when its speech or free talk ends; *decision:* one request per player a
 * day (`state.earlyAsked`, cleared when a day begins). Used by the free-talk and speeches
 * phase modules (a rule, so neither imports the other).
 */
import * as v from "valibot";
import { reject } from "../flow/stage.ts";
import { PUBLIC, emit, type Ctx, type EngineState } from "../state.ts";
import type { AvailableAction, Seat } from "../types.ts";

/** The parameter a phase takes to allow early-vote requests. */
export const earlyVoteParam = v.optional(v.strictObject({ supporters: v.pipe(v.number(), v.integer(), v.minValue(1)) }));
export type EarlyVoteRule = v.InferOutput<typeof earlyVoteParam>;

/** An open request: who asked and who supports it. */
export interface EarlyVoteRequest {
  by: Seat;
  support: Seat[];
}

/** Ask (when `mayAsk` and nothing is open) or support the open request; true when it passes. */
export function earlyVoteAct(ctx: Ctx, rule: EarlyVoteRule, open: EarlyVoteRequest | null, seat: Seat, mayAsk: boolean): { request: EarlyVoteRequest; passed: boolean } {
  if (!rule) reject("phase-closed", "no early vote in this phase");
  if (!open) {
    if (!mayAsk) reject("not-your-turn", "ask for an early vote during your own speech");
    if (ctx.s.earlyAsked?.includes(seat)) reject("already-acted", "one request for an early vote a day");
    ctx.s.earlyAsked = [...(ctx.s.earlyAsked ?? []), seat];
    emit(ctx, "early-vote-asked", PUBLIC, { seat, needed: rule.supporters });
    return { request: { by: seat, support: [] }, passed: false };
  }
  if (open.by === seat || open.support.includes(seat)) reject("already-acted", "you already asked or supported");
  const support = [...open.support, seat];
  emit(ctx, "early-vote-supported", PUBLIC, { seat, supporters: support.length, needed: rule.supporters });
  return { request: { by: open.by, support }, passed: support.length >= rule.supporters };
}

/** What `seat` may do about an early vote now (null: nothing). */
export function earlyVoteOffer(s: EngineState, rule: EarlyVoteRule, open: EarlyVoteRequest | null, seat: Seat, mayAsk: boolean): AvailableAction | null {
  if (!rule) return null;
  if (!open) return mayAsk && !s.earlyAsked?.includes(seat) ? { type: "early-vote", open: false } : null;
  return open.by === seat || open.support.includes(seat) ? null : { type: "early-vote", open: true };
}
