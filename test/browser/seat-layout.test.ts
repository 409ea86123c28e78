/**
 * The oval on a 360×740 phone with 12 and 15 seats (the most a city or club table takes, RULES.md §3), on
 * the built client served by `vite preview` (the /dev/crowd-12, /dev/crowd-15 and /dev/club-vote fixtures:
 * long names, a run of neighbours claiming the Commissar, a fouled seat), in uk and ru:
 * - no two seat tiles overlap, counting everything a tile draws (its claim and mark badges, its name, its
 *   camera tile) — without voice, and with voice and a camera on (every seat then carries a picture tile);
 * - a name is cut at most with an ellipsis inside its own tile, never under a neighbour;
 * - no sideways scroll; axe finds no serious or critical violation;
 * - the voice controls (meter, mute, leave, camera, the quality setting behind "more") stay one row.
 * Screenshots: seats-12-uk, seats-15-ru, seats-15-camera-uk, seats-12-camera-ru (docs/UI.md "Seats on a phone").
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { axeViolations, launchChromium, LOAD_MS, shot, startVitePreview } from "./harness.ts";

const FIXTURES = [
  { path: "/dev/crowd-12", seats: 12 },
  { path: "/dev/crowd-15", seats: 15 },
  { path: "/dev/club-vote", seats: 12 },
] as const;
const LANGS = ["uk", "ru"] as const;
/** One row of controls: a 44 px touch target and a little slack. */
const ONE_ROW_PX = 48;

let preview: Awaited<ReturnType<typeof startVitePreview>> | null = null;
let base = "";
let chrome: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  preview = await startVitePreview();
  base = preview.base;
  // A fake camera and microphone, granted without a prompt: the voice bar's "on" state and the seats' picture tiles.
  chrome = await launchChromium(["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"]);
  const ctx = await chrome.browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, reducedMotion: "reduce" });
  ctx.setDefaultTimeout(LOAD_MS);
  page = await ctx.newPage();
  page.on("pageerror", (e) => errors.push(e.message));
  await page.route("**/api/**", (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === "/api/me") return route.fulfill({ json: { user: null } });
    return route.fulfill({ status: 404, json: { error: { code: "not-found", message: "not in this test" } } });
  });
  await page.goto(`${base}/`);
}, 120_000);

afterAll(async () => {
  await chrome?.close();
  preview?.stop();
});

async function open(path: string, lang: string, seats: number): Promise<void> {
  await page.evaluate((l) => localStorage.setItem("mafia.lang", l), lang);
  await page.goto(`${base}${path}`);
  await page.locator(".board .seats > li").first().waitFor();
  await expect.poll(() => page.locator(".seats > li").count()).toBe(seats);
}

/** Every seat's drawn extent (the tile and everything inside it), pairwise overlaps, cut names, sideways scroll. */
async function layoutProblems(): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth) out.push(`page ${document.documentElement.scrollWidth} px wide in ${window.innerWidth}`);
    const boxes = [...document.querySelectorAll<HTMLElement>(".seats > li")].map((li) => {
      const tile = (li.matches(".seat") ? li : li.querySelector<HTMLElement>(".seat"))!;
      const t = tile.getBoundingClientRect();
      let [l, r, top, b] = [t.left, t.right, t.top, t.bottom];
      for (const e of tile.querySelectorAll<HTMLElement>(".b, .nick, .num, .seat-video")) {
        const q = e.getBoundingClientRect();
        if (q.width === 0) continue;
        [l, r, top, b] = [Math.min(l, q.left), Math.max(r, q.right), Math.min(top, q.top), Math.max(b, q.bottom)];
      }
      const seat = li.dataset.seat;
      // A name may end in "…", but only inside its own tile, and with a few letters still showing.
      const nick = tile.querySelector<HTMLElement>(".nick")!;
      const n = nick.getBoundingClientRect();
      if (n.left < t.left - 0.5 || n.right > t.right + 0.5) out.push(`seat ${seat}: name outside its tile`);
      if (nick.clientWidth < Math.min(nick.scrollWidth, 40)) out.push(`seat ${seat}: name cut to ${nick.clientWidth} px`);
      if (r > window.innerWidth + 0.5 || l < -0.5) out.push(`seat ${seat}: outside the window`);
      return { seat, l, r, top, b };
    });
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, c] = [boxes[i]!, boxes[j]!];
        const w = Math.min(a.r, c.r) - Math.max(a.l, c.l);
        const h = Math.min(a.b, c.b) - Math.max(a.top, c.top);
        if (w > 0.5 && h > 0.5) out.push(`seats ${a.seat} and ${c.seat} overlap ${w.toFixed(0)}×${h.toFixed(0)} px`);
      }
    return out;
  });
}

test("12 and 15 seats at 360×740: no two tiles overlap, names inside their tiles, no sideways scroll, axe clean (uk, ru)", async () => {
  const problems: string[] = [];
  for (const lang of LANGS) {
    for (const f of FIXTURES) {
      await open(f.path, lang, f.seats);
      // The claims are drawn: "Комісар?" / "Комиссар?" on the claiming neighbours.
      if (f.path.startsWith("/dev/crowd")) await expect.poll(() => page.locator(".seat .b.claim").count()).toBeGreaterThanOrEqual(9);
      for (const p of await layoutProblems()) problems.push(`${lang} ${f.path}: ${p}`);
      for (const v of await axeViolations(page)) problems.push(`${lang} ${f.path}: ${v}`);
      if (f.path === "/dev/crowd-12" && lang === "uk") await shot(page, "seats-12-uk");
      if (f.path === "/dev/crowd-15" && lang === "ru") await shot(page, "seats-15-ru");
    }
  }
  expect(problems).toEqual([]);
  expect(errors).toEqual([]);
});

test("with voice and a camera on: picture tiles on every seat, still no overlap; the voice controls are one row (uk, ru)", async () => {
  const problems: string[] = [];
  for (const lang of LANGS) {
    for (const f of FIXTURES) {
      await open(f.path, lang, f.seats);
      await page.locator("[data-voice-join]").click();
      await page.locator('[data-voice-camera="on"]').waitFor();
      // Every other seat shows its picture tile (the initial while no video arrives); one's own seat its preview.
      await expect.poll(() => page.locator(".seats .seat-video").count()).toBeGreaterThanOrEqual(f.seats - 1);
      for (const p of await layoutProblems()) problems.push(`${lang} ${f.path} camera: ${p}`);
      for (const v of await axeViolations(page)) problems.push(`${lang} ${f.path} camera: ${v}`);
      const controls = (await page.locator(".voice-controls").boundingBox())!;
      if (controls.height > ONE_ROW_PX) problems.push(`${lang} ${f.path}: voice controls ${controls.height.toFixed(0)} px tall`);
      // The quality setting is one tap away, behind "more".
      if (await page.locator("select[data-voice-bandwidth]").isVisible()) problems.push(`${lang} ${f.path}: the quality setting is out in the row`);
      if (f.path === "/dev/crowd-15" && lang === "uk") await shot(page, "seats-15-camera-uk");
      if (f.path === "/dev/crowd-12" && lang === "ru") await shot(page, "seats-12-camera-ru");
      if ((await page.locator("[data-voice-more]").count()) === 0) problems.push(`${lang} ${f.path}: no "more" toggle`);
      else {
        await page.locator("[data-voice-more]").click();
        await page.locator("select[data-voice-bandwidth]").waitFor({ state: "visible" });
      }
      await page.locator("[data-voice-leave]").click();
    }
  }
  expect(problems).toEqual([]);
  expect(errors).toEqual([]);
});
