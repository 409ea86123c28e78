/**
 * RULES.md §9.1, §9.4 on a judge's real tournament page: the page offers the judge only what they can do.
 * At a server-hosted table (the server is its host, §9.1) the judge sees no host-screen button (its claim
 * is refused) and is told when the extra points open; once the table's game has ended the extra-points form
 * is there and saves. At a judge-hosted table the judge opens the host screen from the page. The judge's
 * page is a phone (360 px) and a laptop (1366 px); the organizer and the twenty bots act through the API.
 */
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import type { TournamentPage } from "../../shared/protocol/tournaments.ts";
import { endGameNow, openPerson, shot } from "./harness.ts";
import { account, browserSuite, checkPage, register } from "./suite.ts";

const PHONE = { width: 360, height: 740 };
const LAPTOP = { width: 1366, height: 800 };
const SLOW_MS = 30_000;

const suite = browserSuite({ vars: { BOT_THINK_MS: "100" } });

/** The organizer's calls (API): a tournament of 20 bots, `judge` its one judge, round 1 opened. */
async function openedCup(tag: string, host: "judge" | "server", judge: string): Promise<{ id: string; page: (cookie?: string) => Promise<TournamentPage> }> {
  const base = suite.server.base;
  const org = await account(base, `Org${tag}`);
  const call = async (path: string, data: unknown, status = 200) => {
    const res = await fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json", cookie: org.cookie }, body: JSON.stringify(data) });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(status);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const { id } = (await call("/api/tournaments", { name: `Cup ${tag}`, presetId: "sport", rounds: 1, host }, 201)) as { id: string };
  await call(`/api/tournaments/${id}/judges`, { nicks: [judge] });
  await call(`/api/tournaments/${id}/bots`, { players: 20 });
  await call(`/api/tournaments/${id}/close`, {});
  await call(`/api/tournaments/${id}/draw`, { seed: tag });
  await call(`/api/tournaments/${id}/rounds/1/open`, {});
  const page = async (cookie?: string) => (await (await fetch(`${base}/api/tournaments/${id}`, { headers: cookie ? { cookie } : {} })).json()) as TournamentPage;
  return { id, page };
}

/** Texts of every button and link in the judge's section (what it offers). */
const offers = (page: Page) => page.locator("[data-tn-judge]").locator("button, a").allTextContents();

test("RULES.md §9.1, §9.4 the judge's tournament page: no host screen at a server-hosted table, when the extra points open, then the extra points; the host screen at a judge-hosted table", async () => {
  const base = suite.server.base;
  const tag = Date.now().toString(36).slice(-4);
  const judgeNick = `Judge${tag}`;
  const phone = await openPerson(suite.chrome.browser, suite.contexts, judgeNick, { viewport: PHONE, phone: true, waitMs: SLOW_MS });
  await phone.page.goto(`${base}/`);
  await phone.page.evaluate(() => localStorage.setItem("mafia.lang", "en"));
  await register(phone.page, base, judgeNick);
  const refused: string[] = [];
  const watchRefusals = (page: Page) => page.on("response", (r) => void (r.url().includes("/api/tournaments/") && r.status() >= 400 && refused.push(`${r.status()} ${r.url()}`)));
  watchRefusals(phone.page);

  // A server-hosted tournament: the judge's tables offer no host screen, only when the extra points open.
  const cup = await openedCup(`S${tag}`, "server", judgeNick);
  await phone.page.goto(`${base}/tn/${cup.id}`);
  const later = phone.page.locator("[data-tn-judge] [data-tn-extra-later]");
  await later.first().waitFor();
  const judged = phone.page.locator("[data-tn-judge] [data-judge-table]");
  expect(await judged.count()).toBeGreaterThan(0);
  expect(await later.count()).toBe(await judged.count());
  expect(await later.first().textContent()).toMatch(/^Table \d+ \(.+\) is hosted by the server\. Its extra points open here when its game ends\.$/);
  expect(await phone.page.locator("[data-tn-host]").count(), "a host-screen button at a server-hosted table").toBe(0);
  expect(await offers(phone.page)).toEqual([]);
  await checkPage(phone.page, "judge, server-hosted, 360 px");
  await shot(phone.page, "tournament-judge-server-360");

  // The same page on a laptop.
  const laptop = await openPerson(suite.chrome.browser, suite.contexts, judgeNick, { viewport: LAPTOP, waitMs: SLOW_MS });
  await laptop.page.context().addCookies(await phone.page.context().cookies());
  watchRefusals(laptop.page);
  await laptop.page.goto(`${base}/`);
  await laptop.page.evaluate(() => localStorage.setItem("mafia.lang", "en"));
  await laptop.page.goto(`${base}/tn/${cup.id}`);
  await laptop.page.locator("[data-tn-judge] [data-tn-extra-later]").first().waitFor();
  expect(await laptop.page.locator("[data-tn-host]").count()).toBe(0);
  await shot(laptop.page, "tournament-judge-server-1366");

  // The judge's first table's game ends: its extra points open on the page, and save.
  const first = (await cup.page()).schedule[0]!.tables.find((t) => t.judge === judgeNick)!;
  await expect.poll(() => endGameNow(base, first.code!).then(() => true, () => false), { timeout: SLOW_MS }).toBe(true);
  await expect.poll(async () => (await cup.page()).schedule[0]!.tables[first.slot]!.status, { timeout: SLOW_MS }).toBe("ended");
  await phone.page.reload();
  const form = phone.page.locator(`[data-tn-extra-form="1/${first.slot}"]`);
  await form.waitFor();
  expect(await phone.page.locator(`[data-judge-table="1/${first.slot}"] [data-tn-extra-later]`).count()).toBe(0);
  expect(await phone.page.locator("[data-tn-host]").count()).toBe(0);
  await form.locator('[data-extra-seat="2"] [data-extra-points]').fill("0.25");
  await form.locator('[data-extra-seat="2"] [data-extra-reason]').fill("Held the table together");
  await form.locator("[data-tn-extra-save]").click();
  await phone.page.locator("[data-tn-extra-saved]").waitFor();
  await expect.poll(async () => (await cup.page()).schedule[0]!.tables[first.slot]!.result?.seats[1]?.extra, { timeout: SLOW_MS }).toBe(25);
  await checkPage(phone.page, "judge, extra points, 360 px");
  await shot(phone.page, "tournament-judge-extra-360", true);

  // A judge-hosted tournament: the judge's table offers the host screen, which opens (the laptop).
  const live = await openedCup(`J${tag}`, "judge", judgeNick);
  await laptop.page.goto(`${base}/tn/${live.id}`);
  const hostButton = laptop.page.locator("[data-tn-judge] [data-tn-host]");
  await hostButton.first().waitFor();
  expect(await laptop.page.locator("[data-tn-judge] [data-tn-extra-later]").first().textContent()).toMatch(/^The extra points of table \d+ \(.+\) open here when its game ends\.$/);
  await shot(laptop.page, "tournament-judge-live-host-1366");
  await hostButton.first().click();
  await laptop.page.waitForURL(/\/t\/[A-Z0-9]{6}$/);
  await laptop.page.locator("[data-host-panel]").waitFor();

  // Nothing the judge was offered answered "not allowed".
  expect(refused).toEqual([]);
  expect([...phone.errors, ...laptop.errors]).toEqual([]);
}, 240_000);
