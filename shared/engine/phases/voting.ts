/**
 * Phase module `voting`: a ballot among candidates (RULES.md §2.6–§2.9). Parameters: the round (the
 * day's first vote among the nominees, or a revote among the seats handed in), closed or open (a
 * setting, or fixed), timers, what an unused vote does, whether a single candidate leaves without a
 * vote, the decision rule (plurality, or an absolute majority of the living), and the day-1 settings
 * (§2.8 break at zero: with it off a single candidate stays and a sole leader speaks and stays; §2.9
 * lift at zero: with it off a second tie on day 1 stays).
 *
 * Outcomes: "out" (the leaders left; each gets a farewell), "leader" (day 1: the leader speaks and stays),
 * "tie" (the tied leaders), "none" (no elimination: night), "cancelled" (a removal, §2.13).
 * The floor: cameras of the living, no microphone.
 */
import * as v from "valibot";
import { hostGate, livingFrom, livingList, reject, restartTimer, windowMs } from "../flow/stage.ts";
import type { Next, PhaseModule } from "../flow/types.ts";
import { checkWin, depart } from "../rules/outcome.ts";
import { tiers } from "../rules/nominations.ts";
import { foul } from "../rules/technical.ts";
import { presetOf } from "../presets/index.ts";
import { getRole } from "../roles/index.ts";
import { randInt } from "../rng.ts";
import { PUBLIC, emit, livingCount, player, toSeats, type Ctx, type EngineState } from "../state.ts";
import type { AvailableAction, BallotView, Seat, VoteMode } from "../types.ts";

const ms = v.pipe(v.number(), v.integer(), v.minValue(1000));
const params = v.strictObject({
  name: v.picklist(["voting", "revote"]),
  round: v.picklist(["first", "revote"]),
  /**
   * Fixed mode, or `modeSetting` naming the setting that holds "closed" / "open". "in-turn" (§7.3): each
   * living voter in turn, from the seat after the day's first speaker, names a candidate; every vote is seen.
   */
  mode: v.optional(v.picklist(["closed", "open", "in-turn"]), "closed"),
  modeSetting: v.optional(v.string()),
  closedMs: ms,
  openMsPerCandidate: ms,
  /** In turn: each voter's time (§7.3 10 s). */
  perVoterMs: v.optional(ms, 10_000),
  /**
   * "nominees": the day's nominees (first vote); "given": the seats handed in (a revote among the tied);
   * "tiers": those sharing the most nominations and those sharing the second most (§6.5); "living":
   * any living player (§7.3).
   */
  candidates: v.picklist(["nominees", "given", "tiers", "living"]),
  /** More candidates than this: nobody leaves, night falls (§6.5 "more than four"). */
  maxCandidates: v.optional(v.pipe(v.number(), v.integer(), v.minValue(2))),
  /**
   * §7.3 in turn: a voter who lets the time run out gets a foul and `extraMs` more, again and again, until
   * the foul that removes them (the preset's limit); absent: the turn passes and the vote is lost.
   */
  late: v.optional(v.strictObject({ extraMs: ms })),
  /**
   * In turn: one tap votes, and the voter may change the vote within their turn — the turn then
   * passes after this long (or at its own end, if sooner). Absent: the vote passes the turn at once.
   */
  changeMs: v.optional(ms),
  /** A voter may vote for themselves when a candidate (sport); false: never against oneself (§7.3). */
  selfVote: v.optional(v.boolean(), true),
  /** §2.6 whoever has not voted gives the vote to the last candidate; "none": an unused vote is lost. */
  unusedVote: v.picklist(["last-candidate", "none"]),
  /** §2.6 a single candidate leaves without a vote; "vote": the table still votes. */
  singleCandidate: v.picklist(["leaves", "vote"]),
  /** "plurality": most votes; "absolute": more than half of the living, else nobody leaves. */
  majority: v.optional(v.picklist(["plurality", "absolute"]), "plurality"),
  /** The setting that holds "plurality" / "absolute" (§5.5 Custom's elimination rule); overrides `majority` when set. */
  majoritySetting: v.optional(v.string()),
  /** §2.8 the boolean setting that allows an elimination on day 1 (absent: always allowed). */
  dayOneSetting: v.optional(v.string()),
  /** §2.9 revote: the boolean setting that allows the next step after a second tie on day 1 (absent: always). */
  tieDayOneSetting: v.optional(v.string()),
  /**
   * §5.5 open voting of the profiles: every ballot at once, each seen as it is cast (no candidate is
   * called); `mode` "open" (or the mode setting's "open") then means this.
   */
  atOnce: v.optional(v.boolean()),
  /** §5.6 a player blackmailed last night has no vote today (told when the day's voting opens). */
  silenced: v.optional(v.boolean()),
  /** §5.6 Judge: a role with this passive votes ×2 in open voting, his name shown the first time. */
  weightPassive: v.optional(v.string()),
  /** §5.5 Custom: a tie after the revote — nobody leaves, all the tied leave, or one drawn at random (or the setting that says which). */
  /**
   * "drop-fewest" (§6.7 the car crash, first vote and revote alike): with three or four candidates those
   * with the fewest hands drop out (outcome "drop" with the rest, who speak again and vote again) —
   * unless that would leave fewer than two; two tied (or all tied) → outcome "tie" ("expel both?").
   */
  onTie: v.optional(v.picklist(["nobody", "all", "random", "drop-fewest"])),
  onTieSetting: v.optional(v.string()),
  /**
   * §7.4 a peaceful day (outcome "peaceful", event `peaceful-day`): a tie in the revote, and with
   * `allOneVote` a first vote in which every candidate got exactly one vote.
   */
  peaceful: v.optional(v.strictObject({ allOneVote: v.boolean() })),
  /** §7.9 candidates "living" also takes the players removed by fouls today (the town may still vote them out). */
  removedToday: v.optional(v.boolean()),
  /** In turn: the first voter is the seat after the day's first speaker (§7.3), or after the first vote's starter (§7.4 the revote). */
  votersFrom: v.optional(v.picklist(["after-first-speaker", "after-vote-starter"]), "after-first-speaker"),
  /** §7.4 "with two players left in the revote they do not vote": with at most this many candidates, candidates do not vote. */
  candidatesSitOut: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  /** §7.9 a player whose automatic vote against is due gets it in this ballot, if a candidate (Preset.fouls.voteAgainstAt). */
  foulVotes: v.optional(v.boolean()),
  /**
   * §4.6 open voting by candidate: the last candidate is called too (sport never calls the last, §2.6);
   * a voter who voted for nobody when the last call ends has a "late or missing vote" (see `missingVote`).
   */
  callLast: v.optional(v.boolean()),
  /** §4.6 "a late or missing vote is a remark (warning) and goes to the last candidate": each such voter gets a public remark at the count. */
  missingVote: v.optional(v.picklist(["remark"])),
  /** §4.7 a sole leader of the first vote does not leave at once: outcome "leader" (a defence and a confirmation vote follow). */
  soleLeader: v.optional(v.picklist(["leaves", "defends"]), "leaves"),
});
type P = v.InferOutput<typeof params>;
interface D {
  mode: VoteMode;
  candidates: Seat[];
  /** ballots[seat-1] = candidate seat, 0 = not yet voted. */
  ballots: number[];
  /** Open voting: index of the candidate being called (§2.6); in turn: of the voter being called. */
  current: number;
  /** In turn: the voters in calling order. */
  voters: Seat[];
  /** Open at once (§5.5): every candidate open to every voter, no calls. */
  atOnce?: boolean;
  /** §7.9 candidates with an automatic vote against them in this ballot (three fouls). */
  auto?: Seat[];
  /** §7.10 seats whose vote their consigliere gave (final for both). */
  advised?: Seat[];
  /** §5.7 in turn: the live host's "end it now" — the ballot is counted after the current voter's turn. */
  closing?: true;
}

function modeOf(ctx: Ctx, p: P): VoteMode {
  return p.modeSetting !== undefined ? (ctx.s.settings[p.modeSetting] === "open" ? "open" : "closed") : p.mode;
}


/** Whether `seat` may vote for `target` now (targetsOf without building the list). */
function mayVote(p: P, d: D, seat: Seat, target: Seat): boolean {
  if (d.mode === "open" && !d.atOnce) return target === d.candidates[d.current];
  if (d.mode === "in-turn" && d.voters[d.current] !== seat) return false;
  return d.candidates.includes(target) && (p.selfVote || target !== seat);
}

/** In turn, the voter whose turn it still is may change the vote they cast (not the consigliere's). */
function changeable(p: P, d: D, seat: Seat): boolean {
  return p.changeMs !== undefined && d.mode === "in-turn" && d.voters[d.current] === seat && d.ballots[seat - 1] !== 0 && !d.advised?.includes(seat);
}

/** What `seat` may vote for now. */
function targetsOf(p: P, d: D, seat: Seat): Seat[] {
  if (d.mode === "open" && !d.atOnce) return [d.candidates[d.current] as Seat];
  if (d.mode === "in-turn" && d.voters[d.current] !== seat) return [];
  return p.selfVote ? d.candidates.slice() : d.candidates.filter((c) => c !== seat);
}
function allowed(ctx: Ctx, key: string | undefined): boolean {
  return ctx.s.day !== 1 || key === undefined || ctx.s.settings[key] === true;
}

/** §2.7 the leaders leave (roles stay hidden unless the reveal is open); the game may end at once. */
function eliminate(ctx: Ctx, seats: Seat[]): Next | undefined {
  for (const seat of seats) depart(ctx, seat, "voted-out");
  if (checkWin(ctx)) return;
  return { outcome: "out", seats };
}

/** §5.6 the seats without a vote today (blackmailed last night). */
function silencedSeats(s: EngineState, p: P): readonly Seat[] {
  return p.silenced && s.silenced ? s.silenced : [];
}

/** §7.4 candidates who sit the ballot out (two left in the revote). */
function sitsOut(p: P, d: { candidates: Seat[] }, seat: Seat): boolean {
  return p.candidatesSitOut !== undefined && d.candidates.length <= p.candidatesSitOut && d.candidates.includes(seat);
}

function allLivingVoted(s: EngineState, p: P, d: D): boolean {
  const silenced = silencedSeats(s, p);
  for (const x of s.players) if (x.alive && d.ballots[x.seat - 1] === 0 && !silenced.includes(x.seat) && !sitsOut(p, d, x.seat)) return false;
  return true;
}

/** §5.6 the Judge's weight: ×2 in open voting (the passive `weightPassive`), else 1. */
function weightOf(s: EngineState, p: P, d: D, seat: Seat): number {
  if (!p.weightPassive || d.mode !== "open") return 1;
  const role = player(s, seat).role;
  return role !== null && getRole(role).passives.includes(p.weightPassive) ? 2 : 1;
}

/** The count: unused votes as the rule says; who voted for whom becomes public. */
function count(ctx: Ctx, p: P, d: D): Next | undefined {
  const s = ctx.s;
  const last = d.candidates[d.candidates.length - 1] as Seat;
  const tally = s.players.map(() => 0);
  const ballots: Array<{ voter: Seat; target: Seat; auto: boolean }> = [];
  const silenced = silencedSeats(s, p);
  for (const pl of s.players) {
    if (!pl.alive || silenced.includes(pl.seat) || sitsOut(p, d, pl.seat)) continue;
    const b = d.ballots[pl.seat - 1] as number;
    if (b === 0 && p.unusedVote === "none") continue;
    const target = b === 0 ? last : b;
    ballots.push({ voter: pl.seat, target, auto: b === 0 });
    tally[target - 1] = (tally[target - 1] as number) + weightOf(s, p, d, pl.seat);
  }
  // §7.9 the automatic vote against a player with three fouls (cast by nobody).
  for (const x of d.auto ?? []) tally[x - 1] = (tally[x - 1] as number) + 1;
  s.lastTally = tally;
  // §4.6 a late or missing vote: a remark, and the vote goes to the last candidate (counted above).
  if (p.missingVote === "remark") for (const b of ballots) if (b.auto) emit(ctx, "remarked", PUBLIC, { seat: b.voter, cause: "missing-vote" });
  let max = -1;
  for (const c of d.candidates) max = Math.max(max, tally[c - 1] as number);
  // Nobody voted (unused votes lost, §5.5 / §7.3): no leader, nobody leaves.
  const leaders = max > 0 ? d.candidates.filter((c) => tally[c - 1] === max) : [];
  emit(ctx, "vote-counted", PUBLIC, { round: p.round, ballots, tally: d.candidates.map((c) => ({ seat: c, votes: tally[c - 1] as number })), leaders });
  if (leaders.length === 0) return { outcome: "none" };
  // §7.4 "if in the first vote every player got exactly one vote: peaceful day" (every living player; one removed by fouls today with none).
  if (p.peaceful?.allOneVote && p.round === "first" && d.candidates.every((c) => tally[c - 1] === 1 || (!player(s, c).alive && tally[c - 1] === 0))) {
    emit(ctx, "peaceful-day", PUBLIC, { why: "all-one-vote" });
    return { outcome: "peaceful" };
  }
  if (leaders.length === 1) {
    const seat = leaders[0] as Seat;
    // §7.9 the town voted out a player already removed by fouls: nobody else leaves that day.
    if (!player(s, seat).alive) {
      emit(ctx, "removed-voted-out", PUBLIC, { seat });
      return { outcome: "none" };
    }
    const majority = p.majoritySetting !== undefined && typeof s.settings[p.majoritySetting] === "string" ? s.settings[p.majoritySetting] : p.majority;
    if (majority === "absolute" && max * 2 <= livingCount(s)) {
      emit(ctx, "tie-stays", PUBLIC, { seats: leaders });
      return { outcome: "none" };
    }
    // §4.7 the leader defends (60 s) and the town confirms by a yes/no vote.
    if (p.soleLeader === "defends" && p.round === "first") return { outcome: "leader", seats: [seat] };
    if (!allowed(ctx, p.dayOneSetting)) {
      // §2.8 the vote leader speaks 30 s and stays.
      emit(ctx, "leader-stays", PUBLIC, { seat });
      return { outcome: "leader", seats: [seat] };
    }
    return eliminate(ctx, [seat]);
  }
  if (p.onTie === "drop-fewest") {
    // §6.7 decision: all sharing the fewest hands drop, unless fewer than two would be left.
    let fewest = Infinity;
    for (const c of d.candidates) fewest = Math.min(fewest, tally[c - 1] as number);
    const left = d.candidates.filter((c) => tally[c - 1] !== fewest);
    if (d.candidates.length > 2 && left.length >= 2) {
      emit(ctx, "dropped", PUBLIC, { seats: d.candidates.filter((c) => tally[c - 1] === fewest), left });
      return { outcome: "drop", seats: left };
    }
    emit(ctx, "tie", PUBLIC, { seats: leaders });
    return { outcome: "tie", seats: leaders };
  }
  if (p.round === "revote" && p.peaceful) {
    // §7.4 "A tie again: peaceful day (nobody leaves)".
    emit(ctx, "peaceful-day", PUBLIC, { why: "tie-again" });
    return { outcome: "peaceful" };
  }
  if (p.round === "first") {
    // §2.9 tied candidates each speak in nomination order; then a revote among them only.
    emit(ctx, "tie", PUBLIC, { seats: leaders });
    return { outcome: "tie", seats: leaders };
  }
  if (allowed(ctx, p.tieDayOneSetting)) {
    // §5.5 Custom: after the revote, nobody / all the tied / one of them drawn at random.
    const rule = p.onTieSetting !== undefined && typeof s.settings[p.onTieSetting] === "string" ? s.settings[p.onTieSetting] : p.onTie;
    if (rule === "all") return eliminate(ctx, leaders);
    if (rule === "random") {
      const seat = leaders[randInt(s.rng, leaders.length)] as Seat;
      emit(ctx, "tie-drawn", PUBLIC, { seats: leaders, seat });
      return eliminate(ctx, [seat]);
    }
    if (rule === "nobody") {
      emit(ctx, "tie-stays", PUBLIC, { seats: leaders });
      return { outcome: "none" };
    }
    return { outcome: "tie", seats: leaders };
  }
  emit(ctx, "tie-stays", PUBLIC, { seats: leaders });
  return { outcome: "none" };
}

/**
 * §5.7 who still has to vote before an ordinary confirm: in turn, the living voters from the one being
 * called to the end of the order (ended early: only the current voter, if they have not voted); otherwise
 * every living voter without a ballot (not silenced, not sitting the revote out).
 */
function remainingVoters(s: EngineState, p: P, d: D): Seat[] {
  const silenced = silencedSeats(s, p);
  const out: Seat[] = [];
  if (d.mode === "in-turn") {
    const last = d.closing ? d.current + 1 : d.voters.length;
    for (let i = d.current; i < last && i < d.voters.length; i++) {
      const x = d.voters[i] as Seat;
      if (player(s, x).alive && d.ballots[x - 1] === 0 && !silenced.includes(x)) out.push(x);
    }
    return out;
  }
  for (const x of s.players) if (x.alive && d.ballots[x.seat - 1] === 0 && !silenced.includes(x.seat) && !sitsOut(p, d, x.seat)) out.push(x.seat);
  return out;
}

/** §7.3 the next voter in turn (a voter who let the time run out has no vote); after the last, the count. */
function nextVoter(ctx: Ctx, p: P, d: D): Next | void {
  const s = ctx.s;
  // §5.7 ended early by the live host: counted once the current voter's turn is over (no second confirm).
  if (d.closing) return count(ctx, p, d);
  while (++d.current < d.voters.length && !player(s, d.voters[d.current] as Seat).alive);
  if (d.current >= d.voters.length) return hostGate(ctx, () => count(ctx, p, d));
  restartTimer(ctx, p.perVoterMs);
  emit(ctx, "voter-called", PUBLIC, { seat: d.voters[d.current] as Seat });
}

function ballotsList(ballots: number[]): Array<{ voter: Seat; target: Seat }> {
  const out: Array<{ voter: Seat; target: Seat }> = [];
  for (let i = 0; i < ballots.length; i++) if (ballots[i] !== 0) out.push({ voter: i + 1, target: ballots[i] as number });
  return out;
}

/** A vote for the seat (legality of the moment checked here): the player's own, or (§7.10) its consigliere's. */
function cast(ctx: Ctx, p: P, d: D, seat: Seat, target: Seat, advised: boolean): Next | void {
  if (silencedSeats(ctx.s, p).includes(seat)) reject("not-allowed", "you have no vote today");
  if (sitsOut(p, d, seat)) reject("not-allowed", "the two players left in the revote do not vote");
  if (d.mode === "in-turn" && d.voters[d.current] !== seat) reject("not-your-turn", "wait for your turn to vote");
  if (!mayVote(p, d, seat, target)) reject("illegal-target", "vote for a candidate (open voting: the one being called)");
  d.ballots[seat - 1] = target;
  const audience = d.mode === "closed" ? toSeats([seat]) : PUBLIC;
  if (advised) emit(ctx, "vote-advised", audience, { voter: seat, target, replaced: false });
  else if (d.mode === "closed") emit(ctx, "ballot-cast", audience, { voter: seat, target });
  else emit(ctx, "vote-cast", audience, { voter: seat, target });
  // §5.6 the Judge's name is shown once, the first time he votes openly.
  if (d.mode === "open" && weightOf(ctx.s, p, d, seat) > 1 && !(ctx.s.judgesShown ?? []).includes(seat)) {
    ctx.s.judgesShown = [...(ctx.s.judgesShown ?? []), seat];
    emit(ctx, "judge-shown", PUBLIC, { seat });
  }
  if (d.mode === "in-turn") {
    // The voter may still change the vote for a moment; then the turn passes (timeout).
    if (p.changeMs !== undefined && !advised) {
      const change = windowMs(ctx.s.stage, p.changeMs);
      const left = ctx.s.deadline === null ? change : Math.max(0, ctx.s.deadline - ctx.now);
      restartTimer(ctx, Math.min(change, left), true);
      return;
    }
    return nextVoter(ctx, p, d);
  }
  if (allLivingVoted(ctx.s, p, d)) return hostGate(ctx, () => count(ctx, p, d));
}

function actionsOf(s: EngineState, p: P, d: D, seat: Seat, out: AvailableAction[]): void {
  if (d.ballots[seat - 1] !== 0 || silencedSeats(s, p).includes(seat) || sitsOut(p, d, seat)) return;
  const targets = targetsOf(p, d, seat);
  if (targets.length) out.push({ type: "vote", targets });
}

/** §7.10 the votes that may replace the seat's cast vote: its candidates (open voting: the one being called), whoever's turn it is. */
function replacements(p: P, d: D, seat: Seat): Seat[] {
  if (d.mode === "open" && !d.atOnce) return [d.candidates[d.current] as Seat];
  return p.selfVote ? d.candidates.slice() : d.candidates.filter((c) => c !== seat);
}

export const voting: PhaseModule<P, D> = {
  kind: "voting",
  /** Its timers are windows for a move (doubled at a table with longer windows, flow/stage.ts). */
  windows: true,
  params,
  outcomes: (p) => ["out", "leader", "tie", "none", "cancelled", ...(p.peaceful ? ["peaceful"] : []), ...(p.onTie === "drop-fewest" ? ["drop"] : [])],
  techVotes: true,
  // Ballots are cast in place; candidates and voters are only ever replaced.
  clone: (d) => ({ mode: d.mode, candidates: d.candidates, ballots: d.ballots.slice(), current: d.current, voters: d.voters, ...(d.atOnce ? { atOnce: true } : {}), ...(d.auto ? { auto: d.auto } : {}), ...(d.advised ? { advised: d.advised } : {}), ...(d.closing ? { closing: true as const } : {}) }),
  enter(ctx, p, given) {
    const s = ctx.s;
    let candidates = given;
    if (p.candidates === "living") {
      candidates = livingList(s);
      // §7.9 "the town may still vote out the removed player".
      if (p.removedToday && s.removedToday?.length) candidates = [...candidates, ...s.removedToday].sort((a, b) => a - b);
    }
    if (p.candidates === "nominees" || p.candidates === "tiers") {
      // §2.6 no candidate / one candidate / two or more; §2.13 a removal cancelled today's voting.
      candidates = p.candidates === "tiers" ? tiers(s) : s.nominees.filter((c) => player(s, c).alive);
      if (s.votingCancelled) {
        emit(ctx, "voting-cancelled", PUBLIC, {});
        return { outcome: "cancelled" };
      }
      if (candidates.length === 0) {
        emit(ctx, "no-candidates", PUBLIC, {});
        return { outcome: "none" };
      }
      if (candidates.length === 1 && p.singleCandidate === "leaves") {
        const seat = candidates[0] as Seat;
        if (!allowed(ctx, p.dayOneSetting)) {
          // §2.8 with break-at-zero off, a single candidate stays on day 1.
          emit(ctx, "single-candidate-stays", PUBLIC, { seat });
          return { outcome: "none" };
        }
        emit(ctx, "single-candidate-leaves", PUBLIC, { seat });
        return eliminate(ctx, [seat]) ?? { outcome: "none" };
      }
    }
    if (p.maxCandidates !== undefined && candidates.length > p.maxCandidates) {
      // §6.5 more than four candidates: nobody leaves, night falls.
      emit(ctx, "too-many-candidates", PUBLIC, { seats: candidates });
      return { outcome: "none" };
    }
    const mode = modeOf(ctx, p);
    const atOnce = mode === "open" && p.atOnce === true;
    // §7.3 in turn: from the seat after the day's first speaker (§7.4 the revote: after the first vote's starter).
    const n = s.players.length;
    const from = p.votersFrom === "after-vote-starter" && s.voteStarter !== undefined ? (s.voteStarter % n) + 1 : (s.firstSpeaker % n) + 1;
    const voters = mode === "in-turn" ? livingFrom(s, from).filter((x) => !sitsOut(p, { candidates }, x)) : [];
    if (mode === "in-turn" && p.round === "first" && voters.length) s.voteStarter = voters[0] as Seat;
    emit(ctx, "voting-started", PUBLIC, { round: p.round, mode, candidates, calling: mode === "open" && !atOnce ? (candidates[0] as Seat) : null });
    // §7.9 three fouls: one vote against the player in the next ballot they stand in.
    const auto: Seat[] = [];
    if (p.foulVotes) {
      for (const x of candidates) {
        const pl = player(s, x);
        if (!pl.alive || pl.foulVote !== "due") continue;
        pl.foulVote = "used";
        auto.push(x);
        emit(ctx, "foul-vote", PUBLIC, { seat: x });
      }
    }
    if (mode === "in-turn" && voters.length) emit(ctx, "voter-called", PUBLIC, { seat: voters[0] as Seat });
    // §5.6 "the target loses their vote for the coming day (sees it when voting opens)".
    if (p.round === "first") for (const x of silencedSeats(s, p)) if (player(s, x).alive) emit(ctx, "silenced", toSeats([x]), { seat: x, day: s.day });
    const ms = mode === "closed" || atOnce ? p.closedMs : mode === "open" ? p.openMsPerCandidate : p.perVoterMs;
    const data: D = { mode, candidates, ballots: s.players.map(() => 0), current: 0, voters, ...(atOnce ? { atOnce } : {}), ...(auto.length ? { auto } : {}) };
    // In turn with nobody to call (every living player sits the revote out): the count at once.
    if (mode === "in-turn" && voters.length === 0) return count(ctx, p, data) ?? { outcome: "none" };
    return { data, ms };
  },
  timeout(ctx, p, d) {
    if (d.mode === "open" && !d.atOnce && d.current < d.candidates.length - (p.callLast ? 1 : 2)) {
      d.current++;
      restartTimer(ctx, p.openMsPerCandidate);
      emit(ctx, "candidate-called", PUBLIC, { seat: d.candidates[d.current] as Seat });
      return;
    }
    if (d.mode === "in-turn") {
      const voter = d.voters[d.current] as Seat;
      // §5.7 a voter whose connection is lost gets no automatic foul: the turn passes as an unused vote.
      if (p.late && player(ctx.s, voter).alive && d.ballots[voter - 1] === 0 && !ctx.s.away?.includes(voter)) {
        // §7.3 late: a foul and more time — until the foul that removes the voter.
        if (!foul(ctx, voter, "late-vote")) { restartTimer(ctx, p.late.extraMs); return; }
        if (checkWin(ctx)) return;
      }
      return nextVoter(ctx, p, d);
    }
    return hostGate(ctx, () => count(ctx, p, d));
  },
  confirm: (ctx, p, d) => count(ctx, p, d),
  remaining: (s, p, d) => remainingVoters(s, p, d),
  endNow(ctx, p, d, left) {
    if (d.mode === "in-turn") {
      // §5.7 never skip the voter whose turn it is: the ballot ends after this turn.
      if (d.closing) reject("already-acted", "the ballot already ends after this voter's turn");
      const current = d.voters[d.current] as Seat;
      const cut = left.filter((x) => x !== current);
      emit(ctx, "ended-early", PUBLIC, { phase: p.name, count: cut.length, seats: cut, after: current });
      d.closing = true;
      return;
    }
    // Open ballots are public, so are those who have not voted; a closed ballot's are only counted.
    emit(ctx, "ended-early", PUBLIC, { phase: p.name, count: left.length, ...(d.mode === "open" ? { seats: left } : {}) });
    return count(ctx, p, d);
  },
  endingAfter: (d) => (d.closing ? (d.voters[d.current] ?? null) : null),
  act(ctx, p, d, seat, a) {
    if (a.type !== "vote") reject("phase-closed", "a vote is running");
    if (d.ballots[seat - 1] !== 0) {
      // In turn, the voter whose turn it still is may change the vote (one tap, undoable).
      if (!changeable(p, d, seat)) reject("already-voted", "the first vote is final");
      if (!mayVote(p, d, seat, a.target)) reject("illegal-target", "vote for a candidate");
      d.ballots[seat - 1] = a.target;
      emit(ctx, "vote-cast", PUBLIC, { voter: seat, target: a.target });
      return;
    }
    return cast(ctx, p, d, seat, a.target, false);
  },
  /**
   * RULES.md §7.10 the seat's consigliere votes for the seat: in the seat's own right (its turn, its
   * candidates) or, once the seat has voted, in place of that vote while the ballot is open — in turn
   * the seat's turn has passed by then, and the turn does not come back (*decision*: the replacement may
   * come until the count). The consigliere's vote is final for both.
   */
  advise(ctx, p, d, seat, a) {
    if (a.type !== "vote") reject("phase-closed", "a vote is running");
    if (d.advised?.includes(seat)) reject("already-voted", "the consigliere's vote is final (RULES.md §7.10)");
    d.advised = [...(d.advised ?? []), seat];
    if (d.ballots[seat - 1] === 0) return cast(ctx, p, d, seat, a.target, true);
    if (!replacements(p, d, seat).includes(a.target)) reject("illegal-target", "vote for a candidate (open voting: the one being called)");
    d.ballots[seat - 1] = a.target;
    emit(ctx, "vote-advised", d.mode === "closed" ? toSeats([seat]) : PUBLIC, { voter: seat, target: a.target, replaced: true });
  },
  actions: (s, p, d, seat, out) => actionsOf(s, p, d, seat, out),
  advice(s, p, d, seat, out) {
    if (d.advised?.includes(seat)) return;
    if (d.ballots[seat - 1] === 0) return actionsOf(s, p, d, seat, out);
    const targets = replacements(p, d, seat);
    if (targets.length) out.push({ type: "vote", targets });
  },
  name: (_s, p) => p.name,
  ballot(_s, p, d, viewer, seesAll): BallotView {
    const mine = viewer !== null ? (d.ballots[viewer - 1] as number) : 0;
    return {
      kind: p.round === "first" ? "elimination" : "revote",
      mode: d.mode,
      candidates: d.candidates.slice(),
      calling: d.mode === "open" && !d.atOnce ? (d.candidates[d.current] ?? null) : null,
      voter: d.mode === "in-turn" ? (d.voters[d.current] ?? null) : null,
      votes: d.mode !== "closed" || seesAll ? ballotsList(d.ballots) : [],
      mine: mine === 0 ? null : mine,
      // The voter's own vote in turn may be changed (the same `vote`) until the turn passes.
      ...(viewer !== null && changeable(p, d, viewer) ? { change: targetsOf(p, d, viewer) } : {}),
    };
  },
  floor: (s) => [{ id: "table", speakers: [], video: livingList(s), listeners: "everyone" }],
  removed(ctx, p, d, seat) {
    // §7.9 the day goes on: the removed voter's turn passes; the removed stays a candidate.
    if (presetOf(ctx.s.presetId).fouls?.removal.dayGoesOn) {
      if (d.mode === "in-turn" && d.voters[d.current] === seat) return nextVoter(ctx, p, d);
      if (d.mode !== "in-turn" && allLivingVoted(ctx.s, p, d)) return hostGate(ctx, () => count(ctx, p, d));
      return;
    }
    emit(ctx, "voting-cancelled", PUBLIC, {});
    return { outcome: "cancelled" };
  },
};
