/**
 * Plays whole games through the engine with bots in every seat (tests, simulation, benchmark).
 *
 *  - "view" mode: each bot decides from viewFor(state, itself) — exactly what a connection gets: after
 *    its first view, delta frames (the log entries new since its last view, `logAfter`), as the table
 *    object sends them. Seats with nothing to do (actionsFor empty) are skipped without building their
 *    view. `onView` sees every view a bot is given (the leak oracle checks those very views).
 *  - "fast" mode: engine-only throughput; the random-legal policy reads actionsFor(state, id)
 *    directly (the same list as view.you.actions) and no views are built.
 *
 * The driver owns the clock: each accepted action advances it by `stepMs`; when no bot acts, the
 * clock jumps to nextDeadline and a timeout for the current phaseSeq is applied.
 */
import { actionsFor, apply, createGame, getPreset, nextDeadline, seatedPlayers, viewFor } from "../engine/index.ts";
import type { GameEvent, GameState, GameView, Input, PlayerAction, PlayerSpec } from "../engine/types.ts";
import { heuristicBot } from "./heuristic.ts";
import { RANDOM_CLAIM_RATE, randomBot, randomPolicy } from "./random.ts";
import { botRng } from "./rng.ts";
import { repeatsChoice } from "./common.ts";
import { strongBot } from "./strong.ts";
import type { Bot } from "./types.ts";

/** "heuristic": the bot without levels; "strong" / "novice": the levels (levels.ts). */
export type BotKind = "random" | "heuristic" | "strong" | "novice";

/** `claimRate`: how often a random bot claims when it may (RANDOM_CLAIM_RATE). */
export function makeBot(kind: BotKind, seed: string, claimRate = RANDOM_CLAIM_RATE): Bot {
  if (kind === "random") return randomBot(seed, claimRate);
  if (kind === "heuristic") return heuristicBot(seed);
  return strongBot(seed, kind);
}

export interface PlayOptions {
  presetId?: string;
  /** Number of seats (default: the preset's minimum; city 10–12). */
  seats?: number;
  /** RULES.md §5.7 a live host: the driver confirms every gated stage as soon as it waits. */
  host?: "server" | "live";
  settings?: Record<string, unknown>;
  seed: string;
  /** Bot kind per join index (default: heuristic for all). */
  bots?: BotKind | BotKind[];
  mode?: "view" | "fast";
  /** Seats flagged as bots in the engine (excluded from technical votes). Default true. */
  botFlag?: boolean;
  start?: number;
  stepMs?: number;
  maxInputs?: number;
  /** RULES.md §6.10 the players (ids "p1"…) immune on day 1 and night 1 (createGame's `immunity`, club). */
  immunity?: string[];
  /** How often random bots make a public claim when they may (default RANDOM_CLAIM_RATE; 0: never). */
  claimRate?: number;
  /** Called with every view a bot is given, before it decides (the leak oracle: test/unit/bots/strong.test.ts). */
  onView?: (state: GameState, playerId: string, view: GameView) => void;
  /** Called after every accepted input (tests). */
  onInput?: (state: GameState, input: Input, now: number, events: GameEvent[]) => void;
}

export interface PlayResult {
  state: GameState;
  inputs: Array<{ input: Input; now: number }>;
  rejections: number;
  players: PlayerSpec[];
}

export function makePlayers(n: number, bot = true): PlayerSpec[] {
  return Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, nickname: `Player ${i + 1}`, bot }));
}

export function playGame(o: PlayOptions): PlayResult {
  const presetId = o.presetId ?? "sport";
  const info = getPreset(presetId);
  const players = makePlayers(o.seats ?? info?.seats.min ?? 10, o.botFlag ?? true);
  let now = o.start ?? 1_000_000;
  const stepMs = o.stepMs ?? 200;
  let state = createGame(presetId, o.settings ?? {}, players, o.seed, now, { ...(o.host ? { host: o.host } : {}), ...(o.immunity ? { immunity: o.immunity } : {}) });
  const mode = o.mode ?? "view";
  const kinds = players.map((_, i) => (Array.isArray(o.bots) ? (o.bots[i] ?? "heuristic") : (o.bots ?? "heuristic")));
  const claimRate = o.claimRate ?? RANDOM_CLAIM_RATE;
  const bots: Bot[] = players.map((p, i) => makeBot(kinds[i] as BotKind, `${o.seed}/${p.id}`, claimRate));
  /** Per player: how many of its log entries its bot has been given (delta frames). */
  const given = new Map<string, number>();
  const fastRng = botRng(`${o.seed}/fast`);
  const inputs: Array<{ input: Input; now: number }> = [];
  let rejections = 0;
  const seated = seatedPlayers(state);
  const ids = seated.map((s) => s.playerId);
  const botOf = new Map(players.map((p, i) => [p.id, bots[i] as Bot]));
  const max = o.maxInputs ?? 5000;
  let turn = 0;

  const step = (input: Input): boolean => {
    const r = apply(state, input, now);
    if (!r.ok) { rejections++; return false; }
    state = r.state;
    inputs.push({ input, now });
    o.onInput?.(state, input, now, r.events);
    return true;
  };

  while (!(state as { result?: unknown }).result && inputs.length < max) {
    const due = nextDeadline(state);
    if (o.host === "live" && (state as { awaitingHost?: boolean }).awaitingHost) {
      if (!step({ kind: "host", action: { type: "confirm" } })) break;
      continue;
    }
    if (due !== null && now >= due) {
      step({ kind: "timeout", phaseSeq: state.phaseSeq });
      continue;
    }
    let acted = false;
    const n = ids.length;
    turn = (turn + 1) % n;
    for (let k = 0; k < n && !acted; k++) {
      const id = ids[(turn + k) % n] as string;
      const acts = actionsFor(state, id);
      if (acts.length === 0) continue;
      let action: PlayerAction | null;
      if (mode === "fast") {
        action = randomPolicy(acts, fastRng, n, claimRate);
        if (action && repeatsChoice(acts, action)) action = null;
      }
      else if (botOf.get(id)?.wants?.(acts) === false) continue;
      else {
        const view = viewFor(state, { kind: "player", playerId: id }, { logAfter: given.get(id) ?? null });
        given.set(id, view.logUpTo);
        o.onView?.(state, id, view);
        action = (botOf.get(id) as Bot).decide(view);
      }
      if (!action) continue;
      const t = now + stepMs;
      if (due !== null && t >= due) break; // too late: the clock runs out first
      now = t;
      acted = step({ kind: "act", playerId: id, action });
    }
    if (!acted) {
      if (due === null) break;
      now = Math.max(now, due);
      step({ kind: "timeout", phaseSeq: state.phaseSeq });
    }
  }
  return { state, inputs, rejections, players };
}
