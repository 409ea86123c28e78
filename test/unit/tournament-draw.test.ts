/**
 * Issue 34, RULES.md §9.2 the tournament draw: determinism from the published seed, sit-outs in rotation,
 * equal games ±1, each player's seats within ⌈games/S⌉, meetings near their lower bound and better than a
 * random draw of the same size.
 */
import { describe, expect, it } from "vitest";
import { DEEP } from "./deep.ts";
import { drawFigures, drawRefusal, drawSchedule, randomSchedule } from "../../shared/tournaments/draw.ts";

const input = (players: number, seats: number, rounds: number, seed = "unit") => ({ players, seats, rounds, seed });

/**
 * Issue 33 (a suite that stays fast): a focused-search draw takes seconds (≈ 3–10 s at 20 players, ≈ 10–27 s
 * at 36); `npm test` tries the first seeds of each list, TEST_DEEP=1 (or FULL=1) every seed.
 */
const seeds = (all: string[], quick: number): string[] => (DEEP ? all : all.slice(0, quick));

describe("§9.2 the draw", () => {
  it("the same seed gives the same schedule; a different seed a different one", () => {
    const a = drawSchedule(input(23, 10, 4, "spring-cup"));
    const b = drawSchedule(input(23, 10, 4, "spring-cup"));
    const c = drawSchedule(input(23, 10, 4, "spring-cup-2"));
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(JSON.stringify(c.rounds)).not.toBe(JSON.stringify(a.rounds));
    expect(a.seed).toBe("spring-cup");
  });

  it("⌊N/S⌋ tables a round, each full, every player in at most one place per round", () => {
    const s = drawSchedule(input(23, 10, 4));
    for (const r of s.rounds) {
      expect(r.tables).toHaveLength(2);
      for (const t of r.tables) expect(t.filter((p) => p !== undefined)).toHaveLength(10);
      const all = [...r.tables.flat(), ...r.sitOut];
      expect(new Set(all).size).toBe(23);
      expect(all).toHaveLength(23);
    }
  });

  it("sit-outs rotate: nobody sits out twice before everyone has once; games per player differ by at most 1", () => {
    // 23 players at 10: 3 sit out each round; 8 rounds = 24 sit-outs → everyone once, one player twice.
    const s = drawSchedule(input(23, 10, 8));
    const sat = new Map<number, number[]>();
    s.rounds.forEach((r, i) => r.sitOut.forEach((p) => sat.set(p, [...(sat.get(p) ?? []), i])));
    expect(sat.size).toBe(23);
    const twice = [...sat.values()].filter((x) => x.length === 2);
    expect(twice).toHaveLength(1);
    // The second sit-out comes only after everyone's first (round 7 holds the 22nd–24th).
    expect(twice[0]![1]).toBe(7);
    const f = drawFigures(s);
    expect(f.sitOutSpread).toBeLessThanOrEqual(1);
    expect(f.maxGames - f.minGames).toBeLessThanOrEqual(1);
  });

  it("each player's seat numbers: none more than ⌈games/S⌉ times (S = 10 and 12, R = 6 and 10, and R = 14 > S)", () => {
    for (const [n, s, r] of [[20, 10, 6], [30, 10, 10], [24, 12, 10], [20, 10, 14]] as const) {
      const f = drawFigures(drawSchedule(input(n, s, r)));
      expect(f.overSeatBound, `${n}/${s}/${r}`).toBe(0);
      expect(f.maxSeatRepeat, `${n}/${s}/${r}`).toBe(f.seatBound);
    }
  });

  it("meetings: the largest pair count within +1 of ⌈R·(S−1)/(N−1)⌉ at N = 30, 50 (S = 10, R = 6), and below a random draw's", () => {
    for (const [n, s, r] of [[30, 10, 6], [50, 10, 6]] as const) {
      const f = drawFigures(drawSchedule(input(n, s, r, "meet")));
      const g = drawFigures(randomSchedule(input(n, s, r, "meet")));
      expect(f.maxPair - f.lowerBound, `${n}/${s}/${r}`).toBeLessThanOrEqual(1);
      expect(f.maxPair).toBeLessThan(g.maxPair);
      expect(f.pairStdDev).toBeLessThan(g.pairStdDev);
    }
  });

  it("meetings: 20 players at 10 seats, 6 rounds — the largest pair count ≤ 4 (bound 3 + 1) for every seed tried (the focused search; TEST_DEEP=1 all seeds)", () => {
    // Two tables a round: a player is a 6-bit vector (its table each round), meetings = 6 − Hamming distance;
    // 10 weight-2 vectors and their complements show 4 is reachable. Before the focused search a seed in three ended at 5.
    for (const seed of seeds(["meet", "bench-20-10-6-0", "spring-cup", "bench-20-10-6-1", "bench-20-10-6-2", "x", "y", "z"], 2)) {
      const f = drawFigures(drawSchedule(input(20, 10, 6, seed)));
      expect(f.lowerBound).toBe(3);
      expect(f.maxPair, seed).toBeLessThanOrEqual(4);
      expect(f.overSeatBound, seed).toBe(0);
    }
  });

  it("meetings: 36 players at 12 seats, 6 rounds — the largest pair count ≤ 3 (bound 2 + 1) for every seed tried (the focused search; TEST_DEEP=1 all seeds)", () => {
    // Three tables a round: a player is a vector in {0,1,2}^6, meetings = 6 − Hamming distance; the goal needs
    // 36 balanced vectors at distance ≥ 3. Before the focused search every seed ended at 4.
    for (const seed of seeds(["meet", "bench-36-12-6-0", "bench-36-12-6-2"], 1)) {
      const f = drawFigures(drawSchedule(input(36, 12, 6, seed)));
      expect(f.lowerBound).toBe(2);
      expect(f.maxPair, seed).toBeLessThanOrEqual(3);
      expect(f.overSeatBound, seed).toBe(0);
    }
  });

  it("refuses sizes it cannot draw", () => {
    expect(drawRefusal(input(9, 10, 4))).toMatch(/fewer players/);
    expect(drawRefusal(input(20, 3, 4))).toMatch(/4–30 seats/);
    expect(drawRefusal(input(20, 10, 0))).toMatch(/rounds/);
    expect(() => drawSchedule(input(9, 10, 4))).toThrow(/no draw/);
  });
});
