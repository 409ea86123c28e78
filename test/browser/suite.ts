/**
 * One browser suite's set-up (vitest hooks; kept out of harness.ts, which the benches import outside
 * vitest): the web build, a `wrangler dev` of its own and one Chromium; every context a test opens is
 * listed in `contexts` and closed after the suite.
 */
import { mkdirSync } from "node:fs";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { ensureWebBuild, launchChromium, SHOTS, startWrangler, type Server, type StartOptions } from "./harness.ts";

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
