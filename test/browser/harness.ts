/**
 * Test harness for the browser suite: `wrangler dev` on a free port in its own process group with a
 * temporary persist dir, and Debian's Chromium through playwright-core (never a downloaded browser).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { applyViewFrame, type HeldView } from "../../shared/protocol/view-patch.ts";

export const ROOT = new URL("../..", import.meta.url).pathname;

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-background-timer-throttling",
  "--disable-renderer-backgrounding",
  "--disable-backgrounding-occluded-windows",
];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The tests open the /dev/* fixture pages, which a build carries only on MAFIA_DEV_FIXTURES=1
 * (web/vite.config.ts devFixtures): a missing build, or one made without the flag, is rebuilt with it.
 */
export function ensureWebBuild(): void {
  const assets = join(ROOT, "web/dist/assets");
  if (existsSync(join(ROOT, "web/dist/index.html")) && existsSync(assets) && readdirSync(assets).some((f) => f.startsWith("DevFixture"))) return;
  const r = spawnSync("npm", ["run", "--silent", "build:web"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, MAFIA_DEV_FIXTURES: "1" } });
  if (r.status !== 0) throw new Error("web build failed");
}

export interface Server {
  base: string;
  stop(): Promise<void>;
  output(): string;
}

const WRANGLER_ENV = { WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", NO_COLOR: "1" };

/** A command to its end, without blocking the event loop (so two can run at once). */
function runAsync(cmd: string, args: string[], env: Record<string, string>): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", (e) => resolve({ status: 1, output: output + e.message }));
    child.on("close", (code) => resolve({ status: code ?? 1, output }));
  });
}

/**
 * A frozen copy of the worker (bundled by `wrangler deploy --dry-run`) and of web/dist with its own
 * wrangler.toml: `wrangler dev` reloads — and drops every socket — whenever a watched source file
 * changes, so a test run must not watch a working tree that people are editing. Set
 * E2E_LIVE_SOURCE=1 to run straight from the repository's wrangler.toml instead.
 */
function frozenConfig(dir: string): string {
  cpSync(join(ROOT, "web/dist"), join(dir, "dist"), { recursive: true });
  // D1 (accounts, game records): wrangler.toml's migrations_dir is relative to the config file.
  cpSync(join(ROOT, "migrations"), join(dir, "migrations"), { recursive: true });
  const toml = readFileSync(join(ROOT, "wrangler.toml"), "utf8")
    .replace(/^main\s*=.*$/m, 'main = "worker/index.js"\nno_bundle = true')
    .replace(/^directory\s*=\s*"\.\/web\/dist"/m, 'directory = "./dist"');
  const config = join(dir, "wrangler.toml");
  writeFileSync(config, toml);
  return config;
}

/** The worker bundled into `dir`/worker, where the frozen wrangler.toml expects it. */
async function bundleWorker(dir: string): Promise<void> {
  const r = await runAsync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", join(dir, "worker")], WRANGLER_ENV);
  if (r.status !== 0) throw new Error(`wrangler bundle failed:\n${r.output}`);
}

/**
 * Applies migrations/*.sql to the local D1 under `state` (as scripts/start.mjs does for `npm start`):
 * offline, idempotent; CI=true answers wrangler's confirmation prompt.
 */
async function applyD1Migrations(config: string, state: string): Promise<void> {
  const r = await runAsync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", state, "--config", config], { ...WRANGLER_ENV, CI: "true" });
  if (r.status !== 0) throw new Error(`D1 migrations failed:\n${r.output}`);
}

export interface StartOptions {
  /** Worker variables (`--var KEY:VALUE`), e.g. BOT_THINK_MS for quicker bots. */
  vars?: Record<string, string>;
  /** Issue 35: SQL run on the local D1 after its migrations, before the server starts (seeded data for a page). */
  seedSql?: string;
}

/** Issue 35: `sql` on the local D1 under `state` (wrangler d1 execute --local --file). */
async function seedD1(config: string, state: string, sql: string): Promise<void> {
  const file = join(state, "..", "seed.sql");
  writeFileSync(file, sql);
  const r = await runAsync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", state, "--config", config, "--file", file, "--yes"], { ...WRANGLER_ENV, CI: "true" });
  if (r.status !== 0) throw new Error(`D1 seed failed:\n${r.output}`);
}

/**
 * Page loads on a busy machine (ten pages, a second game and the worker suite on two cores): how long
 * a navigation or the first paint may take, not a wait for anything to happen.
 */
export const LOAD_MS = 60_000;

/**
 * The test clock (worker/api/test-clock.ts; this suite's `wrangler dev` runs with E2E_CLOCK=1): when
 * the pages have done everything they want in phase `phaseSeq`, the table lives through the rest of it
 * at once — every bot move and view due before the deadline, then the deadline. Games click through
 * every phase without waiting out its real length (those lengths are proven by the engine and workerd
 * suites). False when the phase had already ended or has no deadline (a pause).
 */
export async function advanceClock(base: string, code: string, phaseSeq: number): Promise<boolean> {
  const r = await fetch(`${base}/api/test-clock/${code}/advance`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ phaseSeq }) });
  if (!r.ok) throw new Error(`test clock: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { ok: boolean }).ok;
}

/**
 * From the home page to a sport game against nine bots: the create form, then the organizer's
 * "Fill with bots" (the full table starts at once). Resolves with the table's code once the board shows.
 */
export async function sportWithBots(page: Page, base: string, nick: string, boardMs: number): Promise<string> {
  await page.goto(`${base}/`);
  await page.locator("#nick").fill(nick, { timeout: boardMs });
  await page.click('[data-home="create"]');
  await page.selectOption("#preset", "sport");
  await page.locator('form[data-form="create"] button[type="submit"]').click();
  await page.waitForURL(/\/t\/[A-Z0-9]{6}$/, { timeout: boardMs });
  const code = page.url().split("/t/")[1]!;
  await page.locator('[data-control="fill-bots"]').click();
  await page.locator(".board[data-phase]").waitFor({ timeout: boardMs });
  return code;
}

/**
 * The built web (web/dist) served by `vite preview` on a free port, for the files that test pages and
 * fixtures without a worker. Resolves once it answers; `stop()` ends its process group.
 */
export async function startVitePreview(): Promise<{ base: string; stop(): void }> {
  ensureWebBuild();
  const port = await freePort();
  const child = spawn("npx", ["vite", "preview", "--config", "web/vite.config.ts", "--port", String(port), "--strictPort", "--host", "127.0.0.1"], { cwd: ROOT, detached: true, stdio: "ignore" });
  const base = `http://127.0.0.1:${port}`;
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, "SIGTERM");
    } catch {
      /* gone */
    }
  };
  const until = Date.now() + LOAD_MS;
  for (;;) {
    try {
      if ((await fetch(base)).ok) return { base, stop };
    } catch {
      /* not yet */
    }
    if (Date.now() > until) {
      stop();
      throw new Error("vite preview did not start");
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Ends the table's game now (the engine's abort; the test clock's `end`, E2E_CLOCK=1 only). */
export async function endGameNow(base: string, code: string): Promise<void> {
  const r = await fetch(`${base}/api/test-clock/${code}/end`, { method: "POST" });
  if (!r.ok || !((await r.json()) as { ok: boolean }).ok) throw new Error(`test clock end: ${r.status}`);
}

/**
 * Issue 33 (a suite that stays fast): the frozen server once per run, not once per browser file — the
 * worker bundled, web/dist and the migrations copied, D1 migrated into `dir`/state. `npm test`
 * (scripts/test.mjs) makes it after the web build and names it in E2E_TEMPLATE; every
 * `startWrangler` then copies it (milliseconds) in place of a bundle and a migration (~5 s of two
 * wrangler processes each, seventeen times a run).
 */
export async function prepareTemplate(dir: string): Promise<string> {
  const config = frozenConfig(dir);
  await Promise.all([bundleWorker(dir), applyD1Migrations(config, join(dir, "state"))]);
  writeFileSync(join(dir, "ready"), "");
  return dir;
}

/**
 * Issue 33 (a suite that stays fast): the options of the server a browser step may share between its
 * files (E2E_SHARE=1, test/browser/global-setup.ts). Every file that asks for exactly these gets the
 * step's one `wrangler dev` — each file its own tables, nicknames and clubs, as on a real server —
 * instead of starting its own (≈ 6 CPU-s and 3–15 s each). A file with other vars or a seed keeps its own.
 */
export const SHARED_OPTIONS: StartOptions = { vars: { BOT_THINK_MS: "100" } };

const sameOptions = (a: StartOptions, b: StartOptions): boolean =>
  a.seedSql === b.seedSql && JSON.stringify(Object.entries(a.vars ?? {}).sort()) === JSON.stringify(Object.entries(b.vars ?? {}).sort());

/** Starts `wrangler dev` (D1 migrated first) and resolves once /api/tables answers. */
export async function startWrangler(options: StartOptions = {}): Promise<Server> {
  const shared = process.env.E2E_SHARED_SERVER;
  if (shared && sameOptions(options, SHARED_OPTIONS)) return { base: shared, stop: async () => {}, output: () => "(the step's shared server: its output is printed when the step ends)" };
  return startOwnWrangler(options);
}

async function startOwnWrangler(options: StartOptions): Promise<Server> {
  const port = await freePort();
  const persist = mkdtempSync(join(tmpdir(), "mafia-browser-persist-"));
  const live = !!process.env.E2E_LIVE_SOURCE;
  const template = process.env.E2E_TEMPLATE;
  let config: string;
  if (!live && template && existsSync(join(template, "ready"))) {
    // A copy: each server its own D1 and Durable Object state.
    cpSync(template, persist, { recursive: true });
    config = join(persist, "wrangler.toml");
  } else {
    config = live ? join(ROOT, "wrangler.toml") : frozenConfig(persist);
    // The bundle and the migrations need only the config: both at once.
    await Promise.all([live ? undefined : bundleWorker(persist), applyD1Migrations(config, join(persist, "state"))]);
  }
  if (options.seedSql) await seedD1(config, join(persist, "state"), options.seedSql);
  const vars = Object.entries({ E2E_CLOCK: "1", ...options.vars }).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  let log = "";
  const child: ChildProcess = spawn(
    "npx",
    ["wrangler", "dev", "--config", config, "--port", String(port), "--ip", "127.0.0.1", "--persist-to", join(persist, "state"), "--show-interactive-dev-session=false", "--inspector-port", String(await freePort()), ...vars],
    {
      cwd: ROOT,
      detached: true, // its own process group, so the whole tree (workerd included) can be stopped
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...WRANGLER_ENV },
    },
  );
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        /* gone */
      }
      await new Promise((r) => setTimeout(r, 300));
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        /* gone */
      }
    }
    rmSync(persist, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const r = await fetch(`${base}/api/tables`);
      if (r.ok) return { base, stop, output: () => log };
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`wrangler dev did not start:\n${log}`);
}

/**
 * `extraArgs`: more Chromium flags for this browser process (issue 15: a fake microphone per person).
 * Without them, in a step that shares (E2E_SHARED_CHROMIUM, test/browser/global-setup.ts), the step's one
 * Chromium: this file connects to it, and close() closes the contexts this file opened and disconnects.
 */
export async function launchChromium(extraArgs: string[] = []): Promise<{ browser: Browser; close(): Promise<void> }> {
  const shared = process.env.E2E_SHARED_CHROMIUM;
  if (shared && extraArgs.length === 0) {
    const browser = await chromium.connect(shared);
    return { browser, close: () => browser.close().catch(() => {}) };
  }
  const profileRoot = mkdtempSync(join(tmpdir(), "mafia-chromium-"));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    env: { ...process.env, HOME: profileRoot, XDG_CONFIG_HOME: profileRoot, XDG_CACHE_HOME: profileRoot },
  });
  return {
    browser,
    async close() {
      await browser.close().catch(() => {});
      rmSync(profileRoot, { recursive: true, force: true });
    },
  };
}

/** Issue 33: a step's shared Chromium (global-setup.ts), reached by `chromium.connect(wsEndpoint)`. */
export async function launchChromiumServer(): Promise<{ wsEndpoint: string; close(): Promise<void> }> {
  const profileRoot = mkdtempSync(join(tmpdir(), "mafia-chromium-"));
  const server = await chromium.launchServer({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    env: { ...process.env, HOME: profileRoot, XDG_CONFIG_HOME: profileRoot, XDG_CACHE_HOME: profileRoot },
  });
  return {
    wsEndpoint: server.wsEndpoint(),
    async close() {
      await server.close().catch(() => {});
      rmSync(profileRoot, { recursive: true, force: true });
    },
  };
}

/** A person at the table: their page, every text frame its sockets received, and its page errors. */
export interface Person {
  name: string;
  page: Page;
  frames: string[];
  errors: string[];
}

/**
 * A person's own browser context (a phone or a laptop, in a locale), recording the frames and page
 * errors; the context joins `contexts` so the test's afterAll closes it.
 */
export async function openPerson(browser: Browser, contexts: BrowserContext[], name: string, o: { viewport: { width: number; height: number }; locale?: string; phone?: boolean; waitMs: number }): Promise<Person> {
  const ctx = await browser.newContext({ viewport: o.viewport, locale: o.locale ?? "en-GB", isMobile: o.phone ?? false, hasTouch: o.phone ?? false, deviceScaleFactor: 1 });
  ctx.setDefaultTimeout(o.waitMs);
  ctx.setDefaultNavigationTimeout(LOAD_MS);
  contexts.push(ctx);
  const page = await ctx.newPage();
  const p: Person = { name, page, frames: [], errors: [] };
  recordFrames(page, p.frames);
  page.on("pageerror", (e) => p.errors.push(e.message));
  return p;
}

/**
 * Record every text frame the page's sockets receive into `frames`. Issue 36: a `view` or `patch`
 * frame is recorded as the full `view` frame the page then holds (shared/protocol/view-patch.ts, one
 * held view per socket, as the page's own controller does), so the tests read whole views; a frame
 * that does not follow is recorded as it came.
 */
export function recordFrames(page: Page, frames: string[]): void {
  page.on("websocket", (ws) => {
    let held: HeldView | null = null;
    ws.on("framereceived", (f) => {
      if (typeof f.payload !== "string") return;
      if (!f.payload.startsWith('{"type":"view"') && !f.payload.startsWith('{"type":"patch"')) return void frames.push(f.payload);
      const msg = JSON.parse(f.payload) as Parameters<typeof applyViewFrame>[1] & { serverNow: number };
      const next = applyViewFrame(held, msg);
      if (next === null) return void frames.push(f.payload);
      held = next;
      frames.push(msg.type === "view" && msg.view.game?.logAfter == null ? f.payload : JSON.stringify({ type: "view", version: next.version, serverNow: msg.serverNow, view: next.view }));
    });
  });
}

/** Where the browser tests write the screenshots that docs/UI.md and README link. */
export const SHOTS = join(ROOT, "docs/screenshots");

/** A screenshot of the page from its top (optionally the whole page) into docs/screenshots. */
export async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
}

/** Walks a server frame for facts with a seat and a role (seat views, log data, team members, result). */
export function roleFacts(x: unknown, out: Array<[number, string]> = []): Array<[number, string]> {
  if (Array.isArray(x)) for (const y of x) roleFacts(y, out);
  else if (x && typeof x === "object") {
    const o = x as Record<string, unknown>;
    if (typeof o.seat === "number" && typeof o.role === "string") out.push([o.seat, o.role]);
    for (const v of Object.values(o)) roleFacts(v, out);
  }
  return out;
}

/**
 * Opens a `<details>` fold by its summary and makes sure it is open. The create form moves while a lazily loaded
 * part appears above its folds (the club's role counts, the profile screen), and a click then can miss the
 * summary or toggle it twice: the fold stays closed (seen once in a fresh clone). A summary's click toggles
 * `open` at once, so the check right after each click is exact, and a fold already open is left so.
 */
export async function unfold(page: Page, details: string): Promise<void> {
  const fold = page.locator(details);
  const isOpen = () => fold.evaluate((d) => (d as HTMLDetailsElement).open);
  for (let tries = 0; tries < 5 && !(await isOpen()); tries++) await fold.locator("> summary").click();
  if (!(await isOpen())) throw new Error(`${details} stayed closed after five clicks on its summary`);
}

/** What a table page shows, read from the board's data attributes and the action bar (the browser games' drivers). */
export interface BoardSnap {
  phase: string | null;
  seq: number;
  day: number;
  you: number | null;
  result: string | null;
  /** The game's number in the table's series (issue 13). */
  series: number;
  /** Each offered action (its data-action) with the seats it may target. */
  actions: Record<string, number[]>;
  /** Face-down cards still free to take. */
  cards: number;
  /** Roles shown on the page: [seat, role]. */
  roles: Array<[number, string]>;
  busy: boolean;
}

/** What `nextChange` compares: the snapshot's parts a move, a clock advance or a view frame changes. */
const changeKey = (s: Pick<BoardSnap, "phase" | "seq" | "day" | "result" | "series" | "actions" | "cards" | "busy">): string => JSON.stringify([s.phase, s.seq, s.day, s.result, s.series, s.actions, s.cards, s.busy]);

/**
 * Waits until the page shows something other than `before` — another phase, day or game, a result, other moves
 * or cards, the action panel busy or no longer busy — as the page's own DOM reports it (a MutationObserver), or
 * `maxMs` at most (then the caller reads the page again, as it would have). The loops that click through a game
 * call it after a move or a clock advance instead of sleeping a guessed 150 ms: the next view takes a few ms
 * on a quiet machine and seconds on a starved one, and the loop reads the page when it has changed.
 */
export async function nextChange(page: Page, before: BoardSnap, maxMs = 2_000): Promise<void> {
  const started = Date.now();
  const changed = await page.evaluate(
    ([key, maxMs]) =>
      new Promise<boolean>((resolve) => {
        // The same reads as boardSnapshot's, for the parts changeKey compares.
        const now = (): string => {
          const b = document.querySelector<HTMLElement>(".board");
          const actions: Record<string, number[]> = {};
          document.querySelectorAll<HTMLElement>(".actions [data-action]").forEach((el) => {
            actions[el.dataset.action!] = [...el.querySelectorAll<HTMLElement>("[data-target]")].map((x) => Number(x.dataset.target));
          });
          const cards = document.querySelectorAll('[data-action="take-card"] [data-card]:not([disabled])').length;
          const busy = !!document.querySelector('.actions[aria-busy="true"]');
          return JSON.stringify([b?.dataset.phase ?? null, Number(b?.dataset.phaseSeq ?? 0), Number(b?.dataset.day ?? 0), b?.dataset.result || null, Number(b?.dataset.seriesGame ?? 0), actions, cards, busy]);
        };
        if (now() !== key) return resolve(true);
        const observer = new MutationObserver(() => {
          if (now() !== key) done(true);
        });
        const timer = setTimeout(() => done(false), maxMs);
        function done(changed: boolean): void {
          observer.disconnect();
          clearTimeout(timer);
          resolve(changed);
        }
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
      }),
    [changeKey(before), maxMs] as const,
  ).catch((e) => {
    // A page that navigated meanwhile (a finished game's page moving to its next one) has changed; anything else
    // is the page's failure.
    if (!/context was destroyed|navigation/i.test(String(e))) throw e;
    return true;
  });
  // DEBUG_E2E=1: a wait that ran out is a change the key missed (or a page that did not move): worth a look.
  if (!changed && process.env.DEBUG_E2E) console.log(`nextChange ran out after ${Date.now() - started} ms at ${changeKey(before)}`);
}

/**
 * The test clock lives through the rest of phase `s.seq` (advanceClock), then the loop waits until `page` shows
 * what came next. When nothing moved (a pause, a phase already over, no phase yet) it waits 150 ms before the
 * loop reads the pages again. True when the clock moved.
 */
export async function advanceAndWait(base: string, code: string, page: Page, s: BoardSnap): Promise<boolean> {
  const moved = s.seq > 0 && (await advanceClock(base, code, s.seq));
  if (moved) await nextChange(page, s);
  else await new Promise((r) => setTimeout(r, 150));
  return moved;
}

export async function boardSnapshot(page: Page): Promise<BoardSnap> {
  return page.evaluate(() => {
    const b = document.querySelector<HTMLElement>(".board");
    const actions: Record<string, number[]> = {};
    document.querySelectorAll<HTMLElement>(".actions [data-action]").forEach((el) => {
      actions[el.dataset.action!] = [...el.querySelectorAll<HTMLElement>("[data-target]")].map((x) => Number(x.dataset.target));
    });
    return {
      phase: b?.dataset.phase ?? null,
      seq: Number(b?.dataset.phaseSeq ?? 0),
      day: Number(b?.dataset.day ?? 0),
      you: b?.dataset.youSeat ? Number(b.dataset.youSeat) : null,
      result: b?.dataset.result || null,
      series: Number(b?.dataset.seriesGame ?? 0),
      actions,
      cards: document.querySelectorAll('[data-action="take-card"] [data-card]:not([disabled])').length,
      roles: [...document.querySelectorAll<HTMLElement>("[data-role-seat]")].map((el) => [Number(el.dataset.roleSeat), el.dataset.role ?? ""] as [number, string]),
      busy: !!document.querySelector('.actions[aria-busy="true"]'),
    };
  });
}

/**
 * A click on a move the page offered failed: that is the test's failure unless the page moved on under
 * it — a result, another phase or game, another hand of cards, or other moves offered (the button went
 * with them). A miss on a page that still offers the same moves is rethrown, never swallowed.
 */
export async function unlessMovedOn(page: Page, before: BoardSnap, err: unknown): Promise<void> {
  const now = await boardSnapshot(page);
  const same = now.result === before.result && now.seq === before.seq && now.series === before.series && now.cards === before.cards && JSON.stringify(now.actions) === JSON.stringify(before.actions);
  if (same) throw err;
}

/**
 * A mono 16-bit 48 kHz WAV of `seconds` of `sample(t)` (t in seconds, values clipped to ±1): the fake
 * microphone of a Chromium process (`--use-file-for-fake-audio-capture`, played in a loop).
 */
export function writeWav(path: string, seconds: number, sample: (t: number) => number): void {
  const rate = 48_000;
  const n = rate * seconds;
  const buf = Buffer.alloc(44 + n * 2);
  buf.write("RIFF", 0);
  buf.writeUInt32LE(36 + n * 2, 4);
  buf.write("WAVE", 8);
  buf.write("fmt ", 12);
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write("data", 36);
  buf.writeUInt32LE(n * 2, 40);
  for (let i = 0; i < n; i++) buf.writeInt16LE(Math.round(32767 * Math.max(-1, Math.min(1, sample(i / rate)))), 44 + i * 2);
  writeFileSync(path, buf);
}


interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/**
 * axe-core's serious and critical violations on the page as it is now. axe.min.js is evaluated in the page
 * once per load through the debugging protocol, which the worker's Content-Security-Policy (script-src
 * 'self') does not govern — an injected <script> tag would be refused there.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(readFileSync(join(ROOT, "node_modules/axe-core/axe.min.js"), "utf8"));
  const found = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: Violation[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ["violations"] });
    return r.violations;
  })) as Violation[];
  return found
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => `${n.target.join(" ")} (${(n.failureSummary ?? "").split("\n").slice(1, 2).join("").trim()})`).join("; ")}`);
}

/**
 * Hold the face-down role card with the pointer until it turns (RoleCard HOLD_MS), and let go once it has
 * turned, as a person does. On a starved machine a frame may move the page between measuring the card
 * and pressing it (a banner above it, the lobby's rows leaving), so the press lands on the card's centre
 * as `elementFromPoint` reports it, and a hold that did not turn the card is tried again (up to 4 times).
 * Returns how many holds it took.
 */
export async function holdRoleCard(page: Page, holdMs: number, waitMs: number): Promise<number> {
  const card = page.locator(".card.face-down");
  const name = page.locator(".card.face-up .role-name[data-role]");
  const missed: string[] = [];
  for (let attempt = 1; ; attempt++) {
    await card.waitFor({ timeout: waitMs });
    // A person scrolls the card into the middle of the screen, clear of the sticky header and action bar.
    await card.evaluate((el) => el.scrollIntoView({ block: "center" }));
    const box = (await card.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    const hit = await page.evaluate(([px, py]) => {
      const el = document.elementFromPoint(px!, py!);
      return el?.closest(".card.face-down") ? "" : (el?.outerHTML.slice(0, 160) ?? "nothing");
    }, [x, y]);
    const onCard = hit === "";
    if (onCard) {
      await page.mouse.move(x, y);
      await page.mouse.down();
      const [, turned] = await Promise.all([
        new Promise((r) => setTimeout(r, holdMs)),
        name.waitFor({ timeout: holdMs + 8_000 }).then(() => true, () => false),
      ]);
      await page.mouse.up();
      if (turned) {
        if (attempt > 1) console.warn(`holdRoleCard: turned at hold ${attempt}; before: ${missed.join(" | ")}`);
        return attempt;
      }
      missed.push("a press that did not turn it");
    } else missed.push(`centre covered by ${hit}`);
    if (attempt >= 4) throw new Error(`the role card did not turn after ${attempt} holds (${missed.join(" | ")})`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * One person's page through a game on the test clock: take a card when offered (and, with `skip`, skip
 * a wait); else advance the clock past the stage the page shows (the test clock lives through the bots'
 * moves), until `until` holds — or, with `toEnd`, until the game's result (else a result first is an error).
 */
export async function driveUntil(base: string, page: Page, code: string, until: (s: BoardSnap) => boolean, o: { skip?: boolean; toEnd?: boolean } = {}): Promise<BoardSnap> {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const deadline = Date.now() + 180_000;
  const acted = new Set<string>();
  while (Date.now() < deadline) {
    const s = await boardSnapshot(page);
    if (s.result) {
      if (o.toEnd) return s;
      throw new Error(`the game ended (${s.result}) before the awaited moment`);
    }
    if (s.phase !== null && !s.busy && until(s)) return s;
    if (s.busy || s.phase === null) {
      await sleep(100);
      continue;
    }
    try {
      if (s.cards > 0 && !acted.has(`${s.seq}:card`)) {
        acted.add(`${s.seq}:card`);
        await page.locator('[data-action="take-card"] [data-card]:not([disabled])').first().click({ timeout: 5_000 });
        await nextChange(page, s);
        continue;
      }
      if (o.skip && "skip-wait" in s.actions && !acted.has(`${s.seq}:skip`)) {
        acted.add(`${s.seq}:skip`);
        await page.locator('[data-action="skip-wait"]').click({ timeout: 5_000 });
        await nextChange(page, s);
        continue;
      }
    } catch (err) {
      await unlessMovedOn(page, s, err); // the page moved on under the click: read it again
    }
    await advanceAndWait(base, code, page, s);
  }
  throw new Error("the awaited moment did not come");
}

/**
 * A media page (the voice and recording suites): its own context at `viewport` in English, the voice
 * processing off (the tones reach the peers as sent), page errors collected, opened on the home page.
 */
export async function openMediaPage(browser: Browser, base: string, viewport: { width: number; height: number }, waitMs: number): Promise<{ ctx: BrowserContext; page: Page; errors: string[] }> {
  const ctx = await browser.newContext({ viewport, locale: "en-GB", deviceScaleFactor: 1 });
  ctx.setDefaultTimeout(waitMs);
  ctx.setDefaultNavigationTimeout(LOAD_MS);
  await ctx.addInitScript(() => localStorage.setItem("mafia.voice.processing", "off"));
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${base}/`);
  return { ctx, page, errors };
}
