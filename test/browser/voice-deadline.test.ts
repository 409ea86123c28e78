/**
 * Fail closed at known deadlines (RULES.md §1 Timers, §2.5, §8 media; web/src/media/deadline.ts): a page whose
 * main thread is stalled across a turn's deadline has stopped playing what that deadline closes by the time
 * it runs again — before it has handled the frame that says so.
 *
 * Two people, each in their own Chromium process with its own fake-microphone pitch, at a sport table with
 * eight bots. During the first person's speech the second person shouts (RULES.md §2.5: 5 s of real time) and, as a
 * modified client, keeps sending its microphone to everyone whatever the floor says (the mesh's hostile
 * hook): the only thing that can silence it on the first person's page is that page's own gate. The first
 * page hears the shout; then its main thread is held in a busy loop from before the shout's end (`until`,
 * on the server's clock) to 1.5 s after it, and — in the same task, no frame handled meanwhile — its FFT of
 * what it plays must no longer hold the shouter's pitch.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { driveUntil, ensureWebBuild, launchChromium, LOAD_MS, recordFrames, startWrangler, type Server } from "./harness.ts";
import { hearing, installProbe, toneFlags } from "./media-probe.ts";

const SLOW_MS = 30_000;
const TONES = [500, 900];
const PHONE = { width: 390, height: 800 };
/** How long after the deadline the stalled page is held (ms). */
const PAST_MS = 1_500;

let server: Server;
let chromes: Array<Awaited<ReturnType<typeof launchChromium>>> = [];
let dir: string;

beforeAll(async () => {
  ensureWebBuild();
  dir = mkdtempSync(join(tmpdir(), "mafia-deadline-"));
  const started = await Promise.all([startWrangler({ vars: { BOT_THINK_MS: "100" } }), ...TONES.map((hz) => launchChromium(toneFlags(dir, hz)))]);
  server = started[0] as Server;
  chromes = started.slice(1) as typeof chromes;
});

afterAll(async () => {
  await Promise.all(chromes.map((c) => c.close()));
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Person {
  name: string;
  tone: number;
  ctx: BrowserContext;
  page: Page;
  seat: number;
  frames: string[];
  /** The server's clock minus this machine's (Date.now()), from the latest frame's `serverNow` as it arrived. */
  skew: number;
}

async function open(i: number): Promise<Person> {
  const ctx = await chromes[i]!.browser.newContext({ viewport: PHONE, locale: "en-GB", deviceScaleFactor: 1 });
  ctx.setDefaultTimeout(SLOW_MS);
  ctx.setDefaultNavigationTimeout(LOAD_MS);
  await ctx.addInitScript(() => localStorage.setItem("mafia.voice.processing", "off"));
  const page = await ctx.newPage();
  const p: Person = { name: `Stall${i + 1}`, tone: TONES[i]!, ctx, page, seat: 0, frames: [], skew: 0 };
  recordFrames(page, p.frames);
  page.on("websocket", (ws) =>
    ws.on("framereceived", (f) => {
      const m = typeof f.payload === "string" ? /"serverNow":(\d+)/.exec(f.payload) : null;
      if (m) p.skew = Number(m[1]) - Date.now();
    }),
  );
  await page.goto(`${server.base}/`);
  return p;
}

test("RULES.md §1 Timers, §2.5, §8 media: a page stalled across a shout's end has closed the shouter when it runs again, before handling the frame", async () => {
  const people = await Promise.all(TONES.map((_, i) => open(i)));
  const [listener, shouter] = people as [Person, Person];
  // A sport table, cards dealt at once; the second person joins, bots fill the rest.
  await listener.page.fill("#nick", listener.name);
  await listener.page.click('[data-home="create"]');
  await listener.page.selectOption("#preset", "sport");
  while ((await listener.page.locator("details.more:not([open]) > summary").count()) > 0) await listener.page.locator("details.more:not([open]) > summary").first().click();
  await listener.page.locator('input[name="sameRoom"]').check();
  await listener.page.locator('input[name="autoDeal"]').check();
  await listener.page.locator('form[data-form="create"] button[type="submit"]').click();
  await listener.page.waitForURL(/\/t\/[A-Z0-9]{6}$/);
  const code = listener.page.url().split("/t/")[1]!;
  await shouter.page.fill("#nick", shouter.name);
  await shouter.page.fill("#join-code", code.toLowerCase());
  await shouter.page.click('form[data-form="join"] button[type="submit"]');
  await shouter.page.waitForURL(new RegExp(`/t/${code}$`));
  await listener.page.locator('[data-seats-left="8"]').waitFor({ timeout: SLOW_MS });
  await listener.page.locator('[data-control="fill-bots"]').click();
  for (const p of people) {
    await p.page.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS });
    p.seat = Number(await p.page.locator(".board").getAttribute("data-you-seat"));
  }
  await Promise.all(people.map((p) => p.page.locator("[data-voice-join]").click()));
  await Promise.all(people.map((p) => p.page.locator('[data-voice-status="on"]').waitFor({ timeout: SLOW_MS })));
  await installProbe(listener.page, { [shouter.seat]: shouter.tone });
  await expect.poll(async () => (await hearing(listener.page)).links[shouter.seat], { timeout: SLOW_MS }).toBe("connected");

  // On the test clock to the listener's own speech (a bot ends its speech at once; a person's lasts its
  // time), where the shouter may shout.
  await driveUntil(server.base, listener.page, code, (s) => "end-speech" in s.actions);
  await shouter.page.locator('[data-action="shout"]:not([disabled])').waitFor({ timeout: SLOW_MS });
  // The shouter's page sends its microphone whatever the floor says: only the listener's gate can close it.
  await shouter.page.evaluate(() => void ((window as unknown as { __mafiaMesh: { hostile: boolean } }).__mafiaMesh.hostile = true));
  await shouter.page.locator('[data-action="shout"]:not([disabled])').click({ timeout: 5_000 });

  // The listener's floor opens the shouter, and its FFT hears the shouter's pitch.
  await expect.poll(async () => (await hearing(listener.page)).heard, { timeout: 4_000 }).toEqual([shouter.seat]);
  const shout = listener.frames
    .map((f) => JSON.parse(f) as { type: string; view?: { game?: { shout: { seat: number; until: number } | null } } })
    .map((f) => (f.type === "view" ? f.view?.game?.shout : null))
    .filter((x) => x?.seat === shouter.seat)
    .at(-1)!;
  expect(shout, "the listener's view holds the shout").toBeTruthy();
  // The shout's end on this machine's clock (the table's clock is real time plus the test clock's skew).
  const untilLocal = shout.until - listener.skew;

  // The stall: one task on the listener's page, a busy loop from now to 1.5 s past the shout's end. At its
  // end, still in that task (no timer, no frame, no render ran), what does the page play?
  const r = await listener.page.evaluate(
    ([untilLocal, pastMs, seat, hz]) => {
      const m = (window as unknown as { __mafiaMesh: { output: AnalyserNode; planFor(s: number): { playAudio: boolean } } }).__mafiaMesh;
      const buf = new Float32Array(m.output.frequencyBinCount);
      const binHz = m.output.context.sampleRate / m.output.fftSize;
      const level = () => {
        m.output.getFloatFrequencyData(buf);
        const k = Math.round(hz / binHz);
        return Math.max(buf[k - 1]!, buf[k]!, buf[k + 1]!);
      };
      const start = Date.now();
      const before = level();
      while (Date.now() < untilLocal + pastMs) {
        /* the page's main thread is stalled: no frame is handled, no timer runs */
      }
      return { start, end: Date.now(), before, after: level(), planStillPlays: m.planFor(seat).playAudio };
    },
    [untilLocal, PAST_MS, shouter.seat, shouter.tone] as const,
  );
  const summary = `stall from ${r.start - untilLocal} ms to ${r.end - untilLocal} ms around the shout's end; the shouter's pitch ${r.before.toFixed(0)} dB before, ${r.after.toFixed(0)} dB after; the page's plan still plays it: ${r.planStillPlays}`;
  console.log(`voice-deadline: ${summary}`);
  expect(r.start, `the stall began before the deadline (${summary})`).toBeLessThan(untilLocal);
  expect(r.before, `the shouter was heard when the stall began (${summary})`).toBeGreaterThan(-55);
  // No frame was handled during the stall: the page's plan (applied from frames and timers) still plays the shouter …
  expect(r.planStillPlays, "the page ran nothing during the stall").toBe(true);
  // … and yet the page has stopped playing the shouter: its gate closed at the deadline on the audio clock.
  expect(r.after, `the stalled page still plays the shouter past the shout's end (${summary})`).toBeLessThanOrEqual(-55);

  // Running again, the page applies the frame: the floor no longer plays the shouter, and it hears nothing of it.
  await expect.poll(async () => (await hearing(listener.page)).expected, { timeout: SLOW_MS }).toEqual([]);
  await expect.poll(async () => (await hearing(listener.page)).heard, { timeout: SLOW_MS }).toEqual([]);
  await shouter.page.evaluate(() => void ((window as unknown as { __mafiaMesh: { hostile: boolean } }).__mafiaMesh.hostile = false));
  await Promise.all(people.map((p) => p.ctx.close()));
});
