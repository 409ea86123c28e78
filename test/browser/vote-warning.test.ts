/**
 * Issue 31.2 "Windows a human can meet", on a 360×740 phone in Ukrainian:
 *
 *  - the create form's "Longer windows for beginners" (a plain line under it): on and changeable at an
 *    unrated format (Custom), off and disabled at a rated one (sport, RULES.md §2.14 — the server refuses it);
 *  - the vote's warning ("if you don't vote, your vote goes to seat N", with the seconds left, §2.6) never
 *    covers the ballot: while it shows, `elementFromPoint` at the centre of every ballot button is that
 *    button, and no button's box meets the warning's.
 *
 * The ballot is a real one: a sport table of the person and nine bots, driven on the test clock until the
 * person is offered a vote (bots nominate; a game that ends first is replaced by a new table).
 */
import { join } from "node:path";
import { expect, test } from "vitest";
import { driveUntil, LOAD_MS, openPerson, shot, SHOTS } from "./harness.ts";
import { browserSuite } from "./suite.ts";

const PHONE = { width: 360, height: 740 };
const SLOW_MS = 30_000;

const suite = browserSuite({ vars: { BOT_THINK_MS: "100" } });

test("31.2 at 360×740 (uk): the longer-windows box on the create form; the vote's warning leaves every ballot button uncovered", async () => {
  const p = await openPerson(suite.chrome.browser, suite.contexts, "Оля", { viewport: PHONE, locale: "uk-UA", phone: true, waitMs: SLOW_MS });

  let ballot: Awaited<ReturnType<typeof driveUntil>> | null = null;
  for (let table = 1; !ballot; table++) {
    expect(table, "five sport games without a ballot offered to the person").toBeLessThan(6);
    await p.page.goto(`${suite.server.base}/`);
    await p.page.fill("#nick", "Оля", { timeout: LOAD_MS });
    await p.page.click('[data-home="create"]');
    const box = p.page.locator('form[data-form="create"] input[name="longWindows"]');
    if (table === 1) {
      // An unrated format: on by default, the person may switch it off; the line says what it does.
      await p.page.selectOption("#preset", "custom");
      expect(await box.isChecked()).toBe(true);
      expect(await box.isDisabled()).toBe(false);
      expect(await p.page.locator("#about-longWindows").innerText()).toContain("удвічі більше часу");
      await box.scrollIntoViewIfNeeded();
      await p.page.screenshot({ path: join(SHOTS, "create-long-windows-uk.png") });
    }
    // A rated format keeps the rules' windows: off, disabled, and the line says why.
    await p.page.selectOption("#preset", "sport");
    expect(await box.isChecked()).toBe(false);
    expect(await box.isDisabled()).toBe(true);
    expect(await p.page.locator("#about-longWindows").innerText()).toMatch(/^[^.]*рейтингов/); // the why comes first
    // …and it looks off, not like a box one forgot to tick.
    const opacity = await p.page.locator('form[data-form="create"] label.check:has(input[name="longWindows"])').evaluate((el) => Number(getComputedStyle(el).opacity));
    expect(opacity, "the disabled option is greyed").toBeLessThan(1);
    await p.page.locator('form[data-form="create"] button[type="submit"]').click();
    await p.page.waitForURL(/\/t\/[A-Z0-9]{6}$/, { timeout: LOAD_MS });
    const code = p.page.url().split("/t/")[1]!;
    await p.page.locator('[data-control="fill-bots"]').click();
    await p.page.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS });
    try {
      ballot = await driveUntil(suite.server.base, p.page, code, (s) => (s.actions["vote"]?.length ?? 0) > 1, { skip: true });
    } catch (e) {
      if (!String(e).includes("the game ended")) throw e;
    }
  }

  // The warning shows (this person has not voted), with the seconds left in the ballot.
  const warning = p.page.locator("[data-vote-warning]");
  await warning.waitFor({ timeout: SLOW_MS });
  expect(await warning.innerText()).toContain("ваш голос піде");
  // The whole warning is readable, folded banners or not: its line is not cut, and the seconds left show in the final window.
  const readable = await warning.evaluate((el) => {
    const line = el.querySelector<HTMLElement>(".ann-line")!;
    const sub = el.querySelector<HTMLElement>("[data-seconds-left]");
    return { cut: line.scrollWidth > line.clientWidth + 1, seconds: sub ? sub.offsetHeight > 0 : null };
  });
  expect(readable.cut, "the warning's line is not cut off").toBe(false);
  if (readable.seconds !== null) expect(readable.seconds, "the seconds left are shown").toBe(true);
  expect(await warning.locator(".ann-line").innerText()).toContain(`місцю ${ballot.actions["vote"]!.at(-1)}`);
  const buttons = p.page.locator('.actions [data-action="vote"] [data-target]');
  const targets = ballot.actions["vote"]!;
  expect(await buttons.count()).toBe(targets.length);
  for (const seat of targets) {
    const button = p.page.locator(`.actions [data-action="vote"] [data-target="${seat}"]`);
    await button.scrollIntoViewIfNeeded();
    const found = await button.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      const w = document.querySelector("[data-vote-warning]")!.getBoundingClientRect();
      const meets = r.left < w.right && w.left < r.right && r.top < w.bottom && w.top < r.bottom;
      return { hit: hit?.closest("[data-target]") === el, meets, warningShown: w.height > 0 };
    });
    expect(found.warningShown, `the warning still shows at seat ${seat}'s button`).toBe(true);
    expect(found.hit, `elementFromPoint at seat ${seat}'s ballot button is that button`).toBe(true);
    expect(found.meets, `seat ${seat}'s ballot button lies clear of the warning`).toBe(false);
  }
  await shot(p.page, "vote-warning-ballot-uk");
  expect(p.errors).toEqual([]);
});
