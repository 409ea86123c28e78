/**
 * The balance meter's arithmetic and its worker's messages (RULES.md §5.5 Custom: "an unusual balance
 * stays the creator's decision (warn, do not block)"). Pure: no engine, no DOM — the worker
 * (balance.worker.ts) plays the bot games, the profile screen shows what this module makes of them, and
 * test/unit/balance.test.ts checks both.
 *
 *  - A tally counts finished games by winner (red = the town, black = the mafia, solo = the Maniac, draw);
 *    a game the driver gave up on (no result) is counted apart and left out of the shares.
 *  - Each side's chance comes with a 95 % Wilson interval; the meter says "N games, ±x points", x being
 *    the widest half-interval of the sides shown.
 *  - The bots are weak, so "unusual" is judged against the profile's recommended composition
 *    at the same size, played by the same bots under the same day rules: a warning when the town's
 *    chance differs from it by more than 15 points, or when a side in play wins under 3 % of games.
 *    Never before both runs have MIN_GAMES_TO_WARN games (a first, noisy estimate does not warn).
 */
import * as v from "valibot";

export const SIDES = ["red", "black", "solo"] as const;
export type Side = (typeof SIDES)[number];

export interface Tally {
  red: number;
  black: number;
  solo: number;
  draw: number;
  /** Games without a result (the driver's input limit): not counted in the shares. */
  unfinished: number;
}

export const emptyTally = (): Tally => ({ red: 0, black: 0, solo: 0, draw: 0, unfinished: 0 });

/** Count one game's outcome (the engine's `result.winner`, or none). */
export function addOutcome(t: Tally, winner: string | null | undefined): Tally {
  if (winner === "red" || winner === "black" || winner === "solo" || winner === "draw") return { ...t, [winner]: t[winner] + 1 };
  return { ...t, unfinished: t.unfinished + 1 };
}

/** Finished games: the denominator of every share. */
export const finished = (t: Tally): number => t.red + t.black + t.solo + t.draw;

/** 95 % Wilson score interval of k successes in n trials, as fractions; [0, 1] when n = 0. */
export function wilson(k: number, n: number, z = 1.96): { lo: number; hi: number } {
  if (n <= 0) return { lo: 0, hi: 1 };
  const p = k / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { lo: Math.max(0, centre - half), hi: Math.min(1, centre + half) };
}

export interface Estimate {
  games: number;
  /** Per side in play: the share of finished games, in percentage points (0–100). */
  pct: Partial<Record<Side, number>>;
  /** Draws, in percentage points. */
  drawPct: number;
  /** The widest half-interval (95 %) of the sides in play, in percentage points. */
  margin: number;
}

/** The chances of the sides in play (`solo` only when a Maniac is dealt). */
export function estimate(t: Tally, sides: readonly Side[]): Estimate {
  const n = finished(t);
  const pct: Partial<Record<Side, number>> = {};
  let margin = 0;
  for (const s of sides) {
    pct[s] = n ? (100 * t[s]) / n : 0;
    const w = wilson(t[s], n);
    margin = Math.max(margin, (100 * (w.hi - w.lo)) / 2);
  }
  return { games: n, pct, drawPct: n ? (100 * t.draw) / n : 0, margin };
}

/** Above this many points of difference in the town's chance the balance is "unusual". */
export const TOWN_SHIFT = 15;
/** A side in play winning fewer than this share (points) of games is "unusual". */
export const SIDE_FLOOR = 3;
/** No warning before each run has this many finished games. */
export const MIN_GAMES_TO_WARN = 100;

export type Warning =
  | { kind: "town-shift"; chosen: number; recommended: number }
  | { kind: "side-low"; side: Side; pct: number };

/**
 * §5.5 "warn, do not block": what is unusual about the chosen composition, judged against the
 * recommended one at the same size (`baseline`; null while it has not been played).
 */
export function warnings(chosen: Tally, baseline: Tally | null, sides: readonly Side[]): Warning[] {
  if (finished(chosen) < MIN_GAMES_TO_WARN) return [];
  const c = estimate(chosen, sides);
  const out: Warning[] = [];
  if (baseline && finished(baseline) >= MIN_GAMES_TO_WARN) {
    const b = estimate(baseline, SIDES);
    const town = c.pct.red ?? 0;
    const base = b.pct.red ?? 0;
    if (Math.abs(town - base) > TOWN_SHIFT) out.push({ kind: "town-shift", chosen: town, recommended: base });
  }
  for (const s of sides) {
    const p = c.pct[s] ?? 0;
    if (p < SIDE_FLOOR) out.push({ kind: "side-low", side: s, pct: p });
  }
  return out;
}


/* ---- the worker's messages ---- */

/** One composition to play: the preset, its settings as the table would store them, the seats. */
export const BalanceJobSchema = v.strictObject({
  key: v.picklist(["chosen", "recommended"]),
  presetId: v.pipe(v.string(), v.maxLength(32)),
  seats: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(20)),
  settings: v.record(v.string(), v.union([v.string(), v.number(), v.boolean()])),
});
export type BalanceJob = v.InferOutput<typeof BalanceJobSchema>;

/** Main thread → worker: play these compositions (round-robin) until each has `maxGames` or `maxMs` passed. */
export const BalanceRequestSchema = v.strictObject({
  type: v.literal("run"),
  jobs: v.pipe(v.array(BalanceJobSchema), v.minLength(1), v.maxLength(2)),
  maxGames: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)),
  maxMs: v.pipe(v.number(), v.minValue(0)),
  /** The first report after this long, then every `everyMs`. */
  firstMs: v.pipe(v.number(), v.minValue(0)),
  everyMs: v.pipe(v.number(), v.minValue(1)),
});
export type BalanceRequest = v.InferOutput<typeof BalanceRequestSchema>;

const TallySchema = v.strictObject({
  red: v.number(), black: v.number(), solo: v.number(), draw: v.number(), unfinished: v.number(),
});

/** Worker → main thread: the tallies so far (`done` on the last one). */
export const BalanceReportSchema = v.strictObject({
  type: v.literal("report"),
  tallies: v.strictObject({ chosen: v.optional(TallySchema), recommended: v.optional(TallySchema) }),
  done: v.boolean(),
});
export type BalanceReport = v.InferOutput<typeof BalanceReportSchema>;

/** Plays one game of a job with this seed; returns the winner (null: no result). */
export type PlayOne = (job: BalanceJob, seed: string) => string | null;

/**
 * The worker's loop, apart from the worker so it runs in Node: play the jobs' games round-robin, report
 * after `firstMs` and then every `everyMs`, stop at `maxGames` per job or after `maxMs`; the last report
 * says done. Synchronous: the main thread stops a run by terminating the worker.
 */
export function runBalance(req: BalanceRequest, play: PlayOne, now: () => number, post: (r: BalanceReport) => void): void {
  const start = now();
  const tallies: Partial<Record<BalanceJob["key"], Tally>> = {};
  for (const j of req.jobs) tallies[j.key] = emptyTally();
  let next = start + req.firstMs;
  const games = (k: BalanceJob["key"]) => { const t = tallies[k]!; return finished(t) + t.unfinished; };
  for (let i = 0; ; i++) {
    const open = req.jobs.filter((j) => games(j.key) < req.maxGames);
    if (open.length === 0 || now() - start >= req.maxMs) break;
    for (const j of open) tallies[j.key] = addOutcome(tallies[j.key]!, play(j, `balance/${j.key}/${i}`));
    const t = now();
    if (t >= next) {
      post({ type: "report", tallies: { ...tallies }, done: false });
      next = t + req.everyMs;
    }
  }
  post({ type: "report", tallies: { ...tallies }, done: true });
}
