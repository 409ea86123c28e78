/**
 * Voting (§2.6), elimination (§2.7), the day-1 rules (§2.8) and ties (§2.9).
 *
 * Closed voting: 10 s, all at once; each ballot is a private event for its voter until the count,
 * when who voted for whom becomes public. Open voting: candidates called in nomination order, 5 s
 * each (each call a timed sub-phase), every vote public as cast; the last candidate is not called:
 * every unused vote goes to them (§2.6 "whoever has not voted gives the vote to the last nominated
 * candidate"). The lift vote (§2.9) uses the same visibility as the table's voting setting.
 */
import { PUBLIC, emit, livingCount, player, toSeats, type Ctx } from "../state.ts";
import type { Seat } from "../types.ts";
import { startNight } from "./night.ts";
import { checkWin, depart } from "./outcome.ts";
import { enterStage, hostGate, preset, restartTimer, setting } from "./phase.ts";
import { startSpeeches } from "./speeches.ts";

function mode(ctx: Ctx): "closed" | "open" {
  return setting<"closed" | "open">(ctx, preset(ctx).voting.modeSetting) === "open" ? "open" : "closed";
}
function breakAtZero(ctx: Ctx): boolean {
  return !!setting<boolean>(ctx, preset(ctx).voting.breakAtZeroSetting);
}
function liftAtZero(ctx: Ctx): boolean {
  return !!setting<boolean>(ctx, preset(ctx).voting.liftAtZeroSetting);
}

/** After the day's speeches (§2.6 no candidate / one candidate / two or more; §2.8; §2.13 cancelled). */
export function startVoting(ctx: Ctx): void {
  const s = ctx.s;
  const nominees = s.nominees.filter((c) => player(s, c).alive);
  if (s.votingCancelled) {
    emit(ctx, "voting-cancelled", PUBLIC, {});
    startNight(ctx);
    return;
  }
  if (nominees.length === 0) {
    emit(ctx, "no-candidates", PUBLIC, {});
    startNight(ctx);
    return;
  }
  if (nominees.length === 1) {
    const seat = nominees[0] as Seat;
    if (s.day === 1 && !breakAtZero(ctx)) {
      // §2.8 with break-at-zero off, a single candidate stays on day 1.
      emit(ctx, "single-candidate-stays", PUBLIC, { seat });
      startNight(ctx);
      return;
    }
    // §2.6 one candidate leaves without a vote.
    emit(ctx, "single-candidate-leaves", PUBLIC, { seat });
    eliminate(ctx, [seat], "voted-out");
    return;
  }
  startBallot(ctx, "first", nominees);
}

export function startBallot(ctx: Ctx, round: "first" | "revote", candidates: Seat[]): void {
  const m = mode(ctx);
  const v = preset(ctx).voting;
  const ballots = ctx.s.players.map(() => 0);
  enterStage(ctx, { kind: "voting", round, mode: m, candidates, ballots, current: 0 }, m === "closed" ? v.closedMs : v.openMsPerCandidate);
  emit(ctx, "voting-started", PUBLIC, { round, mode: m, candidates, calling: m === "open" ? candidates[0] : null });
}

function allLivingVoted(ctx: Ctx, ballots: number[]): boolean {
  for (const p of ctx.s.players) if (p.alive && ballots[p.seat - 1] === 0) return false;
  return true;
}

/** §2.6 a ballot: only living players, only for candidates, first vote final. Legality checked by the caller. */
export function castVote(ctx: Ctx, voter: Seat, target: Seat): void {
  const st = ctx.s.stage;
  if (st.kind !== "voting") return;
  st.ballots[voter - 1] = target;
  if (st.mode === "closed") emit(ctx, "ballot-cast", toSeats([voter]), { voter, target });
  else emit(ctx, "vote-cast", PUBLIC, { voter, target });
  if (allLivingVoted(ctx, st.ballots)) hostGate(ctx, () => count(ctx));
}

export function votingTimeout(ctx: Ctx): void {
  const st = ctx.s.stage;
  if (st.kind !== "voting") return;
  if (st.mode === "open" && st.current < st.candidates.length - 2) {
    st.current++;
    restartTimer(ctx, preset(ctx).voting.openMsPerCandidate);
    emit(ctx, "candidate-called", PUBLIC, { seat: st.candidates[st.current] });
    return;
  }
  hostGate(ctx, () => count(ctx));
}

/** The count: unused votes go to the last nominee; who voted for whom becomes public. */
export function count(ctx: Ctx): void {
  const s = ctx.s;
  const st = s.stage;
  if (st.kind !== "voting") return;
  const last = st.candidates[st.candidates.length - 1] as Seat;
  const tally = s.players.map(() => 0);
  const ballots: Array<{ voter: Seat; target: Seat; auto: boolean }> = [];
  for (const p of s.players) {
    if (!p.alive) continue;
    const b = st.ballots[p.seat - 1] as number;
    const target = b === 0 ? last : b;
    ballots.push({ voter: p.seat, target, auto: b === 0 });
    tally[target - 1] = (tally[target - 1] as number) + 1;
  }
  s.lastTally = tally;
  let max = -1;
  for (const c of st.candidates) max = Math.max(max, tally[c - 1] as number);
  const leaders = st.candidates.filter((c) => tally[c - 1] === max);
  emit(ctx, "vote-counted", PUBLIC, { round: st.round, ballots, tally: st.candidates.map((c) => ({ seat: c, votes: tally[c - 1] })), leaders });
  const dayOne = s.day === 1;
  if (leaders.length === 1) {
    const seat = leaders[0] as Seat;
    if (dayOne && !breakAtZero(ctx)) {
      // §2.8 the vote leader speaks 30 s and stays.
      emit(ctx, "leader-stays", PUBLIC, { seat });
      startSpeeches(ctx, "leader", [seat], []);
      return;
    }
    eliminate(ctx, [seat], "voted-out");
    return;
  }
  if (st.round === "first") {
    // §2.9 tied candidates each speak 30 s in nomination order; then a revote among them only.
    emit(ctx, "tie", PUBLIC, { seats: leaders });
    startSpeeches(ctx, "tie", leaders, leaders);
    return;
  }
  if (!dayOne || liftAtZero(ctx)) {
    startLift(ctx, leaders);
    return;
  }
  emit(ctx, "tie-stays", PUBLIC, { seats: leaders });
  startNight(ctx);
}

/** §2.9 the lift vote on all tied leaders: more than half of the living in favour lifts them all. */
function startLift(ctx: Ctx, candidates: Seat[]): void {
  const m = mode(ctx);
  enterStage(ctx, { kind: "lift-vote", mode: m, candidates, ballots: ctx.s.players.map(() => 0) }, preset(ctx).voting.tie.liftMs);
  emit(ctx, "lift-vote-started", PUBLIC, { candidates, mode: m, needed: Math.floor(livingCount(ctx.s) / 2) + 1 });
}

export function castLift(ctx: Ctx, voter: Seat, lift: boolean): void {
  const st = ctx.s.stage;
  if (st.kind !== "lift-vote") return;
  st.ballots[voter - 1] = lift ? 1 : 2;
  if (st.mode === "closed") emit(ctx, "lift-ballot-cast", toSeats([voter]), { voter, lift });
  else emit(ctx, "lift-vote-cast", PUBLIC, { voter, lift });
  if (allLivingVoted(ctx, st.ballots)) hostGate(ctx, () => countLift(ctx));
}

export function countLift(ctx: Ctx): void {
  const s = ctx.s;
  const st = s.stage;
  if (st.kind !== "lift-vote") return;
  const ballots: Array<{ voter: Seat; lift: boolean }> = [];
  let inFavour = 0;
  for (const p of s.players) {
    if (!p.alive) continue;
    const lift = st.ballots[p.seat - 1] === 1; // not voting counts against
    if (lift) inFavour++;
    ballots.push({ voter: p.seat, lift });
  }
  const needed = Math.floor(livingCount(s) / 2) + 1;
  const passed = inFavour >= needed;
  emit(ctx, "lift-counted", PUBLIC, { candidates: st.candidates, ballots, inFavour, needed, passed });
  if (passed) { eliminate(ctx, st.candidates, "lifted"); return; }
  startNight(ctx);
}

/** §2.7 the leaders leave, each with a 60 s farewell (roles stay hidden); the game may end at once. */
function eliminate(ctx: Ctx, seats: Seat[], how: "voted-out" | "lifted"): void {
  for (const seat of seats) depart(ctx, seat, how);
  if (checkWin(ctx)) return;
  startSpeeches(ctx, "farewell", seats, []);
}
