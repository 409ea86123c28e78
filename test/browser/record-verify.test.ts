/**
 * RULES.md §8 "Verifiable deal" in the browser: one person on a phone creates a sport table, fills it
 * with bots and plays to the end on the test clock; the table's log showed the deal's commitment from
 * the seats' draw on. The game's record page hashes the published seed with the browser's crypto.subtle,
 * replays the game and shows "Deal verified". The same record with its seed altered (the record fetch
 * intercepted with page.route) shows the commitment mismatch; with one seat's role altered, that seat.
 */
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import type { TableGameRecord } from "../../shared/protocol/http.ts";
import { driveUntil, LOAD_MS, SHARED_OPTIONS, sportWithBots } from "./harness.ts";
import { browserSuite, checkPage } from "./suite.ts";

const PHONE = { width: 360, height: 740 };
/** Waits that only matter on a starved machine: how long a step may take, not what it must do. */
const SLOW_MS = 30_000;

const suite = browserSuite(SHARED_OPTIONS);

/** Serve the record page a changed copy of the real record (the next loads of `code`'s game 1). */
async function tamper(page: Page, code: string, change: (rec: TableGameRecord) => TableGameRecord): Promise<void> {
  await page.unrouteAll();
  await page.route(`**/api/tables/${code}/games/1`, async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: change((await res.json()) as TableGameRecord) });
  });
}

test("a bot-filled sport game: the log shows the commitment, the record page says 'Deal verified', an altered seed or role shows where", async () => {
  const base = suite.server.base;
  const ctx = await suite.chrome.browser.newContext({ viewport: PHONE, locale: "en-GB", isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
  suite.contexts.push(ctx);
  ctx.setDefaultTimeout(SLOW_MS);
  ctx.setDefaultNavigationTimeout(LOAD_MS);
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));

  const code = await sportWithBots(page, base, "Verifier", SLOW_MS);

  // At the deal, the log's first line names the commitment (64 hex digits); the seed is nowhere yet.
  const drawn = page.locator('[data-event="seats-drawn"]').first();
  await drawn.waitFor({ state: "attached" });
  const commitment = /\b[0-9a-f]{64}\b/.exec((await drawn.textContent()) ?? "")?.[0];
  expect(commitment, "the commitment in the log").toBeDefined();
  const early = await page.request.get(`${base}/api/tables/${code}/games/1`);
  expect(early.status()).toBe(409);

  await driveUntil(base, page, code, () => false, { toEnd: true });
  await page.locator(".end[data-winner]").waitFor();

  // The record publishes the seed whose hash the table showed at the deal; the page verifies it.
  await page.goto(`${base}/t/${code}/g/1`);
  const check = page.locator("[data-deal-check]");
  await page.locator('[data-deal-check][data-deal="verified"]').waitFor({ timeout: SLOW_MS });
  expect(await check.textContent()).toContain("Deal verified");
  expect(await check.textContent()).toContain(commitment!);
  await page.locator("[data-record]").waitFor();
  await checkPage(page, "record page, deal verified");

  // The same record with another seed: the commitment published at the deal no longer matches.
  await tamper(page, code, (rec) => ({ ...rec, seed: (rec.seed[0] === "0" ? "1" : "0") + rec.seed.slice(1) }));
  await page.reload();
  await page.locator('[data-deal-check][data-deal="commitment"]').waitFor({ timeout: SLOW_MS });
  expect(await check.textContent()).toContain("does not match the commitment published at the deal");

  // The real seed, but seat 3's role changed in the record: the page names seat 3.
  let was = "";
  await tamper(page, code, (rec) => ({
    ...rec,
    deal: rec.deal!.map((d) => (d.seat === 3 ? ((was = d.role), { seat: 3, role: d.role === "civilian" ? "mafia" : "civilian" }) : d)),
  }));
  await page.reload();
  await page.locator('[data-deal-check][data-deal="role"][data-seat="3"]').waitFor({ timeout: SLOW_MS });
  expect(was).not.toBe("");
  expect(await check.textContent()).toContain("Seat 3's role differs");
  expect(errors).toEqual([]);
});
