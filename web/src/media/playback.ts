/**
 * Issue 15: what both media planes (the mesh, mesh.ts; the SFU, sfu.ts) play, built the same way: one
 * master gain into an analyser (`output`, for a level meter or a test's FFT) into the speakers; a
 * level meter on the local microphone; and per remote seat a muted <video>, a muted <audio> "pump"
 * (Chromium feeds a remote stream to Web Audio only while an element plays it) and a gain — the
 * floor's gate — into that seat's level meter into the master.
 */
import type { Floor, Seat } from "../../../shared/engine/types.ts";
import type { MeshOptions, RemoteMedia } from "./mesh.ts";
import type { MediaPlan, PeerPlan } from "./plan.ts";
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
  const buf = new Float32Array(a.fftSize);
  a.getFloatTimeDomainData(buf);
  let sum = 0;
  for (const x of buf) sum += x * x;
  return Math.sqrt(sum / buf.length);
}

/** A remote seat's elements and gate (closed until the floor opens it). */
export function newRemote(ctx: AudioContext, master: GainNode, seat: Seat): RemoteMedia {
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
  return { stream: new MediaStream(), video, pump, source: null, raw: null, gain, level };
}

/**
 * What the two planes (MediaPlane) share: the playback graph, the floor's plan and its switch times,
 * the levels, and the player's local narrowing — push-to-talk, the camera switch, the low-bandwidth
 * mode — which each plane applies to its own senders (`applyLocal`).
 */
export abstract class PlaneBase {
  readonly me: Seat;
  /** performance.now() of every applied plan change (issue 15: floor change → media switched). */
  readonly floorSwitchedAt: number[] = [];
  /** Each applied plan change with the arrival of the view that announced it (both performance.now()). */
  readonly switches: Array<{ viewAt: number; at: number }> = [];
  /** The output of every remote voice this page plays (after the floor's gates): for a level meter or a test's FFT. */
  readonly output: AnalyserNode;
  readonly remote = new Map<Seat, RemoteMedia>();
  plan: MediaPlan = new Map();
  protected readonly ctx: AudioContext;
  protected readonly master: GainNode;
  protected readonly localLevel: AnalyserNode | null;
  protected micGate = true;
  protected cameraOn = true;
  protected mode: Bandwidth;

  constructor(protected readonly o: MeshOptions) {
    this.me = o.me;
    this.mode = o.bandwidth ?? "full";
    this.ctx = o.audio;
    ({ master: this.master, output: this.output, localLevel: this.localLevel } = playback(this.ctx, o.local));
  }

  abstract update(floor: Floor | null | undefined, peers: readonly Seat[], viewAt?: number): void;
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
      r = newRemote(this.ctx, this.master, seat);
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
      r.source.connect(r.gain);
    } else {
      r.video.srcObject = new MediaStream([track]);
    }
    return r;
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

