#!/usr/bin/env node
// `npm test`: every suite, one closing line "N passed, N failed".
// Suites: typecheck (gate), unit (engine/protocol/bots in Node), worker (inside workerd),
// browser (Debian Chromium via playwright-core against `wrangler dev`).
// Exits non-zero on any failure, and when no test ran.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const out = mkdtempSync(join(tmpdir(), "mafia-test-"));
let passed = 0;
let failed = 0;
let broken = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(" ")}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function vitest(label, config) {
  if (!existsSync(join(root, config))) return;
  const json = join(out, `${label}.json`);
  const status = run(label, "npx", ["vitest", "run", "--config", config, "--reporter=default", "--reporter=json", `--outputFile.json=${json}`]);
  let counted = false;
  if (existsSync(json)) {
    try {
      const r = JSON.parse(readFileSync(json, "utf8"));
      passed += r.numPassedTests ?? 0;
      failed += (r.numFailedTests ?? 0);
      counted = (r.numTotalTests ?? 0) > 0;
      if ((r.numFailedTestSuites ?? 0) > 0 && (r.numFailedTests ?? 0) === 0) failed += r.numFailedTestSuites;
    } catch {}
  }
  if (status !== 0) broken.push(label);
  if (!counted) broken.push(`${label} (no tests ran)`);
}

const only = process.argv.slice(2);
const want = (name) => only.length === 0 || only.includes(name);

if (want("typecheck") && run("typecheck", "npm", ["run", "--silent", "typecheck"]) !== 0) broken.push("typecheck");
if (run("build web", "npm", ["run", "--silent", "build:web"]) !== 0) broken.push("build:web");
if (want("unit")) vitest("unit", "vitest.unit.config.ts");
if (want("worker")) vitest("worker", "vitest.worker.config.ts");
if (want("browser")) vitest("browser", "vitest.browser.config.ts");

rmSync(out, { recursive: true, force: true });
if (broken.length) console.log(`\nfailing steps: ${broken.join(", ")}`);
if (broken.length && failed === 0) failed = broken.length;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(broken.length || failed || passed === 0 ? 1 : 0);
