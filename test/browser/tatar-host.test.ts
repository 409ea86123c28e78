/**
 * Issue 38, RULES.md §5.7 at a 360 px phone: a tatar table with a live host. The host creates it from
 * the home page (no seat); twelve guests join through the API; the test clock lives through each phase
 * nobody acts in. In the vote in turn the host presses confirm and is asked "N still to vote — end
 * now?"; a foul is given and undone; then the host's page is closed and the table carries on: a
 * spectator's phone shows "The host lost their connection. If they are not back in 2:55, the server hosts …", and after the 3 minutes "The server hosts this game"
 * while the phases go on.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { advanceClock, ensureWebBuild, launchChromium, LOAD_MS, openPerson, startWrangler, type Server, unfold } from "./harness.ts";

const PHONE = { width: 360, height: 740 };
/** Waits that only matter on a starved machine: how long a step may take, not what it must do. */
const SLOW_MS = 30_000;

let server: Server;
let chrome: Awaited<ReturnType<typeof launchChromium>>;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  ensureWebBuild();
  [server, chrome] = await Promise.all([startWrangler(), launchChromium()]);
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await chrome?.close();
  await server?.stop();
});

/** The board's phase and phase number as the page shows them. */
async function board(page: Page): Promise<{ phase: string | null; seq: number }> {
  return page.evaluate(() => {
    const b = document.querySelector<HTMLElement>(".board");
    return { phase: b?.dataset.phase ?? null, seq: Number(b?.dataset.phaseSeq ?? 0) };
  });
}

/** The test clock lives through phases until the page shows `phase` (bounded). */
async function clockUntil(page: Page, code: string, done: () => Promise<boolean>, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await done()) return;
    const b = await board(page);
    await advanceClock(server.base, code, b.seq);
    await expect.poll(async () => (await board(page)).seq !== b.seq || (await done()), { timeout: SLOW_MS }).toBe(true);
  }
  throw new Error("the phase did not come");
}

test("RULES.md §5.7 tatar with a live host at 360 px: confirm mid-vote asks 'N still to vote — end now?'; a foul given and undone; the host's page closed and the table carries on", async () => {
  const base = server.base;
  const host = await openPerson(chrome.browser, contexts, "Host", { viewport: PHONE, phone: true, waitMs: SLOW_MS });
  await host.page.goto(`${base}/`);
  await host.page.click('[data-home="create"]', { timeout: LOAD_MS });
  await host.page.selectOption("#preset", "tatar");
  await unfold(host.page, 'details[data-more="options"]');
  await host.page.check('input[name="host"][value="me"]');
  await host.page.check('input[name="sameRoom"]');
  // Listed in the lobby (issue 31.6: a new table is private unless its creator lists it) — the public list shows its hosting.
  await host.page.check('input[name="public"]');
  await host.page.click('form[data-form="create"] button[type="submit"]');
  await host.page.waitForURL(/\/t\/[A-Z0-9]{6}$/, { timeout: LOAD_MS });
  const code = host.page.url().split("/t/")[1]!;
  for (let i = 0; i < 12; i++) {
    const r = await fetch(`${base}/api/tables/${code}/join`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ nickname: `Tatar ${i + 1}`, deviceId: `tatar-device-${i}-abcdefghijklmnop` }) });
    expect(r.status).toBe(200);
  }
  await host.page.locator("[data-host-panel]").waitFor({ timeout: SLOW_MS });
  const spectator = await openPerson(chrome.browser, contexts, "Spectator", { viewport: PHONE, phone: true, waitMs: SLOW_MS });
  await spectator.page.goto(`${base}/t/${code}`);
  await spectator.page.locator(".board").waitFor({ timeout: LOAD_MS });

  // The cards, the acquaintance, the free talk and the monologues run out on the test clock: the vote in turn.
  await clockUntil(host.page, code, async () => (await board(host.page)).phase === "voting");

  // Mid-vote: 12 still to vote — the confirm asks first (the engine would refuse a plain confirm).
  const confirm = host.page.locator('[data-host-confirm="early"]');
  await expect.poll(() => confirm.getAttribute("data-remaining"), { timeout: SLOW_MS }).toBe("12");
  await confirm.click();
  const dialog = host.page.locator("dialog[data-dialog]");
  await expect.poll(() => dialog.locator("h2").textContent(), { timeout: SLOW_MS }).toBe("12 still to vote — end now?");
  await dialog.locator("[data-dialog-confirm]").click();
  // Ended early, after the voter whose turn it is (never skipped).
  await host.page.locator("[data-host-ending-after]").waitFor({ timeout: SLOW_MS });
  await expect.poll(() => spectator.page.locator('[data-event="ended-early"]').count(), { timeout: SLOW_MS }).toBeGreaterThan(0);

  // A foul, then its undo within the 10 s: the count goes back.
  const row = host.page.locator('[data-foul-seat="8"]');
  await host.page.locator('[data-host-foul="8"]').click();
  await expect.poll(() => row.getAttribute("data-fouls"), { timeout: SLOW_MS }).toBe("1");
  await expect.poll(() => host.page.locator('[data-fouls-seat="8"]').first().textContent(), { timeout: SLOW_MS }).toBe("1 foul");
  await host.page.locator("[data-host-undo-button]").click();
  await expect.poll(() => row.getAttribute("data-fouls"), { timeout: SLOW_MS }).toBe("0");
  await expect.poll(() => host.page.locator("[data-host-undo]").count(), { timeout: SLOW_MS }).toBe(0);

  // The host's page goes away mid-game: every seat (here a spectator's phone) is told what happens and when (§5.7).
  await host.page.close();
  await spectator.page.locator('[data-hosting="waiting"]').waitFor({ timeout: SLOW_MS });
  expect(await spectator.page.locator('[data-hosting="waiting"] .ann-line').textContent()).toBe("The host lost their connection.");
  expect(await spectator.page.locator("[data-host-countdown]").textContent()).toMatch(/^If they are not back in [0-3]:\d\d, the server hosts the rest of the game\.$/);
  // The table carries on: the vote ends on its clock, and at 3 minutes the server hosts; phases go on.
  await clockUntil(spectator.page, code, async () => (await spectator.page.locator('[data-hosting="server"]').count()) > 0);
  expect(await spectator.page.locator('[data-hosting="server"]').textContent()).toBe("The server hosts this game");
  const listed = (await (await fetch(`${base}/api/tables`)).json()) as { tables: Array<{ code: string; hosting?: string }> };
  expect(listed.tables.find((t) => t.code === code)?.hosting).toBe("server"); // the public list says so too
  const at = await board(spectator.page);
  await clockUntil(spectator.page, code, async () => (await board(spectator.page)).phase !== at.phase && (await board(spectator.page)).phase?.startsWith("night") === true);
  expect(spectator.errors).toEqual([]);
  expect(host.errors).toEqual([]);
}, 600_000);
