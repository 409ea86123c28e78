/**
 * The rules engine (RULES.md; ENGINEERING.md "The shape"). Pure and deterministic:
 *   createGame(presetId, settings, players, seed, now) -> GameState
 *   apply(state, input, now)                          -> ApplyResult (never mutates `state`)
 *   nextDeadline(state)                               -> epoch ms | null
 *   viewFor(state, viewer)                            -> GameView (an allowlist)
 * See docs/ENGINE.md.
 */
export * from "./types.ts";
export { createGame, apply, nextDeadline, isOver, seatOf } from "./apply.ts";
export { sharedView, viewFor, withLogAfter, type SharedView } from "./view.ts";
export { getPreset, seatRange, startRefusal, type PresetInfo } from "./presets/index.ts";
/** @internal Tests list the offered presets here; the worker and the page read them from presets/index.ts and the build. */
export { listPresets } from "./presets/index.ts";
/** @internal The tests' view of the abilities' registry (each has its catalogue lines). */
export { ABILITY_IDS } from "./night/abilities.ts";
export { firstEliminated } from "./rules/immunity.ts";
/** @internal The open vocabulary: what a fixture or a new format builds for registerPreset. */
export type { Preset } from "./presets/types.ts";
/** @internal The open vocabulary: what a fixture or a new format builds for registerPreset. */
export type { FlowEntry } from "./flow/types.ts";
import { compileFlow } from "./flow/interpreter.ts";
import { mediaFloor } from "./media-floor.ts";
import { addPreset } from "./presets/index.ts";
import type { Preset } from "./presets/types.ts";

/**
 * Register a preset built from data alone: its flow is compiled first — every entry's
 * parameters parsed by its phase module's schema (unknown fields refused), every outcome given an entry —
 * so a preset that would ignore a field or stall is refused here, with the entry and the reason.
 * @internal The open vocabulary's registry: test fixtures and new formats add to it; shipped code only reads it.
 */
export function registerPreset(p: Preset): void {
  compileFlow(p);
  addPreset(p);
}
import { legalActions } from "./flow/interpreter.ts";
import { asEngine, playerById } from "./state.ts";
import { HOST_TAKEOVER_MS, type AvailableAction, type Floor, type GameEvent, type GameState, type PlayerId, type Seat } from "./types.ts";

/**
 * What a player may do now, straight from the state (the same list as viewFor(...).you.actions).
 * For trusted drivers (the table object's bot seats, benchmarks) that do not need the whole view.
 */
export function actionsFor(state: GameState, playerId: PlayerId): AvailableAction[] {
  const s = asEngine(state);
  const p = playerById(s, playerId);
  return p ? legalActions(s, p.seat) : [];
}

/** RULES.md §5.7 a live table's hosting for the public list: waiting for its host, hosted by the server, or null (as usual / over). */
export function hostingOf(state: GameState): "waiting" | "server" | null {
  const s = asEngine(state);
  if (s.result) return null;
  if (s.serverHosting) return "server";
  return s.host === "live" && s.hostAway !== undefined ? "waiting" : null;
}

/** RULES.md §5.7 when the server takes over from a live host whose connection is lost; null: the host is there (or the game is over). */
export function hostAwayUntil(state: GameState): number | null {
  const s = asEngine(state);
  return !s.result && s.host === "live" && s.hostAway !== undefined ? s.hostAway + HOST_TAKEOVER_MS : null;
}

/** Player ids in seat order (seat i+1 at index i). Public information. */
export function seatedPlayers(state: GameState): Array<{ seat: Seat; playerId: PlayerId; bot: boolean }> {
  return asEngine(state).players.map((p) => ({ seat: p.seat, playerId: p.id, bot: p.bot }));
}

/** The whole table's media floor (every channel, before any viewer's filter): for the table object's relay. */
export function tableFloor(state: GameState): Floor {
  return mediaFloor(asEngine(state));
}

/*
 * Storage helpers for the table object (worker/table/storage.ts): the event list only ever grows
 * (emit appends, `seq` = index + 1, an apply never rewrites an earlier event), so the adapter stores
 * the state without it and appends each change's new events to a table of their own — the row
 * rewritten per input stays small however long the game runs.
 */
export function eventCount(state: GameState): number {
  return asEngine(state).events.length;
}
export function eventsFrom(state: GameState, from: number): GameEvent[] {
  return asEngine(state).events.slice(from);
}
/** The state with an empty event list (what the `game` row stores). */
export function withoutEvents(state: GameState): GameState {
  return { ...state, events: [] };
}
/** A stored state joined with its event list again. */
export function withEvents(core: GameState, events: GameEvent[]): GameState {
  return { ...core, events };
}
