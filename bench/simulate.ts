/**
 * `npm run simulate -- --preset sport --games 10000 [--bots strong|novice|heuristic|random|mixed|novice-seat] [--mode view|fast]
 *  [--seats N] [--host live] [--seed s] [--settings '{"voting":"open"}']`
 * Plays bot games through the engine and prints outcome rates, mean rounds and games per second.
 * Without --seats the games cycle through the preset's table sizes (city: 10, 11, 12).
 *
 * `npm run simulate -- --report [--preset X|all] [--bots heuristic] [--label L] [--seed s] [--max-games N]
 *  [--workers N] [--out docs/BALANCE.md]` (issue 20): plays every preset (or X) until ±1 point and writes
 * the balance report (bench/balance/run.ts; how to read it: the head of docs/BALANCE.md).
 */
import { availableParallelism } from "node:os";
import { getPreset } from "../shared/engine/index.ts";
import { playGame } from "../shared/bots/index.ts";
import { botsOf, type BotsArg } from "./balance/play.ts";
import { DEFAULT_STOP } from "./balance/report.ts";
import { runReport } from "./balance/run.ts";
import { PRESET_ORDER } from "./balance/variants.ts";

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? (process.argv[i + 1] as string) : def;
}

if (process.argv.includes("--help")) {
  console.log(`npm run simulate -- [--preset ID] [--games N] [--bots strong|novice|heuristic|random|mixed|novice-seat] [--mode view|fast] [--seats N] [--host live] [--seed S] [--settings JSON]
npm run simulate -- --report [--preset ID|all] [--bots strong|novice|heuristic|random|mixed|novice-seat] [--label L] [--seed S] [--max-games N] [--workers N] [--out FILE]
  presets: ${PRESET_ORDER.join(", ")}`);
  process.exit(0);
}

if (process.argv.includes("--report") || arg("preset", "") === "all") {
  const p = arg("preset", "all");
  const presets = p === "all" ? [...PRESET_ORDER] : p.split(",");
  for (const id of presets) if (!getPreset(id)) throw new Error(`unknown preset ${id}`);
  const bots = arg("bots", "strong") as BotsArg;
  await runReport({
    presets, bots, label: arg("label", bots), seed: arg("seed", "balance"),
    stop: { ...DEFAULT_STOP, cap: Number(arg("max-games", String(DEFAULT_STOP.cap))) },
    workers: Number(arg("workers", String(availableParallelism()))),
    out: arg("out", "docs/BALANCE.md"),
    command: `npm run simulate -- ${process.argv.slice(2).join(" ")}`,
  });
  process.exit(0);
}

const preset = arg("preset", "sport");
const info = getPreset(preset);
if (!info) throw new Error(`unknown preset ${preset}`);
const games = Number(arg("games", "1000"));
const botsArg = arg("bots", "strong") as BotsArg;
const mode = arg("mode", "view") as "view" | "fast";
const seed = arg("seed", "sim");
const seatsArg = arg("seats", "");
const host = arg("host", "server") === "live" ? "live" : undefined;
const settings = JSON.parse(arg("settings", "{}")) as Record<string, unknown>;
const sizes = seatsArg ? [Number(seatsArg)] : Array.from({ length: info.seats.max - info.seats.min + 1 }, (_, i) => info.seats.min + i);

const outcomes: Record<string, number> = { red: 0, black: 0, solo: 0, draw: 0, none: 0 };
const bySize: Record<number, Record<string, number>> = {};
const reasons: Record<string, number> = {};
let rounds = 0, inputs = 0, rejections = 0;
const t0 = performance.now();
for (let g = 0; g < games; g++) {
  const seats = sizes[g % sizes.length] as number;
  const bots = botsOf(botsArg, seats);
  const r = playGame({ presetId: preset, seats, settings, seed: `${seed}-${g}`, bots, mode, host });
  const s = r.state as unknown as { result: { winner: string; reason: string } | null; round: number };
  const w = s.result?.winner ?? "none";
  outcomes[w] = (outcomes[w] ?? 0) + 1;
  const row = (bySize[seats] ??= {});
  row[w] = (row[w] ?? 0) + 1;
  if (s.result) reasons[s.result.reason] = (reasons[s.result.reason] ?? 0) + 1;
  rounds += s.round;
  inputs += r.inputs.length;
  rejections += r.rejections;
}
const secs = (performance.now() - t0) / 1000;
const pct = (n: number, of = games) => `${((100 * n) / of).toFixed(1)}%`;
const line = (o: Record<string, number>, of: number) =>
  `town ${pct(o.red ?? 0, of)}  mafia ${pct(o.black ?? 0, of)}${preset === "sport" ? "" : `  solo ${pct(o.solo ?? 0, of)}`}  draw ${pct(o.draw ?? 0, of)}${o.none ? `  unfinished ${pct(o.none, of)}` : ""}`;
console.log(`preset ${preset}, ${games} games, seats ${sizes.join("/")}, bots ${botsArg}, mode ${mode}${host ? ", live host" : ""}, settings ${JSON.stringify(settings)}`);
console.log(line(outcomes, games));
if (sizes.length > 1) for (const n of sizes) { const o = bySize[n] ?? {}; const c = Object.values(o).reduce((a, b) => a + b, 0); console.log(`  ${n} seats (${c} games): ${line(o, c)}`); }
console.log(`reasons ${JSON.stringify(reasons)}`);
console.log(`mean rounds ${(rounds / games).toFixed(2)}, mean inputs ${(inputs / games).toFixed(1)}, rejections ${rejections}`);
console.log(`${(games / secs).toFixed(0)} games/s (${secs.toFixed(2)} s, ${((secs * 1e6) / inputs).toFixed(2)} µs per input incl. bots)`);
