/**
 * Issue 15 "Must show": real WebRTC between Chromium pages, the floor deciding who is heard.
 *
 * Three people, each in their own Chromium process with its own fake microphone (a sine of its own
 * pitch: `--use-file-for-fake-audio-capture`, a flag per process) and Chromium's fake camera, sit at a
 * sport table with seven bots (the organizer's "Fill with bots"). Each presses "Join voice". Every page
 * measures with Web Audio — an FFT of everything it plays (the mesh's output, after the floor's gates) —
 * which of the other two pitches it hears, and the test waits (polling what the page reports) until
 * that is exactly what the page's floor lets it hear, at every step of the whole game:
 *   - while cards are taken nobody is heard;
 *   - during a person's speech the two others hear that person only, and the speaker hears nobody;
 *   - at the end everybody hears everybody;
 *   - in between (the acquaintance night, votes, nights, last words) exactly what the floor says.
 * Each page also logs, every 10 ms, when the set of pitches it hears first matches a new floor, from
 * the arrival of the view that announced it: the floor-switch time (p50/p99 over all changes seen).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { advanceClock, boardSnapshot, ensureWebBuild, launchChromium, LOAD_MS, startWrangler, type BoardSnap, type Server } from "./harness.ts";

const SLOW_MS = 30_000;
/** The three people's pitches (Hz): no one a harmonic of another. */
const TONES = [500, 700, 1100];
const PHONE = { width: 390, height: 800 };

let server: Server;
let chromes: Array<Awaited<ReturnType<typeof launchChromium>>> = [];
let dir: string;

/** A mono 16-bit 48 kHz WAV of a sine (Chromium loops the file). */
function sineWav(path: string, hz: number, seconds = 2): void {
  const rate = 48_000;
  const n = rate * seconds;
  const buf = Buffer.alloc(44 + n * 2);
  buf.write("RIFF", 0);
  buf.writeUInt32LE(36 + n * 2, 4);
  buf.write("WAVE", 8);
  buf.write("fmt ", 12);
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write("data", 36);
  buf.writeUInt32LE(n * 2, 40);
  for (let i = 0; i < n; i++) buf.writeInt16LE(Math.round(0.3 * 32767 * Math.sin((2 * Math.PI * hz * i) / rate)), 44 + i * 2);
  writeFileSync(path, buf);
}

beforeAll(async () => {
  ensureWebBuild();
  dir = mkdtempSync(join(tmpdir(), "mafia-voice-"));
  const wavs = TONES.map((hz) => {
    const p = join(dir, `tone-${hz}.wav`);
    sineWav(p, hz);
    return p;
  });
  const flags = (wav: string) => [
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
    `--use-file-for-fake-audio-capture=${wav}`,
    "--autoplay-policy=no-user-gesture-required",
    // Host candidates as plain addresses (no mDNS names) between the pages of one machine.
    "--disable-features=WebRtcHideLocalIpsWithMdns",
  ];
  const started = await Promise.all([startWrangler({ vars: { BOT_THINK_MS: "100" } }), ...wavs.map((w) => launchChromium(flags(w)))]);
  server = started[0] as Server;
  chromes = started.slice(1) as typeof chromes;
});

afterAll(async () => {
  await Promise.all(chromes.map((c) => c.close()));
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Person {
  name: string;
  tone: number;
  ctx: BrowserContext;
  page: Page;
  seat: number;
  errors: string[];
}

/** What a page hears now and what its floor lets it hear (seats), from the probe installed below. */
interface Hearing {
  heard: number[];
  expected: number[];
  phase: string;
  speaker: number | null;
  links: Record<number, string>;
}

/** Installs the page's probe: every 10 ms an FFT of the mesh's output → the seats whose pitch is there. */
async function installProbe(page: Page, toneOf: Record<number, number>): Promise<void> {
  await page.evaluate((toneOf) => {
    type Probe = { heard: number[]; expected: number[]; latencies: number[]; onsets: number[]; superseded: number; pendingSince: number | null; pendingOnset: boolean; lastExpected: string };
    const w = window as unknown as { __mafiaMesh?: { output: AnalyserNode; planFor(s: number): { playAudio: boolean }; switches: Array<{ viewAt: number }> }; __voiceProbe?: Probe };
    const probe: Probe = { heard: [], expected: [], latencies: [], onsets: [], superseded: 0, pendingSince: null, pendingOnset: false, lastExpected: "" };
    w.__voiceProbe = probe;
    const seats = Object.keys(toneOf).map(Number);
    let buf: Float32Array<ArrayBuffer> | null = null;
    setInterval(() => {
      const m = w.__mafiaMesh;
      if (!m) return;
      const a = m.output;
      buf ??= new Float32Array(a.frequencyBinCount);
      a.getFloatFrequencyData(buf);
      const binHz = a.context.sampleRate / a.fftSize;
      const heard = seats.filter((s) => {
        const k = Math.round(toneOf[s]! / binHz);
        return Math.max(buf![k - 1]!, buf![k]!, buf![k + 1]!) > -55;
      });
      const expected = seats.filter((s) => m.planFor(s).playAudio);
      const key = expected.join(",");
      if (key !== probe.lastExpected) {
        if (probe.pendingSince !== null) probe.superseded++;
        // An onset: a seat becomes audible (its sender must attach its microphone); else only gates close here.
        probe.pendingOnset = expected.some((s) => !probe.expected.includes(s));
        probe.lastExpected = key;
        probe.pendingSince = m.switches.at(-1)?.viewAt ?? performance.now();
      }
      if (probe.pendingSince !== null && heard.join(",") === key) {
        probe.latencies.push(performance.now() - probe.pendingSince);
        probe.onsets.push(probe.pendingOnset ? 1 : 0);
        probe.pendingSince = null;
      }
      probe.heard = heard;
      probe.expected = expected;
    }, 10);
  }, toneOf);
}

async function hearing(page: Page): Promise<Hearing> {
  return page.evaluate(() => {
    const w = window as unknown as { __voiceProbe?: { heard: number[]; expected: number[] }; __mafiaMesh?: { states(): Record<number, string> } };
    const b = document.querySelector<HTMLElement>(".board");
    return {
      heard: w.__voiceProbe?.heard ?? [],
      expected: w.__voiceProbe?.expected ?? [],
      phase: b?.dataset.phase ?? "",
      speaker: b?.dataset.speaker ? Number(b.dataset.speaker) : null,
      links: w.__mafiaMesh?.states() ?? {},
    };
  });
}

/** Waits until every page hears exactly what its floor allows, the same for a few samples; returns what they hear. */
async function settled(people: Person[]): Promise<Hearing[]> {
  const deadline = Date.now() + 10_000;
  let last: Hearing[] = [];
  let stable = 0;
  while (Date.now() < deadline) {
    last = await Promise.all(people.map((p) => hearing(p.page)));
    const ok = last.every((h) => h.heard.join(",") === h.expected.join(",")) && last.every((h) => h.phase === last[0]!.phase);
    stable = ok ? stable + 1 : 0;
    if (stable >= 3) return last;
    await sleep(50);
  }
  throw new Error(`the pages do not hear what the floor says: ${JSON.stringify(last.map((h, i) => ({ seat: people[i]!.seat, ...h })))}`);
}

/** Click a target, then its confirm button if the page asks for one. */
async function pick(page: Page, action: string, target: number): Promise<void> {
  await page.locator(`[data-action="${action}"] [data-target="${target}"]`).click({ timeout: 5_000 });
  const confirm = page.locator(`[data-confirm="${action}"]:not([disabled])`);
  if (await confirm.count()) await confirm.click({ timeout: 5_000 });
}

/** One move a page offers now (take a card, end the speech, lift, vote, a night move), or false. */
async function actOnce(page: Page, s: BoardSnap, acted: Set<string>, tag: string): Promise<boolean> {
  const key = (what: string) => `${tag}:${s.seq}:${what}`;
  try {
    if (s.cards > 0 && !acted.has(key("card"))) {
      acted.add(key("card"));
      await page.locator('[data-action="take-card"] [data-card]:not([disabled])').first().click({ timeout: 5_000 });
      return true;
    }
    if ("end-speech" in s.actions && !acted.has(key("speech"))) {
      acted.add(key("speech"));
      await page.locator('[data-action="end-speech"]').click({ timeout: 5_000 });
      return true;
    }
    if (s.actions["vote-lift"] && !acted.has(key("lift"))) {
      acted.add(key("lift"));
      await page.locator('[data-lift="yes"]').click({ timeout: 5_000 });
      return true;
    }
    for (const [action, targets] of Object.entries(s.actions)) {
      if (!(action === "vote" || action.startsWith("use:")) || targets.length === 0 || acted.has(key(action))) continue;
      acted.add(key(action));
      await pick(page, action, targets.find((x) => x !== s.you) ?? targets[0]!);
      return true;
    }
  } catch {
    /* the page moved on under the click */
  }
  return false;
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
}

test("three people with real WebRTC: the floor decides who hears whom, dealing to the end", async () => {
  const started = Date.now();
  const people: Person[] = await Promise.all(
    TONES.map(async (tone, i) => {
      const ctx = await chromes[i]!.browser.newContext({ viewport: PHONE, locale: "en-GB", deviceScaleFactor: 1 });
      ctx.setDefaultTimeout(SLOW_MS);
      ctx.setDefaultNavigationTimeout(LOAD_MS);
      // Raw microphones: a steady sine is what noise suppression exists to remove.
      await ctx.addInitScript(() => localStorage.setItem("mafia.voice.processing", "off"));
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      return { name: `Voice${i + 1}`, tone, ctx, page, seat: 0, errors };
    }),
  );
  const [org, ...guests] = people;
  await Promise.all(people.map((p) => p.page.goto(`${server.base}/`)));
  await org!.page.fill("#nick", org!.name);
  await org!.page.click('[data-home="create"]');
  await org!.page.selectOption("#preset", "sport");
  await org!.page.click('details[data-more="options"] summary');
  await org!.page.locator('input[name="sameRoom"]').check();
  await org!.page.locator('form[data-form="create"] button[type="submit"]').click();
  await org!.page.waitForURL(/\/t\/[A-Z0-9]{6}$/);
  const code = org!.page.url().split("/t/")[1]!;
  for (const g of guests) {
    await g.page.fill("#nick", g.name);
    await g.page.fill("#join-code", code.toLowerCase());
    await g.page.click('form[data-form="join"] button[type="submit"]');
    await g.page.waitForURL(new RegExp(`/t/${code}$`));
  }
  await org!.page.locator('[data-seats-left="7"]').waitFor({ timeout: SLOW_MS });
  await org!.page.locator('[data-control="fill-bots"]').click();

  // The game starts at once (sport, full): every person joins voice on the board.
  for (const p of people) {
    await p.page.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS });
    p.seat = Number(await p.page.locator(".board").getAttribute("data-you-seat"));
    expect(p.seat).toBeGreaterThan(0);
    // Before joining: the microphone is off, and the page says so.
    expect(await p.page.locator("[data-voice-floor]").getAttribute("data-voice-floor")).toBe("no");
  }
  await Promise.all(people.map((p) => p.page.locator("[data-voice-join]").click()));
  await Promise.all(people.map((p) => p.page.locator('[data-voice-status="on"]').waitFor({ timeout: SLOW_MS })));
  for (const p of people) {
    const toneOf = Object.fromEntries(people.filter((q) => q !== p).map((q) => [q.seat, q.tone]));
    await installProbe(p.page, toneOf);
  }
  // Every link between the three people connects.
  await expect
    .poll(async () => (await Promise.all(people.map((p) => hearing(p.page)))).every((h) => Object.values(h.links).length === 2 && Object.values(h.links).every((s) => s === "connected")), { timeout: SLOW_MS })
    .toBe(true);
  const connectedMs = Date.now() - started;

  const seen = { dealing: 0, humanSpeech: 0, shout: 0, end: 0, nonEmpty: 0, steps: 0 };
  let shouting: { seat: number; speaker: number } | null = null;
  // A spectator watches the whole game: the mesh is the seated players' only, no signal ever reaches it.
  const spectatorCtx = await chromes[0]!.browser.newContext({ viewport: PHONE, locale: "en-GB" });
  const spectator = await spectatorCtx.newPage();
  const spectatorFrames: string[] = [];
  spectator.on("websocket", (ws) => ws.on("framereceived", (f) => typeof f.payload === "string" && spectatorFrames.push(f.payload)));
  await spectator.goto(`${server.base}/t/${code}`);
  await spectator.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS });
  const phases = new Set<string>();
  const acted = new Set<string>();
  const deadline = Date.now() + 200_000;
  let finished = false;
  while (Date.now() < deadline) {
    const snaps = await Promise.all(people.map((p) => boardSnapshot(p.page)));
    if (snaps.some((s) => s.busy || s.phase === null)) {
      await sleep(100);
      continue;
    }
    // Every page hears exactly what its floor allows (waits for it: the switch takes a moment).
    const h = await settled(people);
    seen.steps++;
    phases.add(h[0]!.phase);
    if (h.some((x) => x.heard.length > 0)) seen.nonEmpty++;
    const phase = h[0]!.phase;
    if (phase === "dealing") {
      seen.dealing++;
      for (const x of h) expect(x.heard, "nobody is heard while cards are taken").toEqual([]);
    }
    const speaker = h[0]!.speaker;
    const human = people.find((p) => p.seat === speaker);
    if (human && !snaps[0]!.result) {
      seen.humanSpeech++;
      // A shout this page made during this speech (below) may still be open (5 s): then the shouter too.
      const shouter = shouting && shouting.speaker === speaker ? shouting.seat : null;
      let both = false;
      people.forEach((p, i) => {
        const heard = h[i]!.heard;
        if (p === human) expect(shouter !== null && heard.length ? heard : [], "the speaker hears nobody (but a shouter)").toEqual(shouter !== null && heard.length ? [shouter] : []);
        else if (p.seat === shouter) expect(heard, "the shouter hears the speaker").toEqual([speaker]);
        else if (shouter !== null && heard.length === 2) {
          expect(heard, "speaker and shouter are heard during a shout").toEqual([speaker!, shouter].sort((a, b) => a - b));
          both = true;
        } else expect(heard, `seat ${p.seat} hears the speaker ${speaker} only (${phase})`).toEqual([speaker]);
      });
      if (both) seen.shout++;
      expect(await human.page.locator("[data-voice-floor]").getAttribute("data-voice-floor")).toBe("yes");
      // Once in the game: another person shouts during this person's speech (RULES.md §2.5).
      const i = people.findIndex((p, k) => p !== human && "shout" in snaps[k]!.actions && !snaps[k]!.result);
      if (!shouting && i >= 0) {
        shouting = { seat: people[i]!.seat, speaker: human.seat };
        await people[i]!.page.locator('[data-action="shout"]:not([disabled])').click({ timeout: 5_000 });
        await sleep(100);
        continue;
      }
    }
    if (snaps.every((s) => s.result)) {
      seen.end++;
      people.forEach((p, i) => expect(h[i]!.heard, "at the end everybody hears everybody").toEqual(people.filter((q) => q !== p).map((q) => q.seat).sort((a, b) => a - b)));
      finished = true;
      break;
    }
    let did = false;
    for (let i = 0; i < people.length && !did; i++) did = await actOnce(people[i]!.page, snaps[i]!, acted, String(i));
    if (did) {
      await sleep(100);
      continue;
    }
    const seq = Math.max(...snaps.map((s) => s.seq));
    if (seq > 0) await advanceClock(server.base, code, seq);
    await sleep(150);
  }
  expect(finished, "the game ends within the time limit").toBe(true);
  expect(seen.dealing, "a dealing step was measured").toBeGreaterThan(0);
  expect(seen.humanSpeech, "a person's speech was measured").toBeGreaterThan(0);
  if (shouting) expect(seen.shout, "a shout was heard with the speech").toBeGreaterThan(0);
  expect(spectatorFrames.filter((f) => f.includes('"type":"view"')).length, "the spectator saw the game").toBeGreaterThan(3);
  expect(spectatorFrames.filter((f) => /"type"\s*:\s*"signal"/.test(f)), "no signal reaches a spectator").toEqual([]);
  await spectatorCtx.close();

  // The floor-switch times, every page, every audible change it saw.
  const probes = await Promise.all(people.map((p) => p.page.evaluate(() => (window as unknown as { __voiceProbe: { latencies: number[]; onsets: number[]; superseded: number } }).__voiceProbe)));
  // The first of each page is the links coming up, not a floor change.
  const lat = probes.flatMap((p) => p.latencies.slice(1));
  const on = probes.flatMap((p) => p.latencies.slice(1).filter((_, i) => p.onsets[i + 1] === 1));
  const off = probes.flatMap((p) => p.latencies.slice(1).filter((_, i) => p.onsets[i + 1] !== 1));
  expect(lat.length).toBeGreaterThan(3);
  const p50 = pct(lat, 50);
  const p99 = pct(lat, 99);
  // Measured, not asserted (a timing bound in a test flakes on a loaded machine): the figures are printed
  // here and recorded in docs/PERFORMANCE.md; what is asserted is that every page hears what its floor allows.
  for (const p of people) expect(p.errors).toEqual([]);
  console.log(
    `voice: ${people.length} people + 7 bots; links up ${(connectedMs / 1000).toFixed(1)} s after the start; ${seen.steps} steps checked ` +
      `(${seen.dealing} dealing, ${seen.humanSpeech} a person's speech, ${seen.shout} with a person's shout, ${seen.nonEmpty} with someone heard; phases ${[...phases].join(" ")}); ` +
      `floor change → audio switched: n=${lat.length} p50 ${p50.toFixed(0)} ms p99 ${p99.toFixed(0)} ms max ${Math.max(...lat).toFixed(0)} ms, slowest ${[...lat].sort((a, b) => b - a).slice(0, 5).map((x) => x.toFixed(0)).join("/")} ` +
      `(someone becomes audible: n=${on.length} p50 ${pct(on, 50).toFixed(0)} p99 ${pct(on, 99).toFixed(0)} ms; only silenced: n=${off.length} p50 ${pct(off, 50).toFixed(0)} p99 ${pct(off, 99).toFixed(0)} ms; view arrival → FFT of the played output, 10 ms sampling, 43 ms window; superseded ${probes.reduce((a, p) => a + p.superseded, 0)}); total ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await Promise.all(people.map((p) => p.ctx.close()));
});
