/**
 * `npm run simulate -- --preset sport --games 10000 [--bots heuristic|random|mixed] [--mode view|fast] [--seed s]`
 * Plays bot games through the engine and prints outcome rates, mean rounds and games per second.
 */
import { playGame, type BotKind } from "../shared/bots/index.ts";

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? (process.argv[i + 1] as string) : def;
}

const preset = arg("preset", "sport");
const games = Number(arg("games", "1000"));
const botsArg = arg("bots", "heuristic");
const mode = arg("mode", "view") as "view" | "fast";
const seed = arg("seed", "sim");
const settings = JSON.parse(arg("settings", "{}")) as Record<string, unknown>;

const outcomes: Record<string, number> = { red: 0, black: 0, draw: 0, none: 0 };
const reasons: Record<string, number> = {};
let rounds = 0, inputs = 0, rejections = 0;
const t0 = performance.now();
for (let g = 0; g < games; g++) {
  const bots: BotKind | BotKind[] = botsArg === "mixed" ? Array.from({ length: 10 }, (_, i) => (i % 2 ? "random" : "heuristic")) : (botsArg as BotKind);
  const r = playGame({ presetId: preset, settings, seed: `${seed}-${g}`, bots, mode });
  const s = r.state as unknown as { result: { winner: string; reason: string } | null; round: number };
  const w = s.result?.winner ?? "none";
  outcomes[w] = (outcomes[w] ?? 0) + 1;
  if (s.result) reasons[s.result.reason] = (reasons[s.result.reason] ?? 0) + 1;
  rounds += s.round;
  inputs += r.inputs.length;
  rejections += r.rejections;
}
const secs = (performance.now() - t0) / 1000;
const pct = (n: number) => `${((100 * n) / games).toFixed(1)}%`;
console.log(`preset ${preset}, ${games} games, bots ${botsArg}, mode ${mode}, settings ${JSON.stringify(settings)}`);
console.log(`town ${pct(outcomes.red ?? 0)}  mafia ${pct(outcomes.black ?? 0)}  draw ${pct(outcomes.draw ?? 0)}${outcomes.none ? `  unfinished ${pct(outcomes.none)}` : ""}`);
console.log(`reasons ${JSON.stringify(reasons)}`);
console.log(`mean rounds ${(rounds / games).toFixed(2)}, mean inputs ${(inputs / games).toFixed(1)}, rejections ${rejections}`);
console.log(`${(games / secs).toFixed(0)} games/s (${secs.toFixed(2)} s, ${((secs * 1e6) / inputs).toFixed(2)} µs per input incl. bots)`);
