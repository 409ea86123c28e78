/**
 * Who may hear and see whom, from the floor alone (GameView.floor, docs/MEDIA.md). Pure
 * and shared: the web client's media plan (web/src/media/plan.ts) gates what it sends and plays with it,
 * and the table object's SFU controller (worker/table/sfu.ts) pulls exactly these tracks into each
 * listener's receiving session. Peers are numbered as in shared/media/peers.ts.
 *
 * Who listens to a channel (RULES.md §8):
 *   - a seat or the live host: `listeners` "everyone", or listed (the engine lists the host in every
 *     private channel of a live-host table but a whisper);
 *   - a consigliere: its own whisper (listed), and by day (`floor.advisers`) whatever its player hears;
 *   - a spectator (or `null`, the legacy "spectator"): the public channels only (`PUBLIC_CHANNELS`),
 *     whatever their listeners — never the black team's night channel.
 */
import type { Floor, FloorChannel, Seat } from "../engine/types.ts";
import { advisedSeat, HOST_PEER, isConsiglierePeer, isSpectatorPeer, PUBLIC_CHANNELS, type MediaPeer } from "./peers.ts";

/** Whether `listener` is among a channel's listeners under `floor` (`null`, a spectator). */
export function listensTo(c: FloorChannel, listener: MediaPeer | null, floor?: Floor | null): boolean {
  if (listener === null || isSpectatorPeer(listener)) return PUBLIC_CHANNELS.has(c.id);
  if (c.listeners !== "everyone" && c.listeners.includes(listener)) return true;
  if (isConsiglierePeer(listener)) return !!floor?.advisers && listensTo(c, advisedSeat(listener), floor);
  return c.listeners === "everyone";
}

/** Whether the floor lets `listener` hear `speaker`'s microphone (a spectator is `null` or a spectator peer). */
export function playAudio(floor: Floor | null | undefined, listener: MediaPeer | null, speaker: MediaPeer): boolean {
  return speaker !== listener && (floor?.channels ?? []).some((c) => c.speakers.includes(speaker) && listensTo(c, listener, floor));
}

/** Whether the floor lets `listener` see `speaker`'s camera (a spectator is `null` or a spectator peer). */
export function playVideo(floor: Floor | null | undefined, listener: MediaPeer | null, speaker: MediaPeer): boolean {
  return speaker !== listener && (floor?.channels ?? []).some((c) => c.video.includes(speaker) && listensTo(c, listener, floor));
}

/** The two sizes a camera is shown at: `large` in the spotlight above the oval, `small` in a seat tile. */
export type VideoLayer = "large" | "small";

/**
 * The size at which `viewer` shows `peer`'s camera, so that it is sent (the mesh: per link) or pulled (the
 * SFU: a simulcast layer) at that size and no larger: large for the spotlight — the seat holding the floor,
 * `GameView.speaker`, which every page shows large above the oval — small for every other tile; null where
 * the floor hides it (RULES.md §8: nothing is sent or pulled then, rather than received and hidden).
 */
export function videoLayer(floor: Floor | null | undefined, viewer: MediaPeer | null, peer: MediaPeer, spotlight: Seat | null): VideoLayer | null {
  if (!playVideo(floor, viewer, peer)) return null;
  return peer === spotlight ? "large" : "small";
}

/** Whether `peer` speaks in some channel now ("You have the floor"). */
export function speaksNow(floor: Floor | null | undefined, peer: MediaPeer | null): boolean {
  return peer !== null && (floor?.channels ?? []).some((c) => c.speakers.includes(peer));
}

/** Whether `seat` is muted by the live host now (RULES.md §8 the host's mute). */
export const mutedNow = (floor: Floor | null | undefined, seat: Seat | null): boolean => seat !== null && !!floor?.muted?.includes(seat);

/**
 * RULES.md §8 (the host "is part of the table's media from the lobby to the end"; the lobby's voice is
 * a decision: friends talk while the table fills): the floor before the game,
 * when nobody holds a seat yet — the lobby's people are media peers by their lobby place (join order,
 * 1…99: LobbySeatView.place), and everyone hears everyone: one public channel, every place a speaker,
 * listeners "everyone"; at a live-host table the `host` channel too. No camera is on the lobby's floor: the
 * waiting room shows no video, so none is sent (each link would carry it for nothing). No role is dealt,
 * so no channel is private. Spectators and consiglieri take no part in the lobby's voice (the relay
 * refuses them there: `not-seated`). Pure: the client and the relay read it alike. Here, not in
 * shared/engine/media-floor.ts: the table page imports it, and that module brings the whole rules engine
 * with it (+25 kB gzip on the table page before its first paint).
 */
export function lobbyFloor(places: readonly Seat[], liveHost: boolean): Floor {
  const people = [...new Set(places)].filter((p) => p >= 1 && p < 100).sort((a, b) => a - b);
  const channels: FloorChannel[] = [{ id: "table", speakers: people.slice(), video: [], listeners: "everyone" }];
  if (liveHost) channels.push({ id: "host", speakers: [HOST_PEER], video: [], listeners: "everyone" });
  return { channels };
}
