/**
 * Issue 13 "Must show": one person on a phone-size page opens the home page, creates a sport table,
 * presses "Fill with bots" (nine bots sit and the game starts at once, RULES.md §2), plays the game to
 * the end as whatever role they were dealt — the page acts whenever it offers a move (take a card, end
 * the speech, vote, lift, a night move), and when it offers none the driver lets the test clock live
 * through the rest of the phase (harness.ts advanceClock: the bots' moves and the deadline) — then
 * presses "Play again at this table": the bots stay, the table is full again and game 2 starts at once
 * under the same table code.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { TableView } from "../../shared/protocol/messages.ts";
import { advanceAndWait, advanceClock, unlessMovedOn, ensureWebBuild, launchChromium, LOAD_MS, recordFrames, startWrangler, type Server, boardSnapshot, type BoardSnap, sportWithBots, nextChange } from "./harness.ts";

const PHONE = { width: 360, height: 740 };
/** Waits that only matter on a starved machine: how long a step may take, not what it must do. */
const SLOW_MS = 30_000;

let server: Server;
let chrome: Awaited<ReturnType<typeof launchChromium>>;

beforeAll(async () => {
  ensureWebBuild();
  // Quicker bots (the default think delay is 1.2 s after every change).
  [server, chrome] = await Promise.all([startWrangler({ vars: { BOT_THINK_MS: "100" } }), launchChromium()]);
});

afterAll(async () => {
  await chrome?.close();
  await server?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Snap = BoardSnap;
const snapshot = boardSnapshot;

/** Click a target, then its confirm button if the page asks for one (a one-tap choice needs none). */
async function pick(page: Page, action: string, target: number): Promise<void> {
  await page.locator(`[data-action="${action}"] [data-target="${target}"]`).click({ timeout: 5_000 });
  const confirm = page.locator(`[data-confirm="${action}"]:not([disabled])`);
  if (await confirm.count()) await confirm.click({ timeout: 5_000 });
}

/** Play until the page shows a result: act on what it offers, else advance the table's clock. */
async function playToEnd(page: Page, code: string, claim = false): Promise<{ acts: number; advances: number; claimed: number | null }> {
  const acted = new Set<string>();
  /** Issue 20: the seat this person said "I vote for seat N" about, from the quick-claim bar, once. */
  let claimed: number | null = null;
  let acts = 0;
  let advances = 0;
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    const s = await snapshot(page);
    if (s.result) return { acts, advances, claimed };
    if (s.busy || s.phase === null) {
      await sleep(100);
      continue;
    }
    const key = (what: string) => `${s.seq}:${what}`;
    let did = false;
    try {
      if (s.cards > 0 && !acted.has(key("card"))) {
        acted.add(key("card"));
        await page.locator('[data-action="take-card"] [data-card]:not([disabled])').first().click({ timeout: 5_000 });
        did = true;
      } else if (claim && claimed === null && "claim" in s.actions && !acted.has(key("claim"))) {
        // Issue 20: in one's own speech, the quick-claim bar: "I vote for seat N" — the log and the seat's badge show it.
        acted.add(key("claim"));
        await page.locator('[data-action="claim"] > summary').click({ timeout: 5_000 });
        const target = Number(await page.locator("[data-claim-seat-pick]").inputValue());
        await page.locator('[data-action="claim"] [data-claim-kind="vote"]').click({ timeout: 5_000 });
        await page.locator('[data-event="claimed"]', { hasText: `I vote for seat ${target}` }).first().waitFor({ state: "attached", timeout: SLOW_MS });
        await page.locator(`[data-claim-seat="${s.you}"][data-claim="say"]`).waitFor({ state: "attached", timeout: SLOW_MS });
        claimed = target;
        did = true;
      } else if ("end-speech" in s.actions && !acted.has(key("speech"))) {
        acted.add(key("speech"));
        await page.locator('[data-action="end-speech"]').click({ timeout: 5_000 });
        did = true;
      } else if (s.actions["vote-lift"] && !acted.has(key("lift"))) {
        acted.add(key("lift"));
        await page.locator('[data-lift="yes"]').click({ timeout: 5_000 });
        did = true;
      } else {
        for (const [action, targets] of Object.entries(s.actions)) {
          if (!(action === "vote" || action.startsWith("use:")) || targets.length === 0 || acted.has(key(action))) continue;
          acted.add(key(action));
          await pick(page, action, targets.find((x) => x !== s.you) ?? targets[0]!);
          did = true;
          break;
        }
      }
    } catch (err) {
      await unlessMovedOn(page, s, err); // the page moved on under the click: read it again
    }
    if (did) {
      acts++;
      await nextChange(page, s, 1_000);
      continue;
    }
    // Nothing this page does now: the rest of the phase is waiting (bots think, timers run), which the
    // test clock lives through at once — the bots' moves included, in order.
    if (await advanceAndWait(server.base, code, page, s)) advances++;
  }
  throw new Error("no result within the time limit");
}

test("one person: home → sport table → fill with bots → play to the end → play again → game 2, same code", async () => {
  const started = Date.now();
  const ctx = await chrome.browser.newContext({ viewport: PHONE, locale: "en-GB", isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
  ctx.setDefaultTimeout(SLOW_MS);
  ctx.setDefaultNavigationTimeout(LOAD_MS);
  const page = await ctx.newPage();
  const errors: string[] = [];
  const frames: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  recordFrames(page, frames);

  // The create form opens from the home page's "Create a table" button; in the organizer's lobby
  // "Fill with bots" seats nine bots and the game starts at once.
  const code = await sportWithBots(page, server.base, "Solo", SLOW_MS);
  const setUpMs = Date.now() - started;
  expect(setUpMs, "from the home page to a game against nine bots").toBeLessThan(60_000);
  await expect.poll(() => page.locator("[data-bot-seat]").count(), { timeout: SLOW_MS }).toBe(9);
  expect((await snapshot(page)).series).toBe(1);

  const game1 = await playToEnd(page, code, true);
  expect(game1.claimed, "the person's own claim from the quick-claim bar").not.toBeNull();
  const endedAt = Date.now();
  await page.locator(".end[data-winner]").waitFor();
  await page.locator('[data-series-game="1"] [data-play-again]').waitFor();

  // Play again: the bots stay, the table is full again, game 2 starts at once under the same code.
  await page.locator("[data-play-again]").click();
  await page.locator('.board[data-series-game="2"]:not([data-result^="r"]):not([data-result^="b"])').waitFor({ timeout: SLOW_MS });
  expect(page.url()).toMatch(new RegExp(`/t/${code}$`));
  await page.locator("[data-series-label]").waitFor();
  const s2 = await snapshot(page);
  expect(s2.series).toBe(2);
  expect(s2.result).toBeNull();
  expect(s2.you).not.toBeNull();
  await expect.poll(() => page.locator("[data-bot-seat]").count(), { timeout: SLOW_MS }).toBe(9);
  // What the page received says the same: game 2 of the series with game 1's result, at this code.
  const lastView = frames
    .map((f) => JSON.parse(f) as { type: string; view?: TableView })
    .filter((m) => m.type === "view")
    .at(-1)!.view!;
  expect(lastView.code).toBe(code);
  expect(lastView.series.game).toBe(2);
  expect(lastView.series.results).toHaveLength(1);
  expect(lastView.status).toBe("playing");
  expect(errors).toEqual([]);

  const total = Date.now() - started;
  console.log(
    `solo-bots: set-up (home → playing against 9 bots) ${(setUpMs / 1000).toFixed(1)} s; game 1 ${((endedAt - started - setUpMs) / 1000).toFixed(1)} s ` +
      `(${game1.acts} moves by the page, ${game1.advances} clock advances); play again → game 2 ${((Date.now() - endedAt) / 1000).toFixed(1)} s; total ${(total / 1000).toFixed(1)} s`,
  );
  await ctx.close();
});

/**
 * Issue 13 rematch, who did not stay: two people and eight bots play game 1; only the organizer
 * presses "Play again", adds a bot for the empty seat, and game 2 starts without the other person.
 * That person had closed the page; coming back on the same device, the saved seat key is refused
 * (bad-token) and the page says why — a newer game began without them — and shows the table as a
 * spectator instead of asking for a return code that cannot work any more.
 */
test("who does not press play again: game 2 starts without them; coming back, their page says so and watches", async () => {
  const contexts = await Promise.all(
    [0, 1].map(async () => {
      const ctx = await chrome.browser.newContext({ viewport: PHONE, locale: "en-GB", isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
      ctx.setDefaultTimeout(SLOW_MS);
      ctx.setDefaultNavigationTimeout(LOAD_MS);
      return ctx;
    }),
  );
  const [host, guest] = await Promise.all(contexts.map((c) => c.newPage()));
  const errors: string[] = [];
  for (const p of [host!, guest!]) p.on("pageerror", (e) => errors.push(e.message));

  await host!.goto(`${server.base}/`);
  await host!.locator("#nick").fill("Stays");
  await host!.click('[data-home="create"]');
  await host!.selectOption("#preset", "sport");
  await host!.locator('form[data-form="create"] button[type="submit"]').click();
  await host!.waitForURL(/\/t\/[A-Z0-9]{6}$/);
  const code = host!.url().split("/t/")[1]!;

  await guest!.goto(`${server.base}/`);
  await guest!.locator("#nick").fill("Leaves");
  await guest!.fill("#join-code", code.toLowerCase());
  await guest!.click('form[data-form="join"] button[type="submit"]');
  await guest!.waitForURL(new RegExp(`/t/${code}$`));
  await host!.locator('[data-seats-left="8"]').waitFor({ timeout: SLOW_MS });

  await host!.locator('[data-control="fill-bots"]').click();
  await guest!.locator('.board[data-series-game="1"]').waitFor({ timeout: SLOW_MS });
  // The guest plays no move of its own: its turns run out on the test clock with everything else.
  await playToEnd(host!, code);
  await guest!.locator(".end[data-winner]").waitFor();
  await guest!.close();

  // Only the organizer stays: the lobby of game 2 has them and the bots; one more bot fills the seat.
  await host!.locator("[data-play-again]").click();
  await host!.locator('[data-control="add-bot"]').click();
  await host!.locator('.board[data-series-game="2"]').waitFor({ timeout: SLOW_MS });
  const summary = (await (await fetch(`${server.base}/api/tables/${code}`)).json()) as { game: number; status: string };
  expect(summary).toMatchObject({ game: 2, status: "playing" });

  // The guest comes back on the same device: its saved key no longer opens a seat.
  const back = await contexts[1]!.newPage();
  back.on("pageerror", (e) => errors.push(e.message));
  await back.goto(`${server.base}/t/${code}`);
  await back.locator('[data-info="left-series"]').waitFor({ timeout: SLOW_MS });
  await back.locator('.board[data-series-game="2"]').waitFor({ timeout: SLOW_MS });
  expect(await back.locator("[data-you-seat]").getAttribute("data-you-seat")).toBe("");
  // The device forgot the seat: a reload is a plain spectator, with no come-back form.
  await back.reload();
  await back.locator('.board[data-series-game="2"]').waitFor({ timeout: SLOW_MS });
  expect(await back.evaluate(() => localStorage.getItem("mafia.tables") ?? "")).not.toContain(code);
  expect(errors).toEqual([]);
  await Promise.all(contexts.map((c) => c.close()));
});
