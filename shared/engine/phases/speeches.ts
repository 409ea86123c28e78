/**
 * Phase module `speeches`: each of the given seats holds the floor in turn (RULES.md §2.3 day speeches,
 * §2.9 tie speeches, §2.8 the day-1 leader's speech, §2.7 farewell, §2.11 last words). Parameters: the
 * length (or a setting in seconds), whether a seat that left meanwhile still speaks, nominations
 * (§2.4: how many per speech, oneself or not, a candidate once a day), shouts (§2.5), and whether a
 * removal cancels what follows (tie speeches before a revote, §2.13).
 *
 * Shout decision (§2.5): a shout is a 5 s window of its own (state.shout, a timed sub-phase that
 * bumps phaseSeq) while the speaker's timer keeps running; one shout at a time; the speaker cannot
 * shout; when the speech ends, the shout ends with it.
 *
 * The floor: the speaker (and a shouter) to everyone; the cameras of the living and of the speaker.
 */
import * as v from "valibot";
import { livingList, msOf, reject, restartStage, restartTimer } from "../flow/stage.ts";
import type { Next, PhaseModule } from "../flow/types.ts";
import { presetOf } from "../presets/index.ts";
import { checkWin } from "../rules/outcome.ts";
import { immuneNow } from "../rules/immunity.ts";
import { claimAct, claimOffer } from "../rules/claims.ts";
import { bestMoveAct, bestMoveOffer } from "../rules/best-move.ts";
import { foul } from "../rules/technical.ts";
import { earlyVoteAct, earlyVoteOffer, earlyVoteParam, type EarlyVoteRequest } from "../rules/early-vote.ts";
import { PUBLIC, emit, player, type Ctx, type EngineState } from "../state.ts";
import { PHASE_NAMES, type Seat } from "../types.ts";

const ms = v.pipe(v.number(), v.integer(), v.minValue(1000));
const params = v.strictObject({
  name: v.picklist(PHASE_NAMES),
  /** Why the seats speak: the day round, tie / defence speeches before a vote, the day-1 leader, farewell, last words, an extra word (§4.6). */
  purpose: v.picklist(["day", "tie", "leader", "farewell", "last-words", "defence", "extra-word"]),
  ms,
  /** A setting in seconds that overrides `ms` (§3: the table chooses 30/45/60 s). */
  msSetting: v.optional(v.string()),
  /** "living": a seat that left meanwhile loses its turn; "all": it still speaks (farewell, last words). */
  speakers: v.picklist(["living", "all"]),
  /** §2.4 nominations in one's own speech. */
  nominations: v.optional(v.strictObject({
    perSpeech: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2)),
    self: v.boolean(),
    /** §2.4 a candidate already nominated today cannot be nominated again (default); false: every nomination counts (§6.5 candidate tiers). */
    unique: v.optional(v.boolean(), true),
  })),
  /** §2.5 shouts during others' speeches (counts and lengths: the preset's `shouts`). */
  shouts: v.optional(v.boolean(), false),
  /** §2.13 a removal during these speeches cancels the vote that follows (outcome "cancelled"). */
  cancelOnRemoval: v.optional(v.boolean(), false),
  /** §7.5 the speaker may ask for an early vote in their own speech; others support it (outcome "early-vote"). */
  earlyVote: earlyVoteParam,
  /** §7.4 "30 s; 20 s when four or more": with at least `count` speakers, each speaks `ms`. */
  msWhenMany: v.optional(v.strictObject({ count: v.pipe(v.number(), v.integer(), v.minValue(2)), ms })),
  /**
   * The speaking order: as handed in ("given"), or (§7.4) in seat order from the seat after the one who
   * started the day's vote ("the lowest seat after the player who started the vote"), wrapping round.
   */
  order: v.optional(v.picklist(["given", "after-vote-starter"]), "given"),
  /**
   * §4.6 "may put a question to one player": once in one's own speech the speaker names a living player,
   * who holds the floor beside the speaker until the speech ends (answered within the speaker's time).
   */
  question: v.optional(v.boolean(), false),
  /**
   * §4.5 "a dead Commissar, Mafia, Don or black Maniac leaves silently": seats of these roles (and team,
   * when named) get no speech here.
   */
  silent: v.optional(v.array(v.strictObject({ role: v.string(), team: v.optional(v.picklist(["red", "black", "solo"])) }))),
  /** §6.4 "30 s each, the last speaker 45 s": the last speaker of the round speaks this long. */
  lastMs: v.optional(ms),
  /** §6.4 "under a foul": the speaker takes `ms` more of their speech for a foul, at most `perGame` times a game. */
  underFoul: v.optional(v.strictObject({ ms, perGame: v.pipe(v.number(), v.integer(), v.minValue(1)) })),
});
type P = v.InferOutput<typeof params>;
interface D {
  speaker: Seat;
  /** Seats still to speak after the current speaker. */
  queue: Seat[];
  /** Nominations made in the current speech. */
  nominated: number;
  /** The seats the current speaker nominated in this speech. */
  mine: Seat[];
  /** The seats this phase is about, handed on when it ends (the tied candidates to revote among). */
  seats: Seat[];
  /** §7.5 the current speaker's request for an early vote. */
  early: EarlyVoteRequest | null;
  /** §4.6 the player the current speaker put a question to (null: none yet). */
  asked?: Seat | null;
  /** Public claims made in the current speech (absent: none). */
  claims?: number;
}

function speechMs(ctx: Ctx, p: P, seat: Seat, d: D | null, queue: Seat[]): number {
  const pl = player(ctx.s, seat);
  // §7.4 defence: shorter when four or more defend (counted when the speeches begin).
  const all = d ? d.seats.length : queue.length + 1;
  if (p.msWhenMany && all >= p.msWhenMany.count) return p.msWhenMany.ms;
  // §6.4 the last speaker of the round speaks longer.
  if (p.lastMs !== undefined && queue.length === 0) return p.lastMs;
  // §2.5 after the third shout the player's next day speech lasts 30 s.
  if (p.purpose === "day" && pl.shortNext) {
    pl.shortNext = false;
    return presetOf(ctx.s.presetId).shouts.shortSpeechAfterLast;
  }
  return msOf(ctx.s.settings, p.ms, p.msSetting);
}

/** Give the floor to the next of `queue`; the phase ends when nobody is left. */
/** §4.5 whether `seat` leaves without a word here. */
function silentSeat(s: EngineState, p: P, seat: Seat): boolean {
  if (!p.silent) return false;
  const pl = player(s, seat);
  return p.silent.some((x) => x.role === pl.role && (x.team === undefined || x.team === pl.team));
}

function nextSpeaker(ctx: Ctx, p: P, d: D | null, queue: Seat[], seats: Seat[]): { data: D; ms: number } | Next {
  while (queue.length && silentSeat(ctx.s, p, queue[0] as Seat)) queue.shift();
  const speaker = queue.shift();
  if (speaker === undefined) return { outcome: "done", seats: seats.filter((x) => player(ctx.s, x).alive) };
  const t = speechMs(ctx, p, speaker, d, queue);
  emit(ctx, "speech-started", PUBLIC, { seat: speaker, purpose: p.purpose, ms: t });
  if (d) {
    d.speaker = speaker;
    d.queue = queue;
    d.nominated = 0;
    d.mine = [];
    d.early = null;
    if (p.question) d.asked = null;
    if (d.claims) d.claims = 0;
    restartStage(ctx, t);
  }
  return { data: { speaker, queue, nominated: 0, mine: [], seats, early: null, ...(p.question ? { asked: null } : {}) }, ms: t };
}

function endSpeech(ctx: Ctx, p: P, d: D): Next | undefined {
  const queue = p.speakers === "all" ? d.queue.slice() : d.queue.filter((x) => player(ctx.s, x).alive);
  const r = nextSpeaker(ctx, p, d, queue, d.seats);
  return "outcome" in r ? r : undefined;
}

function endShout(ctx: Ctx): void {
  const s = ctx.s;
  if (!s.shout) return;
  emit(ctx, "shout-ended", PUBLIC, { seat: s.shout.seat });
  s.shout = null;
  s.phaseSeq++;
}

/** Seats `seat` may nominate now: living, oneself only if allowed, once a day when unique, and not twice in one speech. */
function nominationTargets(s: EngineState, p: P, d: D, seat: Seat): Seat[] {
  const n = p.nominations!;
  const out: Seat[] = [];
  for (const x of s.players) {
    if (!x.alive || (!n.self && x.seat === seat) || immuneNow(s, x.seat)) continue;
    if (n.unique ? s.nominees.includes(x.seat) : d.mine.includes(x.seat)) continue;
    out.push(x.seat);
  }
  return out;
}

export const speeches: PhaseModule<P, D> = {
  kind: "speeches",
  params,
  outcomes: (p) => (p.earlyVote ? ["done", "cancelled", "early-vote"] : ["done", "cancelled"]),
  techVotes: true,
  // Every part is replaced, never changed in place (the queue, this speech's nominations, the request).
  clone: (d) => ({
    speaker: d.speaker, queue: d.queue, nominated: d.nominated, mine: d.mine, seats: d.seats, early: d.early,
    ...(d.asked !== undefined ? { asked: d.asked } : {}), ...(d.claims !== undefined ? { claims: d.claims } : {}),
  }),
  enter(ctx, p, given) {
    let seats = given.slice();
    if (p.order === "after-vote-starter") {
      // §7.4 from the lowest seat after the vote's starter: seat order, wrapping round.
      const n = ctx.s.players.length;
      const from = ((ctx.s.voteStarter ?? ctx.s.firstSpeaker) % n) + 1;
      const rank = (x: Seat) => (x - from + n) % n;
      seats = seats.sort((a, b) => rank(a) - rank(b));
    }
    // The seats handed on (the revote's candidates) keep the order they came in.
    return nextSpeaker(ctx, p, null, seats, given.slice());
  },
  timeout(ctx, p, d) {
    const s = ctx.s;
    if (s.shout && (s.deadline === null || s.shout.until < s.deadline)) { endShout(ctx); return; }
    return endSpeech(ctx, p, d);
  },
  act(ctx, p, d, seat, a) {
    const s = ctx.s;
    switch (a.type) {
      case "end-speech":
        if (d.speaker !== seat) reject("not-your-turn", "it is not your speech");
        return endSpeech(ctx, p, d);
      case "nominate": {
        const n = p.nominations;
        if (!n) reject("phase-closed", "nominations happen in day speeches");
        if (d.speaker !== seat) reject("not-your-turn", "nominate during your own speech");
        if (d.nominated >= n.perSpeech) reject("already-acted", n.perSpeech === 1 ? "one nomination per speech" : `${n.perSpeech} nominations per speech`);
        const t = a.target;
        if (typeof t !== "number" || !Number.isInteger(t) || t < 1 || t > s.players.length || !player(s, t).alive) reject("illegal-target", "nominate a living player");
        if (!n.self && t === seat) reject("illegal-target", "not yourself");
        if (immuneNow(s, t)) reject("illegal-target", "immune today: the first eliminated of the evening's last game (RULES.md §6.10)");
        if (n.unique && s.nominees.includes(t)) reject("illegal-target", "already nominated today");
        if (d.mine.includes(t)) reject("illegal-target", "already nominated in this speech");
        d.nominated++;
        d.mine = [...d.mine, t];
        if (!s.nominees.includes(t)) s.nominees.push(t);
        s.nominations = [...s.nominations, t];
        emit(ctx, "nominated", PUBLIC, { by: seat, target: t });
        return;
      }
      case "shout": {
        if (!p.shouts) reject("phase-closed", "no shouts in this phase");
        if (d.speaker === seat) reject("not-allowed", "you hold the floor");
        const pl = player(s, seat);
        if (pl.shoutsLeft <= 0) reject("no-shouts-left", "no shouts left this game");
        if (s.shout) reject("not-allowed", "someone is shouting");
        const sh = presetOf(s.presetId).shouts;
        pl.shoutsLeft--;
        if (pl.shoutsLeft === 0) pl.shortNext = true;
        s.shout = { seat, until: ctx.now + sh.ms };
        s.phaseSeq++;
        emit(ctx, "shouted", PUBLIC, { seat, left: pl.shoutsLeft, ms: sh.ms });
        return;
      }
      case "ask": {
        if (!p.question) reject("phase-closed", "no questions in these speeches");
        if (d.speaker !== seat) reject("not-your-turn", "ask during your own speech");
        if (d.asked) reject("already-acted", "one question per speech");
        const t = a.target;
        if (typeof t !== "number" || !Number.isInteger(t) || t < 1 || t > s.players.length || t === seat || !player(s, t).alive) reject("illegal-target", "ask another living player");
        d.asked = t;
        emit(ctx, "asked", PUBLIC, { by: seat, target: t });
        return;
      }
      case "under-foul": {
        // §6.4 "30 s more speech at the price of a foul, at most twice a game".
        const u = p.underFoul;
        if (!u) reject("phase-closed", "no speech under a foul here");
        if (d.speaker !== seat) reject("not-your-turn", "only in your own speech");
        const pl = player(s, seat);
        if ((pl.underFouls ?? 0) >= u.perGame) reject("already-acted", `at most ${u.perGame} times a game`);
        pl.underFouls = (pl.underFouls ?? 0) + 1;
        const left = s.deadline === null ? 0 : Math.max(0, s.deadline - ctx.now);
        if (foul(ctx, seat, "under-foul")) return checkWin(ctx) ? undefined : removedFrom(ctx, p, d, seat);
        restartTimer(ctx, left + u.ms);
        return;
      }
      case "claim": {
        // A public claim, in one's own speech only (a farewell or last words too).
        if (d.speaker !== seat) reject("not-your-turn", "claim during your own speech");
        claimAct(ctx, seat, a.claim, d.claims ?? 0);
        d.claims = (d.claims ?? 0) + 1;
        return;
      }
      case "best-move":
        // RULES.md §9.4 the first night's shot victim, in their own last words (rules/best-move.ts).
        if (d.speaker !== seat) reject("not-your-turn", "only in your own last words");
        bestMoveAct(ctx, seat, p.purpose, a.seats);
        return;
      case "early-vote": {
        const r = earlyVoteAct(ctx, p.earlyVote, d.early, seat, d.speaker === seat);
        d.early = r.request;
        if (!r.passed) return;
        emit(ctx, "early-vote-passed", PUBLIC, { by: r.request.by });
        return { outcome: "early-vote", seats: d.seats.filter((x) => player(s, x).alive) };
      }
      default:
        reject("phase-closed", "someone is speaking");
    }
  },
  actions(s, p, d, seat, out) {
    const me = player(s, seat);
    const early = me.alive ? earlyVoteOffer(s, p.earlyVote, d.early, seat, d.speaker === seat) : null;
    if (early) out.push(early);
    if (d.speaker === seat) {
      out.push({ type: "end-speech" });
      if (p.nominations && d.nominated < p.nominations.perSpeech && player(s, seat).alive) {
        const targets = nominationTargets(s, p, d, seat);
        if (targets.length) out.push({ type: "nominate", targets });
      }
      if (p.underFoul && me.alive && (me.underFouls ?? 0) < p.underFoul.perGame) out.push({ type: "under-foul", left: p.underFoul.perGame - (me.underFouls ?? 0) });
      if (p.question && !d.asked && me.alive) {
        const targets = s.players.filter((x) => x.alive && x.seat !== seat).map((x) => x.seat);
        if (targets.length) out.push({ type: "ask", targets });
      }
      const claim = claimOffer(s, seat, d.claims ?? 0);
      if (claim) out.push(claim);
      const best = bestMoveOffer(s, seat, p.purpose);
      if (best) out.push(best);
      return;
    }
    if (p.shouts && me.alive && me.shoutsLeft > 0 && s.shout === null) out.push({ type: "shout", left: me.shoutsLeft });
  },
  name: (_s, p) => p.name,
  speaker: (d) => d.speaker,
  floor(s, _p, d) {
    const speakers = s.shout && s.shout.seat !== d.speaker ? [d.speaker, s.shout.seat] : [d.speaker];
    // §4.6 the questioned player answers beside the speaker.
    if (d.asked && player(s, d.asked).alive) speakers.push(d.asked);
    const video = livingList(s);
    if (!video.includes(d.speaker)) video.push(d.speaker);
    return [{ id: "table", speakers, video, listeners: "everyone" }];
  },
  removed: (ctx, p, d, seat) => removedFrom(ctx, p, d, seat),
};

/** A seat removed during these speeches (§2.13, §6.9): the vote that follows is cancelled, or the removed seat's turn passes. */
function removedFrom(ctx: Ctx, p: P, d: D, seat: Seat): Next | undefined {
  if (p.cancelOnRemoval) {
    emit(ctx, "voting-cancelled", PUBLIC, {});
    return { outcome: "cancelled" };
  }
  d.queue = d.queue.filter((x) => x !== seat);
  if (d.speaker === seat) return endSpeech(ctx, p, d);
  return undefined;
}
