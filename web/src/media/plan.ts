/**
 * What this client does with each peer's media, derived from the floor alone
 * (GameView.floor, docs/MEDIA.md). Pure: the mesh (mesh.ts) applies the plan on every new view — on the
 * sending side by enabling or disabling its per-link copy of each track (the link stays warm), on the
 * receiving side by muting what a peer sends unless the floor lets this viewer hear or see it. A
 * modified client that keeps sending is therefore still not played by honest clients, and a modified
 * client never receives what honest clients do not send to it.
 *
 * Peers are media peers (shared/media/peers.ts): seats, the live host (0), consiglieri (100 + N) and
 * listening spectators (1000 and up), who send nothing.
 */
import type { Floor } from "../../../shared/engine/types.ts";
import { playAudio, playVideo } from "../../../shared/media/floor.ts";
import { isSpectatorPeer, mayLink, type MediaPeer } from "../../../shared/media/peers.ts";

/** The four switches of one link, from this client's side. */
export interface PeerPlan {
  /** Send my microphone to this peer. */
  sendAudio: boolean;
  /** Send my camera to this peer. */
  sendVideo: boolean;
  /** Play this peer's audio. */
  playAudio: boolean;
  /** Show this peer's video. */
  playVideo: boolean;
}

/** Per peer, the plan of that link. */
export type MediaPlan = Map<MediaPeer, PeerPlan>;

const NOTHING: PeerPlan = { sendAudio: false, sendVideo: false, playAudio: false, playVideo: false };

/**
 * The plan of every link from `me` to `peers` (`me` itself and peers it never links with are skipped).
 * A spectator (`me` a spectator peer, or null) sends nothing; it plays what the floor lets a spectator hear.
 */
export function planMedia(floor: Floor | null | undefined, me: MediaPeer | null, peers: readonly MediaPeer[]): MediaPlan {
  const plan: MediaPlan = new Map();
  for (const p of peers) {
    if (p === me) continue;
    if (me === null) { plan.set(p, NOTHING); continue; }
    if (!mayLink(me, p)) continue;
    const silent = isSpectatorPeer(me);
    plan.set(p, {
      sendAudio: !silent && playAudio(floor, p, me),
      sendVideo: !silent && playVideo(floor, p, me),
      playAudio: playAudio(floor, me, p),
      playVideo: playVideo(floor, me, p),
    });
  }
  return plan;
}

/** Whether two plans differ in any switch of any link (a floor change this client must apply). */
export function samePlan(a: MediaPlan, b: MediaPlan): boolean {
  if (a.size !== b.size) return false;
  for (const [seat, x] of a) {
    const y = b.get(seat);
    if (!y || x.sendAudio !== y.sendAudio || x.sendVideo !== y.sendVideo || x.playAudio !== y.playAudio || x.playVideo !== y.playVideo) return false;
  }
  return true;
}
