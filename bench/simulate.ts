/**
 * `npm run simulate -- --preset sport --games 10000 [--bots heuristic|random|mixed] [--mode view|fast]
 *  [--seats N] [--host live] [--seed s] [--settings '{"voting":"open"}']`
 * Plays bot games through the engine and prints outcome rates, mean rounds and games per second.
 * Without --seats the games cycle through the preset's table sizes (city: 10, 11, 12).
 */
import { getPreset } from "../shared/engine/index.ts";
import { playGame, type BotKind } from "../shared/bots/index.ts";

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? (process.argv[i + 1] as string) : def;
}

const preset = arg("preset", "sport");
const info = getPreset(preset);
if (!info) throw new Error(`unknown preset ${preset}`);
const games = Number(arg("games", "1000"));
const botsArg = arg("bots", "heuristic");
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
  const bots: BotKind | BotKind[] = botsArg === "mixed" ? Array.from({ length: seats }, (_, i) => (i % 2 ? "random" : "heuristic")) : (botsArg as BotKind);
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
