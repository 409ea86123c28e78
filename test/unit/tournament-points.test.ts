/**
 * Issue 34, RULES.md §9.4–§9.5 as scenarios: one player's games and the standings they make.
 */
import { describe, expect, it } from "vitest";
import { bestMovePoints, extraRefusal, gamePoints, rankRows, standings, type TournamentGame } from "../../shared/tournaments/points.ts";

const game = (o: Partial<TournamentGame> & { player: string }): TournamentGame => ({ team: "red", role: "civilian", winner: "red", extra: 0, removed: false, bestMove: null, ...o });

describe("§9.4 points per game", () => {
  it("a win is 1, a loss 0, a draw 0 for everyone", () => {
    expect(gamePoints(game({ player: "a", team: "red", winner: "red" })).total).toBe(100);
    expect(gamePoints(game({ player: "a", team: "black", winner: "red" })).total).toBe(0);
    expect(gamePoints(game({ player: "a", team: "red", winner: "draw" })).total).toBe(0);
    expect(gamePoints(game({ player: "a", team: "black", winner: "draw" })).total).toBe(0);
  });
  it("best move: 0, 2 and 3 black seats named give 0, +0.25, +0.5", () => {
    const bm = (named: Array<"red" | "black">) => ({ victimTeam: "red" as const, named });
    expect(bestMovePoints(bm(["red", "red", "red"]))).toBe(0);
    expect(bestMovePoints(bm(["black", "red", "red"]))).toBe(0);
    expect(bestMovePoints(bm(["black", "black", "red"]))).toBe(25);
    expect(bestMovePoints(bm(["black", "black", "black"]))).toBe(50);
    expect(gamePoints(game({ player: "a", team: "red", winner: "black", bestMove: bm(["black", "black", "black"]) })).total).toBe(50);
  });
  it("a best move by a black victim counts nothing", () => {
    expect(bestMovePoints({ victimTeam: "black", named: ["black", "black", "black"] })).toBe(0);
  });
  it("a removal is −0.5 (on top of the game's result)", () => {
    expect(gamePoints(game({ player: "a", team: "red", winner: "black", removed: true })).total).toBe(-50);
    expect(gamePoints(game({ player: "a", team: "red", winner: "red", removed: true })).total).toBe(50);
  });
  it("extra points in steps of 0.05 from −1 to +1 sum exactly", () => {
    const rows = Array.from({ length: 20 }, (_, i) => game({ player: "a", winner: "black", extra: 0.05 + (i % 2) * 0.1 }));
    // 10 × 0.05 + 10 × 0.15 = 2.00 exactly (floating-point sums would drift).
    expect(standings(rows, ["a"])[0]!.total).toBe(200);
    expect(extraRefusal(0.05)).toBeNull();
    expect(extraRefusal(-1)).toBeNull();
    expect(extraRefusal(0.07)).toMatch(/0\.05/);
    expect(extraRefusal(1.05)).toMatch(/−1 to \+1/);
    expect(() => gamePoints(game({ player: "a", extra: 0.33 }))).toThrow();
  });
});

describe("§9.5 standings: each tie-breaker decides in turn", () => {
  const order = ["p2", "p1"];
  const rank = (games: TournamentGame[]) => standings(games, order).map((s) => s.player);
  const best3 = { victimTeam: "red" as const, named: ["black", "black", "black"] as Array<"black"> };
  it("1. total points", () => {
    expect(rank([game({ player: "p1" }), game({ player: "p2", winner: "black" })])).toEqual(["p1", "p2"]);
  });
  it("2. equal totals (1): more wins — a win beats 0.5 + 0.5 of extra points", () => {
    const p1 = [game({ player: "p1" })];
    const p2 = [game({ player: "p2", winner: "black", extra: 0.5 }), game({ player: "p2", winner: "black", extra: 0.5 })];
    expect(rank([...p2, ...p1])).toEqual(["p1", "p2"]);
  });
  it("3. equal totals and wins: more extra points", () => {
    // p1: win + removal (−0.5) + extra 0.5 = 1; p2: win = 1. One win each; extra 0.5 against 0.
    const p1 = [game({ player: "p1", removed: true, extra: 0.5 })];
    const p2 = [game({ player: "p2" })];
    expect(rank([...p2, ...p1])).toEqual(["p1", "p2"]);
  });
  it("4. equal totals, wins and extra: more best-move points", () => {
    // p1: a lost game with a best move of three black seats (0.5) and a won game with a removal (1 − 0.5) = 1; p2: one win = 1.
    const p1 = [game({ player: "p1", winner: "black", bestMove: best3 }), game({ player: "p1", removed: true })];
    const p2 = [game({ player: "p2" })];
    expect(rank([...p2, ...p1])).toEqual(["p1", "p2"]);
  });
  it("5. then more wins as the Don", () => {
    const p1 = [game({ player: "p1", team: "black", role: "don", winner: "black" })];
    const p2 = [game({ player: "p2", team: "black", role: "mafia", winner: "black" })];
    expect(rank([...p2, ...p1])).toEqual(["p1", "p2"]);
  });
  it("6. then more wins as the Sheriff (or the preset's checker: the Commissar)", () => {
    expect(rank([game({ player: "p2" }), game({ player: "p1", role: "sheriff" })])).toEqual(["p1", "p2"]);
    expect(rank([game({ player: "p2" }), game({ player: "p1", role: "commissar" })])).toEqual(["p1", "p2"]);
  });
  it("7. fewer removals: never decisive once total, wins, extra and best move are equal (a removal is in the total); 8. the draw's order", () => {
    // Everything equal: the draw's order (p2 before p1) decides.
    expect(rank([game({ player: "p1" }), game({ player: "p2" })])).toEqual(["p2", "p1"]);
    const rows = standings([game({ player: "p1", removed: true }), game({ player: "p2", removed: true })], order);
    expect(rows.map((r) => [r.player, r.rank, r.removals, r.total])).toEqual([["p2", 1, 1, 50], ["p1", 2, 1, 50]]);
  });
});

describe("§9.5 standings before any game", () => {
  it("players with equal rows keep their registration order in natural order: 1, 2, …, 10, 11 (never 1, 10, 11, 2)", () => {
    const zero = (p: string) => ({ player: p, rank: 0, games: 0, total: 0, wins: 0, extra: 0, bestMove: 0, winsAsDon: 0, winsAsChecker: 0, removals: 0 });
    const ids = Array.from({ length: 12 }, (_, i) => String(i + 1));
    const shuffled = [...ids].sort();
    expect(shuffled.slice(0, 4)).toEqual(["1", "10", "11", "12"]);
    expect(rankRows(shuffled.map(zero), []).map((s) => s.player)).toEqual(ids);
    // Once drawn, the draw's order decides ties (§9.2).
    expect(rankRows(ids.map(zero), ["3", "1"]).map((s) => s.player).slice(0, 3)).toEqual(["3", "1", "2"]);
  });
});
