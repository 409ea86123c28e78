/**
 * RULES.md §9.6 the final's seats and §9.4 the facts a tournament reads from a finished game
 * (shared/tournaments/facts.ts, shared/tournaments/view.ts).
 */
import { describe, expect, it } from "vitest";
import { createGame } from "../../shared/engine/index.ts";
import { asEngine } from "../../shared/engine/state.ts";
import { finalSeats, gameFacts } from "../../shared/tournaments/facts.ts";
import { pointsOfSeat } from "../../shared/tournaments/view.ts";

describe("§9.6 the final: seats drawn so each finalist sits in a different position", () => {
  it("every game seats all S finalists once; no finalist repeats a position over F ≤ S games", () => {
    for (const [s, f] of [[10, 1], [10, 4], [10, 10], [12, 5]] as const) {
      const games = finalSeats(s, f, `seed-${s}-${f}`);
      expect(games).toHaveLength(f);
      for (const g of games) expect([...g].sort((a, b) => a - b)).toEqual(Array.from({ length: s }, (_, i) => i));
      for (let i = 0; i < s; i++) {
        const positions = games.map((g) => g.indexOf(i));
        expect(new Set(positions).size, `finalist ${i}`).toBe(f);
      }
    }
  });
  it("the same seed gives the same seats; another seed others; more games than seats is refused", () => {
    expect(finalSeats(10, 3, "a")).toEqual(finalSeats(10, 3, "a"));
    expect(finalSeats(10, 3, "a")).not.toEqual(finalSeats(10, 3, "b"));
    expect(() => finalSeats(10, 11, "a")).toThrow();
    expect(() => finalSeats(10, 0, "a")).toThrow();
  });
});

describe("§9.4 the facts of a finished game (read from the record, never typed)", () => {
  const players = Array.from({ length: 10 }, (_, i) => ({ id: `p${i + 1}`, nickname: `N${i + 1}`, bot: false }));
  it("null while the game runs; then winner, each seat's role/team/removal and the best move", () => {
    // The seed is pinned to a deal with seat 5 red (blacks 1, 4, 10): the best move's bonus is a red's (§9.4).
    const g = createGame("sport", { autoDeal: true }, players, "facts-1", 0, { keepOrder: true });
    expect(gameFacts(g)).toBeNull();
    const s = asEngine(g);
    // A finished game, as the engine leaves it: seat 2 removed, seat 5 the first shot victim naming 1, 2, 3.
    const blacks = s.players.filter((p) => p.team === "black").map((p) => p.seat);
    s.players[1]!.out = "removed";
    s.bestMove = { seat: 5, named: blacks };
    s.result = { winner: "red", reason: "mafia-eliminated" } as never;
    const f = gameFacts(g)!;
    expect(f.winner).toBe("red");
    expect(f.seats.map((x) => x.seat)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(f.seats[1]!.removed).toBe(true);
    expect(f.seats.filter((x) => x.removed)).toHaveLength(1);
    expect(f.bestMove).toEqual({ seat: 5, named: blacks });
    // Seat 5 (red by this seed) named the three black seats: +0.5 on top of the win.
    expect(f.seats[4]!.team, "the pinned seed deals seat 5 red").toBe("red");
    expect(blacks).toEqual([1, 4, 10]);
    expect(pointsOfSeat(f, 5, 0)).toBe(150);
    // Seat 2 removed: −0.5 on its result; an extra of 0.35 adds exactly.
    expect(f.seats[1]!.team).toBe("red");
    expect(pointsOfSeat(f, 2, 35)).toBe(100 - 50 + 35);
  });
});
