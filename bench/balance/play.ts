/**
 * Issue 20: play a contiguous range of one variant's games and add them up per table size. Game g plays
 * `sizes[g % sizes.length]` seats with the seed `${seedBase}/${g}`: the result of a range does not depend
 * on which thread plays it, so a report is repeated exactly from its seeds (bench/balance/run.ts).
 */
import { playGame, type BotKind } from "../../shared/bots/index.ts";
import { addGame, emptyAgg, summarize, type Agg } from "./report.ts";

/**
 * "mixed": heuristic and random in turn; "novice-seat": strong bots with the first player ("p1") a
 * novice — the same seeds as the all-strong games, so the pair differs only in how p1 plays.
 */
export type BotsArg = BotKind | "mixed" | "novice-seat";

export function botsOf(arg: BotsArg, seats: number): BotKind | BotKind[] {
  if (arg === "mixed") return Array.from({ length: seats }, (_, i) => (i % 2 ? "random" : "heuristic"));
  if (arg === "novice-seat") return Array.from({ length: seats }, (_, i) => (i === 0 ? "novice" : "strong"));
  return arg;
}

export interface Job {
  preset: string;
  settings: Record<string, unknown>;
  sizes: number[];
  seedBase: string;
  bots: BotsArg;
  from: number;
  to: number;
}

export interface JobResult {
  /** Table size → totals. */
  bySize: Record<number, Agg>;
  /** Time spent playing (ms), for games per second per core. */
  ms: number;
}

export function seedOf(seedBase: string, g: number): string {
  return `${seedBase}/${g}`;
}

export function playRange(job: Job): JobResult {
  const t0 = performance.now();
  const bySize: Record<number, Agg> = {};
  for (let g = job.from; g < job.to; g++) {
    const seats = job.sizes[g % job.sizes.length] as number;
    const r = playGame({ presetId: job.preset, seats, settings: job.settings, seed: seedOf(job.seedBase, g), bots: botsOf(job.bots, seats), mode: "view" });
    addGame((bySize[seats] ??= emptyAgg()), summarize(r.state, seats, r.inputs.length));
  }
  return { bySize, ms: performance.now() - t0 };
}
