/**
 * createGame / apply / nextDeadline: the pure, deterministic core (ENGINEERING.md "The shape").
 * Order of checks on every input (after boardgame.io's master): game not over, not paused, known
 * player, sender's right to act now, target legality — then the change, on a private draft. The flow
 * interpreter (flow/interpreter.ts) routes each input to the running phase module.
 */
import * as v from "valibot";
import { actInput, hostInput, resolveWaiting, maybePass, startFlow, timeoutInput } from "./flow/interpreter.ts";
import { Reject, reject } from "./flow/stage.ts";
import { presetOf, startRefusal } from "./presets/index.ts";
import { seedRng, shuffled } from "./rng.ts";
import { sha256Hex } from "../sha256.ts";
import { grantImmunity } from "./rules/immunity.ts";
import { endGame } from "./rules/outcome.ts";
import { PUBLIC, cloneState, emit, playerById, asEngine, asGame, type Ctx, type EngineState, type PlayerState } from "./state.ts";
import { HOST_TAKEOVER_MS } from "./types.ts";
import type { ApplyResult, ControlAction, GameState, Input, PlayerId, PlayerSpec, PresetId, Rejection } from "./types.ts";

/**
 * A new game: settings validated against the preset's schema (defaults filled), seats drawn
 * (sport: at random from the seed, RULES.md §1 Seat), and the flow started (the deal).
 * Throws on an unknown preset, invalid settings or a wrong number of players.
 */
export function createGame(
  presetId: PresetId,
  settings: Record<string, unknown>,
  players: PlayerSpec[],
  seed: string,
  now: number,
  /** host: RULES.md §1 every preset runs with the server as host; "live" is a table option (§5.7).
   *  keepOrder: seats follow the players' order even where the preset draws them (a rematch that keeps
   *  the seats).
   *  immunity: RULES.md §6.10 the players (ids) immune on day 1 and night 1 — the first eliminated of the
   *  evening's previous game (rules/immunity.ts firstEliminated); ids not at this table are ignored.
   *  longWindows: "Longer windows for beginners", a table option — every vote's and night
   *  step's window doubles (flow/stage.ts windowMs); speeches and free talk keep their length.
   *  bestMove: RULES.md §9.4 record the first night's shot victim's best move (default: the preset's flag). */
  options: { host?: "server" | "live"; keepOrder?: boolean; immunity?: readonly PlayerId[]; longWindows?: boolean; bestMove?: boolean } = {},
): GameState {
  const preset = presetOf(presetId);
  const parsed = v.parse(preset.settingsSchema, settings ?? {}) as Record<string, unknown>;
  // §3: never a game that starts at parity (or outside the preset's seats) — the table refuses first.
  const refusal = startRefusal(presetId, parsed, players.length);
  if (refusal) throw new Error(refusal);
  if (new Set(players.map((p) => p.id)).size !== players.length) throw new Error("duplicate player id");
  const rng = seedRng(seed);
  // RULES.md §8 Verifiable deal: the seed's hash is public before the first draw (the seats); the seed
  // (32 random bytes from the table) is published with the record at the end, so nobody can guess it
  // from its hash meanwhile, and anyone can then check that the whole game was drawn from it.
  const dealCommitment = sha256Hex(seed);
  const order = preset.seatDraw === "random" && options.keepOrder !== true ? shuffled(rng, players) : players.slice();
  const seated: PlayerState[] = order.map((p, i) => ({
    id: p.id, nickname: p.nickname, bot: p.bot, seat: i + 1, role: null, team: null,
    alive: true, out: null, fouls: 0, shoutsLeft: preset.shouts.perGame, shortNext: false,
  }));
  const s: EngineState = {
    presetId, phaseSeq: 0, settings: parsed, seed, dealCommitment, rng, players: seated,
    stage: { id: "", module: "end", data: null }, deadline: null, shout: null, techVote: null, techUsed: [], paused: null,
    day: 0, round: 1, firstSpeaker: 1, nominees: [], nominations: [], votingCancelled: false, roundHadDeparture: false, quietRounds: 0,
    blackMet: false, shootingPlan: null, checks: [], lastTally: null, events: [], result: null,
    host: options.host === "live" ? "live" : "server", awaitingHost: false,
    ...(options.longWindows === true ? { windowFactor: 2 as const } : {}),
    // RULES.md §9.4 a tournament table records best moves at any preset (rules/best-move.ts).
    ...(options.bestMove !== undefined ? { bestMoveRule: options.bestMove } : {}),
  };
  const ctx: Ctx = { s, now, emitted: [] };
  emit(ctx, "seats-drawn", PUBLIC, { seats: seated.map((p) => ({ seat: p.seat, nickname: p.nickname, bot: p.bot })), commitment: dealCommitment });
  if (options.immunity?.length) grantImmunity(ctx, preset, options.immunity);
  startFlow(ctx);
  return asGame(s);
}

/** The next moment a `timeout` input is due; null when paused, waiting for no clock, or over. */
export function nextDeadline(state: GameState): number | null {
  const s = asEngine(state);
  if (s.result || s.paused) return null;
  const due = phaseDeadline(s);
  // §5.7 a live host away: the server takes over HOST_TAKEOVER_MS after the loss — a table never waits without a timer.
  const takeover = takeoverAt(s);
  return takeover !== null && (due === null || takeover < due) ? takeover : due;
}

function phaseDeadline(s: EngineState): number | null {
  if (s.techVote) return s.techVote.deadline;
  if (s.shout && (s.deadline === null || s.shout.until < s.deadline)) return s.shout.until;
  return s.deadline;
}

/** §5.7 when the server takes over from a live host whose connection was lost (null: the host is there). */
function takeoverAt(s: EngineState): number | null {
  return s.host === "live" && s.hostAway !== undefined ? s.hostAway + HOST_TAKEOVER_MS : null;
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
  if (takeoverAt(s) !== null && nextDeadline(state) === takeoverAt(s)) return HOST_TAKEOVER_MS;
  if (s.techVote) return p.techVotes.ms;
  if (s.shout && (s.deadline === null || s.shout.until < s.deadline)) return p.shouts.ms;
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
      case "act": actInput(ctx, input.playerId, input.action, input.by); break;
      case "timeout": {
        const at = takeoverAt(ctx.s);
        if (at !== null && now >= at) serverHosts(ctx, "host-away");
        else timeoutInput(ctx);
        // §5.7 a stage left waiting for a host that is no longer there (a technical vote ran meanwhile).
        resolveWaiting(ctx);
        break;
      }
      case "control": control(ctx, input.action); break;
      case "host": hostInput(ctx, input.action); break;
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
  // An act or a host input bound to the stage it was made on (boardgame.io's _stateID check).
  if ((input.kind === "act" || input.kind === "host") && input.phaseSeq !== undefined && input.phaseSeq !== s.phaseSeq) {
    reject("stale", `made on stage ${input.phaseSeq}; the game is at stage ${s.phaseSeq}`);
  }
  if (input.kind === "timeout") {
    const due = nextDeadline(asGame(s));
    if (input.phaseSeq !== s.phaseSeq || due === null || now < due) reject("stale-timeout", "no deadline due for this phase");
  }
}

/**
 * RULES.md §5.7 the server hosts the rest of the game (the live host was away 3 minutes, or the organizer
 * handed it over): announced to all and in the record; a stage waiting for the host's confirm resolves now.
 */
function serverHosts(ctx: Ctx, why: "host-away" | "organizer" | "club", by?: string): void {
  const s = ctx.s;
  s.host = "server";
  s.serverHosting = why;
  delete s.hostAway;
  delete s.hostMark;
  s.phaseSeq++;
  emit(ctx, "server-hosting", PUBLIC, by === undefined ? { why } : { why, by });
  if (!s.paused) resolveWaiting(ctx);
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
      resolveWaiting(ctx);
      return;
    }
    case "abort": {
      // Technical end: no winner, nothing pending; the result shows why.
      s.paused = null;
      s.shout = null;
      endGame(ctx, "draw", a.reason);
      return;
    }
    case "presence": {
      // §5.7 / §5.1 who is connected: a seat away at its in-turn vote gets no automatic foul (§7.3).
      if (!s.players[a.seat - 1]) reject("illegal-target", "no such seat");
      // Nothing to record when nothing changes (the table object then logs no input).
      if ((s.away ?? []).includes(a.seat) !== a.connected) reject("not-allowed", "presence unchanged");
      const away = (s.away ?? []).filter((x) => x !== a.seat);
      if (!a.connected) away.push(a.seat);
      if (away.length) s.away = away.sort((x, y) => x - y);
      else delete s.away;
      return;
    }
    case "host-presence": {
      if (a.connected) {
        if (s.host === "live" && s.hostAway !== undefined) {
          delete s.hostAway;
          emit(ctx, "host-back", PUBLIC, {});
        } else if (s.serverHosting && !s.hostBack) {
          // §5.7 "a returning host may take it back at the next stage" (flow/stage.ts setStage).
          s.hostBack = true;
          emit(ctx, "host-back", PUBLIC, {});
        } else reject("not-allowed", "presence unchanged");
        return;
      }
      if (s.host === "live" && s.hostAway === undefined) {
        s.hostAway = Math.min(a.since ?? ctx.now, ctx.now);
        emit(ctx, "host-away", PUBLIC, { until: s.hostAway + HOST_TAKEOVER_MS });
      } else if (s.hostBack) delete s.hostBack;
      else reject("not-allowed", "presence unchanged");
      return;
    }
    case "server-hosts": {
      if (s.host !== "live") reject("not-allowed", "the server already hosts this game");
      // §5.7 (2026-12-06) a club's owner or host hands it over only while the host is away.
      if (a.by !== undefined && s.hostAway === undefined) reject("not-allowed", "the host is here");
      if (a.by !== undefined) serverHosts(ctx, "club", a.by);
      else serverHosts(ctx, "organizer");
      return;
    }
    case "host-taken": {
      // §5.7 (2026-12-06) a new live host while the host is away: the table stops waiting at once.
      if (s.host !== "live" || s.hostAway === undefined) reject("not-allowed", "the host is here");
      delete s.hostAway;
      emit(ctx, "host-taken", PUBLIC, { by: a.by });
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
