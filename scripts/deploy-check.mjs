#!/usr/bin/env node
// Issue 32, "a deploy that is proven to build": `wrangler deploy --dry-run --outdir <tmp>` on the built
// project (web/dist must exist: `npm run build:web`), fully offline — no account, no network, no login.
// It checks:
//   1. the Worker bundle builds (wrangler exits 0 and writes index.js);
//   2. every binding in wrangler.toml is declared: in worker/env.ts's `Env` (the code's view of it) and
//      in the bindings wrangler reports for the upload (the platform's view of it);
//   3. the bundle's gzip size is under the Workers limit: 3 MiB on the free plan (10 MiB paid), per
//      Cloudflare's Workers limits page ("after compression");
//   4. issue 33: the web build `npm run deploy` makes (MAFIA_DEV_FIXTURES=0) has no /dev/* fixture page.
// It prints the raw and gzip sizes. Exit 1 on any failure, with one line per problem.
// `npm test` runs it after the web build; `node scripts/deploy-check.mjs` runs it alone.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const root = new URL("..", import.meta.url).pathname;
/** The free plan's limit on a Worker's size after compression (the paid plan's is 10 MiB). */
export const FREE_PLAN_GZIP_LIMIT = 3 * 1024 * 1024;
const OFFLINE = { WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };

const problems = [];
const mib = (n) => `${(n / 1024 / 1024).toFixed(2)} MiB`;

if (!existsSync(join(root, "web/dist/index.html"))) {
  console.log("deploy check: web/dist is missing — run `npm run build:web` first");
  process.exit(1);
}

// The bindings wrangler.toml names (read with wrangler's own config reader, as the deploy reads it).
process.env.WRANGLER_SEND_METRICS = "false";
const { unstable_readConfig } = await import("wrangler");
const config = unstable_readConfig({ config: join(root, "wrangler.toml") });
const bindings = [
  ...(config.durable_objects?.bindings ?? []).map((b) => b.name),
  ...(config.d1_databases ?? []).map((b) => b.binding),
  ...(config.r2_buckets ?? []).map((b) => b.binding),
  ...(config.kv_namespaces ?? []).map((b) => b.binding),
  ...(config.services ?? []).map((b) => b.binding),
  ...(config.queues?.producers ?? []).map((b) => b.binding),
  ...Object.keys(config.vars ?? {}),
  ...(config.assets?.binding ? [config.assets.binding] : []),
];

// 1. The dry run, into a directory of its own.
const out = mkdtempSync(join(tmpdir(), "mafia-deploy-"));
const run = spawnSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", out], { cwd: root, env: { ...process.env, ...OFFLINE }, encoding: "utf8" });
const log = `${run.stdout ?? ""}${run.stderr ?? ""}`;
const bundle = join(out, "index.js");
if (run.status !== 0 || !existsSync(bundle)) {
  problems.push(`wrangler deploy --dry-run failed (exit ${run.status})`);
  process.stdout.write(log);
}

// 2. Every binding declared, in the code and in the upload.
const envTs = readFileSync(join(root, "worker/env.ts"), "utf8");
const envInterface = /export interface Env \{([\s\S]*?)\n\}/.exec(envTs)?.[1] ?? "";
for (const name of bindings) {
  if (!new RegExp(`^\\s+${name}\\??:`, "m").test(envInterface)) problems.push(`binding ${name} (wrangler.toml) is not declared in worker/env.ts Env`);
  if (run.status === 0 && !new RegExp(`env\\.${name}\\b`).test(log)) problems.push(`binding ${name} (wrangler.toml) is missing from wrangler's bindings for the upload`);
}
// Every Durable Object class a binding names is exported by the Worker's entry (else the upload is refused).
const entry = readFileSync(config.main ?? join(root, "worker/index.ts"), "utf8");
for (const b of config.durable_objects?.bindings ?? []) {
  if (!new RegExp(`export \\{[^}]*\\b${b.class_name}\\b`).test(entry) && !new RegExp(`export class ${b.class_name}\\b`).test(entry)) problems.push(`Durable Object class ${b.class_name} (binding ${b.name}) is not exported by ${config.main}`);
}

// 3. The size after compression.
if (existsSync(bundle)) {
  const raw = statSync(bundle).size;
  const gzip = gzipSync(readFileSync(bundle), { level: 9 }).byteLength;
  console.log(`deploy check: worker bundle ${mib(raw)} raw, ${mib(gzip)} gzip (free plan limit ${mib(FREE_PLAN_GZIP_LIMIT)}, paid 10 MiB); wrangler.toml's ${bindings.length} bindings: ${bindings.join(", ")}`);
  // For npm test's closing line (scripts/test.mjs).
  if (process.env.DEPLOY_CHECK_SUMMARY) writeFileSync(process.env.DEPLOY_CHECK_SUMMARY, `bundle ${mib(gzip)} gzip`);
  if (gzip > FREE_PLAN_GZIP_LIMIT) problems.push(`the bundle is ${mib(gzip)} after gzip, over the free plan's ${mib(FREE_PLAN_GZIP_LIMIT)}`);
}
rmSync(out, { recursive: true, force: true });

// 4. Issue 33: the deployed web build carries no /dev/* fixture page (`npm run deploy` builds with
// MAFIA_DEV_FIXTURES=0): built here the same way into a directory of its own, then searched.
const web = mkdtempSync(join(tmpdir(), "mafia-deploy-web-"));
const built = spawnSync("npx", ["vite", "build", "--config", "web/vite.config.ts", "--outDir", web, "--emptyOutDir", "--logLevel", "error"], {
  cwd: root,
  env: { ...process.env, MAFIA_DEV_FIXTURES: "0" },
  encoding: "utf8",
});
if (built.status !== 0) problems.push(`the deploy's web build failed (exit ${built.status}): ${built.stderr ?? ""}`);
else {
  const assets = readdirSync(join(web, "assets"));
  const fixtureChunks = assets.filter((f) => /DevFixture/i.test(f));
  // A fixture's own name, found only in DevFixture.tsx: present anywhere means the fixtures were bundled.
  const marker = assets.filter((f) => f.endsWith(".js") && readFileSync(join(web, "assets", f), "utf8").includes("profile-tally"));
  if (fixtureChunks.length || marker.length) problems.push(`the deploy's web build carries the /dev fixtures: ${[...fixtureChunks, ...marker].join(", ")}`);
  else console.log(`deploy check: the deploy's web build (MAFIA_DEV_FIXTURES=0) has ${assets.length} assets and no /dev fixture page`);
}
rmSync(web, { recursive: true, force: true });

for (const p of problems) console.log(`deploy check: ${p}`);
process.exit(problems.length ? 1 : 0);
