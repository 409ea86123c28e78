/**
 * The table's one alarm serves several clocks (docs/ARCHITECTURE.md "Alarm"). Pure: which thing is due
 * first, and when an away player's seat goes to a bot.
 *
 *   deadline    the engine's next deadline (nextDeadline), stored with the phase it was set for
 *   takeover    a player away for the table's botAfterMinutesAway (casual tables)
 *   bots        the bots' next move (a small think delay after a state change)
 *   spectators  the next delayed public view becomes old enough to show
 *   report      retry reporting the finished game to D1 (worker/table/report.ts) after a failure
 *   hello       a socket that has not said hello HELLO_TIMEOUT_MS after it opened is closed (sockets'
 *               attachments: connectedAt, identity)
 *   presence    the end of a presence coalescing window: one view for every connect/disconnect in it
 *   host-away   the live host's connection has been lost for HOST_AWAY_GRACE_MS: the game is told
 *               (RULES.md §5.7; a quicker return tells it nothing, worker/table/presence.ts)
 *   recording-expiry  RULES.md §6.11: a game's audio recording is 72 h old and is deleted
 *               (worker/table/recordings.ts)
 *
 * Each is offered by the part whose clock it is (an `AlarmItem`, ports.ts) and registered in table.ts.
 * The runtime alarm is set to the earliest of them; `alarm()` handles exactly the earliest one, then
 * re-arms for the next. Ties go in the order above (a deadline before a bot's move at the same ms).
 */
export type DueKind = "deadline" | "takeover" | "bots" | "spectators" | "report" | "hello" | "presence" | "host-away" | "recording-expiry";

export interface Due {
  kind: DueKind;
  at: number;
  /** takeover: whose seat. */
  playerId?: string;
  /** This instance of the item, for the failure count (worker/table/alarm-failures.ts): a new deadline,
   *  bot move or absence is a new item with a fresh count. */
  key?: string;
}

const ORDER: Record<DueKind, number> = { deadline: 0, takeover: 1, bots: 2, spectators: 3, report: 4, hello: 5, presence: 6, "host-away": 7, "recording-expiry": 8 };

export function earliest(dues: ReadonlyArray<Due | null>): Due | null {
  let best: Due | null = null;
  for (const d of dues) {
    if (!d) continue;
    if (!best || d.at < best.at || (d.at === best.at && ORDER[d.kind] < ORDER[best.kind])) best = d;
  }
  return best;
}

/** An item due at `at` (null: not waiting). */
export function dueAt(kind: DueKind, at: number | null): Due | null {
  return at === null ? null : { kind, at };
}

export interface AwayPlayer {
  playerId: string;
  bot: boolean;
  seat: number | null;
  awaySince: number | null;
}

/**
 * Casual tables: the first away player whose seat goes to a bot, and when (leaving out a takeover the
 * table gave up on after repeated failures, worker/table/alarm-failures.ts). Only while the game is
 * playing and not paused; the countdown restarts when a pause ends (`resumedAt`), so a pause never
 * hands a seat over by itself.
 */
export function nextTakeover(
  players: readonly AwayPlayer[],
  minutes: number | null,
  playing: boolean,
  paused: boolean,
  resumedAt: number | null,
  skipped: (due: Due) => boolean = () => false,
): Due | null {
  if (minutes === null || !playing || paused) return null;
  let best: Due | null = null;
  for (const p of players) {
    if (p.bot || p.seat === null || p.awaySince === null) continue;
    const at = Math.max(p.awaySince, resumedAt ?? 0) + minutes * 60_000;
    const due: Due = { kind: "takeover", at, playerId: p.playerId };
    if ((!best || at < best.at) && !skipped(due)) best = due;
  }
  return best;
}

/**
 * Presence is coalesced (docs/ARCHITECTURE.md "Presence"): the first change after a quiet window is
 * broadcast at once; a change within PRESENCE_WINDOW_MS of the last presence broadcast waits for the
 * window's end, and everything that changed meanwhile goes out in that one view.
 */
export const PRESENCE_WINDOW_MS = 1000;

/** When a presence change at `now` is broadcast: now (null: at once) or at the end of the window. */
export function presenceBroadcastAt(now: number, lastSentAt: number | null, pendingAt: number | null): number | null {
  if (pendingAt !== null) return pendingAt;
  if (lastSentAt === null || now - lastSentAt >= PRESENCE_WINDOW_MS) return null;
  return lastSentAt + PRESENCE_WINDOW_MS;
}
