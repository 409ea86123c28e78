/**
 * RULES.md §7.10 (2026-12-06) in a real browser: a tatar club that moves here with its twelve players.
 *
 * Ostap owns the club (a laptop at 1366 px, Russian): a running season, so the evening's table is a rating
 * table. Eleven members sign up through the API; Marta (a phone at 360 px, Ukrainian) signs up on the
 * evening page. None of them has played here. From the club's member list Ostap marks all twelve
 * "experienced in tatar" (each switch answered by the server's mark, with who marked it). Marta's evening
 * page says nobody needs an advisor and lists who can advise. Ostap opens the table as its host; the eleven
 * sit down by their accounts, Marta sits down from her phone, and the first rating tatar game of the
 * club starts with no consigliere — nobody's seat is marked "needs a consigliere".
 * Pages axe-clean and no wider than the window.
 *
 * Screenshots (docs/UI.md "A club moves in: experience in tatar"): experience-mark-desktop,
 * experience-evening-phone.
 */
import { expect, test } from "vitest";
import { LOAD_MS, openPerson, SHOTS } from "./harness.ts";
import { account, browserSuite, checkPage, register } from "./suite.ts";

const PHONE = { width: 360, height: 740 };
const LAPTOP = { width: 1366, height: 900 };
/** How long a step may take on a starved machine, not what it must do. */
const SLOW_MS = 30_000;

const suite = browserSuite();
const base = () => suite.server.base;

test("RULES.md §7.10 a club whose twelve members the owner marks experienced from the member list starts its first rating tatar table with no consigliere", async () => {
  const started = Date.now();
  const tag = Date.now().toString(36).slice(-4);
  const [owner, marta] = await Promise.all([
    openPerson(suite.chrome.browser, suite.contexts, `Ostap${tag}`, { viewport: LAPTOP, locale: "ru-RU", waitMs: SLOW_MS }),
    openPerson(suite.chrome.browser, suite.contexts, `Marta${tag}`, { viewport: PHONE, locale: "uk-UA", phone: true, waitMs: SLOW_MS }),
  ]);
  await Promise.all([register(owner.page, base(), owner.name), register(marta.page, base(), marta.name)]);
  const api = async (path: string, data: unknown, status = 200) => {
    const res = await owner.page.request.post(`${base()}${path}`, { data });
    expect(res.status(), await res.text()).toBe(status);
    return res.json();
  };

  // The club, its running season (rating tables) and one tatar evening in two days.
  const club = (await api("/api/clubs", { name: `Казань ${tag}`, city: "Казань", language: "ru", formats: ["tatar"], timeZone: "Europe/Moscow" }, 201)) as { club: { id: string } };
  const clubId = club.club.id;
  await api(`/api/clubs/${clubId}/seasons`, { name: "Осень" }, 201);
  const made = (await api(`/api/clubs/${clubId}/evenings`, { startsAt: Date.now() + 48 * 3600_000, place: "Кафе", presetId: "tatar" }, 201)) as { evening: { id: string } };
  const eveningPath = `/c/${clubId}/e/${made.evening.id}`;
  const eveningApi = `/api/clubs/${clubId}/evenings/${made.evening.id}`;

  // Eleven members sign up through the API; Marta on her phone.
  const members = await Promise.all(Array.from({ length: 11 }, (_, i) => account(base(), `Pl${String(i + 1).padStart(2, "0")}${tag}`)));
  const post = (path: string, cookie: string, body: unknown = {}) => fetch(`${base()}${path}`, { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify(body) });
  for (const m of members) expect((await post(`${eveningApi}/signup`, m.cookie)).status).toBe(200);
  await marta.page.goto(`${base()}${eveningPath}`, { timeout: LOAD_MS });
  await marta.page.locator("[data-play]").click();
  await marta.page.locator('[data-you-state="seated"]').waitFor();
  const everyone = [...members.map((m) => m.nickname), marta.name];
  // Before the marks the evening page names all twelve as needing an advisor.
  await marta.page.reload({ timeout: LOAD_MS });
  await expect.poll(async () => (await marta.page.locator("[data-advisors-needs]").getAttribute("data-advisors-needs"))?.split(",").length, { timeout: SLOW_MS }).toBe(12);

  // The owner marks the twelve from the club's member list (laptop).
  await owner.page.goto(`${base()}/c/${clubId}`, { timeout: LOAD_MS });
  await owner.page.locator("[data-experience]").waitFor();
  for (const name of everyone) {
    await owner.page.locator(`[data-experienced-toggle="${name}"]`).check();
    await owner.page.locator(`[data-member="${name}"][data-experienced="yes"]`).waitFor();
  }
  expect(await owner.page.locator('[data-members] [data-experienced="yes"]').count()).toBe(12);
  expect(await owner.page.locator(`[data-experienced-toggle="${owner.name}"]`).isChecked()).toBe(false);
  await checkPage(owner.page, "club page, experience marked (laptop)");
  // The newcomers' setting on a laptop: its box first on the line, its words right beside it (not a box
  // floating mid-panel with the words at the far right).
  const box = await owner.page.locator("[data-rules-test-required]").boundingBox();
  const words = await owner.page.locator("label.check:has([data-rules-test-required]) > span").boundingBox();
  const panel = await owner.page.locator("[data-club-rules-test]").boundingBox();
  expect(box!.x - panel!.x, "the box sits at the panel's left edge").toBeLessThan(40);
  expect(words!.x - (box!.x + box!.width), "the words follow the box").toBeLessThan(16);
  await owner.page.locator("[data-experience]").scrollIntoViewIfNeeded();
  await owner.page.screenshot({ path: `${SHOTS}/experience-mark-desktop.png` });

  // Marta's evening page: nobody needs an advisor; the twelve can advise.
  await marta.page.reload({ timeout: LOAD_MS });
  await marta.page.locator('[data-advisors="rating"] [data-advisors-needs=""]').waitFor();
  expect((await marta.page.locator("[data-advisors-can]").getAttribute("data-advisors-can"))!.split(",").sort()).toEqual([...everyone].sort());
  await checkPage(marta.page, "evening page, nobody needs an advisor (phone)");
  await marta.page.locator("[data-advisors]").evaluate((e) => e.scrollIntoView({ block: "center" }));
  await marta.page.screenshot({ path: `${SHOTS}/experience-evening-phone.png` });

  // The owner opens the evening's table as its host; the eleven sit down, then Marta from her phone.
  await owner.page.goto(`${base()}${eveningPath}`, { timeout: LOAD_MS });
  await owner.page.locator("[data-evening-open]").click();
  await owner.page.waitForURL(/\/t\/[A-Z0-9]{6}$/, { timeout: SLOW_MS });
  const code = owner.page.url().split("/t/")[1]!;
  for (const [i, m] of members.entries()) {
    const res = await post(`/api/tables/${code}/join`, m.cookie, { nickname: m.nickname, deviceId: `device-${tag}-${String(i).padStart(8, "0")}` });
    expect(res.status, await res.text()).toBe(200);
  }
  await marta.page.reload({ timeout: LOAD_MS });
  await marta.page.locator("[data-evening-table-link]").click();
  await marta.page.waitForURL(new RegExp(`/t/${code}$`));
  await marta.page.locator('form[data-form="join-here"] #nick').fill(marta.name);
  await marta.page.locator('form[data-form="join-here"] button[type="submit"]').click();

  // The twelfth seat starts the club's first rating game: no consigliere asked of anyone.
  await marta.page.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS });
  await owner.page.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS });
  expect(await owner.page.locator("[data-needs-consigliere]").count()).toBe(0);
  const table = (await (await fetch(`${base()}/api/tables/${code}`)).json()) as { status: string; seats: { taken: number } };
  expect(table.seats.taken).toBe(12);
  for (const p of [owner, marta]) expect(p.errors, p.name).toEqual([]);
  console.log(`club experience: 12 marked, the first rating tatar table started in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
