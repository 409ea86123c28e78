/**
 * Issue 35 "Must show" (club evenings you can manage), in a real browser at 360 px (Ukrainian), as far as
 * built: find a club from the home page, join its weekly evening, get promoted from the reserve after the
 * confirmation deadline (the club's clock moved: worker/clubs/manage.ts clubNow, E2E_CLOCK=1), see the next
 * week's evening made once this one is over, and the season's medals on its table and on a profile.
 *
 * The local D1 is seeded before the server starts (harness StartOptions.seedSql): a public club with a
 * weekly evening (classic, 6 seats, in 48 h, confirm 24 h before) whose six seats are taken by seeded
 * accounts — five confirmed, one (Seat05) not — and a closed season whose three top players hold medals.
 * Olha's account is made through the API from her own page. Not covered here: playing the evening's game
 * (club-season.test.ts plays one) and a medal won by that game.
 *
 * Screenshots (docs/UI.md "Club evenings you can manage (issue 35)"): evening-deadline-reserve-phone,
 * evening-deadline-promoted-phone, evening-manage-desktop, season-medals-phone, profile-medals-phone.
 */
import { mkdirSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { axeViolations, ensureWebBuild, launchChromium, LOAD_MS, openPerson, shot, SHOTS, startWrangler, type Server } from "./harness.ts";

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 900 };
const SLOW_MS = 30_000;
const HOUR = 3600_000;
const PASSWORD = "correct horse 42";
const CLUB = "cEveningsFriday01";
const EVENING = "eEveningsFriday01";
const SEASON = "sEveningsAutumn01";

function seed(now: number): string {
  const sql: string[] = [];
  for (let i = 0; i < 7; i++) {
    const nick = `Seat${String(i).padStart(2, "0")}`;
    sql.push(`INSERT INTO users (id, nick, nick_key, webauthn_id, created_at, publish_nick) VALUES ('uev${i}', '${nick}', '${nick.toLowerCase()}', 'wev${i}', 0, 1);`);
  }
  sql.push(
    `INSERT INTO clubs (id, name, city, language, formats, time_zone, owner_id, created_at, listed, search_key) VALUES ('${CLUB}', 'Пʼятниця', 'Київ', 'uk', '["classic"]', 'Europe/Kyiv', 'uev6', 0, 1, 'пʼятниця · київ');`,
    `INSERT INTO club_members (club_id, user_id, role, created_at) VALUES ('${CLUB}', 'uev6', 'owner', 0);`,
  );
  const at = Math.floor((now + 48 * HOUR) / 60_000) * 60_000;
  sql.push(
    `INSERT INTO evenings (id, club_id, starts_at, time_zone, place, preset_id, settings, seats_min, seats_max, signup_opens_at, signup_closes_at, weekly, created_by, created_at, confirm_hours) VALUES ('${EVENING}', '${CLUB}', ${at}, 'Europe/Kyiv', 'Поділ', 'classic', '{}', 6, 6, ${now - 1000}, ${at}, 1, 'uev6', 0, 24);`,
  );
  for (let i = 0; i < 6; i++) {
    sql.push(`INSERT INTO club_members (club_id, user_id, role, created_at) VALUES ('${CLUB}', 'uev${i}', 'member', 0);`);
    sql.push(`INSERT INTO signups (evening_id, user_id, seq, state, created_at, seated_at, confirmed_at) VALUES ('${EVENING}', 'uev${i}', ${i + 1}, 'seated', 0, 0, ${i === 5 ? "NULL" : "1"});`);
  }
  // A closed season: two reviewed games; totals Seat01 5, Seat02 4, Seat03 3, Seat04 1.
  sql.push(`INSERT INTO seasons (id, club_id, name, games_total, best_of, status, created_by, created_at, closed_at) VALUES ('${SEASON}', '${CLUB}', 'Осінь', 2, 2, 'closed', 'uev6', 0, 1);`);
  const pts = [[3, 2, 1, 0], [2, 2, 2, 1]];
  pts.forEach((row, g) => {
    sql.push(`INSERT INTO games (id, code, preset_id, started_at, ended_at, winner, reason, rated, game_no) VALUES ('EVG/${g}', 'EVGTAB', 'classic', ${now - 9000_000 + g * 1000}, ${now - 8000_000 + g * 1000}, 'red', 'test', 0, ${g + 1});`);
    sql.push(`INSERT INTO reviews (game_id, club_id, evening_id, season_id, stage, host_id, notes, created_at, updated_at) VALUES ('EVG/${g}', '${CLUB}', NULL, '${SEASON}', 'rating', 'uev6', '', 0, 0);`);
    row.forEach((p, i) => sql.push(`INSERT INTO points (game_id, seat, user_id, points, bonus, reason) VALUES ('EVG/${g}', ${i + 1}, 'uev${i + 1}', ${p}, 0, 'x');`));
  });
  return sql.join("\n");
}

let server: Server;
let chrome: Awaited<ReturnType<typeof launchChromium>>;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  ensureWebBuild();
  mkdirSync(SHOTS, { recursive: true });
  [server, chrome] = await Promise.all([startWrangler({ seedSql: seed(Date.now()) }), launchChromium()]);
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await chrome?.close();
  await server?.stop();
});

async function checkPage(page: Page, label: string): Promise<void> {
  const width = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(width[0], `${label}: page width`).toBeLessThanOrEqual(width[1]!);
  expect(await axeViolations(page), label).toEqual([]);
}

/** Move the club's clock (the test route exists only with E2E_CLOCK=1). */
async function advance(ms: number): Promise<void> {
  const res = await fetch(`${server.base}/api/clubs/${CLUB}/test-clock`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ms }) });
  expect(res.status, await res.text()).toBe(200);
}

test("issue 35: home → a club → its weekly evening → reserve #1 → promoted after the confirmation deadline → next week's evening → the season's medals on the table and a profile", async () => {
  const started = Date.now();
  const olha = await openPerson(chrome.browser, contexts, "Olha", { viewport: PHONE, locale: "uk-UA", phone: true, waitMs: SLOW_MS });
  const page = olha.page;
  const reg = await page.request.post(`${server.base}/api/auth/password/register`, { data: { nickname: "Olha", password: PASSWORD } });
  expect(reg.status(), await reg.text()).toBe(200);

  await page.goto(`${server.base}/`, { timeout: LOAD_MS });
  await page.locator('[data-home-club="find"]').click();
  await page.locator("[data-club-search]").fill("пʼятниця");
  await page.locator("[data-club-search-go]").click();
  await page.locator(`[data-club-card="${CLUB}"] [data-club-link]`).click();
  await page.locator(`[data-evening="${EVENING}"] a`).click();
  await page.locator(`[data-evening-page="${EVENING}"]`).waitFor();
  expect(await page.locator("[data-confirm-by]").count()).toBe(1);

  // Join: the six seats are taken, so she is reserve #1.
  await page.locator("[data-play]").click();
  await expect.poll(() => page.locator("[data-you-state]").getAttribute("data-you-state")).toBe("reserve");
  expect(await page.locator("[data-you-state]").getAttribute("data-you-position")).toBe("1");
  expect(await page.locator("[data-evening-manage]").count()).toBe(0); // not the owner's panel
  await checkPage(page, "evening, reserve");
  await shot(page, "evening-deadline-reserve-phone");

  // 25 hours later the deadline (24 h before the start) has passed: Seat05 never confirmed.
  await advance(25 * HOUR);
  await page.reload({ timeout: LOAD_MS });
  await expect.poll(() => page.locator("[data-you-state]").getAttribute("data-you-state")).toBe("seated");
  await page.locator('[data-notice="promoted"]').waitFor();
  expect(await page.locator('[data-reserve] [data-name="Seat05"]').count()).toBe(1);
  await checkPage(page, "evening, promoted");
  await shot(page, "evening-deadline-promoted-phone");

  // The evening's hours pass: the club page lists next week's weekly evening (made once).
  await advance(30 * HOUR);
  await page.goto(`${server.base}/c/${CLUB}`, { timeout: LOAD_MS });
  await page.locator('[data-evening][data-status="open"]').first().waitFor();
  const upcoming = await page.locator("[data-evening]").evaluateAll((els) => els.map((e) => e.getAttribute("data-evening")));
  expect(upcoming.filter((id) => id !== EVENING)).toHaveLength(1);

  // The closed season's table: gold, silver, bronze.
  await expect.poll(() => page.locator("[data-season-row][data-medal]").evaluateAll((els) => els.map((e) => `${e.getAttribute("data-season-row")}:${e.getAttribute("data-medal")}`))).toEqual([
    "Seat01:gold",
    "Seat02:silver",
    "Seat03:bronze",
  ]);
  expect(await page.locator('[data-season-row="Seat01"] [role="img"]').getAttribute("aria-label")).toBe("Золота медаль");
  await checkPage(page, "club with medals");
  await page.locator(`[data-season="${SEASON}"]`).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/season-medals-phone.png` });

  // The gold medallist's profile.
  await page.goto(`${server.base}/u/Seat01`, { timeout: LOAD_MS });
  await page.locator('[data-medals] [data-medal="gold"]').waitFor();
  expect(await page.locator("[data-medals] li").textContent()).toContain("Золото: 1-е місце в клубі Пʼятниця, сезон «Осінь»");
  await checkPage(page, "profile with a medal");
  await page.locator("[data-medals]").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/profile-medals-phone.png` });

  expect(olha.errors).toEqual([]);
  console.log(`[club-evenings] phone walk: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}, 240_000);

test("issue 35: the owner edits the evening (a notice to the signed-up) and cancels it, at 1280 px and at 360 px", async () => {
  const owner = await openPerson(chrome.browser, contexts, "Owner", { viewport: DESKTOP, locale: "uk-UA", waitMs: SLOW_MS });
  const page = owner.page;
  const reg = await page.request.post(`${server.base}/api/auth/password/register`, { data: { nickname: "Vlasnyk", password: PASSWORD } });
  expect(reg.status(), await reg.text()).toBe(200);
  const club = await page.request.post(`${server.base}/api/clubs`, { data: { name: "Середа", city: "Київ", language: "uk", formats: ["classic"], timeZone: "Europe/Kyiv" } });
  const clubId = ((await club.json()) as { club: { id: string } }).club.id;
  const ev = await page.request.post(`${server.base}/api/clubs/${clubId}/evenings`, { data: { startsAt: Date.now() + 72 * HOUR, place: "Поділ", presetId: "classic", confirmHours: 12 } });
  const eveningId = ((await ev.json()) as { evening: { id: string } }).evening.id;
  // A player signed up (her own phone page).
  const taras = await openPerson(chrome.browser, contexts, "Taras", { viewport: PHONE, locale: "uk-UA", phone: true, waitMs: SLOW_MS });
  expect((await taras.page.request.post(`${server.base}/api/auth/password/register`, { data: { nickname: "Taras", password: PASSWORD } })).status()).toBe(200);
  expect((await taras.page.request.post(`${server.base}/api/clubs/${clubId}/evenings/${eveningId}/signup`, { data: {} })).status()).toBe(200);

  await page.goto(`${server.base}/c/${clubId}/e/${eveningId}`, { timeout: LOAD_MS });
  const form = page.locator("[data-evening-edit]");
  await form.locator('input[name="place"]').fill("Оболонь");
  await form.locator('input[name="confirmHours"]').fill("6");
  await page.locator("[data-evening-save]").click();
  await expect.poll(() => page.locator(".facts").textContent()).toContain("Оболонь");
  await checkPage(page, "manage, desktop");
  await page.locator("[data-evening-manage]").scrollIntoViewIfNeeded();
  await shot(page, "evening-manage-desktop");

  await taras.page.goto(`${server.base}/c/${clubId}/e/${eveningId}`, { timeout: LOAD_MS });
  await taras.page.locator('[data-notice="changed"]').waitFor();

  await page.locator("[data-evening-cancel]").click();
  await page.locator("dialog[data-dialog][open] [data-dialog-confirm]").click();
  await page.locator("[data-evening-cancelled]").waitFor();
  expect(await page.locator("[data-evening-manage]").count()).toBe(0);

  await taras.page.reload({ timeout: LOAD_MS });
  await taras.page.locator('[data-notice="cancelled"]').waitFor();
  await checkPage(taras.page, "cancelled, phone");
  await shot(taras.page, "evening-cancelled-phone");
  expect(owner.errors).toEqual([]);
  expect(taras.errors).toEqual([]);
}, 180_000);
