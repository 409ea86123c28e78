/**
 * Issue 30 "Must show", the recording (RULES.md §6.11, §8 "a recording holds what a spectator without delay
 * would hear — the public channel and the host — never the black team's night channel"): a club that
 * records its games opens an online tatar evening; its owner is the live host and records from the host's
 * page while taking part in the voice. Two people with accounts sit at the table (nine bots... ten fill
 * it), each in their own Chromium process with their own fake-microphone pitch: the first gets the Don's
 * card (black), the second a red card (the table's fixed seed and the bots' first-free-card habit). The
 * host's page uploads the recording in pieces as the game goes; the test then downloads it as the club's
 * owner, decodes it in the page (decodeAudioData) and measures each pitch over time (a Goertzel filter per
 * 250 ms), aligned with the page's clock:
 *   - while the host holds "Hold to talk to the table", the host's pitch is in the file;
 *   - during each person's own speech, that person's pitch is in the file;
 *   - during the mafia's night step, when the host's page plays the Don's voice (the night channel), the
 *     Don's pitch is not in the file.
 * The 72-hour deletion of the pieces is the worker suite's (test/worker/recordings.test.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createGame } from "../../shared/engine/apply.ts";
import { advanceClock, boardSnapshot, endGameNow, unlessMovedOn, ensureWebBuild, launchChromium, LOAD_MS, openMediaPage, startWrangler, type Server } from "./harness.ts";
import { hearing, installProbe, pick, toneFlags } from "./media-probe.ts";

/** How long the test waits, per night, for the host's page to hear the Don before the shot goes ahead. */
const NIGHT_WAIT_MS = 20_000;

const SLOW_MS = 30_000;
const PHONE = { width: 390, height: 800 };
const PASSWORD = "correct horse 42";
const HOST_TONE = 900;
const BLACK_TONE = 500;
const RED_TONE = 1100;

/** A seed that leaves the two people (joining first; ten bots after) the Don's card and a red card. */
function recSeed(): { seed: string; cards: [number, number] } {
  for (let i = 0; i < 5000; i++) {
    const seed = `recording-${i}`;
    const players = Array.from({ length: 12 }, (_, k) => ({ id: `p${k}`, nickname: `n${k}`, bot: k >= 2 }));
    const deck = (createGame("tatar", {}, players, seed, 0, { host: "live" }) as unknown as { stage: { data: { deck: string[] } } }).stage.data.deck;
    const don = [10, 11].find((c) => deck[c] === "don");
    const red = [10, 11].find((c) => ["civilian", "doctor", "commissar"].includes(deck[c]!));
    if (don !== undefined && red !== undefined) return { seed, cards: [don, red] };
  }
  throw new Error("no seed leaves the Don and a red card to the people");
}
const rec = recSeed();

let server: Server;
let chromes: Array<Awaited<ReturnType<typeof launchChromium>>> = [];
let dir: string;

beforeAll(async () => {
  ensureWebBuild();
  dir = mkdtempSync(join(tmpdir(), "mafia-recording-"));
  const started = await Promise.all([startWrangler({ vars: { BOT_THINK_MS: "100", E2E_TABLE_SEED: rec.seed } }), ...[HOST_TONE, BLACK_TONE, RED_TONE].map((hz) => launchChromium(toneFlags(dir, hz)))]);
  server = started[0] as Server;
  chromes = started.slice(1) as typeof chromes;
});

afterAll(async () => {
  await Promise.all(chromes.map((c) => c.close()));
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function openPage(chrome: (typeof chromes)[number]): Promise<{ ctx: BrowserContext; page: Page; errors: string[] }> {
  return openMediaPage(chrome.browser, server.base, PHONE, SLOW_MS);
}

/** The page's own account (the session cookie lands in its context). */
async function signUp(page: Page, nickname: string): Promise<void> {
  const res = await page.request.post(`${server.base}/api/auth/password/register`, { data: { nickname, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
}

const now = (page: Page) => page.evaluate(() => performance.now());

/**
 * The recording as the club's owner downloads it, decoded in the page: per 250 ms window, the amplitude of
 * each pitch (a Goertzel filter), with the window's start in the page's performance.now() (the recording
 * began at `startedAt`).
 */
async function analyse(page: Page, url: string, startedAt: number, tones: number[]): Promise<{ seconds: number; windows: Array<{ at: number; amp: Record<number, number> }> }> {
  return page.evaluate(
    async ([url, startedAt, tones]) => {
      const res = await fetch(url, { credentials: "include" });
      if (!res.ok) throw new Error(`recording: ${res.status} ${await res.text()}`);
      const ctx = new AudioContext();
      const audio = await ctx.decodeAudioData(await res.arrayBuffer());
      const x = audio.getChannelData(0);
      const rate = audio.sampleRate;
      const n = Math.round(rate / 4);
      const windows: Array<{ at: number; amp: Record<number, number> }> = [];
      for (let start = 0; start + n <= x.length; start += n) {
        const amp: Record<number, number> = {};
        for (const f of tones) {
          const w = (2 * Math.PI * f) / rate;
          const c = 2 * Math.cos(w);
          let s1 = 0;
          let s2 = 0;
          for (let i = 0; i < n; i++) {
            const s0 = x[start + i]! + c * s1 - s2;
            s2 = s1;
            s1 = s0;
          }
          amp[f] = (2 * Math.sqrt(Math.max(0, s1 * s1 + s2 * s2 - c * s1 * s2))) / n;
        }
        windows.push({ at: startedAt + (start / rate) * 1000, amp });
      }
      await ctx.close();
      return { seconds: x.length / rate, windows };
    },
    [url, startedAt, tones] as const,
  );
}

test("RULES.md §6.11, §8 a club's recording holds the public channel and the host, never the night channel: decoded and measured in the page", async () => {
  const started = Date.now();
  const tag = Date.now().toString(36).slice(-4);
  const [cHost, cBlack, cRed] = chromes as [typeof chromes[number], typeof chromes[number], typeof chromes[number]];
  const host = await openPage(cHost);
  const black = await openPage(cBlack);
  const red = await openPage(cRed);
  const names = { host: `Owner${tag}`, black: `Dana${tag}`, red: `Roma${tag}` };
  await Promise.all([signUp(host.page, names.host), signUp(black.page, names.black), signUp(red.page, names.red)]);

  // A club that records its games (§6.11 consent), an online tatar evening; the two sign up, in order.
  const club = await host.page.request.post(`${server.base}/api/clubs`, { data: { name: `Recorded ${tag}`, city: "Kyiv", language: "en", formats: ["tatar"], timeZone: "Europe/Kyiv", recordGames: true } });
  expect(club.status(), await club.text()).toBe(201);
  const clubId = ((await club.json()) as { club: { id: string } }).club.id;
  const evening = await host.page.request.post(`${server.base}/api/clubs/${clubId}/evenings`, { data: { startsAt: Date.now() + 3_600_000, online: true, presetId: "tatar" } });
  expect(evening.status(), await evening.text()).toBe(201);
  const eveningId = ((await evening.json()) as { evening: { id: string } }).evening.id;
  for (const p of [black, red]) expect((await p.page.request.post(`${server.base}/api/clubs/${clubId}/evenings/${eveningId}/signup`, { data: {} })).status()).toBe(200);

  // The owner opens the evening's table as its live host; the two sit down by their accounts.
  await host.page.goto(`${server.base}/c/${clubId}/e/${eveningId}`);
  await host.page.locator("[data-evening-open]").click({ timeout: LOAD_MS });
  await host.page.waitForURL(/\/t\/[A-Z0-9]{6}$/, { timeout: SLOW_MS });
  const code = host.page.url().split("/t/")[1]!;
  await host.page.locator("[data-organizer]").waitFor();
  for (const [p, nick] of [[black, names.black], [red, names.red]] as const) {
    await p.page.goto(`${server.base}/t/${code}`);
    await p.page.locator('form[data-form="join-here"] #nick').fill(nick, { timeout: SLOW_MS });
    await p.page.locator('form[data-form="join-here"] button[type="submit"]').click();
    await p.page.locator('form[data-form="join-here"]').waitFor({ state: "detached", timeout: SLOW_MS });
  }
  // The recording switch starts on at a recording club's table; the host records (its microphone: the
  // room, until the host's page joins the voice and records its public mix instead).
  await host.page.locator("[data-recording]").waitFor({ timeout: SLOW_MS });
  // Each chunk the host's page stores is one R2 write (a Class A operation): counted, for the size check below.
  const chunkPuts: string[] = [];
  host.page.on("request", (r) => {
    if (r.method() === "PUT" && /\/recording\/chunks\/\d+$/.test(r.url())) chunkPuts.push(r.url());
  });
  await host.page.locator("[data-recorder-start]").click();
  await host.page.locator('[data-recorder][data-state="ready"]').waitFor({ timeout: SLOW_MS });
  await host.page.locator('[data-control="fill-bots"]').click({ timeout: SLOW_MS });
  await expect.poll(async () => ((await (await fetch(`${server.base}/api/tables/${code}`)).json()) as { seats: { taken: number } }).seats.taken, { timeout: SLOW_MS }).toBe(12);
  // (A full table may start by itself.)
  await Promise.race([host.page.locator('[data-control="start"]:not([disabled])').click({ timeout: SLOW_MS }).catch(() => {}), host.page.locator("[data-host-panel]").waitFor({ timeout: SLOW_MS })]);
  await host.page.locator('[data-recorder][data-state="recording"]').waitFor({ timeout: SLOW_MS });
  const startedAt = Number(await host.page.locator("[data-recorder]").getAttribute("data-started-at"));
  for (const [i, p] of [black, red].entries()) {
    await p.page.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS });
    await expect.poll(() => p.page.locator('[data-action="take-card"] [data-card]:not([disabled])').count(), { timeout: SLOW_MS }).toBeLessThanOrEqual(2 - i);
    await p.page.locator(`[data-action="take-card"] [data-card="${rec.cards[i]}"]`).click();
  }
  const seatOf = async (p: { page: Page }) => Number(await p.page.locator(".board").getAttribute("data-you-seat"));
  const blackSeat = await seatOf(black);
  const redSeat = await seatOf(red);
  for (const p of [host, black, red]) await p.page.locator("[data-voice-mic-only]").click();
  await Promise.all([host, black, red].map((p) => p.page.locator('[data-voice-status="on"]').waitFor({ timeout: SLOW_MS })));
  await expect
    .poll(() => host.page.evaluate(() => Object.values((window as unknown as { __mafiaMesh: { states(): Record<number, string> } }).__mafiaMesh.states()).filter((s) => s === "connected").length), { timeout: SLOW_MS * 2 })
    .toBe(2);

  // Play, noting when (in the host page's clock) each person speaks, the host talks, and the Don speaks
  // in the night channel (and the host's page plays it).
  const speech: Record<number, Array<[number, number]>> = { [blackSeat]: [], [redSeat]: [] };
  const night: Array<[number, number]> = [];
  const hostTalk: Array<[number, number]> = [];
  const acted = new Set<string>();
  const deadline = Date.now() + 300_000;
  /** When this night's shot stage was first seen without the host's page hearing the Don (null: not waiting). */
  let nightSince: number | null = null;
  const done = () => speech[blackSeat]!.length > 0 && speech[redSeat]!.length > 0 && night.length > 0 && hostTalk.length > 0;
  while (Date.now() < deadline && !done()) {
    const [h, b, r] = await Promise.all([host, black, red].map((p) => boardSnapshot(p.page)));
    if (h!.result) break;
    if (h!.busy || b!.busy || r!.busy) {
      await sleep(100);
      continue;
    }
    const speaker = Number((await host.page.locator(".board").getAttribute("data-speaker")) || 0);
    const hearsDon = await host.page.evaluate((s) => (window as unknown as { __mafiaMesh: { planFor(p: number): { playAudio: boolean } } }).__mafiaMesh.planFor(s).playAudio, blackSeat);
    // A person's own speech: 3 s of it, then "thank you".
    for (const [p, seat, snap] of [[black, blackSeat, b!], [red, redSeat, r!]] as const) {
      if (speaker === seat && h!.phase === "speech" && "end-speech" in snap.actions) {
        // The first speech is the one measured (3 s of it); later ones end at once.
        if (speech[seat]!.length === 0) {
          const from = await now(host.page);
          await sleep(3_000);
          speech[seat]!.push([from, await now(host.page)]);
        }
        await p.page.locator('[data-action="end-speech"]').click({ timeout: 5_000 }).catch((e) => unlessMovedOn(p.page, snap, e));
      }
    }
    // The host talks to the table for 2 s (Space held on the table), in a vote.
    if (hostTalk.length === 0 && (h!.phase === "voting" || h!.phase === "free-talk")) {
      await host.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await host.page.keyboard.down("Space");
      await host.page.locator('[data-ptt="talking"]').waitFor({ timeout: SLOW_MS });
      const from = await now(host.page);
      await sleep(2_000);
      hostTalk.push([from, await now(host.page)]);
      await host.page.keyboard.up("Space");
    }
    // The mafia's step: the host's page plays the Don (the night channel) for 3 s before the shot. Its
    // media plan follows the view a moment later (more so on a busy machine): until the page reports it
    // hears the Don, nobody shoots and the clock stays (at most NIGHT_WAIT_MS per night, then on as before).
    if (h!.phase === "night-shot" && night.length === 0 && !hearsDon) {
      nightSince ??= Date.now();
      if (Date.now() - nightSince < NIGHT_WAIT_MS) {
        await sleep(150);
        continue;
      }
    } else if (h!.phase !== "night-shot") nightSince = null;
    if (h!.phase === "night-shot" && hearsDon && night.length === 0) {
      const from = await now(host.page);
      await sleep(3_000);
      if ((await boardSnapshot(host.page)).phase === "night-shot") night.push([from, await now(host.page)]);
    }
    // The host confirms a waiting stage; the people vote and act; else the test clock moves on.
    const ready = host.page.locator('[data-host-confirm="ready"]:not([disabled])');
    if (await ready.count()) {
      await ready.click({ timeout: 5_000 }).catch(async (e) => {
        if (await ready.count()) throw e; // still offered and not clickable: a failure, not a stage that moved on
      });
      await sleep(150);
      continue;
    }
    let moved = false;
    for (const [i, [p, snap]] of ([[black, b!], [red, r!]] as const).entries()) {
      for (const [action, targets] of Object.entries(snap.actions)) {
        if (moved || !(action === "vote" || action.startsWith("use:")) || targets.length === 0 || acted.has(`${i}:${snap.seq}:${action}`)) continue;
        acted.add(`${i}:${snap.seq}:${action}`);
        await pick(p.page, action, targets.find((x) => x !== snap.you && x !== blackSeat && x !== redSeat) ?? targets[0]!).catch((e) => unlessMovedOn(p.page, snap, e));
        moved = true;
      }
    }
    if (moved) continue;
    const seq = Math.max(h!.seq, b!.seq, r!.seq);
    if (seq > 0 && !(speaker === blackSeat || speaker === redSeat)) await advanceClock(server.base, code, seq);
    await sleep(150);
  }
  expect(done(), `speeches ${JSON.stringify(speech)}, night ${JSON.stringify(night)}, host ${JSON.stringify(hostTalk)}`).toBe(true);
  // RULES.md §8: nobody listens before the end, so the game ends now (the test clock's abort; the recorder
  // stops at the result) and the recording is fetched only then.
  await endGameNow(server.base, code);
  await host.page.locator('[data-recorder][data-state="ready"]').waitFor({ timeout: SLOW_MS });

  // The chunks go up every 30 s and at the end: wait until the file covers the last moment noted, then measure it.
  const last = Math.max(...[...Object.values(speech).flat(), ...night, ...hostTalk].map(([, to]) => to));
  const url = `/api/tables/${code}/games/1/recording`;
  let a = await analyse(host.page, url, startedAt, [HOST_TONE, BLACK_TONE, RED_TONE]);
  const until = Date.now() + 60_000;
  while (startedAt + a.seconds * 1000 < last + 1_000 && Date.now() < until) {
    await sleep(2_000);
    a = await analyse(host.page, url, startedAt, [HOST_TONE, BLACK_TONE, RED_TONE]);
  }
  /** The loudest amplitude of a pitch over the windows well inside an interval (a margin for the clocks). */
  const peak = (tone: number, [from, to]: [number, number]) => Math.max(0, ...a.windows.filter((w) => w.at >= from + 500 && w.at + 250 <= to - 250).map((w) => w.amp[tone]!));
  const HEARD = 0.02;
  const report = {
    seconds: a.seconds.toFixed(1),
    host: hostTalk.map((i) => peak(HOST_TONE, i).toFixed(3)),
    black: speech[blackSeat]!.map((i) => peak(BLACK_TONE, i).toFixed(3)),
    red: speech[redSeat]!.map((i) => peak(RED_TONE, i).toFixed(3)),
    night: night.map((i) => peak(BLACK_TONE, i).toFixed(4)),
  };
  for (const i of hostTalk) expect(peak(HOST_TONE, i), `the host's voice is in the recording ${JSON.stringify(report)}`).toBeGreaterThan(HEARD);
  for (const i of speech[blackSeat]!) expect(peak(BLACK_TONE, i), `the black person's own speech is in the recording ${JSON.stringify(report)}`).toBeGreaterThan(HEARD);
  for (const i of speech[redSeat]!) expect(peak(RED_TONE, i), `the red person's speech is in the recording ${JSON.stringify(report)}`).toBeGreaterThan(HEARD);
  for (const i of night) expect(peak(BLACK_TONE, i), `the night channel is not in the recording ${JSON.stringify(report)}`).toBeLessThan(HEARD / 4);
  for (const p of [host, black, red]) expect(p.errors).toEqual([]);
  // RULES.md §6.11, docs/PERFORMANCE.md: a chunk holds RECORDING_CHUNK_MS (30 s) of audio, so the game's
  // recording took one R2 write per 30 s and the last part (one more if the page was hidden meanwhile).
  expect(chunkPuts.length, `${chunkPuts.length} chunks for ${a.seconds.toFixed(1)} s of audio`).toBeLessThanOrEqual(Math.ceil(a.seconds / 30) + 2);
  expect(chunkPuts.length).toBeGreaterThan(0);
  console.log(`recording: ${chunkPuts.length} chunks stored; ${a.seconds.toFixed(1)} s decoded in the page; peaks ${JSON.stringify(report)}; total ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await Promise.all([host, black, red].map((p) => p.ctx.close()));
}, 480_000);

/**
 * Issue 30 "Must show", spectators at a delayed table (RULES.md §8 "after the table's spectator delay"): a
 * sport table whose spectators see it 30 s late; one person (a pitch of their own) and nine bots play; a
 * spectator presses "Listen". The person's voice reaches the spectator's ears no earlier than the delayed
 * view shows their speech, and whenever the spectator hears it, its (delayed) floor lets it.
 */
test("RULES.md §8 a spectator at a delayed table listens behind the delay, never ahead of its view", async () => {
  const DELAY_S = 30;
  const [cSpectator, cPerson] = chromes as [typeof chromes[number], typeof chromes[number]];
  const person = await openPage(cPerson);
  const spectator = await openPage(cSpectator);
  await person.page.fill("#nick", "Sasha", { timeout: LOAD_MS });
  await person.page.click('[data-home="create"]');
  await person.page.selectOption("#preset", "sport");
  while ((await person.page.locator("details.more:not([open]) > summary").count()) > 0) await person.page.locator("details.more:not([open]) > summary").first().click();
  await person.page.selectOption("#spectatorDelay", String(DELAY_S));
  await person.page.click('form[data-form="create"] button[type="submit"]');
  await person.page.waitForURL(/\/t\/[A-Z0-9]{6}$/, { timeout: LOAD_MS });
  const code = person.page.url().split("/t/")[1]!;
  await person.page.locator('[data-control="fill-bots"]').click({ timeout: SLOW_MS });
  await person.page.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS });
  const seat = Number(await person.page.locator(".board").getAttribute("data-you-seat"));
  await person.page.locator("[data-voice-mic-only]").click();
  await spectator.page.goto(`${server.base}/t/${code}`);
  await spectator.page.locator("[data-delay]").or(spectator.page.locator(".board[data-phase]")).first().waitFor({ timeout: SLOW_MS * 2 });
  await spectator.page.locator("[data-voice-join]").click({ timeout: SLOW_MS * 2 });
  await spectator.page.locator('[data-voice-status="on"]').waitFor({ timeout: SLOW_MS });
  await installProbe(spectator.page, { [seat]: BLACK_TONE }, 20);
  await expect.poll(() => spectator.page.evaluate(() => Object.values((window as unknown as { __mafiaMesh: { states(): Record<number, string> } }).__mafiaMesh.states())), { timeout: SLOW_MS * 2 }).toEqual(["connected"]);

  // The person plays; their own day speech lasts 4 s. The spectator's page samples its own ears every 20 ms
  // (whether it hears the person, and whether its delayed floor allows it), on the machine's clock.
  await spectator.page.evaluate((seat) => {
    const w = window as unknown as { __voiceProbe: { heard: number[]; expected: number[] }; __ears?: Array<{ at: number; heard: boolean; allowed: boolean }> };
    const ears: Array<{ at: number; heard: boolean; allowed: boolean }> = (w.__ears = []);
    setInterval(() => ears.push({ at: Date.now(), heard: w.__voiceProbe.heard.includes(seat), allowed: w.__voiceProbe.expected.includes(seat) }), 20);
  }, seat);
  const samples: Array<{ at: number; heard: boolean; allowed: boolean }> = [];
  let spokeAt: number | null = null;
  const acted = new Set<string>();
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    const s = await boardSnapshot(person.page);
    const h = await hearing(spectator.page);
    samples.push({ at: Date.now(), heard: h.heard.includes(seat), allowed: h.expected.includes(seat) });
    if (spokeAt !== null && Date.now() > spokeAt + (DELAY_S + 10) * 1000) break;
    if (s.busy || s.phase === null) {
      await sleep(100);
      continue;
    }
    if (spokeAt === null && s.phase === "speech" && "end-speech" in s.actions) {
      spokeAt = Date.now();
      for (const until = Date.now() + 4_000; Date.now() < until; await sleep(100)) {
        const x = await hearing(spectator.page);
        samples.push({ at: Date.now(), heard: x.heard.includes(seat), allowed: x.expected.includes(seat) });
      }
      // The speech began for the media when the person's page switched its floor (its plan's last change),
      // which may be earlier than this driver noticed it.
      const switched = await person.page.evaluate(() => {
        const m = (window as unknown as { __mafiaMesh: { switches: Array<{ at: number }> } }).__mafiaMesh;
        const last = m.switches.at(-1);
        return last ? performance.timeOrigin + last.at : null;
      });
      if (switched !== null && switched < spokeAt) spokeAt = switched;
      await person.page.locator('[data-action="end-speech"]').click({ timeout: 5_000 }).catch((e) => unlessMovedOn(person.page, s, e));
      continue;
    }
    if (s.cards > 0 && !acted.has(`card:${s.seq}`)) {
      acted.add(`card:${s.seq}`);
      await person.page.locator('[data-action="take-card"] [data-card]:not([disabled])').first().click({ timeout: 5_000 }).catch((e) => unlessMovedOn(person.page, s, e));
      continue;
    }
    let moved = false;
    for (const [action, targets] of Object.entries(s.actions)) {
      if (moved || !(action === "vote" || action === "nominate" || action.startsWith("use:")) || targets.length === 0 || acted.has(`${s.seq}:${action}`)) continue;
      acted.add(`${s.seq}:${action}`);
      await pick(person.page, action, targets.find((x) => x !== s.you) ?? targets[0]!).catch((e) => unlessMovedOn(person.page, s, e));
      moved = true;
    }
    if (moved) continue;
    // The test clock moves the table's time ahead, and with it the moment a delayed view is old enough to
    // show; the spectator's ears are behind by real seconds. So once the person has spoken, the table runs
    // on real time only (in production nothing moves a table's clock).
    if (spokeAt === null) await advanceClock(server.base, code, s.seq);
    await sleep(150);
  }
  expect(spokeAt, "the person spoke").not.toBeNull();
  samples.push(...(await spectator.page.evaluate(() => (window as unknown as { __ears: Array<{ at: number; heard: boolean; allowed: boolean }> }).__ears)));
  samples.sort((x, y) => x.at - y.at);
  const heardAt = samples.filter((x) => x.heard).map((x) => x.at);
  expect(heardAt.length, "the spectator heard the person").toBeGreaterThan(5);
  // Never ahead: the first sound comes no earlier than the delay after the speech began (a second's margin
  // for the two pages' clocks and the sampling), and the spectator hears only what its delayed floor allows
  // (a sample where it hears the person with the floor closed counts only 300 ms after it last allowed it: the
  // analyser's window and the sampling).
  expect(Math.min(...heardAt) - spokeAt!, "the spectator's ears are behind by the delay").toBeGreaterThan((DELAY_S - 1) * 1000);
  const ahead = samples.filter((x) => x.heard && !x.allowed && !samples.some((y) => y.allowed && y.at <= x.at && y.at >= x.at - 300));
  expect(ahead.length, "heard while the delayed floor did not allow it").toBe(0);
  console.log(`delayed spectator: spoke at +0, first heard at +${((Math.min(...heardAt) - spokeAt!) / 1000).toFixed(1)} s (delay ${DELAY_S} s), ${heardAt.length} samples heard`);
  for (const p of [person, spectator]) expect(p.errors).toEqual([]);
  await Promise.all([person, spectator].map((p) => p.ctx.close()));
}, 360_000);
