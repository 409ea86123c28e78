/**
 * The one place the worker touches the rules engine (shared/engine). The table object never looks
 * inside a GameState; it only calls these.
 */
export { apply, createGame, getPreset, isOver, nextDeadline, seatOf, seatedPlayers, viewFor } from "../../shared/engine/index.ts";
export type {
  ApplyResult,
  GameState,
  GameView,
  Input,
  PlayerAction,
  PlayerSpec,
  Viewer,
} from "../../shared/engine/types.ts";
