/**
 * Issue 15: what both media planes (the mesh, mesh.ts; the SFU, sfu.ts) play, built the same way: one
 * master gain into an analyser (`output`, for a level meter or a test's FFT) into the speakers; a
 * level meter on the local microphone; and per remote seat a muted <video>, a muted <audio> "pump"
 * (Chromium feeds a remote stream to Web Audio only while an element plays it) and a gain — the
 * floor's gate — into that seat's level meter into the master.
 */
import type { Seat } from "../../../shared/engine/types.ts";
import type { RemoteMedia } from "./mesh.ts";

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
