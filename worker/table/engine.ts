/**
 * The one place the worker touches the rules engine (shared/engine). The table object never looks
 * inside a GameState; it only calls these.
 */
export { apply, createGame, hostingOf, eventCount, eventsFrom, firstEliminated, getPreset, isOver, nextDeadline, seatOf, seatedPlayers, seatRange, startRefusal, tableFloor, viewFor, withEvents, withoutEvents } from "../../shared/engine/index.ts";
export type {
  AbortReason,
  ApplyResult,
  GameEvent,
  GameState,
  GameView,
  Input,
  PlayerAction,
  PlayerSpec,
  Viewer,
} from "../../shared/engine/types.ts";
export type { PresetInfo } from "../../shared/engine/index.ts";
