/**
 * Pools the view frames of several bench/phone.ts runs (each with --frames-out FILE) per side, so a before
 * and an after compare over many games' frames rather than one game's few dozen (a game's length and its
 * costliest frames vary from run to run with the people's pace).
 *   node --experimental-transform-types bench/phone-pool.ts before=FILE,FILE,… after=FILE,FILE,…
 * Prints per side: frames, p50/p95/max of the handler and of the handler with style and layout, frames over
 * 16 and 50 ms, and the total; then the same by what the frames changed (the phase they open).
 */
import { readFileSync } from "node:fs";

type Frame = { ms: number; withLayout: number; bytes: number; what: string };
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};
const sides = process.argv.slice(2).map((a) => {
  const [name, files] = a.split("=") as [string, string];
  return { name, frames: files.split(",").flatMap((f) => JSON.parse(readFileSync(f, "utf8")) as Frame[]) };
});
for (const { name, frames } of sides) {
  const h = frames.map((f) => f.ms);
  const w = frames.map((f) => f.withLayout);
  const sum = w.reduce((a, b) => a + b, 0);
  console.log(`${name}: ${frames.length} frames; handler p50 ${pct(h, 50).toFixed(1)} / p95 ${pct(h, 95).toFixed(1)} / max ${Math.max(...h).toFixed(0)} ms; with style/layout p50 ${pct(w, 50).toFixed(1)} / p95 ${pct(w, 95).toFixed(1)} / max ${Math.max(...w).toFixed(0)} ms; over 16 ms ${w.filter((x) => x > 16).length}, over 50 ms ${w.filter((x) => x > 50).length}; ${(sum / frames.length).toFixed(1)} ms a frame on average`);
  const byPhase = new Map<string, number[]>();
  for (const f of frames) {
    const k = /phase=([a-z-]+)/.exec(f.what)?.[1] ?? (f.what.startsWith("view:") ? "full view" : "within a phase");
    byPhase.set(k, [...(byPhase.get(k) ?? []), f.withLayout]);
  }
  console.log(`  by the phase a frame opens (n, p50, p95 ms): ${[...byPhase].sort((a, b) => b[1].length - a[1].length).map(([k, v]) => `${k} ${v.length}/${pct(v, 50).toFixed(0)}/${pct(v, 95).toFixed(0)}`).join("; ")}`);
}
