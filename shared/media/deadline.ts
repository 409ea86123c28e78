/**
 * Fail closed at known deadlines (RULES.md §1 Timers, §2.3, §2.5, §8 media). A speech, a shout, last words
 * and a night step end at a moment every page already knows — the view's `deadline`, on the server's clock
 * (the page keeps it with web/src/lib/clock.ts) — and the floor then takes away what that turn gave. A page does not wait for the
 * frame that says so (a starved page handles it seconds late): at the deadline it closes what the floor
 * will close, and only the next frame opens what opens. Pure: which floor holds once the deadline passes.
 *
 * What closes at `deadline`:
 *   - a shout whose `until` is the deadline: the shouter's microphone (the speech goes on, §2.5);
 *   - a turn with a speaker (a speech, tie speech, defence, farewell, last words…): the speaker's
 *     microphone, and the shouter's with it (§2.3, §8: "only the speaker during a speech");
 *   - a night step (`night-*`) at a table without a live host: every channel but the host's — the black
 *     team's night channel (§8). With a live host a step's time running out waits for the host's confirm
 *     (§5.7), so nothing closes by the clock there.
 * Nothing closes by the clock while paused, at the game's end, during a technical vote (its deadline ends
 * the vote, not the turn) or when the deadline is the server's takeover from an absent host (§5.7).
 * The host's own channel never closes by the clock: the host is heard whenever they speak (§8).
 */
import type { Floor, GameView, Seat } from "../engine/types.ts";
import { HOST_PEER } from "./peers.ts";

export type DeadlineView = Pick<GameView, "phase" | "deadline" | "paused" | "result" | "speaker" | "shout" | "techVote" | "hosting" | "floor">;

/** The floor once the view's deadline has passed, and that moment (server epoch ms); null when nothing closes by the clock. */
export function closingAt(g: DeadlineView): { at: number; floor: Floor } | null {
  const at = g.deadline;
  if (at === null || g.paused || g.result || g.techVote) return null;
  if (g.hosting?.state === "waiting" && g.hosting.until === at) return null;
  const live = g.floor.channels.some((c) => c.id === "host");
  let gone: Seat[] | "all";
  if (g.shout && g.shout.until === at) gone = [g.shout.seat];
  else if (g.speaker !== null) gone = g.shout ? [g.speaker, g.shout.seat] : [g.speaker];
  else if (g.phase.startsWith("night-") && !live) gone = "all";
  else return null;
  let changed = false;
  const channels = g.floor.channels.flatMap((c) => {
    if (c.id === "host") return [c];
    if (gone === "all") {
      changed = true;
      return [];
    }
    const speakers = c.speakers.filter((s) => s === HOST_PEER || !gone.includes(s));
    if (speakers.length === c.speakers.length) return [c];
    changed = true;
    return [{ ...c, speakers }];
  });
  return changed ? { at, floor: { ...g.floor, channels } } : null;
}

