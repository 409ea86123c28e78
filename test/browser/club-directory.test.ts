/**
 * Issue 35 "Must show", in a real browser at 360 px (Ukrainian): clubs you can find and the rating
 * leaderboard, plus the rules book and the not-found page.
 *
 * The local D1 is seeded before the server starts (harness StartOptions.seedSql): three clubs — two public
 * (one in Kyiv with five members and an evening in three days), one private — and 60 accounts on the
 * overall leaderboard (one of them opted out of publication), five on the Kyiv club's board. The rows are
 * the summary table's (migrations/0009_leaderboard.sql); writing them on a game's end is the worker suite's
 * (test/worker/leaderboard.test.ts).
 *
 * A phone: home → "Find a club" → the directory (the private club absent) → search "нічне" → one club,
 * its next evening and 5 members → its page → "The club's leaderboard" (5 rows) → "Overall" (50 rows on
 * page 1, the opted-out player shown as "a player (name hidden)" and the nick nowhere in the page) → page 2
 * (ranks 51–60) → back → a player's profile: games and wins by format and by role, each game's record
 * link (newest first), "Games" (not "My games": someone else's). The private club opens by its link. An unknown address shows the not-found page, whose
 * link goes home. The sport how-to page links to /rules#s2; the rules page has §2.10's anchor. Each new
 * page passes axe (serious/critical) and is no wider than the phone.
 *
 * Screenshots (docs/UI.md "Clubs you can find, leaderboards, rules (issue 35)"): clubs-directory-phone /
 * -desktop, leaderboard-phone / -desktop, rules-phone / -desktop, not-found-phone / -desktop,
 * profile-stats-phone.
 */
import { expect, test } from "vitest";
import { LOAD_MS, openPerson, shot, SHOTS } from "./harness.ts";
import { browserSuite, checkPage } from "./suite.ts";

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 900 };
/** How long a step may take on a starved machine, not what it must do. */
const SLOW_MS = 30_000;

const KYIV = "cDirectoryKyiv001";
const LVIV = "cDirectoryLviv001";
const PRIVATE = "cDirectoryPriv001";
const HIDDEN = "Rater05";

function seed(now: number): string {
  const sql: string[] = [];
  for (let i = 0; i < 60; i++) {
    const nick = `Rater${String(i).padStart(2, "0")}`;
    sql.push(`INSERT INTO users (id, nick, nick_key, webauthn_id, created_at, publish_nick) VALUES ('ub${i}', '${nick}', '${nick.toLowerCase()}', 'wb${i}', 0, ${nick === HIDDEN ? 0 : 1});`);
    sql.push(`INSERT INTO leaderboard (scope, user_id, score, games, wins, updated_at) VALUES ('all', 'ub${i}', ${(40 - i * 0.5).toFixed(2)}, ${20 + i}, ${10 + (i % 7)}, 0);`);
  }
  const club = (id: string, name: string, city: string, listed: number) =>
    `INSERT INTO clubs (id, name, city, language, formats, time_zone, owner_id, created_at, listed, search_key) VALUES ('${id}', '${name}', '${city}', 'uk', '["sport","tatar"]', 'Europe/Kyiv', 'ub0', 0, ${listed}, '${`${name} · ${city}`.toLowerCase()}');`;
  sql.push(club(KYIV, "Нічне Місто", "Київ", 1), club(LVIV, "Lviv Lions", "Львів", 1), club(PRIVATE, "Тихий двір", "Київ", 0));
  for (let i = 0; i < 5; i++) {
    sql.push(`INSERT INTO club_members (club_id, user_id, role, created_at) VALUES ('${KYIV}', 'ub${i}', '${i === 0 ? "owner" : "member"}', 0);`);
    sql.push(`INSERT INTO leaderboard (scope, user_id, score, games, wins, updated_at) VALUES ('club:${KYIV}', 'ub${i}', ${(3 - i).toFixed(2)}, 3, ${i % 3}, 0);`);
  }
  sql.push(`INSERT INTO club_members (club_id, user_id, role, created_at) VALUES ('${LVIV}', 'ub10', 'owner', 0), ('${PRIVATE}', 'ub11', 'owner', 0);`);
  const at = now + 3 * 24 * 3600_000;
  sql.push(
    `INSERT INTO evenings (id, club_id, starts_at, time_zone, place, preset_id, settings, seats_min, seats_max, signup_opens_at, signup_closes_at, created_by, created_at) VALUES ('eDirectoryEven001', '${KYIV}', ${at}, 'Europe/Kyiv', 'Кав’ярня «Ніч»', 'sport', '{}', 10, 10, ${now - 1000}, ${at}, 'ub0', 0);`,
  );
  // Rater00's finished games (a profile with stats: by format, by role, record links).
  const games: Array<[string, string, string, string, string]> = [["sport", "don", "black", "black", "win"], ["sport", "sheriff", "red", "black", "loss"], ["tatar", "doctor", "red", "red", "win"]];
  games.forEach(([preset, role, team, winner, outcome], i) => {
    sql.push(`INSERT INTO games (id, code, preset_id, started_at, ended_at, winner, reason, rated, game_no) VALUES ('PRF/${i}', 'PRFTAB', '${preset}', ${now - 7200_000 + i * 600_000}, ${now - 7000_000 + i * 600_000}, '${winner}', 'test', 0, ${i + 1});`);
    sql.push(`INSERT INTO game_players (game_id, seat, role, team, nickname, user_id, bot, outcome) VALUES ('PRF/${i}', 1, '${role}', '${team}', 'Rater00', 'ub0', 0, '${outcome}');`);
  });
  // The rating plot: Rater00's two rated sport games.
  sql.push(`UPDATE games SET rated = 1 WHERE id IN ('PRF/0', 'PRF/1');`);
  sql.push(`INSERT INTO rating_history (user_id, seq, game_id, mu_before, sigma_before, mu_after, sigma_after, xp, coins) VALUES ('ub0', 1, 'PRF/0', 25, 8.3333, 27, 8, 20, 5), ('ub0', 2, 'PRF/1', 27, 8, 26, 7.8, 10, 1);`);
  sql.push(`UPDATE users SET mu = 26, sigma = 7.8, rated_games = 2 WHERE id = 'ub0';`);
  return sql.join("\n");
}

const suite = browserSuite({ seedSql: seed(Date.now()) });

test("issue 35: home → the club directory (search, the private club absent) → a club → its leaderboard → the overall board (paged, an opted-out player's name hidden); not found; the rules book", async () => {
  const started = Date.now();
  const olha = await openPerson(suite.chrome.browser, suite.contexts, "Olha", { viewport: PHONE, locale: "uk-UA", phone: true, waitMs: SLOW_MS });
  const page = olha.page;
  await page.goto(`${suite.server.base}/`, { timeout: LOAD_MS });
  await page.locator('[data-home-club="find"]').click();
  await page.locator("[data-club-directory] [data-club-total]").waitFor();
  expect(new URL(page.url()).pathname).toBe("/clubs");
  await expect.poll(() => page.locator("[data-club-card]").count()).toBe(2);
  expect(await page.locator(`[data-club-card="${PRIVATE}"]`).count()).toBe(0);

  // Search (Cyrillic, lower case for a capitalised name).
  await page.locator("[data-club-search]").fill("нічне");
  await page.locator("[data-club-search-go]").click();
  await expect.poll(() => page.locator("[data-club-total]").getAttribute("data-club-total")).toBe("1");
  expect(new URL(page.url()).search).toBe(`?q=${encodeURIComponent("нічне")}`);
  const card = page.locator(`[data-club-card="${KYIV}"]`);
  expect(await card.locator("[data-club-members]").getAttribute("data-club-members")).toBe("5");
  expect(await card.locator("[data-club-members]").textContent()).toBe("5 учасників");
  expect(Number(await card.locator("[data-club-next]").getAttribute("data-club-next"))).toBeGreaterThan(Date.now());
  await checkPage(page, "directory");
  await shot(page, "clubs-directory-phone");

  // The club's page, then its leaderboard.
  await card.locator("[data-club-link]").click();
  await page.locator("h1", { hasText: "Нічне Місто" }).waitFor();
  expect(new URL(page.url()).pathname).toBe(`/c/${KYIV}`);
  await page.locator("[data-club-leaders]").click();
  await page.locator(`[data-leaderboard="club:${KYIV}"] [data-leaderboard-scope="club"]`).waitFor();
  await expect.poll(() => page.locator("[data-leader-rank]").count()).toBe(5);
  expect(await page.locator("[data-leader-rank] [data-leader]").evaluateAll((els) => els.map((e) => e.textContent))).toEqual(["Rater00", "Rater01", "Rater02", "Rater03", "Rater04"]);

  // The overall board: 50 a page; the opted-out player is "a player (name hidden)".
  await page.locator("[data-leaderboard-all]").click();
  await page.locator('[data-leaderboard-scope="all"]').waitFor();
  await expect.poll(() => page.locator("[data-leader-rank]").count()).toBe(50);
  const hidden = page.locator('[data-leader-hidden="yes"]');
  expect(await hidden.count()).toBe(1);
  expect(await hidden.getAttribute("data-leader-rank")).toBe("6");
  expect(await hidden.textContent()).toContain("Гравець (ім’я приховано)");
  expect(await page.content()).not.toContain(HIDDEN);
  await checkPage(page, "leaderboard");
  // At 360 px the board fits its panel: no sideways scrolling inside the table's region either.
  const region = await page.locator(".leaderboard .table-scroll").evaluate((e) => [e.scrollWidth, e.clientWidth]);
  expect(region[0], "the leaderboard's table scrolls sideways at 360 px").toBeLessThanOrEqual(region[1]!);
  await shot(page, "leaderboard-phone");
  await page.locator("[data-page-next]").click();
  await expect.poll(() => page.locator("[data-leader-rank]").first().getAttribute("data-leader-rank")).toBe("51");
  expect(await page.locator("[data-leader-rank]").count()).toBe(10);
  expect(new URL(page.url()).search).toBe("?page=2");

  // A player's profile (from the leaderboard): games and wins by format and by role, each game's record link.
  await page.locator('[data-page-prev]').click();
  await page.locator('[data-leader="Rater00"]').click();
  await page.locator('[data-profile="Rater00"]').waitFor();
  expect((await page.locator('[data-by-format="sport"] td').allTextContents()).slice(1)).toEqual(["2", "1"]);
  expect((await page.locator('[data-by-format="tatar"] td').allTextContents()).slice(1)).toEqual(["1", "1"]);
  expect(await page.locator("[data-by-role]").evaluateAll((els) => els.map((e) => e.getAttribute("data-by-role")))).toEqual(["doctor", "don", "sheriff"]);
  expect(await page.locator("[data-game-record]").evaluateAll((els) => els.map((e) => (e as HTMLAnchorElement).pathname))).toEqual(["/t/PRFTAB/g/3", "/t/PRFTAB/g/2", "/t/PRFTAB/g/1"]);
  expect(await page.locator("[data-rating-plot]").getAttribute("data-rating-plot")).toBe("2");
  expect(await page.locator("[data-rating-last]").getAttribute("data-rating-last")).toBe("2.60"); // 26 − 3 × 7.8
  expect(await page.locator("[data-rating-plot] svg").getAttribute("aria-label")).toContain("3.00"); // the first point: 27 − 3 × 8
  expect(await page.locator("[data-my-games]").count()).toBe(0); // someone else's profile: "Ігри", not "Мої ігри"
  await checkPage(page, "profile");
  await page.locator('[data-by-role="doctor"]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/profile-stats-phone.png` });

  // The private club: not listed, but its link works.
  await page.goto(`${suite.server.base}/c/${PRIVATE}`, { timeout: LOAD_MS });
  await page.locator("h1", { hasText: "Тихий двір" }).waitFor();

  // An unknown address: the not-found page, and its way home.
  await page.goto(`${suite.server.base}/no-such-page`, { timeout: LOAD_MS });
  await page.locator("[data-not-found]").waitFor();
  expect(await page.locator('[data-home="join"]').count()).toBe(0);
  await checkPage(page, "not found");
  await shot(page, "not-found-phone");
  await page.locator("[data-not-found-home]").click();
  await page.locator('[data-home="join"]').waitFor();
  expect(new URL(page.url()).pathname).toBe("/");

  // How to play → the format's section of the rules book.
  await page.goto(`${suite.server.base}/how/sport`, { timeout: LOAD_MS });
  await page.locator('[data-rules-link="2"]').click();
  await page.locator("[data-rules] #s2-10").waitFor();
  expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe("/rules#s2");
  expect(await page.locator("[data-rules] #s5-7").textContent()).toContain("§5.7");
  await checkPage(page, "rules");
  await shot(page, "rules-phone");

  expect(olha.errors).toEqual([]);
  console.log(`[club-directory] phone walk: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}, 240_000);

test("issue 35: the new pages at 1280 px (screenshots for docs/UI.md)", async () => {
  const laptop = await openPerson(suite.chrome.browser, suite.contexts, "Laptop", { viewport: DESKTOP, locale: "uk-UA", waitMs: SLOW_MS });
  const page = laptop.page;
  await page.goto(`${suite.server.base}/clubs`, { timeout: LOAD_MS });
  await expect.poll(() => page.locator("[data-club-card]").count()).toBe(2);
  await shot(page, "clubs-directory-desktop");
  await page.goto(`${suite.server.base}/leaders`, { timeout: LOAD_MS });
  await expect.poll(() => page.locator("[data-leader-rank]").count()).toBe(50);
  await shot(page, "leaderboard-desktop");
  await page.goto(`${suite.server.base}/rules#s7`, { timeout: LOAD_MS });
  await page.locator("[data-rules] #s7-6").waitFor();
  await shot(page, "rules-desktop");
  await page.goto(`${suite.server.base}/nowhere/at/all`, { timeout: LOAD_MS });
  await page.locator("[data-not-found]").waitFor();
  await shot(page, "not-found-desktop");
  expect(laptop.errors).toEqual([]);
}, 120_000);
