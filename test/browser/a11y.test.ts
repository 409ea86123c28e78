/**
 * Accessibility and phone layout (issue 13, part D), on the built client served by `vite preview`
 * (no worker: the pages are the home page and the /dev/<fixture> tables, drawn from hand-made views;
 * the few /api calls the pages make are answered by the test with fixed JSON).
 *
 * For every page (home, lobby, day, night, vote, end, how to play; and the fixtures lift, pause,
 * host, spectator, bot; issue 20 claims) in uk, ru and en (localStorage
 * `mafia.lang`, set before the page loads):
 * - axe-core (node_modules/axe-core/axe.min.js injected with addScriptTag, then `axe.run`) finds no
 *   serious or critical violation — colour contrast ≥ 4.5:1 included — at 360 px in every language, and at
 *   1280 px in one language per page, taken in turn (page i in LANGS[i % 3]): what a language changes
 *   (a missing or empty text, a name) shows at any width, what the width changes (which parts are laid out
 *   and shown) shows in any language, so every page is checked wide and every language on a third of the
 *   pages wide, with a third of the wide runs;
 * - nothing is wider than the window (document.documentElement.scrollWidth <= innerWidth) at 320, 360
 *   and 430 px, nor on a phone on its side (740×360);
 * - every badge on a seat tile is at least 12 px and stays inside its tile; a role, claim or away tag
 *   is whole, never cut with an ellipsis (issue 31.8).
 * Also: presence texts ("not here yet" for a player who never connected); the home page's Create /
 * Join / Watch are above the fold on a 360×740 phone; the public list
 * offers "Watch" for a table in play and "Sit down" for a waiting one (never a greyed "Sit down"); the
 * city form folds its advanced settings; on a phone on its side the action panel is not cut off.
 * Screenshots (360 px wide, Russian): watch-phone, landscape-phone (740×360), city-form-phone.
 *
 * One Chromium, one page reused; a page is loaded once per language and resized in place.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { axeViolations, launchChromium, LOAD_MS, ROOT, shot, startVitePreview, unfold } from "./harness.ts";
import { TOURNAMENT, TOURNAMENT_ID } from "./tournament-fixture.ts";

const LANGS = ["uk", "ru", "en"] as const;
const PAGES = ["/", "/dev/lobby", "/dev/day", "/dev/night", "/dev/vote", "/dev/end", "/how/city", "/dev/lift", "/dev/pause", "/dev/host", "/dev/spectator", "/dev/bot", "/dev/announce-vote", "/dev/vote-warning", "/dev/dead", "/dev/city-night", "/dev/tatar-vote", "/dev/tatar-late", "/dev/tatar-warn", "/dev/tatar-host", "/dev/club-vote", "/dev/club-host", "/dev/claims", `/tn/${TOURNAMENT_ID}`] as const;
const AXE_WIDTHS = [360, 1280];
/** The widths axe runs at for one page in one language: the phone always, the laptop in the page's turn. */
const axeWidths = (pageIndex: number, lang: (typeof LANGS)[number]) => AXE_WIDTHS.filter((w) => w === 360 || LANGS[pageIndex % LANGS.length] === lang);
const OVERFLOW_WIDTHS = [320, 360, 430];

/** The public list the home page shows: one table waiting with a free seat, one in play, one full. */
const TABLES = {
  tables: [
    { code: "K7Q2PX", presetId: "sport", status: "playing", seats: { taken: 10, max: 10 }, updatedAt: 1 },
    { code: "M4RT8Z", presetId: "city", status: "lobby", seats: { taken: 7, max: 12 }, updatedAt: 2 },
    { code: "B2VN6W", presetId: "sport", status: "lobby", seats: { taken: 10, max: 10 }, updatedAt: 3 },
  ],
};
const ME = { id: "u1", nickname: "Olena", createdAt: 1, passkeys: 1, hasPassword: false, rating: { mu: 25, sigma: 8.3, ordinal: 0, games: 0 }, xp: 0, coins: 0 };

let preview: Awaited<ReturnType<typeof startVitePreview>> | null = null;
let base = "";
let chrome: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
let signedIn = false;
const errors: string[] = [];

beforeAll(async () => {
  preview = await startVitePreview();
  base = preview.base;
  chrome = await launchChromium();
  const ctx = await chrome.browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, reducedMotion: "reduce" });
  ctx.setDefaultTimeout(LOAD_MS);
  page = await ctx.newPage();
  page.on("pageerror", (e) => errors.push(e.message));
  // The API as the pages need it: the public list, who is signed in; nothing else is asked for here.
  await page.route("**/api/**", (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === "/api/tables") return route.fulfill({ json: TABLES });
    // Issue 34: a finished tournament's page (schedule grid, standings, the organizer's panel).
    if (path === `/api/tournaments/${TOURNAMENT_ID}`) return route.fulfill({ json: TOURNAMENT });
    if (path === "/api/me") return route.fulfill({ json: { user: signedIn ? ME : null } });
    return route.fulfill({ status: 404, json: { error: { code: "not-found", message: "not in this test" } } });
  });
  await page.goto(`${base}/`);
}, 120_000);

afterAll(async () => {
  await chrome?.close();
  preview?.stop();
});

async function open(path: string, lang: string, width = 360, height = 740): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.evaluate((l) => localStorage.setItem("mafia.lang", l), lang);
  await page.goto(`${base}${path}`);
  await page.locator("main").waitFor();
  // The page is drawn: the table's board or waiting room, the home page's list, the how-to article.
  await page.locator(".board, .waiting, [data-home], .howto article, [data-tn-standings]").first().waitFor();
  expect(await page.evaluate(() => document.documentElement.lang || localStorage.getItem("mafia.lang"))).toBe(lang);
}

/** What sticks out of the window, or out of a seat tile; badges under 12 px. */
async function layoutProblems(): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const w = window.innerWidth;
    if (document.documentElement.scrollWidth > w) {
      const wide = [...document.querySelectorAll("body *")].filter((e) => e.getBoundingClientRect().right > w + 0.5).slice(0, 4);
      out.push(`page ${document.documentElement.scrollWidth} px wide in ${w}: ${wide.map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join(".")}`).join(", ")}`);
    }
    for (const b of document.querySelectorAll<HTMLElement>(".seat .b")) {
      const size = parseFloat(getComputedStyle(b).fontSize);
      if (size < 12) out.push(`badge "${b.textContent}" ${size} px`);
      const tile = b.closest(".seat")!.getBoundingClientRect();
      const r = b.getBoundingClientRect();
      if (r.left < tile.left - 0.5 || r.right > tile.right + 0.5) out.push(`badge "${b.textContent}" outside its tile`);
      // Issue 31.8: a role, a claimed role or an away time is never cut to "Мирн…" / "Шери…": whole, wrapping if it must.
      if ((b.matches("[data-role], .claim, .away")) && b.scrollWidth > b.clientWidth + 1) out.push(`badge "${b.textContent}" cut (${b.scrollWidth} > ${b.clientWidth} px)`);
    }
    return out;
  });
}

// One test per language: each language's pass is its own bounded step (a starved machine slows all 24 pages
// of one language, not the whole sweep of 72), and a failure names the language.
test.each(LANGS)("no serious or critical axe violation, no overflow at 320–430 px, badges ≥ 12 px — every page, in %s", async (lang) => {
  const t0 = Date.now();
  const problems: string[] = [];
  let axeRuns = 0;
  for (const [i, path] of PAGES.entries()) {
    await open(path, lang, 360);
    for (const width of [...OVERFLOW_WIDTHS, 1280]) {
      if (!OVERFLOW_WIDTHS.includes(width) && !axeWidths(i, lang).includes(width)) continue;
      await page.setViewportSize({ width, height: 740 });
      if (axeWidths(i, lang).includes(width)) {
        axeRuns++;
        for (const v of await axeViolations(page)) problems.push(`${lang} ${path} @${width}: ${v}`);
      }
      if (OVERFLOW_WIDTHS.includes(width)) for (const p of await layoutProblems()) problems.push(`${lang} ${path} @${width}: ${p}`);
    }
    // A phone on its side.
    await page.setViewportSize({ width: 740, height: 360 });
    for (const p of await layoutProblems()) problems.push(`${lang} ${path} @740×360: ${p}`);
  }
  expect(problems).toEqual([]);
  expect(axeRuns).toBe(PAGES.reduce((n, _, i) => n + axeWidths(i, lang).length, 0));
  expect(errors).toEqual([]);
  console.log(`a11y ${lang}: ${axeRuns} axe runs, ${PAGES.length * (OVERFLOW_WIDTHS.length + 1)} layout checks in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
});

test("home: Create / Join / Watch above the fold on a 360×740 phone; in play → Watch, waiting → Sit down", async () => {
  for (const lang of LANGS) {
    await open("/", lang, 360, 740);
    for (const what of ["create", "join", "watch"]) {
      const box = (await page.locator(`[data-home="${what}"]`).boundingBox())!;
      expect(box.y + box.height, `${lang} ${what}`).toBeLessThanOrEqual(740);
    }
    // The join form is the default panel; the long create form only behind "Create a table".
    expect(await page.locator('form[data-form="create"]').count()).toBe(0);
    await page.locator('[data-public-table="K7Q2PX"]').waitFor();
    // In play: a "Watch" link to the table (a spectator), no "Sit down" button at all.
    expect(await page.locator('[data-public-table="K7Q2PX"] button').count()).toBe(0);
    expect(await page.locator('[data-public-table="K7Q2PX"] a[data-watch-table]').getAttribute("href")).toBe("/t/K7Q2PX");
    // Waiting with a free seat: "Sit down"; waiting but full: "Watch"; no disabled button anywhere in the list.
    expect(await page.locator('[data-public-table="M4RT8Z"] button').count()).toBe(1);
    expect(await page.locator('[data-public-table="B2VN6W"] a[data-watch-table]').count()).toBe(1);
    expect(await page.locator("[data-public-table] button:disabled").count()).toBe(0);
  }
  // "Watch a game" brings the list into view; the link opens the table page.
  await page.locator('[data-home="watch"]').click();
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("lobby-title");
  await page.locator('[data-public-table="K7Q2PX"] a[data-watch-table]').click();
  await page.waitForURL(`${base}/t/K7Q2PX`);
});

test("the city form folds its advanced settings; how to play is one tap from the form and the table", async () => {
  signedIn = true;
  try {
    await open("/", "en", 360, 740);
    await page.locator('[data-home="create"]').click();
    await page.locator("header [data-me]").waitFor();
    await page.selectOption("#preset", "city");
    // Essentials in view: speech, Mafia count (with its bound, RULES.md §3), the Maniac's side, public.
    for (const name of ["speech", "mafia", "maniac", "public"]) expect(await page.locator(`input[name="${name}"]`).first().isVisible(), name).toBe(true);
    expect(await page.locator("#about-mafia").textContent()).toMatch(/at most 2 Mafia at 10–11 players, 3 at 12/i);
    // The six night timers and the sport rules are folded under "More settings".
    const more = page.locator('details[data-more="settings"]');
    expect(await more.getAttribute("open")).toBeNull();
    for (const name of ["mafiaSeconds", "putanaSeconds", "doctorSeconds", "commissarSeconds", "maniacSeconds", "donSeconds", "agreement", "voting", "breakAtZero"]) {
      expect(await page.locator(`input[name="${name}"]`).first().isVisible(), name).toBe(false);
    }
    await more.locator("summary").focus();
    await page.keyboard.press("Enter"); // keyboard opens it
    expect(await page.locator('input[name="mafiaSeconds"]').isVisible()).toBe(true);
    // "How to play" next to the format opens that format's page in a new tab (the form stays).
    const how = page.locator('[data-how-format="city"]');
    expect(await how.getAttribute("href")).toBe("/how/city");
    expect(await how.getAttribute("target")).toBe("_blank");
    // A how-to page links back to the create form (the home page opened on it) and to the other topics.
    await open("/how/sport", "en");
    expect(await page.locator('.howto [data-how="sport"]').count()).toBe(0);
    await page.locator('.howto [data-how="city"]').click();
    await page.locator('[data-how-topic="city"]').waitFor();
    expect(await page.locator(".howto h1").textContent()).toMatch(/City mafia/);
    await page.locator('.howto [data-how="create"]').click();
    await page.locator('form[data-form="create"]').waitFor();
    // From the table: a new tab too, so the seat's connection stays.
    await open("/dev/day", "en");
    const fromTable = page.locator("[data-how-table]");
    expect(await fromTable.getAttribute("href")).toBe("/how/sport");
    expect(await fromTable.getAttribute("target")).toBe("_blank");
  } finally {
    signedIn = false;
  }
});

test("presence: joined and never connected reads 'not here yet', not 'away'; a tile shows the short form, its title the full one", async () => {
  await open("/dev/lobby", "en");
  const rows = page.locator(".joined li");
  expect(await rows.nth(6).textContent()).toContain("not here yet"); // place 7: neverConnected
  expect(await rows.nth(4).textContent()).toContain("away"); // place 5: left 90 s ago
  expect(await rows.nth(4).textContent()).not.toContain("not here yet");
  await open("/dev/pause", "ru"); // seat 7 away for 7 minutes
  const badge = page.locator('[data-away="7"]');
  expect(await badge.textContent()).toBe("◌ 7 мин");
  expect(await badge.getAttribute("title")).toBe("нет 7 мин");
  expect(await page.locator('li[data-seat="7"]').getAttribute("aria-label")).toContain("нет 7 мин");
});

test("a phone on its side (740×360): the action panel is whole on screen", async () => {
  for (const lang of LANGS) {
    for (const path of ["/dev/day", "/dev/vote", "/dev/night"]) {
      await open(path, lang, 740, 360);
      const actions = page.locator(".actions").first();
      await actions.scrollIntoViewIfNeeded();
      const box = (await actions.boundingBox())!;
      expect(box.height, `${lang} ${path}: panel height`).toBeLessThanOrEqual(360);
      const inView = await actions.evaluate((e) => {
        const r = e.getBoundingClientRect();
        return r.top >= -0.5 && r.bottom <= window.innerHeight + 0.5;
      });
      expect(inView, `${lang} ${path}`).toBe(true);
    }
  }
});

test("announcements never cover the action panel where the board has two columns (desktop, a phone on its side)", async () => {
  for (const [width, height] of [[1280, 800], [1024, 768], [1920, 1080], [740, 360]] as const) {
    for (const path of ["/dev/announce-vote", "/dev/vote-warning"]) {
      await open(path, "ru", width, height);
      await page.locator(".ann").first().waitFor();
      const overlap = await page.evaluate(() => {
        const a = document.querySelector(".actions")!.getBoundingClientRect();
        return [...document.querySelectorAll(".ann")].some((el) => {
          const b = el.getBoundingClientRect();
          return b.left < a.right && b.right > a.left && b.top < a.bottom && b.bottom > a.top;
        });
      });
      expect(overlap, `${path} at ${width}×${height}`).toBe(false);
    }
  }
});

test("screenshots at 360 px in Russian: Watch in the public list, the table on its side, the fold-out city form", async () => {
  await open("/", "ru", 360, 740);
  await page.locator('[data-public-table="K7Q2PX"]').waitFor();
  await page.locator('[data-home="watch"]').click();
  await page.screenshot({ path: join(ROOT, "docs/screenshots/watch-phone.png") });
  await open("/dev/day", "ru", 740, 360);
  await shot(page, "landscape-phone");
  signedIn = true;
  try {
    await open("/", "ru", 360, 740);
    await page.locator("header [data-me]").waitFor();
    await page.locator('[data-home="create"]').click();
    await page.selectOption("#preset", "city");
    await unfold(page, 'details[data-more="settings"]');
    await page.locator('input[name="mafiaSeconds"]').waitFor({ state: "visible" });
    await shot(page, "city-form-phone", true);
  } finally {
    signedIn = false;
  }
});
