/**
 * Screenshots only, no assertions beyond "the moment came" — for docs/UI.md's before/after pairs at 360 px
 * in uk and ru. Not in the suite: copied as a *.test.ts file into a worktree (this branch for the "after",
 * a worktree at the commit before a change for the "before") and run there, so both sides of a pair come
 * from the same steps:
 *
 *   cp test/browser/before-after-shots.ts <worktree>/test/browser/zz-shots.test.ts
 *   (cd <worktree> && npm run build:web && SHOTS_OUT=/tmp/shots flock /tmp/heavy.lock \
 *     npx vitest run --config vitest.browser.config.ts test/browser/zz-shots.test.ts)
 *
 * It uses only what test/browser/harness.ts, suite.ts and tournament-fixture.ts have exported since before
 * those changes. SHOTS_ONLY (comma list: tournament, review, rules-test, nightfall) picks moments.
 *  - tournament: a finished practice tournament's page (the fixture), bots' names and the champion line.
 *  - review: the host's review form under a club game's record (a stubbed review page, winners at 1 point):
 *    the field's label and the note on the club's win points (RULES.md §7.11).
 *  - rules-test: the tatar rules test's first question and the section it tests (RULES.md §7.10).
 *  - nightfall: a sport game against nine bots, the first night after day 1 — the banners on the oval.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { driveUntil, openPerson, sportWithBots } from "./harness.ts";
import { browserSuite, register } from "./suite.ts";
import { TOURNAMENT, TOURNAMENT_ID } from "./tournament-fixture.ts";

const PHONE = { width: 360, height: 740 };
const SLOW_MS = 30_000;
const OUT = process.env.SHOTS_OUT ?? "/tmp/before-after-shots";
const ONLY = (process.env.SHOTS_ONLY ?? "tournament,review,rules-test,nightfall").split(",");
const LANGS = ["uk", "ru"] as const;

const suite = browserSuite({ vars: { BOT_THINK_MS: "100" } });

async function phone(name: string, lang: string): Promise<Page> {
  const p = await openPerson(suite.chrome.browser, suite.contexts, name, { viewport: PHONE, locale: lang === "uk" ? "uk-UA" : "ru-RU", phone: true, waitMs: SLOW_MS });
  await p.page.goto(`${suite.server.base}/`);
  await p.page.evaluate((l) => localStorage.setItem("mafia.lang", l), lang);
  return p.page;
}

async function snap(page: Page, name: string, at?: string): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  // The part in question just under the sticky header.
  if (at) await page.locator(at).first().evaluate((e) => window.scrollBy(0, e.getBoundingClientRect().top - (document.querySelector("header")?.getBoundingClientRect().height ?? 0) - 8));
  else await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(OUT, `${name}.png`) });
}

const CODE = "K7Q2P0";
const names = ["Олена", "Bot 2", "Bot 3", "Petro", "Bot 5", "Bot 6", "Hanna", "Bot 8", "Bot 9", "Bot 10"];
const REVIEW = {
  club: { id: "cFixtureClub00000", name: "Клуб «Ринок»", tatarBonus: 0, winPoints: 1 },
  game: { code: CODE, n: 1, presetId: "club", endedAt: Date.UTC(2026, 11, 5, 20, 30), winner: "red" },
  season: { id: "sFixtureSeason000", name: "Зима 2026", stage: "rating" },
  review: null,
  hidden: false,
  canReview: true,
  seats: names.map((nickname, i) => ({ seat: i + 1, nickname, won: ![1, 4, 8].includes(i) })),
};

test.skipIf(!ONLY.includes("tournament"))("a finished tournament's page, uk and ru", async () => {
  for (const lang of LANGS) {
    const page = await phone(`tn-${lang}`, lang);
    await page.route("**/api/**", (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === `/api/tournaments/${TOURNAMENT_ID}`) return route.fulfill({ json: TOURNAMENT });
      if (path === "/api/me") return route.fulfill({ json: { user: null } });
      return route.fulfill({ status: 404, json: { error: { code: "not-found", message: "not in these shots" } } });
    });
    await page.goto(`${suite.server.base}/tn/${TOURNAMENT_ID}`);
    await page.locator("[data-tn-standings]").waitFor();
    await snap(page, `tournament-finished-${lang}-phone`);
    await snap(page, `tournament-finished-standings-${lang}-phone`, "[data-tn-standings]");
  }
});

test.skipIf(!ONLY.includes("review"))("the review form of a club game, uk and ru", async () => {
  for (const lang of LANGS) {
    const page = await phone(`rv-${lang}`, lang);
    await page.route("**/api/**", (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === `/api/clubs/reviews/${CODE}/1`) return route.fulfill({ json: REVIEW });
      if (path === "/api/me") return route.fulfill({ json: { user: null } });
      return route.fulfill({ status: 404, json: { error: { code: "not-found", message: "not in these shots" } } });
    });
    await page.goto(`${suite.server.base}/t/${CODE}/g/1`);
    await page.locator("[data-review-form]").waitFor();
    await snap(page, `review-form-${lang}-phone`, "[data-review-form]");
  }
});

test.skipIf(!ONLY.includes("rules-test"))("the tatar rules test's questions, uk and ru", async () => {
  const tag = Date.now().toString(36).slice(-4);
  for (const lang of LANGS) {
    const page = await phone(`rt-${lang}`, lang);
    await register(page, suite.server.base, `Rt${lang}${tag}`);
    await page.goto(`${suite.server.base}/rules-test/tatar`);
    await page.locator("[data-rules-test-start]").click();
    await page.locator("[data-question]").first().waitFor();
    await snap(page, `rules-test-${lang}-phone`, "[data-question]");
  }
});

test.skipIf(!ONLY.includes("nightfall"))("the first night after day 1 against nine bots, uk and ru", async () => {
  for (const lang of LANGS) {
    const page = await phone(`nf-${lang}`, lang);
    const code = await sportWithBots(page, suite.server.base, "Оля", SLOW_MS);
    await driveUntil(suite.server.base, page, code, (s) => s.phase === "night-shot" && s.day >= 1, { skip: true });
    expect(await page.locator(".announcements").count()).toBeGreaterThan(0);
    await snap(page, `nightfall-banners-${lang}-phone`);
  }
}, 400_000);

