/**
 * The browser suite's one-time set-up (vitest globalSetup): the web build, then the frozen server
 * template every `startWrangler` copies (harness.ts prepareTemplate). `npm test` makes the template
 * once for all its browser steps and passes it in E2E_TEMPLATE; a lone `vitest run` makes its own.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureWebBuild, prepareTemplate } from "./harness.ts";

export default async function setup(): Promise<(() => void) | undefined> {
  if (process.env.E2E_LIVE_SOURCE || process.env.E2E_TEMPLATE) return undefined;
  ensureWebBuild();
  const dir = mkdtempSync(join(tmpdir(), "mafia-browser-template-"));
  await prepareTemplate(dir);
  process.env.E2E_TEMPLATE = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
