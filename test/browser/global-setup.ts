/**
 * The browser suite's one-time set-up (vitest globalSetup): the web build, then the frozen server
 * template every `startWrangler` copies (harness.ts prepareTemplate). `npm test` makes the template
 * once for all its browser steps and passes it in E2E_TEMPLATE; a lone `vitest run` makes its own.
 *
 * Issue 33: with E2E_SHARE=1 (scripts/test.mjs sets it for the steps of many files), one `wrangler dev`
 * (harness.ts SHARED_OPTIONS) and one Chromium for all the step's files, started here and stopped when
 * the step ends; the files reach them through E2E_SHARED_SERVER and E2E_SHARED_CHROMIUM.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureWebBuild, launchChromiumServer, prepareTemplate, SHARED_OPTIONS, startWrangler } from "./harness.ts";

export default async function setup(): Promise<() => Promise<void>> {
  const done: Array<() => unknown> = [];
  if (!process.env.E2E_LIVE_SOURCE && !process.env.E2E_TEMPLATE) {
    ensureWebBuild();
    const dir = mkdtempSync(join(tmpdir(), "mafia-browser-template-"));
    await prepareTemplate(dir);
    process.env.E2E_TEMPLATE = dir;
    done.push(() => rmSync(dir, { recursive: true, force: true }));
  }
  if (process.env.E2E_SHARE === "1") {
    const [server, chrome] = await Promise.all([startWrangler(SHARED_OPTIONS), launchChromiumServer()]);
    process.env.E2E_SHARED_SERVER = server.base;
    process.env.E2E_SHARED_CHROMIUM = chrome.wsEndpoint;
    done.unshift(() => chrome.close(), async () => {
      if (process.env.E2E_SHARED_LOG) console.log(server.output());
      await server.stop();
    });
  }
  return async () => {
    for (const d of done) await d();
  };
}
