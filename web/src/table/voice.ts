/**
 * Issue 15: the table page's voice, in the initial bundle only as this small store. "Join voice" (a
 * user gesture: phones show permission prompts and let audio play only after one) creates the
 * AudioContext, then loads the mesh (a lazy chunk, web/src/media/mesh.ts), asks for the microphone
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
 */
import { createEffect, onCleanup } from "solid-js";
import { createStore, reconcile } from "solid-js/store";
import type { GameView, Seat } from "../../../shared/engine/types.ts";
import type { MediaPlane } from "../media/plane.ts";
import { BANDWIDTH_KEY, micOpen, parseBandwidth, pushToTalk, type Bandwidth } from "../media/prefs.ts";
import type { TableController } from "./controller.ts";

/** off: not joined; declined: "play without voice"; elsewhere: another tab or device holds the media. */
export type VoiceStatus = "off" | "asking" | "on" | "declined" | "elsewhere" | "failed";

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
}

/** RMS above which a seat shows as speaking. */
const SPEAKING_LEVEL = 0.015;

declare global {
  interface Window {
    /** The page's media (the mesh, or the SFU plane), for debugging and the browser test (test/browser/voice.test.ts). */
    __mafiaMesh?: MediaPlane;
  }
}

/** The other seated people of the game (bots have no media). */
export const humanPeers = (g: GameView): Seat[] => g.seats.filter((s) => !s.bot && s.seat !== g.you?.seat).map((s) => s.seat);

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage blocked
  }
}

export function createVoice(ctl: TableController, game: () => GameView | null): Voice {
  const [state, setState] = createStore<VoiceState>({
    status: "off", mic: "none", camera: "none", bandwidth: parseBandwidth(stored(BANDWIDTH_KEY)), ptt: false, holding: false, speaking: {}, video: {},
  });
  let mesh: MediaPlane | null = null;
  let preview: HTMLVideoElement | null = null;
  let meter: ReturnType<typeof setInterval> | undefined;
  let unsubscribe: (() => void) | null = null;
  let audio: AudioContext | null = null;
  let attempt = 0;

  const refresh = () => {
    if (!mesh) return;
    const video: Record<number, boolean> = {};
    if (mesh.bandwidth !== "audio") {
      for (const [seat, r] of mesh.remote) if (mesh.planFor(seat).playVideo && r.stream.getVideoTracks().some((t) => t.readyState === "live" && !t.muted)) video[seat] = true;
      if (preview && mesh.cameraIsOn && [...mesh.plan.values()].some((p) => p.sendVideo)) video[mesh.me] = true;
    }
    setState("video", reconcile(video));
  };

  const stop = () => {
    clearInterval(meter);
    unsubscribe?.();
    unsubscribe = null;
    mesh?.close();
    if (window.__mafiaMesh === mesh) delete window.__mafiaMesh;
    mesh = null;
    preview = null;
    setState("speaking", reconcile({}));
    setState("video", reconcile({}));
    setState("holding", false);
  };

  const makePreview = (me: Seat, cam: MediaStreamTrack) => {
    preview = document.createElement("video");
    preview.muted = true;
    preview.playsInline = true;
    preview.autoplay = true;
    preview.dataset.voiceVideo = String(me);
    preview.srcObject = new MediaStream([cam]);
  };

  const join = (micOnly = false) => {
    // A page that only listens (microphone refused) may ask again; one that sends already is joined.
    if (state.status === "asking" || (state.status === "on" && state.mic === "on")) return;
    const g = game();
    const me = g?.you?.seat;
    if (!g || me == null) return;
    const mine = ++attempt;
    if (mesh) stop();
    setState("status", "asking");
    // In the gesture: an AudioContext created here may play on phones.
    audio ??= new AudioContext();
    void audio.resume().catch(() => {});
    const ctx = audio;
    void (async () => {
      const mod = await import("../media/mesh.ts");
      const processing = stored("mafia.voice.processing") !== "off";
      const wantCamera = !micOnly && state.bandwidth !== "audio";
      const got = await mod.getLocalMedia(processing, wantCamera);
      if (mine !== attempt) return got.stream?.getTracks().forEach((t) => t.stop());
      const stream = got.stream;
      const cam = stream?.getVideoTracks()[0];
      if (cam) makePreview(me, cam);
      const options = { me, local: stream, send: (text: string) => ctl.signal(text), audio: ctx, iceServers: ctl.iceServers, onChange: refresh, bandwidth: state.bandwidth };
      // The table's plane (welcome.media.mode): the mesh, or the SFU (web/src/media/sfu.ts, its own lazy chunk).
      if (ctl.mediaMode === "sfu") {
        const sfu = new (await import("../media/sfu.ts")).Sfu(options);
        if (mine !== attempt) return sfu.close();
        unsubscribe = ctl.onSfu((msg) => void sfu.handle(msg));
        mesh = sfu;
      } else {
        const m = new mod.Mesh(options);
        unsubscribe = ctl.onSignal((msg) => void m.handle(msg));
        mesh = m;
      }
      window.__mafiaMesh = mesh;
      setState({
        status: "on",
        mic: stream ? "on" : "denied",
        camera: cam ? "on" : wantCamera && got.cameraError ? "denied" : "none",
      });
      const cur = game();
      if (cur) apply(cur);
      meter = setInterval(() => {
        if (!mesh) return;
        const speaking: Record<number, boolean> = {};
        for (const seat of mesh.remote.keys()) if (mesh.planFor(seat).playAudio && mesh.levelOf(seat) > SPEAKING_LEVEL) speaking[seat] = true;
        if (mesh.micIsOpen && [...mesh.plan.values()].some((p) => p.sendAudio) && mesh.levelOf(me) > SPEAKING_LEVEL) speaking[me] = true;
        setState("speaking", reconcile(speaking));
      }, 150);
    })().catch(() => setState("status", "failed"));
  };

  /** One view to the mesh: push-to-talk first (so a shout never opens the microphone before it is held), then the floor. */
  const apply = (g: GameView) => {
    if (!mesh) return;
    const ptt = pushToTalk(g.shout, g.speaker, mesh.me);
    const holding = ptt && state.holding;
    if (ptt !== state.ptt || holding !== state.holding) setState({ ptt, holding });
    mesh.setMicOpen(micOpen(ptt, holding));
    mesh.update(g.floor, humanPeers(g), ctl.viewAt || undefined);
  };

  // Every view: the floor to the mesh (the effect runs in the view's batch, right after it arrived).
  createEffect(() => {
    const on = state.status === "on";
    const g = game();
    if (!mesh || !on) return;
    if (!g || g.you?.seat !== mesh.me) return;
    apply(g);
  });

  // Another tab or device of this player joined voice (or holds it): stop here, and say so.
  const offElsewhere = ctl.onMediaElsewhere(() => {
    if (state.status !== "on" && state.status !== "asking") return;
    attempt++;
    stop();
    setState({ status: "elsewhere", ptt: false });
  });

  onCleanup(() => {
    offElsewhere();
    stop();
    void audio?.close().catch(() => {});
  });

  return {
    state,
    join,
    decline: () => {
      if (state.status === "on" || state.status === "asking") return;
      setState("status", "declined");
    },
    setCamera(on) {
      if (!mesh) return;
      if (on && !mesh.localVideo) return;
      mesh.setCamera(on);
      setState("camera", on ? "on" : "off");
      refresh();
    },
    setBandwidth(mode) {
      setState("bandwidth", mode);
      try {
        localStorage.setItem(BANDWIDTH_KEY, mode);
      } catch {
        /* storage blocked: this page only */
      }
      mesh?.setBandwidth(mode);
      refresh();
    },
    hold(on) {
      const holding = on && state.ptt;
      if (holding === state.holding) return;
      setState("holding", holding);
      mesh?.setMicOpen(micOpen(state.ptt, holding));
    },
    videoOf: (seat) => (mesh && seat === mesh.me ? preview : (mesh?.remote.get(seat)?.video ?? null)),
  };
}
