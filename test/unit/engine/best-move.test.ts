/**
 * RULES.md §9.4 the best move (shared/engine/rules/best-move.ts): "the first player killed by the mafia's
 * shot on the first night with a shot … names up to three seats during their last words". Public once
 * made, once a game, in the victim's own last words only; on where the preset enables it (sport) or the
 * table asks for it (a tournament table: createGame's `bestMove`). Its points (§9.4: two black seats
 * +0.25, three +0.5, a black victim's nothing) are counted by shared/tournaments/points.ts from the
 * teams of the named seats — here read from the finished game as a tournament does.
 */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { bestMovePoints } from "../../../shared/tournaments/points.ts";
import { PlayerActionSchema } from "../../../shared/protocol/messages.ts";
import type { PlayerAction, Seat } from "../../../shared/engine/types.ts";
import { LAYOUT, Table } from "./harness.ts";

const best = (...seats: Seat[]): PlayerAction => ({ type: "best-move", seats });
const movesIn = (t: Table, seat?: Seat) => (seat === undefined ? t.spectator() : t.view(seat)).log.filter((e) => e.type === "best-move").map((e) => e.data);
/** LAYOUT "DMMSCCCCCC": seats 1–3 black (Don, Mafia, Mafia), 4 Sheriff, 5–10 Civilians. */
const team = (seat: Seat): "red" | "black" => (seat <= 3 ? "black" : "red");
/** §9.4 the points of a made best move, as the tournament reads them (victim's team, named seats' teams). */
const pointsOf = (victim: Seat, named: readonly Seat[]) => bestMovePoints({ victimTeam: team(victim), named: named.map(team) });

/** Day 1 passes without a vote; night 1 the mafia shoots `target` unanimously: the last words of `target`. */
function shotOnNightOne(target: Seat, o: { bestMove?: boolean } = {}): Table {
  const t = new Table({ roles: LAYOUT, ...o });
  t.speeches();
  t.night({ 1: target, 2: target, 3: target });
  expect(t.phase).toBe("last-words");
  expect(t.speaker).toBe(target);
  return t;
}

describe("RULES.md §9.4 the best move", () => {
  it("the first night's shot victim is offered it in their last words: every other seat, up to three", () => {
    const t = shotOnNightOne(7);
    expect(t.view(7).you!.actions.find((a) => a.type === "best-move")).toEqual({ type: "best-move", targets: [1, 2, 3, 4, 5, 6, 8, 9, 10], max: 3 });
    // Nobody else is offered it.
    for (let seat = 1; seat <= 10; seat++) if (seat !== 7) expect(t.view(seat).you!.actions.some((a) => a.type === "best-move"), `seat ${seat}`).toBe(false);
  });

  it("three black seats named: public to every seat and a spectator at once, kept in the state, +0.5", () => {
    const t = shotOnNightOne(7);
    const ev = t.act(7, best(1, 2, 3));
    expect(ev.map((e) => [e.type, e.audience, e.data])).toEqual([["best-move", { kind: "public" }, { seat: 7, named: [1, 2, 3] }]]);
    for (let seat = 1; seat <= 10; seat++) expect(movesIn(t, seat), `seat ${seat}`).toEqual([{ seat: 7, named: [1, 2, 3] }]);
    expect(movesIn(t)).toEqual([{ seat: 7, named: [1, 2, 3] }]);
    expect(t.s.bestMove).toEqual({ seat: 7, named: [1, 2, 3] });
    expect(pointsOf(7, [1, 2, 3])).toBe(50);
    // Once a game: no longer offered, a second one is already-acted; the speech goes on.
    expect(t.view(7).you!.actions.map((a) => a.type).sort()).toEqual(["claim", "end-speech"]);
    t.reject(7, best(4), "already-acted");
    expect(t.phase).toBe("last-words");
  });

  it("two black seats among three named: +0.25", () => {
    const t = shotOnNightOne(5);
    t.act(5, best(2, 9, 1));
    expect(movesIn(t)).toEqual([{ seat: 5, named: [2, 9, 1] }]);
    expect(pointsOf(5, [2, 9, 1])).toBe(25);
  });

  it("no black seat named (and one black of one named): 0 — recorded all the same", () => {
    const t = shotOnNightOne(4);
    t.act(4, best(8, 9, 10));
    expect(movesIn(t)).toEqual([{ seat: 4, named: [8, 9, 10] }]);
    expect(pointsOf(4, [8, 9, 10])).toBe(0);
    expect(pointsOf(4, [1])).toBe(0);
  });

  it("a black victim (the mafia shot its own) may name seats: recorded, and counts nothing", () => {
    const t = shotOnNightOne(2);
    t.act(2, best(1, 3));
    expect(movesIn(t)).toEqual([{ seat: 2, named: [1, 3] }]);
    expect(pointsOf(2, [1, 3])).toBe(0);
  });

  it("bad seats are illegal-target and change nothing: none, four, oneself, twice the same, outside the table", () => {
    const t = shotOnNightOne(7);
    const before = JSON.stringify(t.state);
    for (const a of [best(), best(1, 2, 3, 4), best(7), best(1, 7), best(2, 2), best(11), best(0), { type: "best-move", seats: [1.5] } as unknown as PlayerAction]) {
      t.reject(7, a, "illegal-target");
    }
    expect(JSON.stringify(t.state)).toBe(before);
    // The protocol refuses the shapes first (1–3 seats).
    expect(v.safeParse(PlayerActionSchema, { type: "best-move", seats: [1, 2, 3] }).success).toBe(true);
    expect(v.safeParse(PlayerActionSchema, { type: "best-move", seats: [] }).success).toBe(false);
    expect(v.safeParse(PlayerActionSchema, { type: "best-move", seats: [1, 2, 3, 4] }).success).toBe(false);
    expect(v.safeParse(PlayerActionSchema, { type: "best-move", seats: [1], extra: 1 }).success).toBe(false);
  });

  it("only in one's own last words: another seat, a day speech, after the last words are refused", () => {
    const t = shotOnNightOne(7);
    t.reject(5, best(1, 2, 3), "not-your-turn");
    t.end(7);
    expect(t.phase).toBe("speech");
    // Seat 7 has left: outside its own speech it does nothing.
    t.reject(7, best(1, 2, 3), "not-allowed");
    const sp = t.speaker as Seat;
    t.reject(sp, best(1, 2, 3), "not-allowed");
    expect(movesIn(t)).toEqual([]);
  });

  it("the first night *with a shot*: night 1 missed, night 2's victim makes it; a later victim never does", () => {
    const t = new Table({ roles: LAYOUT });
    t.speeches();
    t.night({ 1: 7, 2: 8, 3: 7 }); // no unanimity: a miss
    expect(t.phase).toBe("speech");
    t.speeches();
    t.night({ 1: 8, 2: 8, 3: 8 });
    expect(t.speaker).toBe(8);
    expect(t.view(8).you!.actions.some((a) => a.type === "best-move")).toBe(true);
    t.act(8, best(1, 2));
    t.end(8);
    t.speeches();
    t.night({ 1: 9, 2: 9, 3: 9 });
    expect(t.speaker).toBe(9);
    expect(t.view(9).you!.actions.some((a) => a.type === "best-move")).toBe(false);
    t.reject(9, best(1, 2, 3), "already-acted");

    // Night 1 killed seat 7, who named nobody: night 2's victim is not the first shot victim.
    const u = shotOnNightOne(7);
    u.end(7);
    u.speeches();
    u.night({ 1: 8, 2: 8, 3: 8 });
    expect(u.speaker).toBe(8);
    expect(u.view(8).you!.actions.some((a) => a.type === "best-move")).toBe(false);
    u.reject(8, best(1, 2, 3), "not-allowed");
  });

  it("where the preset does not enable it and the table did not ask, nothing is offered; a tournament table asks for it", () => {
    const off = shotOnNightOne(7, { bestMove: false });
    expect(off.view(7).you!.actions.some((a) => a.type === "best-move")).toBe(false);
    off.reject(7, best(1, 2, 3), "not-allowed");
    // Tatar (RULES.md §7) has no best move by itself; a tournament table turns it on.
    const tatar = new Table({ preset: "tatar", seats: 12, bestMove: true });
    expect((tatar.s as { bestMoveRule?: boolean }).bestMoveRule).toBe(true);
    const plain = new Table({ preset: "tatar", seats: 12 });
    expect((plain.s as { bestMoveRule?: boolean }).bestMoveRule).toBeUndefined();
  });
});
