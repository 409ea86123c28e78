/**
 * Issue 34, RULES.md §9.2: the tournament draw's quality and time (docs/TOURNAMENTS.md "The draw's
 * figures"). For each case: the largest pair meeting count against its lower bound ⌈R·(S−1)/(N−1)⌉, the
 * spread of pair meetings, each player's largest seat repeat against ⌈games/S⌉, the sit-out spread and
 * the draw time — the draw against a random draw of the same size (same sit-outs, tables and seats at
 * random) as the baseline. Numbers only, never assertions.
 *
 *   node bench/tournament-draw.ts [--seeds 3]
 */
import os from "node:os";
import { drawFigures, drawSchedule, randomSchedule, type DrawFigures } from "../shared/tournaments/draw.ts";

const argv = process.argv.slice(2);
const seeds = (() => {
  const i = argv.indexOf("--seeds");
  return i >= 0 ? Math.max(1, Number(argv[i + 1])) : 3;
})();

const CASES: Array<[number, number]> = [
  [20, 10], [30, 10], [50, 10], [100, 10], [24, 12], [36, 12],
];

console.log(`machine: ${os.cpus()[0]?.model ?? "?"} × ${os.cpus().length}, node ${process.version}, load ${os.loadavg()[0]!.toFixed(1)}; ${seeds} seed(s) per case`);
console.log("| N | S | R | draw: max pair / bound | pair sd | seat repeat / bound | sit-out spread | time ms (max) | random: max pair | pair sd | seat repeat |");
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
let worstGap = 0;
let seatMisses = 0;
for (const R of [6, 10]) {
  for (const [N, S] of CASES) {
    let drawn: DrawFigures | null = null;
    let rand: DrawFigures | null = null;
    let ms = 0;
    for (let k = 0; k < seeds; k++) {
      const input = { players: N, seats: S, rounds: R, seed: `bench-${N}-${S}-${R}-${k}` };
      const t0 = performance.now();
      const s = drawSchedule(input);
      ms = Math.max(ms, performance.now() - t0);
      const f = drawFigures(s);
      const g = drawFigures(randomSchedule(input));
      // The worst seed of each case is the one reported.
      if (!drawn || f.maxPair > drawn.maxPair || (f.maxPair === drawn.maxPair && f.pairStdDev > drawn.pairStdDev)) drawn = f;
      if (!rand || g.maxPair > rand.maxPair) rand = g;
      worstGap = Math.max(worstGap, f.maxPair - f.lowerBound);
      seatMisses += f.overSeatBound;
    }
    console.log(
      `| ${N} | ${S} | ${R} | ${drawn!.maxPair} / ${drawn!.lowerBound} | ${drawn!.pairStdDev.toFixed(2)} | ${drawn!.maxSeatRepeat} / ${drawn!.seatBound} | ${drawn!.sitOutSpread} | ${ms.toFixed(0)} | ${rand!.maxPair} | ${rand!.pairStdDev.toFixed(2)} | ${rand!.maxSeatRepeat} |`,
    );
  }
}
console.log(`worst max pair over its lower bound: +${worstGap} (goal ≤ +1); players over their seat bound, all cases and seeds: ${seatMisses} (goal 0)`);

