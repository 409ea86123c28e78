#!/usr/bin/env node
// Gzip size of the web client's initial JavaScript (issue 4 budget: ≤ 60 kB gzip).
// "Initial" = the module scripts and modulepreloads that web/dist/index.html loads; lazy chunks
// (the dev fixture page) are listed apart. Builds web/dist first if it is missing.
// Prints a human summary; `--json` prints one JSON line instead.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const root = new URL("..", import.meta.url).pathname;
const dist = join(root, "web/dist");
const BUDGET = 60 * 1024;

if (!existsSync(join(dist, "index.html"))) {
  const r = spawnSync("npm", ["run", "--silent", "build:web"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const html = readFileSync(join(dist, "index.html"), "utf8");
const refs = new Set();
for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) refs.add(m[1]);
for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) refs.add(m[1]);
for (const m of html.matchAll(/<link[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g)) refs.add(m[1]);

const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;

const initial = [...refs].map((ref) => {
  const buf = readFileSync(join(dist, ref.replace(/^\//, "")));
  return { file: ref, raw: buf.length, gzip: gz(buf) };
});
const all = readdirSync(join(dist, "assets"));
const lazy = all
  .filter((f) => f.endsWith(".js") && !refs.has(`/assets/${f}`))
  .map((f) => {
    const buf = readFileSync(join(dist, "assets", f));
    return { file: `/assets/${f}`, raw: buf.length, gzip: gz(buf) };
  });
const css = all.filter((f) => f.endsWith(".css")).map((f) => gz(readFileSync(join(dist, "assets", f)))).reduce((a, b) => a + b, 0);
const total = initial.reduce((a, b) => a + b.gzip, 0);
const totalRaw = initial.reduce((a, b) => a + b.raw, 0);

if (process.argv.includes("--json")) {
  console.log(JSON.stringify({ initialJsGzip: total, initialJsRaw: totalRaw, budget: BUDGET, cssGzip: css, initial, lazy }));
} else {
  for (const f of initial) console.log(`initial  ${f.file}  ${kb(f.raw)} raw, ${kb(f.gzip)} gzip`);
  for (const f of lazy) console.log(`lazy     ${f.file}  ${kb(f.raw)} raw, ${kb(f.gzip)} gzip`);
  console.log(`css      ${kb(css)} gzip`);
  console.log(`initial JS: ${kb(total)} gzip (${total} bytes; ${kb(totalRaw)} raw), budget ${kb(BUDGET)}: ${total <= BUDGET ? "within" : "OVER"}`);
}
