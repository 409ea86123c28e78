/**
 * Issue 30 "Must show" (RULES.md §8 media with a live host, §7.10 the consigliere's channel, spectators
 * listening): real WebRTC between Chromium pages at a tatar table led by a live host.
 *
 * Pages, each in its own Chromium process with its own fake-microphone pitch: the live host (900 Hz),
 * two seated people (500, 1100 Hz) and the second person's consigliere (1300 Hz); a spectator who
 * presses "Listen" shares the second person's process (it captures nothing). Ten bots fill the table. The
 * table's fixed seed (E2E_TABLE_SEED, chosen here with the engine) and the bots' habit of taking the first
 * free card let the people take the cards that make the first black (the Don or a Mafia) and the
 * second red. Every page analyses what it plays (an FFT every 25 ms) and the test waits, at every step of
 * the game, until each page hears exactly what its own floor allows (the probe of media-probe.ts). Two
 * games, one with the spectator and one with the consigliere (see `Cast`). On top:
 *   - the host hears the speaker in each person's speech;
 *   - at night the host hears the black page and sees its camera (received video frames increase), while the
 *     red page's raw received tracks carry nothing of the night channel;
 *   - while the host holds "Hold to talk to the table", every seat and the spectator hear the host, and
 *     nobody else's voice opens; released, the host is heard no more;
 *   - the host's mute silences a talking person for everyone for the rest of that speech, the person's
 *     page says so, and their next speech is heard again;
 *   - by day the consigliere and their player hear each other, a third page hears neither's whisper;
 *     at night the consigliere hears nothing and its raw tap is silent;
 *   - the spectator hears the speakers and the host, never the night channel (raw tap too).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createGame } from "../../shared/engine/apply.ts";
import { advanceClock, boardSnapshot, ensureWebBuild, launchChromium, LOAD_MS, startWrangler, type BoardSnap, type Server, unfold } from "./harness.ts";
import { actOnce, exclude, frames, hearing, installProbe, mediaDebug, settled, toneFlags, type Hearing } from "./media-probe.ts";

const SLOW_MS = 30_000;
const PHONE = { width: 390, height: 800 };
/** The pitches (Hz): two people, the host, the consigliere — no one a harmonic of another. */
const PEOPLE_TONES = [500, 1100];
const HOST_TONE = 900;
const ADVISOR_TONE = 1300;
const HOST = 0;

/**
 * A seed whose seat draw and deck give the two people (joining first; ten bots after) a black card (the
 * Don or a Mafia: the first) and a red card (the second) among the last two cards of the deck — the
 * ones the bots leave, each bot taking the first free card (shared/bots/strong.ts).
 */
function liveSeed(): { seed: string; cards: [number, number] } {
  for (let i = 0; i < 5000; i++) {
    const seed = `live-media-${i}`;
    const players = Array.from({ length: 12 }, (_, k) => ({ id: `p${k}`, nickname: `n${k}`, bot: k >= 2 }));
    const s = createGame("tatar", {}, players, seed, 0, { host: "live" }) as unknown as { stage: { data: { deck: string[] } } };
    const deck = s.stage.data.deck;
    const left = [10, 11];
    const black = left.find((c) => deck[c] === "don" || deck[c] === "mafia");
    const red = left.find((c) => ["civilian", "doctor", "commissar"].includes(deck[c]!));
    if (black !== undefined && red !== undefined) return { seed, cards: [black, red] };
  }
  throw new Error("no seed leaves a black and a red card to the people");
}
const live = liveSeed();

let server: Server;
let chromes: Array<Awaited<ReturnType<typeof launchChromium>>> = [];
let dir: string;

beforeAll(async () => {
  ensureWebBuild();
  dir = mkdtempSync(join(tmpdir(), "mafia-live-media-"));
  const started = await Promise.all([
    startWrangler({ vars: { BOT_THINK_MS: "100", E2E_TABLE_SEED: live.seed } }),
    ...[...PEOPLE_TONES, HOST_TONE, ADVISOR_TONE].map((hz) => launchChromium(toneFlags(dir, hz))),
  ]);
  server = started[0] as Server;
  chromes = started.slice(1) as typeof chromes;
});

afterAll(async () => {
  await Promise.all(chromes.map((c) => c.close()));
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface MediaPage {
  name: string;
  ctx: BrowserContext;
  page: Page;
  /** The page's media peer (a seat, the host 0, a consigliere 100 + N, a spectator 1000 and up). */
  peer: number;
  tone: number | null;
  errors: string[];
}

async function openPage(chrome: (typeof chromes)[number], name: string, tone: number | null): Promise<MediaPage> {
  const ctx = await chrome.browser.newContext({ viewport: PHONE, locale: "en-GB", deviceScaleFactor: 1 });
  ctx.setDefaultTimeout(SLOW_MS);
  ctx.setDefaultNavigationTimeout(LOAD_MS);
  // Raw microphones: a steady sine is what noise suppression exists to remove.
  await ctx.addInitScript(() => localStorage.setItem("mafia.voice.processing", "off"));
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { name, ctx, page, peer: -1, tone, errors };
}

/** The page's media peer as its plane says (window.__mafiaMesh.me). */
const peerOf = (page: Page) => page.evaluate(() => (window as unknown as { __mafiaMesh: { me: number } }).__mafiaMesh.me);

/**
 * Holds (or releases) the page's talk control as a person at a keyboard does: Space held with the focus on
 * the table (docs/MEDIA.md "Push-to-talk"). The button itself may be moving under a re-rendering board.
 */
async function holdTalk(page: Page, on: boolean): Promise<void> {
  if (on) {
    await page.locator('[data-ptt="hold"]').waitFor({ timeout: SLOW_MS });
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.down("Space");
    await page.locator('[data-ptt="talking"]').waitFor({ timeout: SLOW_MS });
  } else {
    await page.keyboard.up("Space");
    await page.locator('[data-ptt="hold"]').waitFor({ timeout: SLOW_MS });
  }
}

/** Which pitches a page's raw tap (received tracks before the floor's gate) carries now. */
async function raw(page: Page): Promise<number[]> {
  await page.evaluate(() => void ((window as unknown as { __voiceProbe: { rawOn: boolean } }).__voiceProbe.rawOn = true));
  await sleep(150);
  return (await hearing(page)).raw;
}

/**
 * Who is at the table besides the host and the two people. The whole cast at once — six pages (three
 * people then), fourteen mesh links, about twenty-five Opus encoders and thirty audio outputs — saturated
 * the two cores of a slower VM (run queue ≈ 50; the pages' audio elements stalled for a minute, a page's
 * view ran two steps behind); five pages a game still failed there in a slow hour (pages six steps apart).
 * So the spectator and the consigliere each play their own game with the host and two people (a black and
 * a red): four pages, six links.
 */
interface Cast {
  spectator: boolean;
  advisor: boolean;
}

test("RULES.md §8 the live host in the media: hears every channel, is heard by all, mutes a seat, sees the night; spectators listen", () => liveGame({ spectator: true, advisor: false }), 480_000);

test("RULES.md §7.10 the consigliere's whisper at a live-host table: heard by the player alone by day, nothing at night", () => liveGame({ spectator: false, advisor: true }), 480_000);

async function liveGame(cast: Cast): Promise<void> {
  const started = Date.now();
  const [c0, c1, cHost, cAdvisor] = chromes as [typeof chromes[number], typeof chromes[number], typeof chromes[number], typeof chromes[number]];
  const people = await Promise.all([openPage(c0, "Ola", PEOPLE_TONES[0]!), openPage(c1, "Iryna", PEOPLE_TONES[1]!)]);
  const [black1, red] = people as [MediaPage, MediaPage];
  const host = await openPage(cHost, "Host", HOST_TONE);
  const advisor = cast.advisor ? await openPage(cAdvisor, "Adviser", ADVISOR_TONE) : null;
  const spectator = cast.spectator ? await openPage(c1, "Watcher", null) : null;

  // The host opens a tatar table as its live host (no seat); the people join by its code, in order.
  await host.page.goto(`${server.base}/`);
  await host.page.click('[data-home="create"]', { timeout: LOAD_MS });
  await host.page.selectOption("#preset", "tatar");
  await unfold(host.page, 'details[data-more="options"]');
  await host.page.check('input[name="host"][value="me"]');
  await host.page.check('input[name="sameRoom"]');
  await host.page.click('form[data-form="create"] button[type="submit"]');
  await host.page.waitForURL(/\/t\/[A-Z0-9]{6}$/, { timeout: LOAD_MS });
  const code = host.page.url().split("/t/")[1]!;
  for (const p of people) {
    await p.page.goto(`${server.base}/`);
    await p.page.fill("#nick", p.name, { timeout: LOAD_MS });
    await p.page.fill("#join-code", code.toLowerCase());
    await p.page.click('form[data-form="join"] button[type="submit"]');
    await p.page.waitForURL(new RegExp(`/t/${code}$`));
    await p.page.locator("[data-invite]").waitFor();
  }
  // §7.10 the red person invites a consigliere; the advisor joins with the code.
  if (advisor) {
    await red.page.locator("[data-invite]").click();
    const invite = (await red.page.locator("[data-invite-code]").getAttribute("data-invite-code"))!;
    await advisor.page.goto(`${server.base}/`);
    await advisor.page.fill("#nick", advisor.name, { timeout: LOAD_MS });
    await advisor.page.fill("#join-code", code.toLowerCase());
    await advisor.page.fill("#join-own", invite);
    await advisor.page.click('form[data-form="join"] button[type="submit"]');
    await advisor.page.waitForURL(new RegExp(`/t/${code}`));
    await advisor.page.locator("[data-advising]").waitFor();
  }

  // Ten bots; the game starts.
  await host.page.locator('[data-control="fill-bots"]').click();
  const start = host.page.locator('[data-control="start"]:not([disabled])');
  await Promise.race([start.click({ timeout: SLOW_MS }).catch(() => {}), host.page.locator("[data-host-panel]").waitFor({ timeout: SLOW_MS })]);
  await host.page.locator("[data-host-panel]").waitFor({ timeout: SLOW_MS });
  // Cards: the bots take the first ten. Then the host pauses the dealing (RULES.md §5.1: every timer
  // stops) while everyone joins the voice, so the first night — all four black players at the table —
  // is heard with every page listening; the people take their cards after the resume.
  for (const p of people) await p.page.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS });
  await expect.poll(() => black1.page.locator('[data-action="take-card"] [data-card]:not([disabled])').count(), { timeout: SLOW_MS }).toBeLessThanOrEqual(2);
  await host.page.locator('[data-control="pause"]').click({ timeout: SLOW_MS });
  await host.page.locator('[data-control="resume"]').waitFor({ timeout: SLOW_MS });
  for (const p of people) p.peer = Number(await p.page.locator(".board").getAttribute("data-you-seat"));
  if (advisor) {
    await advisor.page.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS });
    expect(Number(await advisor.page.locator("[data-advising]").getAttribute("data-advising"))).toBe(red.peer);
  }

  // The spectator watches the table and presses "Listen".
  if (spectator) {
    await spectator.page.goto(`${server.base}/t/${code}`);
    await spectator.page.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS });
  }

  // Everyone joins: in the host's game the first black person with the camera (the host must see the
  // night; one camera — a video encoder per link — is enough to show it), everyone else with the
  // microphone only; the consigliere (never a camera); the spectator listens.
  const camera = cast.spectator ? [black1] : [];
  for (const p of camera) await p.page.locator("[data-voice-join]").click();
  for (const p of [host, ...people, ...(advisor ? [advisor] : [])].filter((p) => !camera.includes(p))) await p.page.locator("[data-voice-mic-only]").click();
  if (spectator) await spectator.page.locator("[data-voice-join]").click();
  const pages = [host, ...people, ...(advisor ? [advisor] : []), ...(spectator ? [spectator] : [])];
  await expect
    .poll(async () => (await Promise.all(pages.map(async (p) => `${p.name}:${await p.page.locator("[data-voice-status]").getAttribute("data-voice-status", { timeout: 1_000 }).catch(() => "none")}`))).filter((x) => !x.endsWith(":on")), { timeout: SLOW_MS })
    .toEqual([]);
  for (const p of [host, advisor, spectator]) if (p) p.peer = await peerOf(p.page);
  expect(host.peer).toBe(HOST);
  if (advisor) expect(advisor.peer).toBe(100 + red.peer);
  if (spectator) expect(spectator.peer).toBeGreaterThanOrEqual(1000);
  const tones = pages.filter((p) => p.tone !== null);
  for (const p of pages) {
    const toneOf = Object.fromEntries(tones.filter((q) => q !== p).map((q) => [q.peer, q.tone!]));
    // A sample every 25 ms (six pages' FFTs on two cores); no floor-switch times are taken here.
    await installProbe(p.page, toneOf, 25);
    await p.page.evaluate(() => void (window as unknown as { __mafiaMesh: { enableRawTap(): void } }).__mafiaMesh.enableRawTap());
  }
  // The links the media peers hold (shared/media/peers.ts mayLink): the host with everyone, each person
  // with the other, the host and the consigliere or the spectator; the consigliere with the people
  // and the host; the spectator with the people and the host.
  const want: Record<string, number> = { Host: 3, Ola: 3, Iryna: 3, Adviser: 3, Watcher: 3 };
  await expect
    .poll(async () => {
      const all = await Promise.all(pages.map(async (p) => [p.name, Object.values((await hearing(p.page)).links)] as const));
      return all.filter(([name, links]) => links.length !== want[name] || links.some((s) => s !== "connected")).map(([name, links]) => `${name}:${links.join("/")}`);
    }, { timeout: SLOW_MS * 2 })
    .toEqual([]);
  const connectedMs = Date.now() - started;
  await host.page.locator('[data-control="resume"]').click({ timeout: SLOW_MS });
  // The two take their cards at once: what is left of the deal's 15 s after the resume (RULES.md §2.1: a
  // card not taken in time is dealt at random) is short on a busy machine for taps one after another.
  // The tap runs inside the page on the button found there (a re-rendered button fails Playwright's
  // "stable element" check).
  await Promise.all(
    people.map(async (p, i) => {
      const card = `[data-action="take-card"] [data-card="${live.cards[i]}"]:not([disabled])`;
      await p.page.waitForSelector(card, { timeout: SLOW_MS });
      await expect.poll(() => p.page.evaluate((sel) => (document.querySelector<HTMLButtonElement>(sel)?.click(), document.querySelector(sel) === null), card), { timeout: SLOW_MS }).toBe(true);
    }),
  );
  // The host and the consigliere talk only while they hold their button (push-to-talk): not expected
  // to be heard unless the test holds it.
  const pushToTalk = [HOST, ...(advisor ? [advisor.peer] : [])];
  await exclude(pages, pushToTalk);

  const seen = { steps: 0, speeches: 0, hostHeardSpeaker: 0, nights: 0, hostHeardBlack: 0, hostSawBlack: false, redRawSilent: 0, hostTalked: false, muted: false, heardAfterMute: false, whisper: false, advisorNight: 0, spectatorHeard: 0 };
  let mutedSeat: number | null = null;
  let mutedDay = 0;
  const phases = new Set<string>();
  const acted = new Set<string>();
  const seated = [...people];
  const deadline = Date.now() + 360_000;
  let finished = false;
  while (Date.now() < deadline) {
    const snaps = await Promise.all(seated.map((p) => boardSnapshot(p.page)));
    const hs = await boardSnapshot(host.page);
    if (snaps.some((s) => s.busy || s.phase === null) || hs.busy) {
      await sleep(100);
      continue;
    }
    // A person called to vote votes at once (§7.3: a late vote earns a foul, four remove the player).
    const voter = seated.findIndex((p, i) => (snaps[i]!.actions["vote"]?.length ?? 0) > 0 && !acted.has(`${i}:${snaps[i]!.seq}:vote`));
    if (voter >= 0 && (await actOnce(seated[voter]!.page, snaps[voter]!, acted, String(voter)))) continue;
    // Every page hears exactly what its own floor allows.
    const h = await settled(pages, SLOW_MS).catch(async (e) => {
      throw new Error(`${String(e)}\n${JSON.stringify(await Promise.all(pages.map(async (p) => ({ [p.name]: await mediaDebug(p.page) }))))}`);
    });
    const by = (p: MediaPage): Hearing => h[pages.indexOf(p)]!;
    seen.steps++;
    const phase = by(host).phase;
    phases.add(phase);
    const speaker = by(host).speaker;
    const living = await host.page.locator('.board [data-seat][data-alive="yes"]').evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.seat)));
    const speakerPerson = people.find((p) => p.peer === speaker);

    // §8 the host hears the speaker in each speech; the spectator hears them too.
    if (speakerPerson && !hs.result) {
      seen.speeches++;
      expect(by(host).heard, `the host hears the speaker ${speaker} (${phase})`).toContain(speakerPerson.peer);
      seen.hostHeardSpeaker++;
      if (spectator) {
        expect(by(spectator).heard, "the spectator hears the speaker").toContain(speakerPerson.peer);
        seen.spectatorHeard++;
      }
    }
    // The muted seat's next speech (its monologue after the free talk) is heard again.
    if (mutedSeat !== null && speakerPerson?.peer === mutedSeat && phase === "speech" && hs.day >= mutedDay) {
      expect(by(host).heard).toContain(mutedSeat);
      if (spectator) expect(by(spectator).heard).toContain(mutedSeat);
      seen.heardAfterMute = true;
      mutedSeat = -1;
    }

    // §8 the host's mute: once, in the day's free talk (everyone's microphone open), the host mutes a
    // living person — silent for everyone for the rest of the free talk; the person's own speech that
    // follows is heard again. (If the stage runs out on its own clock before every page settles — a starved
    // machine — the mute ended with it: try again the next day.)
    const mutable = [red, black1].find((p) => living.includes(p.peer) && by(host).expected.includes(p.peer));
    if (spectator && !seen.muted && phase === "free-talk" && mutable && !hs.result) {
      const seq = by(host).seq;
      if (!(await host.page.locator(`[data-host-mute="${mutable.peer}"]`).click({ timeout: 5_000 }).then(() => true, () => false))) continue;
      await mutable.page.locator('[data-voice-muted="yes"]').waitFor({ timeout: SLOW_MS }).catch(() => {});
      const after = await settled(pages, SLOW_MS);
      if (after[0]!.seq === seq && after[0]!.phase === "free-talk") {
        for (const [i, p] of pages.entries()) expect(after[i]!.heard, `${p.name} no longer hears the muted seat`).not.toContain(mutable.peer);
        expect(await mutable.page.locator("[data-voice-muted]").getAttribute("data-voice-muted"), "the muted page says so").toBe("yes");
        // The log tells the table, as a remark.
        await expect.poll(() => spectator.page.getByText(`The host muted seat ${mutable.peer}`).count(), { timeout: SLOW_MS }).toBeGreaterThan(0);
        seen.muted = true;
        mutedSeat = mutable.peer;
        mutedDay = hs.day;
      }
      continue;
    }

    // §8 the host talks (push-to-talk): every seat, the consigliere by day and the spectator hear the host,
    // and nobody else's voice opens.
    if (spectator && !seen.hostTalked && phase === "voting") {
      const before = h.map((x) => x.heard.join(","));
      await exclude(pages, []);
      await holdTalk(host.page, true);
      const during = await settled(pages, SLOW_MS);
      for (const [i, p] of pages.entries()) {
        if (p === host) {
          expect(during[i]!.heard.join(","), "the host's own voice opens nobody's floor").toBe(before[i]);
          continue;
        }
        expect(during[i]!.heard, `${p.name} hears the host`).toContain(HOST);
        expect(during[i]!.heard.filter((x) => x !== HOST).join(","), `${p.name}: nobody else's voice opens`).toBe(before[i]);
      }
      await holdTalk(host.page, false);
      await exclude(pages, pushToTalk);
      const after = await settled(pages, SLOW_MS);
      for (const [i, p] of pages.entries()) expect(after[i]!.heard, `${p.name} no longer hears the host`).not.toContain(HOST);
      seen.hostTalked = true;
    }

    // §7.10 by day, outside the player's own speech: the consigliere whispers, the player hears it, a
    // third page does not; the player is heard by the consigliere.
    if (advisor && !seen.whisper && phase === "voting") {
      await exclude(pages, [HOST]);
      await holdTalk(advisor.page, true);
      const w = await settled(pages, SLOW_MS);
      expect(w[pages.indexOf(red)]!.heard, "the player hears the whisper").toContain(advisor.peer);
      expect(w[pages.indexOf(advisor)]!.heard, "the consigliere hears the player").toContain(red.peer);
      for (const p of [host, black1]) {
        expect(w[pages.indexOf(p)]!.heard, `${p.name} hears no whisper`).not.toContain(advisor.peer);
        expect(w[pages.indexOf(p)]!.heard, `${p.name} hears not the player's whisper`).not.toContain(red.peer);
        expect(await raw(p.page), `${p.name}'s raw tap carries no whisper`).not.toContain(advisor.peer);
      }
      await holdTalk(advisor.page, false);
      await exclude(pages, pushToTalk);
      seen.whisper = true;
    }

    // §8 at night: the host hears and sees the black page; the red page's raw tap carries nothing of the
    // night channel; the consigliere hears nothing (its raw tap too); the spectator never the night channel.
    if (phase === "acquaintance" || phase === "night-shot") {
      const blacks = [black1].filter((p) => living.includes(p.peer) && by(host).expected.includes(p.peer));
      // (A black person may have left already — four late-vote fouls on a slow machine: the living ones count.)
      if (blacks.length === 0) console.log(`live media: ${phase} day ${hs.day}: living ${living.join(",")}, black ${black1.peer}; the host expects ${by(host).expected.join(",")}, hears ${by(host).heard.join(",")}`);
      if (blacks.length > 0 && by(host).expected.length > 0) {
        seen.nights++;
        for (const b of blacks) expect(by(host).heard, `the host hears black seat ${b.peer} at night`).toContain(b.peer);
        seen.hostHeardBlack++;
        const redRaw = await raw(red.page);
        for (const b of blacks) expect(redRaw, "the red page's raw tap carries nothing of the night channel").not.toContain(b.peer);
        seen.redRawSilent++;
        if (advisor) {
          expect(by(advisor).heard, "the consigliere hears nothing at night").toEqual([]);
          expect(await raw(advisor.page), "the consigliere's raw tap is silent at night").toEqual([]);
          seen.advisorNight++;
        }
        if (spectator) {
          const specRaw = await raw(spectator.page);
          for (const b of blacks) {
            expect(by(spectator).heard).not.toContain(b.peer);
            expect(specRaw, "the spectator receives nothing of the night channel").not.toContain(b.peer);
          }
        }
        // The host sees the night through the black person's camera.
        if (camera.length > 0 && !seen.hostSawBlack && blacks.includes(black1)) {
          const b = black1;
          const before = await frames(host.page);
          await expect.poll(async () => (await frames(host.page))[b.peer]! - (before[b.peer] ?? 0), { timeout: SLOW_MS }).toBeGreaterThan(10);
          seen.hostSawBlack = true;
        }
      }
    }

    // Done once every check has been made (the game need not reach its end for them).
    const done = seen.nights > 0 && (spectator ? seen.hostHeardSpeaker > 0 && seen.hostSawBlack && seen.hostTalked && seen.muted && seen.heardAfterMute : seen.whisper && seen.advisorNight > 0);
    if (done || (hs.result && snaps.every((s) => s.result))) {
      finished = done;
      break;
    }
    if (seen.steps % 10 === 0) console.log(`live media: step ${seen.steps}, ${phase} day ${hs.day} at ${((Date.now() - started) / 1000).toFixed(0)} s: ${JSON.stringify(seen)}`);
    // Moves: the host confirms a waiting stage; the people play what their pages offer; else the clock.
    const ready = host.page.locator('[data-host-confirm="ready"]:not([disabled])');
    if (await ready.count()) {
      await ready.click({ timeout: 5_000 }).catch(async (e) => {
        if (await ready.count()) throw e; // still offered and not clickable: a failure, not a stage that moved on
      });
      await sleep(150);
      continue;
    }
    let did = false;
    for (let i = 0; i < seated.length && !did; i++) did = await actOnce(seated[i]!.page, snaps[i]!, acted, String(i));
    if (did) {
      await sleep(100);
      continue;
    }
    const seq = Math.max(hs.seq, ...snaps.map((s) => s.seq));
    if (seq > 0) await advanceClock(server.base, code, seq);
    await sleep(150);
  }
  expect(finished, `every check was made within the time limit: ${JSON.stringify(seen)}`).toBe(true);
  expect(seen.nights, "a night with the black page was measured").toBeGreaterThan(0);
  if (spectator) {
    expect(seen.hostHeardSpeaker, "the host heard a person's speech").toBeGreaterThan(0);
    expect(seen.spectatorHeard, "the spectator heard a person's speech").toBeGreaterThan(0);
    expect(seen.hostSawBlack, "the host saw the black camera at night").toBe(true);
    expect(seen.hostTalked, "the host talked to the table").toBe(true);
    expect(seen.muted, "the host muted a talking seat").toBe(true);
    expect(seen.heardAfterMute, "the muted seat was heard again in its speech").toBe(true);
  }
  if (advisor) {
    expect(seen.whisper, "the consigliere whispered by day").toBe(true);
    expect(seen.advisorNight, "the consigliere was silent at night").toBeGreaterThan(0);
  }
  for (const p of pages) expect(p.errors, `${p.name}: page errors`).toEqual([]);
  console.log(
    `live media: host + 2 people + ${spectator ? "a spectator" : "a consigliere"} + 10 bots (tatar); links up ${(connectedMs / 1000).toFixed(1)} s after the start; ${seen.steps} steps checked ` +
      (spectator
        ? `(${seen.speeches} a person's speech heard by the host and the spectator, ${seen.nights} night steps: the host heard the black page and saw its camera, the red and the spectator's raw taps silent; ` +
          `the host talked to all: ${seen.hostTalked}; mute ${seen.muted ? "silenced the speaker for all" : "not tried"}, heard again at the next speech: ${seen.heardAfterMute}`
        : `(the whisper heard by the player alone: ${seen.whisper}; ${seen.nights} night steps: the host heard the black page, the consigliere and the red raw tap silent`) +
      `; phases ${[...phases].join(" ")}); total ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await Promise.all(pages.map((p) => p.ctx.close()));
}
