/**
 * Phase module `free-talk` (RULES.md §5.5 the profiles' free discussion, §6.4 the club's "balagan",
 * §7.2 tatar's 2 min): every living player may talk at once for `ms` (or a setting in seconds); nobody
 * holds the floor and nothing is decided; the seats handed in (the speaking order) are handed on. The floor: every living microphone and camera to everyone.
 */
import * as v from "valibot";
import { livingList, msOf, reject } from "../flow/stage.ts";
import type { PhaseModule } from "../flow/types.ts";
import { PUBLIC, emit, type EngineState } from "../state.ts";
import type { Seat } from "../types.ts";
import { earlyVoteAct, earlyVoteOffer, earlyVoteParam, type EarlyVoteRequest } from "../rules/early-vote.ts";
import { claimAct, claimOffer } from "../rules/claims.ts";

const params = v.strictObject({
  ms: v.pipe(v.number(), v.integer(), v.minValue(1000)),
  /** A setting in seconds that overrides `ms` (§5.5 tempo: 3 / 5 / 8 min). */
  msSetting: v.optional(v.string()),
  /** The first day's length when it differs (§6.4 "about 1 min on the first day"). */
  dayOneMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1000))),
  /** §7.5 any living player may ask for an early vote; with enough supporters the vote comes at once (outcome "early-vote"). */
  earlyVote: earlyVoteParam,
  /**
   * *Decision* (the profiles, §5.5: free talk is followed by the vote): each living person
   * (a seat not played by a bot) may press "ready to vote"; once every living person has, free talk
   * ends at once (outcome "done", as its timer would) and the log says so. Bots never press it.
   */
  ready: v.optional(v.boolean()),
});
type P = v.InferOutput<typeof params>;

/**
 * The seats handed in (the day's speaking order), handed on to what follows; the public claims
 * each seat made in this free talk (seat → count; absent: none).
 */
interface D { seats: number[]; early: EarlyVoteRequest | null; claims?: Readonly<Record<number, number>>; ready?: readonly Seat[] }

/** The living persons (seats not played by a bot): who must be ready for free talk to end. */
function persons(s: EngineState): Seat[] {
  const out: Seat[] = [];
  for (const p of s.players) if (p.alive && !p.bot) out.push(p.seat);
  return out;
}

export const freeTalk: PhaseModule<P, D> = {
  kind: "free-talk",
  params,
  outcomes: (p) => (p.earlyVote ? ["done", "early-vote"] : ["done"]),
  techVotes: true,
  // Every part is only ever replaced.
  clone: (d) => ({ seats: d.seats, early: d.early, ...(d.claims ? { claims: d.claims } : {}), ...(d.ready ? { ready: d.ready } : {}) }),
  enter: (ctx, p, seats) => ({ data: { seats, early: null }, ms: ctx.s.day === 1 && p.dayOneMs !== undefined ? p.dayOneMs : msOf(ctx.s.settings, p.ms, p.msSetting) }),
  // The speaking order (living seats from the first speaker) as it is now.
  timeout: (ctx, _p, d) => ({ outcome: "done", seats: d.seats.filter((x) => ctx.s.players[x - 1]!.alive) }),
  act(ctx, p, d, seat, a) {
    if (a.type === "claim") {
      // Any living seat may claim in free talk (the interpreter lets only the living act here).
      const made = d.claims?.[seat] ?? 0;
      claimAct(ctx, seat, a.claim, made);
      d.claims = { ...d.claims, [seat]: made + 1 };
      return;
    }
    if (a.type === "ready-to-vote") {
      if (!p.ready) reject("phase-closed", "no 'ready to vote' in this free talk");
      if (ctx.s.players[seat - 1]!.bot) reject("not-allowed", "bots do not press 'ready to vote'");
      if (d.ready?.includes(seat)) reject("already-acted", "you are ready to vote already");
      const who = persons(ctx.s);
      const ready = [...(d.ready ?? []).filter((x) => who.includes(x)), seat];
      d.ready = ready;
      emit(ctx, "ready-to-vote", PUBLIC, { seat, ready: ready.length, of: who.length });
      if (who.every((x) => ready.includes(x))) {
        emit(ctx, "free-talk-ended", PUBLIC, { why: "all-ready" });
        return { outcome: "done", seats: d.seats.filter((x) => ctx.s.players[x - 1]!.alive) };
      }
      return;
    }
    if (a.type !== "early-vote") reject("phase-closed", "free talk: nothing to do but talk");
    const r = earlyVoteAct(ctx, p.earlyVote, d.early, seat, true);
    d.early = r.request;
    if (r.passed) {
      emit(ctx, "early-vote-passed", PUBLIC, { by: r.request.by });
      return { outcome: "early-vote", seats: d.seats.filter((x) => ctx.s.players[x - 1]!.alive) };
    }
  },
  actions(s, p, d, seat, out) {
    const a = earlyVoteOffer(s, p.earlyVote, d.early, seat, true);
    if (a) out.push(a);
    const claim = claimOffer(s, seat, d.claims?.[seat] ?? 0);
    if (claim) out.push(claim);
    if (p.ready && !s.players[seat - 1]!.bot) {
      const who = persons(s);
      const ready = (d.ready ?? []).filter((x) => who.includes(x)).length;
      out.push({ type: "ready-to-vote", pressed: !!d.ready?.includes(seat), ready, of: who.length });
    }
  },
  name: () => "free-talk",
  floor(s) {
    const living = livingList(s);
    return [{ id: "table", speakers: living, video: living, listeners: "everyone" }];
  },
};
