/**
 * Tables under load (issue 6): T tables × 10 sockets, every seat played by the heuristic bot through
 * the socket protocol, against `wrangler dev` (workerd + SQLite, started here on loopback) and, in the
 * same run, the Node `ws` baseline (bench/baseline-server.ts: same engine and views, no runtime, no
 * storage). Prints, per target and T: p50/p99 from an input to the moment every client of its table
 * has the updated view, deliveries per second, bytes per view, peak RSS of the server process tree.
 *
 *   node bench/load.ts [--tables 1,10,100] [--seconds 120] [--seconds-t1 300] [--only baseline,direct,proxy] [--deflate] [--disk]
 *                      [--open-parallel 1] [--idle 0] [--before DIR] [--profile 20 [--profile-after 50]]
 *
 * `--open-parallel N` (issue 36, default 1): tables opened N at a time (each is 11 requests and 10
 * sockets), so that at T = 1,000 they start close together (one by one, the first games end before the
 * last table is open). The guess guard (worker/security/guess-guard.ts) does not count the driver's
 * loopback address, and since this issue's last stop a burst of lookups from one counted address waits
 * for the attempts in flight instead of getting 429. `--idle N` (issue 36): before the load runs, N tables per
 * workerd target (direct or proxy, not "before") get their 10 seats and sockets (hello only, no move: no game,
 * no timer) and the server's RSS is read before and after (and ~15 s later): the memory of an idle table; an
 * active table's is the RSS growth during a load run over T (the "RSS/table" column).
 * `--before DIR` (issue 36): one more target, "workerd before": `wrangler dev` on the checkout at DIR
 * (e.g. `git worktree add --detach /tmp/before main`, with node_modules linked), so the code before a
 * change and after it are measured in the same run, against the same baseline. `--profile S`: in every
 * workerd run, `--profile-after` seconds into the window (default 50: past the games' first night),
 * the runtime workerd is profiled for S seconds — the V8 sampling profiler over its inspector and, where
 * `perf` exists, `perf record` of the process — and the top entries are printed (whole profiles are
 * kept in the temp dir). Profiling costs CPU: take the load table from a run without it.
 *
 * Targets: the Node baseline; `wrangler dev` reached the way a browser reaches it (through wrangler's
 * dev proxy, a second workerd process that production does not have: "workerd via proxy"); and the
 * same `wrangler dev` reached at the runtime's own entry ("workerd direct"), which is the hop count of
 * production. Tables are kept at T: when a game ends, a new table takes its place, so every run has
 * the whole window of steady load and T = 1 collects enough inputs for a p99.
 *
 * Compression: the driver's sockets do not offer permessage-deflate, so every server sends the same
 * plain frames and the comparison is of the servers' own work. `--deflate` offers it (as browsers do;
 * workerd then deflates every frame inline), to measure what compression costs.
 *
 * All traffic stays on 127.0.0.1; every loop is bounded in count and time.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import os from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { WebSocket as WsClient } from "ws";
import { heuristicBot } from "../shared/bots/index.ts";
import { descendants, freePort, runtimeEntry, runtimePid, startWranglerSnapshot, type WranglerDev } from "./wrangler-snapshot.ts";
import type { GameView } from "../shared/engine/types.ts";
import { applyViewFrame, type HeldView } from "../shared/protocol/view-patch.ts";

const args = process.argv.slice(2);
const arg = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : dflt;
};
const TABLES = arg("tables", "1,10,100").split(",").map(Number);
/** Measurement window per run, after the first deal (each game's acquaintance night alone is 60 s). */
const SECONDS = Number(arg("seconds", "120"));
/** T = 1 gets a longer window (default 300 s, `--seconds-t1`): one table makes ~50 timed inputs a game. */
const SECONDS_T1 = Number(arg("seconds-t1", args.includes("--seconds") ? String(SECONDS) : "300"));
/** Which targets (default: the baseline and workerd direct; `proxy` adds wrangler's dev proxy hop). */
const ONLY = arg("only", "baseline,direct");
const DEFLATE = args.includes("--deflate");
/**
 * Where wrangler dev keeps the tables' SQLite files: RAM (tmpfs /dev/shm) unless `--disk`. Every
 * accepted input commits a transaction, and on this machine's disk each commit is an fsync (~15 % of
 * workerd's CPU in a perf profile); Cloudflare's storage replicates instead, off the object's CPU.
 */
const PERSIST_IN = !args.includes("--disk") && existsSync("/dev/shm") ? "/dev/shm" : undefined;
/** Tables opened at once (each: a create, 10 joins, 10 sockets). */
const OPEN_PARALLEL = Number(arg("open-parallel", "1"));
/** Idle tables opened per target before the load runs, to measure an idle table's memory (0: skip). */
const IDLE = Number(arg("idle", "0"));
/** Another checkout to measure as "workerd before" in the same run (see the header). */
const BEFORE = arg("before", "");
/** Seconds of profile per workerd run (0: none), starting this many seconds into the window. */
const PROFILE = Number(arg("profile", "0"));
const PROFILE_AFTER = Number(arg("profile-after", "50"));
/** Tables are replaced when their game ends only for T up to this (see run()). */
const REPLACE_UP_TO = 10;
/** A client socket: Node's WebSocket offers permessage-deflate (as browsers do); `ws` with it off does not. */
/** Sockets the server refused or that failed (counted, never thrown: one refused upgrade must not end the run). */
let socketFailures = 0;
const openSocket = (url: string): WebSocket => {
  const ws = DEFLATE ? new WebSocket(url) : (new WsClient(url, { perMessageDeflate: false }) as unknown as WebSocket);
  ws.onerror = (ev) => {
    socketFailures++;
    if (process.env.LOAD_DEBUG) console.error(`socket ${url}: ${(ev as { message?: string }).message ?? ev.type}`);
  };
  return ws;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** RSS (bytes) of a process and all its descendants, from /proc; `only`: count processes with this name only (e.g. workerd). */
function treeRss(pid: number, only?: string): number {
  let total = 0;
  for (const p of descendants(pid)) {
    try {
      const status = readFileSync(`/proc/${p}/status`, "utf8");
      const m = /VmRSS:\s+(\d+) kB/.exec(status);
      const name = /Name:\s+(\S+)/.exec(status)?.[1];
      if (m && (!only || name === only)) total += Number(m[1]) * 1024;
    } catch {
      /* gone */
    }
  }
  return total;
}

/**
 * CPU seconds (user + system) used so far by a process and its descendants, from /proc; `only`: count
 * processes with this name only (workerd: the server proper, without wrangler's Node parent and its
 * esbuild watcher — together ~3 % of a core when idle on this machine, ~235 µs per input at T = 100).
 */
function treeCpu(pid: number, only?: string): number {
  let ticks = 0;
  for (const p of descendants(pid)) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, "utf8");
      if (only && stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) !== only) continue;
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(f[11]) + Number(f[12]); // utime, stime (fields 14, 15)
    } catch {
      /* gone */
    }
  }
  return ticks / 100; // USER_HZ
}

async function waitHttp(base: string, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      // The lobby list, not an unknown code: unknown codes count as guesses (worker/security/guess-guard.ts).
      const r = await fetch(`${base}/api/tables`);
      if (r.status === 200 || r.status === 404) return;
    } catch {
      /* not yet */
    }
    await sleep(200);
  }
  throw new Error(`server at ${base} did not come up`);
}

/** Stop a server's whole process group: wrangler's Node parent ignores SIGTERM while workerd shuts down, so SIGKILL follows. */
function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGTERM");
  } catch {}
  const until = Date.now() + 1500;
  while (Date.now() < until) {
    try {
      process.kill(-pid, 0);
    } catch {
      return; // gone
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
  }
  try {
    process.kill(-pid, "SIGKILL");
  } catch {}
}

interface Target {
  name: string;
  base: string;
  proc: ChildProcess;
  /** wrangler dev (workerd targets): for the profiler. */
  dev?: WranglerDev;
  stop(): void;
}

async function startWorkerd(via: "proxy" | "direct", root?: string): Promise<Target> {
  // The V8 profiler speaks to wrangler's inspector proxy (the runtime's own inspector answers nothing while wrangler holds it).
  const dev = await startWranglerSnapshot("mafia-load", { persistIn: PERSIST_IN, root, inspectorPort: PROFILE > 0 ? await freePort() : undefined });
  await waitHttp(dev.base, 180_000); // a loaded machine starts wrangler slowly
  const direct = via === "direct" ? await runtimeEntry(dev) : null;
  if (via === "direct" && !direct) {
    killGroup(dev.proc.pid!);
    dev.cleanup();
    throw new Error("the runtime's entry behind wrangler's proxy was not found");
  }
  return {
    name: root ? "workerd before" : via === "direct" ? "workerd direct" : "workerd via proxy",
    base: direct ?? dev.base,
    proc: dev.proc,
    dev,
    stop() {
      killGroup(dev.proc.pid!);
      dev.cleanup();
    },
  };
}

async function startBaseline(): Promise<Target> {
  const port = await freePort();
  const proc = spawn(process.execPath, [new URL("./baseline-server.ts", import.meta.url).pathname, String(port), ...(DEFLATE ? ["--deflate"] : [])], { detached: true, stdio: ["ignore", "ignore", "inherit"] });
  const base = `http://127.0.0.1:${port}`;
  await waitHttp(base, 20_000);
  return {
    name: "node ws baseline",
    base,
    proc,
    stop() {
      killGroup(proc.pid!);
    },
  };
}

interface RunStats {
  latencies: number[];
  deliveries: number;
  bytes: number;
  views: number;
  seconds: number;
  peakRss: number;
  /** workerd processes only (the server proper, without wrangler's Node parent). */
  peakRuntimeRss: number;
  gamesEnded: number;
  /** The server's RSS (serverRss) before the first table was opened. */
  rssBefore: number;
  /** Tables opened during the run (T at the start, one more for each game that ended). */
  tables: number;
  /** Server CPU seconds during the window (process tree) and inputs accepted in it (acks). */
  cpu: number;
  /** The same for workerd processes only (workerd targets; 0 for the baseline, whose tree is the server). */
  runtimeCpu: number;
  acks: number;
  /** Frames the clients received in the window (views, patches, acks, errors, everything): per input, frames / acks. */
  frames: number;
  /** The driver's own (this process's) CPU seconds in the window, and its event loop delay p99 (ms). */
  driverCpu: number;
  driverLagP99: number;
  errors: number;
}

/** CPU seconds per accepted input. */
const perInput = (cpu: number, s: RunStats) => cpu / Math.max(1, s.acks);

/** Requests sent again because the connection closed under them (see post). */
let postRetries = 0;

/**
 * POST JSON, once more (up to 3 tries) when the connection closes before an answer: a kept-alive
 * connection the server closed as the request went out (undici's `other side closed`), seen while
 * opening T = 1,000 tables with a busy event loop — the request never reached the server.
 */
async function post(url: string, body: unknown): Promise<any> {
  for (let attempt = 1; ; attempt++) {
    let r: Response;
    try {
      r = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    } catch (err) {
      const code = (err as { cause?: { code?: string } }).cause?.code;
      if (attempt < 3 && (code === "UND_ERR_SOCKET" || code === "ECONNRESET")) {
        postRetries++;
        continue;
      }
      throw err;
    }
    if (!r.ok) throw new Error(`${url}: ${r.status} ${await r.text()}`);
    return r.json();
  }
}

/** The server's own RSS: workerd processes only (without wrangler's Node parent), or the baseline's tree. */
const serverRss = (target: Target) => treeRss(target.proc.pid!, target.name.startsWith("workerd") ? "workerd" : undefined);

/** Run `open(i)` for i = 0…n−1, `OPEN_PARALLEL` at a time. */
async function openAll(n: number, open: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < n) await open(next++);
  };
  await Promise.all(Array.from({ length: Math.min(OPEN_PARALLEL, n) }, lane));
}

/** Create a sport table with its 10 seats joined; the seats' tokens. */
async function createTable(target: Target, t: number, autoDeal: boolean): Promise<{ code: string; tokens: string[] }> {
  // Every table's ten players sit on this one machine: a room behind one address (seatsPerAddress),
  // each with its own device id (required by join).
  const { code } = await post(`${target.base}/api/tables`, { presetId: "sport", settings: { autoDeal }, seatsPerAddress: 10 });
  const tokens: string[] = [];
  for (let i = 0; i < 10; i++) tokens.push((await post(`${target.base}/api/tables/${code}/join`, { nickname: `load${t}-${i}`, deviceId: `load-device-${t}-${i}-0123456789` })).token);
  return { code, tokens };
}

/**
 * Idle tables' memory (`--idle N`): N tables with 10 seats and 10 sockets that said hello and got their
 * first view, and nothing else (no move: the game never starts; no timer). RSS of the server before,
 * once every socket has its view, and 15 s later (time for the runtime to let idle objects go).
 */
async function idle(target: Target, n: number): Promise<{ before: number; open: number; later: number }> {
  const before = serverRss(target);
  const failures0 = socketFailures;
  const sockets: WebSocket[] = [];
  let viewed = 0;
  await openAll(n, async (t) => {
    const { code, tokens } = await createTable(target, t, false);
    for (const token of tokens) {
      const ws = openSocket(`${target.base.replace("http", "ws")}/api/tables/${code}/socket`);
      sockets.push(ws);
      let first = true;
      ws.onopen = () => ws.send(JSON.stringify({ type: "hello", token }));
      ws.onmessage = (ev) => {
        if (first && JSON.parse(String(ev.data)).type === "view") {
          first = false;
          viewed++;
        }
      };
    }
  });
  const until = Date.now() + 60_000;
  while (viewed + socketFailures - failures0 < n * 10 && Date.now() < until) await sleep(100);
  if (viewed < n * 9) throw new Error(`idle: ${viewed} of ${n * 10} sockets got a view`);
  await sleep(1000);
  const open = serverRss(target);
  await sleep(15_000);
  const later = serverRss(target);
  for (const ws of sockets) ws.close();
  return { before, open, later };
}

async function run(target: Target, T: number): Promise<RunStats> {
  const sendTime = new Map<string, number>(); // `${table}:${ref}` -> t0
  const ackVersion = new Map<string, number>(); // `${table}:${version}` -> t0
  const arrivals = new Map<string, number[]>(); // `${table}:${version}` -> arrival times
  const stats: RunStats = { latencies: [], deliveries: 0, bytes: 0, views: 0, seconds: 0, peakRss: 0, peakRuntimeRss: 0, gamesEnded: 0, rssBefore: 0, tables: 0, cpu: 0, runtimeCpu: 0, acks: 0, frames: 0, driverCpu: 0, driverLagP99: 0, errors: 0 };
  const sockets: WebSocket[] = [];
  let measuring = false;
  let refSeq = 0;

  const ended = new Set<number>();
  let opened = 0;
  let stopping = false;
  /** Open table number `t` (a new code) with its 10 seats and sockets; when its game ends, the next one takes its slot. */
  const open = async (t: number): Promise<void> => {
    const { code, tokens } = await createTable(target, t, true);
    const mine: WebSocket[] = [];
    for (let i = 0; i < 10; i++) {
      const bot = heuristicBot(`load-${t}-${i}`);
      const ws = openSocket(`${target.base.replace("http", "ws")}/api/tables/${code}/socket`);
      sockets.push(ws);
      mine.push(ws);
      let inflight = false;
      let latest: GameView | null = null;
      /** Issue 36: the full view this socket holds (log deltas merged, patches applied). */
      let held: HeldView | null = null;
      /** Newest version this socket holds, and the one it held when its move in flight was sent. */
      let seen = -1;
      let seenAtSend = -1;
      const act = () => {
        if (inflight || !latest || !latest.you || latest.result) return;
        const action = bot.decide(latest);
        if (!action) return;
        inflight = true;
        const ref = String(++refSeq);
        sendTime.set(`${t}:${ref}`, performance.now());
        seenAtSend = seen;
        // The act names the stage of the view it was decided on (required; a stale one is refused).
        ws.send(JSON.stringify({ type: "act", ref, action, phaseSeq: latest.phaseSeq }));
      };
      ws.onopen = () => ws.send(JSON.stringify({ type: "hello", token: tokens[i]! }));
      /** The input of `ref` was accepted at `version` (an ack frame, or the ack inside this socket's view frame). */
      const acked = (ref: string, version: number) => {
        inflight = false;
        if (measuring) stats.acks++;
        const t0 = sendTime.get(`${t}:${ref}`);
        // A quiet input (night action, closed ballot) keeps the version and reaches only those it
        // concerns: it is not an "input → every client" delivery, so only new versions are timed.
        const key = `${t}:${version}`;
        if (t0 !== undefined && measuring && version > seenAtSend && !ackVersion.has(key)) ackVersion.set(key, t0);
      };
      ws.onmessage = (ev) => {
        const now = performance.now();
        const text = String(ev.data);
        const msg = JSON.parse(text);
        if (measuring) stats.frames++;
        if (msg.type === "view" || msg.type === "patch") {
          // The sender's view frame carries its ack (docs/PROTOCOL.md "Acks"): accepted, even if this frame must be synced.
          if (typeof msg.ack === "string") acked(msg.ack, msg.version);
          const next = applyViewFrame(held, msg);
          if (next === null) {
            // A frame that does not follow the view held: ask for the whole view (docs/PROTOCOL.md).
            stats.errors++;
            ws.send(JSON.stringify({ type: "sync" }));
            return;
          }
          held = next;
          if (measuring) {
            stats.deliveries++;
            stats.bytes += text.length;
            stats.views++;
            // The first frame of each new version (a quiet change's frames keep the version).
            if (msg.version > seen) {
              const key = `${t}:${msg.version}`;
              const a = arrivals.get(key);
              if (a) a.push(now);
              else arrivals.set(key, [now]);
            }
          }
          if (msg.version > seen) seen = msg.version;
          latest = next.view.game;
          if (latest?.result && !ended.has(t)) {
            ended.add(t);
            // Small T: keep T tables playing, a new one takes this slot (after the other sockets got the
            // end), so T = 1 collects enough inputs. Larger T: no churn (creating a table is ~21 requests
            // and an object; bots finish a game in ~90 s where people take ~45 min) — the window ends
            // when every game has.
            if (T <= REPLACE_UP_TO)
              setTimeout(() => {
                for (const s of mine) s.close();
                if (!stopping) void open(opened++).catch(() => stats.errors++);
              }, 1000);
          }
          act();
        } else if (msg.type === "ack") {
          acked(msg.ref, msg.version);
          act();
        } else if (msg.type === "error") {
          inflight = false;
          stats.errors++;
          if (process.env.LOAD_DEBUG) console.error(`table ${t}: ${msg.code} ${msg.message}`);
        }
      };
    }
  };
  const serverPid = target.proc.pid!;
  stats.rssBefore = serverRss(target);
  const failures0 = socketFailures;
  await openAll(T, () => open(opened++));
  const t0 = performance.now();
  const cpu0 = treeCpu(serverPid);
  const runtimeCpu0 = treeCpu(serverPid, "workerd");
  const driver0 = process.cpuUsage();
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  measuring = true;
  const end = t0 + (T === 1 ? SECONDS_T1 : SECONDS) * 1000;
  const profiled = PROFILE > 0 && target.dev ? sleep(PROFILE_AFTER * 1000).then(() => profile(target, T)) : null;
  while (performance.now() < end && (T <= REPLACE_UP_TO || ended.size < T)) {
    stats.peakRss = Math.max(stats.peakRss, treeRss(serverPid));
    if (target.name.startsWith("workerd")) stats.peakRuntimeRss = Math.max(stats.peakRuntimeRss, treeRss(serverPid, "workerd"));
    await sleep(250);
  }
  stats.seconds = (performance.now() - t0) / 1000;
  stats.cpu = treeCpu(serverPid) - cpu0;
  if (target.name.startsWith("workerd")) stats.runtimeCpu = treeCpu(serverPid, "workerd") - runtimeCpu0;
  if (profiled) profiles.push(await profiled.catch((err) => `${target.name}, T = ${T}: no profile (${err})`));
  const driver = process.cpuUsage(driver0);
  stats.driverCpu = (driver.user + driver.system) / 1e6;
  lag.disable();
  stats.driverLagP99 = lag.percentile(99) / 1e6;
  measuring = false;
  stopping = true;
  for (const ws of sockets) ws.close();
  for (const [key, start] of ackVersion) {
    const a = arrivals.get(key);
    if (a && a.length === 10) stats.latencies.push(Math.max(...a) - start);
  }
  stats.errors += socketFailures - failures0;
  stats.gamesEnded = ended.size;
  stats.tables = opened;
  return stats;
}

/** Printed after the table: each profile's top entries. */
const profiles: string[] = [];

/**
 * Profile the runtime workerd for PROFILE seconds: the V8 sampling profiler over its inspector (our
 * isolate's JS, with native calls seen as their JS entry: `send`, `exec`…) and, if `perf` is installed,
 * `perf record` of the whole process (C++: the runtime, SQLite, the kernel). Returns the top entries.
 */
async function profile(target: Target, T: number): Promise<string> {
  const dev = target.dev!;
  const pid = runtimePid(dev);
  if (!pid || !dev.inspectorPort) return `${target.name}, T = ${T}: the runtime or its inspector was not found`;
  const tag = `${target.name.replace(/\W+/g, "-")}-T${T}`;
  const perfFile = join(os.tmpdir(), `load-perf-${tag}.data`);
  const perf = spawnSync("which", ["perf"]).status === 0
    ? spawn("perf", ["record", "-F", "499", "-g", "-p", String(pid), "-o", perfFile, "--", "sleep", String(PROFILE)], { stdio: "ignore" })
    : null;
  const perfDone = perf ? new Promise((r) => perf.on("exit", r)) : Promise.resolve();
  const list = (await (await fetch(`http://127.0.0.1:${dev.inspectorPort}/json/list`, { signal: AbortSignal.timeout(5000) })).json()) as Array<{ webSocketDebuggerUrl: string }>;
  const ws = new WsClient(list[0]!.webSocketDebuggerUrl, { perMessageDeflate: false });
  // wrangler's inspector proxy answers Profiler.enable/start under ids of its own (seen: 100000001…) and
  // echoes each request: the commands go without waiting, and the profile is the message that holds one.
  let stopped: (p: any) => void = () => {};
  const stop = new Promise<any>((resolve, reject) => {
    stopped = resolve;
    setTimeout(() => reject(new Error("Profiler.stop: no profile")), (PROFILE + 60) * 1000).unref();
  });
  ws.on("message", (d) => {
    const m = JSON.parse(String(d));
    if (m.result?.profile) stopped(m.result);
  });
  setTimeout(() => ws.close(), (PROFILE + 90) * 1000).unref(); // whatever happens below
  await new Promise((r, j) => (ws.once("open", r), ws.once("error", j)));
  const send = (id: number, method: string, params: object = {}) => ws.send(JSON.stringify({ id, method, params }));
  send(1, "Profiler.enable");
  send(2, "Profiler.setSamplingInterval", { interval: 500 });
  send(3, "Profiler.start");
  await sleep(PROFILE * 1000);
  send(4, "Profiler.stop");
  const { profile: prof } = (await stop) as { profile: { nodes: Array<{ id: number; hitCount?: number; callFrame: { functionName: string; url: string; lineNumber: number } }> } };
  ws.close();
  await perfDone;
  writeFileSync(join(os.tmpdir(), `load-profile-${tag}.cpuprofile`), JSON.stringify(prof));
  const self = new Map<string, number>();
  let total = 0;
  for (const n of prof.nodes) {
    const hits = n.hitCount ?? 0;
    if (!hits) continue;
    const f = n.callFrame;
    const where = f.url ? ` ${f.url.split("/").pop()}:${f.lineNumber + 1}` : "";
    const key = `${f.functionName || "(anonymous)"}${where}`;
    self.set(key, (self.get(key) ?? 0) + hits);
    total += hits;
  }
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 15);
  let out = `${target.name}, T = ${T}: V8 profile, ${PROFILE} s, ${total} samples, self time (whole profile: ${join(os.tmpdir(), `load-profile-${tag}.cpuprofile`)})\n`;
  out += top.map(([k, h]) => `  ${((100 * h) / total).toFixed(1).padStart(5)} %  ${k}`).join("\n");
  if (perf && existsSync(perfFile)) {
    const rep = spawnSync("perf", ["report", "-i", perfFile, "--stdio", "--no-children", "--sort", "dso,sym", "-g", "none", "--percent-limit", "1"], { encoding: "utf8", maxBuffer: 64 * 2 ** 20 });
    const lines = rep.stdout.split("\n").filter((l) => l.trim() && !l.startsWith("#")).slice(0, 20);
    out += `\n${target.name}, T = ${T}: perf, ${PROFILE} s, self time by library and symbol (${perfFile})\n${lines.map((l) => `  ${l.trim()}`).join("\n")}`;
  } else out += `\n${target.name}, T = ${T}: perf not available`;
  return out;
}

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

const rows: string[][] = [];
const results = new Map<string, RunStats>();
const starters: Array<[string, () => Promise<Target>]> = [
  ["baseline", startBaseline],
  ["direct", () => startWorkerd("direct")],
  ["proxy", () => startWorkerd("proxy")],
  ["before", () => startWorkerd("direct", BEFORE)],
];
const only = BEFORE ? `${ONLY},before` : ONLY;
const idleLines: string[] = [];
/** The server running now: stopped on SIGINT / SIGTERM too, so an interrupted run leaves no wrangler behind. */
let current: Target | null = null;
for (const sig of ["SIGINT", "SIGTERM"] as const)
  process.on(sig, () => {
    current?.stop();
    process.exit(130);
  });
const chosen = starters.filter(([key]) => only.split(",").includes(key));
// Idle memory: the runtime under test only (the baseline holds a table in a few objects; "before" is the same runtime).
if (IDLE > 0)
  for (const [, start] of chosen.filter(([key]) => key === "direct" || key === "proxy")) {
    const target = (current = await start());
    try {
      const m = await idle(target, IDLE);
      const per = (rss: number) => ((rss - m.before) / IDLE / 1024).toFixed(0);
      idleLines.push(`${target.name}: ${IDLE} idle tables (10 sockets each, no game): RSS ${(m.before / 2 ** 20).toFixed(0)} → ${(m.open / 2 ** 20).toFixed(0)} MiB once open (${per(m.open)} KiB per table), ${(m.later / 2 ** 20).toFixed(0)} MiB 15 s later (${per(m.later)} KiB per table)`);
      console.error(`[${new Date().toISOString().slice(11, 19)}] ${idleLines.at(-1)}`);
    } finally {
      target.stop();
      current = null;
      await sleep(500);
    }
  }
// T outside, targets inside (issue 36): the targets of one T run minutes apart, so a machine whose
// load changes during a long run still compares them under like conditions.
for (const T of TABLES)
  for (const [key, start] of chosen) {
    const target = (current = await start());
    try {
      const s = await run(target, T);
      results.set(`${key}:${T}`, s);
      rows.push([
        target.name,
        String(T),
        String(s.latencies.length),
        pct(s.latencies, 50).toFixed(1),
        pct(s.latencies, 99).toFixed(1),
        (s.deliveries / s.seconds).toFixed(0),
        (s.bytes / Math.max(1, s.views)).toFixed(0),
        (s.frames / Math.max(1, s.acks)).toFixed(2),
        (perInput(s.cpu, s) * 1e6).toFixed(0) + (s.runtimeCpu ? ` (workerd ${(perInput(s.runtimeCpu, s) * 1e6).toFixed(0)})` : ""),
        (s.peakRss / 2 ** 20).toFixed(0) + (s.peakRuntimeRss ? ` (workerd ${(s.peakRuntimeRss / 2 ** 20).toFixed(0)})` : ""),
        (((s.peakRuntimeRss || s.peakRss) - s.rssBefore) / T / 1024).toFixed(0),
        `${((100 * s.driverCpu) / s.seconds).toFixed(0)} % / ${s.driverLagP99.toFixed(0)}`,
        `${s.gamesEnded}/${s.tables}`,
        String(s.errors),
      ]);
      console.error(`[${new Date().toISOString().slice(11, 19)}] ${rows.at(-1)!.join("  ")}`);
    } finally {
      target.stop();
      current = null;
      await sleep(500);
    }
  }

const cpu = os.cpus()[0]?.model ?? "?";
console.log(`machine: ${cpu} × ${os.cpus().length}, node ${process.version}; driver, bots and server share these cores; load average at the end ${os.loadavg().map((x) => x.toFixed(1)).join(" ")}`);
console.log(`storage: wrangler dev's SQLite files ${PERSIST_IN ? `in RAM (${PERSIST_IN}, tmpfs: commits without a disk flush)` : "on disk (every commit flushes)"}`);
console.log(`frames: ${DEFLATE ? "permessage-deflate offered by the clients (both servers compress)" : "plain (the clients offer no compression)"}`);
console.log(`window: ${SECONDS} s per run (T = 1: ${SECONDS_T1} s); T ≤ ${REPLACE_UP_TO}: T tables all the time (a finished game's table is replaced), larger T: until every game ended; every game has its 60 s acquaintance night`);
for (const l of idleLines) console.log(l);
if (postRetries) console.log(`requests sent again after their connection closed unanswered: ${postRetries}`);
console.log("server CPU: the server's process tree (for workerd: wrangler's Node parent and esbuild watcher too), and in parentheses workerd's processes only, per accepted input");
console.log("RSS/table: (peak server RSS in the window − RSS before the first table) / T (workerd processes only for workerd); driver: this process's CPU over the window and its event loop delay p99");
const header = ["target", "T", "inputs", "p50 ms", "p99 ms", "deliveries/s", "bytes/view", "frames/input", "server CPU µs/input", "peak RSS MiB", "RSS/table KiB", "driver CPU / lag p99 ms", "games ended/tables", "errors"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (r: string[]) => r.map((c, i) => c.padStart(widths[i]!)).join("  ");
console.log(line(header));
for (const r of rows) console.log(line(r));
for (const p of profiles) console.log(p);
for (const T of TABLES) {
  const b = results.get(`baseline:${T}`);
  for (const via of ["direct", "proxy", "before"]) {
    const w = results.get(`${via}:${T}`);
    if (!b || !w) continue;
    const cpuRatio = `CPU per input ratio = ${(perInput(w.cpu, w) / perInput(b.cpu, b)).toFixed(2)} (workerd only ${(perInput(w.runtimeCpu, w) / perInput(b.cpu, b)).toFixed(2)})`;
    console.log(`T=${T}: p99 ratio workerd ${via}/baseline = ${(pct(w.latencies, 99) / pct(b.latencies, 99)).toFixed(2)}, p50 ratio = ${(pct(w.latencies, 50) / pct(b.latencies, 50)).toFixed(2)}, ${cpuRatio}`);
  }
}
