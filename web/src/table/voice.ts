/**
 * Issue 15: the table page's voice, in the initial bundle only as this small store. "Join voice" (a
 * user gesture: phones show permission prompts and let audio play only after one) creates the
 * AudioContext, then loads the mesh (a lazy chunk, web/src/media/mesh.ts), asks for the microphone
 * and camera, and starts the links. Denied: the page plays on without media (status "denied").
 * Every view's floor goes to the mesh (web/src/media/plan.ts decides what each link carries).
 */
import { createEffect, onCleanup } from "solid-js";
import { createStore } from "solid-js/store";
import type { GameView, Seat } from "../../../shared/engine/types.ts";
import type { MediaPlane } from "../media/plane.ts";
import type { TableController } from "./controller.ts";

export type VoiceStatus = "off" | "asking" | "on" | "denied";

export interface VoiceState {
  status: VoiceStatus;
  /** Whether the local stream has a camera. */
  camera: boolean;
  /** Seats heard now above the speaking threshold (my own seat: my microphone while it is sent). */
  speaking: Record<number, boolean>;
  /** Seats whose video this page may show now. */
  video: Record<number, boolean>;
}

export interface Voice {
  readonly state: VoiceState;
  join(): void;
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

export function createVoice(ctl: TableController, game: () => GameView | null): Voice {
  const [state, setState] = createStore<VoiceState>({ status: "off", camera: false, speaking: {}, video: {} });
  let mesh: MediaPlane | null = null;
  let preview: HTMLVideoElement | null = null;
  let meter: ReturnType<typeof setInterval> | undefined;
  let unsubscribe: (() => void) | null = null;
  let audio: AudioContext | null = null;

  const refresh = () => {
    if (!mesh) return;
    const video: Record<number, boolean> = {};
    for (const [seat, r] of mesh.remote) if (mesh.planFor(seat).playVideo && r.stream.getVideoTracks().length) video[seat] = true;
    if (preview && [...mesh.plan.values()].some((p) => p.sendVideo)) video[mesh.me] = true;
    setState("video", video);
  };

  const join = () => {
    if (state.status === "asking" || state.status === "on") return;
    const g = game();
    const me = g?.you?.seat;
    if (!g || me == null) return;
    setState("status", "asking");
    // In the gesture: an AudioContext created here may play on phones.
    audio ??= new AudioContext();
    void audio.resume().catch(() => {});
    const ctx = audio;
    void (async () => {
      const mod = await import("../media/mesh.ts");
      let processing = true;
      try {
        processing = localStorage.getItem("mafia.voice.processing") !== "off";
      } catch {
        /* storage blocked */
      }
      const { stream } = await mod.getLocalMedia(processing);
      if (!stream) return void setState("status", "denied");
      const cam = stream.getVideoTracks()[0];
      if (cam) {
        preview = document.createElement("video");
        preview.muted = true;
        preview.playsInline = true;
        preview.autoplay = true;
        preview.dataset.voiceVideo = String(me);
        preview.srcObject = new MediaStream([cam]);
      }
      const options = { me, local: stream, send: (text: string) => ctl.signal(text), audio: ctx, iceServers: ctl.iceServers, onChange: refresh };
      // The table's plane (welcome.media.mode): the mesh, or the SFU (web/src/media/sfu.ts, its own lazy chunk).
      if (ctl.mediaMode === "sfu") {
        const sfu = new (await import("../media/sfu.ts")).Sfu(options);
        unsubscribe = ctl.onSfu((msg) => void sfu.handle(msg));
        mesh = sfu;
      } else {
        const m = new mod.Mesh(options);
        unsubscribe = ctl.onSignal((msg) => void m.handle(msg));
        mesh = m;
      }
      window.__mafiaMesh = mesh;
      setState({ status: "on", camera: !!cam });
      const cur = game();
      if (cur) mesh.update(cur.floor, humanPeers(cur), ctl.viewAt || undefined);
      meter = setInterval(() => {
        if (!mesh) return;
        const speaking: Record<number, boolean> = {};
        for (const seat of mesh.remote.keys()) if (mesh.planFor(seat).playAudio && mesh.levelOf(seat) > SPEAKING_LEVEL) speaking[seat] = true;
        if ([...mesh.plan.values()].some((p) => p.sendAudio) && mesh.levelOf(me) > SPEAKING_LEVEL) speaking[me] = true;
        setState("speaking", speaking);
      }, 150);
    })().catch(() => setState("status", "denied"));
  };

  // Every view: the floor to the mesh (the effect runs in the view's batch, right after it arrived).
  createEffect(() => {
    const on = state.status === "on";
    const g = game();
    if (!mesh || !on) return;
    if (!g || g.you?.seat !== mesh.me) return;
    mesh.update(g.floor, humanPeers(g), ctl.viewAt || undefined);
  });

  onCleanup(() => {
    clearInterval(meter);
    unsubscribe?.();
    mesh?.close();
    if (window.__mafiaMesh === mesh) delete window.__mafiaMesh;
    mesh = null;
    void audio?.close().catch(() => {});
  });

  return {
    state,
    join,
    videoOf: (seat) => (mesh && seat === mesh.me ? preview : (mesh?.remote.get(seat)?.video ?? null)),
  };
}
