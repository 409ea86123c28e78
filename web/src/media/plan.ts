/**
 * Issue 15: what this client does with each peer's media, derived from the floor alone (GameView.floor,
 * docs/MEDIA.md). Pure: the mesh (mesh.ts) applies the plan on every new view — on the sending side
 * by attaching or detaching its tracks per peer (replaceTrack), on the receiving side by muting or
 * pausing what a peer sends unless the floor lets this viewer hear or see it. A modified client that
 * keeps sending is therefore still not played by honest clients, and a modified client never receives
 * what honest clients do not send to it.
 */
import type { Floor, Seat } from "../../../shared/engine/types.ts";
import { playAudio, playVideo } from "../../../shared/media/floor.ts";

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

/** Per peer seat, the plan of that link. */
export type MediaPlan = Map<Seat, PeerPlan>;

/**
 * The plan of every link from `me` to `peers` (the other seated people the mesh connects; `me` itself
 * is skipped). `me` null (a spectator) sends nothing and, on the mesh, receives nothing.
 */
export function planMedia(floor: Floor | null | undefined, me: Seat | null, peers: readonly Seat[]): MediaPlan {
  const plan: MediaPlan = new Map();
  for (const p of peers) {
    if (p === me) continue;
    const link: PeerPlan =
      me === null
        ? { sendAudio: false, sendVideo: false, playAudio: false, playVideo: false }
        : { sendAudio: playAudio(floor, p, me), sendVideo: playVideo(floor, p, me), playAudio: playAudio(floor, me, p), playVideo: playVideo(floor, me, p) };
    plan.set(p, link);
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

/** Whether my microphone reaches anybody now ("You have the floor"). */
export function haveFloor(floor: Floor | null | undefined, me: Seat | null): boolean {
  if (me === null) return false;
  return (floor?.channels ?? []).some((c) => c.speakers.includes(me));
}
