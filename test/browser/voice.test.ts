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
 *
 * Also in the first game: a hostile sender (a test hook sends its microphone and camera to every peer
 * whatever the floor says): the honest pages' raw received tracks carry its pitch, their played audio
 * does not; the push-to-talk shout (the shouter is heard only while holding "Hold to talk"); the seat
 * tiles' initials without video; and the low-bandwidth mode "audio only" on one page (it neither
 * receives nor sends video: getStats framesDecoded).
 *
 * A second table, with the agreement "silent" and auto-deal on a fixed seed (E2E_TABLE_SEED, chosen
 * here with the engine so that two of the three people are black and one red): during the
 * acquaintance nobody hears anybody, the black pages *see* each other (received video frames increase)
 * and the red page receives no video from them; at the mafia's night shot the black pages hear each
 * other and the red page hears nothing, with nothing of theirs arriving on its raw tap.
 *
 * A third table, the same seed with the agreement "sound": one black page refuses the microphone (it
 * still hears its teammate and sends nothing), the other refuses the camera (audio only: heard, no
 * video ever arrives), and the red page first chooses "Play without voice", then joins and hears nothing.
 * Then a second tab of the red seat joins voice: the first tab is told and stops, the links move to
 * the new tab, and "Use voice here" takes them back.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createGame } from "../../shared/engine/apply.ts";
import { advanceClock, boardSnapshot, ensureWebBuild, launchChromium, LOAD_MS, recordFrames, openMediaPage, startWrangler, type Server } from "./harness.ts";
import { actOnce, exclude, frames, hearing, installProbe, pct, pick, settled, sineWav, type Hearing } from "./media-probe.ts";

const SLOW_MS = 30_000;
/** The three people's pitches (Hz): no one a harmonic of another. */
const TONES = [500, 700, 1100];
const PHONE = { width: 390, height: 800 };
/** The second table's settings: the silent agreement, roles dealt at once (so the fixed seed fixes them). */
const SILENT = { autoDeal: true, agreement: "silent" } as const;

/**
 * A table seed whose seat draw and auto-deal give the three people (joining first, then seven bots) two
 * black seats and one red: the engine's own createGame, as the table calls it. Returns the seed and each
 * person's (by join order) seat and team.
 */
function silentSeed(): { seed: string; people: Array<{ seat: number; team: string; role: string }> } {
  for (let i = 0; i < 1000; i++) {
    const seed = `voice-${i}`;
    const players = Array.from({ length: 10 }, (_, k) => ({ id: `p${k}`, nickname: `n${k}`, bot: k >= 3 }));
    const s = createGame("sport", { ...SILENT }, players, seed, 0) as unknown as { players: Array<{ id: string; seat: number; team: string | null; role: string | null }> };
    const people = [0, 1, 2].map((k) => s.players.find((p) => p.id === `p${k}`)!).map((p) => ({ seat: p.seat, team: String(p.team), role: String(p.role) }));
    // One of the black people is the Don: the page sets the shooting plan, which the black bot follows
    // at the first night, so the shot lands on the red person (their last words, RULES.md §2.9).
    if (people.filter((p) => p.team === "black").length === 2 && people.some((p) => p.role === "don")) return { seed, people };
  }
  throw new Error("no seed gives two black people, one of them the Don");
}
const silent = silentSeed();

let server: Server;
let chromes: Array<Awaited<ReturnType<typeof launchChromium>>> = [];
let dir: string;

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
  const started = await Promise.all([startWrangler({ vars: { BOT_THINK_MS: "100", E2E_TABLE_SEED: silent.seed } }), ...wavs.map((w) => launchChromium(flags(w)))]);
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

/**
 * Each person's page in its own Chromium process (its own pitch), on the home page. `deny[i]`: that
 * page's getUserMedia refuses the camera or the microphone (NotAllowedError), as a person who says no
 * to the prompt (Chromium's fake-UI flag would grant everything).
 */
async function openPeople(deny: Array<"camera" | "mic" | null> = []): Promise<Person[]> {
  return Promise.all(
    TONES.map(async (tone, i) => {
      const ctx = await chromes[i]!.browser.newContext({ viewport: PHONE, locale: "en-GB", deviceScaleFactor: 1 });
      ctx.setDefaultTimeout(SLOW_MS);
      ctx.setDefaultNavigationTimeout(LOAD_MS);
      // Raw microphones: a steady sine is what noise suppression exists to remove.
      await ctx.addInitScript(() => localStorage.setItem("mafia.voice.processing", "off"));
      // bench/media-floor.ts's baseline (issue 30): the media path as before warm links.
      if (process.env.MAFIA_VOICE_COLD === "1") await ctx.addInitScript(() => localStorage.setItem("mafia.voice.cold", "1"));
      const refuse = deny[i];
      if (refuse) {
        await ctx.addInitScript((refuse) => {
          const md = navigator.mediaDevices;
          const real = md.getUserMedia.bind(md);
          md.getUserMedia = async (c?: MediaStreamConstraints) => {
            if ((refuse === "camera" && c?.video) || (refuse === "mic" && c?.audio)) throw new DOMException("Permission denied", "NotAllowedError");
            return real(c);
          };
        }, refuse);
      }
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(`${server.base}/`);
      return { name: `Voice${i + 1}`, tone, ctx, page, seat: 0, errors };
    }),
  );
}

/**
 * The first person creates a sport table (same-room seats; `settings` ticked in the form), the others
 * join, the organizer fills the rest with bots, and the game starts; returns the table code once every
 * page shows the board with its seat, everyone has joined voice, the probes listen and every link is up.
 */
async function seatAndJoin(people: Person[], settings: { autoDeal?: boolean; agreement?: string } = {}, beforeJoin?: () => Promise<void>): Promise<string> {
  const [org, ...guests] = people;
  await org!.page.fill("#nick", org!.name);
  await org!.page.click('[data-home="create"]');
  await org!.page.selectOption("#preset", "sport");
  while ((await org!.page.locator("details.more:not([open]) > summary").count()) > 0) await org!.page.locator("details.more:not([open]) > summary").first().click();
  await org!.page.locator('input[name="sameRoom"]').check();
  if (settings.autoDeal) await org!.page.locator('input[name="autoDeal"]').check();
  if (settings.agreement) await org!.page.locator(`input[name="agreement"][value="${settings.agreement}"]`).check();
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
  for (const p of people) {
    await p.page.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS });
    p.seat = Number(await p.page.locator(".board").getAttribute("data-you-seat"));
    expect(p.seat).toBeGreaterThan(0);
    // Before joining: the microphone is off, and the page says so; the tiles show no media.
    expect(await p.page.locator("[data-voice-floor]").getAttribute("data-voice-floor")).toBe("no");
    expect(await p.page.locator("[data-initial]").count()).toBe(0);
  }
  await beforeJoin?.();
  await Promise.all(people.map((p) => p.page.locator("[data-voice-join]").click()));
  await Promise.all(people.map((p) => p.page.locator('[data-voice-status="on"]').waitFor({ timeout: SLOW_MS })));
  for (const p of people) {
    const toneOf = Object.fromEntries(people.filter((q) => q !== p).map((q) => [q.seat, q.tone]));
    await installProbe(p.page, toneOf);
    await p.page.evaluate(() => void (window as unknown as { __mafiaMesh: { enableRawTap(): void } }).__mafiaMesh.enableRawTap());
  }
  // Every link between the three people connects.
  await expect
    .poll(async () => (await Promise.all(people.map((p) => hearing(p.page)))).every((h) => Object.values(h.links).length === 2 && Object.values(h.links).every((s) => s === "connected")), { timeout: SLOW_MS })
    .toBe(true);
  return code;
}

test("RULES.md §8 media: three people with real WebRTC: the floor decides who hears whom, dealing to the end", async () => {
  const started = Date.now();
  const people = await openPeople();
  const code = await seatAndJoin(people);
  const connectedMs = Date.now() - started;

  // With voice on, each person's tile shows their initial while no video plays (dealing: no camera is on).
  for (const p of people) {
    await expect.poll(() => p.page.locator("[data-initial]").count()).toBe(3);
    expect(await p.page.locator("[data-video-seat]").count()).toBe(0);
    const initials = await p.page.locator("[data-initial]").allTextContents();
    expect(initials.sort()).toEqual(["V", "V", "V"]);
  }

  // A hostile sender: one page sends its microphone (and camera) to every peer, whatever its floor says.
  // Its pitch arrives on the honest pages' raw taps, and is never played there while their floor blocks it.
  const hostile = people[1]!;
  const honest = people.filter((p) => p !== hostile);
  for (const p of honest) await p.page.evaluate((h) => void ((window as unknown as { __voiceProbe: { watch: number } }).__voiceProbe.watch = h), hostile.seat);
  await hostile.page.evaluate(() => void ((window as unknown as { __mafiaMesh: { hostile: boolean } }).__mafiaMesh.hostile = true));
  const probeOf = (p: Person) => p.page.evaluate(() => {
    const x = (window as unknown as { __voiceProbe: { rawBlocked: number; violations: number; raw: number[] } }).__voiceProbe;
    return { rawBlocked: x.rawBlocked, violations: x.violations, raw: x.raw };
  });
  // Arrives: 30 samples (10 ms apart) of its pitch on each honest raw tap while the floor blocks it.
  await expect.poll(async () => (await Promise.all(honest.map(probeOf))).every((x) => x.rawBlocked >= 30), { timeout: SLOW_MS }).toBe(true);
  for (const p of honest) {
    expect((await probeOf(p)).violations, `seat ${p.seat} played the hostile sender`).toBe(0);
    // Its camera arrives too, and is not shown: the tile keeps the initial.
    expect(await p.page.locator(`[data-video-seat="${hostile.seat}"]`).count()).toBe(0);
  }
  const hostileSamples = (await Promise.all(honest.map(probeOf))).map((x) => x.rawBlocked);
  await hostile.page.evaluate(() => void ((window as unknown as { __mafiaMesh: { hostile: boolean } }).__mafiaMesh.hostile = false));
  for (const p of honest) await p.page.evaluate(() => void ((window as unknown as { __voiceProbe: { watch: null } }).__voiceProbe.watch = null));

  const seen = { dealing: 0, humanSpeech: 0, shout: 0, pttReleased: 0, end: 0, nonEmpty: 0, steps: 0, spotlight: 0 };
  let shouted = false;
  /** Shouts tried: a shout lasts 5 s of real time, and on a starved machine one may end before its checks ran (inconclusive): up to three. */
  let shoutTries = 0;
  // A spectator watches the whole game: the mesh is the seated players' only, no signal ever reaches it.
  const spectatorCtx = await chromes[0]!.browser.newContext({ viewport: PHONE, locale: "en-GB" });
  const spectator = await spectatorCtx.newPage();
  const spectatorFrames: string[] = [];
  recordFrames(spectator, spectatorFrames);
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
    let h = await settled(people);
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
      // A page plays only the peers it is linked with: while the speaker's page reconnects (a socket dropped
      // on a starved machine), a listener's plan has no link to them for a moment and `settled` agrees with
      // that. Wait for the links within the same stage (the one failure of this test, 2026-12-04).
      const seq = h[0]!.seq;
      for (let k = 0; k < 40 && h[0]!.seq === seq && people.some((p, i) => p !== human && !h[i]!.expected.includes(speaker!)); k++) {
        await sleep(250);
        h = await settled(people);
      }
      if (h[0]!.seq !== seq) continue; // the stage moved on meanwhile: the next round checks the next one
      seen.humanSpeech++;
      people.forEach((p, i) => expect(h[i]!.heard, `seat ${p.seat} hears the speaker ${speaker} only (${phase})`).toEqual(p === human ? [] : [speaker]));
      // The speaking mark comes from the played audio, and the seat's label says it (screen readers).
      if (seen.humanSpeech === 1) {
        const listener = people.find((p) => p !== human)!;
        await expect.poll(() => listener.page.locator(`[data-talking="${speaker}"]`).count(), { timeout: SLOW_MS }).toBe(1);
        const label = await listener.page.evaluate((s) => {
          const el = document.querySelector(`[data-seat="${s}"]`);
          return el?.getAttribute("aria-label") ?? el?.querySelector(".sr-only")?.textContent ?? "";
        }, speaker);
        expect(label).toContain("voice heard now");
        // Nobody else is marked: a person who is not played is not lit.
        expect(await listener.page.locator("[data-talking]").count()).toBe(1);
      }
      // The speaker's own speech: the open microphone of the floor, no push-to-talk.
      expect(await human.page.locator("[data-voice-floor]").getAttribute("data-voice-floor")).toBe("yes");
      expect(await human.page.locator("[data-ptt]").count()).toBe(0);
      // Issue 38 item 7 (a speech after the shout's: its 5 s are real time): the speaker's spotlight — their video large above the oval (not in the seat tile),
      // in the flow under the voice bar: it covers neither the "more" that holds the video quality nor the camera switch.
      if (shouted && seen.spotlight === 0) {
        const listener = people.find((p) => p !== human)!;
        const spotAt = Date.now();
        await listener.page.locator(`[data-spotlight="${speaker}"] video`).waitFor({ timeout: SLOW_MS });
        const spot = (await listener.page.locator(`[data-spotlight="${speaker}"] .spotlight-video`).boundingBox())!;
        expect(spot.width, "the spotlight is large on the phone (the tile's video is 70×50 px)").toBeGreaterThanOrEqual(240);
        expect(await listener.page.locator(`[data-video-seat="${speaker}"]`).count(), "the tile shows the initial meanwhile").toBe(0);
        for (const sel of ["[data-voice-more]", "[data-voice-camera]"]) {
          await listener.page.locator(sel).scrollIntoViewIfNeeded();
          const c = (await listener.page.locator(sel).boundingBox())!;
          const spot = (await listener.page.locator(`[data-spotlight="${speaker}"] .spotlight-video`).boundingBox())!;
          const overlap = c.x < spot.x + spot.width && spot.x < c.x + c.width && c.y < spot.y + spot.height && spot.y < c.y + c.height;
          expect(overlap, `the spotlight covers ${sel}`).toBe(false);
          const hit = await listener.page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest("[data-voice-more], [data-voice-camera]") !== null, [c.x + c.width / 2, c.y + c.height / 2]);
          expect(hit, `${sel} is on top at its centre`).toBe(true);
        }
        // docs/MEDIA.md "Per-peer quality": the speaker's camera goes to this viewer large (it shows it in the
        // spotlight), the viewer's own camera to the speaker small (a tile there).
        type Scales = { __mafiaMesh: { videoScales(): Record<number, number | null> } };
        await expect.poll(() => human.page.evaluate((to) => (window as unknown as Scales).__mafiaMesh.videoScales()[to], listener.seat), { timeout: SLOW_MS }).toBe(1);
        await expect.poll(() => listener.page.evaluate((to) => (window as unknown as Scales).__mafiaMesh.videoScales()[to], human.seat), { timeout: SLOW_MS }).toBe(2);
        seen.spotlight = Date.now() - spotAt || 1;
        // docs/UI.md "Voice controls and lobby voice": the spotlight at 360 px.
        await listener.page.setViewportSize({ width: 360, height: 740 });
        await listener.page.evaluate(() => window.scrollTo(0, 0));
        await listener.page.screenshot({ path: "docs/screenshots/voice-spotlight-phone.png" });
        await listener.page.setViewportSize(PHONE);
      }
      // Once in the game: another person shouts during this person's speech (RULES.md §2.5), with push-to-talk
      // (again at a later speech while a try was inconclusive).
      const i = people.findIndex((p, k) => p !== human && "shout" in snaps[k]!.actions && !snaps[k]!.result);
      if ((seen.shout === 0 || seen.pttReleased === 0) && shoutTries < 3 && i >= 0) {
        shouted = true;
        shoutTries++;
        const r = await pushToTalkShout(people, people[i]!, human);
        seen.shout += r.heardWhileHeld ? 1 : 0;
        seen.pttReleased += r.silentWhenReleased ? 1 : 0;
        continue;
      }
    }
    if (snaps.every((s) => s.result)) {
      seen.end++;
      people.forEach((p, i) => expect(h[i]!.heard, "at the end everybody hears everybody").toEqual(people.filter((q) => q !== p).map((q) => q.seat).sort((a, b) => a - b)));
      // Issue 31.12: with every camera on, no seat tile covers the voice bar's controls (the top tiles grow by their video).
      for (const p of people) {
        for (const sel of ["[data-voice-more]", "[data-voice-camera]", "[data-voice-mute]"]) {
          await p.page.locator(sel).scrollIntoViewIfNeeded();
          const c = (await p.page.locator(sel).boundingBox())!;
          const top = await p.page.evaluate(([x, y, s]) => document.elementFromPoint(x!, y!)?.closest(s as string) !== null, [c.x + c.width / 2, c.y + c.height / 2, sel] as const);
          expect(top, `seat ${p.seat}: ${sel} is on top at its centre`).toBe(true);
          // No seat tile overlaps the control at all.
          const covering = await p.page.evaluate((s) => {
            const r = document.querySelector(s)!.getBoundingClientRect();
            return [...document.querySelectorAll<HTMLElement>("[data-seat]")].filter((el) => {
              const q = el.getBoundingClientRect();
              return q.left < r.right && r.left < q.right && q.top < r.bottom && r.top < q.bottom;
            }).map((el) => el.dataset.seat);
          }, sel);
          expect(covering, `seat ${p.seat}: tiles over ${sel}`).toEqual([]);
        }
      }
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
  if (shouted) {
    expect(seen.shout, "the shouter was heard with the speaker while holding Hold to talk").toBeGreaterThan(0);
    expect(seen.pttReleased, "the shouter was silent again once released, the shout still open").toBeGreaterThan(0);
    expect(seen.spotlight, "a person's speech after the shout showed the speaker's spotlight").toBeGreaterThan(0);
  }
  expect(spectatorFrames.filter((f) => f.includes('"type":"view"')).length, "the spectator saw the game").toBeGreaterThan(3);
  expect(spectatorFrames.filter((f) => /"type"\s*:\s*"signal"/.test(f)), "no signal reaches a spectator").toEqual([]);
  await spectatorCtx.close();

  // The end: every camera to everyone. Low-bandwidth mode "audio only" on one page: it then neither
  // receives nor sends video (its links' video goes inactive), while video keeps flowing between the others.
  const [a, b, low] = people as [Person, Person, Person];
  await expect.poll(async () => (await a.page.locator("[data-video-seat]").count()) >= 2, { timeout: SLOW_MS }).toBe(true);
  // The quality setting sits behind the voice bar's "more".
  await low.page.locator("[data-voice-more]").click();
  await low.page.selectOption("[data-voice-bandwidth]", "audio");
  await expect
    .poll(() => low.page.evaluate(() => Object.values((window as unknown as { __mafiaMesh: { videoDirections(): Record<number, string | null> } }).__mafiaMesh.videoDirections())), { timeout: SLOW_MS })
    .toEqual(["inactive", "inactive"]);
  const lowBefore = await frames(low.page);
  const aBefore = await frames(a.page);
  // Video still flows from b to a (a condition to wait on, not a sleep) ...
  await expect.poll(async () => (await frames(a.page))[b.seat]! - aBefore[b.seat]!, { timeout: SLOW_MS }).toBeGreaterThan(30);
  // ... while nothing more was decoded by the low-bandwidth page, nor from it.
  // (A stopped receiver's stats may go away: no more than before, never more.)
  const lowAfter = await frames(low.page);
  for (const q of [a, b]) expect(lowAfter[q.seat] ?? 0, "low-bandwidth mode receives no video").toBeLessThanOrEqual(lowBefore[q.seat] ?? 0);
  expect((await frames(a.page))[low.seat] ?? 0, "low-bandwidth mode sends no video").toBeLessThanOrEqual(aBefore[low.seat] ?? 0);
  expect(await low.page.locator("[data-video-seat]").count(), "its tiles show initials only").toBe(0);
  expect(await low.page.locator("[data-initial]").count()).toBe(3);
  expect(await low.page.evaluate(() => localStorage.getItem("mafia.voice.bandwidth")), "the mode is remembered").toBe("audio");
  // Audio still flows both ways in that mode.
  await settled(people);

  // The floor-switch times, every page, every audible change it saw.
  const probes = await Promise.all(people.map((p) => p.page.evaluate(() => (window as unknown as { __voiceProbe: { latencies: number[]; onsets: number[]; superseded: number } }).__voiceProbe)));
  // The first of each page is the links coming up, not a floor change.
  const lat = probes.flatMap((p) => p.latencies.slice(1));
  const on = probes.flatMap((p) => p.latencies.slice(1).filter((_, i) => p.onsets[i + 1] === 1));
  const off = probes.flatMap((p) => p.latencies.slice(1).filter((_, i) => p.onsets[i + 1] !== 1));
  expect(lat.length).toBeGreaterThan(3);
  const p50 = pct(lat, 50);
  const p99 = pct(lat, 99);
  const perPage = people.map((p, k) => {
    const l = probes[k]!.latencies.slice(1);
    return `seat ${p.seat}: n=${l.length} p50 ${pct(l, 50).toFixed(0)} p99 ${pct(l, 99).toFixed(0)} ms`;
  });
  // Issue 30: where a first word's time goes. Every page's clock is made comparable (timeOrigin + now, one
  // machine); for each onset a receiver heard, the sender's own switch of that floor change (the first one
  // after the receiver's view that sends to the receiver): the arrival skew of the two views (fan-out and
  // each page's frame handling), the sender's page from its view to the copy switched on, and the media
  // path from there to the receiver's FFT hearing it.
  const timing = await Promise.all(
    people.map((p) =>
      p.page.evaluate(() => {
        const w = window as unknown as { __mafiaMesh: { switches: Array<{ viewAt: number; at: number; sends?: number[] }> }; __voiceProbe: { onsetLog: Array<{ seats: number[]; view: number; heard: number }> } };
        const o = performance.timeOrigin;
        return {
          switches: w.__mafiaMesh.switches.map((x) => ({ view: o + x.viewAt, at: o + x.at, sends: x.sends ?? [] })),
          onsets: w.__voiceProbe.onsetLog.map((x) => ({ seats: x.seats, view: o + x.view, heard: o + x.heard })),
        };
      }),
    ),
  );
  const split = { skew: [] as number[], sender: [] as number[], path: [] as number[] };
  people.forEach((r, k) => {
    for (const onset of timing[k]!.onsets.slice(1)) {
      for (const seat of onset.seats) {
        const j = people.findIndex((q) => q.seat === seat);
        if (j < 0) continue;
        const sw = timing[j]!.switches.find((x) => x.at >= onset.view - 1_000 && x.sends.includes(r.seat));
        if (!sw || sw.at > onset.heard) continue;
        split.skew.push(sw.view - onset.view);
        split.sender.push(sw.at - sw.view);
        split.path.push(onset.heard - sw.at);
      }
    }
  });
  const buffers = (await Promise.all(people.map((p) => p.page.evaluate(() => (window as unknown as { __mafiaMesh: { audioBufferMs(): Promise<Record<number, number>> } }).__mafiaMesh.audioBufferMs())))).flatMap((b) => Object.values(b));
  const splitLine = (["skew", "sender", "path"] as const).map((k) => `${k} n=${split[k].length} p50 ${pct(split[k], 50).toFixed(0)} p99 ${pct(split[k], 99).toFixed(0)} ms`).join("; ");
  // Measured, not asserted (a timing bound in a test flakes on a loaded machine): the figures are printed
  // here and recorded in docs/PERFORMANCE.md; what is asserted is that every page hears what its floor allows.
  for (const p of people) expect(p.errors).toEqual([]);
  console.log(
    `voice: ${people.length} people + 7 bots; links up ${(connectedMs / 1000).toFixed(1)} s after the start; ${seen.steps} steps checked ` +
      `(${seen.dealing} dealing, ${seen.humanSpeech} a person's speech, ${seen.shout} a push-to-talk shout heard while held (${seen.pttReleased} silent on release), the spotlight after ${seen.spotlight} ms, ${seen.nonEmpty} with someone heard; phases ${[...phases].join(" ")}); ` +
      `hostile sender: its pitch on the honest raw taps ${hostileSamples.join("/")} samples, played 0; ` +
      `floor change → audio switched: n=${lat.length} p50 ${p50.toFixed(0)} ms p99 ${p99.toFixed(0)} ms max ${Math.max(...lat).toFixed(0)} ms, slowest ${[...lat].sort((a, b) => b - a).slice(0, 5).map((x) => x.toFixed(0)).join("/")} ` +
      `(someone becomes audible: n=${on.length} p50 ${pct(on, 50).toFixed(0)} p99 ${pct(on, 99).toFixed(0)} ms; only silenced: n=${off.length} p50 ${pct(off, 50).toFixed(0)} p99 ${pct(off, 99).toFixed(0)} ms; per page ${perPage.join("; ")}; view arrival → FFT of the played output, 10 ms sampling, 43 ms window; superseded ${probes.reduce((a, p) => a + p.superseded, 0)}); a first word's split (receiver's view → sender's view, sender's view → copy on, copy on → heard): ${splitLine}; p90 of the path ${pct(split.path, 90).toFixed(0)} ms; the links' mean jitter-buffer delay ${buffers.map((b) => b.toFixed(0)).join("/")} ms; total ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await Promise.all(people.map((p) => p.ctx.close()));
});

/**
 * The push-to-talk shout: `shouter` shouts during `speaker`'s speech. Until it holds "Hold to talk" the
 * others hear the speaker only; while it holds, the speaker and the shouter; released, the speaker only
 * again. The shout lasts 5 s of real time, so each part counts only while the shout is still open (its
 * button is there); the shout is then closed with the test clock.
 */
async function pushToTalkShout(people: Person[], shouter: Person, speaker: Person): Promise<{ heardWhileHeld: boolean; silentWhenReleased: boolean }> {
  const listeners = people.filter((p) => p !== shouter && p !== speaker);
  const sorted = [speaker.seat, shouter.seat].sort((x, y) => x - y);
  const open = async () => (await shouter.page.locator("[data-ptt]").count()) > 0;
  const out = { heardWhileHeld: false, silentWhenReleased: false };
  await exclude(people, [shouter.seat]);
  await shouter.page.locator('[data-action="shout"]:not([disabled])').click({ timeout: 5_000 });
  try {
    await shouter.page.locator('[data-ptt="hold"]').waitFor({ timeout: 5_000 });
  } catch {
    await exclude(people, []);
    return out; // the shout was over before the page showed it
  }
  // Not held: the shouter is not heard, though the floor would allow it.
  let h = await settled(people);
  people.forEach((p, i) => expect(h[i]!.heard, `seat ${p.seat}, shout not held`).toEqual(p === speaker ? [] : [speaker.seat]));
  expect(await shouter.page.locator("[data-voice-floor]").getAttribute("data-voice-floor")).toBe("yes");
  // Held (a pointer pressed on the button): speaker and shouter.
  await exclude(people, []);
  await shouter.page.locator("[data-ptt]").scrollIntoViewIfNeeded();
  const box = (await shouter.page.locator("[data-ptt]").boundingBox())!;
  await shouter.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await shouter.page.mouse.down();
  try {
    await shouter.page.locator('[data-ptt="talking"]').waitFor({ timeout: 3_000 });
    h = await settled(people);
    if (await open()) out.heardWhileHeld = listeners.every((p) => h[people.indexOf(p)]!.heard.join(",") === sorted.join(","));
  } catch {
    /* the shout ended under the press (5 s of real time): inconclusive, the counts say so */
  } finally {
    // Released: the speaker only, while the shout may still be open.
    await exclude(people, [shouter.seat]);
    await shouter.page.mouse.up();
  }
  await shouter.page.locator('[data-ptt="talking"]').waitFor({ state: "detached", timeout: 5_000 });
  h = await settled(people);
  if (await open()) {
    out.silentWhenReleased = true;
    listeners.forEach((p) => expect(h[people.indexOf(p)]!.heard, `seat ${p.seat}, shout released`).toEqual([speaker.seat]));
  }
  // Close the shout (its deadline, on the test clock), then the probes take the floor as it is.
  await expect
    .poll(async () => {
      if (!(await open())) return true;
      const s = await boardSnapshot(shouter.page);
      if (s.seq > 0) await advanceClock(server.base, shouter.page.url().split("/t/")[1]!, s.seq);
      return !(await open());
    }, { timeout: SLOW_MS })
    .toBe(true);
  await exclude(people, []);
  return out;
}

test("RULES.md §2.2, §8 media: the silent agreement: at the acquaintance the black pages see each other and nobody hears anybody; the mafia's night shot is heard by black only; the victim's last words are heard alone", async () => {
  const started = Date.now();
  const people = await openPeople();
  await seatAndJoin(people, SILENT);
  // The fixed seed (E2E_TABLE_SEED) dealt what the engine said: two black people and one red.
  people.forEach((p, k) => expect(p.seat, `${p.name}'s seat from the seed`).toBe(silent.people[k]!.seat));
  const black = people.filter((_, k) => silent.people[k]!.team === "black");
  const red = people.find((_, k) => silent.people[k]!.team !== "black")!;
  expect(black).toHaveLength(2);
  const [b1, b2] = black as [Person, Person];
  expect(await b1.page.locator(".board").getAttribute("data-phase")).toBe("acquaintance");

  // Nobody hears anybody, and nothing arrives on any raw tap (the silent channel has no speakers).
  for (const p of people) await p.page.evaluate(() => void ((window as unknown as { __voiceProbe: { rawOn: boolean } }).__voiceProbe.rawOn = true));
  let h = await settled(people);
  for (const x of h) {
    expect(x.phase).toBe("acquaintance");
    expect(x.heard, "the silent acquaintance is silent").toEqual([]);
  }
  // The black pages see each other: received video frames increase; the red page decodes none of theirs.
  const redBefore = await frames(red.page);
  const f1 = await frames(b1.page);
  const f2 = await frames(b2.page);
  await expect.poll(async () => (await frames(b1.page))[b2.seat]! - f1[b2.seat]!, { timeout: SLOW_MS }).toBeGreaterThan(30);
  await expect.poll(async () => (await frames(b2.page))[b1.seat]! - f2[b1.seat]!, { timeout: SLOW_MS }).toBeGreaterThan(30);
  await expect.poll(() => b1.page.locator(`[data-video-seat="${b2.seat}"]`).count(), { timeout: SLOW_MS }).toBe(1);
  expect(await frames(red.page), "the red page receives no black video").toEqual(redBefore);
  expect(redBefore[b1.seat] ?? 0).toBe(0);
  expect(redBefore[b2.seat] ?? 0).toBe(0);
  expect(await red.page.locator("[data-video-seat]").count()).toBe(0);
  h = await Promise.all(people.map((p) => hearing(p.page)));
  for (const x of h) expect(x.raw, "no microphone is sent at the silent acquaintance").toEqual([]);
  const acquaintanceMs = Date.now() - started;

  // The Don (a black page) sets the shooting plan: the red person first. The black bot follows it.
  const don = black.find((p) => silent.people[people.indexOf(p)]!.role === "don")!;
  // The plan is open at the acquaintance night (issue 33: the view's night flag; issue 38.6: never folded while it is his move).
  if (!(await don.page.locator('[data-action="shooting-plan"]').evaluate((e) => (e as HTMLDetailsElement).open))) await don.page.locator('[data-action="shooting-plan"] summary').click();
  await don.page.locator(`[data-action="shooting-plan"] .target:text-is("${red.seat}")`).click();
  await don.page.locator('[data-action="shooting-plan"] .btn.primary').click();
  await expect.poll(() => don.page.locator('[data-action="shooting-plan"] .plan').textContent(), { timeout: SLOW_MS }).toContain(String(red.seat));

  // On to the first night's shot (the day's speeches are ended by their speakers or the test clock).
  const code = b1.page.url().split("/t/")[1]!;
  const acted = new Set<string>();
  const deadline = Date.now() + 120_000;
  let checked = false;
  while (Date.now() < deadline && !checked) {
    const snaps = await Promise.all(people.map((p) => boardSnapshot(p.page)));
    if (snaps.some((s) => s.busy || s.phase === null)) {
      await sleep(100);
      continue;
    }
    if (snaps.some((s) => s.result)) break;
    // The black channel with sound: a black page's floor plays another black seat.
    const night = snaps[0]!.phase!.startsWith("night") && (await b1.page.evaluate((s) => (window as unknown as { __mafiaMesh: { planFor(x: number): { playAudio: boolean } } }).__mafiaMesh.planFor(s).playAudio, b2.seat));
    if (night) {
      h = await settled(people);
      // The shot lasts 7 s of real time: pages that settle after it ended hear another floor — this night
      // is not measured, the next one is (the check below requires one).
      if (h[people.indexOf(b1)]!.expected.join(",") !== String(b2.seat)) continue;
      expect(h[people.indexOf(b1)]!.heard, "black hears black at the shot").toEqual([b2.seat]);
      expect(h[people.indexOf(b2)]!.heard).toEqual([b1.seat]);
      expect(h[people.indexOf(red)]!.heard, "red hears nothing at night").toEqual([]);
      // Nothing of the black channel reaches the red page. The senders close their tracks to red when
      // their own views turn to night; what was already in flight (the day's speech, a jitter buffer)
      // drains within moments, so the raw tap is read until it is empty — a track left open to red
      // plays its tone on every sample and never is (a fresh-clone run caught a 10 ms residue here).
      await expect.poll(async () => (await hearing(red.page)).raw, { timeout: 5_000, message: "nothing of the black channel reaches the red page" }).toEqual([]);
      checked = true;
      // Both black pages shoot the red person (with the plan, so does the bot): a kill. The shot ends
      // by itself once every shooter chose (or at its own 7 s): the clock is not moved under the bot.
      for (const b of black) await pick(b.page, "use:mafia-shot", red.seat);
      await expect.poll(async () => (await boardSnapshot(b1.page)).phase, { timeout: SLOW_MS }).not.toBe("night-shot");
      break;
    }
    let did = false;
    for (let i = 0; i < people.length && !did; i++) {
      // Only end speeches and take no night moves: the night is checked before anyone acts.
      if (!("end-speech" in snaps[i]!.actions)) continue;
      did = await actOnce(people[i]!.page, snaps[i]!, acted, `s${i}`);
    }
    if (did) {
      await sleep(100);
      continue;
    }
    const seq = Math.max(...snaps.map((s) => s.seq));
    if (seq > 0) await advanceClock(server.base, code, seq);
    await sleep(150);
  }
  // Both black people alive at the first night, unless the day's vote put one out (bots vote as they like).
  const alive = await Promise.all(black.map((p) => p.page.locator(`.seat[data-seat="${p.seat}"].out, [data-seat="${p.seat}"] .seat.out`).count()));
  if (alive.every((n) => n === 0)) expect(checked, "the mafia's night shot was reached and heard by black only").toBe(true);

  // The morning: the red person's last words (RULES.md §2.9, §8 media) — only the victim is heard.
  let lastWords = false;
  const seenPhases: string[] = [];
  const morning = Date.now() + 60_000;
  while (checked && Date.now() < morning && !lastWords) {
    const snaps = await Promise.all(people.map((p) => boardSnapshot(p.page)));
    if (snaps.some((s) => s.busy || s.phase === null)) {
      await sleep(100);
      continue;
    }
    if (snaps.some((s) => s.result) || snaps[0]!.phase === "speech") break; // the shot missed: day 2
    h = await settled(people);
    seenPhases.push(`${h[0]!.phase}:${h[0]!.speaker ?? "-"}`);
    if (h[0]!.phase === "last-words" && h[0]!.speaker === red.seat) {
      for (const b of black) expect(h[people.indexOf(b)]!.heard, `seat ${b.seat} hears the victim only`).toEqual([red.seat]);
      expect(h[people.indexOf(red)]!.heard, "the victim hears nobody").toEqual([]);
      expect(await red.page.locator("[data-voice-floor]").getAttribute("data-voice-floor")).toBe("yes");
      lastWords = true;
      break;
    }
    const seq = Math.max(...snaps.map((s) => s.seq));
    if (seq > 0) await advanceClock(server.base, code, seq);
    await sleep(150);
  }
  if (checked && alive.every((n) => n === 0)) {
    const log = lastWords ? "" : await b1.page.evaluate(() => [...document.querySelectorAll(".log li")].slice(-12).map((li) => `${(li as HTMLElement).dataset.event}: ${li.textContent}`).join(" | "));
    expect(lastWords, `the shot on the red person led to their last words (phases seen: ${seenPhases.join(" ")}; log: ${log})`).toBe(true);
  }
  for (const p of people) expect(p.errors).toEqual([]);
  console.log(`voice (silent agreement, seed ${silent.seed}): black ${black.map((p) => p.seat).join(",")} see each other, red ${red.seat} sees and hears nothing; checked in ${(acquaintanceMs / 1000).toFixed(1)} s; night shot ${checked ? "heard by black only" : "not reached with both black alive"}; last words of ${red.seat} ${lastWords ? "heard alone" : "not reached"}; total ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await Promise.all(people.map((p) => p.ctx.close()));
});

test("permissions: a refused microphone still listens and sends nothing, a refused camera means audio only; the acquaintance with sound: black hears black, red nothing; two tabs of one seat", async () => {
  const started = Date.now();
  // The same fixed seed as the silent table: the same seats and roles (the agreement draws nothing).
  const blackIdx = silent.people.flatMap((p, k) => (p.team === "black" ? [k] : []));
  const deny: Array<"camera" | "mic" | null> = [null, null, null];
  deny[blackIdx[0]!] = "mic";
  deny[blackIdx[1]!] = "camera";
  const people = await openPeople(deny);
  const red = people.find((_, k) => !blackIdx.includes(k))!;
  // "Play without voice" first on the red page: it says so, and "Join voice" stays to change one's mind.
  await seatAndJoin(people, { autoDeal: true, agreement: "sound" }, async () => {
    await red.page.locator("[data-voice-decline]").click();
    await red.page.locator('[data-voice-status="declined"]').waitFor();
    expect(await red.page.locator(".voice-line").textContent()).toContain("You play without voice");
  });
  people.forEach((p, k) => expect(p.seat).toBe(silent.people[k]!.seat));
  const noMic = people[blackIdx[0]!]!;
  const noCam = people[blackIdx[1]!]!;
  // What each page says about its permissions.
  await noMic.page.locator('[data-voice-mic="denied"]').waitFor();
  expect(await noMic.page.locator(".voice-line").textContent()).toContain("nobody hears you, but you can listen");
  expect(await noMic.page.locator("[data-voice-retry]").count()).toBe(1);
  await noCam.page.locator('[data-voice-note="no-camera"]').waitFor();
  expect(await noCam.page.locator("[data-voice-camera]").count(), "no camera switch without a camera").toBe(0);
  expect(await red.page.locator('[data-voice-mic="on"]').count()).toBe(1);
  expect(await noMic.page.locator(".board").getAttribute("data-phase")).toBe("acquaintance");

  // The acquaintance with sound: the black team to itself. The page without a microphone hears its
  // teammate; nothing of its own goes out (the teammate's raw tap stays empty); red hears nothing.
  await exclude(people, [noMic.seat]);
  for (const p of people) await p.page.evaluate(() => void ((window as unknown as { __voiceProbe: { rawOn: boolean } }).__voiceProbe.rawOn = true));
  const h = await settled(people);
  expect(h[people.indexOf(noMic)]!.heard, "a refused microphone still listens").toEqual([noCam.seat]);
  expect(h[people.indexOf(noCam)]!.heard).toEqual([]);
  expect(h[people.indexOf(noCam)]!.raw, "a refused microphone sends nothing").toEqual([]);
  expect(h[people.indexOf(red)]!.heard, "red hears nothing at the acquaintance").toEqual([]);
  expect(h[people.indexOf(red)]!.raw).toEqual([]);
  // Audio only: the teammate's audio plays, no video of it ever arrives.
  const f = await frames(noMic.page);
  expect(f[noCam.seat] ?? 0, "a refused camera sends no video").toBe(0);
  expect(await noMic.page.locator(`[data-video-seat="${noCam.seat}"]`).count()).toBe(0);
  expect(await noMic.page.locator(`[data-initial="${noCam.seat}"]`).count()).toBe(1);

  // Two tabs of one player (docs/MEDIA.md): a second tab of the red seat joins voice and takes the media
  // over; the first tab says so and stops; both peers' links reconnect to the new tab; "Use voice here"
  // in the first tab takes it back.
  const tab2 = await red.ctx.newPage();
  const tabErrors: string[] = [];
  tab2.on("pageerror", (e) => tabErrors.push(e.message));
  await tab2.goto(red.page.url());
  await tab2.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS });
  expect(await tab2.locator(".board").getAttribute("data-you-seat")).toBe(String(red.seat));
  const linksUp = (page: Page) => page.evaluate(() => {
    const m = (window as unknown as { __mafiaMesh?: { states(): Record<number, string> } }).__mafiaMesh;
    const s = Object.values(m?.states() ?? {});
    return s.length === 2 && s.every((x) => x === "connected");
  });
  await tab2.locator("[data-voice-join]").click();
  await tab2.locator('[data-voice-status="on"]').waitFor({ timeout: SLOW_MS });
  await red.page.locator('[data-voice-status="elsewhere"]').waitFor({ timeout: SLOW_MS });
  expect(await red.page.locator(".voice-line").textContent()).toContain("Your voice is on in another tab or device");
  expect(await red.page.evaluate(() => !!(window as unknown as { __mafiaMesh?: unknown }).__mafiaMesh), "the first tab's mesh is closed").toBe(false);
  await expect.poll(() => linksUp(tab2), { timeout: SLOW_MS }).toBe(true);
  await expect.poll(async () => (await Promise.all([noMic.page, noCam.page].map(linksUp))).every(Boolean), { timeout: SLOW_MS }).toBe(true);
  // Back to the first tab.
  await red.page.locator("[data-voice-here]").click();
  await red.page.locator('[data-voice-status="on"]').waitFor({ timeout: SLOW_MS });
  await tab2.locator('[data-voice-status="elsewhere"]').waitFor({ timeout: SLOW_MS });
  await expect.poll(() => linksUp(red.page), { timeout: SLOW_MS }).toBe(true);
  expect(tabErrors).toEqual([]);

  for (const p of people) expect(p.errors).toEqual([]);
  console.log(`voice (permissions, agreement sound): seat ${noMic.seat} without a microphone hears seat ${noCam.seat} without a camera; red ${red.seat} hears nothing; its second tab took the media over and gave them back; total ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await Promise.all(people.map((p) => p.ctx.close()));
});

test("issue 31.12, 38.7, RULES.md §8: voice in the lobby — two people hear each other before the game; Mute me silences one at once; Leave voice gives Join voice back; at the start both move to their seats", async () => {
  const started = Date.now();
  const PHONE360 = { width: 360, height: 740 };
  const people = await Promise.all(
    TONES.slice(0, 2).map(async (tone, i) => {
      const { ctx, page, errors } = await openMediaPage(chromes[i]!.browser, server.base, PHONE360, SLOW_MS);
      return { name: `Lobby${i + 1}`, tone, ctx, page, seat: 0, errors } as Person;
    }),
  );
  const [a, b] = people as [Person, Person];
  await a.page.fill("#nick", a.name);
  await a.page.click('[data-home="create"]');
  await a.page.selectOption("#preset", "sport");
  while ((await a.page.locator("details.more:not([open]) > summary").count()) > 0) await a.page.locator("details.more:not([open]) > summary").first().click();
  await a.page.locator('input[name="sameRoom"]').check();
  await a.page.locator('form[data-form="create"] button[type="submit"]').click();
  await a.page.waitForURL(/\/t\/[A-Z0-9]{6}$/);
  const code = a.page.url().split("/t/")[1]!;
  await b.page.fill("#nick", b.name);
  await b.page.fill("#join-code", code.toLowerCase());
  await b.page.click('form[data-form="join"] button[type="submit"]');
  await b.page.waitForURL(new RegExp(`/t/${code}$`));
  await a.page.locator('[data-seats-left="8"]').waitFor({ timeout: SLOW_MS });

  // "Join voice" is offered in the lobby, before the game.
  for (const p of people) await p.page.locator("[data-voice-join]").click();
  await Promise.all(people.map((p) => p.page.locator('[data-voice-status="on"]').waitFor({ timeout: SLOW_MS })));
  expect(await a.page.locator(".voice-line").textContent()).toContain("everyone here hears everyone");
  // The lobby's floor carries voices only (the waiting room shows no video): no camera switch there.
  expect(await a.page.locator("[data-voice-camera]").count()).toBe(0);
  const peerOf = (p: Person) => p.page.evaluate(() => (window as unknown as { __mafiaMesh: { me: number } }).__mafiaMesh.me);
  const [pa, pb] = [await peerOf(a), await peerOf(b)];
  await installProbe(a.page, { [pb]: b.tone });
  await installProbe(b.page, { [pa]: a.tone });
  // Each hears the other (the lobby's floor: everyone to everyone) — what the probe's FFT finds in the played audio.
  const h = await settled(people);
  expect(h.map((x) => x.heard)).toEqual([[pb], [pa]]);
  // The self level meter moves with one's own microphone (the tone).
  await b.page.locator('[data-voice-level="on"]').waitFor({ timeout: SLOW_MS });
  await a.page.screenshot({ path: "docs/screenshots/voice-lobby-phone.png" });

  // "Mute me": B's tone disappears on A's page (the floor still allows it: B's own switch narrows it), and B's meter drops.
  const tMute = Date.now();
  await b.page.locator('[data-voice-mute="off"]').click();
  await expect.poll(async () => (await hearing(a.page)).steady, { timeout: SLOW_MS }).toEqual([]);
  const muteMs = Date.now() - tMute;
  expect((await hearing(a.page)).expected, "the floor still lets A hear B").toEqual([pb]);
  await b.page.locator('[data-voice-level="off"]').waitFor({ timeout: SLOW_MS });
  expect(await b.page.locator(".voice-line").textContent()).toContain("You muted your microphone");
  await b.page.screenshot({ path: "docs/screenshots/voice-muted-phone.png" });
  // Unmuted: heard again.
  await b.page.locator('[data-voice-mute="on"]').click();
  await expect.poll(async () => (await hearing(a.page)).steady, { timeout: SLOW_MS }).toEqual([pb]);

  // "Leave voice": B's links close, the page offers "Join voice" again; A no longer hears B.
  await b.page.locator("[data-voice-leave]").click();
  await b.page.locator('[data-voice-join="off"]').waitFor({ timeout: SLOW_MS });
  expect(await b.page.evaluate(() => !!(window as unknown as { __mafiaMesh?: unknown }).__mafiaMesh), "B's mesh is closed").toBe(false);
  await expect.poll(async () => (await hearing(a.page)).steady, { timeout: SLOW_MS }).toEqual([]);

  // B joins again; the organizer fills the table with bots and the game starts: both pages leave the
  // lobby's links and join again as their drawn seats, with no new prompt, and their link comes up.
  await b.page.locator("[data-voice-join]").click();
  await b.page.locator('[data-voice-status="on"]').waitFor({ timeout: SLOW_MS });
  await a.page.locator('[data-control="fill-bots"]').click();
  for (const p of people) {
    await p.page.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS });
    p.seat = Number(await p.page.locator(".board").getAttribute("data-you-seat"));
  }
  await expect.poll(async () => Promise.all(people.map(peerOf)), { timeout: SLOW_MS }).toEqual([a.seat, b.seat]);
  await expect
    .poll(async () => (await Promise.all(people.map((p) => hearing(p.page)))).map((x) => JSON.stringify(x.links)), { timeout: SLOW_MS })
    .toEqual([JSON.stringify({ [b.seat]: "connected" }), JSON.stringify({ [a.seat]: "connected" })]);
  for (const p of people) expect(await p.page.locator('[data-voice-status="on"]').count()).toBe(1);

  for (const p of people) expect(p.errors).toEqual([]);
  console.log(`voice (lobby): places ${pa} and ${pb} heard each other; Mute me silent on the other page after ${muteMs} ms; Leave voice gave Join voice back; seats ${a.seat}, ${b.seat} linked after the start; total ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await Promise.all(people.map((p) => p.ctx.close()));
});
