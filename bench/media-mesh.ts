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
 *   node --experimental-strip-types bench/media-mesh.ts [--window 10] [--mode full|small|audio] [--host [--people N]] [--spectators S]
 *     --mode        every page's low-bandwidth setting (web/src/media/prefs.ts): full video (default), small
 *                   video, or audio only
 *     --host        issue 30: a host-classic table of ten seats led by a live host (RULES.md §5.7, §8): the
 *                   host's page joins the media as peer 0 with an open microphone (its choice,
 *                   mafia.voice.hostMic = open: it talks all the time, the upper bound of its cost) and
 *                   the same video mode; it confirms the stages that wait for it
 *     --spectators  issue 30: S spectators press "Listen" (receive-only links to every seat and the host,
 *                   at most MESH_LISTENERS_MAX on the mesh); their pages share the host's process
 *     --people      with --host: N of the seats are people's pages (default 10), the table's bots fill the
 *                   rest (bots take no part in the media)
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
const HOST = argv.includes("--host");
const SPECTATORS = arg("spectators", 0);
/**
 * With --host: how many of the seats are people's pages (the rest are the table's bots, which take no
 * part in the media). Ten pages that each encode a warm link per peer (issue 30) are more than two cores
 * carry with a host and spectators besides; per-link figures scale to ten seats (docs/PERFORMANCE.md).
 */
const PEOPLE = HOST ? Math.min(SEATS, arg("people", SEATS)) : SEATS;

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
  /** The media peer (shared/media/peers.ts): a seat 1…10, the live host 0, a spectator 1000 and up. */
  seat: number;
  kind: "player" | "host" | "spectator";
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
const extraPages = (HOST ? 1 : 0) + SPECTATORS;
const chromes = await Promise.all(Array.from({ length: Math.ceil(PEOPLE / PER_PROCESS) + (extraPages > 0 ? 1 : 0) }, () => launchChromium(flags)));
const started = Date.now();
try {
  const post = async (u: string, b: unknown) => {
    const r = await fetch(server.base + u, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(b) });
    if (!r.ok) throw new Error(`${u}: ${r.status} ${await r.text()}`);
    return r.json() as Promise<Record<string, unknown>>;
  };
  // Ten people on one machine: one address, ten devices.
  const { code, organizerToken } = (await post(
    "/api/tables",
    HOST ? { presetId: "host-classic", host: "live", seats: SEATS, seatsPerAddress: SEATS, spectatorsHear: true } : { presetId: "sport", seatsPerAddress: SEATS, spectatorsHear: true },
  )) as { code: string; organizerToken: string };
  const people: Person[] = [];
  /** A page with its saved link (none for a spectator) and the RTCPeerConnection keeper. */
  const open = async (processIndex: number, kind: Person["kind"], saved: unknown[]): Promise<Person> => {
    const ctx = await chromes[processIndex]!.browser.newContext({ viewport: { width: 390, height: 800 }, locale: "en-GB" });
    ctx.setDefaultTimeout(60_000);
    await ctx.addInitScript(
      ([saved, mode]) => {
        localStorage.setItem("mafia.tables", saved as string);
        localStorage.setItem("mafia.voice.processing", "off");
        localStorage.setItem("mafia.voice.bandwidth", mode as string);
        localStorage.setItem("mafia.voice.hostMic", "open");
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
      [JSON.stringify(saved), MODE] as const,
    );
    return { ctx, page: await ctx.newPage(), seat: 0, kind };
  };
  for (let i = 0; i < PEOPLE; i++) {
    const nickname = `Mesh${i + 1}`;
    const j = (await post(`/api/tables/${code}/join`, { nickname, deviceId: `mesh-bench-device-${i}-0123456789` })) as { token: string; playerId: string };
    people.push(await open(Math.floor(i / PER_PROCESS), "player", [{ code, playerId: j.playerId, nickname, token: j.token, returnCode: null, savedAt: Date.now(), kind: "player" }]));
  }
  const extraProcess = Math.ceil(PEOPLE / PER_PROCESS);
  const host = HOST ? await open(extraProcess, "host", [{ code, playerId: "", nickname: "", token: organizerToken, returnCode: null, savedAt: Date.now(), kind: "host", organizerToken: null }]) : null;
  const spectators: Person[] = [];
  for (let i = 0; i < SPECTATORS; i++) spectators.push(await open(extraProcess, "spectator", []));
  const pages = [...people, ...(host ? [host] : []), ...spectators];
  await Promise.all(pages.map((p) => p.page.goto(`${server.base}/t/${code}`)));
  if (host) {
    // The live host starts the game (§5.7); the dealing waits for the people to take their cards.
    await host.page.locator("[data-organizer]").waitFor();
    if (PEOPLE < SEATS) await host.page.locator('[data-control="fill-bots"]').click();
    const start = host.page.locator('[data-control="start"]:not([disabled])');
    await Promise.race([start.click().catch(() => {}), host.page.locator("[data-host-panel]").waitFor()]);
    await host.page.locator("[data-host-panel]").waitFor();
  }
  for (const p of people) {
    await p.page.locator(".board[data-phase]").waitFor();
    p.seat = Number(await p.page.locator(".board").getAttribute("data-you-seat"));
  }
  for (const p of [...(host ? [host] : []), ...spectators]) await p.page.locator(".board[data-phase]").waitFor();
  await Promise.all(pages.map((p) => p.page.locator("[data-voice-join]").click()));
  await Promise.all(pages.map((p) => p.page.locator('[data-voice-status="on"]').waitFor()));
  for (const p of [...(host ? [host] : []), ...spectators]) p.seat = await p.page.evaluate(() => (window as unknown as { __mafiaMesh: { me: number } }).__mafiaMesh.me);
  // shared/media/peers.ts mayLink: every pair but spectator–spectator.
  const want = (p: Person) => (p.kind === "spectator" ? PEOPLE + (host ? 1 : 0) : pages.length - 1);
  const links = pages.reduce((n, p) => n + want(p), 0) / 2;
  const linksUp = async () =>
    (
      await Promise.all(
        pages.map(async (p) => (await p.page.evaluate(() => Object.values((window as unknown as { __mafiaMesh: { states(): Record<number, string> } }).__mafiaMesh.states()).filter((s) => s === "connected").length)) === want(p)),
      )
    ).every(Boolean);
  for (let i = 0; !(await linksUp()); i++) {
    if (i > 900) throw new Error(`the ${links} links did not all connect in 90 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const connectedS = (Date.now() - started) / 1000;
  if (host) {
    // The people take their cards, one after another (two at once could reach for the same card).
    for (const p of people) await p.page.locator('[data-action="take-card"] [data-card]:not([disabled])').first().click().catch(() => {});
  }
  console.log(
    `media mesh: ${PEOPLE} people${PEOPLE < SEATS ? " and bots" : ""}${host ? ", a live host (open microphone)" : ""}${SPECTATORS ? `, ${SPECTATORS} listening spectators` : ""}; ${links} links connected ${connectedS.toFixed(1)} s after start; video mode "${MODE}" on every page; window ${WINDOW_S} s per phase`,
  );
  console.log(`machine: ${os.cpus()[0]?.model} × ${os.cpus().length}, load ${os.loadavg().map((x) => x.toFixed(1)).join(" ")}`);

  const rows: string[] = [];
  /** Measures the phase the table is in now: `settleS` for the floor's switch and the encoders' ramp, then `windowS`. */
  const measure = async (label: string, settleS: number, windowS: number) => {
    const snap = await boardSnapshot(people[0]!.page);
    const speaker = Number((await people[0]!.page.locator(".board").getAttribute("data-speaker")) || 0) || null;
    await new Promise((r) => setTimeout(r, settleS * 1000));
    const a = await Promise.all(pages.map((p) => counters(p.page)));
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, windowS * 1000));
    const b = await Promise.all(pages.map((p) => counters(p.page)));
    const s = (Date.now() - t0) / 1000;
    const black = await Promise.all(
      pages.map((p) =>
        p.kind !== "player" ? false : p.page.locator(`[data-role-seat="${p.seat}"]`).first().getAttribute("data-role", { timeout: 2_000 }).then((r) => r === "mafia" || r === "don", () => false),
      ),
    );
    const after = await boardSnapshot(people[0]!.page);
    if (after.seq !== snap.seq) label += " (the phase ended inside the window)";
    pages.forEach((p, i) => {
      const d = (k: keyof Counters) => b[i]![k] - a[i]![k];
      // At night the page's own card says its side (each page sees its own card only).
      const who = p.kind !== "player" ? p.kind : p.seat === speaker ? "speaker" : label.includes("night") ? (black[i] ? "black" : "red") : "listener";
      rows.push(
        `| ${label} | ${p.kind === "player" ? p.seat : p.kind === "host" ? "host" : `spectator ${p.seat}`} (${who}) | ${kbps(d("audioOut"), s).toFixed(0)} | ${kbps(d("videoOut"), s).toFixed(0)} | ${kbps(d("transportOut"), s).toFixed(0)} | ` +
          `${kbps(d("audioIn"), s).toFixed(0)} | ${kbps(d("videoIn"), s).toFixed(0)} | ${kbps(d("transportIn"), s).toFixed(0)} | ${(d("framesOut") / s).toFixed(0)} | ${b[i]!.width || "—"} |`,
      );
    });
    console.log(`  measured ${label} (phase ${snap.phase}, speaker ${speaker ?? "none"})`);
  };
  /** Moves the test clock until the first page shows a phase matching `want` (or gives up). */
  const until = async (wanted: (phase: string, speaker: number | null) => boolean) => {
    for (let i = 0; i < 40; i++) {
      const snap = await boardSnapshot(people[0]!.page);
      const speaker = Number((await people[0]!.page.locator(".board").getAttribute("data-speaker")) || 0) || null;
      if (snap.phase && wanted(snap.phase, speaker)) return true;
      // A stage that waits for the live host (§5.7) is confirmed by it; the test clock lives through the rest.
      const ready = host?.page.locator('[data-host-confirm="ready"]:not([disabled])');
      if (ready && (await ready.count())) {
        await ready.click().catch(() => {});
        await new Promise((r) => setTimeout(r, 400));
        continue;
      }
      await advanceClock(server.base, code, snap.seq);
      await new Promise((r) => setTimeout(r, 400));
    }
    return false;
  };
  if (await until((p) => p === "acquaintance")) await measure("acquaintance night", 2, WINDOW_S);
  // A person's speech (a bot's ends within seconds): the speaker's page talks, every other listens.
  if (await until((p, sp) => sp !== null && p === "speech" && people.some((x) => x.seat === sp))) await measure("day speech", 3, WINDOW_S);
  // Not the shot: it lasts 7 s (sport), too short for the encoders' ramp and a window; the acquaintance
  // night is the same black-team channel.
  console.log("\n| phase | seat (role) | audio up | video up | transport up | audio down | video down | transport down | frames encoded/s | widest frame |");
  console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const r of rows) console.log(r);
  console.log(`\n(kbit/s per client over the window; up = everything the page's links sent, down = received; RTP payload + headers per kind, transport = all bytes on its transports; a seat has ${pages.length - 1} links, a spectator ${PEOPLE + (host ? 1 : 0)})`);
  await Promise.all(pages.map((p) => p.ctx.close()));
} finally {
  await Promise.all(chromes.map((c) => c.close()));
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
