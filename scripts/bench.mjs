#!/usr/bin/env node
// `npm run bench`: every benchmark, printed with the machine it ran on. Numbers, never assertions.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";

const root = new URL("..", import.meta.url).pathname;
const cpu = os.cpus()[0]?.model ?? "unknown cpu";
console.log(`machine: ${cpu} × ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}, ${os.platform()} ${os.release()}`);
console.log(`date: ${new Date().toISOString()}\n`);

const steps = [
  ["engine throughput (sport, 10 seats, bots)", "bench/engine.ts"],
  ["web client initial JS", "scripts/web-size.mjs"],
];
let bad = 0;
for (const [label, file] of steps) {
  if (!existsSync(root + file)) { console.log(`## ${label}: ${file} missing`); bad++; continue; }
  console.log(`## ${label}`);
  const r = spawnSync(process.execPath, [file, ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) bad++;
  console.log();
}
process.exit(bad ? 1 : 0);
