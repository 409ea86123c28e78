/**
 * Issue 31.13, a guided first game, on a 360 px phone in Ukrainian: "First game with hints" on the home
 * page opens a private sport table (RULES.md §2) whose other nine seats bots take at once (the game starts
 * by itself when full); the hint line says what the person may do now — take a card, hold it, and in
 * their own speech "you may nominate one player" — and "Hide hints" turns it off for good on this device.
 */
import { expect, test } from "vitest";
import { driveUntil, LOAD_MS, openPerson, shot } from "./harness.ts";
import { browserSuite } from "./suite.ts";

const PHONE = { width: 360, height: 740 };
const SLOW_MS = 30_000;

const suite = browserSuite({ vars: { BOT_THINK_MS: "100" } });

test("'First game with hints': a private sport table with nine bots, the hint line through dealing and one's own speech, then hidden — 360 px, Ukrainian", async () => {
  const p = await openPerson(suite.chrome.browser, suite.contexts, "Оля", { viewport: PHONE, locale: "uk-UA", phone: true, waitMs: SLOW_MS });
  await p.page.goto(`${suite.server.base}/`);
  await p.page.fill("#nick", "Оля", { timeout: LOAD_MS });
  const guided = p.page.locator('[data-home="guided"]');
  expect(await guided.innerText()).toBe("Перша гра з підказками");
  await guided.click();
  await p.page.waitForURL(/\/t\/[A-Z0-9]{6}$/, { timeout: LOAD_MS });
  const code = p.page.url().split("/t/")[1]!;
  // Nine bots sat without a tap and the game began (sport starts when full).
  await p.page.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS });
  expect(await p.page.locator(".board [data-bot-seat]").count()).toBe(9);
  const listed = await (await fetch(`${suite.server.base}/api/tables`)).json() as { tables?: Array<{ code: string }> };
  expect((listed.tables ?? []).some((t) => t.code === code), "a guided table is private").toBe(false);

  // Dealing: the hint says to take a card (or, once taken, to hold it).
  const hint = p.page.locator("aside.hint-line[data-hint]");
  await hint.waitFor({ timeout: SLOW_MS });
  expect(["take-card", "card", "acquaintance", "acquaintance.black", "plan"]).toContain(await hint.getAttribute("data-hint"));
  await shot(p.page, "guided-hint-deal");

  // One's own speech: the hint names nominating.
  await driveUntil(suite.server.base, p.page, code, (s) => s.phase === "speech" && "end-speech" in s.actions && (s.actions["nominate"]?.length ?? 0) > 0, { skip: true });
  await p.page.locator('aside.hint-line[data-hint="speech.nominate"]').waitFor({ timeout: SLOW_MS });
  expect(await hint.innerText()).toContain("Ваша промова: торкніться номера, щоб виставити гравця");
  // On the phone the line sits at the top of the (sticky) action panel: nothing covers it.
  const hb = (await hint.boundingBox())!;
  const onTop = await p.page.evaluate(([x, y]) => !!document.elementFromPoint(x!, y!)?.closest("aside.hint-line"), [hb.x + hb.width / 2, hb.y + 8]);
  expect(onTop, "the hint line is not covered").toBe(true);
  // …and the move it explains stays on the first screen with it.
  const endBox = (await p.page.locator('[data-action="end-speech"]').first().boundingBox())!;
  expect(endBox.y + endBox.height, "End speech within the first 740 px").toBeLessThanOrEqual(PHONE.height);
  await shot(p.page, "guided-hint-speech");

  // "Hide hints": gone, and still gone after a reload (remembered on this device).
  await p.page.locator("[data-hint-hide]").click();
  await hint.waitFor({ state: "detached" });
  await p.page.reload();
  await p.page.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS });
  expect(await p.page.locator("aside.hint-line").count()).toBe(0);
});
