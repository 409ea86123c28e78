/**
 * One browser suite's set-up (vitest hooks; kept out of harness.ts, which the benches import outside
 * vitest): the web build, a `wrangler dev` of its own and one Chromium; every context a test opens is
 * listed in `contexts` and closed after the suite.
 */
import { mkdirSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { axeViolations, ensureWebBuild, launchChromium, SHOTS, startWrangler, type Server, type StartOptions } from "./harness.ts";

export interface Suite {
  server: Server;
  chrome: Awaited<ReturnType<typeof launchChromium>>;
  contexts: BrowserContext[];
}

export function browserSuite(options: StartOptions = {}): Suite {
  const s = { contexts: [] } as unknown as Suite;
  beforeAll(async () => {
    ensureWebBuild();
    mkdirSync(SHOTS, { recursive: true });
    [s.server, s.chrome] = await Promise.all([startWrangler(options), launchChromium()]);
  });
  afterAll(async () => {
    for (const c of s.contexts) await c.close().catch(() => {});
    await s.chrome?.close();
    await s.server?.stop();
  });
  return s;
}

/** The password every browser test's account is made with (the accounts are the test's own, on its own server). */
const PASSWORD = "correct horse 42";

/** A page's own account, made through the API from inside its context (the session cookie lands there). */
export async function register(page: Page, base: string, nickname: string): Promise<void> {
  const res = await page.request.post(`${base}/api/auth/password/register`, { data: { nickname, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Someone who is not clicking: an account made through the API and its session cookie, for API calls. */
export async function account(base: string, nickname: string): Promise<{ nickname: string; cookie: string }> {
  const res = await fetch(`${base}/api/auth/password/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ nickname, password: PASSWORD }) });
  expect(res.status, await res.text()).toBe(200);
  const cookie = /session=[^;]+/.exec(res.headers.get("set-cookie") ?? "")![0];
  return { nickname, cookie };
}

/** Nothing wider than the window, and no serious or critical axe finding (issue 35's pages at 360 px). */
export async function checkPage(page: Page, label: string): Promise<void> {
  const width = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(width[0], `${label}: page width`).toBeLessThanOrEqual(width[1]!);
  expect(await axeViolations(page), label).toEqual([]);
}
