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
 * those changes. SHOTS_ONLY (comma list: tournament, review, rules-test, nightfall, host-away, club-pages,
 * day1-question, club-rating) picks
 * moments. Each shot's page is also measured (sideways scroll, axe's serious findings) into
 * $SHOTS_OUT/checks.json, so a pair can say whether each side was clean.
 *  - tournament: a finished practice tournament's page (the fixture), bots' names and the champion line.
 *  - review: the host's review form under a club game's record (a stubbed review page, winners at 1 point):
 *    the field's label and the note on the club's win points (RULES.md §7.11).
 *  - rules-test: the tatar rules test's first question and the section it tests (RULES.md §7.10).
 *  - nightfall: a sport game against nine bots, the first night after day 1 — the banners on the oval.
 *  - host-away: a club evening's table (club format) with a live host, who closes the page mid-game; a
 *    player's phone 15 s later: what it says about the host and where (RULES.md §5.7).
 *  - club-pages: a club with tonight's evening (its table opened by the owner, who plays) and next week's;
 *    the directory's entry for the club and the club page's upcoming evenings (RULES.md §6.11).
 *  - day1-question: a club table (format club, the server hosting) of one person and eleven bots, day 1
 *    driven by the test clock until the table is asked "expel anyone?" (RULES.md §6.6; a day whose
 *    nominations give no candidates, or more than four, goes straight to night — then a new table, up to
 *    eight): the question; one's own "no", its echo and the count's result (the banners opened); the log.
 *  - club-rating: a club with a season; the owner opens tonight's evening (format club) to play, sits down
 *    with eleven bots, plays to a result and reviews the game (2.5 points to their own seat, RULES.md
 *    §7.11); the club page's "club rating" link and what it opens, and the owner's "my evenings" (§6.11).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { advanceClock, axeViolations, boardSnapshot, type BoardSnap, driveUntil, openPerson, sportWithBots } from "./harness.ts";
import { browserSuite, register } from "./suite.ts";
import { TOURNAMENT, TOURNAMENT_ID } from "./tournament-fixture.ts";

const PHONE = { width: 360, height: 740 };
const SLOW_MS = 30_000;
const OUT = process.env.SHOTS_OUT ?? "/tmp/before-after-shots";
const ONLY = (process.env.SHOTS_ONLY ?? "tournament,review,rules-test,nightfall,host-away,club-pages,day1-question,club-rating").split(",");
const LANGS = ["uk", "ru"] as const;

const suite = browserSuite({ vars: { BOT_THINK_MS: "100" } });

async function phone(name: string, lang: string): Promise<Page> {
  const p = await openPerson(suite.chrome.browser, suite.contexts, name, { viewport: PHONE, locale: lang === "uk" ? "uk-UA" : "ru-RU", phone: true, waitMs: SLOW_MS });
  await p.page.goto(`${suite.server.base}/`);
  await p.page.evaluate((l) => localStorage.setItem("mafia.lang", l), lang);
  return p.page;
}

async function snap(page: Page, name: string, at?: string, o: { center?: boolean } = {}): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  // The part in question just under the sticky header (or mid-screen, with what is around it).
  if (at && o.center) await page.locator(at).first().evaluate((e) => e.scrollIntoView({ block: "center" }));
  else if (at) await page.locator(at).first().evaluate((e) => window.scrollBy(0, e.getBoundingClientRect().top - (document.querySelector("header")?.getBoundingClientRect().height ?? 0) - 8));
  else await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(OUT, `${name}.png`) });
  // What the pair's table says of each side: sideways scroll at this width, axe's serious findings.
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
  const axe = await axeViolations(page);
  const file = join(OUT, "checks.json");
  const all = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>) : {};
  writeFileSync(file, JSON.stringify({ ...all, [name]: { sideways, axe } }, null, 1));
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


/** A signed-in page's JSON POST (the club's and the table's API, as the pages call it). */
async function api(page: Page, path: string, data: unknown, status = 200): Promise<Record<string, any>> {
  const res = await page.request.post(`${suite.server.base}${path}`, { data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(status);
  return res.json();
}

/** This device's key for the table (web/src/lib/seats-store.ts), then the table page. */
async function sitWith(page: Page, code: string, entry: Record<string, unknown>): Promise<void> {
  await page.evaluate((e) => localStorage.setItem("mafia.tables", JSON.stringify([{ savedAt: Date.now(), ...e }])), entry);
  await page.goto(`${suite.server.base}/t/${code}`);
}

test.skipIf(!ONLY.includes("host-away"))("the host leaves a club table: a player's phone, uk and ru", async () => {
  const tag = Date.now().toString(36).slice(-4);
  for (const lang of LANGS) {
    const [owner, host, player] = [await phone(`Own${lang}${tag}`, lang), await phone(`Han${lang}${tag}`, lang), await phone(`Pet${lang}${tag}`, lang)];
    const nicks = [`Own${lang}${tag}`, `Han${lang}${tag}`, `Pet${lang}${tag}`];
    for (const [i, p] of [owner, host, player].entries()) await register(p, suite.server.base, nicks[i]!);
    const club = await api(owner, "/api/clubs", { name: `Cover ${lang} ${tag}`, city: "Lviv", language: lang, formats: ["club"], timeZone: "Europe/Kyiv" }, 201);
    const clubId = club.club.id as string;
    await api(owner, `/api/clubs/${clubId}/hosts`, { nickname: nicks[1] });
    const e = await api(owner, `/api/clubs/${clubId}/evenings`, { startsAt: Date.now() + 2 * 3600_000, place: "Hall", presetId: "club" }, 201);
    const evening = `/api/clubs/${clubId}/evenings/${e.evening.id}`;
    for (const p of [owner, player]) await api(p, `${evening}/signup`, {});
    const code = (await api(owner, `${evening}/open`, { play: true, host: nicks[1] }, 201)).code as string;
    const { token: hostToken } = await api(host, `${evening}/host`, {});
    for (const [p, n] of [[owner, nicks[0]!], [player, nicks[2]!]] as const) {
      const j = await api(p, `/api/tables/${code}/join`, { nickname: n, deviceId: `device-${n}-0000000000` });
      await sitWith(p, code, { code, playerId: j.playerId, nickname: n, token: j.token, returnCode: j.returnCode, kind: "player", organizerToken: null });
    }
    await sitWith(host, code, { code, playerId: "", nickname: "", token: hostToken, returnCode: null, kind: "host", organizerToken: null });
    await host.locator("[data-host-panel], [data-organizer]").first().waitFor();
    // The host seats bots and starts from a second socket of the host's page (the host's own commands).
    await host.evaluate(async ([c, token]) => {
      const ws = new WebSocket(`${location.origin.replace(/^http/, "ws")}/api/tables/${c}/socket`);
      const replies: string[] = [];
      ws.onmessage = (m) => {
        const msg = JSON.parse(String(m.data)) as { ref?: string; ack?: string };
        if (msg.ack) replies.push(msg.ack);
        if (msg.ref) replies.push(msg.ref);
      };
      await new Promise((r) => (ws.onopen = r));
      ws.send(JSON.stringify({ type: "hello", token }));
      for (const [ref, action] of [["fill", { type: "fill-bots" }], ["start", { type: "start" }]] as const) {
        ws.send(JSON.stringify({ type: "control", ref, action }));
        for (let i = 0; i < 100 && !replies.includes(ref); i++) await new Promise((r) => setTimeout(r, 100));
      }
      ws.close();
    }, [code, hostToken] as const);
    await player.locator(".board[data-phase]").waitFor();
    await host.close();
    // The host's grace (5 s) and the step that waits for them: what the phone says then.
    await player.waitForTimeout(15_000);
    await snap(player, `host-away-${lang}-phone`);
  }
}, 400_000);

test.skipIf(!ONLY.includes("club-pages"))("the directory and the club page while tonight's table plays, uk and ru", async () => {
  const tag = Date.now().toString(36).slice(-4);
  for (const lang of LANGS) {
    const owner = await phone(`Agr${lang}${tag}`, lang);
    await register(owner, suite.server.base, `Agr${lang}${tag}`);
    const name = `Ринок ${lang} ${tag}`;
    const club = await api(owner, "/api/clubs", { name, city: "Odesa", language: lang, formats: ["tatar"], timeZone: "Europe/Kyiv" }, 201);
    const id = club.club.id as string;
    const tonight = await api(owner, `/api/clubs/${id}/evenings`, { startsAt: Date.now() + 2 * 3600_000, place: "Hall", presetId: "tatar" }, 201);
    await api(owner, `/api/clubs/${id}/evenings`, { startsAt: Date.now() + 7 * 24 * 3600_000, place: "Hall", presetId: "tatar" }, 201);
    // The owner opens tonight's table to play: the evening is on.
    await api(owner, `/api/clubs/${id}/evenings/${tonight.evening.id}/open`, { play: true }, 201);
    await owner.goto(`${suite.server.base}/clubs?q=${encodeURIComponent(name)}`);
    await owner.locator("[data-club-next]").first().waitFor();
    await snap(owner, `club-directory-${lang}-phone`);
    await owner.goto(`${suite.server.base}/c/${id}`);
    await owner.locator("[data-upcoming]").first().waitFor();
    await snap(owner, `club-upcoming-${lang}-phone`, "[data-upcoming]");
  }
}, 400_000);

/** A stale click's notice (driveUntil's skip racing the stage) closed, so the shot shows the table. */
async function clearNotice(page: Page): Promise<void> {
  const x = page.locator(".notice-slot .notice button");
  if (await x.count()) await x.first().click().catch(() => {});
}

test.skipIf(!ONLY.includes("day1-question"))("the club's day-1 question: asked, answered no, counted, uk and ru", async () => {
  for (const lang of LANGS) {
    const page = await phone(`q1-${lang}`, lang);
    let asked: BoardSnap | null = null;
    for (let tries = 0; tries < 8 && !asked; tries++) {
      await page.goto(`${suite.server.base}/`);
      await page.locator("#nick").fill(lang === "uk" ? "Оля" : "Олег", { timeout: SLOW_MS });
      await page.click('[data-home="create"]');
      await page.selectOption("#preset", "club");
      await page.check('input[name="host"][value="server"]');
      await page.locator('form[data-form="create"] button[type="submit"]').click();
      await page.waitForURL(/\/t\/[A-Z0-9]{6}$/, { timeout: SLOW_MS });
      const code = page.url().split("/t/")[1]!;
      await page.locator('[data-control="fill-bots"]').click();
      const start = page.locator('[data-control="start"]:not([disabled])');
      await Promise.race([page.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS }), start.waitFor({ timeout: SLOW_MS }).then(() => start.click())]);
      await page.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS });
      const s = await driveUntil(suite.server.base, page, code, (x) => (x.phase === "expel-anyone" && "vote-lift" in x.actions) || x.day >= 2, { skip: true });
      if (s.phase !== "expel-anyone") continue;
      asked = s;
      await clearNotice(page);
      await snap(page, `day1-question-${lang}-phone`);
      await page.locator('[data-lift="no"]').click();
      // The bots' hands come within a second and the count at once; else the test clock ends the question.
      await page.waitForTimeout(1_000);
      if ((await boardSnapshot(page)).phase === "expel-anyone") await advanceClock(suite.server.base, code, s.seq);
      await expect.poll(async () => (await boardSnapshot(page)).phase, { timeout: SLOW_MS }).not.toBe("expel-anyone");
      await page.waitForTimeout(400);
      // One's own echo and the count's result together: the stacked banners opened.
      await clearNotice(page);
      const more = page.locator('[data-ann-expand][aria-expanded="false"]');
      if (await more.count()) await more.first().click();
      await snap(page, `day1-result-${lang}-phone`);
      await snap(page, `day1-log-${lang}-phone`, ".panel.log");
    }
    expect(asked, "a table was asked the day-1 question").not.toBeNull();
  }
}, 600_000);

test.skipIf(!ONLY.includes("club-rating"))("the club's rating and the owner's evenings after a reviewed game, uk and ru", async () => {
  const tag = Date.now().toString(36).slice(-4);
  for (const lang of LANGS) {
    const nick = `Rat${lang}${tag}`;
    const owner = await phone(nick, lang);
    await register(owner, suite.server.base, nick);
    const club = await api(owner, "/api/clubs", { name: `Рейтинг ${lang} ${tag}`, city: "Odesa", language: lang, formats: ["club"], timeZone: "Europe/Kyiv" }, 201);
    const id = club.club.id as string;
    await api(owner, `/api/clubs/${id}/seasons`, { name: `Зима ${tag}` }, 201);
    const tonight = await api(owner, `/api/clubs/${id}/evenings`, { startsAt: Date.now() + 2 * 3600_000, place: "Hall", presetId: "club" }, 201);
    const opened = await api(owner, `/api/clubs/${id}/evenings/${tonight.evening.id}/open`, { play: true }, 201);
    const code = opened.code as string;
    const j = await api(owner, `/api/tables/${code}/join`, { nickname: nick, deviceId: `device-${nick}-0000000000`, organizerToken: opened.organizerToken });
    await sitWith(owner, code, { code, playerId: j.playerId, nickname: nick, token: j.token, returnCode: j.returnCode, kind: "player", organizerToken: null });
    await owner.locator('[data-control="fill-bots"]').click();
    const start = owner.locator('[data-control="start"]:not([disabled])');
    await Promise.race([owner.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS }), start.waitFor({ timeout: SLOW_MS }).then(() => start.click())]);
    await owner.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS });
    const you = (await boardSnapshot(owner)).you!;
    await driveUntil(suite.server.base, owner, code, () => false, { skip: true, toEnd: true });
    // The owner's review (§7.11): 2.5 points to their own seat.
    const rv = (await (await owner.request.get(`${suite.server.base}/api/clubs/reviews/${code}/1`)).json()) as { seats: Array<{ seat: number }> };
    const res = await owner.request.put(`${suite.server.base}/api/clubs/reviews/${code}/1`, {
      data: { notes: "", points: rv.seats.map(({ seat }) => (seat === you ? { seat, points: 2.5, reason: "Win and best move" } : { seat, points: 0, reason: "" })) },
    });
    expect(res.status(), await res.text()).toBe(200);
    await owner.goto(`${suite.server.base}/c/${id}`);
    const link = owner.locator("[data-club-leaders]");
    await link.waitFor();
    await snap(owner, `club-rating-link-${lang}-phone`, "[data-club-leaders]", { center: true });
    // The link that says "club rating": on the old page the leaderboard's, on the new one the season table's.
    const rating = (await owner.locator("[data-club-rating]").count()) ? owner.locator("[data-club-rating]") : link;
    await rating.click();
    await owner.waitForTimeout(800);
    await snap(owner, `club-rating-${lang}-phone`, (await owner.locator("#season-title").count()) && !owner.url().includes("/leaders") ? "#season-title" : undefined);
    await owner.goto(`${suite.server.base}/u/${encodeURIComponent(nick)}`);
    await owner.locator("[data-my-evenings]").waitFor();
    await snap(owner, `my-evenings-${lang}-phone`, "[data-my-evenings]");
  }
}, 600_000);
