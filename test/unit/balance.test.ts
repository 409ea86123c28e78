/**
 * Issue 16, the balance meter (RULES.md §5.5 Custom: "an unusual balance stays the creator's decision
 * (warn, do not block)"): the counting, the 95 % interval, the warning rule (relative to the recommended
 * composition at the same size), and the worker's message protocol and loop (web/src/home/balance.ts).
 */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  addOutcome, BalanceReportSchema, BalanceRequestSchema, emptyTally, estimate, finished, MIN_GAMES_TO_WARN, runBalance, warnings, wilson,
  type BalanceReport, type BalanceRequest, type Tally,
} from "../../web/src/home/balance.ts";
import { playOne } from "../../web/src/home/balance-play.ts";
import { sidesDealt } from "../../shared/engine/presets/index.ts";

const tally = (t: Partial<Tally>): Tally => ({ ...emptyTally(), ...t });

describe("§5.5 balance meter: statistics", () => {
  it("counts each winner; a game without a result is counted apart and left out of the shares", () => {
    let t = emptyTally();
    for (const w of ["red", "red", "black", "solo", "draw", null, undefined, "nonsense"]) t = addOutcome(t, w);
    expect(t).toEqual({ red: 2, black: 1, solo: 1, draw: 1, unfinished: 3 });
    expect(finished(t)).toBe(5);
    expect(estimate(t, ["red", "black", "solo"]).pct).toEqual({ red: 40, black: 20, solo: 20 });
  });
  it("the 95 % Wilson interval: 50 of 100 → about 40–60 %; none of 100 starts at 0; no games → 0–1", () => {
    const w = wilson(50, 100);
    expect(w.lo).toBeCloseTo(0.4038, 3);
    expect(w.hi).toBeCloseTo(0.5962, 3);
    expect(wilson(0, 100).lo).toBe(0);
    expect(wilson(0, 100).hi).toBeCloseTo(0.037, 3);
    expect(wilson(0, 0)).toEqual({ lo: 0, hi: 1 });
  });
  it("the margin is the widest half-interval of the sides shown, in points, and shrinks with more games", () => {
    const small = estimate(tally({ red: 10, black: 10 }), ["red", "black"]);
    const large = estimate(tally({ red: 1000, black: 1000 }), ["red", "black"]);
    expect(small.games).toBe(20);
    expect(small.margin).toBeGreaterThan(large.margin);
    expect(large.margin).toBeCloseTo(2.19, 1);
  });
  it("the sides in play: town and mafia, and the Maniac only when one is dealt (§5.4; the engine's sidesDealt)", () => {
    expect(sidesDealt("custom", { mafia: 2 }, 10)).toEqual(["red", "black"]);
    expect(sidesDealt("custom", { mafia: 2, maniac: 1 }, 10)).toEqual(["red", "black", "solo"]);
    expect(sidesDealt("dark-city", {}, 10)).toEqual(["red", "black", "solo"]);
  });
});

describe("§5.5 balance meter: warn, never block", () => {
  const base = tally({ red: 10, black: 90 }); // the weak bots: the town wins ~10 % with the recommended composition
  it("no warning before both runs have enough games", () => {
    expect(warnings(tally({ red: 1, black: 50 }), base, ["red", "black"])).toEqual([]);
    expect(MIN_GAMES_TO_WARN).toBeGreaterThan(50);
  });
  it("warns when the town's chance differs from the recommended composition's by more than 15 points, with both numbers", () => {
    expect(warnings(tally({ red: 40, black: 60 }), base, ["red", "black"])).toEqual([{ kind: "town-shift", chosen: 40, recommended: 10 }]);
    // 15 points exactly is not "more than 15".
    expect(warnings(tally({ red: 25, black: 75 }), base, ["red", "black"])).toEqual([]);
    // Without the recommended run (not played yet) there is nothing to compare with.
    expect(warnings(tally({ red: 40, black: 60 }), null, ["red", "black"])).toEqual([]);
  });
  it("warns when a side in play wins under 3 % of games (the Maniac only when dealt)", () => {
    expect(warnings(tally({ red: 10, black: 88, solo: 2 }), base, ["red", "black", "solo"])).toEqual([{ kind: "side-low", side: "solo", pct: 2 }]);
    expect(warnings(tally({ red: 10, black: 90 }), base, ["red", "black"])).toEqual([]);
    expect(warnings(tally({ red: 2, black: 98 }), tally({ red: 5, black: 95 }), ["red", "black"])).toEqual([{ kind: "side-low", side: "red", pct: 2 }]);
  });
});

describe("§5.5 balance meter: the worker's messages and loop", () => {
  const req: BalanceRequest = {
    type: "run", maxGames: 10, maxMs: 1e9, firstMs: 3, everyMs: 4,
    jobs: [{ key: "chosen", presetId: "custom", seats: 8, settings: { mafia: 2, doctor: 2 } }, { key: "recommended", presetId: "custom", seats: 8, settings: {} }],
  };
  it("the request schema takes a run and refuses what the worker cannot play", () => {
    expect(v.is(BalanceRequestSchema, req)).toBe(true);
    expect(v.is(BalanceRequestSchema, { ...req, jobs: [] })).toBe(false);
    expect(v.is(BalanceRequestSchema, { ...req, jobs: [{ ...req.jobs[0], key: "other" }] })).toBe(false);
    expect(v.is(BalanceRequestSchema, { ...req, jobs: [{ ...req.jobs[0], seats: 21 }] })).toBe(false);
    expect(v.is(BalanceRequestSchema, { ...req, extra: 1 })).toBe(false);
  });
  it("plays the jobs round-robin up to maxGames each, reports on its clock, and the last report is done", () => {
    let clock = 0;
    const reports: BalanceReport[] = [];
    const played: string[] = [];
    runBalance(req, (job, seed) => { played.push(`${job.key}:${seed}`); clock += 1; return job.key === "chosen" ? "red" : "black"; }, () => clock, (r) => reports.push(r));
    expect(played.slice(0, 2)).toEqual(["chosen:balance/chosen/0", "recommended:balance/recommended/0"]);
    expect(played).toHaveLength(20);
    for (const r of reports) expect(v.is(BalanceReportSchema, r)).toBe(true);
    expect(reports.at(-1)).toEqual({ type: "report", done: true, tallies: { chosen: tally({ red: 10 }), recommended: tally({ black: 10 }) } });
    expect(reports.slice(0, -1).every((r) => !r.done)).toBe(true);
    expect(reports.length).toBeGreaterThan(2);
  });
  it("stops after maxMs even below maxGames", () => {
    let clock = 0;
    const reports: BalanceReport[] = [];
    runBalance({ ...req, maxMs: 5, maxGames: 1000 }, () => { clock += 1; return "draw"; }, () => clock, (r) => reports.push(r));
    const last = reports.at(-1)!;
    expect(last.done).toBe(true);
    expect(finished(last.tallies.chosen!)).toBeLessThan(10);
  });
  it("plays real engine games (heuristic bots, view mode): every game of a Custom composition ends with a side's win or a draw", () => {
    const reports: BalanceReport[] = [];
    runBalance({ ...req, maxGames: 3, jobs: [req.jobs[0]!] }, playOne, () => 0, (r) => reports.push(r));
    const t = reports.at(-1)!.tallies.chosen!;
    expect(finished(t) + t.unfinished).toBe(3);
    expect(t.unfinished).toBe(0);
  });
});
