#!/usr/bin/env node
// Gzip size of the web client's initial JavaScript (issue 4 budget: ≤ 60 kB gzip).
// "Initial" = the module scripts and modulepreloads that web/dist/index.html loads; lazy chunks
// (the dev fixture page) are listed apart. Builds web/dist first if it is missing.
// Issue 16: the landing pages are chunks of their own (web/src/routes.ts); "route" = the shell plus the
// chunks a landing page imports statically (read from Vite's manifest, web/dist/.vite/manifest.json),
// i.e. all the JS a person waits for before that page shows. Budget: 70 kB gzip per route.
// Each page also waits for its catalogue parts in its language (web/src/i18n/parts.ts; web/src/routes.ts loaders:
// main.tsx renders after the core part, a route after its own parts): a route counts them in the language whose
// lines weigh most, so the budget holds for every reader. Exits 1 when a route or the initial JS is over budget.
// Prints a human summary; `--json` prints one JSON line instead.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const root = new URL("..", import.meta.url).pathname;
const dist = join(root, "web/dist");
const BUDGET = 60 * 1024;
const ROUTE_BUDGET = 70 * 1024;
/** The landing pages and their modules (web/src/routes.ts). */
const ROUTES = { home: "src/home/Home.tsx", table: "src/table/TableScreen.tsx", clubs: "src/clubs/ClubScreens.tsx", record: "src/record/RecordPage.tsx" };
/** The catalogue parts each landing page waits for (web/src/routes.ts; "core" is main.tsx's). */
const ROUTE_PARTS = { home: ["core", "pages"], table: ["core", "table"], clubs: ["core", "pages", "clubs", "account"], record: ["core", "table", "pages", "account"] };
const LANGS = ["en", "uk", "ru"];

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

// Each landing route: the shell plus its chunk's static imports, transitively (shared chunks once).
const manifestPath = join(dist, ".vite/manifest.json");
const manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, "utf8")) : {};
const routes = Object.entries(ROUTES).map(([name, src]) => {
  const files = new Set(initial.map((f) => f.file.replace(/^\//, "")));
  const visit = (key) => {
    const entry = manifest[key];
    if (!entry || files.has(entry.file)) return;
    files.add(entry.file);
    for (const k of entry.imports ?? []) visit(k);
  };
  visit(src);
  const code = [...files].reduce((n, f) => n + gz(readFileSync(join(dist, f))), 0);
  // The catalogue parts, per language; the heaviest language is the route's size.
  const partFile = (part, l) => manifest[`../virtual:catalogue/${part}/${l}`]?.file;
  const byLang = Object.fromEntries(
    LANGS.map((l) => [l, ROUTE_PARTS[name].reduce((n, part) => n + (partFile(part, l) ? gz(readFileSync(join(dist, partFile(part, l)))) : NaN), 0)]),
  );
  const lang = LANGS.reduce((a, b) => (byLang[b] > byLang[a] ? b : a));
  const found = !!manifest[src] && LANGS.every((l) => Number.isFinite(byLang[l]));
  return { name, chunks: files.size + ROUTE_PARTS[name].length, gzip: code + byLang[lang], code, catalogues: byLang, lang, found };
});
const routesOk = routes.every((r) => r.found && r.gzip <= ROUTE_BUDGET);

if (process.argv.includes("--json")) {
  console.log(JSON.stringify({ initialJsGzip: total, initialJsRaw: totalRaw, budget: BUDGET, routeBudget: ROUTE_BUDGET, routes, cssGzip: css, initial, lazy }));
} else {
  for (const f of initial) console.log(`initial  ${f.file}  ${kb(f.raw)} raw, ${kb(f.gzip)} gzip`);
  for (const f of lazy) console.log(`lazy     ${f.file}  ${kb(f.raw)} raw, ${kb(f.gzip)} gzip`);
  console.log(`css      ${kb(css)} gzip`);
  for (const r of routes) console.log(`route    ${r.name}: ${r.found ? `${kb(r.gzip)} gzip in ${r.chunks} chunks (code ${kb(r.code)} + catalogue ${kb(r.catalogues[r.lang])} in ${r.lang}; en ${kb(r.catalogues.en)}, uk ${kb(r.catalogues.uk)}, ru ${kb(r.catalogues.ru)})` : "not in the manifest"}, budget ${kb(ROUTE_BUDGET)}: ${r.found && r.gzip <= ROUTE_BUDGET ? "within" : "OVER"}`);
  console.log(`initial JS: ${kb(total)} gzip (${total} bytes; ${kb(totalRaw)} raw), budget ${kb(BUDGET)}: ${total <= BUDGET ? "within" : "OVER"}`);
}
if (!routesOk || total > BUDGET) process.exitCode = 1;
