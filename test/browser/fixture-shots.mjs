#!/usr/bin/env node
// Dev helper (not a test): screenshots of the /dev/<fixture> pages from a built web/dist, served by
// `vite preview`, in Debian's Chromium. Usage: node test/browser/fixture-shots.mjs [outDir]
// Env: FIXTURES (comma list), SIZES (phone,desktop), LOCALE, PREFIX (file name prefix), PEEK, FULL.
// Issue 13's announcement shots (docs/screenshots/announce-*.png, vote-warning, dead), in Russian at 360 px:
//   FIXTURES=announce-vote,announce-night,announce-nobody,announce-mine,vote-warning,dead SIZES=phone LOCALE=ru-RU \
//     PREFIX=ru- node test/browser/fixture-shots.mjs docs/screenshots
// Issue 16's profile shots: FIXTURES=profile-tally,profile-tracker,profile-blocked,profile-two,profile-vote,profile-end
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

const root = new URL("../..", import.meta.url).pathname;
const out = process.argv[2] ?? join(tmpdir(), "mafia-fixture-shots");
mkdirSync(out, { recursive: true });
const port = 4300 + Math.floor(Math.random() * 500);
const server = spawn("npx", ["vite", "preview", "--config", "web/vite.config.ts", "--port", String(port), "--strictPort", "--host", "127.0.0.1"], { cwd: root, detached: true, stdio: "ignore" });
const stop = () => { try { process.kill(-server.pid, "SIGTERM"); } catch {} };
process.on("exit", stop);
const base = `http://127.0.0.1:${port}`;
for (let i = 0; i < 100; i++) { try { await fetch(base); break; } catch { await new Promise((r) => setTimeout(r, 100)); } }

const profile = mkdtempSync(join(tmpdir(), "mafia-chrome-"));
const args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const sizes = { phone: { width: 360, height: 740 }, desktop: { width: 1280, height: 800 } };
const fixtures = (process.env.FIXTURES ?? "day,vote,lift,night,end,lobby,reconnecting").split(",");
const only = (process.env.SIZES ?? "phone,desktop").split(",");
for (const [name, viewport] of Object.entries(sizes).filter(([n]) => only.includes(n))) {
  const ctx = await chromium.launchPersistentContext(profile, { executablePath: "/usr/bin/chromium", args, viewport, locale: process.env.LOCALE ?? "en-GB", deviceScaleFactor: 1 });
  const page = ctx.pages()[0] ?? (await ctx.newPage());
  page.on("pageerror", (e) => console.error("pageerror", e.message));
  page.on("console", (m) => m.type() === "error" && console.error("console", m.text()));
  for (const f of fixtures) {
    await page.goto(f === "home" ? `${base}/` : `${base}/dev/${f}`);
    await page.waitForSelector("main");
    await page.waitForTimeout(300);
    // The count's "who voted for whom" opened, as a player would.
    if (f === "announce-vote") await page.locator(".ann-ballots summary").first().click();
    // Issue 16: a two-seat ability picked in order (1st, 2nd).
    if (f === "profile-two") { await page.locator('[data-ability="block"] [data-target="5"]').click(); await page.locator('[data-ability="block"] [data-target="3"]').click(); }
    if (process.env.PEEK && (f === "night" || f === "day")) {
      const card = page.locator(".card.face-down");
      await card.scrollIntoViewIfNeeded();
      const box = await card.boundingBox();
      if (box) { await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2); await page.mouse.down(); await page.waitForTimeout(2200); await page.mouse.up(); await page.waitForTimeout(100); }
      // Issue 13: "show my marks" on the open card draws own checks and teammates on the oval.
      if (process.env.MARKS) { await page.locator("[data-marks-toggle]").check(); await page.evaluate(() => window.scrollTo(0, 0)); await page.waitForTimeout(100); }
    }
    await page.screenshot({ path: join(out, `${process.env.PREFIX ?? ""}${f}-${name}.png`), fullPage: process.env.FULL === "1" });
  }
  await ctx.close();
}
rmSync(profile, { recursive: true, force: true });
stop();
console.log(out);
process.exit(0);
