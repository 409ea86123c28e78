#!/usr/bin/env node
// `npm test`: every suite, one closing line "N passed, N failed".
// Suites: typecheck (gate), knip (unused code, issue 33), unit (engine/protocol/bots in Node), worker (inside workerd),
// browser (Debian Chromium via playwright-core against `wrangler dev`).
// Exits non-zero on any failure, and when no test ran. Issue 32: after the web build, a dry-run
// deploy (scripts/deploy-check.mjs) — offline, no Cloudflare account.
//
// Two stages (issue 6; issue 11 made the games quick — both click through whole games on the test
// clock, test/browser/harness.ts advanceClock, so no step waits out a real timer):
//   1. side by side: typecheck, knip (unused files/exports/dependencies), the unit suite (two workers, pure CPU), the worker suite (three
//      workerd, mostly waiting on real alarms), and build web followed by the city browser game
//      (three pages), the accessibility checks (issue 13: axe-core and phone layout, one page) and the
//      profiles game;
//   2. two browser lanes side by side. One: the club step (two pages a file, sharing one `wrangler dev` and
//      one Chromium between its files, issue 33), the ten-page sport game, then the club's recording and a
//      delayed spectator (issue 30: three Chromium processes). The other: the one-page files (issue 13: one person
//      against nine bots who plays again, and the like) with the club's week, then voice (issue 15: three Chromium
//      processes with real WebRTC, each its own fake microphone), then the live host's media (issue 30: five).
// The sport game ran alone until issue 33: ten pages loading at once next to the CPU-bound suites made page
// loads time out (issue 11). With the timer ring no longer eased (16–21 % of a core per page) it shares
// stage 2 with the one-page chain's tail; the CPU-bound unit and worker suites still never run beside it.
// Each step's output is buffered and printed whole when the step ends, so logs stay readable; a
// closing line gives every step's wall time. `node scripts/test.mjs unit worker` runs only those.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureChromium, ensurePackages } from "./preflight.mjs";

const root = new URL("..", import.meta.url).pathname;
const out = mkdtempSync(join(tmpdir(), "mafia-test-"));
const t0 = Date.now();
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
// Piped output loses colours; keep them when the run itself is on a terminal.
const colour = process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: "1" } : {};
const cpu = process.env.TEST_CPU === "1" && existsSync("/usr/bin/time");
let passed = 0;
let failed = 0;
const broken = [];
// Every failed test, as `FAIL <file> > <full title>`, read from each vitest step's JSON report, so the
// closing lines say what failed and not only in which step.
const failures = [];
const times = [];

/** Runs one step with its output buffered; prints it whole (header, output, wall time) when it ends. */
function run(label, cmd, args, env = {}, onOutput = null) {
  const started = Date.now();
  console.log(`[${secs(started - t0).padStart(7)}] ${label} started`);
  return new Promise((resolve) => {
    // TEST_CPU=1: each step's CPU seconds (its process tree, as reaped) beside its wall time, via GNU time.
    const cpuFile = cpu ? join(out, `cpu-${label.replace(/\W+/g, "-")}.txt`) : "";
    const [c, a] = cpu ? ["/usr/bin/time", ["-f", "%U %S", "-o", cpuFile, cmd, ...args]] : [cmd, args];
    const child = spawn(c, a, { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...colour, ...env } });
    const chunks = [];
    child.stdout.on("data", (d) => (chunks.push(d), onOutput?.(d)));
    child.stderr.on("data", (d) => (chunks.push(d), onOutput?.(d)));
    const done = (status, note = "") => {
      const ms = Date.now() - started;
      let used = "";
      if (cpuFile && existsSync(cpuFile)) {
        const [u, k] = readFileSync(cpuFile, "utf8").trim().split(/\s+/).slice(-2).map(Number);
        if (Number.isFinite(u + k)) used = ` (${(u + k).toFixed(1)} CPU-s)`;
      }
      times.push(`${label} ${secs(ms)}${used}`);
      const text = Buffer.concat(chunks).toString();
      console.log(`\n=== ${label}: ${cmd} ${args.join(" ")}`);
      if (text) process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
      console.log(`=== ${label}: ${status === 0 ? "ok" : `failed (exit ${status}${note})`} in ${secs(ms)}, at ${secs(Date.now() - t0)}`);
      resolve(status);
    };
    child.on("error", (e) => done(1, `: ${e.message}`));
    child.on("close", (code, signal) => done(code ?? 1, signal ? `, ${signal}` : ""));
  });
}

async function vitest(label, config, files = [], env = {}, onOutput = null) {
  if (!existsSync(join(root, config))) return;
  const json = join(out, `${label}.json`);
  const status = await run(label, "npx", ["vitest", "run", "--config", config, ...files, "--reporter=default", "--reporter=json", `--outputFile.json=${json}`], env, onOutput);
  let counted = false;
  if (existsSync(json)) {
    try {
      const r = JSON.parse(readFileSync(json, "utf8"));
      passed += r.numPassedTests ?? 0;
      failed += r.numFailedTests ?? 0;
      counted = (r.numTotalTests ?? 0) > 0;
      if ((r.numFailedTestSuites ?? 0) > 0 && (r.numFailedTests ?? 0) === 0) failed += r.numFailedTestSuites;
      failures.push(...failedIn(r));
    } catch {}
  }
  if (status !== 0) broken.push(label);
  if (!counted) broken.push(`${label} (no tests ran)`);
}

/** The failed tests of one vitest JSON report; a file that failed without a failed test (an import, a
 * failed beforeAll/afterAll) is listed with the file's own message. */
function failedIn(report) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const name = String(file.name ?? "").startsWith(root) ? file.name.slice(root.length) : file.name;
    const tests = (file.assertionResults ?? []).filter((t) => t.status === "failed");
    for (const t of tests) {
      lines.push(`FAIL ${name} > ${[...(t.ancestorTitles ?? []), t.title].join(" > ")}`);
      // The failure's own first lines (the assertion and where), so a CI log cut to its tail still says why.
      const why = String(t.failureMessages?.[0] ?? "").replace(/\x1b\[[0-9;]*m/g, "").split("\n").map((l) => l.trim()).filter(Boolean);
      for (const l of why.slice(0, 4)) lines.push(`    ${l.slice(0, 300)}`);
    }
    if (tests.length === 0 && file.status === "failed") {
      const message = String(file.message ?? "").split("\n").find((l) => l.trim()) ?? "failed";
      lines.push(`FAIL ${name} > (file) ${message.trim()}`);
    }
  }
  return lines;
}

// Issue 33: the steps of many files share one `wrangler dev` and one Chromium (test/browser/global-setup.ts):
// every file that asks for the common server options (harness.ts SHARED_OPTIONS) uses the step's, instead of
// starting its own (≈ 6 CPU-s each); files with their own vars, seed data or Chromium flags keep their own.
const SHARE = { E2E_SHARE: "1" };

const only = process.argv.slice(2);
const want = (name) => only.length === 0 || only.includes(name);

// Issue 11: a bare machine. Whatever the suites need beyond the repository is fetched here, with a
// line saying what and why; what cannot be installed stops the run with one line saying what to install.
ensurePackages("npm test");
if (want("browser")) ensureChromium("npm test");

// The worker suite starts first, alone. Vitest gives each of its three workerd runners 90 s to start
// (WORKER_START_TIMEOUT in vitest's pool, not a setting), and three starts competing with the web build,
// tsc, knip and the unit suite's own start ran past it in a fresh clone on a loaded machine: three runners
// never started and their files never ran. Beside it start only the web build and then the browser steps'
// server template (≈ 25 CPU-s between them; the first browser chain waits for them). The other steps
// begin when the worker suite reports its first finished file (its runners are up), when it ends, or after
// two minutes at most.
let workerUp = Promise.resolve();
let workerStep = Promise.resolve();
if (want("worker")) {
  let up = () => {};
  workerUp = new Promise((resolve) => {
    up = resolve;
    setTimeout(resolve, 120_000).unref();
  });
  workerStep = vitest("worker", "vitest.worker.config.ts", [], {}, (d) => /[✓×] test\/worker\//.test(String(d).replace(/\x1b\[[0-9;]*m/g, "")) && up()).finally(() => up());
}

// The browser games serve web/dist: only after a good build (a failed build is a failed run).
// `npm run test:quick` (typecheck, unit, worker) builds nothing. The browser tests open the /dev/* fixture
// pages, built only on the explicit MAFIA_DEV_FIXTURES=1 (web/vite.config.ts devFixtures).
const build = want("browser") || want("deploy") ? run("build web", "npm", ["run", "--silent", "build:web"], { MAFIA_DEV_FIXTURES: "1" }).then((status) => status === 0 || (broken.push("build:web"), false)) : Promise.resolve(false);
// Issue 32: the deploy is proven to build — `wrangler deploy --dry-run --outdir` on the built project,
// offline (scripts/deploy-check.mjs: bundle, every binding declared, gzip size under the free plan's 3 MiB).
const deployCheck = async () => {
  const summary = join(out, "deploy-check.txt");
  process.env.DEPLOY_CHECK_SUMMARY = summary;
  const status = await run("deploy dry-run", "node", ["scripts/deploy-check.mjs"]);
  if (status !== 0) broken.push("deploy dry-run");
  // The closing line's entry for this step carries the bundle's size.
  const at = times.findIndex((t) => t.startsWith("deploy dry-run "));
  if (at >= 0 && existsSync(summary)) times[at] += ` (${readFileSync(summary, "utf8")})`;
};
// Issue 33: the browser steps' frozen server (worker bundle, migrated D1) made once for them all;
// each browser file copies it (test/browser/harness.ts) instead of bundling and migrating again.
const template = build.then(async (built) => {
  if (!built || !want("browser")) return false;
  const dir = join(out, "e2e-template");
  const status = await run("browser server template", "node", ["--experimental-strip-types", "--no-warnings", "scripts/e2e-template.ts", dir]);
  if (status !== 0) return broken.push("browser server template"), false;
  process.env.E2E_TEMPLATE = dir;
  return true;
});
await workerUp;
await Promise.all([
  build.then((built) => built && want("deploy") && deployCheck()),
  // Issue 13: the accessibility and phone-layout checks (one page, vite preview) after the city game.
  template.then(async (ready) => {
    if (!ready) return;
    await vitest("browser (city)", "vitest.browser.config.ts", ["test/browser/city-game.test.ts"]);
    await vitest("browser (a11y)", "vitest.browser.config.ts", ["test/browser/a11y.test.ts"]);
    // Issue 16: a Custom game of the phone-app profiles, from the profile screen to the night's why.
    await vitest("browser (profiles)", "vitest.browser.config.ts", ["test/browser/profiles-game.test.ts"]);
  }),
  want("typecheck") && run("typecheck", "npm", ["run", "--silent", "typecheck"]).then((status) => status === 0 || broken.push("typecheck")),
  // Issue 33: dead files, exports, types and dependencies fail the suite, and so does an export only tests use
  // (`npm run knip`: the whole project, then `--production`; knip.jsonc: entry points, production marks, each ignore with its reason).
  want("knip") && run("knip", "npm", ["run", "--silent", "knip"]).then((status) => status === 0 || broken.push("knip")),
  want("unit") && vitest("unit", "vitest.unit.config.ts"),
  workerStep,
]);
// Stage 2: two lanes, each one browser step at a time. The club step and the one-page files share one
// `wrangler dev` and one Chromium between their files (SHARE). Issue 33: a fresh-clone run with the club step
// inside stage 1 (beside the unit and worker suites) took 1,050 s — the unit and worker suites 2.5× slower on two
// cores — so the browser lanes wait for them again. The media steps (real-time WebRTC) ran alone after both
// chains until every browser step had passed fresh clones with one core kept busy the whole run — the media
// steps then had one core, as each has beside the other lane now; so each lane ends with media: the recording
// (the longest, ≈ 160–200 s) after the club chain and the sport game, voice and the live host's media after the
// one-page chain, which makes the two lanes about as long (docs/PERFORMANCE.md "Two lanes to the end").
if (await template) {
  await Promise.all([
    // Issue 17: the club formats — host-classic with a live host, tatar with a consigliere; issue 18: a club evening;
    // issue 38: tatar with a live host at 360 px (end it now, a foul undone, the host's page closed);
    // issue 35: the club directory → a club → its leaderboard → the overall board, not found, the rules book (360 px);
    // issue 35: one walk — the directory from home → a weekly evening's reserve → moved up after the deadline → its game with bots → the season closed → the medal (360 px).
    // issue 37: a newcomer's rules test, then a club's rating tatar table waiting for her consigliere (360 px).
    // The record page's check of a deal anyone can verify (one page, the shared server).
    // Then the ten-page sport game (its own server and Chromium): eight of its pages ask for reduced motion and no
    // page eases its timer ring any more, so it no longer starves beside a one-page chain (issue 11's timeouts were
    // ten eased pages beside the CPU-bound suites).
    // Then issue 30: the club's recording and a delayed spectator (three browser processes; ≈ 160 s alone, most of
    // it real time: speeches, the night, the 30-s delay).
    vitest("browser (club)", "vitest.browser.config.ts", ["test/browser/club-games.test.ts", "test/browser/tatar-host.test.ts", "test/browser/club-directory.test.ts", "test/browser/newcomers.test.ts", "test/browser/club-experience.test.ts", "test/browser/club-takeover.test.ts", "test/browser/club-evenings.test.ts", "test/browser/record-verify.test.ts"], SHARE)
      .then(() => vitest("browser (sport)", "vitest.browser.config.ts", ["test/browser/sport-game.test.ts"]))
      .then(() => vitest("browser (recording)", "vitest.browser.config.ts", ["test/browser/recording.test.ts"])),
    // Issue 13: one person against nine bots who plays again; the guided first game, the newcomer, the host
    // form, the vote warning, ready-to-vote, chat; issue 34: the practice tournament (one or two pages each); the judge's page (RULES.md §9.1, §9.4);
    // a black newcomer's teammates on the oval; issue 19: a club's week, from the club to its season table; issue 38: the club evening's loop (RULES.md §5.7, §6.11).
    // Then issue 15: the floor heard through real WebRTC (three browser processes), and a page stalled across a deadline;
    // then issue 30: a live host, a consigliere and a listening spectator in the media (five browser processes).
    vitest("browser (solo, club week)", "vitest.browser.config.ts", ["test/browser/solo-bots.test.ts", "test/browser/ready-to-vote.test.ts", "test/browser/guided.test.ts", "test/browser/newcomer.test.ts", "test/browser/teammates.test.ts", "test/browser/host-form.test.ts", "test/browser/vote-warning.test.ts", "test/browser/tournament.test.ts", "test/browser/tournament-judge.test.ts", "test/browser/chat.test.ts", "test/browser/club-season.test.ts", "test/browser/club-evening-loop.test.ts", "test/browser/seat-layout.test.ts"], SHARE)
      .then(() => vitest("browser (voice)", "vitest.browser.config.ts", ["test/browser/voice.test.ts", "test/browser/voice-deadline.test.ts"]))
      .then(() => vitest("browser (live media)", "vitest.browser.config.ts", ["test/browser/live-media.test.ts"])),
  ]);
}

// TEST_REPORTS=dir keeps each step's vitest JSON report (per-file and per-test durations) there.
if (process.env.TEST_REPORTS) cpSync(out, process.env.TEST_REPORTS, { recursive: true });
rmSync(out, { recursive: true, force: true });
if (failures.length) console.log(`\n${failures.join("\n")}`);
if (broken.length) console.log(`\nfailing steps: ${broken.join(", ")}`);
if (broken.length && failed === 0) failed = broken.length;
console.log(`\ntimes: ${times.join(", ")}; total ${secs(Date.now() - t0)}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(broken.length || failed || passed === 0 ? 1 : 0);
