/**
 * Log deltas (docs/PROTOCOL.md "Views and log deltas"): a `view` frame sent after a change carries
 * only the viewer's new log entries (`game.logAfter` = how many entries the previous frame's log
 * had). Every receiver — web client, bots, tests, benchmarks — rebuilds the whole view with this.
 */
import type { TableView } from "./messages.ts";

/**
 * The full view after `next`, given the previous full view; `null` when `next` is a delta that does
 * not follow `prev` (a frame was missed): the receiver then sends `{type:"sync"}` for a full view.
 */
export function mergeView(prev: TableView | null, next: TableView): TableView | null {
  const game = next.game;
  if (!game || game.logAfter === null) return next;
  const before = prev?.game;
  if (!before || before.logAfter !== null || before.logUpTo !== game.logAfter || before.log.length !== before.logUpTo) return null;
  return { ...next, game: { ...game, log: [...before.log, ...game.log], logAfter: null } };
}
