/**
 * The table's voice once this page joins it: web/src/table/voice.ts keeps the store every page renders and
 * loads this module on the first "Join voice", so a page whose voice stays off never downloads it. From
 * here on it is as voice.ts describes: the mesh (or the SFU plane) in its own lazy chunk, the microphone and
 * camera, the floor of every view frame, the other tab's "media-elsewhere", the table's refusal.
 */
import { createEffect, onCleanup } from "solid-js";
import { reconcile, type SetStoreFunction } from "solid-js/store";
import type { Seat } from "../../../shared/engine/types.ts";
import type { TableView } from "../../../shared/protocol/messages.ts";
import { mutedNow } from "../../../shared/media/floor.ts";
import { closingAt } from "../../../shared/media/deadline.ts";
import type { MediaPlane } from "../media/plane.ts";
import { micOpen, pushToTalk, type Bandwidth } from "../media/prefs.ts";
import type { TableController } from "./controller.ts";
import { floorOfView, mediaSelf, peersOf } from "./voice-peers.ts";
import { stored, type Voice, type VoiceState } from "./voice.ts";

/** Whether two sets of seats (as records of `true`) hold the same seats. */
function sameKeys(a: Record<number, boolean>, b: Record<number, boolean>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => k in b);
}

/** RMS above which a seat shows as speaking. */
const SPEAKING_LEVEL = 0.015;

declare global {
  interface Window {
    /** The page's media (the mesh, or the SFU plane), for debugging and the browser test (test/browser/voice.test.ts). */
    __mafiaMesh?: MediaPlane;
  }
}

/** What the running voice does beyond the store (voice.ts delegates to it once loaded). */
export type LiveVoice = Pick<Voice, "join" | "setCamera" | "hold" | "setSelfMuted" | "videoOf" | "leave"> & {
  setBandwidth(mode: Bandwidth): void;
  setHostMic(): void;
};

/** The voice on voice.ts's store; `audio` is the AudioContext the joining gesture created. */
export function liveVoice(ctl: TableController, state: VoiceState, setState: SetStoreFunction<VoiceState>, audio: AudioContext): LiveVoice {
  const self = () => mediaSelf(ctl.state.identity, ctl.state.view, ctl.mediaPeer);
  /** The captured microphone and camera of the running join (Mute me disables its microphone track). */
  let local: MediaStream | null = null;
  /** Whether the last join left the camera out ("Microphone only"): a re-join as a new media peer does the same. */
  let lastMicOnly = false;
  let mesh: MediaPlane | null = null;
  let preview: HTMLVideoElement | null = null;
  let meter: ReturnType<typeof setInterval> | undefined;
  let unsubscribe: (() => void) | null = null;
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
    // The AudioContext the joining gesture created (voice.ts): one made here, after a chunk's fetch, may stay silent on phones.
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
        const mine = mesh.levelOf(me);
        if (mesh.micIsOpen && [...mesh.plan.values()].some((p) => p.sendAudio) && mine > SPEAKING_LEVEL) speaking[me] = true;
        // Most ticks change nothing: the store is written (and the seats' flags woken) only when who speaks changed.
        if (!sameKeys(speaking, state.speaking)) setState("speaking", reconcile(speaking));
        // The self level meter: what my microphone captures, 0 while muted (the track is disabled).
        const level = state.selfMuted || !mesh.hasMicrophone ? 0 : Math.min(1, Math.round(mine * 400) / 100);
        if (level !== state.level) setState("level", level);
      }, 150);
    })().catch(() => setState("status", "failed"));
  };

  /** What the plane was last given by `apply` (a new join's plane starts afresh). */
  let planned: { plane: MediaPlane | null; key: string } = { plane: null, key: "" };

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
    const current = closing && now >= closing.at ? closing.floor : floor;
    const pending = closing && now < closing.at ? closing : null;
    // Every frame comes here twice (as it arrives, and after the render), and most frames leave the floor,
    // the peers, the spotlight and the deadline's close as they were: the plane's pass over every link
    // (replaceTrack, the encoders' parameters, each receiver) is then skipped: on a throttled phone that
    // pass is a tenth of a frame's time. Whatever changes between views (a link that connects, a track
    // that arrives) the plane handles on its own events.
    const key = JSON.stringify([current, peers, g?.speaker ?? null, pending]);
    if (mesh === planned.plane && key === planned.key) return;
    planned = { plane: mesh, key };
    mesh.spotlight = g?.speaker ?? null;
    mesh.update(current, peers, ctl.viewAt || undefined);
    if (pending) mesh.closeAt(pending.floor, peers, performance.now() + (pending.at - now));
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
  });

  return {
    join,
    setCamera(on) {
      if (!mesh) return;
      if (on && !mesh.localVideo) return;
      mesh.setCamera(on);
      setState("camera", on ? "on" : "off");
      refresh();
    },
    setBandwidth(mode) {
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
    setHostMic() {
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
