/**
 * Issue 31.5 "Must show": a host-classic table (RULES.md §4, led by a live host, §5.7) created as its host
 * from the top of the create form, on a 360 px phone in Ukrainian. "Хто ведучий?" sits right under the
 * format, within the first screen, and starts on "Я" for a host-led format; the creator becomes the live
 * host (the host panel, no seat, no role card); the panel shows the stage's script line, and the line
 * changes with the stage.
 */
import { expect, test } from "vitest";
import { advanceClock, boardSnapshot, LOAD_MS, openPerson, shot } from "./harness.ts";
import { browserSuite } from "./suite.ts";

const PHONE = { width: 360, height: 740 };
const SLOW_MS = 30_000;

const suite = browserSuite({ vars: { BOT_THINK_MS: "100" } });

test("host-classic created as its live host from the top of the form: the host panel with the stage's script — 360 px, Ukrainian", async () => {
  const host = await openPerson(suite.chrome.browser, suite.contexts, "Ведучий", { viewport: PHONE, locale: "uk-UA", phone: true, waitMs: SLOW_MS });
  await host.page.goto(`${suite.server.base}/`);
  await host.page.click('[data-home="create"]', { timeout: LOAD_MS });
  await host.page.selectOption("#preset", "host-classic");

  // The question at the top: right under the format, on the first screen, "Me" chosen for a host-led format.
  const question = host.page.locator("[data-host-question]");
  await question.waitFor();
  expect(await question.locator("legend").innerText()).toBe("Хто ведучий?");
  await question.scrollIntoViewIfNeeded();
  const formTop = (await host.page.locator('form[data-form="create"]').boundingBox())!.y;
  const qBox = (await question.boundingBox())!;
  expect(qBox.y - formTop, "the question within the form's first screen").toBeLessThan(PHONE.height);
  const order = await host.page.evaluate(() => {
    const preset = document.getElementById("preset")!;
    const q = document.querySelector("[data-host-question]")!;
    const options = document.querySelector('details[data-more="options"]')!;
    return { afterFormat: !!(preset.compareDocumentPosition(q) & Node.DOCUMENT_POSITION_FOLLOWING), beforeOptions: !!(q.compareDocumentPosition(options) & Node.DOCUMENT_POSITION_FOLLOWING) };
  });
  expect(order).toEqual({ afterFormat: true, beforeOptions: true });
  expect(await host.page.locator('input[name="host"][value="me"]').isChecked()).toBe(true);
  await shot(host.page, "host-form-question");

  await host.page.click('form[data-form="create"] button[type="submit"]');
  await host.page.waitForURL(/\/t\/[A-Z0-9]{6}$/, { timeout: LOAD_MS });
  const code = host.page.url().split("/t/")[1]!;

  // The host fills the table with bots and starts (§5.7: the host starts a live table).
  await host.page.locator('[data-control="fill-bots"]').click({ timeout: SLOW_MS });
  // When Start never enables, the failure says what the page showed: the seats, the connection, a notice.
  await host.page.locator('[data-control="start"]:not([disabled])').click({ timeout: SLOW_MS }).catch(async (e: unknown) => {
    const shown = await host.page.evaluate(() => ({
      seats: document.querySelectorAll("[data-lobby-seat], .waiting li").length,
      conn: document.querySelector("[data-conn]")?.getAttribute("data-conn") ?? null,
      fillBots: document.querySelector('[data-control="fill-bots"]') ? (document.querySelector('[data-control="fill-bots"]') as HTMLButtonElement).disabled : "gone",
      notices: [...document.querySelectorAll('[role="alert"], .notice, .toast')].map((n) => (n as HTMLElement).innerText).slice(0, 4),
    }));
    throw new Error(`Start stayed disabled: ${JSON.stringify(shown)}; ${String(e).split("\n")[0]}`);
  });
  await host.page.locator("[data-host-panel]").waitFor({ timeout: SLOW_MS });
  // A host, not a player: no seat of their own and no role card.
  expect(await host.page.locator(".board").getAttribute("data-you-seat")).toBe("");
  expect(await host.page.locator(".card.face-down, .card.face-up").count()).toBe(0);

  // The script line follows the stage.
  const script = host.page.locator("[data-host-script]");
  // The stage and its line read in one go: the bots take their cards at once, so the deal may end between
  // two separate reads (a fresh-clone run read "dealing" and then the acquaintance night's line).
  const [first, firstText] = await script.evaluate((el) => [el.getAttribute("data-host-script"), (el as HTMLElement).innerText] as const);
  // The host may first see the deal or already the acquaintance night.
  const LINES: Record<string, string> = { dealing: "Візьміть карту", acquaintance: "Місто засинає" };
  expect(Object.keys(LINES)).toContain(first);
  expect(firstText).toContain(LINES[first!]!);
  await shot(host.page, "host-form-script");
  // Live through the stage: confirm it when the page asks, else advance the table's clock; after each
  // step, wait until the page shows something else (another stage, line or confirm button).
  const ready = host.page.locator('[data-host-confirm="ready"]:not([disabled])');
  const shown = async () => `${await script.getAttribute("data-host-script")}|${(await boardSnapshot(host.page)).seq}|${await ready.count()}`;
  while ((await script.getAttribute("data-host-script")) === first) {
    const before = await shown();
    if (await ready.count()) {
      try {
        await ready.click({ timeout: 5_000 });
      } catch (e) {
        if (await ready.count()) throw e; // still offered and not clickable: a failure
      }
    } else await advanceClock(suite.server.base, code, (await boardSnapshot(host.page)).seq);
    await expect.poll(shown, { timeout: SLOW_MS, message: "the host's page moves on after the confirm or the clock" }).not.toBe(before);
  }
  const next = await script.getAttribute("data-host-script");
  expect(next).not.toBe(first);
  const nextText = await script.innerText();
  expect(nextText).not.toBe(firstText);
  expect(nextText, "the script line has its seat filled in").not.toContain("{");
});
