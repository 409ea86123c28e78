/**
 * The one place the worker touches the rules engine (shared/engine). The table object never looks
 * inside a GameState; it only calls these.
 */
export { apply, createGame, hostingOf, eventCount, eventsFrom, firstEliminated, getPreset, isOver, nextDeadline, seatOf, seatedPlayers, seatRange, sharedView, startRefusal, tableFloor, viewFor, withEvents, withoutEvents } from "../../shared/engine/index.ts";
export type {
  AbortReason,
  GameEvent,
  GameState,
  GameView,
  Input,
  PlayerAction,
  Viewer,
} from "../../shared/engine/types.ts";
export type { SharedView } from "../../shared/engine/index.ts";
export type { PresetInfo } from "../../shared/engine/index.ts";
/** Issue 33: what kind of moment a phase is, asked instead of comparing phase ids. */
export { isExpelVote } from "../../shared/engine/phase-kinds.ts";
