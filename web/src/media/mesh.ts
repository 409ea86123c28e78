/**
 * Issue 15: the table's WebRTC mesh (docs/MEDIA.md). One RTCPeerConnection per other seated person,
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
 * Joining late: a higher seat that starts its mesh sends the lower seat a "hello" (a candidates frame
 * whose only candidate is the end-of-candidates marker with sdpMid "mafia-hello"); the lower seat then
 * offers again (the same offer if it still waits for an answer, else a new connection). An offer with
 * another DTLS fingerprint than the link's is a new session from a reloaded page: the link restarts.
 */
import type { Floor, Seat } from "../../../shared/engine/types.ts";
import type { MediaPlane } from "./plane.ts";
import { planMedia, samePlan, type MediaPlan, type PeerPlan } from "./plan.ts";

type Desc = { type: "offer" | "answer"; sdp: string };
/** An incoming `signal` frame (the relay's `{type:"signal", from, description?, candidates?}`). */
export interface SignalIn {
  from: Seat;
  description?: Desc;
  candidates?: RTCIceCandidateInit[];
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
}

const HELLO_MID = "mafia-hello";
const BATCH_MS = 100;
const MAX_CANDIDATES = 32;

const fingerprintOf = (sdp: string): string | null => /^a=fingerprint:(.*)$/m.exec(sdp)?.[1]?.trim() ?? null;
const originOf = (sdp: string): string | null => /^o=(.*)$/m.exec(sdp)?.[1]?.trim() ?? null;

export class Mesh implements MediaPlane {
  readonly me: Seat;
  /** performance.now() of every applied plan change (issue 15: floor change → media switched). */
  readonly floorSwitchedAt: number[] = [];
  /** Each applied plan change with the arrival of the view that announced it (both performance.now()). */
  readonly switches: Array<{ viewAt: number; at: number }> = [];
  /** The output of every remote voice this page plays (after the floor's gates): for a level meter or a test's FFT. */
  readonly output: AnalyserNode;
  readonly remote = new Map<Seat, RemoteMedia>();
  plan: MediaPlan = new Map();
  private readonly links = new Map<Seat, Link>();
  private readonly ctx: AudioContext;
  private readonly master: GainNode;
  private readonly localLevel: AnalyserNode | null = null;
  private peers: Seat[] = [];
  private closed = false;

  constructor(private readonly o: MeshOptions) {
    this.me = o.me;
    this.ctx = o.audio;
    this.master = this.ctx.createGain();
    this.output = this.ctx.createAnalyser();
    this.output.fftSize = 2048;
    this.output.smoothingTimeConstant = 0;
    this.master.connect(this.output);
    this.output.connect(this.ctx.destination);
    const mic = o.local?.getAudioTracks()[0];
    if (mic) {
      this.localLevel = this.ctx.createAnalyser();
      this.localLevel.fftSize = 512;
      this.ctx.createMediaStreamSource(new MediaStream([mic])).connect(this.localLevel);
    }
  }

  get localAudio(): MediaStreamTrack | null {
    return this.o.local?.getAudioTracks()[0] ?? null;
  }
  get localVideo(): MediaStreamTrack | null {
    return this.o.local?.getVideoTracks()[0] ?? null;
  }

  /**
   * A new view: `peers` are the other seated people of the game (bots have no media). Opens links to
   * new peers, closes links to those gone, and applies the floor's plan to every link.
   */
  update(floor: Floor | null | undefined, peers: readonly Seat[], viewAt = performance.now()): void {
    if (this.closed) return;
    const want = peers.filter((s) => s !== this.me);
    for (const s of [...this.links.keys()]) if (!want.includes(s)) this.drop(s);
    for (const s of want) if (!this.links.has(s)) this.open(s, true);
    this.peers = want;
    const plan = planMedia(floor, this.me, want);
    const changed = !samePlan(plan, this.plan);
    this.plan = plan;
    this.apply();
    if (changed) {
      const at = performance.now();
      this.floorSwitchedAt.push(at);
      this.switches.push({ viewAt, at });
    }
    this.o.onChange?.();
  }

  /** What the plan says for one peer (all false when unknown). */
  planFor(seat: Seat): PeerPlan {
    return this.plan.get(seat) ?? { sendAudio: false, sendVideo: false, playAudio: false, playVideo: false };
  }

  /** The connection state of each link (for the UI and tests). */
  states(): Record<number, RTCPeerConnectionState> {
    const out: Record<number, RTCPeerConnectionState> = {};
    for (const [s, l] of this.links) out[s] = l.pc.connectionState;
    return out;
  }

  /** The audio level (RMS, 0–1) of a seat as this page plays it (after the gate); of my own microphone for `me`. */
  levelOf(seat: Seat): number {
    const a = seat === this.me ? this.localLevel : (this.remote.get(seat)?.level ?? null);
    if (!a) return 0;
    const buf = new Float32Array(a.fftSize);
    a.getFloatTimeDomainData(buf);
    let sum = 0;
    for (const x of buf) sum += x * x;
    return Math.sqrt(sum / buf.length);
  }

  /** An incoming `signal` frame from the table socket. */
  async handle(msg: SignalIn): Promise<void> {
    if (this.closed || !this.peers.includes(msg.from)) return;
    let link = this.links.get(msg.from) ?? this.open(msg.from, false);
    try {
      if (msg.candidates?.some((c) => c.sdpMid === HELLO_MID)) {
        // The higher seat (re)started its mesh: offer again.
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
        await pc.setRemoteDescription(d);
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
      outbox: [], flush: null, early: [], remoteFingerprint: null, lastOffer: null,
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
      this.o.onChange?.();
    };
    if (!link.polite) {
      // The lower seat owns the m-lines: two transceivers, once per link.
      link.audioTx = pc.addTransceiver("audio", { direction: "sendrecv" });
      link.videoTx = pc.addTransceiver("video", { direction: "sendrecv" });
      this.applyLink(link);
    } else if (greet) {
      this.sendText(JSON.stringify({ type: "signal", to: seat, candidates: [{ candidate: "", sdpMid: HELLO_MID }] }));
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
      link.pc.onicecandidate = link.pc.onnegotiationneeded = link.pc.ontrack = link.pc.onconnectionstatechange = null;
      link.pc.close();
      this.links.delete(seat);
    }
    if (forget) {
      const r = this.remote.get(seat);
      if (r) {
        r.source?.disconnect();
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
    for (const tx of [link.audioTx, link.videoTx]) if (tx && tx.direction !== "sendrecv") tx.direction = "sendrecv";
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

  private sendText(text: string): void {
    try {
      this.o.send(text);
    } catch {
      /* the socket is down: the link restarts when the peer greets again */
    }
  }

  private remoteOf(seat: Seat): RemoteMedia {
    let r = this.remote.get(seat);
    if (!r) {
      const stream = new MediaStream();
      const video = document.createElement("video");
      video.muted = true;
      video.playsInline = true;
      video.autoplay = true;
      video.dataset.voiceVideo = String(seat);
      const pump = new Audio();
      pump.muted = true;
      const gain = this.ctx.createGain();
      gain.gain.value = 0;
      const level = this.ctx.createAnalyser();
      level.fftSize = 512;
      gain.connect(level);
      level.connect(this.master);
      r = { stream, video, pump, source: null, gain, level };
      this.remote.set(seat, r);
    }
    return r;
  }

  private attach(seat: Seat, track: MediaStreamTrack): void {
    const r = this.remoteOf(seat);
    for (const old of r.stream.getTracks()) if (old.kind === track.kind && old !== track) r.stream.removeTrack(old);
    if (!r.stream.getTracks().includes(track)) r.stream.addTrack(track);
    if (track.kind === "audio") {
      r.pump.srcObject = new MediaStream([track]);
      void r.pump.play().catch(() => {});
      r.source?.disconnect();
      r.source = this.ctx.createMediaStreamSource(new MediaStream([track]));
      r.source.connect(r.gain);
    } else {
      r.video.srcObject = new MediaStream([track]);
    }
    this.applyReceive(seat);
    this.o.onChange?.();
  }

  private apply(): void {
    for (const link of this.links.values()) this.applyLink(link);
    for (const seat of this.remote.keys()) this.applyReceive(seat);
  }

  /** Sending side: attach or detach my tracks toward this peer. */
  private applyLink(link: Link): void {
    const p = this.planFor(link.seat);
    const put = (tx: RTCRtpTransceiver | null, track: MediaStreamTrack | null) => {
      if (!tx || tx.currentDirection === "stopped" || tx.sender.track === track) return;
      void tx.sender.replaceTrack(track).catch((e) => console.warn("mesh: replaceTrack", e));
    };
    put(link.audioTx, p.sendAudio ? this.localAudio : null);
    put(link.videoTx, p.sendVideo ? this.localVideo : null);
  }

  /** Receiving side: play a peer's audio and show its video only while the floor allows it. */
  private applyReceive(seat: Seat): void {
    const r = this.remote.get(seat);
    if (!r) return;
    const p = this.planFor(seat);
    for (const t of r.stream.getAudioTracks()) t.enabled = p.playAudio;
    for (const t of r.stream.getVideoTracks()) t.enabled = p.playVideo;
    r.gain.gain.setValueAtTime(p.playAudio ? 1 : 0, this.ctx.currentTime);
    if (p.playVideo) void r.video.play().catch(() => {});
    else r.video.pause();
  }
}

/** Asks for the microphone and, when there is one, the camera (small: the mesh sends to every peer). */
export async function getLocalMedia(processing = true): Promise<{ stream: MediaStream | null; error: string | null }> {
  const audio: MediaTrackConstraints = processing ? { echoCancellation: true, noiseSuppression: true, autoGainControl: true } : { echoCancellation: false, noiseSuppression: false, autoGainControl: false };
  const video: MediaTrackConstraints = { width: { ideal: 320 }, height: { ideal: 240 }, frameRate: { ideal: 15 } };
  try {
    return { stream: await navigator.mediaDevices.getUserMedia({ audio, video }), error: null };
  } catch {
    // No camera, or the camera refused: try the microphone alone.
    try {
      return { stream: await navigator.mediaDevices.getUserMedia({ audio }), error: null };
    } catch (e) {
      return { stream: null, error: e instanceof Error ? e.name : "error" };
    }
  }
}
