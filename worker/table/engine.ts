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
import { sharedView, viewFor, withLogAfter, type SharedView } from "../../shared/engine/index.ts";
import type { GameState, GameView, Viewer } from "../../shared/engine/types.ts";
import { sameJson } from "../../shared/protocol/view-patch.ts";

/**
 * The public part of a state's views (sharedView), built once per state for everything the
 * table builds from it — the quiet-change check (match.ts) and every connection's view (fanout.ts).
 * A state is never changed once made (the engine's apply returns a new one), so the memo cannot go
 * stale. Given the state before (`prev`, whose part is built), each public seat and each other part that
 * did not change is that state's very (frozen) object — and so are the views' copies of them kept per
 * object (shared/engine/view.ts): a connection's next patch then skips them by identity.
 */
const sharedViews = new WeakMap<GameState, SharedView>();
export function sharedOf(state: GameState, prev?: GameState | null): SharedView {
  let shared = sharedViews.get(state);
  if (shared === undefined) {
    shared = sharedView(state);
    const before = prev ? sharedViews.get(prev) : undefined;
    if (before && before.seats.length === shared.seats.length) {
      const seats = shared.seats.map((seat, i) => (sameJson(before.seats[i], seat) ? before.seats[i]! : seat));
      const kept = <T>(a: T, b: T): T => (sameJson(a, b) ? a : b);
      // The legend's marks follow from the format and the dealt roles (view-facts.ts gameMarks).
      const dealt = kept(before.dealt, shared.dealt);
      shared = {
        ...shared,
        seats: Object.freeze(seats),
        techVote: kept(before.techVote, shared.techVote),
        // Each viewer's copy of the floor and of the marks is kept per object (view.ts viewerFloor, viewerMarks).
        floor: kept(before.floor, shared.floor),
        dealt,
        marks: dealt === before.dealt ? before.marks : shared.marks,
        cursed: kept(before.cursed, shared.cursed),
        defence: kept(before.defence, shared.defence),
        composition: kept(before.composition, shared.composition),
      };
    }
    sharedViews.set(state, shared);
  }
  return shared;
}

/**
 * A viewer's view of a state without its log entries (built with `logAfter: Number.MAX_SAFE_INTEGER`:
 * its `logUpTo` counts them), built once per state and viewer for everything the table builds from it:
 * the quiet-change check compares these (match.ts), and every frame of that state is this view with
 * its log's tail (`gameViewFor`). So the view a quiet change was checked with is the one sent, and the
 * views sent for a version are the next input's "before" side. Read-only: frames and checks share it.
 */
const gameViews = new WeakMap<GameState, Map<string, GameView>>();
export function gameViewOf(state: GameState, viewer: Viewer): GameView {
  let memo = gameViews.get(state);
  if (memo === undefined) gameViews.set(state, (memo = new Map()));
  const key = viewer.kind === "player" ? `p:${viewer.playerId}` : viewer.kind;
  let view = memo.get(key);
  if (view === undefined) memo.set(key, (view = viewFor(state, viewer, { logAfter: Number.MAX_SAFE_INTEGER, shared: sharedOf(state) })));
  return view;
}

/** What `viewFor(state, viewer, { logAfter, shared: sharedOf(state) })` builds, from the view kept for the state (gameViewOf). */
export function gameViewFor(state: GameState, viewer: Viewer, logAfter: number | null): GameView {
  return withLogAfter(state, viewer, gameViewOf(state, viewer), logAfter);
}
