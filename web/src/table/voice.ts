/**
 * The table page's voice, in the initial bundle only as this small store. "Join voice" (a
 * user gesture: phones show permission prompts and let audio play only after one) creates the
 * AudioContext, then loads the running voice (web/src/table/voice-live.ts) and the mesh (lazy chunks,
 * web/src/media/mesh.ts), asks for the microphone
 * and camera, and starts the links. Every view's floor goes to the mesh (web/src/media/plan.ts decides
 * what each link carries).
 *
 * Permissions and choices (docs/MEDIA.md "Table UI"): "Microphone only" joins without asking for the
 * camera; a refused or missing camera means audio only; a refused microphone means no sending at all,
 * but the page still listens to what its floor lets it hear; "Play without voice" starts nothing. The
 * camera can be switched off at any time, and the low-bandwidth mode (small video, audio only) is
 * remembered per browser. During this player's own shout the microphone goes out only while they hold
 * the talk control (push-to-talk; their own speech keeps the open microphone the floor gives).
 * Two tabs of one player: the tab that joins last holds the media; the other is told
 * (`media-elsewhere`), stops, and offers "Use voice here".
 *
 * RULES.md §8: the same store serves every page that takes part in the media, each as its
 * media peer (shared/media/peers.ts): a seated player (its seat), the live host (0: hears every channel,
 * talks to everyone — push-to-talk or an open microphone, the host's choice), a consigliere (100 + N:
 * whispers with its player by day while holding "Hold to whisper", hears what the player hears), and a
 * spectator ("Listen": no microphone or camera is asked for; the page plays the public channels, as late
 * as its delayed view when the table delays spectators).
 */
import { getOwner, onCleanup, runWithOwner } from "solid-js";
import { createStore } from "solid-js/store";
import type { Seat } from "../../../shared/engine/types.ts";
import { floorOfView, mediaSelf, type VoiceRole } from "./voice-peers.ts";
import { BANDWIDTH_KEY, parseBandwidth, type Bandwidth } from "../media/prefs.ts";
import type { TableController } from "./controller.ts";
import type { LiveVoice } from "./voice-live.ts";

export { floorOfView, mediaSelf, type VoiceRole };

/** off: not joined; declined: "play without voice"; elsewhere: another tab or device holds the media;
 *  closed: the table refused this page's media (a consigliere at night, no room for more listeners). */
export type VoiceStatus = "off" | "asking" | "on" | "declined" | "elsewhere" | "failed" | "closed";


/** The longest spectator delay a page can listen behind (a Web Audio DelayNode holds under 180 s). */
export const MAX_LISTEN_DELAY_MS = 179_000;

/** The live host's microphone mode (their choice, kept per browser): push-to-talk (default) or open. */
export const HOST_MIC_KEY = "mafia.voice.hostMic";

export interface VoiceState {
  status: VoiceStatus;
  /** The microphone: on, refused (the page only listens), or not asked yet. */
  mic: "on" | "denied" | "none";
  /** The camera: on, switched off by the player, refused or missing, or not asked ("Microphone only", audio-only mode). */
  camera: "on" | "off" | "denied" | "none";
  bandwidth: Bandwidth;
  /** Push-to-talk is in force now (this player's shout), and whether the talk control is held. */
  ptt: boolean;
  holding: boolean;
  /** Seats heard now above the speaking threshold (my own seat: my microphone while it is sent). */
  speaking: Record<number, boolean>;
  /** Seats whose video this page may show now. */
  video: Record<number, boolean>;
  /** This page's part in the media, and the live host's microphone mode. */
  role: VoiceRole | null;
  hostMic: "ptt" | "open";
  /** RULES.md §8: the live host muted this seat for the rest of the current speech or stage. */
  muted: boolean;
  /** Why the table refused the media ("media-closed", "media-full"), while status is "closed". */
  refused: string | null;
  /** "Mute me" — this person switched their own microphone off (nothing is sent). */
  selfMuted: boolean;
  /** My own microphone's level (RMS scaled to 0–1) for the self level meter; 0 while muted. */
  level: number;
}

export interface Voice {
  readonly state: VoiceState;
  /** Join (camera too unless the mode is audio only); `micOnly` never asks for the camera. */
  join(micOnly?: boolean): void;
  /** "Play without voice": nothing is asked or started. */
  decline(): void;
  setCamera(on: boolean): void;
  setBandwidth(mode: Bandwidth): void;
  /** Push-to-talk: the talk control is held (true) or released. */
  hold(on: boolean): void;
  /** The <video> element of a seat (a peer's, or my own preview), when there is one. */
  videoOf(seat: Seat): HTMLVideoElement | null;
  /** The live host chooses push-to-talk or an open microphone. */
  setHostMic(mode: "ptt" | "open"): void;
  /** Leave voice (microphone and camera stop; "Join voice" joins again). */
  leave(): void;
  /** "Mute me" (true) or "Unmute me": the microphone track is disabled at once, on every link. */
  setSelfMuted(muted: boolean): void;
}

export function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage blocked
  }
}

export function createVoice(ctl: TableController): Voice {
  const self = () => mediaSelf(ctl.state.identity, ctl.state.view, ctl.mediaPeer);
  const [state, setState] = createStore<VoiceState>({
    status: "off", mic: "none", camera: "none", bandwidth: parseBandwidth(stored(BANDWIDTH_KEY)), ptt: false, holding: false, speaking: {}, video: {},
    role: null, hostMic: stored(HOST_MIC_KEY) === "open" ? "open" : "ptt", muted: false, refused: null, selfMuted: false, level: 0,
  });
  /** The running voice (voice-live.ts), from the first join on; its effects and cleanup belong to this page. */
  const owner = getOwner();
  let live: LiveVoice | null = null;
  let loading: Promise<LiveVoice | null> | null = null;
  let audio: AudioContext | null = null;
  let disposed = false;
  const load = (ctx: AudioContext) =>
    (loading ??= import("./voice-live.ts").then(
      (m) => (disposed ? null : (live ??= runWithOwner(owner, () => m.liveVoice(ctl, state, setState, ctx)) ?? null)),
      (e: unknown) => {
        loading = null; // offline or a stale deploy: the next join tries again
        throw e;
      },
    ));
  onCleanup(() => {
    disposed = true;
    void audio?.close().catch(() => {});
  });
  const save = (key: string, value: string) => {
    try {
      localStorage.setItem(key, value);
    } catch {
      /* storage blocked: this page only */
    }
  };

  return {
    state,
    join(micOnly = false) {
      if (live) return live.join(micOnly);
      if (state.status === "asking" || !self()) return;
      // In the gesture: an AudioContext created here may play on phones.
      audio ??= new AudioContext();
      void audio.resume().catch(() => {});
      void load(audio).then((v) => v?.join(micOnly), () => setState("status", "failed"));
    },
    decline: () => {
      if (state.status === "on" || state.status === "asking") return;
      setState("status", "declined");
    },
    setCamera: (on) => live?.setCamera(on),
    setBandwidth(mode) {
      setState("bandwidth", mode);
      save(BANDWIDTH_KEY, mode);
      live?.setBandwidth(mode);
    },
    hold: (on) => live?.hold(on),
    setSelfMuted(muted) {
      if (live) return live.setSelfMuted(muted);
      setState({ selfMuted: muted, level: muted ? 0 : state.level });
    },
    videoOf: (seat) => live?.videoOf(seat) ?? null,
    setHostMic(mode) {
      setState("hostMic", mode);
      save(HOST_MIC_KEY, mode);
      live?.setHostMic();
    },
    leave() {
      if (live) return live.leave();
      setState({ status: "off", mic: "none", camera: "none", ptt: false, selfMuted: false });
    },
  };
}
