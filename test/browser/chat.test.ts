/**
 * Issue 35 "Must show": the lobby chat, the spectators' chat and the after-game chat at 360 px in
 * English, with the living player's sockets receiving no chat frame during the game (asserted over the
 * frames the page's sockets received, page.on("websocket") → framereceived).
 *
 * A person creates a sport table from the home page; a second page opens the table as a spectator. In
 * the lobby they write to each other (a link stays plain text). "Fill with bots" starts the game (RULES.md
 * §2): the person's page has no chat any more, the spectator's shows the spectators' chat and writes in
 * it. The person plays on the test clock to the end (harness driveUntil); then the after-game chat
 * reaches both. The oracle: every chat frame the person's page got follows a view with no game running,
 * or one in which the person's own seat is out (the table lets the dead hear by default).
 */
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import type { TableView } from "../../shared/protocol/messages.ts";
import { axeViolations, driveUntil, LOAD_MS, openPerson, SHOTS } from "./harness.ts";
import { browserSuite } from "./suite.ts";

const PHONE = { width: 360, height: 740 };
const SLOW_MS = 30_000;
const suite = browserSuite({ vars: { BOT_THINK_MS: "100" } });

async function write(page: Page, text: string): Promise<void> {
  await page.locator("#chat-text").fill(text);
  await page.locator("[data-chat-form] button[type=submit]").click();
}

const line = (page: Page, text: string) => page.locator("[data-chat-list] [data-chat-entry] .chat-text", { hasText: text });

test("lobby chat, the spectators' chat during the game (the living player's sockets get no chat frame), after-game chat — 360 px, English", async () => {
  const started = Date.now();
  const person = await openPerson(suite.chrome.browser, suite.contexts, "Solo", { viewport: PHONE, phone: true, waitMs: SLOW_MS });
  const watcher = await openPerson(suite.chrome.browser, suite.contexts, "Watcher", { viewport: PHONE, phone: true, waitMs: SLOW_MS });
  const p = person.page;
  const w = watcher.page;

  await p.goto(`${suite.server.base}/`);
  await p.locator("#nick").fill("Solo", { timeout: LOAD_MS });
  await p.click('[data-home="create"]');
  await p.selectOption("#preset", "sport");
  await p.locator('form[data-form="create"] button[type="submit"]').click();
  await p.waitForURL(/\/t\/[A-Z0-9]{6}$/, { timeout: LOAD_MS });
  const code = p.url().split("/t/")[1]!;
  await w.goto(`${suite.server.base}/t/${code}`);

  // The lobby: both pages have the table's chat; they write to each other.
  await p.locator('[data-chat="table"]').waitFor();
  await w.locator('[data-chat="table"]').waitFor();
  const link = "rules: https://example.com/rules";
  await write(w, link);
  await line(p, link).waitFor();
  // Plain text: no link made of it, named as the spectator.
  expect(await p.locator("[data-chat-list] a").count()).toBe(0);
  expect(await p.locator('[data-chat-key="v1"] .chat-name').innerText()).toBe("Spectator 1");
  await write(p, "welcome, we start soon");
  await line(w, "welcome, we start soon").waitFor();
  // The organizer mutes and unmutes the spectator from their line (their own line has no mute button).
  expect(await p.locator('[data-chat-key="p1"] [data-chat-mute]').count()).toBe(0);
  await p.locator('[data-chat-mute="v1"]').click();
  await p.locator('[data-chat-key="v1"] [data-chat-muted]').waitFor();
  await p.locator('[data-chat-mute="v1"]').click();
  await expect.poll(() => p.locator('[data-chat-key="v1"] [data-chat-muted]').count()).toBe(0);
  expect(await axeViolations(w), "the lobby with its chat, the spectator's page").toEqual([]);
  // The panel fits the phone.
  expect(await w.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await w.locator("[data-chat]").screenshot({ path: `${SHOTS}/chat-lobby-phone.png` });

  // The game: nine bots sit and it starts. The person (alive) has no chat; the spectator has the spectators' chat.
  await p.locator('[data-control="fill-bots"]').click();
  await p.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS });
  await w.locator('[data-chat="spectators"]').waitFor({ timeout: SLOW_MS });
  expect(await p.locator("[data-chat]").count()).toBe(0);
  // The lobby's lines are not the game's chat.
  expect(await line(w, link).count()).toBe(0);
  await write(w, "who do you think is the don?");
  await line(w, "who do you think is the don?").waitFor();
  await w.locator("[data-chat]").screenshot({ path: `${SHOTS}/chat-spectators-phone.png` });

  // The person plays to the end on the test clock (a card when offered; the bots' moves and the deadlines lived through).
  await driveUntil(suite.server.base, p, code, () => false, { toEnd: true });
  await p.locator(".end[data-winner]").waitFor({ timeout: SLOW_MS });

  // After the game: the table's chat again for both, starting empty.
  await p.locator('[data-chat="table"]').waitFor({ timeout: SLOW_MS });
  await w.locator('[data-chat="table"]').waitFor({ timeout: SLOW_MS });
  await p.locator("[data-chat-empty]").waitFor();
  await write(w, "good game!");
  await line(p, "good game!").waitFor();
  await write(p, "thanks for watching");
  await line(w, "thanks for watching").waitFor();
  await p.locator("[data-chat]").screenshot({ path: `${SHOTS}/chat-after-game-phone.png` });
  await p.setViewportSize({ width: 1280, height: 900 });
  await p.locator("[data-chat]").screenshot({ path: `${SHOTS}/chat-after-game-desktop.png` });

  // The oracle over every frame the person's sockets received.
  let view: TableView | null = null;
  let inGame = 0;
  let chatFrames = 0;
  let playingViews = 0;
  for (const raw of person.frames) {
    const f = JSON.parse(raw) as { type: string; view?: TableView; channel?: string };
    if (f.type === "view") {
      view = f.view!;
      if (view.status === "playing") playingViews++;
    }
    if (f.type !== "chat") continue;
    chatFrames++;
    expect(view, "a chat frame before any view").not.toBeNull();
    if (view!.status !== "playing") continue;
    inGame++;
    const g = view!.game!;
    const me = g.seats.find((s) => s.seat === g.you?.seat);
    expect(me?.alive, `a chat frame reached the living player during the game: ${raw.slice(0, 200)}`).toBe(false);
  }
  expect(playingViews, "the person's page saw the game").toBeGreaterThan(5);
  expect(chatFrames, "the lobby and after-game chat frames").toBeGreaterThanOrEqual(4);
  // The spectators' line written while the person was alive never reached a living player's socket.
  const leaked = person.frames.filter((r) => r.includes("who do you think is the don?"));
  for (const r of leaked) expect(inGame, `the spectators' line reached the person (only allowed once they were out): ${r.slice(0, 120)}`).toBeGreaterThan(0);
  expect(person.errors).toEqual([]);
  expect(watcher.errors).toEqual([]);
  console.log(`chat: lobby → game → after-game in ${((Date.now() - started) / 1000).toFixed(1)} s; the person's page got ${chatFrames} chat frames (${inGame} while out of the game), ${playingViews} views of the running game`);
});
