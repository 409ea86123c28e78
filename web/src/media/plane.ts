/**
 * The one interface of the page's media (docs/MEDIA.md §6), with two implementations chosen
 * by the welcome's `media.mode`: the WebRTC mesh (mesh.ts) and the Cloudflare Realtime SFU (sfu.ts).
 * Both take the same options (MeshOptions), apply each view's floor with `update`, report what they
 * play per seat in `remote`, and gate playback by the viewer's own floor (plan.ts).
 */
import type { Floor, Seat } from "../../../shared/engine/types.ts";
import type { Bandwidth } from "./prefs.ts";
import type { RemoteMedia } from "./mesh.ts";
import type { MediaPlan, PeerPlan } from "./plan.ts";

export interface MediaPlane {
  readonly me: Seat;
  /** Per remote seat: what the page shows and plays. */
  readonly remote: Map<Seat, RemoteMedia>;
  /** The floor's plan from this viewer's side (plan.ts). */
  plan: MediaPlan;
  /** performance.now() of every applied plan change, and each with the arrival of its view. */
  readonly floorSwitchedAt: number[];
  /** Each floor switch: the view's arrival, when it was applied, and (mesh) the peers this page then sends its voice to. */
  readonly switches: Array<{ viewAt: number; at: number; sends?: number[] }>;
  /** The output of every remote voice played (after the floor's gates). */
  readonly output: AnalyserNode;
  /** What a spectator without delay would hear (the recording), when the page keeps it; it
   *  includes this page's microphone while the table hears it. */
  readonly publicOutput: GainNode | null;
  /** Whether this page captures a microphone. */
  readonly hasMicrophone: boolean;
  /**
   * The seat in the spotlight (GameView.speaker: every page shows its camera large above the oval), set
   * before each `update`: the mesh sends its camera large only to a viewer that shows it there.
   */
  spotlight: Seat | null;
  /** A new view: the floor and the other seated people of the game (bots have no media). */
  update(floor: Floor | null | undefined, peers: readonly Seat[], viewAt?: number): void;
  /**
   * Fail closed at a known deadline (deadline.ts, RULES.md §1 Timers, §8): `floor` holds once `at`
   * (performance.now() ms) has passed. The voices it takes away stop playing at that moment on the audio
   * thread, whatever the page's main thread is doing, and the whole plan follows by a timer; the next
   * `update` (a new view) cancels both.
   */
  closeAt(floor: Floor, peers: readonly Seat[], at: number): void;
  planFor(seat: Seat): PeerPlan;
  states(): Record<number, RTCPeerConnectionState>;
  /** The audio level (RMS, 0–1) of a seat as played; of my own microphone for `me`. */
  levelOf(seat: Seat): number;
  /** The local camera track, when there is one. */
  readonly localVideo: MediaStreamTrack | null;
  /** Local narrowing, never wider than the floor (docs/MEDIA.md "Table UI"): push-to-talk during
   *  this player's shout, the camera switched off, and the low-bandwidth mode. */
  readonly micIsOpen: boolean;
  setMicOpen(open: boolean): void;
  readonly cameraIsOn: boolean;
  setCamera(on: boolean): void;
  readonly bandwidth: Bandwidth;
  setBandwidth(mode: Bandwidth): void;
  close(): void;
}
