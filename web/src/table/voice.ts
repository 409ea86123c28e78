/**
 * The table page's voice, in the initial bundle only as this small store. "Join voice" (a
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
 *
 * RULES.md §8: the same store serves every page that takes part in the media, each as its
 * media peer (shared/media/peers.ts): a seated player (its seat), the live host (0: hears every channel,
 * talks to everyone — push-to-talk or an open microphone, the host's choice), a consigliere (100 + N:
 * whispers with its player by day while holding "Hold to whisper", hears what the player hears), and a
 * spectator ("Listen": no microphone or camera is asked for; the page plays the public channels, as late
 * as its delayed view when the table delays spectators).
 */
import { createEffect, onCleanup } from "solid-js";
import { createStore, reconcile } from "solid-js/store";
import type { GameView, Seat } from "../../../shared/engine/types.ts";
import type { TableView } from "../../../shared/protocol/messages.ts";
import { mutedNow } from "../../../shared/media/floor.ts";
import { floorOfView, mediaSelf, peersOf, type VoiceRole } from "./voice-peers.ts";
import type { MediaPlane } from "../media/plane.ts";
import { closingAt } from "../../../shared/media/deadline.ts";
import { BANDWIDTH_KEY, micOpen, parseBandwidth, pushToTalk, type Bandwidth } from "../media/prefs.ts";
import type { TableController } from "./controller.ts";

export { floorOfView, mediaSelf, peersOf, type VoiceRole };

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

/** RMS above which a seat shows as speaking. */
const SPEAKING_LEVEL = 0.015;

declare global {
  interface Window {
    /** The page's media (the mesh, or the SFU plane), for debugging and the browser test (test/browser/voice.test.ts). */
    __mafiaMesh?: MediaPlane;
  }
}

function stored(key: string): string | null {
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
  /** The captured microphone and camera of the running join (Mute me disables its microphone track). */
  let local: MediaStream | null = null;
  /** Whether the last join left the camera out ("Microphone only"): a re-join as a new media peer does the same. */
  let lastMicOnly = false;
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
    local = null;
    setState("speaking", reconcile({}));
    setState("video", reconcile({}));
    setState({ holding: false, level: 0 });
  };

  /** The microphone's gate: push-to-talk and "Mute me" only narrow what the floor allows. */
  const gate = (ptt: boolean, holding: boolean) => !state.selfMuted && micOpen(ptt, holding);
  /** "Mute me" on the captured track itself: disabled, it gives silence to every link and to the self meter. */
  const muteTrack = () => local?.getAudioTracks().forEach((t) => (t.enabled = !state.selfMuted));

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
    const who = self();
    if (!who) return;
    const { me, role } = who;
    const mine = ++attempt;
    lastMicOnly = micOnly;
    if (mesh) stop();
    setState({ status: "asking", role, refused: null });
    // In the gesture: an AudioContext created here may play on phones.
    audio ??= new AudioContext();
    void audio.resume().catch(() => {});
    const ctx = audio;
    void (async () => {
      const mod = await import("../media/mesh.ts");
      const processing = stored("mafia.voice.processing") !== "off";
      // A spectator only listens: nothing is asked for. A consigliere whispers: a microphone, no camera.
      const listener = role === "spectator";
      const wantCamera = !micOnly && !listener && role !== "consigliere" && state.bandwidth !== "audio";
      const got = listener ? { stream: null, micError: null, cameraError: null } : await mod.getLocalMedia(processing, wantCamera);
      if (mine !== attempt) return got.stream?.getTracks().forEach((t) => t.stop());
      const stream = got.stream;
      local = stream;
      muteTrack();
      const cam = stream?.getVideoTracks()[0];
      if (cam) makePreview(me, cam);
      const delaySeconds = role === "spectator" ? (ctl.state.view?.delayMs ?? 0) / 1000 : 0;
      // The recording (§6.11) keeps the mix a spectator without delay would hear: on the host's (or organizer's) page.
      const publicMix = role === "host" || (role === "player" && !!ctl.state.view?.organizing);
      const cold = stored("mafia.voice.cold") === "1";
      const options = { cold, me, local: stream, send: (text: string) => ctl.signal(text), audio: ctx, iceServers: ctl.iceServers, onChange: refresh, bandwidth: state.bandwidth, delaySeconds, publicMix };
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
        mic: stream ? "on" : listener ? "none" : "denied",
        camera: cam ? "on" : wantCamera && got.cameraError ? "denied" : "none",
      });
      const cur = ctl.state.view;
      if (cur) apply(cur);
      meter = setInterval(() => {
        if (!mesh) return;
        const speaking: Record<number, boolean> = {};
        for (const seat of mesh.remote.keys()) if (mesh.planFor(seat).playAudio && mesh.levelOf(seat) > SPEAKING_LEVEL) speaking[seat] = true;
        if (mesh.micIsOpen && [...mesh.plan.values()].some((p) => p.sendAudio) && mesh.levelOf(me) > SPEAKING_LEVEL) speaking[me] = true;
        setState("speaking", reconcile(speaking));
        // The self level meter: what my microphone captures, 0 while muted (the track is disabled).
        const level = state.selfMuted || !mesh.hasMicrophone ? 0 : Math.min(1, Math.round(mesh.levelOf(me) * 400) / 100);
        if (level !== state.level) setState("level", level);
      }, 150);
    })().catch(() => setState("status", "failed"));
  };

  /** One view to the mesh: push-to-talk first (so a shout never opens the microphone before it is held), then the floor. */
  const apply = (view: TableView) => {
    const g = view.status === "lobby" ? null : view.game;
    const floor = floorOfView(view);
    if (!mesh || !floor) return;
    const role = state.role;
    // Push-to-talk: a player's own shout; the host by choice; a consigliere's whisper always. In the lobby
    // everyone talks freely; the host keeps their choice.
    const ptt = role === "host" ? state.hostMic === "ptt" : role === "consigliere" ? true : role === "player" && g ? pushToTalk(g.floor, mesh.me) : false;
    const holding = ptt && state.holding;
    const muted = role === "player" && mutedNow(floor, mesh.me);
    if (ptt !== state.ptt || holding !== state.holding || muted !== state.muted) setState({ ptt, holding, muted });
    mesh.setMicOpen(gate(ptt, holding));
    // Fail closed at the turn's deadline (web/src/media/deadline.ts; RULES.md §1 Timers, §8): what the
    // deadline closes closes then on the server's clock, not when this page handles the next frame; a
    // frame handled after its own deadline does not reopen it.
    const peers = peersOf(view, mesh.me);
    const closing = g ? closingAt(g) : null;
    const now = ctl.clock.now();
    mesh.spotlight = g?.speaker ?? null;
    mesh.update(closing && now >= closing.at ? closing.floor : floor, peers, ctl.viewAt || undefined);
    if (closing && now < closing.at) mesh.closeAt(closing.floor, peers, performance.now() + (closing.at - now));
  };

  /**
   * This page became another media peer while its voice is on — the game started (the
   * lobby place gave way to the drawn seat) or the next game's lobby opened. Its links belong to the old
   * number, so it leaves them and joins again as the new peer (the browser remembers the permission: no
   * new prompt; "Mute me" stays as it was).
   */
  const rejoin = () => {
    if (!mesh || state.status !== "on") return;
    attempt++;
    stop();
    setState({ status: "off", ptt: false });
    join(lastMicOnly);
  };

  // Every view frame: the floor to the mesh as the frame arrives, before the page renders it (so the
  // first word is heard) — only while this page is still the same media peer (a new game may seat the player
  // elsewhere). The effect below applies the same view again after the render (no change then) and
  // covers a page whose voice starts between frames.
  const offFrame = ctl.onViewFrame((view) => {
    if (!mesh || state.status !== "on") return;
    const who = mediaSelf(ctl.state.identity, view, ctl.mediaPeer);
    if (who && who.me === mesh.me) apply(view);
  });
  createEffect(() => {
    const on = state.status === "on";
    const view = ctl.state.view;
    const who = self();
    if (!mesh || !on || !view) return;
    if (who && who.me !== mesh.me && who.role === state.role && ctl.mediaMode !== "sfu") return queueMicrotask(rejoin);
    if (!who || who.me !== mesh.me) return;
    apply(view);
  });

  // The table refused this page's media — a spectator past the mesh's room (`media-full`) or
  // sending (`media-closed`) stops and says why. Elsewhere `media-closed` is one link the floor keeps
  // closed now (a consigliere's at night): the links follow the floor (peersOf), nothing stops.
  const offRefused = ctl.onMediaRefused((code) => {
    if (state.status !== "on" && state.status !== "asking") return;
    if (state.role !== "spectator") return;
    attempt++;
    stop();
    setState({ status: "closed", refused: code, ptt: false });
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
    offRefused();
    offFrame();
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
      mesh?.setMicOpen(gate(state.ptt, holding));
    },
    setSelfMuted(muted) {
      setState({ selfMuted: muted, level: muted ? 0 : state.level });
      muteTrack();
      mesh?.setMicOpen(gate(state.ptt, state.holding));
    },
    videoOf: (seat) => (mesh && seat === mesh.me ? preview : (mesh?.remote.get(seat)?.video ?? null)),
    setHostMic(mode) {
      setState("hostMic", mode);
      try {
        localStorage.setItem(HOST_MIC_KEY, mode);
      } catch {
        /* storage blocked */
      }
      const view = ctl.state.view;
      if (view) apply(view);
    },
    leave() {
      attempt++;
      stop();
      setState({ status: "off", mic: "none", camera: "none", ptt: false, selfMuted: false });
    },
  };
}
