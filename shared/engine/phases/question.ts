/**
 * Phase module `question`: a yes/no vote on the seats handed in (RULES.md §2.9 the lift vote: "lift all
 * tied leaders?"; §4.7 the car crash, where the tied do not vote; §6.6–§6.7 "expel anyone at all?",
 * "expel both?"). More than half of the voters in favour passes it; not voting counts against.
 * With `eliminates` the seats leave when it passes ("yes", with their seats: each gets a farewell);
 * otherwise "yes" only moves on. Closed or open as a setting says (as the day's ballot).
 */
import * as v from "valibot";
import { hostGate, livingList, reject } from "../flow/stage.ts";
import type { Next, PhaseModule } from "../flow/types.ts";
import { checkWin, depart } from "../rules/outcome.ts";
import { PUBLIC, emit, toSeats, type Ctx, type EngineState } from "../state.ts";
import type { BallotView, Seat, VoteMode } from "../types.ts";

const params = v.strictObject({
  /** §2.9 the lift vote; §4.7 the confirmation vote on the leader, the car crash. */
  name: v.picklist(["lift-vote", "confirm-vote", "car-crash", "expel-anyone", "expel-both"]),
  ms: v.pipe(v.number(), v.integer(), v.minValue(1000)),
  mode: v.optional(v.picklist(["closed", "open"]), "closed"),
  modeSetting: v.optional(v.string()),
  /** "living": every living player votes (§2.9); "not-candidates": the seats in question do not (§4.7 car crash). */
  voters: v.picklist(["living", "not-candidates"]),
  /** The seats leave when it passes (a lift vote, a car crash); false: a question that only decides what follows. */
  eliminates: v.boolean(),
  /** How the seats leave when it passes: "lifted" (§2.9), or "voted-out" (§4.7 the town's vote). */
  out: v.optional(v.picklist(["lifted", "voted-out"]), "lifted"),
  /** §6.6 asked on the first day only: on any other day the question is not put and it passes at once ("yes", the seats handed on). */
  firstDayOnly: v.optional(v.boolean(), false),
});
type P = v.InferOutput<typeof params>;
interface D {
  mode: VoteMode;
  candidates: Seat[];
  /** 0 none, 1 for, 2 against. */
  ballots: number[];
}

function voter(s: EngineState, p: P, d: D, seat: Seat): boolean {
  return s.players[seat - 1]!.alive && !(p.voters === "not-candidates" && d.candidates.includes(seat));
}
function voterCount(s: EngineState, p: P, candidates: Seat[]): number {
  let n = 0;
  for (const x of s.players) if (x.alive && !(p.voters === "not-candidates" && candidates.includes(x.seat))) n++;
  return n;
}
const neededOf = (voters: number) => Math.floor(voters / 2) + 1;

function countQuestion(ctx: Ctx, p: P, d: D): Next | undefined {
  const s = ctx.s;
  const ballots: Array<{ voter: Seat; lift: boolean }> = [];
  let inFavour = 0;
  for (const x of s.players) {
    if (!voter(s, p, d, x.seat)) continue;
    const lift = d.ballots[x.seat - 1] === 1; // not voting counts against
    if (lift) inFavour++;
    ballots.push({ voter: x.seat, lift });
  }
  const needed = neededOf(voterCount(s, p, d.candidates));
  const passed = inFavour >= needed;
  emit(ctx, "lift-counted", PUBLIC, { candidates: d.candidates, ballots, inFavour, needed, passed, ...named(p) });
  if (!passed) return { outcome: "no" };
  if (!p.eliminates) return { outcome: "yes", seats: d.candidates };
  for (const seat of d.candidates) depart(ctx, seat, p.out);
  if (checkWin(ctx)) return;
  return { outcome: "yes", seats: d.candidates };
}

/** Which question the events name (absent for the lift vote, as before §4). */
const named = (p: P) => (p.name === "lift-vote" ? {} : { question: p.name });

function allVoted(s: EngineState, p: P, d: D): boolean {
  for (const x of s.players) if (voter(s, p, d, x.seat) && d.ballots[x.seat - 1] === 0) return false;
  return true;
}

export const question: PhaseModule<P, D> = {
  kind: "question",
  /** Its timers are windows for a move (doubled at a table with longer windows, flow/stage.ts). */
  windows: true,
  params,
  outcomes: () => ["yes", "no", "cancelled"],
  techVotes: true,
  clone: (d) => ({ mode: d.mode, candidates: d.candidates, ballots: d.ballots.slice() }),
  enter(ctx, p, candidates) {
    if (p.firstDayOnly && ctx.s.day !== 1) return { outcome: "yes", seats: candidates };
    const mode: VoteMode = p.modeSetting !== undefined ? (ctx.s.settings[p.modeSetting] === "open" ? "open" : "closed") : p.mode;
    emit(ctx, "lift-vote-started", PUBLIC, { candidates, mode, needed: neededOf(voterCount(ctx.s, p, candidates)), ...named(p) });
    return { data: { mode, candidates, ballots: ctx.s.players.map(() => 0) }, ms: p.ms };
  },
  timeout: (ctx, p, d) => hostGate(ctx, () => countQuestion(ctx, p, d)),
  confirm: (ctx, p, d) => countQuestion(ctx, p, d),
  // §5.7 the voters who have not voted yet (an ordinary confirm waits for them).
  remaining(s, p, d) {
    const out: Seat[] = [];
    for (const x of s.players) if (voter(s, p, d, x.seat) && d.ballots[x.seat - 1] === 0) out.push(x.seat);
    return out;
  },
  act(ctx, p, d, seat, a) {
    if (a.type !== "vote-lift") reject("phase-closed", "a yes/no vote is running");
    if (!voter(ctx.s, p, d, seat)) reject("not-allowed", "the seats in question do not vote");
    if (d.ballots[seat - 1] !== 0) reject("already-voted", "the first vote is final");
    const lift = !!a.lift;
    d.ballots[seat - 1] = lift ? 1 : 2;
    if (d.mode === "closed") emit(ctx, "lift-ballot-cast", toSeats([seat]), { voter: seat, lift, ...named(p) });
    else emit(ctx, "lift-vote-cast", PUBLIC, { voter: seat, lift, ...named(p) });
    if (allVoted(ctx.s, p, d)) return hostGate(ctx, () => countQuestion(ctx, p, d));
  },
  actions(s, p, d, seat, out) {
    if (voter(s, p, d, seat) && d.ballots[seat - 1] === 0) out.push({ type: "vote-lift" });
  },
  name: (_s, p) => p.name,
  ballot(s, p, d, viewer, seesAll): BallotView {
    const mine = viewer !== null ? (d.ballots[viewer - 1] as number) : 0;
    const votes: Array<{ voter: Seat; lift: boolean }> = [];
    if (d.mode === "open" || seesAll) for (let i = 0; i < d.ballots.length; i++) if (d.ballots[i] !== 0) votes.push({ voter: i + 1, lift: d.ballots[i] === 1 });
    return { kind: "lift", mode: d.mode, candidates: d.candidates.slice(), needed: neededOf(voterCount(s, p, d.candidates)), votes, mine: mine === 0 ? null : mine === 1 };
  },
  floor: (s) => [{ id: "table", speakers: [], video: livingList(s), listeners: "everyone" }],
  removed(ctx) {
    emit(ctx, "voting-cancelled", PUBLIC, {});
    return { outcome: "cancelled" };
  },
};
