/**
 * Issue 18 "Must show": a club evening (RULES.md §6) clicked through in a real browser — two games of
 * one evening at one table, with a live host.
 *
 * The host (a laptop) creates a club table as its live host; one person joins on a phone; the host
 * fills the twelve seats with bots and starts. In game 1 the host gives a foul from the host panel
 * (§6.9) and confirms every stage that waits for them; the person plays what the page offers
 * (nominations, "thank you", "expel anyone?", raised hands, night moves). At the end the table says
 * who is immune in the next game (§6.10: the first eliminated); the person presses "play again", the
 * host adds a Witness to the composition for game 2 and starts it — same seats — and the immune seats
 * are marked on both pages on day 1, the composition line naming the Witness. Game 2 is played to its
 * result too.
 *
 * Screenshots: club-host-foul-desktop (the host panel after the foul), club-evening-end-phone (the end
 * of game 1 with the next game's immunity), club-immune-phone (game 2, day 1: the immune seat marked).
 */
import { mkdirSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { boardSnapshot, ensureWebBuild, launchChromium, LOAD_MS, openPerson, type Person, shot, SHOTS, startWrangler, type Server } from "./harness.ts";
import { playLive } from "./live.ts";

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
/** Waits that only matter on a starved machine: how long a step may take, not what it must do. */
const SLOW_MS = 30_000;
/** The person's moves in a club day (§6.4–§6.7), besides every night move. */
const ORDER = ["nominate", "end-speech", "vote-lift", "vote"];

let server: Server;
let chrome: Awaited<ReturnType<typeof launchChromium>>;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  ensureWebBuild();
  mkdirSync(SHOTS, { recursive: true });
  [server, chrome] = await Promise.all([startWrangler({ vars: { BOT_THINK_MS: "100" } }), launchChromium()]);
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await chrome?.close();
  await server?.stop();
});

const open = (name: string, viewport: { width: number; height: number }, phone: boolean): Promise<Person> => openPerson(chrome.browser, contexts, name, { viewport, phone, waitMs: SLOW_MS });

/** The nicknames of the seats marked immune on a page (from the oval's marks and the page's latest view). */
async function immuneOn(p: Person): Promise<string[]> {
  const seats = await p.page.locator("[data-immune-seat]").evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.immuneSeat)));
  const last = p.frames.map((f) => JSON.parse(f) as { type: string; view?: { game: { seats: Array<{ seat: number; nickname: string }> } | null } }).filter((m) => m.type === "view" && m.view?.game).at(-1);
  return seats.map((x) => last!.view!.game!.seats[x - 1]!.nickname).sort();
}

/** The names in the "immune in the next game" line (data-evening-immune), or null while it is not shown. */
async function immuneLine(page: Page): Promise<string | null> {
  const el = page.locator("[data-evening-immune]").first();
  return (await el.count()) ? el.getAttribute("data-evening-immune") : null;
}

test("RULES.md §6.9–§6.11 a club evening with a live host: a foul from the host panel, two games at one table, game 1's first eliminated immune on day 1 of game 2", async () => {
  const started = Date.now();
  const host = await open("Host", DESKTOP, false);
  const olha = await open("Olha", PHONE, true);

  await host.page.goto(`${server.base}/`);
  await host.page.click('[data-home="create"]', { timeout: LOAD_MS });
  await host.page.selectOption("#preset", "club");
  await host.page.click('details[data-more="options"] summary');
  await host.page.check('input[name="liveHost"]');
  await host.page.check('input[name="sameRoom"]');
  await host.page.click('form[data-form="create"] button[type="submit"]');
  await host.page.waitForURL(/\/t\/[A-Z0-9]{6}$/, { timeout: LOAD_MS });
  const code = host.page.url().split("/t/")[1]!;
  await host.page.locator("[data-organizer]").waitFor();

  await olha.page.goto(`${server.base}/`);
  await olha.page.fill("#nick", "Olha", { timeout: LOAD_MS });
  await olha.page.fill("#join-code", code.toLowerCase());
  await olha.page.click('form[data-form="join"] button[type="submit"]');
  await olha.page.waitForURL(new RegExp(`/t/${code}$`));

  // Twelve seats: the person and eleven bots (fill-bots fills to the format's minimum).
  await host.page.locator('[data-control="fill-bots"]').click();
  await expect.poll(async () => ((await (await fetch(`${server.base}/api/tables/${code}`)).json()) as { seats: { taken: number } }).seats.taken).toBe(12);
  await host.page.locator('[data-control="start"]:not([disabled])').click();
  await host.page.locator("[data-host-panel]").waitFor({ timeout: SLOW_MS });
  await olha.page.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS });
  expect(await immuneOn(olha), "the evening's first game: nobody is immune").toEqual([]);

  // Game 1. §6.9 the host gives a foul from the panel to a bot's seat, in the day.
  let fouled = 0;
  const game1 = await playLive({
    base: server.base, code, host, person: olha, withinMs: 300_000, order: ORDER,
    each: async (s, h) => {
      if (fouled || h.phase !== "speech") return;
      const enabled = await host.page.locator("[data-host-foul]:not([disabled])").evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.hostFoul)));
      const seat = enabled.find((x) => x !== s.you);
      if (!seat) return;
      await host.page.locator(`[data-host-foul="${seat}"]`).click();
      await host.page.locator(`[data-foul-seat="${seat}"][data-fouls="1"]`).waitFor({ timeout: SLOW_MS });
      await shot(host.page, "club-host-foul-desktop");
      fouled = seat;
    },
  });
  expect(game1.done, `game 1 reached a result (phases ${[...game1.phases].join(", ")})`).toBe(true);
  expect(fouled, "the host gave a foul from the panel").toBeGreaterThan(0);
  expect(game1.confirms, "stages the host confirmed").toBeGreaterThan(0);
  for (const p of ["free-talk", "speech"]) expect(game1.phases.has(p), `game 1 went through ${p}`).toBe(true);

  // The end of game 1: who is immune in the next game (§6.10).
  await expect.poll(() => immuneLine(olha.page), { timeout: SLOW_MS }).not.toBeNull();
  const names = (await immuneLine(olha.page))!.split(", ").filter(Boolean).sort();
  expect(names.length, "game 1's first eliminated").toBeGreaterThan(0);
  await shot(olha.page, "club-evening-end-phone");
  const seats1 = (await boardSnapshot(olha.page)).you;

  // Game 2 of the evening: the person plays again; the host starts it (the bots stay).
  await olha.page.locator("[data-play-again]").click();
  await host.page.locator("[data-next-game-options]").waitFor({ timeout: SLOW_MS });
  expect((await immuneLine(host.page))!.split(", ").sort()).toEqual(names);
  // §6 the composition is set for each game: the host adds a Witness for game 2.
  await host.page.locator('[data-club-count="witness"]').fill("1");
  await host.page.locator("[data-composition-apply]:not([disabled])").click();
  await host.page.locator("[data-composition-apply][disabled]").waitFor({ timeout: SLOW_MS });
  await host.page.locator('[data-control="start"]:not([disabled])').click();
  await expect.poll(async () => (await boardSnapshot(olha.page)).series, { timeout: SLOW_MS }).toBe(2);
  await expect.poll(() => immuneOn(olha), { timeout: SLOW_MS }).toEqual(names);
  expect(await immuneOn(host)).toEqual(names);
  expect((await boardSnapshot(olha.page)).you, "club keeps the seats in the evening's next game").toBe(seats1);
  // The composition line shows game 2's counts, the Witness among them.
  await expect.poll(async () => (await olha.page.locator("[data-composition]").first().getAttribute("data-composition")) ?? "", { timeout: SLOW_MS }).toContain("witness:1");
  await shot(olha.page, "club-immune-phone");

  const game2 = await playLive({ base: server.base, code, host, person: olha, withinMs: 300_000, order: ORDER });
  expect(game2.done, `game 2 reached a result (phases ${[...game2.phases].join(", ")})`).toBe(true);
  expect(olha.errors).toEqual([]);
  expect(host.errors).toEqual([]);
  console.log(
    `club evening: Olha seat ${seats1}; foul on seat ${fouled}; immune in game 2: ${names.join(", ")}; ` +
      `game 1 moves ${JSON.stringify(game1.did)}, host confirms ${game1.confirms}; game 2 moves ${JSON.stringify(game2.did)}, host confirms ${game2.confirms}; ` +
      `misses ${[...game1.misses, ...game2.misses].join("; ") || "none"}; ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
});
