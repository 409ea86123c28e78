/**
 * Engine throughput against an older tree, in one process (issue 33: "no worse than today's, in the
 * same run as the old engine"). `node bench/engine-compare.ts --old <path of a checkout> [--blocks 12]
 * [--games 150]`, e.g. after `git worktree add --detach /tmp/old-engine <commit>`.
 *
 * Why this shape: on a shared two-core machine, two whole `bench/engine.ts` runs one after the other
 * differ by ±40 % with the load of the moment. Here both engines are loaded into the same Node
 * process and timed in short interleaved blocks (old/new, then new/old, …), each on the CPU time the
 * process spent (`process.cpuUsage`, user + system) rather than wall time, so load drifts fall on
 * both sides alike. Reported: games per CPU-second per side and the ratio new/old per block (median and
 * range) for engine-only bots (random-legal policy on `actionsFor`, no views) and heuristic bots
 * reading their own views, sport (10 seats) and city (10/11/12 seats).
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

type Play = (o: { presetId: string; seats: number; seed: string; mode: "view" | "fast"; bots: "random" | "heuristic" }) => { inputs: unknown[] };

const args = process.argv.slice(2);
const arg = (name: string, dflt?: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : dflt;
};
const oldDir = arg("old");
if (!oldDir) {
  console.log("usage: node bench/engine-compare.ts --old <checkout of the older tree> [--blocks 12] [--games 150]");
  process.exit(2);
}
const BLOCKS = Number(arg("blocks", "12"));
const GAMES = Number(arg("games", "150"));

const load = async (dir: string): Promise<Play> => (await import(pathToFileURL(resolve(dir, "shared/bots/index.ts")).href)).playGame as Play;
const sides = { new: await load(new URL("..", import.meta.url).pathname), old: await load(oldDir) };

const seatsFor = (presetId: string, g: number) => (presetId === "city" ? 10 + (g % 3) : 10);

/** CPU seconds for `games` games of one side (seeds shared by both sides: the same games). */
function block(play: Play, presetId: string, mode: "view" | "fast", bots: "random" | "heuristic", b: number): number {
  const c0 = process.cpuUsage();
  for (let g = 0; g < GAMES; g++) play({ presetId, seats: seatsFor(presetId, g), seed: `cmp-${b}-${g}`, mode, bots });
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1e6;
}

const lines: string[] = [];
for (const [label, presetId, mode, bots] of [
  ["sport engine-only", "sport", "fast", "random"],
  ["city engine-only", "city", "fast", "random"],
  ["sport heuristic bots with views", "sport", "view", "heuristic"],
  ["city heuristic bots with views", "city", "view", "heuristic"],
] as const) {
  // Warm both sides' JIT on games outside the timed seeds.
  for (const play of [sides.new, sides.old]) for (let g = 0; g < 100; g++) play({ presetId, seats: seatsFor(presetId, g), seed: `warm-${g}`, mode, bots });
  let cpuNew = 0;
  let cpuOld = 0;
  const ratios: number[] = [];
  for (let b = 0; b < BLOCKS; b++) {
    const order = b % 2 === 0 ? (["old", "new"] as const) : (["new", "old"] as const);
    const t: Record<"new" | "old", number> = { new: 0, old: 0 };
    for (const side of order) t[side] = block(sides[side], presetId, mode, bots, b);
    cpuNew += t.new;
    cpuOld += t.old;
    ratios.push(t.old / t.new); // > 1: the new engine plays more games per CPU-second
  }
  ratios.sort((a, b) => a - b);
  const games = BLOCKS * GAMES;
  const median = ratios[Math.floor(ratios.length / 2)]!;
  lines.push(
    `${label}: new ${(games / cpuNew).toFixed(0)} games/CPU-s, old ${(games / cpuOld).toFixed(0)} games/CPU-s; ` +
      `new/old ${(cpuOld / cpuNew).toFixed(3)} overall, per block median ${median.toFixed(3)} (range ${ratios[0]!.toFixed(3)}–${ratios.at(-1)!.toFixed(3)}; ${BLOCKS} blocks × ${GAMES} games a side)`,
  );
  console.log(lines.at(-1));
}
