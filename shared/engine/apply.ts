/**
 * createGame / apply / nextDeadline: the pure, deterministic core (ENGINEERING.md "The shape").
 * Order of checks on every input (after boardgame.io's master): game not over, not paused, known
 * player, sender's right to act now, target legality — then the change, on a private draft.
 */
import * as v from "valibot";
import { checkTargets } from "./actions.ts";
import { startDealing, dealingTimeout, takeCard } from "./blocks/dealing.ts";
import { acquaintanceTimeout, actorsOf, check, morning, resolveShot, setShootingPlan, shoot } from "./blocks/night.ts";
import { PUBLIC, cloneState, emit, playerById, player, asEngine, asGame, type Ctx, type EngineState, type PlayerState } from "./state.ts";
import { endShout, endSpeech, nominate, shout } from "./blocks/speeches.ts";
import { maybePass, pressTechVote, resolveTechVote, startTechVote, techVoteOpen } from "./blocks/technical.ts";
import { castLift, castVote, count, countLift, votingTimeout } from "./blocks/voting.ts";
import { hostGate } from "./blocks/phase.ts";
import { endTurn, turnAct, turnOptions } from "./blocks/turns.ts";
import { endGame } from "./blocks/outcome.ts";
import { presetOf, startRefusal } from "./presets/index.ts";
import { seedRng, shuffled } from "./rng.ts";
import { nightActionOf } from "./roles/index.ts";
import type { ApplyResult, ControlAction, GameState, Input, PlayerAction, PlayerSpec, PresetId, Rejection, RejectionCode } from "./types.ts";

class Reject extends Error {
  code: RejectionCode;
  constructor(code: RejectionCode, message: string) {
    super(message);
    this.code = code;
  }
}
function reject(code: RejectionCode, message: string): never {
  throw new Reject(code, message);
}

/**
 * A new game: settings validated against the preset's schema (defaults filled), seats drawn
 * (sport: at random from the seed, RULES.md §1 Seat), the deck shuffled and the dealing started.
 * Throws on an unknown preset, invalid settings or a wrong number of players.
 */
export function createGame(
  presetId: PresetId,
  settings: Record<string, unknown>,
  players: PlayerSpec[],
  seed: string,
  now: number,
  /** RULES.md §1: every preset runs with the server as host; "live" is a table option (§5.7). */
  /** keepOrder: seats follow the players' order even where the preset draws them (a rematch that keeps
   *  the seats, issue 13). */
  options: { host?: "server" | "live"; keepOrder?: boolean } = {},
): GameState {
  const preset = presetOf(presetId);
  const parsed = v.parse(preset.settingsSchema, settings ?? {}) as Record<string, unknown>;
  // §3: never a game that starts at parity (or outside the preset's seats) — the table refuses first.
  const refusal = startRefusal(presetId, parsed, players.length);
  if (refusal) throw new Error(refusal);
  if (new Set(players.map((p) => p.id)).size !== players.length) throw new Error("duplicate player id");
  const rng = seedRng(seed);
  const order = preset.seatDraw === "random" && options.keepOrder !== true ? shuffled(rng, players) : players.slice();
  const seated: PlayerState[] = order.map((p, i) => ({
    id: p.id, nickname: p.nickname, bot: p.bot, seat: i + 1, role: null, team: null,
    alive: true, out: null, fouls: 0, shoutsLeft: preset.speeches.shouts.perGame, shortNext: false,
  }));
  const s: EngineState = {
    presetId, phaseSeq: 0, settings: parsed, seed, rng, players: seated,
    stage: { kind: "acquaintance" }, deadline: null, shout: null, techVote: null, techUsed: [], paused: null,
    day: 0, round: 1, firstSpeaker: 1, nominees: [], votingCancelled: false, roundHadDeparture: false, quietRounds: 0,
    blackMet: false, shootingPlan: null, checks: [], lastTally: null, events: [], result: null,
    host: options.host === "live" ? "live" : "server", awaitingHost: false,
  };
  const ctx: Ctx = { s, now, emitted: [] };
  emit(ctx, "seats-drawn", PUBLIC, { seats: seated.map((p) => ({ seat: p.seat, nickname: p.nickname, bot: p.bot })) });
  startDealing(ctx);
  return asGame(s);
}

/** The next moment a `timeout` input is due; null when paused, waiting for no clock, or over. */
export function nextDeadline(state: GameState): number | null {
  const s = asEngine(state);
  if (s.result || s.paused) return null;
  if (s.techVote) return s.techVote.deadline;
  if (s.shout && (s.deadline === null || s.shout.until < s.deadline)) return s.shout.until;
  return s.deadline;
}

/**
 * The full length (ms) of the timer nextDeadline names — the technical vote, the shout or the phase
 * timer — even while paused (the ring then shows how much of it is left); null without a timer.
 * A resumed timer keeps its full length: it is the same timer, shifted.
 */
export function timerLength(state: GameState): number | null {
  const s = asEngine(state);
  if (s.result) return null;
  const p = presetOf(s.presetId);
  if (s.techVote) return p.techVotes.ms;
  if (s.shout && (s.deadline === null || s.shout.until < s.deadline)) return p.speeches.shouts.ms;
  return s.deadline === null ? null : (s.deadlineMs ?? null);
}

export function isOver(state: GameState): boolean {
  return asEngine(state).result !== null;
}

export function seatOf(state: GameState, playerId: string): number | null {
  return playerById(asEngine(state), playerId)?.seat ?? null;
}

/** Apply one input. Never mutates `state`; a rejection changes nothing. */
export function apply(state: GameState, input: Input, now: number): ApplyResult {
  const base = asEngine(state);
  try {
    precheck(base, input, now);
    const ctx: Ctx = { s: cloneState(base), now, emitted: [] };
    switch (input.kind) {
      case "act": act(ctx, input.playerId, input.action); break;
      case "timeout": timeout(ctx); break;
      case "control": control(ctx, input.action); break;
      case "host": confirm(ctx); break;
    }
    return { ok: true, state: asGame(ctx.s), events: ctx.emitted };
  } catch (e) {
    if (e instanceof Reject) return { ok: false, rejection: { code: e.code, message: e.message } satisfies Rejection };
    throw e;
  }
}

function precheck(s: EngineState, input: Input, now: number): void {
  if (s.result) reject("game-over", "the game is over");
  if (input.kind === "control") return;
  if (s.paused) reject("paused", "the game is paused");
  if (input.kind === "timeout") {
    const due = nextDeadline(asGame(s));
    if (input.phaseSeq !== s.phaseSeq || due === null || now < due) reject("stale-timeout", "no deadline due for this phase");
  }
}

function timeout(ctx: Ctx): void {
  const s = ctx.s;
  if (s.techVote) { resolveTechVote(ctx); return; }
  if (s.shout && (s.deadline === null || s.shout.until < s.deadline)) { endShout(ctx); return; }
  switch (s.stage.kind) {
    case "dealing": dealingTimeout(ctx); return;
    case "acquaintance": acquaintanceTimeout(ctx); return;
    case "speech": endSpeech(ctx); return;
    case "voting": votingTimeout(ctx); return;
    case "lift-vote": hostGate(ctx, () => countLift(ctx)); return;
    case "night-shot": hostGate(ctx, () => resolveShot(ctx)); return;
    case "night-check": hostGate(ctx, () => morning(ctx)); return;
    case "night-turn": hostGate(ctx, () => endTurn(ctx)); return;
    default: reject("stale-timeout", "nothing to time out");
  }
}

/**
 * RULES.md §5.7 the live host confirms the transition of night, voting and revoting: the stage resolves
 * now, and whoever has not acted gets the rule's default (unused vote to the last nominee, a missing
 * shot is a miss, no check). The host judges when the required players are ready.
 */
function confirm(ctx: Ctx): void {
  const s = ctx.s;
  if (s.host !== "live") reject("not-allowed", "no live host at this table");
  if (s.techVote) reject("phase-closed", "a technical vote is running");
  ctx.confirming = true;
  switch (s.stage.kind) {
    case "voting": count(ctx); return;
    case "lift-vote": countLift(ctx); return;
    case "night-shot": resolveShot(ctx); return;
    case "night-check": morning(ctx); return;
    case "night-turn": endTurn(ctx); return;
    default: reject("phase-closed", "nothing to confirm in this phase");
  }
}

function control(ctx: Ctx, a: ControlAction): void {
  const s = ctx.s;
  switch (a.type) {
    case "pause": {
      if (s.paused) reject("paused", "already paused");
      const due = nextDeadline(asGame(s));
      s.paused = { by: a.by, reason: a.reason, absentSeat: a.absentSeat ?? null, at: ctx.now, remainingMs: due === null ? null : Math.max(0, due - ctx.now) };
      s.phaseSeq++;
      emit(ctx, "paused", PUBLIC, { by: a.by, reason: a.reason, absentSeat: a.absentSeat ?? null });
      return;
    }
    case "resume": {
      const p = s.paused;
      if (!p) reject("not-allowed", "not paused");
      // Every game timer resumes with the time that was left (RULES.md §1 Timers).
      const shift = ctx.now - p.at;
      if (s.deadline !== null) s.deadline += shift;
      if (s.shout) s.shout = { seat: s.shout.seat, until: s.shout.until + shift };
      if (s.techVote) s.techVote.deadline += shift;
      s.paused = null;
      s.phaseSeq++;
      emit(ctx, "resumed", PUBLIC, {});
      return;
    }
    case "abort": {
      // Technical end (issue 11): no winner, nothing pending; the result shows why.
      s.paused = null;
      s.shout = null;
      endGame(ctx, "draw", a.reason);
      return;
    }
    case "seat-to-bot": {
      const p = s.players[a.seat - 1];
      if (!p) reject("illegal-target", "no such seat");
      if (p.bot) reject("already-acted", "the seat is already a bot");
      p.bot = true;
      emit(ctx, "seat-to-bot", PUBLIC, { seat: a.seat });
      if (!s.paused) maybePass(ctx);
      return;
    }
  }
}

function act(ctx: Ctx, playerId: string, a: PlayerAction): void {
  const s = ctx.s;
  const me = playerById(s, playerId);
  if (!me) reject("not-a-player", "not seated at this game");
  const seat = me.seat;
  const st = s.stage;
  if (a.type === "take-card") {
    if (st.kind !== "dealing") reject("phase-closed", "cards are not being dealt");
    if (me.role !== null) reject("already-acted", "you already took a card");
    if (!Number.isInteger(a.card) || a.card < 0 || a.card >= st.taken.length || st.taken[a.card]) reject("illegal-target", "that card is not on the table");
    takeCard(ctx, seat, a.card);
    return;
  }
  // A player who has left still ends their own farewell / last words (§2.7, §2.11).
  if (!me.alive && !(a.type === "end-speech" && st.kind === "speech" && st.speaker === seat)) reject("not-allowed", "you are out of the game");
  if (a.type === "tech-vote-start" || a.type === "tech-vote") {
    techAct(ctx, me, a);
    return;
  }
  if (s.techVote) reject("phase-closed", "a technical vote is running");
  switch (a.type) {
    case "shooting-plan": {
      if (st.kind !== "acquaintance") reject("phase-closed", "the shooting plan is written at the acquaintance night");
      if (me.role !== "don") reject("not-allowed", "only the Don writes the shooting plan");
      const n = s.players.length;
      if (!Array.isArray(a.plan) || a.plan.length > n || new Set(a.plan).size !== a.plan.length || a.plan.some((x) => !Number.isInteger(x) || x < 1 || x > n)) {
        reject("illegal-target", "a plan is a list of distinct seats");
      }
      setShootingPlan(ctx, seat, a.plan);
      return;
    }
    case "end-speech":
      if (st.kind !== "speech") reject("phase-closed", "nobody is speaking");
      if (st.speaker !== seat) reject("not-your-turn", "it is not your speech");
      endSpeech(ctx);
      return;
    case "nominate":
      if (st.kind !== "speech" || st.purpose !== "day") reject("phase-closed", "nominations happen in day speeches");
      if (st.speaker !== seat) reject("not-your-turn", "nominate during your own speech");
      if (st.nominatedThisSpeech) reject("already-acted", "one nomination per speech");
      if (!validSeat(s, a.target) || !player(s, a.target).alive) reject("illegal-target", "nominate a living player");
      if (s.nominees.includes(a.target)) reject("illegal-target", "already nominated today");
      nominate(ctx, seat, a.target);
      return;
    case "shout":
      if (st.kind !== "speech") reject("phase-closed", "shouts happen during speeches");
      if (st.speaker === seat) reject("not-allowed", "you hold the floor");
      if (me.shoutsLeft <= 0) reject("no-shouts-left", "no shouts left this game");
      if (s.shout) reject("not-allowed", "someone is shouting");
      shout(ctx, seat);
      return;
    case "vote":
      if (st.kind !== "voting") reject("phase-closed", "no vote is running");
      if (st.ballots[seat - 1] !== 0) reject("already-voted", "the first vote is final");
      if (st.mode === "open" ? a.target !== st.candidates[st.current] : !st.candidates.includes(a.target)) reject("illegal-target", "vote for a candidate (open voting: the one being called)");
      castVote(ctx, seat, a.target);
      return;
    case "vote-lift":
      if (st.kind !== "lift-vote") reject("phase-closed", "no lift vote is running");
      if (st.ballots[seat - 1] !== 0) reject("already-voted", "the first vote is final");
      castLift(ctx, seat, !!a.lift);
      return;
    case "night-action": {
      if (st.kind === "night-shot") {
        if (!me.role || !nightActionOf(me.role, "mafia-shot")) reject("not-allowed", "your role does not shoot");
        if (st.shots[seat - 1] !== 0) reject("already-acted", "the shot choice is final");
        if (!validSeat(s, a.target) || !player(s, a.target).alive) reject("illegal-target", "shoot a living player");
        shoot(ctx, seat, a.target);
        return;
      }
      if (st.kind === "night-check") {
        if (!me.role || !nightActionOf(me.role, "checks")) reject("not-allowed", "your role does not check");
        if (st.checks[seat - 1] !== 0) reject("already-acted", "one check a night");
        if (!validSeat(s, a.target) || !checkTargets(s, seat).includes(a.target)) reject("illegal-target", "check a living player other than yourself, not checked before");
        check(ctx, seat, a.target);
        return;
      }
      if (st.kind === "night-turn") {
        // §3 the night in turns: only the role(s) of this turn, one final choice, legal targets only.
        if (st.choices[seat - 1] !== 0) reject("already-acted", "your choice this turn is final");
        const opt = turnOptions(s, seat);
        if (!opt) reject("not-allowed", "your role does not act in this turn");
        if (!validSeat(s, a.target) || !opt.targets.includes(a.target)) reject("illegal-target", "not a legal target for this turn");
        turnAct(ctx, seat, a.target);
        return;
      }
      reject("phase-closed", "no night step is running");
    }
  }
}

function techAct(ctx: Ctx, me: PlayerState, a: Extract<PlayerAction, { type: "tech-vote-start" | "tech-vote" }>): void {
  const s = ctx.s;
  if (me.bot) reject("not-allowed", "bots take no part in technical votes");
  if (a.type === "tech-vote") {
    if (!s.techVote) reject("phase-closed", "no technical vote is running");
    pressTechVote(ctx, me.seat, !!a.in_favour);
    return;
  }
  if (s.techVote) reject("not-allowed", "one technical vote at a time");
  if (!techVoteOpen(ctx)) reject("phase-closed", "technical votes are not possible in this phase");
  if (!presetOf(s.presetId).techVotes.kinds.includes(a.kind)) reject("not-allowed", "unknown technical vote");
  if (!validSeat(s, a.target) || a.target === me.seat || !player(s, a.target).alive) reject("illegal-target", "name another living player");
  if (s.techUsed.includes(`${me.seat}:${a.target}`)) reject("already-acted", "not twice against the same player in one phase");
  startTechVote(ctx, me.seat, a.kind, a.target);
}

function validSeat(s: EngineState, x: unknown): x is number {
  return typeof x === "number" && Number.isInteger(x) && x >= 1 && x <= s.players.length;
}

export { actorsOf };
