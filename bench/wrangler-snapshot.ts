/**
 * `wrangler dev` for benchmarks, on a snapshot of the tree copied to a temporary folder: wrangler
 * watches its sources and reloads — dropping every socket — when a file changes, and the tree may
 * be edited while a benchmark runs. The snapshot's own local D1 is migrated first, as `npm start`
 * does. Offline: no metrics, no cf fetch. Used by bench/load.ts and bench/web-render.ts.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import { join } from "node:path";

const ROOT = new URL("..", import.meta.url).pathname;
const OFFLINE = { WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };
/**
 * wrangler dev's local trace collector (a streaming tail that reports every event of every worker
 * to a collector service: ~13 % of workerd's CPU in a perf profile of the load run) and its local
 * data explorer are dev-only tools production does not run: off while measuring.
 */
const NO_DEV_TOOLS = { X_LOCAL_OBSERVABILITY: "false", X_LOCAL_EXPLORER: "false" };

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

export interface WranglerDev {
  base: string;
  /** wrangler's inspector proxy (opts.inspectorPort): the DevTools protocol of our worker's isolate. */
  inspectorPort?: number;
  proc: ChildProcess;
  /** Remove the snapshot and its storage (after the process group is stopped). */
  cleanup(): void;
}

/** Snapshot the worker, migrate its D1 (the local SQLite files go to `persistIn`, default the temp dir), start `wrangler dev` on a free loopback port in its own process group. */
export async function startWranglerSnapshot(prefix: string, opts: { persistIn?: string; root?: string; inspectorPort?: number } = {}): Promise<WranglerDev> {
  // Issue 36: `root`, another checkout of the project (bench/load.ts --before: the code before a change, in the same run).
  const root = opts.root ?? ROOT;
  const src = mkdtempSync(join(os.tmpdir(), `${prefix}-src-`));
  for (const p of ["worker", "shared", "migrations", "wrangler.toml", "package.json", "tsconfig.json"]) if (existsSync(join(root, p))) cpSync(join(root, p), join(src, p), { recursive: true });
  cpSync(join(root, existsSync(join(root, "web/dist")) ? "web/dist" : "bench/empty-assets"), join(src, "web/dist"), { recursive: true });
  symlinkSync(join(root, "node_modules"), join(src, "node_modules"));
  const persist = mkdtempSync(join(opts.persistIn ?? os.tmpdir(), `${prefix}-state-`));
  const cleanup = () => {
    rmSync(persist, { recursive: true, force: true });
    rmSync(src, { recursive: true, force: true });
  };
  const migrated = spawnSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persist], {
    cwd: src,
    stdio: "ignore",
    env: { ...process.env, ...OFFLINE, CI: "true" },
  });
  if (migrated.status !== 0) {
    cleanup();
    throw new Error("applying D1 migrations failed");
  }
  const port = await freePort();
  const proc = spawn("npx", ["wrangler", "dev", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", persist, "--show-interactive-dev-session=false", "--log-level", "warn", ...(opts.inspectorPort ? ["--inspector-port", String(opts.inspectorPort)] : [])], {
    cwd: src,
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, ...OFFLINE, ...NO_DEV_TOOLS },
  });
  return { base: `http://127.0.0.1:${port}`, proc, cleanup, inspectorPort: opts.inspectorPort };
}

/** Loopback TCP ports a process listens on (from /proc: its socket inodes matched to /proc/net/tcp LISTEN rows). */
function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m) inodes.add(m[1]!);
      } catch {
        /* closed meanwhile */
      }
    }
  } catch {
    return [];
  }
  const ports: number[] = [];
  for (const line of readFileSync("/proc/net/tcp", "utf8").split("\n").slice(1)) {
    const f = line.trim().split(/\s+/);
    if (f.length < 10 || f[3] !== "0A" || !inodes.has(f[9]!)) continue;
    ports.push(parseInt(f[1]!.split(":")[1]!, 16));
  }
  return ports;
}

/** A process and all its descendants (pids, from /proc). */
export function descendants(pid: number): number[] {
  const out: number[] = [];
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    out.push(p);
    try {
      const kids = readFileSync(`/proc/${p}/task/${p}/children`, "utf8").trim();
      if (kids) stack.push(...kids.split(/\s+/).map(Number));
    } catch {
      /* gone */
    }
  }
  return out;
}

/**
 * The runtime's own entry, behind `wrangler dev`'s proxy: wrangler runs two workerd processes, one
 * with its dev proxy and inspector (the URL it prints) and one running the worker (miniflare's entry
 * worker, then ours). A client of the second skips the proxy hop, which production does not have.
 * Found as the loopback port of the other workerd process that serves our API. Null if not found.
 */
export async function runtimeEntry(dev: WranglerDev): Promise<string | null> {
  const proxyPort = Number(new URL(dev.base).port);
  const workerds = descendants(dev.proc.pid!).filter((p) => {
    try {
      return /Name:\s+workerd/.test(readFileSync(`/proc/${p}/status`, "utf8"));
    } catch {
      return false;
    }
  });
  for (const pid of workerds) {
    const ports = listeningPorts(pid);
    if (ports.includes(proxyPort)) continue;
    for (const port of ports) {
      try {
        const r = await fetch(`http://127.0.0.1:${port}/api/tables`, { signal: AbortSignal.timeout(2000) });
        if (r.status === 200 && (r.headers.get("content-type") ?? "").includes("json")) return `http://127.0.0.1:${port}`;
      } catch {
        /* not an HTTP entry */
      }
    }
  }
  return null;
}

/** Issue 36, profiling: the pid of the runtime workerd (the process running our worker, not the dev proxy), for `perf`. */
export function runtimePid(dev: WranglerDev): number | null {
  const proxyPort = Number(new URL(dev.base).port);
  for (const pid of descendants(dev.proc.pid!)) {
    try {
      if (!/Name:\s+workerd/.test(readFileSync(`/proc/${pid}/status`, "utf8"))) continue;
    } catch {
      continue;
    }
    if (!listeningPorts(pid).includes(proxyPort)) return pid;
  }
  return null;
}
