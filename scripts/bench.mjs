#!/usr/bin/env node
// `npm run bench`: every benchmark, printed with the machine it ran on, then one summary table of
// the figures issue 6 sets targets for. Numbers, never assertions. docs/PERFORMANCE.md explains each.
//   npm run bench                       everything (the load benchmark takes ~20 min: baseline and workerd
//                                       at T = 1 (300 s window), 10 and 100 (120 s))
//   npm run bench -- --quick            load at T = 1, 10 only, 60 s windows
//   npm run bench -- --only baseline,direct,proxy   also through wrangler's dev proxy
//   npm run bench -- --tables 1,10,100,200 --seconds 150
//   npm run bench -- --old-engine /tmp/old-engine   also the engine against an older checkout, in one process
//                                       (bench/engine-compare.ts: interleaved blocks on CPU time; issue 33)
//   npm run bench -- --old-table /tmp/old   the table object's JavaScript per input against an older checkout
//                                       (bench/fanout.ts, the same way; issue 36)
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";

const root = new URL("..", import.meta.url).pathname;
const argv = process.argv.slice(2);
const quick = argv.includes("--quick");
const pass = (name) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] ? [`--${name}`, argv[i + 1]] : [];
};
const cpu = os.cpus()[0]?.model ?? "unknown cpu";
const machine = `${cpu} × ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}, ${os.platform()} ${os.release()}`;
console.log(`machine: ${machine}`);
console.log(`date: ${new Date().toISOString()}, load average ${os.loadavg().map((x) => x.toFixed(1)).join(" ")}\n`);

const steps = [
  ["engine throughput (bots, every preset)", "bench/engine.ts", []],
  ...(pass("old-engine").length ? [["engine against an older tree (one process, interleaved blocks, CPU time; issue 33)", "bench/engine-compare.ts", ["--old", pass("old-engine")[1]]]] : []),
  ["tournament draw: meetings, seats, sit-outs and time against a random draw (RULES.md §9.2)", "bench/tournament-draw.ts", []],
  ["the table object's own JavaScript per input: Match and Fanout in Node, the runtime stubbed (issue 36)", "bench/fanout.ts", ["--experimental-transform-types", ...(pass("old-table").length ? ["--old", pass("old-table")[1]] : [])]],
  ["storage, bytes and Cloudflare cost (table object in workerd)", "bench/cost.ts", []],
  ["human pace: the table object's busy fraction and the true cost of a game-hour with media (issue 36)", "bench/human-pace.ts", []],
  ["rating leaderboard: a page over 10,000 accounts and 100,000 games in D1's schema (node:sqlite), against computing it per request (issue 35)", "bench/leaderboard.ts", []],
  ["tables under load (wrangler dev vs Node ws baseline)", "bench/load.ts", [...(quick ? ["--tables", "1,10", "--seconds", "60"] : [...pass("tables"), ...pass("seconds"), ...pass("seconds-t1")]), ...pass("only")]],
  ["web client initial JS", "scripts/web-size.mjs", []],
  ["web client first render (headless Chromium)", "bench/web-render.ts", []],
  ["a phone keeps up: the table page under CPU throttling ×4, 12 seats, 4 camera tiles, one game (headless Chromium)", "bench/phone.ts", ["--experimental-transform-types"]],
  ["media mesh: upload and download per client at 10 seats (headless Chromium, real WebRTC)", "bench/media-mesh.ts", []],
  ["media floor change: becoming audible and silencing, warm links against the replaceTrack baseline (3 Chromium pages, real WebRTC)", "bench/media-floor.ts", []],
];
let bad = 0;
const outputs = {};
for (const [label, file, args] of steps) {
  if (!existsSync(root + file)) { console.log(`## ${label}: ${file} missing\n`); bad++; continue; }
  console.log(`## ${label}`);
  // Node flags (`--experimental-…`) go before the file; the rest are the benchmark's own.
  const flags = args.filter((a) => a.startsWith("--experimental-"));
  const own = args.filter((a) => !a.startsWith("--experimental-"));
  const r = spawnSync(process.execPath, [...flags, file, ...own], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 64 * 2 ** 20 });
  process.stdout.write(r.stdout ?? "");
  outputs[file] = r.stdout ?? "";
  if (r.status !== 0) bad++;
  console.log();
}

// One summary table: the figures with targets.
const grab = (file, re) => re.exec(outputs[file] ?? "")?.[1] ?? "—";
const measured = (() => { try { return JSON.parse(grab("bench/cost.ts", /MEASURED (\{.*\})/)); } catch { return {}; } })();
const human = (() => { try { return JSON.parse(grab("bench/human-pace.ts", /HUMAN_PACE (\{.*\})/)); } catch { return {}; } })();
const ratio = (T, via) => grab("bench/load.ts", new RegExp(`T=${T}: p99 ratio workerd ${via}/baseline = ([\\d.]+|NaN)`));
const rows = [
  ["p99 input→all views, workerd direct / Node baseline, T=1", ratio(1, "direct"), "≤ 2"],
  ["p99 input→all views, workerd direct / Node baseline, T=10", ratio(10, "direct"), "—"],
  ["p99 input→all views, workerd direct / Node baseline, T=100", ratio(100, "direct"), "≤ 3"],
  ["p99 ratio through wrangler's dev proxy, T=1 / T=100", `${ratio(1, "proxy")} / ${ratio(100, "proxy")}`, "—"],
  ["the table object's own JavaScript per accepted input (Node, runtime stubbed)", grab("bench/fanout.ts", /^new: ([\d.]+ µs) of CPU per input/m), "—"],
  ["SQLite rows written per accepted input", measured.rowsWrittenPerInput?.toFixed(2) ?? "—", "≤ 3"],
  ["bytes per view message", measured.bytesPerView?.toFixed(0) ?? "—", "—"],
  ["bytes sent per game (all connections)", measured.bytesPerGame ? `${(measured.bytesPerGame / 2 ** 20).toFixed(1)} MiB` : "—", "—"],
  ["Cloudflare cost per game-hour (upper bound)", measured.costPerGameHour ? `$${measured.costPerGameHour.toFixed(4)}` : "—", "≤ $0.01"],
  ["table object busy at human pace (share of wall time)", human.activeFraction !== undefined ? `${(human.activeFraction * 100).toFixed(2)} %` : "—", "—"],
  ["object + storage per game-hour, busy time billed (issue 36)", human.objectPerGameHour !== undefined ? `$${human.objectPerGameHour.toFixed(5)}` : "—", "≤ $0.002"],
  ["whole per game-hour, audio via SFU with the floor / without", human.audioFloorPerGameHour !== undefined ? `$${human.audioFloorPerGameHour.toFixed(4)} / $${human.audioNoFloorPerGameHour.toFixed(4)}` : "—", "—"],
  ["whole per game-hour, video via SFU with the floor / without", human.videoFloorPerGameHour !== undefined ? `$${human.videoFloorPerGameHour.toFixed(4)} / $${human.videoNoFloorPerGameHour.toFixed(4)}` : "—", "—"],
  ["web initial JS gzip", grab("scripts/web-size.mjs", /initial JS: ([\d.]+ kB) gzip/), "≤ 60 kB"],
  ["web JS before the home page shows (gzip)", grab("scripts/web-size.mjs", /route {4}home: ([\d.]+ kB) gzip/), "≤ 70 kB"],
  ["web JS before a table page shows (gzip)", grab("scripts/web-size.mjs", /route {4}table: ([\d.]+ kB) gzip/), "≤ 70 kB"],
  ["phone ×4: main-thread time per view frame, p95 (handler + style/layout)", grab("bench/phone.ts", /PHONE per view frame, handler \+ style\/layout: p50 [\d.]+ ms, p95 ([\d.]+ ms)/), "≤ 16 ms"],
  ["phone ×4: long tasks > 50 ms with a view frame inside", grab("bench/phone.ts", /PHONE long tasks > 50 ms: \d+ \((\d+) with/), "0"],
  ["leaderboard page, 10,000 accounts / 100,000 games (median)", grab("bench/leaderboard.ts", /LEADERBOARD page 1 median ([\d.]+ ms)/), "—"],
  ["time to first table render (cold, median)", grab("bench/web-render.ts", /median of \d+\): (\d+ ms)/), "—"],
];
console.log(`## summary (${machine})`);
const w = [Math.max(...rows.map((r) => r[0].length)), Math.max(8, ...rows.map((r) => String(r[1]).length)), 8];
console.log(`${"figure".padEnd(w[0])}  ${"measured".padStart(w[1])}  target`);
for (const [k, v, t] of rows) console.log(`${k.padEnd(w[0])}  ${String(v).padStart(w[1])}  ${t}`);
process.exit(bad ? 1 : 0);
