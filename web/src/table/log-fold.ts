/**
 * What a page derives from its log, kept and extended by the new entries only. Within a game a page's
 * log only grows at its end (each frame carries the log's new tail), so a frame's work stays the size of
 * the frame, not of the game. A log that does not extend the one folded last — a new game, a fresh view
 * after a reconnect — is folded again from its start.
 *
 * The store keeps its nodes where it can: a log entry without a key is updated in place, so the next
 * game's first entries may arrive in the same objects as the last game's. An entry is therefore
 * recognised by what it says (its place, time and type), never by the object alone.
 */
import type { AnyLogEntry, LogType } from "../../../shared/engine/types.ts";

type Mark = { seq: number; at: number; type: string };
const markOf = (e: AnyLogEntry): Mark => ({ seq: e.seq, at: e.at, type: e.type });
const same = (e: AnyLogEntry | undefined, m: Mark | undefined) => !!e && !!m && e.seq === m.seq && e.at === m.at && e.type === m.type;

/**
 * A fold over the log that reads only what a frame added: `add` sees each entry once, in order, and
 * returns the state (the same object when nothing changed, so a memo holding it stays quiet).
 */
export function logFold<S>(start: () => S, add: (state: S, e: AnyLogEntry) => S): (log: readonly AnyLogEntry[]) => S {
  let state = start();
  let n = 0;
  let first: Mark | undefined;
  let last: Mark | undefined;
  return (log) => {
    if (n > 0 && (log.length < n || !same(log[0], first) || !same(log[n - 1], last))) {
      state = start();
      n = 0;
    }
    for (let i = n; i < log.length; i++) state = add(state, log[i]!);
    if (log.length > 0) {
      if (n === 0) first = markOf(log[0]!);
      last = markOf(log[log.length - 1]!);
    }
    n = log.length;
    return state;
  };
}

/**
 * Left out of the live log (the protocol at the end keeps them): bookkeeping noise, and the
 * player's own dealt card — the role is seen by holding the card, never in plain sight.
 */
const QUIET = new Set<LogType>(["shout-ended", "tech-vote-pressed", "card-taken", "card-given", "role-dealt"]);

/** A line of the list: its entry, and whether it opens a day (its day differs from the line before). */
interface LogRow {
  e: AnyLogEntry;
  startsDay: boolean;
}

/**
 * The game log list's rows (GameLog.tsx), folded over the log: the live log leaves out the QUIET entries, the
 * protocol keeps them all. Each call returns a new array (the list sees the change) holding the same
 * row objects as before for the entries it had.
 */
export function logRows(protocol: boolean): (log: readonly AnyLogEntry[]) => LogRow[] {
  const fold = logFold<LogRow[]>(
    () => [],
    (rows, e) => {
      if (!protocol && QUIET.has(e.type)) return rows;
      rows.push({ e, startsDay: rows.length === 0 || rows[rows.length - 1]!.e.day !== e.day });
      return rows;
    },
  );
  return (log) => fold(log).slice();
}
