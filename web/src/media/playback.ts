/**
 * What both media planes (the mesh, mesh.ts; the SFU, sfu.ts) play, built the same way: one
 * master gain into an analyser (`output`, for a level meter or a test's FFT) into the speakers; a
 * level meter on the local microphone; and per remote seat a muted <video>, a muted <audio> "pump"
 * (Chromium feeds a remote stream to Web Audio only while an element plays it) and a gain — the
 * floor's gate — into that seat's level meter into the master.
 */
import type { Floor, Seat } from "../../../shared/engine/types.ts";
import { playAudio } from "../../../shared/media/floor.ts";
import { SPECTATOR_PEER_BASE } from "../../../shared/media/peers.ts";

/** A spectator's peer as the public mix's listener (any spectator hears the same, shared/media/floor.ts). */
const SPECTATOR_PROBE = SPECTATOR_PEER_BASE;
import type { MeshOptions, RemoteMedia } from "./mesh.ts";
import { planMedia, type MediaPlan, type PeerPlan } from "./plan.ts";
import type { Bandwidth } from "./prefs.ts";

export interface Playback {
  readonly master: GainNode;
  readonly output: AnalyserNode;
  readonly localLevel: AnalyserNode | null;
}

export function playback(ctx: AudioContext, local: MediaStream | null): Playback {
  const master = ctx.createGain();
  const output = ctx.createAnalyser();
  output.fftSize = 2048;
  output.smoothingTimeConstant = 0;
  master.connect(output);
  output.connect(ctx.destination);
  let localLevel: AnalyserNode | null = null;
  const mic = local?.getAudioTracks()[0];
  if (mic) {
    localLevel = ctx.createAnalyser();
    localLevel.fftSize = 512;
    ctx.createMediaStreamSource(new MediaStream([mic])).connect(localLevel);
  }
  return { master, output, localLevel };
}

/** RMS (0–1) of what an analyser hears now; 0 without one. */
export function rms(a: AnalyserNode | null): number {
  if (!a) return 0;
  // One buffer per size, reused: the meter reads every peer several times a second, and a fresh array
  // each time would be garbage for a phone's collector.
  let buf = samples.get(a.fftSize);
  if (!buf) samples.set(a.fftSize, (buf = new Float32Array(a.fftSize)));
  a.getFloatTimeDomainData(buf);
  let sum = 0;
  for (let i = 0; i < buf.length; i++) sum += buf[i]! * buf[i]!;
  return Math.sqrt(sum / buf.length);
}
const samples = new Map<number, Float32Array<ArrayBuffer>>();

/** A remote peer's elements and gates (closed until the floor opens them). */
export function newRemote(ctx: AudioContext, master: GainNode, seat: Seat, publicMaster: GainNode | null, delaySeconds: number): RemoteMedia {
  const video = document.createElement("video");
  video.muted = true;
  video.playsInline = true;
  video.autoplay = true;
  video.dataset.voiceVideo = String(seat);
  const pump = new Audio();
  pump.muted = true;
  const gain = ctx.createGain();
  gain.gain.value = 0;
  const level = ctx.createAnalyser();
  level.fftSize = 512;
  gain.connect(level);
  level.connect(master);
  // A spectator at a delayed table hears each voice as late as its view shows the table, and
  // gates it after the delay with that (delayed) view's floor — never ahead of what it sees.
  let delay: DelayNode | null = null;
  if (delaySeconds > 0) {
    delay = ctx.createDelay(Math.min(179, Math.max(1, delaySeconds + 1)));
    delay.delayTime.value = Math.min(179, delaySeconds);
    delay.connect(gain);
  }
  // The recording (RULES.md §6.11/§8): a second gate per voice into the public mix — what a
  // spectator without delay would hear — never the night channel.
  let pub: GainNode | null = null;
  if (publicMaster) {
    pub = ctx.createGain();
    pub.gain.value = 0;
    pub.connect(publicMaster);
  }
  return { stream: new MediaStream(), video, pump, source: null, raw: null, gain, level, delay, pub };
}

/**
 * What the two planes (MediaPlane) share: the playback graph, the floor's plan and its switch times,
 * the levels, and the player's local narrowing — push-to-talk, the camera switch, the low-bandwidth
 * mode — which each plane applies to its own senders (`applyLocal`).
 */
export abstract class PlaneBase {
  readonly me: Seat;
  /** performance.now() of every applied plan change (floor change → media switched). */
  readonly floorSwitchedAt: number[] = [];
  /** Each applied plan change with the arrival of the view that announced it (both performance.now()). */
  readonly switches: Array<{ viewAt: number; at: number; sends?: number[] }> = [];
  /** The output of every remote voice this page plays (after the floor's gates): for a level meter or a test's FFT. */
  readonly output: AnalyserNode;
  readonly remote = new Map<Seat, RemoteMedia>();
  plan: MediaPlan = new Map();
  protected readonly ctx: AudioContext;
  protected readonly master: GainNode;
  protected readonly localLevel: AnalyserNode | null;
  protected micGate = true;
  /** A delayed spectator's page (its voices pass a delay line before the floor's gate). */
  protected get delayed(): boolean {
    return (this.o.delaySeconds ?? 0) > 0;
  }
  /** The mix of what a spectator without delay would hear (the recording), when asked for. */
  readonly publicOutput: GainNode | null;
  /** The floor the public mix was last gated with (the recording's gates follow it). */
  protected publicFloor: Floor | null | undefined = null;
  protected cameraOn = true;
  protected mode: Bandwidth;
  /** MediaPlane.spotlight: the seat every page shows large (GameView.speaker), applied with the next update. */
  spotlight: Seat | null = null;

  constructor(protected readonly o: MeshOptions) {
    this.me = o.me;
    this.mode = o.bandwidth ?? "full";
    this.ctx = o.audio;
    ({ master: this.master, output: this.output, localLevel: this.localLevel } = playback(this.ctx, o.local));
    this.publicOutput = o.publicMix ? this.ctx.createGain() : null;
    const mic = o.local?.getAudioTracks()[0];
    if (this.publicOutput && mic) {
      // This page's own microphone joins the public mix while it is heard by the table (gated below).
      this.localPublic = this.ctx.createGain();
      this.localPublic.gain.value = 0;
      this.ctx.createMediaStreamSource(new MediaStream([mic])).connect(this.localPublic);
      this.localPublic.connect(this.publicOutput);
    }
  }
  private localPublic: GainNode | null = null;

  /**
   * The public mix's gates: each remote voice as a spectator without delay would hear it
   * (shared/media/floor.ts with a spectator as the listener), and this page's microphone while a
   * spectator would hear it (and push-to-talk lets it out).
   */
  protected applyPublic(floor: Floor | null | undefined): void {
    this.publicFloor = floor;
    if (!this.publicOutput) return;
    const t = this.ctx.currentTime;
    for (const [peer, r] of this.remote) r.pub?.gain.setValueAtTime(playAudio(floor, SPECTATOR_PROBE, peer) ? 1 : 0, t);
    this.localPublic?.gain.setValueAtTime(this.micGate && playAudio(floor, SPECTATOR_PROBE, this.me) ? 1 : 0, t);
  }

  abstract update(floor: Floor | null | undefined, peers: readonly Seat[], viewAt?: number): void;

  /** The timer of a pending closeAt: the plan of the floor that holds after the deadline. */
  private closing: ReturnType<typeof setTimeout> | null = null;
  /** The audio-clock time of the gates' closes a pending closeAt scheduled (null: none). */
  private closingWhen: number | null = null;

  /**
   * Fail closed at a known deadline (MediaPlane.closeAt; RULES.md §1 Timers, §8 media): each voice this
   * page plays now and `floor` no longer lets it hear gets its gate's close scheduled on the audio clock
   * (a gain automation event, run by the audio thread: a page whose main thread is stalled across the
   * deadline still stops playing there), and so do the public mix's gates (the recording, §6.11). At the
   * same moment a timer applies the whole floor (the senders' copies, video, the UI), as a view would.
   */
  closeAt(floor: Floor, peers: readonly Seat[], at: number): void {
    this.cancelClose();
    const wait = Math.max(0, at - performance.now());
    const when = this.ctx.currentTime + wait / 1000;
    const after = planMedia(floor, this.me, peers);
    for (const [seat, r] of this.remote) {
      if (this.planFor(seat).playAudio && !after.get(seat)?.playAudio) r.gain.gain.setValueAtTime(0, when);
      if (r.pub && !playAudio(floor, SPECTATOR_PROBE, seat)) r.pub.gain.setValueAtTime(0, when);
    }
    if (this.localPublic && !playAudio(floor, SPECTATOR_PROBE, this.me)) this.localPublic.gain.setValueAtTime(0, when);
    this.closingWhen = when;
    this.closing = setTimeout(() => {
      this.closing = null;
      this.update(floor, peers, performance.now());
    }, wait);
  }

  /**
   * A new view supersedes a pending close: its timer and the closes it scheduled are dropped — only those
   * (from their own time on): a gate the view has just set at the audio clock's now, in the same render
   * quantum, stays set. The view then sets every gate itself.
   */
  protected cancelClose(): void {
    if (this.closing !== null) clearTimeout(this.closing);
    this.closing = null;
    const t = this.closingWhen;
    this.closingWhen = null;
    if (t === null) return;
    for (const r of this.remote.values()) {
      r.gain.gain.cancelScheduledValues(t);
      r.pub?.gain.cancelScheduledValues(t);
    }
    this.localPublic?.gain.cancelScheduledValues(t);
  }
  abstract setBandwidth(mode: Bandwidth): void;
  /** Apply the local narrowing to this plane's senders. */
  protected abstract applyLocal(): void;

  /** A signalling frame to the table; a socket that is down loses it (each plane recovers in its own way). */
  protected sendText(text: string): void {
    try {
      this.o.send(text);
    } catch {
      /* the socket is down */
    }
  }

  /** The playback of one remote seat, made on first use. */
  protected remoteOf(seat: Seat): RemoteMedia {
    let r = this.remote.get(seat);
    if (!r) {
      r = newRemote(this.ctx, this.master, seat, this.publicOutput, this.o.delaySeconds ?? 0);
      this.remote.set(seat, r);
    }
    return r;
  }

  /**
   * Play a received track of `seat`: it replaces the seat's track of its kind; audio goes through the
   * seat's gain (the floor's gate), video into its element. Returns the seat's playback.
   */
  protected playTrack(seat: Seat, track: MediaStreamTrack): RemoteMedia {
    const r = this.remoteOf(seat);
    for (const old of r.stream.getTracks()) if (old.kind === track.kind && old !== track) r.stream.removeTrack(old);
    if (!r.stream.getTracks().includes(track)) r.stream.addTrack(track);
    if (track.kind === "audio") {
      r.pump.srcObject = new MediaStream([track]);
      void r.pump.play().catch(() => {});
      r.source?.disconnect();
      r.source = this.ctx.createMediaStreamSource(new MediaStream([track]));
      r.source.connect(r.delay ?? r.gain);
      if (r.pub) r.source.connect(r.pub);
      if (r.pub) r.pub.gain.setValueAtTime(playAudio(this.publicFloor, SPECTATOR_PROBE, seat) ? 1 : 0, this.ctx.currentTime);
    } else {
      r.video.srcObject = new MediaStream([track]);
    }
    return r;
  }

  get hasMicrophone(): boolean {
    return !!this.o.local?.getAudioTracks().length;
  }
  get localVideo(): MediaStreamTrack | null {
    return this.o.local?.getVideoTracks()[0] ?? null;
  }
  /** Whether the microphone may go out (push-to-talk: false while this player shouts without holding). */
  get micIsOpen(): boolean {
    return this.micGate;
  }
  /** Push-to-talk: the microphone goes out only while open (the floor still decides toward whom). */
  setMicOpen(open: boolean): void {
    if (this.micGate === open) return;
    this.micGate = open;
    this.applyLocal();
    this.applyPublic(this.publicFloor);
    this.o.onChange?.();
  }
  get cameraIsOn(): boolean {
    return this.cameraOn && !!this.localVideo && this.mode !== "audio";
  }
  /** Camera off at any time: nothing of it is sent (the capture is disabled too, so its light goes out). */
  setCamera(on: boolean): void {
    this.cameraOn = on;
    const cam = this.localVideo;
    if (cam) cam.enabled = on;
    this.applyLocal();
    this.o.onChange?.();
  }
  get bandwidth(): Bandwidth {
    return this.mode;
  }

  /** What the plan says for one peer (all false when unknown). */
  planFor(seat: Seat): PeerPlan {
    return this.plan.get(seat) ?? { sendAudio: false, sendVideo: false, playAudio: false, playVideo: false };
  }
  /** The audio level (RMS, 0–1) of a seat as this page plays it (after the gate); of my own microphone for `me`. */
  levelOf(seat: Seat): number {
    return rms(seat === this.me ? this.localLevel : (this.remote.get(seat)?.level ?? null));
  }
}

