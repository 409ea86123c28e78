/**
 * Engine throughput (sport, 10 seats; city, 10/11/12 seats in turn; bots). `node bench/engine.ts [--games N]` or
 * `import { benchEngine } from "./engine.ts"`.
 *
 * Three measurements in one run, same machine:
 *   - engine-only: random-legal policy on actionsFor(state) — no views built (the engine's own cost);
 *   - full, heuristic bots reading their own GameView (viewFor per deciding seat per input);
 *   - full, strong bots (issue 20) reading their own GameView as delta frames — target ≥ 500 games/s per core;
 *   - full, random-legal bots reading their own GameView.
 *   - apply only: replay of recorded bot games (createGame + apply per input, no decisions at all).
 * µs per input = wall time / accepted inputs (timeouts included), bots' decisions included.
 */
import { apply, createGame, sharedView, viewFor } from "../shared/engine/index.ts";
import type { GameState, Input } from "../shared/engine/types.ts";
import { makePlayers, playGame, type BotKind } from "../shared/bots/index.ts";

export interface BenchLine {
  label: string;
  games: number;
  gamesPerSec: number;
  usPerInput: number;
  meanInputs: number;
}

/** City (RULES.md §3) games cycle through 10, 11 and 12 seats. */
function seatsFor(presetId: string, g: number): number {
  return presetId === "city" ? 10 + (g % 3) : 10;
}

function run(label: string, games: number, mode: "view" | "fast", bots: BotKind, presetId = "sport"): BenchLine {
  // warm-up
  for (let g = 0; g < Math.min(200, games / 10); g++) playGame({ presetId, seats: seatsFor(presetId, g), seed: `warm-${label}-${g}`, mode, bots });
  let inputs = 0;
  const t0 = performance.now();
  for (let g = 0; g < games; g++) inputs += playGame({ presetId, seats: seatsFor(presetId, g), seed: `bench-${g}`, mode, bots }).inputs.length;
  const secs = (performance.now() - t0) / 1000;
  return { label, games, gamesPerSec: games / secs, usPerInput: (secs * 1e6) / inputs, meanInputs: inputs / games };
}

/** Pure engine cost: record games first, then time createGame + apply over their input logs. */
function replay(label: string, games: number, presetId = "sport"): BenchLine {
  const logs: Array<{ seed: string; start: number; seats: number; inputs: Array<{ input: Input; now: number }> }> = [];
  for (let g = 0; g < games; g++) {
    const seats = seatsFor(presetId, g);
    const r = playGame({ presetId, seats, seed: `replay-${g}`, mode: "fast", bots: "random", start: 1_000_000 });
    logs.push({ seed: `replay-${g}`, start: 1_000_000, seats, inputs: r.inputs });
  }
  const tables = new Map([10, 11, 12].map((n) => [n, makePlayers(n, true)]));
  const once = () => {
    let n = 0;
    for (const l of logs) {
      let s: GameState = createGame(presetId, {}, tables.get(l.seats)!, l.seed, l.start);
      for (const { input, now } of l.inputs) {
        const r = apply(s, input, now);
        if (r.ok) s = r.state;
        n++;
      }
    }
    return n;
  };
  once(); // warm-up
  const t0 = performance.now();
  const inputs = once();
  const secs = (performance.now() - t0) / 1000;
  return { label, games, gamesPerSec: games / secs, usPerInput: (secs * 1e6) / inputs, meanInputs: inputs / games };
}

/**
 * Views only (issue 14: measured alongside apply): replay recorded games and, after every input, build
 * the view of every seat and of a spectator — what the table object does for its connections. µs per
 * view, not per input, in `usPerInput`.
 */
function views(label: string, games: number, presetId = "sport", shared = false): BenchLine {
  const states: Array<{ state: GameState; ids: string[] }> = [];
  for (let g = 0; g < games; g++) {
    const seats = seatsFor(presetId, g);
    const r = playGame({ presetId, seats, seed: `views-${g}`, mode: "fast", bots: "random", start: 1_000_000 });
    const tables = makePlayers(seats, true);
    let s: GameState = createGame(presetId, {}, tables, `views-${g}`, 1_000_000);
    for (const { input, now } of r.inputs) {
      const a = apply(s, input, now);
      if (a.ok) { s = a.state; states.push({ state: s, ids: tables.map((p) => p.id) }); }
    }
  }
  const once = () => {
    let n = 0;
    for (const { state, ids } of states) {
      // Issue 36: the table's fan-out builds the public part once per version for all its viewers.
      const opts = shared ? { logAfter: 1e9, shared: sharedView(state) } : { logAfter: 1e9 };
      for (const id of ids) { viewFor(state, { kind: "player", playerId: id }, opts); n++; }
      viewFor(state, { kind: "spectator" }, opts);
      n++;
    }
    return n;
  };
  once();
  const t0 = performance.now();
  const n = once();
  const secs = (performance.now() - t0) / 1000;
  return { label, games, gamesPerSec: games / secs, usPerInput: (secs * 1e6) / n, meanInputs: states.length / games };
}

export function benchEngine(games = 5000): BenchLine[] {
  return [
    replay("apply only (replaying recorded random-bot games: createGame + apply, no decisions)", games),
    run("engine-only (random-legal policy on actionsFor, no views)", games, "fast", "random"),
    run("full: heuristic bots reading their own GameView", games, "view", "heuristic"),
    run("full: strong bots reading their own GameView (issue 20 target: ≥ 500 games/s per core)", games, "view", "strong"),
    run("full: random-legal bots reading their own GameView", Math.max(1, Math.floor(games / 2)), "view", "random"),
    replay("city (10/11/12 seats) apply only (replaying recorded random-bot games)", games, "city"),
    run("city (10/11/12 seats) engine-only (random-legal policy on actionsFor, no views)", games, "fast", "random", "city"),
    run("city (10/11/12 seats) full: heuristic bots reading their own GameView", games, "view", "heuristic", "city"),
    run("city (10/11/12 seats) full: strong bots reading their own GameView", games, "view", "strong", "city"),
    // Last: it keeps every recorded state in memory, which would weigh on the lines after it.
    views("views only (every seat and a spectator after every input of recorded games, delta frames; µs per view)", Math.max(1, Math.floor(games / 10))),
    views("views only, the public part built once per version (issue 36, as the table's fan-out; µs per view)", Math.max(1, Math.floor(games / 10)), "sport", true),
  ];
}

export function formatBench(lines: BenchLine[]): string {
  return lines
    .map((l) => `${l.label}\n  ${l.gamesPerSec.toFixed(0)} games/s, ${l.usPerInput.toFixed(2)} µs/input, ${l.meanInputs.toFixed(1)} inputs/game (${l.games} games)`)
    .join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const i = process.argv.indexOf("--games");
  const games = i >= 0 ? Number(process.argv[i + 1]) : 5000;
  console.log(formatBench(benchEngine(games)));
  console.log("target: ≥ 2,000 full 10-seat games/s on one core (engine-only line)");
}
