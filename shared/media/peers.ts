/**
 * RULES.md §8 media, §7.10: who takes part in the table's media, as one number per media
 * peer — the same numbers in the floor (GameView.floor), in signal frames (`to` / `from`) and in the
 * SFU controller:
 *   - 1…99: the seats (a seat's person);
 *   - 0: the live host (`HOST_PEER`): listens to every channel but a whisper, speaks in the `host` channel;
 *   - 101…199: the consigliere of seat n is 100 + n (`consiglierePeer`): a whisper with their player
 *     by day, and by day hears what the player hears (Floor.advisers);
 *   - 1000 and up: a listening spectator (`SPECTATOR_PEER_BASE` + k, given by the table object per
 *     socket): hears the public channels (`PUBLIC_CHANNELS`), is never heard.
 * Mesh links pair peers with the lower number impolite (it owns the link's transceivers), so the host
 * opens its links to everyone and a spectator never opens one.
 */
import type { Seat } from "../engine/types.ts";

export type MediaPeer = number;

export const HOST_PEER: MediaPeer = 0;
export const CONSIGLIERE_PEER_BASE = 100;
export const SPECTATOR_PEER_BASE = 1000;
/** The largest spectator peer number the protocol accepts (SPECTATOR_PEER_BASE + a per-table counter). */
export const MAX_MEDIA_PEER = 1_000_000;

/** The channels a spectator hears (RULES.md §8: the public channel and the host, never the night's). */
export const PUBLIC_CHANNELS: ReadonlySet<string> = new Set(["table", "host"]);

export const isSeatPeer = (p: MediaPeer): boolean => p >= 1 && p < CONSIGLIERE_PEER_BASE;
export const isHostPeer = (p: MediaPeer): boolean => p === HOST_PEER;
export const isConsiglierePeer = (p: MediaPeer): boolean => p > CONSIGLIERE_PEER_BASE && p < CONSIGLIERE_PEER_BASE + 100;
export const isSpectatorPeer = (p: MediaPeer): boolean => p >= SPECTATOR_PEER_BASE;
export const consiglierePeer = (seat: Seat): MediaPeer => CONSIGLIERE_PEER_BASE + seat;
/** The seat a consigliere peer advises. */
export const advisedSeat = (p: MediaPeer): Seat => p - CONSIGLIERE_PEER_BASE;

/**
 * Whether two media peers hold a mesh link (RULES.md §8): every pair of seats, the host and anybody,
 * a consigliere and a seat or the host (its whisper; by day it hears what its player hears), a spectator
 * and a seat or the host (the public channels). Never two spectators, a spectator and a consigliere, or
 * two consiglieri: neither is ever heard by the other.
 */
export function mayLink(a: MediaPeer, b: MediaPeer): boolean {
  if (a === b) return false;
  const side = (p: MediaPeer) => (isSpectatorPeer(p) ? "s" : isConsiglierePeer(p) ? "c" : "t");
  const x = side(a);
  const y = side(b);
  return x === "t" || y === "t";
}

/**
 * How many spectators may listen on the mesh at once (docs/MEDIA.md "Spectators listening"): each one
 * costs every speaker one more upload of their voice. Measured with bench/media-mesh.ts (docs/PERFORMANCE.md).
 * Beyond it, spectators listen through the SFU; a mesh table refuses them with `media-full`.
 */
export const MESH_LISTENERS_MAX = 4;
