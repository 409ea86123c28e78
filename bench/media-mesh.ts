/**
 * Issue 15: the mesh's upload and download per client at 10 seats, measured with WebRTC's getStats.
 *
 * Ten people sit at a sport table (no bots), each page in its own browser context, five contexts to a
 * Chromium process (two processes: `--use-file-for-fake-audio-capture` is per process; both play a
 * voice-like signal, a tone with noise, so Opus does not idle on silence), Chromium's fake camera.
 * Every page presses "Join voice"; once all 45 links are connected, the table's test clock moves the
 * game on and two phases are measured over a window (the acquaintance night: the black team's
 * channel; a day speech: one speaker, every living camera): the bytes every page's RTCPeerConnections sent
 * and received (RTP payload + headers, per kind, from outbound-rtp / inbound-rtp; and the whole
 * transport, with RTCP, DTLS and STUN, from the transport stats).
 *
 *   node --experimental-strip-types bench/media-mesh.ts [--window 10] [--mode full|small|audio]
 *     --mode  every page's low-bandwidth setting (web/src/media/prefs.ts): full video (default), small
 *             video, or audio only
 *
 * Numbers only, never assertions. On this machine (2 cores) ten pages encoding up to nine video
 * streams each are CPU-bound: WebRTC's own adaptation lowers resolution and bitrate, so the figures
 * are what the encoders managed here, next to docs/MEDIA.md section 4's computed ones.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { advanceClock, boardSnapshot, ensureWebBuild, launchChromium, startWrangler, writeWav } from "../test/browser/harness.ts";

const argv = process.argv.slice(2);
const arg = (name: string, d: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : d;
};
const WINDOW_S = arg("window", 10);
const MODE = (() => {
  const i = argv.indexOf("--mode");
  const m = i >= 0 ? argv[i + 1] : "full";
  if (m !== "full" && m !== "small" && m !== "audio") throw new Error(`--mode full|small|audio, not ${m}`);
  return m;
})();
const SEATS = 10;
const PER_PROCESS = 5;

/** A 300 Hz tone under noise, swelling three times a second (a voice's bitrate, roughly, not silence). */
function voiceLikeWav(path: string, seconds = 4): void {
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) * 2 - 1;
  writeWav(path, seconds, (t) => (0.6 + 0.4 * Math.sin(2 * Math.PI * 3 * t)) * (0.25 * Math.sin(2 * Math.PI * 300 * t) + 0.08 * rnd()));
}

interface Counters {
  audioOut: number;
  videoOut: number;
  audioIn: number;
  videoIn: number;
  transportOut: number;
  transportIn: number;
  framesOut: number;
  width: number;
}

/** Sums every RTCPeerConnection's stats on the page (the init script below keeps them all). */
async function counters(page: Page): Promise<Counters> {
  return page.evaluate(async () => {
    const c = { audioOut: 0, videoOut: 0, audioIn: 0, videoIn: 0, transportOut: 0, transportIn: 0, framesOut: 0, width: 0 };
    const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.filter((pc) => pc.connectionState !== "closed");
    for (const pc of pcs) {
      const stats = await pc.getStats();
      stats.forEach((s: Record<string, unknown> & { type: string }) => {
        const n = (k: string) => Number(s[k] ?? 0);
        if (s.type === "outbound-rtp") {
          const bytes = n("bytesSent") + n("headerBytesSent");
          if (s.kind === "audio") c.audioOut += bytes;
          else {
            c.videoOut += bytes;
            c.framesOut += n("framesEncoded");
            c.width = Math.max(c.width, n("frameWidth"));
          }
        } else if (s.type === "inbound-rtp") {
          const bytes = n("bytesReceived") + n("headerBytesReceived");
          if (s.kind === "audio") c.audioIn += bytes;
          else c.videoIn += bytes;
        } else if (s.type === "transport") {
          c.transportOut += n("bytesSent");
          c.transportIn += n("bytesReceived");
        }
      });
    }
    return c;
  });
}

const kbps = (bytes: number, s: number) => (bytes * 8) / 1000 / s;

interface Person {
  ctx: BrowserContext;
  page: Page;
  seat: number;
}

const dir = mkdtempSync(join(os.tmpdir(), "mafia-media-bench-"));
const wav = join(dir, "voice.wav");
voiceLikeWav(wav);
ensureWebBuild();
const flags = [
  "--use-fake-ui-for-media-stream",
  "--use-fake-device-for-media-stream",
  `--use-file-for-fake-audio-capture=${wav}`,
  "--autoplay-policy=no-user-gesture-required",
  "--disable-features=WebRtcHideLocalIpsWithMdns",
];
const server = await startWrangler({});
const chromes = await Promise.all(Array.from({ length: Math.ceil(SEATS / PER_PROCESS) }, () => launchChromium(flags)));
const started = Date.now();
try {
  const post = async (u: string, b: unknown) => {
    const r = await fetch(server.base + u, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(b) });
    if (!r.ok) throw new Error(`${u}: ${r.status} ${await r.text()}`);
    return r.json() as Promise<Record<string, unknown>>;
  };
  // Ten people on one machine: one address, ten devices.
  const { code } = (await post("/api/tables", { presetId: "sport", seatsPerAddress: SEATS })) as { code: string };
  const people: Person[] = [];
  for (let i = 0; i < SEATS; i++) {
    const nickname = `Mesh${i + 1}`;
    const j = (await post(`/api/tables/${code}/join`, { nickname, deviceId: `mesh-bench-device-${i}-0123456789` })) as { token: string; playerId: string };
    const ctx = await chromes[Math.floor(i / PER_PROCESS)]!.browser.newContext({ viewport: { width: 390, height: 800 }, locale: "en-GB" });
    ctx.setDefaultTimeout(60_000);
    await ctx.addInitScript(
      ([saved, mode]) => {
        localStorage.setItem("mafia.tables", saved as string);
        localStorage.setItem("mafia.voice.processing", "off");
        localStorage.setItem("mafia.voice.bandwidth", mode as string);
        const w = window as unknown as { __pcs: RTCPeerConnection[] };
        w.__pcs = [];
        const Native = window.RTCPeerConnection;
        window.RTCPeerConnection = class extends Native {
          constructor(config?: RTCConfiguration) {
            super(config);
            w.__pcs.push(this);
          }
        } as typeof RTCPeerConnection;
      },
      [JSON.stringify([{ code, playerId: j.playerId, nickname, token: j.token, returnCode: null, savedAt: Date.now(), kind: "player" }]), MODE] as const,
    );
    const page = await ctx.newPage();
    people.push({ ctx, page, seat: 0 });
  }
  await Promise.all(people.map((p) => p.page.goto(`${server.base}/t/${code}`)));
  for (const p of people) {
    await p.page.locator(".board[data-phase]").waitFor();
    p.seat = Number(await p.page.locator(".board").getAttribute("data-you-seat"));
  }
  await Promise.all(people.map((p) => p.page.locator("[data-voice-join]").click()));
  await Promise.all(people.map((p) => p.page.locator('[data-voice-status="on"]').waitFor()));
  const linksUp = async () =>
    (
      await Promise.all(
        people.map((p) => p.page.evaluate(() => Object.values((window as unknown as { __mafiaMesh: { states(): Record<number, string> } }).__mafiaMesh.states()).filter((s) => s === "connected").length)),
      )
    ).every((n) => n === SEATS - 1);
  for (let i = 0; !(await linksUp()); i++) {
    if (i > 600) throw new Error("the 45 links did not all connect in 60 s");
    await new Promise((r) => setTimeout(r, 100));
  }
  const connectedS = (Date.now() - started) / 1000;
  console.log(`media mesh: ${SEATS} people, ${(SEATS * (SEATS - 1)) / 2} links connected ${connectedS.toFixed(1)} s after start; video mode "${MODE}" on every page; window ${WINDOW_S} s per phase`);
  console.log(`machine: ${os.cpus()[0]?.model} × ${os.cpus().length}, load ${os.loadavg().map((x) => x.toFixed(1)).join(" ")}`);

  const rows: string[] = [];
  /** Measures the phase the table is in now: `settleS` for the floor's switch and the encoders' ramp, then `windowS`. */
  const measure = async (label: string, settleS: number, windowS: number) => {
    const snap = await boardSnapshot(people[0]!.page);
    const speaker = Number((await people[0]!.page.locator(".board").getAttribute("data-speaker")) || 0) || null;
    await new Promise((r) => setTimeout(r, settleS * 1000));
    const a = await Promise.all(people.map((p) => counters(p.page)));
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, windowS * 1000));
    const b = await Promise.all(people.map((p) => counters(p.page)));
    const s = (Date.now() - t0) / 1000;
    const after = await boardSnapshot(people[0]!.page);
    if (after.seq !== snap.seq) label += " (the phase ended inside the window)";
    people.forEach((p, i) => {
      const d = (k: keyof Counters) => b[i]![k] - a[i]![k];
      // Roles are secret to the pages; at night a page that sends audio is on the black team.
      const who = p.seat === speaker ? "speaker" : label.includes("night") ? (d("audioOut") > 0 ? "black" : "red") : "listener";
      rows.push(
        `| ${label} | ${p.seat} (${who}) | ${kbps(d("audioOut"), s).toFixed(0)} | ${kbps(d("videoOut"), s).toFixed(0)} | ${kbps(d("transportOut"), s).toFixed(0)} | ` +
          `${kbps(d("audioIn"), s).toFixed(0)} | ${kbps(d("videoIn"), s).toFixed(0)} | ${kbps(d("transportIn"), s).toFixed(0)} | ${(d("framesOut") / s).toFixed(0)} | ${b[i]!.width || "—"} |`,
      );
    });
    console.log(`  measured ${label} (phase ${snap.phase}, speaker ${speaker ?? "none"})`);
  };
  /** Moves the test clock until the first page shows a phase matching `want` (or gives up). */
  const until = async (want: (phase: string, speaker: number | null) => boolean) => {
    for (let i = 0; i < 40; i++) {
      const snap = await boardSnapshot(people[0]!.page);
      const speaker = Number((await people[0]!.page.locator(".board").getAttribute("data-speaker")) || 0) || null;
      if (snap.phase && want(snap.phase, speaker)) return true;
      await advanceClock(server.base, code, snap.seq);
      await new Promise((r) => setTimeout(r, 400));
    }
    return false;
  };
  if (await until((p) => p === "acquaintance")) await measure("acquaintance night", 2, WINDOW_S);
  if (await until((p, sp) => sp !== null && p === "speech")) await measure("day speech", 3, WINDOW_S);
  // Not the shot: it lasts 7 s (sport), too short for the encoders' ramp and a window; the acquaintance
  // night is the same black-team channel.
  console.log("\n| phase | seat (role) | audio up | video up | transport up | audio down | video down | transport down | frames encoded/s | widest frame |");
  console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const r of rows) console.log(r);
  console.log("\n(kbit/s per client over the window; up = everything the page's 9 links sent, down = received; RTP payload + headers per kind, transport = all bytes on the 9 transports)");
  await Promise.all(people.map((p) => p.ctx.close()));
} finally {
  await Promise.all(chromes.map((c) => c.close()));
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
