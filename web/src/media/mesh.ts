/**
 * The table's WebRTC mesh (docs/MEDIA.md). One RTCPeerConnection per other seated person,
 * perfect negotiation (MDN): the lower seat is impolite, the higher polite. The lower seat adds the two
 * transceivers (audio, video, sendrecv) once; the higher adopts them from the offer and answers
 * sendrecv, so every link has exactly two m-lines. What each link carries is the floor's (plan.ts),
 * applied on every new view on both ends:
 *   - sending: my microphone / camera is attached to a peer's sender (replaceTrack) only while the
 *     floor lets that peer hear / see me, and detached (replaceTrack(null)) otherwise;
 *   - receiving: a peer's audio plays (track enabled, its gain 1) and its video shows only while the
 *     floor lets me hear / see that peer — a modified client that keeps sending is not played.
 * Signalling goes through the table socket (`send`, frames `{"type":"signal","to",…}` — "type" first,
 * the table recognises them by that prefix) and the controller hands incoming `signal` frames to
 * `handle`. ICE candidates are batched per peer every ~100 ms.
 *
 * Joining late: a page that starts its mesh sends every peer a signal `hello` (`{type:"signal", to,
 * hello: true}`; it also makes this socket the player's media socket at the relay: "Two tabs of one
 * player"); a lower seat that gets one offers again (the same offer if it still waits for an answer,
 * else a new connection). An offer with another DTLS fingerprint than the link's is a new session from
 * a reloaded page: the link restarts.
 *
 * Local narrowing (never wider than the floor): push-to-talk during this player's shout (`setMicOpen`),
 * the camera switched off (`setCamera`), and the low-bandwidth mode (`setBandwidth`: small video by
 * sender parameters, or audio only by the video transceivers' direction "inactive").
 */
import type { Floor, Seat } from "../../../shared/engine/types.ts";
import type { MediaPlane } from "./plane.ts";
import { PlaneBase } from "./playback.ts";
import { planMedia, samePlan } from "./plan.ts";
import { videoLayer } from "../../../shared/media/floor.ts";
import { isSpectatorPeer, mayLink } from "../../../shared/media/peers.ts";
import { tunedDescription } from "./opus.ts";
import { cameraSize, videoDirection, videoEncoding, type Bandwidth } from "./prefs.ts";

type Desc = { type: "offer" | "answer"; sdp: string };
/** An incoming `signal` frame (the relay's `{type:"signal", from, description?, candidates?}`). */
export interface SignalIn {
  from: Seat;
  description?: Desc;
  candidates?: RTCIceCandidateInit[];
  /** The peer (re)started its media: a lower seat offers again. */
  hello?: true;
}

export interface MeshOptions {
  me: Seat;
  /** The local microphone (and camera, when there is one); null plays without sending. */
  local: MediaStream | null;
  /** Sends one text frame on the table socket. */
  send: (text: string) => void;
  /** STUN/TURN servers; an empty list works on one machine or a LAN (host candidates). */
  iceServers?: RTCIceServer[];
  /** The page's AudioContext (created in the user's gesture, so it may play). */
  audio: AudioContext;
  /** Called after every change the UI may show (links, plan, levels). */
  onChange?: () => void;
  /** Low-bandwidth mode at the start (default full). */
  bandwidth?: Bandwidth;
  /** Keep the mix of what a spectator without delay hears (publicOutput), for the recording. */
  publicMix?: boolean;
  /** A delayed spectator's delay (s): every voice plays this late, gated by the delayed view. */
  delaySeconds?: number;
  /**
   * The cold media path, for the floor-change benchmark's baseline (bench/media-floor.ts;
   * `localStorage["mafia.voice.cold"] = "1"`): each floor change attaches or detaches the tracks
   * (replaceTrack), so the stream restarts and the peer's jitter buffer refills. Never the default.
   */
  cold?: boolean;
}

/** Per remote seat: what the page shows and plays. */
export interface RemoteMedia {
  stream: MediaStream;
  /** The <video> of this seat (shown in its tile while the plan allows). */
  video: HTMLVideoElement;
  /** Plays the stream muted: Chrome feeds a remote stream to Web Audio only while an element plays it. */
  pump: HTMLAudioElement;
  source: MediaStreamAudioSourceNode | null;
  gain: GainNode;
  level: AnalyserNode;
  /** The raw tap (enableRawTap): a clone of the received audio track, before the floor's gate. */
  raw: MediaStreamAudioSourceNode | null;
  /** A delayed spectator's delay line before the gate. */
  delay: DelayNode | null;
  /** This voice's gate into the public mix (the recording), when the plane keeps one. */
  pub: GainNode | null;
}

interface Link {
  seat: Seat;
  pc: RTCPeerConnection;
  polite: boolean;
  makingOffer: boolean;
  ignoreOffer: boolean;
  audioTx: RTCRtpTransceiver | null;
  videoTx: RTCRtpTransceiver | null;
  outbox: RTCIceCandidateInit[];
  flush: ReturnType<typeof setTimeout> | null;
  /** Candidates that came before the remote description. */
  early: RTCIceCandidateInit[];
  remoteFingerprint: string | null;
  /** The `o=` line of the last offer applied (a repeated offer is ignored). */
  lastOffer: string | null;
  /** The camera encoding last set on this link's video sender (JSON), to set it only on a change. */
  encoding: string | null;
  /**
   * Speeches heard from the first word: this link's own copy of my microphone, attached once
   * and kept attached; the floor enables or disables it (a disabled track sends silence, never content),
   * so a floor change never restarts the audio path.
   */
  micOut: MediaStreamTrack | null;
}
const BATCH_MS = 100;
const MAX_CANDIDATES = 32;

const fingerprintOf = (sdp: string): string | null => /^a=fingerprint:(.*)$/m.exec(sdp)?.[1]?.trim() ?? null;
const originOf = (sdp: string): string | null => /^o=(.*)$/m.exec(sdp)?.[1]?.trim() ?? null;

/** How often audio-only mode re-checks that every link's video is off (watchVideoOff). */
const SETTLE_MS = 2_000;

export class Mesh extends PlaneBase implements MediaPlane {
  private readonly links = new Map<Seat, Link>();
  private peers: Seat[] = [];
  private closed = false;
  private hostileOn = false;
  /** Audio-only mode's watchdog (settleVideoOff): until every link's video is negotiated "inactive". */
  private settling: ReturnType<typeof setInterval> | null = null;
  /** The last view's floor (the camera's size follows who holds it). */
  private floor: Floor | null | undefined = null;
  private rawMaster: GainNode | null = null;
  /** Every remote voice before the floor's gate (enableRawTap), for a test's FFT: what arrives, played or not. */
  rawOutput: AnalyserNode | null = null;

  get localAudio(): MediaStreamTrack | null {
    return this.o.local?.getAudioTracks()[0] ?? null;
  }
  /**
   * Low-bandwidth mode (docs/MEDIA.md section 2): "audio" sets every link's video transceiver to
   * "inactive" (no video sent or received; one renegotiation per switch, no new protocol); "small"
   * halves the camera's size and caps its bitrate with the sender's parameters.
   */
  setBandwidth(mode: Bandwidth): void {
    if (this.mode === mode) return;
    this.mode = mode;
    for (const link of this.links.values()) {
      const tx = link.videoTx;
      if (tx && tx.currentDirection !== "stopped" && tx.direction !== videoDirection(mode)) tx.direction = videoDirection(mode);
    }
    this.apply();
    this.watchVideoOff();
    this.o.onChange?.();
  }

  /**
   * Audio-only mode promises no video on any link. A negotiation can be lost in a collision with no later
   * event to retry it (after a game's end no view comes): every SETTLE_MS, until all links are "inactive",
   * a stable link offers again and an offer left unanswered is sent again. It stops by itself.
   */
  private watchVideoOff(): void {
    if (this.settling !== null || this.mode !== "audio") return;
    this.settling = setInterval(() => {
      const open = [...this.links.values()].filter((l) => l.videoTx?.currentDirection && l.videoTx.currentDirection !== "stopped" && l.videoTx.currentDirection !== "inactive");
      if (this.closed || this.mode !== "audio" || open.length === 0) {
        clearInterval(this.settling!);
        this.settling = null;
        return;
      }
      for (const link of open) {
        if (link.pc.signalingState === "have-local-offer" && link.pc.localDescription && !link.makingOffer) this.sendDescription(link, link.pc.localDescription);
        else this.settleVideoOff(link);
      }
    }, SETTLE_MS);
  }

  /**
   * Test hook (test/browser/voice.test.ts, "hostile sender"): a modified client that sends its microphone
   * and camera to every peer whatever the floor says. Honest receivers must still not play it.
   */
  get hostile(): boolean {
    return this.hostileOn;
  }
  set hostile(on: boolean) {
    this.hostileOn = on;
    this.apply();
  }

  /**
   * A second tap on every remote voice, before the floor's gate (a clone of the received track), summed
   * in `rawOutput`: tells "nothing arrives" (sender-side gating) from "arrives, not played" (receiver).
   */
  enableRawTap(): AnalyserNode {
    if (!this.rawOutput) {
      this.rawMaster = this.ctx.createGain();
      this.rawOutput = this.ctx.createAnalyser();
      this.rawOutput.fftSize = 2048;
      this.rawOutput.smoothingTimeConstant = 0;
      const sink = this.ctx.createGain();
      sink.gain.value = 0;
      this.rawMaster.connect(this.rawOutput);
      this.rawOutput.connect(sink);
      sink.connect(this.ctx.destination);
      for (const [seat, r] of this.remote) {
        const t = r.stream.getAudioTracks()[0];
        if (t) this.tapRaw(seat, t);
      }
    }
    return this.rawOutput;
  }

  /** Received video frames decoded per peer (getStats inbound-rtp framesDecoded), for the UI and tests. */
  async framesDecoded(): Promise<Record<number, number>> {
    const out: Record<number, number> = {};
    await Promise.all(
      [...this.links].map(async ([seat, l]) => {
        let n = 0;
        (await l.pc.getStats()).forEach((r: { type: string; kind?: string; framesDecoded?: number }) => {
          if (r.type === "inbound-rtp" && r.kind === "video") n += r.framesDecoded ?? 0;
        });
        out[seat] = n;
      }),
    );
    return out;
  }

  /**
   * For the voice test's split of a first word's delay: per peer, the received audio's mean
   * jitter-buffer delay so far (getStats inbound-rtp jitterBufferDelay / jitterBufferEmittedCount, ms) —
   * the standing latency every word of that link pays, a first word included.
   */
  async audioBufferMs(): Promise<Record<number, number>> {
    const out: Record<number, number> = {};
    await Promise.all(
      [...this.links].map(async ([seat, l]) => {
        (await l.pc.getStats()).forEach((r: { type: string; kind?: string; jitterBufferDelay?: number; jitterBufferEmittedCount?: number }) => {
          if (r.type === "inbound-rtp" && r.kind === "audio" && r.jitterBufferEmittedCount) out[seat] = (1000 * (r.jitterBufferDelay ?? 0)) / r.jitterBufferEmittedCount;
        });
      }),
    );
    return out;
  }

  /**
   * A new view: `peers` are the other seated people of the game (bots have no media). Opens links to
   * new peers, closes links to those gone, and applies the floor's plan to every link.
   */
  update(floor: Floor | null | undefined, peers: readonly Seat[], viewAt = performance.now()): void {
    if (this.closed) return;
    this.cancelClose();
    const want = peers.filter((s) => mayLink(this.me, s));
    for (const s of [...this.links.keys()]) if (!want.includes(s)) this.drop(s);
    for (const s of want) if (!this.links.has(s)) this.open(s, true);
    this.peers = want;
    const plan = planMedia(floor, this.me, want);
    const changed = !samePlan(plan, this.plan);
    this.plan = plan;
    this.floor = floor;
    this.apply();
    this.applyPublic(floor);
    if (changed) {
      const at = performance.now();
      this.floorSwitchedAt.push(at);
      // The peers this page's voice now goes to: the voice test splits a first word's delay by page with it.
      this.switches.push({ viewAt, at, sends: [...plan].filter(([, x]) => x.sendAudio).map(([seat]) => seat) });
    }
    this.o.onChange?.();
  }

  /** The connection state of each link (for the UI and tests). */
  states(): Record<number, RTCPeerConnectionState> {
    const out: Record<number, RTCPeerConnectionState> = {};
    for (const [s, l] of this.links) out[s] = l.pc.connectionState;
    return out;
  }

  /** Each link's negotiated video direction (low-bandwidth mode "audio": "inactive"), for tests and debugging. */
  videoDirections(): Record<number, RTCRtpTransceiverDirection | null> {
    const out: Record<number, RTCRtpTransceiverDirection | null> = {};
    for (const [s, l] of this.links) out[s] = l.videoTx?.currentDirection ?? null;
    return out;
  }

  /** Each link's camera scale as sent (sender parameters' scaleResolutionDownBy: 1 large, 2 small), for tests and debugging. */
  videoScales(): Record<number, number | null> {
    const out: Record<number, number | null> = {};
    for (const [s, l] of this.links) out[s] = l.videoTx?.sender.getParameters().encodings?.[0]?.scaleResolutionDownBy ?? null;
    return out;
  }

  /** An incoming `signal` frame from the table socket. */
  async handle(msg: SignalIn): Promise<void> {
    if (this.closed || !this.peers.includes(msg.from)) return;
    let link = this.links.get(msg.from) ?? this.open(msg.from, false);
    try {
      if (msg.hello) {
        // The peer (re)started its mesh: the lower seat offers again (a higher seat waits for the lower's offer).
        if (!link.polite) {
          if (link.pc.signalingState === "have-local-offer" && link.pc.localDescription) this.sendDescription(link, link.pc.localDescription);
          else if (link.pc.signalingState === "stable" && link.remoteFingerprint !== null) this.restart(link.seat);
          else if (link.pc.signalingState === "stable" && !link.makingOffer) void this.offer(link);
        }
        return;
      }
      const d = msg.description;
      if (d) {
        if (d.type === "offer") {
          const fp = fingerprintOf(d.sdp);
          if (link.remoteFingerprint !== null && fp !== link.remoteFingerprint) link = this.restart(link.seat, false);
          if (link.pc.signalingState === "stable" && originOf(d.sdp) === link.lastOffer) return;
        }
        const pc = link.pc;
        const collision = d.type === "offer" && (link.makingOffer || pc.signalingState !== "stable");
        link.ignoreOffer = !link.polite && collision;
        if (link.ignoreOffer) return;
        if (d.type === "answer" && pc.signalingState !== "have-local-offer") return;
        // The peer's description asks this page's encoder for the voice's Opus settings (opus.ts: DTX,
        // mono, FEC, the speech bitrate): a link the floor keeps silent then sends almost nothing.
        await pc.setRemoteDescription(tunedDescription(d));
        link.remoteFingerprint = fingerprintOf(d.sdp);
        if (d.type === "offer") {
          link.lastOffer = originOf(d.sdp);
          this.adopt(link);
          await pc.setLocalDescription();
          if (pc.localDescription) this.sendDescription(link, pc.localDescription);
        }
        for (const c of link.early.splice(0)) await pc.addIceCandidate(c).catch(() => {});
      }
      for (const c of msg.candidates ?? []) {
        if (!link.pc.remoteDescription) link.early.push(c);
        else await link.pc.addIceCandidate(c).catch(() => {});
      }
    } catch (e) {
      if (!link.ignoreOffer) console.warn("mesh: signal from seat", msg.from, e);
    }
  }

  close(): void {
    this.closed = true;
    this.cancelClose();
    if (this.settling !== null) clearInterval(this.settling);
    for (const s of [...this.links.keys()]) this.drop(s);
    this.master.disconnect();
    this.output.disconnect();
    this.o.local?.getTracks().forEach((t) => t.stop());
  }

  /* ------------------------------------------------------------------------------------------ */

  private open(seat: Seat, greet: boolean): Link {
    const pc = new RTCPeerConnection({ iceServers: this.o.iceServers ?? [] });
    const link: Link = {
      seat, pc, polite: this.me > seat, makingOffer: false, ignoreOffer: false, audioTx: null, videoTx: null,
      outbox: [], flush: null, early: [], remoteFingerprint: null, lastOffer: null, encoding: null, micOut: null,
    };
    this.links.set(seat, link);
    pc.onicecandidate = (e) => {
      if (!e.candidate || this.links.get(seat) !== link) return;
      link.outbox.push(e.candidate.toJSON());
      link.flush ??= setTimeout(() => this.flushCandidates(link), BATCH_MS);
    };
    pc.onnegotiationneeded = () => void this.offer(link);
    pc.ontrack = (e) => this.attach(seat, e.track);
    pc.onconnectionstatechange = () => {
      if (this.links.get(seat) === link && pc.connectionState === "failed" && !link.polite) this.restart(seat);
      if (this.links.get(seat) === link && pc.connectionState === "connected") this.applyLink(link);
      this.o.onChange?.();
    };
    // Each negotiation's end: audio-only mode's "inactive" video that a colliding exchange swallowed is
    // offered again now, not only on the next view (after a game's end there may be none).
    pc.onsignalingstatechange = () => {
      if (this.links.get(seat) === link && pc.signalingState === "stable") this.settleVideoOff(link);
    };
    if (!link.polite) {
      // The lower seat owns the m-lines: two transceivers, once per link.
      if (greet) this.sendText(JSON.stringify({ type: "signal", to: seat, hello: true }));
      link.audioTx = pc.addTransceiver("audio", { direction: this.receiveOnly ? "recvonly" : "sendrecv" });
      link.videoTx = pc.addTransceiver("video", { direction: this.receiveOnly && this.mode !== "audio" ? "recvonly" : videoDirection(this.mode) });
      this.applyLink(link);
    } else if (greet) {
      this.sendText(JSON.stringify({ type: "signal", to: seat, hello: true }));
    }
    return link;
  }

  private restart(seat: Seat, greet = true): Link {
    this.drop(seat, false);
    return this.open(seat, greet);
  }

  private drop(seat: Seat, forget = true): void {
    const link = this.links.get(seat);
    if (link) {
      if (link.flush) clearTimeout(link.flush);
      link.pc.onicecandidate = link.pc.onnegotiationneeded = link.pc.ontrack = link.pc.onconnectionstatechange = link.pc.onsignalingstatechange = null;
      link.pc.close();
      link.micOut?.stop();
      this.links.delete(seat);
    }
    if (forget) {
      const r = this.remote.get(seat);
      if (r) {
        r.source?.disconnect();
        r.raw?.disconnect();
        r.gain.disconnect();
        r.pump.srcObject = null;
        r.video.srcObject = null;
        this.remote.delete(seat);
      }
    }
  }

  private async offer(link: Link): Promise<void> {
    const pc = link.pc;
    if (this.links.get(link.seat) !== link || pc.signalingState !== "stable") return;
    try {
      link.makingOffer = true;
      await pc.setLocalDescription();
      if (pc.localDescription) this.sendDescription(link, pc.localDescription);
    } catch (e) {
      console.warn("mesh: offer to seat", link.seat, e);
    } finally {
      link.makingOffer = false;
    }
  }

  /** The polite side takes the offer's transceivers as its own and answers sendrecv. */
  private adopt(link: Link): void {
    for (const tx of link.pc.getTransceivers()) {
      const kind = tx.receiver.track.kind;
      if (kind === "audio" && (!link.audioTx || link.audioTx.currentDirection === "stopped")) link.audioTx = tx;
      if (kind === "video" && (!link.videoTx || link.videoTx.currentDirection === "stopped")) link.videoTx = tx;
    }
    // A spectator is never heard or seen — it only receives.
    const audio: RTCRtpTransceiverDirection = this.receiveOnly ? "recvonly" : "sendrecv";
    if (link.audioTx && link.audioTx.direction !== audio) link.audioTx.direction = audio;
    const video = this.receiveOnly && videoDirection(this.mode) === "sendrecv" ? "recvonly" : videoDirection(this.mode);
    if (link.videoTx && link.videoTx.direction !== video) link.videoTx.direction = video;
    this.applyLink(link);
  }

  private sendDescription(link: Link, d: RTCSessionDescription): void {
    this.sendText(JSON.stringify({ type: "signal", to: link.seat, description: { type: d.type, sdp: d.sdp } }));
  }

  private flushCandidates(link: Link): void {
    link.flush = null;
    while (link.outbox.length) {
      const batch = link.outbox.splice(0, MAX_CANDIDATES);
      this.sendText(JSON.stringify({ type: "signal", to: link.seat, candidates: batch }));
    }
  }

  private attach(seat: Seat, track: MediaStreamTrack): void {
    // A received track is muted until its packets flow (and while a peer sends nothing on it): the UI
    // shows a video only while it is unmuted.
    track.onmute = track.onunmute = () => this.o.onChange?.();
    this.playTrack(seat, track);
    if (track.kind === "audio" && this.rawMaster) this.tapRaw(seat, track);
    this.applyReceive(seat, true);
    this.o.onChange?.();
  }

  /** The raw tap of one seat: a clone keeps its own `enabled`, so the floor's gate does not silence it. */
  private tapRaw(seat: Seat, track: MediaStreamTrack): void {
    const r = this.remote.get(seat);
    if (!r || !this.rawMaster) return;
    r.raw?.disconnect();
    const clone = track.clone();
    clone.enabled = true;
    // Chromium feeds a remote track to Web Audio only while a media element plays it (the pump, muted).
    r.pump.srcObject = new MediaStream([track, clone]);
    void r.pump.play().catch(() => {});
    r.raw = this.ctx.createMediaStreamSource(new MediaStream([clone]));
    r.raw.connect(this.rawMaster);
  }

  protected applyLocal(): void {
    this.apply();
  }

  private apply(): void {
    for (const link of this.links.values()) this.applyLink(link);
    for (const seat of this.remote.keys()) this.applyReceive(seat);
  }

  /**
   * Sending side (warm links): this link's copy of my microphone stays attached to its sender,
   * and the floor switches it on and off with `enabled` — a disabled copy sends silence (with DTX, opus.ts:
   * a comfort-noise packet every 400 ms), so nothing of
   * what this page captures reaches a peer off its floor, and the audio path (encoder, RTP stream, the
   * peer's jitter buffer) is already running when the floor opens: the first word is heard. The camera
   * is attached (replaceTrack) only while the floor lets the peer see it.
   */
  private applyLink(link: Link): void {
    const p = this.planFor(link.seat);
    // The floor (or the hostile test hook) first; push-to-talk, the camera switch and the mode only narrow it.
    const audio = this.hostileOn || (p.sendAudio && this.micGate);
    const video = (this.hostileOn || p.sendVideo) && this.cameraOn && this.mode !== "audio";
    if (this.o.cold) {
      const put = (tx: RTCRtpTransceiver | null, track: MediaStreamTrack | null) => {
        if (!tx || tx.currentDirection === "stopped" || tx.sender.track === track) return;
        void tx.sender.replaceTrack(track).catch((e) => console.warn("mesh: replaceTrack", e));
      };
      put(link.audioTx, audio ? this.localAudio : null);
      put(link.videoTx, video ? this.localVideo : null);
    } else {
      link.micOut = this.feed(link.audioTx, link.micOut, this.localAudio, audio);
      // Video is attached only while it may be seen: a disabled video track would still send black
      // frames to every peer off the floor (bandwidth on each link, and a stream a modified page could
      // count). A camera shown a moment late clips nothing; a first word would be.
      const tx = link.videoTx;
      const cam = video ? this.localVideo : null;
      if (tx && tx.currentDirection !== "stopped" && tx.sender.track !== cam) void tx.sender.replaceTrack(cam).catch((e) => console.warn("mesh: replaceTrack", e));
    }
    this.encode(link);
    this.settleVideoOff(link);
  }

  /** One sender's copy of a local track: made once (again if the source changed), attached, switched by `on`. */
  private feed(tx: RTCRtpTransceiver | null, out: MediaStreamTrack | null, source: MediaStreamTrack | null, on: boolean): MediaStreamTrack | null {
    if (!tx || tx.currentDirection === "stopped" || this.receiveOnly) return out;
    if (out && (!source || out.readyState === "ended" || this.sourceOf.get(out) !== source)) {
      out.stop();
      out = null;
    }
    if (!out && source && source.readyState === "live") {
      out = source.clone();
      this.sourceOf.set(out, source);
    }
    if (out && out.enabled !== on) out.enabled = on;
    if (tx.sender.track !== out) void tx.sender.replaceTrack(out).catch((e) => console.warn("mesh: replaceTrack", e));
    return out;
  }
  private readonly sourceOf = new WeakMap<MediaStreamTrack, MediaStreamTrack>();

  /** A spectator's page sends nothing on any link (its transceivers receive only). */
  private get receiveOnly(): boolean {
    return isSpectatorPeer(this.me);
  }

  /**
   * Audio-only mode: the link's video must end up negotiated "inactive". A direction change that a
   * colliding negotiation swallowed (seen once in ten browser runs: one link stayed "sendrecv") is
   * offered again on the next view and at the end of every negotiation, once the link is stable. Only toward "inactive": that is where
   * both ends must agree, so it settles after one exchange and never repeats.
   */
  private settleVideoOff(link: Link): void {
    const tx = link.videoTx;
    if (this.mode !== "audio" || !tx || !tx.currentDirection || tx.currentDirection === "stopped" || tx.currentDirection === "inactive") return;
    if (tx.direction !== "inactive") tx.direction = "inactive";
    if (link.pc.signalingState === "stable" && !link.makingOffer) void this.offer(link);
  }

  /**
   * The camera's size and bitrate toward this peer, once the sender is negotiated: the mode's, and in the
   * full mode large only while this peer shows it large (cameraSize, videoLayer: the spotlight).
   */
  private encode(link: Link): void {
    const sender = link.videoTx?.sender;
    if (!sender || link.videoTx?.currentDirection === "stopped") return;
    const want = videoEncoding(cameraSize(this.mode, videoLayer(this.floor, link.seat, this.me, this.spotlight)));
    const key = JSON.stringify(want);
    if (link.encoding === key) return;
    const params = sender.getParameters();
    if (!params.encodings?.length) return; // not negotiated yet: set when the link connects
    link.encoding = key;
    for (const e of params.encodings) Object.assign(e, want);
    void sender.setParameters(params).catch((e) => {
      link.encoding = null;
      console.warn("mesh: setParameters", e);
    });
  }

  /** Receiving side: play a peer's audio and show its video only while the floor allows it. */
  private applyReceive(seat: Seat, force = false): void {
    const r = this.remote.get(seat);
    if (!r) return;
    const p = this.planFor(seat);
    const video = p.playVideo && this.mode !== "audio";
    // Most passes leave a peer as it was (another seat's floor changed): nothing is touched then. Touching
    // every peer on every pass would add an event to each gate's automation timeline and call play() on
    // every tile, on a phone a large part of a view frame. A new track (attach) is always set up.
    const key = `${p.playAudio}|${video}|${this.delayed}`;
    if (!force && this.received.get(r) === key && (!video || !r.video.paused)) return;
    this.received.set(r, key);
    // A delayed spectator gates after the delay line (the gain below), not at the track: the track
    // carries what is heard later.
    for (const t of r.stream.getAudioTracks()) t.enabled = p.playAudio || this.delayed;
    for (const t of r.stream.getVideoTracks()) t.enabled = video;
    r.gain.gain.setValueAtTime(p.playAudio ? 1 : 0, this.ctx.currentTime);
    if (video) void r.video.play().catch(() => {});
    else r.video.pause();
  }
  /** What applyReceive last set for a peer's media (their floor, the mode, the delay). */
  private readonly received = new WeakMap<object, string>();
}

/** What getLocalMedia obtained: the stream (null when the microphone is refused) and why a part is missing. */
export interface LocalMedia {
  stream: MediaStream | null;
  /** The microphone's refusal (a DOMException name, e.g. "NotAllowedError"), or null when it is on. */
  micError: string | null;
  /** The camera's refusal or absence, or null when it is on or was not asked for. */
  cameraError: string | null;
}

/**
 * Asks for the microphone and, unless `video` is false (microphone only, or audio-only mode), the camera
 * (small: the mesh sends to every peer). Camera refused or missing → the microphone alone (audio only).
 * Microphone refused → no stream: the page sends nothing and may still listen.
 */
export async function getLocalMedia(processing = true, video = true): Promise<LocalMedia> {
  const audio: MediaTrackConstraints = processing ? { echoCancellation: true, noiseSuppression: true, autoGainControl: true } : { echoCancellation: false, noiseSuppression: false, autoGainControl: false };
  const camera: MediaTrackConstraints = { width: { ideal: 320 }, height: { ideal: 240 }, frameRate: { ideal: 15 } };
  const name = (e: unknown) => (e instanceof Error ? e.name : "Error");
  let cameraError: string | null = null;
  if (video) {
    try {
      return { stream: await navigator.mediaDevices.getUserMedia({ audio, video: camera }), micError: null, cameraError: null };
    } catch (e) {
      cameraError = name(e);
    }
  }
  try {
    return { stream: await navigator.mediaDevices.getUserMedia({ audio }), micError: null, cameraError };
  } catch (e) {
    return { stream: null, micError: name(e), cameraError };
  }
}
