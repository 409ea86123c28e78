/**
 * Reads a Chrome .cpuprofile (bench/phone.ts --profile-out) and prints where the time goes by call tree,
 * which self time alone cannot say: the inclusive time of each function (a sample counts once for a
 * function however deep it recurses), and for a function named with --under, the inclusive time of what
 * it calls, one level down. Solid's bookkeeping (`runComputation`, `updateComputation`) is self time
 * spread over every effect; --under updateComputation names the effects it runs.
 *   node --experimental-transform-types bench/profile-tree.ts FILE [--top 40] [--under NAME] [--url PART]
 * --url keeps only frames whose script URL contains PART (e.g. `assets/` for the page's own code).
 * --tree NAME [--depth 6] [--min 50]: the call tree below the outermost frame named NAME, each path's
 * inclusive time, paths under --min ms left out.
 */
import { readFileSync } from "node:fs";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples?: number[]; timeDeltas?: number[] };

const argv = process.argv.slice(2);
const file = argv[0];
if (!file) throw new Error("usage: bench/profile-tree.ts FILE [--top N] [--under NAME] [--url PART]");
const opt = (name: string) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : undefined);
const TOP = Number(opt("top") ?? 40);
const UNDER = opt("under");
const URL_PART = opt("url");
const TREE = opt("tree");
const DEPTH = Number(opt("depth") ?? 6);
const MIN = Number(opt("min") ?? 50);
const tree = new Map<string, number>();

const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const label = (n: Node) => {
  const f = n.callFrame;
  return `${f.functionName || "(anonymous)"}${f.url ? ` ${f.url.split("/").pop()}:${f.lineNumber + 1}:${f.columnNumber + 1}` : ""}`;
};

const inclusive = new Map<string, number>();
const below = new Map<string, number>();
let total = 0;
const samples = profile.samples ?? [];
const deltas = profile.timeDeltas ?? [];
for (let i = 0; i < samples.length; i++) {
  const ms = (deltas[i + 1] ?? deltas[i] ?? 0) / 1000;
  const leaf = byId.get(samples[i]!);
  if (!leaf || leaf.callFrame.functionName === "(idle)") continue;
  total += ms;
  // The stack from the leaf up: each label counted once per sample.
  const stack: Node[] = [];
  for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) stack.push(byId.get(id)!);
  const seen = new Set<string>();
  for (const n of stack) {
    if (URL_PART && !n.callFrame.url.includes(URL_PART)) continue;
    const k = label(n);
    if (seen.has(k)) continue;
    seen.add(k);
    inclusive.set(k, (inclusive.get(k) ?? 0) + ms);
  }
  if (TREE) {
    // Top-down from the outermost TREE frame: every path prefix down to DEPTH gets the sample.
    const down = [...stack].reverse();
    const at = down.findIndex((n) => n.callFrame.functionName === TREE);
    if (at >= 0) {
      const path: string[] = [];
      for (const n of down.slice(at, at + DEPTH)) {
        path.push(label(n));
        const k = path.join("\u0000");
        tree.set(k, (tree.get(k) ?? 0) + ms);
      }
    }
  }
  if (UNDER) {
    // The innermost frame named UNDER, and the frame it called (or "(self)").
    const at = stack.findIndex((n) => n.callFrame.functionName === UNDER);
    if (at >= 0) {
      const k = at === 0 ? "(self)" : label(stack[at - 1]!);
      below.set(k, (below.get(k) ?? 0) + ms);
    }
  }
}
console.log(`${(total / 1000).toFixed(1)} s of samples not idle`);
console.log(`inclusive time, top ${TOP}:`);
for (const [k, v] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`  ${v.toFixed(0).padStart(7)} ms ${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`);
if (UNDER) {
  console.log(`under ${UNDER} (innermost), what it calls:`);
  for (const [k, v] of [...below].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`  ${v.toFixed(0).padStart(7)} ms  ${k}`);
}
if (TREE) {
  console.log(`below ${TREE}, top-down (>= ${MIN} ms):`);
  const print = (prefix: string, depth: number) => {
    const kids = [...tree].filter(([k]) => k.startsWith(prefix) && k.split("\u0000").length === depth).sort((a, b) => b[1] - a[1]);
    for (const [k, v] of kids) {
      if (v < MIN) continue;
      console.log(`${"  ".repeat(depth)}${v.toFixed(0).padStart(7)} ms  ${k.split("\u0000").pop()}`);
      print(k + "\u0000", depth + 1);
    }
  };
  print("", 1);
}
