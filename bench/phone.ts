/**
 * A phone keeps up: the table page under Chromium's CPU throttling ×4 (a mid-range phone) at a 12-seat
 * table with 4 camera tiles, through one whole game. Against `wrangler dev` on a frozen copy of the tree
 * (test/browser/harness.ts, the test clock on), Debian's Chromium with its fake camera and microphone:
 * a classic table of 12 seats, four people (one address, each its own browser context and device) and
 * eight server bots; every person joins voice with the camera on, so the measured page holds three peers'
 * camera tiles and its own preview. Only the measured page (360×800, touch) is throttled
 * (CDP Emulation.setCPUThrottlingRate 4); the other three are the table's other cameras.
 * The driver lives through the game on the test clock, one phase every PACE_MS (a view frame every few
 * hundred milliseconds, as at a real table).
 *
 * Measured on the throttled page:
 * - per view frame (a `view` or `patch` on the table socket): the main-thread time of its message
 *   handler (parse, patch, the media's floor, the store and every render effect Solid runs), and with the
 *   style and layout it causes (forced by a layout read at the handler's end: paint is not counted);
 * - long tasks (PerformanceObserver 'longtask') and long animation frames ('long-animation-frame', > 50 ms,
 *   with their scripts' invokers): how many, and whether a view frame's handler ran inside;
 * - the JS heap (CDP Runtime.getHeapUsage) every 2 s, and after a forced GC at the game's start and end,
 *   with DOM nodes and listeners (CDP Performance.getMetrics);
 * - a CPU profile of the game (CDP Profiler): the top functions by self time.
 * Numbers, never assertions.
 * On a loaded machine a whole game can outlast a lock's hold: --max-s N ends the measure after N s of
 * the game (the page's numbers over the game's first part, said so in the output).
 * --mutations: on the throttled page, where the DOM is rebuilt — elements made and taken out during the game,
 * by the container (a MutationObserver; a moved element counts as kept; it costs the page a little, so the
 * per-frame figures of such a run are not compared with others).
 *   node --experimental-transform-types bench/phone.ts [--rate 4] [--pace 400] [--profile-top 20] [--max-s 0] [--profile-out FILE] [--trace-s N] [--trace-out FILE] [--mutations] [--seed S] [--frames-out FILE]
 */
import { existsSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import type { BrowserContext, CDPSession, Page } from "playwright-core";
import { advanceClock, boardSnapshot, launchChromium, ROOT, startWrangler } from "../test/browser/harness.ts";
import { summarizeTrace } from "./trace-summary.ts";

const argv = process.argv.slice(2);
const arg = (name: string, d: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : d;
};
const RATE = arg("rate", 4);
const PACE_MS = arg("pace", 400);
const TOP = arg("profile-top", 20);
const MAX_S = arg("max-s", 0);
/** --profile-out FILE: the CPU profile as Chrome's .cpuprofile (DevTools opens it; bench/profile-tree.ts reads it). */
const PROFILE_OUT = argv.includes("--profile-out") ? argv[argv.indexOf("--profile-out") + 1] : undefined;
/**
 * --trace-s N: a Chrome trace (devtools.timeline) of the game's first N seconds, summarised per renderer
 * main thread by bench/trace-summary.ts — style, layout, paint and media, which the V8 profile shows only
 * as "(program)"; --trace-out FILE keeps the trace (DevTools' Performance panel opens it).
 */
const TRACE_S = arg("trace-s", 0);
const TRACE_OUT = argv.includes("--trace-out") ? argv[argv.indexOf("--trace-out") + 1] : undefined;
const MUTATIONS = argv.includes("--mutations");
/** --frames-out FILE: every measured view frame (handler ms, with style/layout, bytes, what it changed) as JSON, to pool runs. */
const FRAMES_OUT = argv.includes("--frames-out") ? argv[argv.indexOf("--frames-out") + 1] : undefined;
/**
 * --seed S: the table's seed (the worker's test-only E2E_TABLE_SEED): the same seats, roles and bots'
 * choices in every run, so a before and an after play the same game (the people's pace still varies it a
 * little). The default's game lasts seven days (66 view frames at ×1), the red team winning.
 */
const SEED = argv.includes("--seed") ? argv[argv.indexOf("--seed") + 1]! : "phone-bench-3";
const SEATS = 12;
const PEOPLE = 4;

if (!existsSync("/usr/bin/chromium")) {
  console.log("phone: /usr/bin/chromium missing (apt-get install -y chromium)");
  process.exit(0);
}
if (!existsSync(join(ROOT, "web/dist/index.html"))) {
  console.log("phone: web/dist missing (npm run build:web)");
  process.exit(0);
}
console.log(`machine: ${os.cpus()[0]?.model} × ${os.cpus().length}, load average ${os.loadavg().map((x) => x.toFixed(1)).join(" ")}; CPU throttling ×${RATE}, a phase every ${PACE_MS} ms`);

/** The page's own probe: installed before any script of the page runs. */
/**
 * The page's DOM churn (--mutations): elements made (added to the page for the first time, with their
 * subtrees) and elements taken out, by the container's path (three levels of tag.class). An element moved
 * from one container to another counts as neither made nor taken out: it was kept.
 */
function mutationProbe(): void {
  const state = { on: false, by: new Map<string, { made: number; removed: number; records: number }>() };
  (window as unknown as { __mutations: typeof state }).__mutations = state;
  const seen = new WeakSet<Element>();
  const name = (n: Element) => `${n.tagName.toLowerCase()}${n.classList.length ? `.${[...n.classList].slice(0, 2).join(".")}` : ""}`;
  const where = (n: Node) => {
    const parts: string[] = [];
    for (let e: Element | null = n instanceof Element ? n : n.parentElement; e && parts.length < 3; e = e.parentElement) parts.unshift(name(e));
    return parts.join(" > ");
  };
  /** Elements of these subtrees not seen before (marked seen now). */
  const made = (list: NodeList) => {
    let n = 0;
    for (const x of list) {
      if (!(x instanceof Element)) continue;
      for (const e of [x, ...x.getElementsByTagName("*")]) {
        if (seen.has(e)) continue;
        seen.add(e);
        n++;
      }
    }
    return n;
  };
  /** Elements of these subtrees no longer in the page (a moved one is in it again by the time this runs). */
  const gone = (list: NodeList) => {
    let n = 0;
    for (const x of list) if (x instanceof Element && !x.isConnected) n += 1 + x.getElementsByTagName("*").length;
    return n;
  };
  new MutationObserver((records) => {
    for (const r of records) {
      const added = made(r.addedNodes);
      const removed = gone(r.removedNodes);
      if (!state.on || added + removed === 0) continue;
      // The container, and what was put in or taken out of it (the first element of the record).
      const first = [...r.addedNodes, ...r.removedNodes].find((x): x is Element => x instanceof Element);
      const k = `${where(r.target)}${first ? ` ⊃ ${name(first)}` : ""}`;
      const c = state.by.get(k) ?? { made: 0, removed: 0, records: 0 };
      c.made += added;
      c.removed += removed;
      c.records++;
      state.by.set(k, c);
    }
  }).observe(document, { childList: true, subtree: true });
}

function probe(): void {
  type Rec = { at: number; ms: number; withLayout: number; bytes: number; kind: string; raw: string };
  type Out = { frames: Rec[]; longtasks: Array<{ at: number; ms: number }>; loafs: Array<{ at: number; ms: number; blocking: number; render: number; scripts: string[] }> };
  const out: Out = { frames: [], longtasks: [], loafs: [] };
  (window as unknown as { __phone: Out }).__phone = out;
  const wrapped = new WeakMap<object, EventListener>();
  const wrap = (fn: EventListener): EventListener => {
    let x = wrapped.get(fn);
    if (!x) {
      x = function (this: unknown, ev: Event) {
        const data = (ev as MessageEvent).data;
        const kind = typeof data === "string" && (data.startsWith('{"type":"view"') || data.startsWith('{"type":"patch"')) ? data.slice(9, 14) : null;
        const t0 = performance.now();
        try {
          return fn.call(this, ev);
        } finally {
          if (kind) {
            const t1 = performance.now();
            void document.body.offsetHeight; // the style and layout this frame caused, now
            const withLayout = performance.now() - t0;
            out.frames.push({ at: t0, ms: t1 - t0, withLayout, bytes: data.length, kind: kind.replace(/"/g, ""), raw: data });
          }
        }
      } as EventListener;
      wrapped.set(fn, x);
    }
    return x;
  };
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  WebSocket.prototype.addEventListener = function (this: WebSocket, type: string, fn: EventListenerOrEventListenerObject | null, o?: boolean | AddEventListenerOptions) {
    return add.call(this, type, type === "message" && typeof fn === "function" ? wrap(fn) : fn, o);
  };
  WebSocket.prototype.removeEventListener = function (this: WebSocket, type: string, fn: EventListenerOrEventListenerObject | null, o?: boolean | EventListenerOptions) {
    return remove.call(this, type, type === "message" && typeof fn === "function" ? (wrapped.get(fn) ?? fn) : fn, o);
  };
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) out.longtasks.push({ at: e.startTime, ms: e.duration });
  }).observe({ type: "longtask", buffered: true });
  try {
    new PerformanceObserver((l) => {
      for (const e of l.getEntries() as unknown as Array<PerformanceEntry & { blockingDuration: number; renderStart: number; scripts: Array<{ invoker: string; sourceFunctionName: string; sourceURL: string; sourceCharPosition: number; duration: number }> }>)
        out.loafs.push({
          at: e.startTime,
          ms: e.duration,
          blocking: e.blockingDuration,
          render: e.renderStart ? e.startTime + e.duration - e.renderStart : 0,
          scripts: e.scripts.map((s) => `${s.invoker} ${s.sourceFunctionName || "?"}@${s.sourceURL.split("/").pop()}:${s.sourceCharPosition} ${s.duration.toFixed(0)}ms`),
        });
    }).observe({ type: "long-animation-frame", buffered: true });
  } catch {
    /* an older Chromium: long tasks only */
  }
}

/**
 * What a frame changed, for attributing the costly ones: a full view says its phase; a patch lists
 * the paths its operations touch, cut at two levels, three under the game's ("game/seats/#", "log/+" for an appended entry).
 * The page keeps each frame's text; it is parsed here, after the game, not on the measured page.
 */
const frameWhat = (data: string): string => {
  try {
    const m = JSON.parse(data) as { type: string; view?: unknown; ops?: Array<[string, unknown?]> };
    if (m.type === "view") return `view:${(m.view as { game?: { phase?: string } } | undefined)?.game?.phase ?? "-"}`;
    const paths = new Map<string, number>();
    for (const [ptr, value] of m.ops ?? []) {
      if (ptr === "/game/phase") paths.set(`phase=${String(value)}`, 1);
      const k = ptr.split("/").slice(1, ptr.startsWith("/game/") ? 4 : 3).map((x) => (/^\d+$/.test(x) ? "#" : x === "-" ? "+" : x)).join("/");
      paths.set(k, (paths.get(k) ?? 0) + 1);
    }
    return [...paths].map(([k, n]) => (n > 1 ? `${k}×${n}` : k)).join(" ");
  } catch {
    return "?";
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};
const mb = (b: number) => `${(b / 2 ** 20).toFixed(1)} MB`;

const server = await startWrangler({ vars: { BOT_THINK_MS: "100", ...(SEED ? { E2E_TABLE_SEED: SEED } : {}) } });
const chrome = await launchChromium(["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"]);
const contexts: BrowserContext[] = [];
try {
  const base = server.base;
  const post = async <T,>(u: string, b: unknown): Promise<T> => {
    const r = await fetch(base + u, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(b) });
    if (!r.ok) throw new Error(`${u}: ${r.status} ${await r.text()}`);
    return (await r.json()) as T;
  };
  const { code, organizerToken } = await post<{ code: string; organizerToken: string }>("/api/tables", { presetId: "classic", seats: SEATS, seatsPerAddress: PEOPLE });
  const pages: Page[] = [];
  const received: Array<{ frames: number; bytes: number; types: Map<string, number> }> = [];
  for (let i = 0; i < PEOPLE; i++) {
    const nickname = `Phone${i + 1}`;
    const j = await post<{ playerId: string; returnCode: string; token: string }>(`/api/tables/${code}/join`, { nickname, deviceId: `phone-bench-device-${i}-0123456789`, ...(i === 0 ? { organizerToken } : {}) });
    const measured = i === 0;
    const ctx = await chrome.browser.newContext({ viewport: measured ? { width: 360, height: 800 } : { width: 360, height: 740 }, isMobile: measured, hasTouch: measured, deviceScaleFactor: measured ? 2 : 1, locale: "en-GB" });
    ctx.setDefaultTimeout(60_000);
    contexts.push(ctx);
    const entry = { code, playerId: j.playerId, nickname, token: j.token, returnCode: j.returnCode, savedAt: Date.now(), kind: "player" };
    await ctx.addInitScript((e) => {
      localStorage.setItem("mafia.tables", JSON.stringify([e]));
      localStorage.setItem("mafia.nick", e.nickname);
    }, entry);
    if (measured) await ctx.addInitScript(probe);
    if (measured && MUTATIONS) await ctx.addInitScript(mutationProbe);
    const page = await ctx.newPage();
    page.on("pageerror", (e) => console.log(`page ${i + 1} error: ${e.message}`));
    // Every page's socket frames (views, patches, media signalling): what each page had to handle.
    const count = { frames: 0, bytes: 0, types: new Map<string, number>() };
    received.push(count);
    page.on("websocket", (ws) => {
      ws.on("framereceived", (f) => {
        count.frames++;
        count.bytes += typeof f.payload === "string" ? f.payload.length : f.payload.byteLength;
        const type = typeof f.payload === "string" ? (/"type":"([^"]+)"/.exec(f.payload)?.[1] ?? "?") : "binary";
        count.types.set(type, (count.types.get(type) ?? 0) + 1);
      });
    });
    await page.goto(`${base}/t/${code}`);
    pages.push(page);
  }
  const phone = pages[0]!;
  const cdp: CDPSession = await phone.context().newCDPSession(phone);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: RATE });
  await cdp.send("Performance.enable");
  for (const p of pages) await p.locator('[data-seats-left="8"], [data-control="fill-bots"]').first().waitFor();
  await phone.locator('[data-control="fill-bots"]').click();
  // A classic table starts on the organizer's command once full (sport starts by itself).
  const startButton = phone.locator('[data-control="start"]:not([disabled])');
  await Promise.race([startButton.waitFor().then(() => startButton.click()), phone.locator(".board[data-phase]").waitFor()]);
  for (const p of pages) await p.locator(".board[data-phase]").waitFor();
  for (const p of pages) await p.locator("[data-voice-join]").click();
  for (const p of pages) await p.locator('[data-voice-status="on"]').waitFor();

  const metrics = async () => Object.fromEntries(((await cdp.send("Performance.getMetrics")) as { metrics: Array<{ name: string; value: number }> }).metrics.map((m) => [m.name, m.value]));
  const heapAfterGc = async () => {
    await cdp.send("HeapProfiler.collectGarbage");
    const h = (await cdp.send("Runtime.getHeapUsage")) as { usedSize: number; totalSize: number };
    const m = await metrics();
    return { used: h.usedSize, nodes: m.Nodes ?? 0, listeners: m.JSEventListeners ?? 0 };
  };
  const start = await heapAfterGc();
  const pageCdp = [cdp, ...(await Promise.all(pages.slice(1).map((p) => p.context().newCDPSession(p))))];
  for (const c of pageCdp.slice(1)) await c.send("Performance.enable");
  const durations = async () => Promise.all(pageCdp.map(async (c) => Object.fromEntries(((await c.send("Performance.getMetrics")) as { metrics: Array<{ name: string; value: number }> }).metrics.filter((m) => m.name.endsWith("Duration")).map((m) => [m.name, m.value]))));
  const before = await durations();
  const framesBefore = received.map((r) => ({ ...r, types: new Map(r.types) }));
  const t0 = await phone.evaluate(() => performance.now());
  if (MUTATIONS) await phone.evaluate(() => ((window as unknown as { __mutations: { on: boolean } }).__mutations.on = true));
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 500 });
  await cdp.send("Profiler.start");
  // With --profile-out, the other people's pages (not throttled) are profiled too: FILE.2, FILE.3, …
  const others: CDPSession[] = [];
  if (PROFILE_OUT) {
    for (const p of pages.slice(1)) {
      const c = await p.context().newCDPSession(p);
      await c.send("Profiler.enable");
      await c.send("Profiler.setSamplingInterval", { interval: 500 });
      await c.send("Profiler.start");
      others.push(c);
    }
  }

  const heap: number[] = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      heap.push(((await cdp.send("Runtime.getHeapUsage")) as { usedSize: number }).usedSize);
      await sleep(2000);
    }
  })();
  const tiles: number[] = [];
  let tracing = TRACE_S > 0;
  if (tracing) await chrome.browser.startTracing(phone, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "blink", "media", "cc"] });
  const stopTrace = async () => {
    if (!tracing) return;
    tracing = false;
    const buf = await chrome.browser.stopTracing();
    if (TRACE_OUT) writeFileSync(TRACE_OUT, buf);
    for (const line of summarizeTrace(JSON.parse(buf.toString("utf8")))) console.log(`TRACE ${line}`);
  };
  const began = Date.now();
  let phases = 0;
  let partial = "";
  let said = 0;
  let ended = "";
  const acted = new Set<string>();
  for (;;) {
    if (Date.now() - began > 600_000) throw new Error("the game did not end in 10 minutes");
    const s = await boardSnapshot(phone);
    if (s.result) {
      ended = `${s.result} on day ${s.day}`;
      break;
    }
    if (tracing && Date.now() - began > TRACE_S * 1000) await stopTrace();
    if (MAX_S > 0 && Date.now() - began > MAX_S * 1000) {
      partial = `PARTIAL: stopped after ${MAX_S} s of the game (--max-s), at phase ${s.phase} (${phases} phases advanced)`;
      break;
    }
    if (Date.now() - said > 30_000) {
      said = Date.now();
      console.log(`  … ${((Date.now() - began) / 1000).toFixed(0)} s: phase ${s.phase}, ${phases} phases advanced`);
    }
    tiles.push(await phone.locator(".seats video").count());
    // Every person takes a card when offered; else the clock lives through the rest of the phase.
    let took = false;
    for (const p of pages) {
      const card = p.locator('[data-action="take-card"] [data-card]:not([disabled])').first();
      const ps = p === phone ? s : await boardSnapshot(p);
      if (ps.cards > 0 && !acted.has(`${pages.indexOf(p)}:${ps.seq}`)) {
        acted.add(`${pages.indexOf(p)}:${ps.seq}`);
        await card.click({ timeout: 5_000 }).catch(() => {});
        took = true;
      }
    }
    if (!took && s.seq > 0 && !s.busy) {
      await advanceClock(base, code, s.seq);
      phases++;
    }
    await sleep(PACE_MS);
  }
  await stopTrace();
  await sleep(3000); // the result's own frames and renders
  sampling = false;
  await sampler;
  const { profile } = (await cdp.send("Profiler.stop")) as { profile: { nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; hitCount?: number }>; startTime: number; endTime: number; samples?: number[]; timeDeltas?: number[] } };
  if (PROFILE_OUT) {
    writeFileSync(PROFILE_OUT, JSON.stringify(profile));
    for (const [i, c] of others.entries()) writeFileSync(`${PROFILE_OUT}.${i + 2}`, JSON.stringify((await c.send("Profiler.stop")).profile));
  }
  const end = await heapAfterGc();
  const wall = (await phone.evaluate(() => performance.now())) - t0;
  const data = await phone.evaluate(() => (window as unknown as { __phone: { frames: Array<{ at: number; ms: number; withLayout: number; bytes: number; kind: string; raw: string }>; longtasks: Array<{ at: number; ms: number }>; loafs: Array<{ at: number; ms: number; blocking: number; render: number; scripts: string[] }> } }).__phone);
  const frames = data.frames.filter((f) => f.at >= t0).map((f) => ({ ...f, what: frameWhat(f.raw) }));
  if (FRAMES_OUT) writeFileSync(FRAMES_OUT, JSON.stringify(frames.map(({ raw: _, ...f }) => f)));
  const handler = frames.map((f) => f.ms);
  const whole = frames.map((f) => f.withLayout);
  const inFrame = (at: number, ms: number) => frames.some((f) => f.at >= at - 1 && f.at <= at + ms);
  const longtasks = data.longtasks.filter((l) => l.at >= t0);
  const loafs = data.loafs.filter((l) => l.at >= t0);
  const after = await durations();
  for (const [i, a] of after.entries()) {
    const d = (k: string) => ((a[k] ?? 0) - (before[i]![k] ?? 0)).toFixed(1);
    const types = [...received[i]!.types].map(([t, n]) => [t, n - (framesBefore[i]!.types.get(t) ?? 0)] as const).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
    console.log(`page ${i + 1}${i === 0 ? " (throttled)" : ""}: ${received[i]!.frames - framesBefore[i]!.frames} socket frames (${types.map(([t, n]) => `${t} ${n}`).join(", ")}), ${((received[i]!.bytes - framesBefore[i]!.bytes) / 1024).toFixed(0)} kB; busy (CDP, s): task ${d("TaskDuration")}, script ${d("ScriptDuration")}, style ${d("RecalcStyleDuration")}, layout ${d("LayoutDuration")}`);
  }
  if (partial) console.log(partial);
  console.log(`game: ${ended ? `ended (${ended}), ` : ""}${phases} phases advanced, ${(wall / 1000).toFixed(0)} s; ${frames.length} view frames (${frames.filter((f) => f.kind === "view").length} view, ${frames.filter((f) => f.kind === "patch").length} patch; median ${pct(frames.map((f) => f.bytes), 50)} bytes); camera tiles on the oval: max ${Math.max(0, ...tiles)}, median ${pct(tiles, 50)}`);
  console.log(`PHONE per view frame, handler: p50 ${pct(handler, 50).toFixed(1)} ms, p95 ${pct(handler, 95).toFixed(1)} ms, max ${Math.max(...handler).toFixed(1)} ms`);
  console.log(`PHONE per view frame, handler + style/layout: p50 ${pct(whole, 50).toFixed(1)} ms, p95 ${pct(whole, 95).toFixed(1)} ms, max ${Math.max(...whole).toFixed(1)} ms`);
  console.log(`PHONE frames over 16 ms (with layout): ${whole.filter((x) => x > 16).length}; over 50 ms: ${whole.filter((x) => x > 50).length}`);
  console.log(`PHONE long tasks > 50 ms: ${longtasks.length} (${longtasks.filter((l) => inFrame(l.at, l.ms)).length} with a view frame's handler inside; longest ${Math.max(0, ...longtasks.map((l) => l.ms)).toFixed(0)} ms)`);
  console.log(`PHONE long animation frames > 50 ms: ${loafs.length} (${loafs.filter((l) => inFrame(l.at, l.ms)).length} with a view frame inside)`);
  // The costliest frames, with what each changed, and the cost by what frames touch.
  for (const f of [...frames].sort((a, b) => b.withLayout - a.withLayout).slice(0, 12)) console.log(`  frame ${f.withLayout.toFixed(0)} ms (handler ${f.ms.toFixed(0)}, ${f.bytes} B): ${f.what.slice(0, 200)}`);
  const byPath = new Map<string, number[]>();
  for (const f of frames) for (const k of new Set(f.what.split(" ").map((x) => x.replace(/×\d+$/, "")))) byPath.set(k, [...(byPath.get(k) ?? []), f.withLayout]);
  console.log(`PHONE frames by what they change (count, p50, p95, total ms): ${[...byPath].sort((a, b) => b[1].reduce((x, y) => x + y, 0) - a[1].reduce((x, y) => x + y, 0)).slice(0, 14).map(([k, v]) => `${k} ${v.length}/${pct(v, 50).toFixed(0)}/${pct(v, 95).toFixed(0)}/${v.reduce((x, y) => x + y, 0).toFixed(0)}`).join("; ")}`);
  for (const l of [...loafs].sort((a, b) => b.ms - a.ms).slice(0, 8)) console.log(`  ${l.ms.toFixed(0)} ms (blocking ${l.blocking.toFixed(0)}, render ${l.render.toFixed(0)})${inFrame(l.at, l.ms) ? " [view frame]" : ""}: ${l.scripts.join(" | ") || "(no script: style, layout, paint)"}`);
  console.log(`PHONE heap after GC: start ${mb(start.used)}, end ${mb(end.used)}; sampled first/middle/last ${mb(heap[0] ?? NaN)} / ${mb(heap[Math.floor(heap.length / 2)] ?? NaN)} / ${mb(heap[heap.length - 1] ?? NaN)}, max ${mb(Math.max(...heap))}, min ${mb(Math.min(...heap))} (${heap.length} samples); DOM nodes ${start.nodes} → ${end.nodes}; listeners ${start.listeners} → ${end.listeners}`);
  if (MUTATIONS) {
    const by = await phone.evaluate(() => [...(window as unknown as { __mutations: { by: Map<string, { made: number; removed: number; records: number }> } }).__mutations.by]);
    const made = by.reduce((n, [, c]) => n + c.made, 0);
    const removed = by.reduce((n, [, c]) => n + c.removed, 0);
    console.log(`MUTATIONS elements made ${made}, taken out ${removed} during the game (${(made / Math.max(1, frames.length)).toFixed(0)} and ${(removed / Math.max(1, frames.length)).toFixed(0)} a view frame); by container:`);
    for (const [where, c] of by.sort((a, b) => b[1].made + b[1].removed - (a[1].made + a[1].removed)).slice(0, 15)) console.log(`  made ${c.made}, taken out ${c.removed} (${c.records} records)  ${where}`);
  }
  // The profile: self time per function (samples × their intervals), the page's own code and the runtime's.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const n = byId.get(samples[i]!);
    if (!n) continue;
    const f = n.callFrame;
    const key = `${f.functionName || "(anonymous)"} ${f.url ? `${f.url.split("/").pop()}:${f.lineNumber + 1}:${f.columnNumber + 1}` : ""}`.trim();
    self.set(key, (self.get(key) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0) / 1000);
  }
  const total = [...self.entries()].filter(([k]) => k !== "(idle)" && k !== "(program)").reduce((a, [, v]) => a + v, 0);
  console.log(`profile: ${(total / 1000).toFixed(1)} s of main-thread samples not idle (${(((self.get("(program)") ?? 0) / 1000)).toFixed(1)} s "(program)": native work — style, layout, paint, media); top by self time:`);
  for (const [k, v] of [...self.entries()].filter(([k]) => k !== "(idle)").sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`  ${v.toFixed(0).padStart(6)} ms  ${k}`);
} finally {
  for (const c of contexts) await c.close().catch(() => {});
  await chrome.close();
  await server.stop();
}
