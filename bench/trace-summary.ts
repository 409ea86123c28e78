/**
 * Where a renderer's main thread spends its time, from a Chrome trace (bench/phone.ts --trace-s N writes
 * one): the self time of each trace event on every renderer main thread (CrRendererMain), nested events
 * subtracted from their parents, so style (UpdateLayoutTree), layout, paint, script (FunctionCall,
 * EvaluateScript, v8.*), media and GC add up to the thread's busy time — what a V8 CPU profile lumps
 * together as "(program)". Threads are listed busiest first (the throttled page's is the busiest).
 *   node --experimental-transform-types bench/trace-summary.ts FILE [--top 25]
 */
import { readFileSync } from "node:fs";

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; args?: { name?: string } };

export function summarizeTrace(trace: { traceEvents: TraceEvent[] } | TraceEvent[], top = 25): string[] {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const mains = new Set(events.filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`));
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.ph !== "X" || e.dur === undefined) continue;
    const k = `${e.pid}:${e.tid}`;
    if (!mains.has(k)) continue;
    const list = byThread.get(k) ?? [];
    list.push(e);
    byThread.set(k, list);
  }
  const out: string[] = [];
  const rows = [...byThread].map(([k, list]) => {
    list.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    const self = new Map<string, number>();
    const stack: Array<{ e: TraceEvent; end: number }> = [];
    let busy = 0;
    let first = Infinity;
    let last = 0;
    for (const e of list) {
      first = Math.min(first, e.ts);
      last = Math.max(last, e.ts + e.dur!);
      while (stack.length && stack[stack.length - 1]!.end <= e.ts) stack.pop();
      const parent = stack[stack.length - 1];
      if (parent) self.set(parent.e.name, (self.get(parent.e.name) ?? 0) - Math.min(e.dur!, parent.end - e.ts));
      else busy += e.dur!;
      self.set(e.name, (self.get(e.name) ?? 0) + e.dur!);
      stack.push({ e, end: e.ts + e.dur! });
    }
    return { k, busy, span: last - first, self };
  });
  rows.sort((a, b) => b.busy - a.busy);
  for (const r of rows) {
    out.push(`renderer main thread ${r.k}: busy ${(r.busy / 1e6).toFixed(1)} s of ${(r.span / 1e6).toFixed(1)} s traced; self time by event:`);
    for (const [name, us] of [...r.self].sort((a, b) => b[1] - a[1]).slice(0, top)) out.push(`  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`);
  }
  return out;
}

if (process.argv[1]?.endsWith("trace-summary.ts")) {
  const argv = process.argv.slice(2);
  const file = argv[0];
  if (!file) throw new Error("usage: bench/trace-summary.ts FILE [--top 25]");
  const top = argv.includes("--top") ? Number(argv[argv.indexOf("--top") + 1]) : 25;
  for (const line of summarizeTrace(JSON.parse(readFileSync(file, "utf8")), top)) console.log(line);
}
