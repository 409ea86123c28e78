/**
 * The voice's Opus settings on one link, alone (web/src/media/opus.ts; docs/PERFORMANCE.md "Silent links
 * send (almost) nothing"): one headless Chromium page, two linked RTCPeerConnections (a sender holding a
 * warm copy of the fake microphone, a receiver playing it into an FFT), no server. For the browser's own
 * Opus (no fmtp changes) and the voice's settings (DTX, mono, FEC, the speech bitrate; a lower bitrate too):
 *   - a talking link and a silent one (the copy disabled, as the floor keeps a warm link): audio kbit/s
 *     (RTP payload + headers, outbound-rtp) and packets a second over a window;
 *   - the tone's SNR at the receiver (a sine; the FFT's power within ±2 bins of the tone against the rest
 *     of 50 Hz–20 kHz), mean over the talking window;
 *   - becoming audible and silencing: the copy switched on / off, to the receiver's FFT (2048 points, as
 *     the voice test's probe) hearing the change (the tone's bin over −55 dB, sampled every 5 ms), repeated.
 *
 *   node --experimental-strip-types bench/media-opus.ts [--window 6] [--switches 8] [--hz 1000]
 *
 * Numbers only, never assertions.
 */
import { createServer } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { launchChromium, writeWav } from "../test/browser/harness.ts";
import { tuneOpus, VOICE_BITRATE } from "../web/src/media/opus.ts";

const argv = process.argv.slice(2);
const arg = (name: string, d: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : d;
};
const WINDOW_S = arg("window", 6);
const SWITCHES = arg("switches", 8);
const HZ = arg("hz", 1000);

const voice = (bitrate: number) => ({ stereo: "0", "sprop-stereo": "0", useinbandfec: "1", usedtx: "1", maxaveragebitrate: String(bitrate) });
const CONFIGS: Array<{ name: string; tune: ((sdp: string) => string) | null }> = [
  { name: "browser default", tune: null },
  { name: `voice (shipped: DTX, mono, FEC, ${VOICE_BITRATE / 1000} kbit/s)`, tune: (sdp) => tuneOpus(sdp) },
  { name: "voice at 24 kbit/s", tune: (sdp) => tuneOpus(sdp, voice(24_000)) },
];

interface Result {
  talkKbps: number;
  talkPps: number;
  silentKbps: number;
  silentPps: number;
  snrDb: number;
  on: number[];
  off: number[];
  fmtp: string;
}

const dir = mkdtempSync(join(os.tmpdir(), "mafia-opus-"));
const wav = join(dir, "tone.wav");
writeWav(wav, 2, (t) => 0.3 * Math.sin(2 * Math.PI * HZ * t));
const http = createServer((_, res) => res.end("<!doctype html><title>opus</title>"));
await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}/`;
const chrome = await launchChromium(["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-audio-capture=${wav}`, "--autoplay-policy=no-user-gesture-required", "--disable-features=WebRtcHideLocalIpsWithMdns"]);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
};

try {
  console.log(`machine: ${os.cpus()[0]?.model} × ${os.cpus().length}, load average ${os.loadavg().map((x) => x.toFixed(1)).join(" ")}; tone ${HZ} Hz; window ${WINDOW_S} s; ${SWITCHES} switches each way`);
  console.log("| Opus | talking kbit/s (packets/s) | silent kbit/s (packets/s) | tone SNR dB | becoming audible p50 / max ms | silencing p50 / max ms |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
  for (const c of CONFIGS) {
    const ctx = await chrome.browser.newContext();
    const page = await ctx.newPage();
    await page.exposeFunction("tune", (sdp: string) => (c.tune ? c.tune(sdp) : sdp));
    await page.goto(base);
    const r: Result = await page.evaluate(
      async ([windowS, switches, hz]) => {
        const w = window as unknown as { tune(sdp: string): Promise<string> };
        const sleep = (ms: number) => new Promise((res) => setTimeout(res, ms));
        const mic = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false } });
        const copy = mic.getAudioTracks()[0]!.clone();
        const a = new RTCPeerConnection();
        const b = new RTCPeerConnection();
        // No trickle: each description goes over once its candidates are gathered (host candidates, one page).
        const gathered = (pc: RTCPeerConnection) =>
          new Promise<void>((res) => {
            if (pc.iceGatheringState === "complete") return res();
            pc.addEventListener("icegatheringstatechange", () => pc.iceGatheringState === "complete" && res());
          });
        const tx = a.addTransceiver(copy, { direction: "sendonly" });
        const track = new Promise<MediaStreamTrack>((res) => (b.ontrack = (e) => res(e.track)));
        await a.setLocalDescription();
        await gathered(a);
        await b.setRemoteDescription({ type: "offer", sdp: await w.tune(a.localDescription!.sdp) });
        await b.setLocalDescription();
        await gathered(b);
        // The receiver's description sets the sender's encoder (as on the mesh: each page tunes what it is handed).
        const answer = await w.tune(b.localDescription!.sdp);
        await a.setRemoteDescription({ type: "answer", sdp: answer });
        const fmtp = /a=fmtp:\d+ (.*usedtx.*|minptime.*)/.exec(answer)?.[1] ?? "";
        const t = await track;
        const ac = new AudioContext();
        await ac.resume();
        const pump = new Audio();
        pump.muted = true;
        pump.srcObject = new MediaStream([t]);
        void pump.play();
        const an = ac.createAnalyser();
        an.fftSize = 8192;
        an.smoothingTimeConstant = 0;
        // A short window for the switches (2048 points, 43 ms, as the voice test's probe), the long one for the SNR.
        const sw = ac.createAnalyser();
        sw.fftSize = 2048;
        sw.smoothingTimeConstant = 0;
        const src = ac.createMediaStreamSource(new MediaStream([t]));
        src.connect(an);
        src.connect(sw);
        const swBuf = new Float32Array(sw.frequencyBinCount);
        const swK = Math.round(hz / (ac.sampleRate / sw.fftSize));
        const heard = () => {
          sw.getFloatFrequencyData(swBuf);
          return Math.max(swBuf[swK - 1]!, swBuf[swK]!, swBuf[swK + 1]!) > -55;
        };
        const buf = new Float32Array(an.frequencyBinCount);
        const binHz = ac.sampleRate / an.fftSize;
        const k = Math.round(hz / binHz);
        const tone = () => {
          an.getFloatFrequencyData(buf);
          let sig = 0;
          let noise = 0;
          for (let i = Math.round(50 / binHz); i < Math.round(20_000 / binHz); i++) {
            const p = 10 ** (buf[i]! / 10);
            if (Math.abs(i - k) <= 2) sig += p;
            else noise += p;
          }
          return { snr: 10 * Math.log10(sig / Math.max(noise, 1e-20)) };
        };
        const out = async () => {
          let bytes = 0;
          let packets = 0;
          (await a.getStats()).forEach((s: { type: string; kind?: string; bytesSent?: number; headerBytesSent?: number; packetsSent?: number }) => {
            if (s.type === "outbound-rtp" && s.kind === "audio") {
              bytes += (s.bytesSent ?? 0) + (s.headerBytesSent ?? 0);
              packets += s.packetsSent ?? 0;
            }
          });
          return { bytes, packets };
        };
        const rate = async (on: boolean) => {
          copy.enabled = on;
          await sleep(1500);
          const x = await out();
          const t0 = performance.now();
          const snrs: number[] = [];
          while (performance.now() - t0 < windowS * 1000) {
            await sleep(100);
            if (on) snrs.push(tone().snr);
          }
          const y = await out();
          const s = (performance.now() - t0) / 1000;
          return { kbps: ((y.bytes - x.bytes) * 8) / s / 1000, pps: (y.packets - x.packets) / s, snr: snrs.length ? snrs.reduce((p, q) => p + q, 0) / snrs.length : NaN };
        };
        for (let i = 0; a.connectionState !== "connected"; i++) {
          if (i > 400) throw new Error(`the link did not connect: ${a.connectionState}`);
          await sleep(50);
        }
        void tx;
        const talk = await rate(true);
        const silent = await rate(false);
        // Becoming audible / silencing: the copy switched, to the FFT hearing it (the tone's bin over −55 dB).
        const on: number[] = [];
        const off: number[] = [];
        for (let i = 0; i < switches; i++) {
          copy.enabled = false;
          await sleep(1500);
          let t1 = performance.now();
          copy.enabled = true;
          while (!heard() && performance.now() - t1 < 3000) await sleep(5);
          on.push(performance.now() - t1);
          await sleep(700);
          t1 = performance.now();
          copy.enabled = false;
          while (heard() && performance.now() - t1 < 3000) await sleep(5);
          off.push(performance.now() - t1);
        }
        a.close();
        b.close();
        await ac.close();
        return { talkKbps: talk.kbps, talkPps: talk.pps, silentKbps: silent.kbps, silentPps: silent.pps, snrDb: talk.snr, on, off, fmtp };
      },
      [WINDOW_S, SWITCHES, HZ] as const,
    );
    await ctx.close();
    const f = (x: number) => x.toFixed(1);
    console.log(`| ${c.name} | ${f(r.talkKbps)} (${f(r.talkPps)}) | ${f(r.silentKbps)} (${f(r.silentPps)}) | ${f(r.snrDb)} | ${pct(r.on, 50).toFixed(0)} / ${Math.max(...r.on).toFixed(0)} | ${pct(r.off, 50).toFixed(0)} / ${Math.max(...r.off).toFixed(0)} |`);
    console.log(`  fmtp: ${r.fmtp}; becoming audible ${r.on.map((x) => x.toFixed(0)).join(", ")} ms; silencing ${r.off.map((x) => x.toFixed(0)).join(", ")} ms`);
  }
  console.log(`load average after: ${os.loadavg().map((x) => x.toFixed(1)).join(" ")}`);
} finally {
  await chrome.close();
  http.close();
  rmSync(dir, { recursive: true, force: true });
}
