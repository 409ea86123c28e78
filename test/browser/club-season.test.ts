/**
 * Issue 19 "Must show", in a real browser: a club's week, from the club to its season table (RULES.md
 * §6.11, §7.11, §8).
 *
 * The owner (a laptop, signed in) creates a club and starts its season on the club page, then sets an
 * evening of 12 seats. Fourteen people sign up: twelve take the seats, two go to the reserve list — Olha
 * (a phone) presses "OK, let's play" as the 13th and is reserve #1. One seated player withdraws: Olha
 * moves up, with a notice. The owner opens the evening's table as its live host; Olha sits down there by
 * her account from the evening page; the host fills the empty seats with bots and the game is played to
 * its result. The host opens the game's record, awards points with a reason, and the club page's season
 * table shows them; Olha opens the record and steps through the replay.
 *
 * The thirteen other people sign up through the API with their own accounts (each a session of its own).
 *
 * Screenshots: club-page-desktop (the club with its season), evening-reserve-phone (the evening with its
 * reserve list, Olha reserve #1), evening-promoted-phone (moved up, the notice), season-table-desktop
 * (after the review), review-desktop (the host's review under the record), season-replay-phone.
 */
import { mkdirSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { playLive } from "./live.ts";
import { axeViolations, boardSnapshot, ensureWebBuild, launchChromium, LOAD_MS, openPerson, type Person, shot, SHOTS, startWrangler, type Server } from "./harness.ts";

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 900 };
/** How long a step may take on a starved machine, not what it must do. */
const SLOW_MS = 30_000;
const PASSWORD = "correct horse 42";

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

const open = (name: string, viewport: { width: number; height: number }, phone: boolean) => openPerson(chrome.browser, contexts, name, { viewport, phone, waitMs: SLOW_MS });

/** A page's own account, made through the API from inside its context (the session cookie lands there). */
async function signUpIn(page: Page, nickname: string): Promise<void> {
  const res = await page.request.post(`${server.base}/api/auth/password/register`, { data: { nickname, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Someone who is not clicking: an account and its session cookie, for API calls. */
async function account(nickname: string): Promise<{ nickname: string; cookie: string }> {
  const res = await fetch(`${server.base}/api/auth/password/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ nickname, password: PASSWORD }) });
  expect(res.status, await res.text()).toBe(200);
  const cookie = /session=[^;]+/.exec(res.headers.get("set-cookie") ?? "")![0];
  return { nickname, cookie };
}

const call = (path: string, cookie: string, body: unknown = {}) =>
  fetch(`${server.base}${path}`, { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify(body) });

/** The person's moves in a club day (§6.4–§6.7), besides every night move. */
const ORDER = ["nominate", "end-speech", "vote-lift", "vote"];

test("RULES.md §6.11, §7.11, §8 a club's week: a club and its season, an evening with a reserve list and a promotion, its table played, points at the review, the season table, the record replayed", async () => {
  const started = Date.now();
  const tag = Date.now().toString(36).slice(-4);
  const owner = await open(`Mykola${tag}`, DESKTOP, false);
  const olha = await open(`Olha${tag}`, PHONE, true);
  await Promise.all([signUpIn(owner.page, owner.name), signUpIn(olha.page, olha.name)]);

  // The owner creates the club (§6.11: the formats it plays, its time zone) …
  await owner.page.goto(`${server.base}/clubs/new`);
  await owner.page.fill('input[name="name"]', "Sunday Mafia", { timeout: LOAD_MS });
  await owner.page.fill('input[name="city"]', "Kyiv");
  await owner.page.check('input[name="formats"][value="club"]');
  await owner.page.fill('input[name="timeZone"]', "Europe/Kyiv");
  await owner.page.locator("[data-new-club] button[type=submit]").click();
  await owner.page.waitForURL(/\/c\/c[A-Za-z0-9_-]{16}$/, { timeout: SLOW_MS });
  const clubId = owner.page.url().split("/c/")[1]!;

  // … starts its season (§7.11 defaults: 15 rating games, the best 12 count, top 12, 4 champion games) …
  await owner.page.fill('[data-new-season] input[name="seasonName"]', "Autumn 2026");
  await owner.page.locator("[data-new-season] button[type=submit]").click();
  await owner.page.locator('[data-season][data-status="open"]').waitFor({ timeout: SLOW_MS });
  // The owner's settings: reviews stay published (§8); saving says so.
  await owner.page.locator("[data-club-settings] button[type=submit]").click();
  await owner.page.locator('[data-settings-saved="yes"]').waitFor({ timeout: SLOW_MS });

  // … and sets an evening: 12 seats at a venue, a week from now, starting in the club's zone.
  const when = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10) + "T18:00";
  await owner.page.fill('[data-new-evening] input[name="startsLocal"]', when);
  await owner.page.fill('[data-new-evening] input[name="place"]', "Café Podil");
  await owner.page.fill('[data-new-evening] input[name="seatsMin"]', "12");
  await owner.page.fill('[data-new-evening] input[name="seatsMax"]', "12");
  await owner.page.locator("[data-new-evening] button[type=submit]").click();
  await owner.page.waitForURL(/\/c\/c[^/]+\/e\/e[A-Za-z0-9_-]{16}$/, { timeout: SLOW_MS });
  const eveningPath = new URL(owner.page.url()).pathname;
  const api = `/api/clubs/${clubId}/evenings/${eveningPath.split("/e/")[1]}`;

  // Fourteen sign up: twelve take the seats, Olha is the 13th (reserve #1), one more is reserve #2.
  const NAMES = ["Andrii", "Bohdana", "Daryna", "Ivan", "Kateryna", "Lesia", "Maksym", "Nazar", "Oksana", "Petro", "Roman", "Sofiia", "Taras"];
  const people = await Promise.all(NAMES.map((name) => account(`${name}${tag}`)));
  for (const p of people.slice(0, 12)) expect((await call(`${api}/signup`, p.cookie)).status).toBe(200);
  await olha.page.goto(`${server.base}${eveningPath}`);
  await olha.page.locator("[data-play]").click({ timeout: LOAD_MS });
  await olha.page.locator('[data-you-state="reserve"][data-you-position="1"]').waitFor({ timeout: SLOW_MS });
  expect((await call(`${api}/signup`, people[12]!.cookie)).status).toBe(200);
  await olha.page.reload();
  await olha.page.locator("[data-reserve] li").nth(1).waitFor({ timeout: SLOW_MS });
  expect(await olha.page.locator("[data-seated] li").count()).toBe(12);
  expect(await olha.page.locator("[data-reserve] li").evaluateAll((els) => els.map((e) => `${(e as HTMLElement).dataset.position}:${(e as HTMLElement).dataset.name}`))).toEqual([
    `1:${olha.name}`,
    `2:${people[12]!.nickname}`,
  ]);
  await shot(olha.page, "evening-reserve-phone", true);

  // One seated player withdraws: the first reserve — Olha — moves up in the same write, with a notice.
  expect((await call(`${api}/withdraw`, people[2]!.cookie)).status).toBe(200);
  await olha.page.reload();
  await olha.page.locator('[data-you-state="seated"]').waitFor({ timeout: SLOW_MS });
  await olha.page.locator("[data-club-notices] [data-notice]").first().waitFor();
  expect(await olha.page.locator("[data-reserve] li").evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.name))).toEqual([people[12]!.nickname]);
  await olha.page.locator("[data-confirm]").click();
  await shot(olha.page, "evening-promoted-phone");

  // The owner opens the evening's table as its live host; Olha sits down there by her account.
  await owner.page.goto(`${server.base}${eveningPath}`);
  await owner.page.locator("[data-evening-open]").click({ timeout: LOAD_MS });
  await owner.page.waitForURL(/\/t\/[A-Z0-9]{6}$/, { timeout: SLOW_MS });
  const code = owner.page.url().split("/t/")[1]!;
  await owner.page.locator("[data-organizer]").waitFor();
  await olha.page.reload();
  await olha.page.locator("[data-evening-table-link]").click({ timeout: LOAD_MS });
  await olha.page.waitForURL(new RegExp(`/t/${code}$`));
  await olha.page.locator('form[data-form="join-here"] #nick').fill(olha.name, { timeout: SLOW_MS });
  await olha.page.locator('form[data-form="join-here"] button[type="submit"]').click();
  await olha.page.locator('form[data-form="join-here"]').waitFor({ state: "detached", timeout: SLOW_MS }).catch(async () => {
    await shot(olha.page, "debug-join");
    throw new Error("Olha did not sit down");
  });
  // Two more of the seated sit down by their accounts (from their own devices, not clicking here); the
  // host fills the seats nobody came for with bots.
  for (const p of people.slice(0, 2)) {
    const res = await fetch(`${server.base}/api/tables/${code}/join`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: p.cookie },
      body: JSON.stringify({ nickname: p.nickname, deviceId: `dev-${p.nickname.toLowerCase().padEnd(16, "0").slice(0, 16)}` }),
    });
    expect(res.status, await res.text()).toBe(200);
  }
  await owner.page.locator('[data-control="fill-bots"]').click({ timeout: SLOW_MS });
  await expect.poll(async () => ((await (await fetch(`${server.base}/api/tables/${code}`)).json()) as { seats: { taken: number } }).seats.taken, { timeout: SLOW_MS }).toBe(12);
  await owner.page.locator('[data-control="start"]:not([disabled])').click();
  await olha.page.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS });
  const game = await playLive({ base: server.base, code, host: owner, person: olha, withinMs: 300_000, order: ORDER });
  expect(game.done, `the game reached a result (phases ${[...game.phases].join(", ")})`).toBe(true);
  const seat = (await boardSnapshot(olha.page)).you!;
  expect(seat).toBeGreaterThan(0);

  // The host opens the game's record from the end screen; once the table has reported the game, its review form is there.
  await owner.page.locator('[data-record-link="1"]').click({ timeout: SLOW_MS });
  await owner.page.waitForURL(new RegExp(`/t/${code}/g/1$`));
  await expect.poll(async () => (await fetch(`${server.base}/api/clubs/reviews/${code}/1`)).status, { timeout: SLOW_MS }).toBe(200);
  await owner.page.reload();
  const form = owner.page.locator("[data-review-form]");
  await form.waitFor({ timeout: SLOW_MS });
  await form.locator(`[data-review-seat="${seat}"] input[name="points"]`).fill("2.5");
  await form.locator(`[data-review-seat="${seat}"] input[name="reason"]`).fill("Found both black players by day 2");
  await form.locator('textarea[name="notes"]').fill("A clean game; seat 1 spoke too long.");
  await owner.page.locator("[data-review-save]").click();
  await owner.page.locator(`[data-review][data-stage="rating"] [data-review-points][data-seat="${seat}"][data-points="2.5"]`).waitFor({ timeout: SLOW_MS });
  await owner.page.locator("#review-title").evaluate((e) => e.scrollIntoView());
  await owner.page.screenshot({ path: `${SHOTS}/review-desktop.png` });

  // The club page: the season table shows the points (§7.11), the game listed as a reviewed season game.
  await owner.page.goto(`${server.base}/c/${clubId}`);
  const row = owner.page.locator(`[data-season-row="${olha.name}"]`);
  await row.waitFor({ timeout: SLOW_MS });
  expect(await row.getAttribute("data-total")).toBe("2.5");
  expect(await row.getAttribute("data-rank")).toBe("1");
  await owner.page.locator(`[data-club-game="${code}/1"][data-reviewed="yes"]`).waitFor();
  await shot(owner.page, "club-page-desktop");
  await owner.page.locator("#season-title").evaluate((e) => e.scrollIntoView());
  await owner.page.screenshot({ path: `${SHOTS}/season-table-desktop.png` });

  // Olha reads the published review under the record and steps through the replay.
  await olha.page.goto(`${server.base}/t/${code}/g/1`);
  const steps = Number(await olha.page.locator("[data-record]").getAttribute("data-steps", { timeout: SLOW_MS }));
  expect(steps, "the replay's steps: createGame and every input").toBeGreaterThan(20);
  const roles = () => olha.page.locator("[data-record-seat][data-role]").count();
  expect(await roles(), "step 0: the table saw no card").toBe(0);
  for (let i = 1; i <= 3; i++) {
    await olha.page.locator("[data-record-next]").click();
    await olha.page.locator(`[data-record-step][data-step="${i}"]`).waitFor();
  }
  await olha.page.locator("[data-record-step]").fill(String(Math.floor(steps / 2)));
  await olha.page.locator(`[data-record-step][data-step="${Math.floor(steps / 2)}"]`).waitFor();
  await olha.page.locator(`[data-review-points][data-seat="${seat}"]`).waitFor({ timeout: SLOW_MS });
  expect(await olha.page.locator("[data-review-form]").count(), "a player reads the review; only hosts get the form").toBe(0);
  await shot(olha.page, "season-replay-phone");
  await olha.page.locator("[data-record-secrets]").check();
  await expect.poll(roles).toBe(12);

  // The new pages read in every language on a phone: no serious or critical axe violation, nothing wider than 360 px.
  const problems: string[] = [];
  for (const lang of ["uk", "ru", "en"]) {
    await olha.page.evaluate((l) => localStorage.setItem("mafia.lang", l), lang);
    for (const path of [`/c/${clubId}`, eveningPath, `/t/${code}/g/1`]) {
      await olha.page.goto(`${server.base}${path}`);
      await olha.page.locator("[data-season], [data-evening-page], [data-review]").first().waitFor({ timeout: SLOW_MS });
      expect(await olha.page.evaluate(() => document.documentElement.lang)).toBe(lang);
      for (const v of await axeViolations(olha.page)) problems.push(`${lang} ${path}: ${v}`);
      const wide = await olha.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (wide > 0) problems.push(`${lang} ${path}: ${wide} px wider than the phone`);
    }
  }
  expect(problems).toEqual([]);

  expect(owner.errors).toEqual([]);
  expect(olha.errors).toEqual([]);
  console.log(
    `club week: Olha promoted from reserve #1, seat ${seat}; host confirms ${game.confirms}; moves ${JSON.stringify(game.did)}; ` +
      `misses ${game.misses.join("; ") || "none"}; replay ${steps} steps; ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
});
