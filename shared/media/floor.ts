/**
 * Issue 15: who may hear and see whom, from the floor alone (GameView.floor, docs/MEDIA.md). Pure and
 * shared: the web client's media plan (web/src/media/plan.ts) gates what it sends and plays with it,
 * and the table object's SFU controller (worker/table/sfu.ts) pulls exactly these tracks into each
 * listener's receiving session.
 */
import type { Floor, FloorChannel, Seat } from "../engine/types.ts";

/** Whether `listener` is among a channel's listeners (`null`, a spectator: public channels only). */
export const listensTo = (c: FloorChannel, listener: Seat | null): boolean => c.listeners === "everyone" || (listener !== null && c.listeners.includes(listener));

/** Whether the floor lets `listener` hear `speaker`'s microphone (a spectator is `null`). */
export function playAudio(floor: Floor | null | undefined, listener: Seat | null, speaker: Seat): boolean {
  return speaker !== listener && (floor?.channels ?? []).some((c) => c.speakers.includes(speaker) && listensTo(c, listener));
}

/** Whether the floor lets `listener` see `speaker`'s camera (a spectator is `null`). */
export function playVideo(floor: Floor | null | undefined, listener: Seat | null, speaker: Seat): boolean {
  return speaker !== listener && (floor?.channels ?? []).some((c) => c.video.includes(speaker) && listensTo(c, listener));
}
