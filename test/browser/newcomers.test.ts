/**
 * Issue 37 "Must show", in a real browser at 360 px (RULES.md §7.10–§7.11; docs/NEWCOMERS.md):
 *
 * Olha (a phone in Russian) owns a tatar club with a running season and turns on "rules test required for
 * evenings"; she names Artem a host. Nina (a newcomer, English) opens the evening: "OK, let's play" is
 * refused with the link to the test; she takes the test — ten questions with no answers in any body the
 * page got — answers, passes (the explanations show), and signs up. Artem (Ukrainian) ticks "I offer to
 * advise newcomers" on the evening page. Olha opens the table as its host and fills it with bots: twelve
 * seated and the game does not start — the host's page says Nina needs a consigliere. Nina asks Artem from
 * the table; Artem accepts on the evening page, lands at the table as her consigliere, and the game starts.
 * Pages in en (the test), uk (the evening) and ru (the host's table) are axe-clean and fit 360 px.
 *
 * Screenshots (docs/UI.md "Newcomers: the rules test and the consigliere"): newcomers-test-phone,
 * newcomers-result-phone, newcomers-needs-phone (the host), newcomers-ask-phone (Nina), newcomers-accept-phone (Artem).
 */
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { BANKS } from "../../shared/rules-test/index.ts";
import { axeViolations, LOAD_MS, openPerson, shot, SHOTS } from "./harness.ts";
import { browserSuite, register } from "./suite.ts";

const PHONE = { width: 360, height: 740 };
/** How long a step may take on a starved machine, not what it must do. */
const SLOW_MS = 30_000;

const suite = browserSuite();

async function shotAt(page: Page, selector: string, name: string): Promise<void> {
  await page.locator(selector).first().evaluate((e) => e.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** axe (serious/critical) and no sideways scroll at 360 px. */
async function clean(page: Page, what: string): Promise<void> {
  expect(await axeViolations(page), `${what}: axe`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what}: fits 360 px`).toBeLessThanOrEqual(PHONE.width);
}

test("issue 37, RULES.md §7.10–§7.11 a newcomer takes the rules test, passes, signs up, sits at a club's rating tatar table; the host sees 'needs a consigliere'; an advising member accepts; the game starts", async () => {
  const started = Date.now();
  const base = suite.server.base;
  const tag = Date.now().toString(36).slice(-4);
  const open = (name: string, locale: string) => openPerson(suite.chrome.browser, suite.contexts, name, { viewport: PHONE, phone: true, locale, waitMs: SLOW_MS });
  const [olha, nina, artem] = await Promise.all([open(`Olha${tag}`, "ru-RU"), open(`Nina${tag}`, "en-GB"), open(`Artem${tag}`, "uk-UA")]);
  await Promise.all([register(olha.page, suite.server.base, olha.name), register(nina.page, suite.server.base, nina.name), register(artem.page, suite.server.base, artem.name)]);

  // Olha's tatar club: the rules test required (her club page's switch), a running season, Artem a host.
  await olha.page.goto(`${base}/clubs/new`);
  await olha.page.fill('input[name="name"]', `Kazan ${tag}`, { timeout: LOAD_MS });
  await olha.page.fill('input[name="city"]', "Kazan");
  await olha.page.check('input[name="formats"][value="tatar"]');
  await olha.page.fill('input[name="timeZone"]', "Europe/Moscow");
  await olha.page.locator("[data-new-club] button[type=submit]").click();
  await olha.page.waitForURL(/\/c\/c[A-Za-z0-9_-]{16}$/, { timeout: SLOW_MS });
  const clubId = olha.page.url().split("/c/")[1]!;
  await olha.page.locator("[data-rules-test-required]").check({ timeout: SLOW_MS });
  await olha.page.locator('[data-club-rules-test="required"]').waitFor({ timeout: SLOW_MS });
  const season = await olha.page.request.post(`${base}/api/clubs/${clubId}/seasons`, { data: { name: `Season ${tag}` } });
  expect(season.status(), await season.text()).toBe(201);
  const named = await olha.page.request.post(`${base}/api/clubs/${clubId}/hosts`, { data: { nickname: artem.name } });
  expect(named.status(), await named.text()).toBe(200);
  // RULES.md §7.10 (2026-12-06): Artem counts as an advisor once the club marks him experienced (the member list).
  await olha.page.reload({ timeout: LOAD_MS });
  await olha.page.locator(`[data-experienced-toggle="${artem.name}"]`).check({ timeout: SLOW_MS });
  await olha.page.locator(`[data-member="${artem.name}"][data-experienced="yes"]`).waitFor({ timeout: SLOW_MS });
  const when = new Date(Date.now() + 26 * 3600_000).toISOString().slice(0, 16);
  await olha.page.fill('[data-new-evening] input[name="startsLocal"]', when);
  await olha.page.fill('[data-new-evening] input[name="place"]', "Café Kazan");
  await olha.page.selectOption('[data-new-evening] select[name="presetId"]', "tatar");
  await olha.page.locator("[data-new-evening] button[type=submit]").click();
  await olha.page.waitForURL(/\/c\/c[^/]+\/e\/e[A-Za-z0-9_-]{16}$/, { timeout: SLOW_MS });
  const eveningPath = new URL(olha.page.url()).pathname;

  // Nina: "OK, let's play" is refused, the panel links the test.
  const bodies: string[] = [];
  nina.page.on("response", (r) => {
    if (r.url().includes("/api/") && !r.url().includes("/answer")) void r.text().then((t) => bodies.push(t), () => undefined);
  });
  await nina.page.goto(`${base}${eveningPath}`);
  await nina.page.locator("[data-play]").click({ timeout: LOAD_MS });
  await nina.page.locator(".form-error", { hasText: "rules test" }).first().waitFor({ timeout: SLOW_MS });
  await nina.page.locator("[data-rules-test-link]").click();
  await nina.page.locator("[data-rules-test-start]").waitFor({ timeout: LOAD_MS });
  expect(new URL(nina.page.url()).pathname).toBe("/rules-test/tatar");

  // The test: ten questions; answered right from the bank (the page holds no answers).
  await nina.page.locator("[data-rules-test-start]").click({ timeout: LOAD_MS });
  const questions = nina.page.locator("[data-question]");
  await questions.first().waitFor({ timeout: SLOW_MS });
  expect(await questions.count()).toBe(10);
  await clean(nina.page, "the rules test (en)");
  await shot(nina.page, "newcomers-test-phone");
  const drawn = await questions.evaluateAll((els) => els.map((e) => ({ id: (e as HTMLElement).dataset.question!, options: [...e.querySelectorAll("label span")].map((s) => s.textContent ?? "") })));
  for (const q of drawn) {
    const b = BANKS.tatar!.find((x) => x.id === q.id)!;
    const right = b.options[b.correct]!;
    const k = q.options.indexOf(typeof right === "string" ? right : right.en);
    expect(k, q.id).toBeGreaterThanOrEqual(0);
    await nina.page.locator(`[data-question="${q.id}"] input[data-option="${k}"]`).check();
  }
  // Nothing the page received before answering carried a correct option or an explanation.
  for (const text of bodies) {
    expect(text).not.toMatch(/"correct"|"explanation"/);
    for (const q of BANKS.tatar!) expect(text.includes(q.explanation.en)).toBe(false);
  }
  for (const f of nina.frames) expect(f).not.toMatch(/"explanation"/);
  await nina.page.locator("[data-rules-test-submit]").click();
  await nina.page.locator('[data-rules-test-result="passed"][data-score="10"]').waitFor({ timeout: SLOW_MS });
  const firstId = drawn[0]!.id;
  await nina.page.locator(`[data-review="${firstId}"]`, { hasText: BANKS.tatar!.find((x) => x.id === firstId)!.explanation.en }).waitFor();
  await clean(nina.page, "the test's result (en)");
  await shot(nina.page, "newcomers-result-phone");

  // Back to the evening: passed, and the sign-up lands.
  await nina.page.goto(`${base}${eveningPath}`);
  await nina.page.locator("[data-rules-test-ok]").waitFor({ timeout: LOAD_MS });
  await nina.page.locator("[data-play]").click();
  await nina.page.locator('[data-you-state="seated"]').waitFor({ timeout: SLOW_MS });

  // Artem offers to advise (a member setting on the evening page, in Ukrainian).
  await artem.page.goto(`${base}${eveningPath}`);
  await artem.page.locator("[data-advise]").check({ timeout: LOAD_MS });
  const advises = async () => ((await (await artem.page.request.get(`${base}/api/clubs/${clubId}/evenings/${eveningPath.split("/e/")[1]}/newcomers`)).json()) as { advises: boolean | null }).advises;
  await expect.poll(advises, { timeout: SLOW_MS }).toBe(true);
  await clean(artem.page, "the evening page (uk)");

  // Olha opens the table as its host and fills it with bots: twelve seated, no game.
  await olha.page.goto(`${base}${eveningPath}`);
  await olha.page.locator("[data-evening-open]").click({ timeout: LOAD_MS });
  await olha.page.waitForURL(/\/t\/[A-Z0-9]{6}$/, { timeout: SLOW_MS });
  const code = olha.page.url().split("/t/")[1]!;
  await nina.page.goto(`${base}${eveningPath}`);
  await nina.page.locator("[data-evening-table-link]").click({ timeout: LOAD_MS });
  await nina.page.locator('form[data-form="join-here"] #nick').fill(nina.name, { timeout: SLOW_MS });
  await nina.page.locator('form[data-form="join-here"] button[type="submit"]').click();
  await nina.page.locator('form[data-form="join-here"]').waitFor({ state: "detached", timeout: SLOW_MS });
  await olha.page.locator('[data-control="fill-bots"]').click({ timeout: SLOW_MS });
  const taken = async () => ((await (await fetch(`${base}/api/tables/${code}`)).json()) as { seats: { taken: number } }).seats.taken;
  await expect.poll(taken, { timeout: SLOW_MS }).toBe(12);
  await olha.page.locator(`[data-needs-consigliere="${nina.name}"]`).waitFor({ timeout: SLOW_MS });
  expect(await olha.page.locator(".board[data-phase]").count(), "a full rating table waits").toBe(0);
  // The host may invite a consigliere for her too: a one-time code to pass on (not used here — Nina asks Artem).
  await olha.page.locator(`[data-invite-for="${nina.name}"]`).click({ timeout: SLOW_MS });
  await olha.page.locator(`[data-invite-for-nick="${nina.name}"][data-invite-for-code]`).waitFor({ timeout: SLOW_MS });
  // RULES.md §7.10: that code binds only once Nina accepts on her own page — she is asked there.
  await nina.page.locator("[data-consigliere-invited] [data-consent=\"accept\"]").waitFor({ timeout: SLOW_MS });
  await clean(olha.page, "the host's waiting table (ru)");
  await shotAt(olha.page, "[data-needs-consigliere]", "newcomers-needs-phone");

  // Nina asks Artem from the table.
  await nina.page.locator(`[data-ask-advisor="${artem.name}"]`).click({ timeout: SLOW_MS });
  await nina.page.locator(`[data-asked="${artem.name}"]`).waitFor({ timeout: SLOW_MS });
  await shotAt(nina.page, "[data-needs-consigliere]", "newcomers-ask-phone");

  // Artem accepts on the evening page and lands at the table as her consigliere; the game starts.
  await artem.page.reload();
  await artem.page.locator(`[data-advise-request="${nina.name}"] [data-advise-accept]`).waitFor({ timeout: LOAD_MS });
  await shotAt(artem.page, "[data-advise-requests]", "newcomers-accept-phone");
  await artem.page.locator(`[data-advise-request="${nina.name}"] [data-advise-accept]`).click();
  await artem.page.waitForURL(new RegExp(`/t/${code}$`), { timeout: SLOW_MS });
  await artem.page.locator("[data-advising]").waitFor({ timeout: SLOW_MS });
  await nina.page.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS });
  await olha.page.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS });
  expect(await olha.page.locator("[data-needs-consigliere]").count()).toBe(0);

  for (const p of [olha, nina, artem]) expect(p.errors, p.name).toEqual([]);
  console.log(`newcomers: test, sign-up, waiting rating table, consigliere accepted, game started in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
