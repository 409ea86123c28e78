/**
 * Issue 35 "Must show" (club evenings you can manage), one walk in a real browser at 360 px in Ukrainian:
 * find a club from the home page, join it, sign up for its weekly evening, get promoted from the reserve
 * after the confirmation deadline (the others confirmed, one did not), play the evening's game with bots on
 * the rest of the table, and see the medal on the profile once the organizer closes the season
 * (RULES.md §6.11, §7.11; seed 004).
 *
 * Nothing is seeded in D1: every account is made through the API (harness suite.ts `account`/`register`),
 * the club, its season and its weekly evening (classic, 6 seats, in 48 h, confirm 24 h before) by the
 * owner's API calls; six other members take the six seats, five of them confirm. Olha (a phone) finds the
 * club from the home page and is reserve #1. The club's clock moves past the deadline (worker/clubs/manage.ts
 * clubNow, E2E_CLOCK=1): the unconfirmed seat goes to the reserve and Olha moves up. The owner (a phone) opens
 * the evening's table as its live host, Olha sits down by her account, the host fills the rest with bots and
 * the game is played on the table's test clock (live.ts playLive → harness advanceClock: no real timer is
 * waited out). The owner reviews the game (Olha's seat 3 points), closes the season on the club page, and
 * the season table and Olha's own profile show her gold medal; the club page lists next week's evening.
 *
 * Screenshots (docs/UI.md "Club evenings you can manage (issue 35)"): evening-deadline-reserve-phone,
 * evening-deadline-promoted-phone, evening-manage-desktop, season-medals-phone, profile-medals-phone,
 * evening-cancelled-phone.
 */
import { expect, test } from "vitest";
import { playLive } from "./live.ts";
import { boardSnapshot, LOAD_MS, openPerson, shot, SHOTS } from "./harness.ts";
import { account, browserSuite, checkPage, register } from "./suite.ts";

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 900 };
/** How long a step may take on a starved machine, not what it must do. */
const SLOW_MS = 30_000;
const HOUR = 3600_000;
/** The person's moves in a day (§2.4–§2.7), besides every night move. */
const ORDER = ["nominate", "end-speech", "vote-lift", "vote"];

const suite = browserSuite({ vars: { BOT_THINK_MS: "100" } });
const base = () => suite.server.base;

test("issue 35: home → the club directory → a club's weekly evening → reserve #1 → promoted after the confirmation deadline → the evening's game with bots → the season closed → the gold medal on her profile", async () => {
  const started = Date.now();
  const open = (name: string) => openPerson(suite.chrome.browser, suite.contexts, name, { viewport: PHONE, locale: "uk-UA", phone: true, waitMs: SLOW_MS });
  const [olha, owner] = await Promise.all([open("Olha"), open("Ostap")]);
  await Promise.all([register(olha.page, base(), olha.name), register(owner.page, base(), owner.name)]);
  const api = async (path: string, data: unknown, status = 200) => {
    const res = await owner.page.request.post(`${base()}${path}`, { data });
    expect(res.status(), await res.text()).toBe(status);
    return res.json();
  };

  // The owner's club (listed), its season of one rating game, and its weekly evening: 6 seats, confirm 24 h before.
  const club = (await api("/api/clubs", { name: "Пʼятниця", city: "Київ", language: "uk", formats: ["classic"], timeZone: "Europe/Kyiv" }, 201)) as { club: { id: string } };
  const clubId = club.club.id;
  const season = (await api(`/api/clubs/${clubId}/seasons`, { name: "Осінь", gamesTotal: 1, bestOf: 1 }, 201)) as { season: { id: string } };
  const startsAt = Math.floor((Date.now() + 48 * HOUR) / 60_000) * 60_000;
  const made = (await api(`/api/clubs/${clubId}/evenings`, { startsAt, place: "Поділ", presetId: "classic", seats: { min: 6, max: 6 }, weekly: true, confirmHours: 24 }, 201)) as { evening: { id: string } };
  const evening = made.evening.id;
  const eveningApi = `/api/clubs/${clubId}/evenings/${evening}`;

  // Six members take the six seats; all but Seat06 confirm the evening.
  const members = await Promise.all(["Seat01", "Seat02", "Seat03", "Seat04", "Seat05", "Seat06"].map((n) => account(base(), n)));
  const post = (path: string, cookie: string) => fetch(`${base()}${path}`, { method: "POST", headers: { "content-type": "application/json", cookie }, body: "{}" });
  for (const m of members) expect((await post(`${eveningApi}/signup`, m.cookie)).status).toBe(200);
  for (const m of members.slice(0, 5)) expect((await post(`${eveningApi}/confirm`, m.cookie)).status).toBe(200);

  // Olha finds the club from the home page: "Find a club", a search, its card, its evening.
  const page = olha.page;
  await page.goto(`${base()}/`, { timeout: LOAD_MS });
  await page.locator('[data-home-club="find"]').click();
  await page.locator("[data-club-search]").fill("пʼятниця");
  await page.locator("[data-club-search-go]").click();
  await page.locator(`[data-club-card="${clubId}"] [data-club-link]`).click();
  await page.locator(`[data-evening="${evening}"] a`).click();
  await page.locator(`[data-evening-page="${evening}"]`).waitFor();
  expect(await page.locator("[data-confirm-by]").count()).toBe(1);

  // She joins: the six seats are taken, so she is reserve #1 (and a member of the club).
  await page.locator("[data-play]").click();
  await expect.poll(() => page.locator("[data-you-state]").getAttribute("data-you-state")).toBe("reserve");
  expect(await page.locator("[data-you-state]").getAttribute("data-you-position")).toBe("1");
  expect(await page.locator("[data-evening-manage]").count()).toBe(0); // not the owner's panel
  await checkPage(page, "evening, reserve");
  await shot(page, "evening-deadline-reserve-phone");

  // 25 hours later the deadline (24 h before the start) has passed: Seat06 never confirmed, Olha moves up.
  const moved = await fetch(`${base()}/api/clubs/${clubId}/test-clock`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ms: 25 * HOUR }) });
  expect(moved.status, await moved.text()).toBe(200);
  await page.reload({ timeout: LOAD_MS });
  await expect.poll(() => page.locator("[data-you-state]").getAttribute("data-you-state")).toBe("seated");
  await page.locator('[data-notice="promoted"]').waitFor();
  expect(await page.locator("[data-reserve] li").evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.name))).toEqual(["Seat06"]);
  await checkPage(page, "evening, promoted");
  await shot(page, "evening-deadline-promoted-phone");

  // The owner opens the evening's table as its live host; Olha sits down there by her account.
  await owner.page.goto(`${base()}/c/${clubId}/e/${evening}`, { timeout: LOAD_MS });
  await owner.page.locator("[data-evening-open]").click();
  await owner.page.waitForURL(/\/t\/[A-Z0-9]{6}$/, { timeout: SLOW_MS });
  const code = owner.page.url().split("/t/")[1]!;
  await owner.page.locator("[data-organizer]").waitFor();
  await page.reload({ timeout: LOAD_MS });
  await page.locator("[data-evening-table-link]").click();
  await page.waitForURL(new RegExp(`/t/${code}$`));
  await page.locator('form[data-form="join-here"] #nick').fill(olha.name);
  await page.locator('form[data-form="join-here"] button[type="submit"]').click();
  await page.locator('form[data-form="join-here"]').waitFor({ state: "detached" });

  // Nobody else came: the host fills the five seats with bots and starts; the game runs on the test clock.
  await owner.page.locator('[data-control="fill-bots"]').click();
  await expect.poll(async () => ((await (await fetch(`${base()}/api/tables/${code}`)).json()) as { seats: { taken: number } }).seats.taken, { timeout: SLOW_MS }).toBe(6);
  await owner.page.locator('[data-control="start"]:not([disabled])').click();
  await page.locator(".board[data-phase]").waitFor();
  const game = await playLive({ base: base(), code, host: owner, person: olha, withinMs: 240_000, order: ORDER });
  expect(game.done, `the game reached a result (phases ${[...game.phases].join(", ")})`).toBe(true);
  const seat = (await boardSnapshot(page)).you!;
  expect(seat).toBeGreaterThan(0);

  // The owner reviews the game once the table has reported it: 3 points to Olha's seat, the season's one rating game.
  await expect.poll(async () => (await fetch(`${base()}/api/clubs/reviews/${code}/1`)).status, { timeout: SLOW_MS }).toBe(200);
  const review = (await (await fetch(`${base()}/api/clubs/reviews/${code}/1`)).json()) as { seats: Array<{ seat: number }> };
  const points = review.seats.map((s) => (s.seat === seat ? { seat: s.seat, points: 3, reason: "Знайшла дона" } : { seat: s.seat, points: 0, reason: "" }));
  const put = await owner.page.request.put(`${base()}/api/clubs/reviews/${code}/1`, { data: { notes: "", points } });
  expect(put.status(), await put.text()).toBe(200);

  // The club page: next week's evening (this one is over), and the owner closes the season — the medals.
  await owner.page.goto(`${base()}/c/${clubId}`, { timeout: LOAD_MS });
  await owner.page.locator(`[data-season="${season.season.id}"][data-status="open"]`).waitFor();
  const upcoming = await owner.page.locator("[data-upcoming] [data-evening]").evaluateAll((els) => els.map((e) => e.getAttribute("data-evening")));
  expect(upcoming.filter((id) => id !== evening), "next week's evening, made once").toHaveLength(1);
  await owner.page.locator("[data-close-season]").click();
  await owner.page.locator(`[data-season="${season.season.id}"][data-status="closed"]`).waitFor();
  await expect.poll(() => owner.page.locator("[data-season-row][data-medal]").evaluateAll((els) => els.map((e) => `${e.getAttribute("data-season-row")}:${e.getAttribute("data-medal")}`))).toEqual([
    `${olha.name}:gold`,
  ]);
  expect(await owner.page.locator(`[data-season-row="${olha.name}"] [role="img"]`).getAttribute("aria-label")).toBe("Золота медаль");
  await checkPage(owner.page, "club with medals");
  await owner.page.locator(`[data-season="${season.season.id}"]`).scrollIntoViewIfNeeded();
  await owner.page.screenshot({ path: `${SHOTS}/season-medals-phone.png` });

  // Olha's own profile: the gold medal of the season she played.
  await page.goto(`${base()}/u/${olha.name}`, { timeout: LOAD_MS });
  await page.locator('[data-medals] [data-medal="gold"]').waitFor();
  expect(await page.locator("[data-medals] li").textContent()).toContain("Золото: 1-е місце в клубі Пʼятниця, сезон «Осінь»");
  await checkPage(page, "profile with a medal");
  await page.locator("[data-medals]").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/profile-medals-phone.png` });

  expect(olha.errors).toEqual([]);
  expect(owner.errors).toEqual([]);
  console.log(`[club-evenings] phone walk: ${((Date.now() - started) / 1000).toFixed(1)} s (host confirms ${game.confirms}, moves ${JSON.stringify(game.did)})`);
}, 360_000);

test("issue 35: the owner edits the evening (a notice to the signed-up) and cancels it, at 1280 px and at 360 px", async () => {
  const owner = await openPerson(suite.chrome.browser, suite.contexts, "Owner", { viewport: DESKTOP, locale: "uk-UA", waitMs: SLOW_MS });
  const page = owner.page;
  await register(page, base(), "Vlasnyk");
  const club = await page.request.post(`${base()}/api/clubs`, { data: { name: "Середа", city: "Київ", language: "uk", formats: ["classic"], timeZone: "Europe/Kyiv" } });
  const clubId = ((await club.json()) as { club: { id: string } }).club.id;
  const ev = await page.request.post(`${base()}/api/clubs/${clubId}/evenings`, { data: { startsAt: Date.now() + 72 * HOUR, place: "Поділ", presetId: "classic", confirmHours: 12 } });
  const eveningId = ((await ev.json()) as { evening: { id: string } }).evening.id;
  // A player signed up (his own phone page).
  const taras = await openPerson(suite.chrome.browser, suite.contexts, "Taras", { viewport: PHONE, locale: "uk-UA", phone: true, waitMs: SLOW_MS });
  await register(taras.page, base(), "Taras");
  expect((await taras.page.request.post(`${base()}/api/clubs/${clubId}/evenings/${eveningId}/signup`, { data: {} })).status()).toBe(200);

  await page.goto(`${base()}/c/${clubId}/e/${eveningId}`, { timeout: LOAD_MS });
  const form = page.locator("[data-evening-edit]");
  await form.locator('input[name="place"]').fill("Оболонь");
  await form.locator('input[name="confirmHours"]').fill("6");
  await page.locator("[data-evening-save]").click();
  await expect.poll(() => page.locator(".facts").textContent()).toContain("Оболонь");
  await checkPage(page, "manage, desktop");
  await page.locator("[data-evening-manage]").scrollIntoViewIfNeeded();
  await shot(page, "evening-manage-desktop");

  await taras.page.goto(`${base()}/c/${clubId}/e/${eveningId}`, { timeout: LOAD_MS });
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
