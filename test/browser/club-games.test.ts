/**
 * Issue 17 "Must show", in a real browser: the club formats clicked through to a result.
 *
 * host-classic with a live host (RULES.md §4, §5.7): the host (a laptop) creates the table as its live
 * host — no seat, no role — one person joins by the code on a phone, the host seats ten bots (eleven
 * players: the Maniac is asked "Maniac for the town?") and starts. The person plays what the page
 * offers: introductions on day 1 (no vote), later speeches with a nomination and a question to one
 * player, the vote by candidate, the confirming vote or the car crash, night moves (the side question
 * if the person is the Maniac); the host confirms every stage that waits for them (the night's steps,
 * the counts). The host's page sees every role from the start; the person's page never receives a role
 * it is not entitled to before the end (its own; the mafia its team; a black Maniac none).
 *
 * Screenshots: host-classic-host-desktop (the host's screen at night), host-classic-phone (the
 * person's day with the question).
 */
import { mkdirSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { advanceClock, boardSnapshot, ensureWebBuild, launchChromium, LOAD_MS, openPerson, type Person, roleFacts, shot, SHOTS, startWrangler, type BoardSnap, type Server } from "./harness.ts";

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
/** Waits that only matter on a starved machine: how long a step may take, not what it must do. */
const SLOW_MS = 30_000;
/** The moves this driver makes when the person's page offers them (besides every night move). */
const DRIVEN = new Set(["end-speech", "nominate", "ask", "vote", "vote-lift", "choose-side"]);

let server: Server;
let chrome: Awaited<ReturnType<typeof launchChromium>>;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  ensureWebBuild();
  mkdirSync(SHOTS, { recursive: true });
  [server, chrome] = await Promise.all([startWrangler({ vars: { BOT_THINK_MS: "100" } }), launchChromium()]);
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await chrome?.close();
  await server?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const open = (name: string, viewport: { width: number; height: number }, phone: boolean): Promise<Person> => openPerson(chrome.browser, contexts, name, { viewport, phone, waitMs: SLOW_MS });

/** Click a seat of an action and its confirm (a one-tap choice needs none). */
async function pick(page: Page, action: string, target: number): Promise<void> {
  const btn = page.locator(`[data-action="${action}"] [data-target="${target}"]`);
  const oneTap = (await btn.getAttribute("data-one-tap", { timeout: 5_000 })) !== null;
  if ((await btn.getAttribute("aria-pressed")) !== "true") await btn.click({ timeout: 5_000 });
  if (!oneTap) await page.locator(`[data-confirm="${action}"]`).click({ timeout: 5_000 });
}

test("RULES.md §4 host-classic with a live host: 11 players (one person, ten bots) played to a result, the host confirming every stage", async () => {
  const started = Date.now();
  const host = await open("Host", DESKTOP, false);
  const olha = await open("Olha", PHONE, true);

  await host.page.goto(`${server.base}/`);
  await host.page.click('[data-home="create"]', { timeout: LOAD_MS });
  await host.page.selectOption("#preset", "host-classic");
  await host.page.click('details[data-more="options"] summary');
  await host.page.check('input[name="liveHost"]');
  await host.page.check('input[name="sameRoom"]');
  await host.page.click('form[data-form="create"] button[type="submit"]');
  await host.page.waitForURL(/\/t\/[A-Z0-9]{6}$/, { timeout: LOAD_MS });
  const code = host.page.url().split("/t/")[1]!;
  await host.page.locator("[data-organizer]").waitFor();

  await olha.page.goto(`${server.base}/`);
  await olha.page.fill("#nick", "Olha", { timeout: LOAD_MS });
  await olha.page.fill("#join-code", code.toLowerCase());
  await olha.page.click('form[data-form="join"] button[type="submit"]');
  await olha.page.waitForURL(new RegExp(`/t/${code}$`));

  // Ten bots: eleven players, so the Maniac is asked his side (§4.1).
  for (let n = 2; n <= 11; n++) {
    await host.page.locator('[data-control="add-bot"]').click();
    await expect.poll(async () => ((await (await fetch(`${server.base}/api/tables/${code}`)).json()) as { seats: { taken: number } }).seats.taken).toBe(n);
  }
  await host.page.locator('[data-control="start"]:not([disabled])').click();
  await host.page.locator("[data-host-panel]").waitFor({ timeout: SLOW_MS });
  await olha.page.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS });

  const acted = new Set<string>();
  const misses: string[] = [];
  const phases = new Set<string>();
  const did: Record<string, number> = {};
  let confirms = 0;
  let hostShot = false;
  let askShot = false;
  const snaps: BoardSnap[] = [];
  const deadline = Date.now() + 420_000;
  let done = false;
  while (!done && Date.now() < deadline) {
    const [s, h] = await Promise.all([boardSnapshot(olha.page), boardSnapshot(host.page)]);
    snaps.push(s);
    done = !!s.result && !!h.result;
    if (done) break;
    if (s.phase) phases.add(s.phase);
    // The host confirms a stage that waits for them (§5.7).
    const ready = host.page.locator('[data-host-confirm="ready"]:not([disabled])');
    if (await ready.count()) {
      if (!hostShot && h.phase?.startsWith("night-")) {
        await shot(host.page, "host-classic-host-desktop");
        hostShot = true;
      }
      await ready.click().catch(() => {});
      confirms++;
      await sleep(150);
      continue;
    }
    const pending = Object.keys(s.actions).filter((k) => (DRIVEN.has(k) || k.startsWith("use:")) && !acted.has(`${s.seq}:${s.day}:${k}`));
    if (!s.busy && !h.busy && pending.length === 0 && s.seq === h.seq && s.seq > 0) {
      await advanceClock(server.base, code, s.seq);
      await sleep(150);
      continue;
    }
    // The person's move: a nomination and a question before ending the speech; votes; night moves.
    const order = ["choose-side", "nominate", "ask", "end-speech", "vote-lift", "vote", ...pending.filter((k) => k.startsWith("use:"))];
    const action = order.find((k) => pending.includes(k));
    if (action) {
      acted.add(`${s.seq}:${s.day}:${action}`);
      try {
        if (action === "end-speech") await olha.page.locator('[data-action="end-speech"]').click({ timeout: 5_000 });
        else if (action === "vote-lift") await olha.page.locator('[data-lift="yes"]').click({ timeout: 5_000 });
        else if (action === "choose-side") await olha.page.locator('[data-side="black"]').click({ timeout: 5_000 });
        else {
          const targets = s.actions[action]!;
          const target = targets.find((x) => x !== s.you) ?? targets[0]!;
          if (action === "ask" && !askShot) {
            await olha.page.locator(`[data-action="ask"] [data-target="${target}"]`).click({ timeout: 5_000 });
            await shot(olha.page, "host-classic-phone");
            askShot = true;
            await olha.page.locator('[data-confirm="ask"]').click({ timeout: 5_000 });
          } else await pick(olha.page, action, target);
        }
        did[action] = (did[action] ?? 0) + 1;
      } catch (e) {
        misses.push(`${action}: ${String(e).split("\n")[0]}`);
      }
    }
    await sleep(150);
  }
  expect(done, `the game reached a result (phases ${[...phases].join(", ")})`).toBe(true);
  // §4.3 day 1 is introductions: the person spoke before any vote; §5.7 the host confirmed stages.
  expect(phases.has("introductions")).toBe(true);
  expect(confirms, "stages the host confirmed").toBeGreaterThan(0);

  // The person's page: no role before the end but its own (and the black team's, for a mafioso).
  const you = snaps.find((x) => x.you !== null)!.you!;
  const mine = snaps.flatMap((x) => x.roles).filter(([seat]) => seat === you).map(([, r]) => r)[0];
  const allowed = new Set<number>([you]);
  for (const raw of olha.frames) {
    const msg = JSON.parse(raw) as { type: string; view?: { game: { result: unknown; seats: Array<{ seat: number; alive: boolean }>; you?: { teammates?: number[] } | null } | null } };
    if (msg.type !== "view" || !msg.view?.game || msg.view.game.result) continue;
    const game = msg.view.game;
    for (const mate of game.you?.teammates ?? []) allowed.add(mate);
    // §4 reveal is open: the card of a player who left is shown to the table at once.
    const gone = new Set(game.seats.filter((x) => !x.alive).map((x) => x.seat));
    for (const [seat] of roleFacts(game)) expect(allowed.has(seat) || gone.has(seat), `Olha received seat ${seat}'s role before the end`).toBe(true);
  }
  const end = await boardSnapshot(olha.page);
  expect(["red", "black", "draw"]).toContain(end.result);
  expect(new Set(end.roles.map(([seat]) => seat)).size).toBe(11);
  expect(olha.errors).toEqual([]);
  expect(host.errors).toEqual([]);
  console.log(
    `host-classic (live host): Olha was seat ${you} (${mine ?? "?"}); moves ${JSON.stringify(did)}; host confirms ${confirms}; phases ${[...phases].join(", ")}; ` +
      `misses ${misses.length ? misses.join("; ") : "none"}; result ${end.result}; ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
});
