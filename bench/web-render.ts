/**
 * Time to first render of a table in headless Chromium (Debian's /usr/bin/chromium via
 * playwright-core) against `wrangler dev` on a snapshot of the tree: a sport table with 3 seats
 * taken, a fresh browser profile (cold cache) opens /t/<code>; measured from navigation start to the
 * first seat of the table being in the DOM ([data-seat] or the waiting room's [data-seats-left]),
 * i.e. HTML + JS + the socket's welcome and first view rendered. Median of 5 cold loads.
 *   node bench/web-render.ts
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { startWranglerSnapshot } from "./wrangler-snapshot.ts";

const root = new URL("..", import.meta.url).pathname;
if (!existsSync("/usr/bin/chromium")) {
  console.log("web render: /usr/bin/chromium missing (apt-get install -y chromium)");
  process.exit(0);
}
if (!existsSync(join(root, "web/dist/index.html"))) {
  console.log("web render: web/dist missing (npm run build:web)");
  process.exit(0);
}
const dev = await startWranglerSnapshot("mafia-render");
const proc = dev.proc;
const base = dev.base;
const profiles: string[] = [];
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/tables`)).ok) break;
    } catch {}
    if (i > 150) throw new Error("wrangler dev did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
  const post = async (u: string, b: unknown) => (await fetch(base + u, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(b) })).json() as Promise<{ code: string }>;
  // Three players on this one machine: a room behind one address, each with its own device id.
  const { code } = await post("/api/tables", { presetId: "sport", seatsPerAddress: 3 });
  for (let i = 0; i < 3; i++) await post(`/api/tables/${code}/join`, { nickname: `render${i}`, deviceId: `render-device-${i}-0123456789` });
  const times: number[] = [];
  const cspViolations: string[] = [];
  for (let run = 0; run < 5; run++) {
    const dir = mkdtempSync(join(os.tmpdir(), "mafia-chromium-"));
    profiles.push(dir);
    const ctx = await chromium.launchPersistentContext(dir, {
      executablePath: "/usr/bin/chromium",
      headless: true,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    page.on("console", (m) => { if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text()); });
    await page.goto(`${base}/t/${code}`, { waitUntil: "commit" });
    await page.waitForSelector("[data-seat], [data-seats-left]", { timeout: 20_000 });
    const ms = await page.evaluate(() => performance.now());
    times.push(ms);
    await ctx.close();
  }
  times.sort((a, b) => a - b);
  console.log(`time to first table render (cold profile, median of ${times.length}): ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms  (min ${times[0]!.toFixed(0)}, max ${times.at(-1)!.toFixed(0)})`);
  console.log(`CSP violations reported by the page: ${cspViolations.length}${cspViolations.length ? `: ${cspViolations[0]}` : ""}`);
} finally {
  try {
    process.kill(-proc.pid!, "SIGTERM");
  } catch {}
  await new Promise((r) => setTimeout(r, 1500));
  try {
    process.kill(-proc.pid!, "SIGKILL"); // wrangler's Node parent may ignore SIGTERM
  } catch {}
  dev.cleanup();
  for (const d of profiles) rmSync(d, { recursive: true, force: true });
}
