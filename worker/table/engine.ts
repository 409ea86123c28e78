/**
 * The one place the worker touches the rules engine (shared/engine). The table object never looks
 * inside a GameState; it only calls these.
 */
export { apply, createGame, hostingOf, hostAwayUntil, eventCount, eventsFrom, firstEliminated, getPreset, isOver, nextDeadline, seatOf, seatedPlayers, seatRange, startRefusal, tableFloor, viewFor, withEvents, withoutEvents } from "../../shared/engine/index.ts";
export type {
  AbortReason,
  GameEvent,
  GameState,
  GameView,
  Input,
  PlayerAction,
  Viewer,
} from "../../shared/engine/types.ts";

export type { PresetInfo } from "../../shared/engine/index.ts";
/** What kind of moment a phase is, asked instead of comparing phase ids. */
export { isExpelVote } from "../../shared/engine/phase-kinds.ts";
import { sharedView, type SharedView } from "../../shared/engine/index.ts";
import type { GameState } from "../../shared/engine/types.ts";
import { sameJson } from "../../shared/protocol/view-patch.ts";

/**
 * The public part of a state's views (sharedView), built once per state for everything the
 * table builds from it — the quiet-change check (match.ts) and every connection's view (fanout.ts).
 * A state is never changed once made (the engine's apply returns a new one), so the memo cannot go
 * stale. Given the state before (`prev`, whose part is built), each public seat that did not change is
 * that state's very (frozen) object: a connection's next patch then skips it by identity.
 */
const sharedViews = new WeakMap<GameState, SharedView>();
export function sharedOf(state: GameState, prev?: GameState | null): SharedView {
  let shared = sharedViews.get(state);
  if (shared === undefined) {
    shared = sharedView(state);
    const before = prev ? sharedViews.get(prev) : undefined;
    if (before && before.seats.length === shared.seats.length) {
      const seats = shared.seats.map((seat, i) => (sameJson(before.seats[i], seat) ? before.seats[i]! : seat));
      shared = { ...shared, seats: Object.freeze(seats) };
    }
    sharedViews.set(state, shared);
  }
  return shared;
}
