/**
 * Issue 36, less CPU per input: what the table's fan-out shares between views instead of building and
 * walking it once per connection — and that sharing never lets one view change another's.
 *  - `sameJson`: equality as JSON text, without the text (the quiet-change check, the table's parts).
 *  - `viewFor` handed a public part: a seat the view adds nothing to is the frozen public seat; a seat it
 *    adds a role or a running tally to is its own copy (RULES.md §1 Secrets: a role never reaches a
 *    view through a shared object).
 * The table's side (worker/table/view.ts tableParts, worker/table/engine.ts sharedOf) is tested in
 * test/worker/table-parts.test.ts.
 */
import { describe, expect, it } from "vitest";
import { playGame } from "../../shared/bots/index.ts";
import { sharedView, viewFor, withLogAfter, type GameState, type Viewer } from "../../shared/engine/index.ts";
import { sportStates } from "../fixtures/sport-states.ts";
import { sameJson } from "../../shared/protocol/view-patch.ts";

describe("sameJson (issue 36)", () => {
  it("is JSON equality: key order aside, undefined keys absent, arrays element by element", () => {
    expect(sameJson({ a: 1, b: [1, { c: "x" }] }, { b: [1, { c: "x" }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(sameJson({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson([1, 2], [1, 2, 3])).toBe(false);
    expect(sameJson([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameJson({ 0: 1 }, [1])).toBe(false);
    expect(sameJson(null, {})).toBe(false);
    expect(sameJson("1", 1)).toBe(false);
    expect(sameJson({ s: [{ x: [true] }] }, { s: [{ x: [false] }] })).toBe(false);
  });

  it("agrees with comparing the JSON text of every view of a whole game", () => {
    let prev: unknown = null;
    let compared = 0;
    playGame({
      presetId: "sport", seed: "same-json", bots: "heuristic",
      onInput: (state: GameState) => {
        const view = viewFor(state, { kind: "spectator" }, { logAfter: Number.MAX_SAFE_INTEGER });
        if (prev !== null) {
          expect(sameJson(prev, view)).toBe(JSON.stringify(prev) === JSON.stringify(view));
          compared++;
        }
        prev = view;
      },
    });
    expect(compared).toBeGreaterThan(50);
  });
});

describe("viewFor handed the public part: shared seats are frozen and carry nothing private (issue 36, RULES.md §1)", () => {
  it("a seat the view adds nothing to is the public seat; its own and its team's are copies with the role", () => {
    const all = sportStates();
    // A state without an open ballot (its running tally makes every seat a copy: the next test).
    const state = all.slice(Math.floor(all.length / 3)).find((s) => viewFor(s, { kind: "spectator" }).ballot?.mode !== "open")!;
    expect(state, "a state of the game without an open ballot").toBeDefined();
    const shared = sharedView(state);
    for (const id of ["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10"]) {
      const view = viewFor(state, { kind: "player", playerId: id }, { shared });
      const alone = viewFor(state, { kind: "player", playerId: id });
      expect(view).toEqual(alone);
      let sharedSeats = 0;
      for (const seat of view.seats) {
        const isShared = seat === shared.seats[seat.seat - 1];
        // Without a role the view adds nothing to the seat: it must be the public seat itself, frozen.
        expect(isShared, `seat ${seat.seat} in ${id}'s view ${seat.role === undefined ? "without" : "with"} a role`).toBe(seat.role === undefined);
        if (isShared) expect(Object.isFrozen(seat)).toBe(true);
        if (isShared) sharedSeats++;
      }
      // Sport (§1): a red sees one role (its own), a black its team's three: the other seats are shared.
      expect(sharedSeats, `${id}'s view shares the seats it adds nothing to`).toBeGreaterThanOrEqual(view.seats.length - 3);
      // The viewer's own seat always carries its role: never the shared object.
      expect(view.seats[view.you!.seat - 1]).not.toBe(shared.seats[view.you!.seat - 1]);
    }
    expect(() => { (shared.seats[0] as { role?: string }).role = "don"; }).toThrow(TypeError);
  });

  it("an open ballot's running tally is each view's own copy", () => {
    const all = sportStates();
    const voting = all.find((s) => viewFor(s, { kind: "spectator" }).ballot?.mode === "open" && viewFor(s, { kind: "spectator" }).seats.some((x) => (x.votes ?? 0) > 0));
    expect(voting, "an open vote with votes cast").toBeDefined();
    const shared = sharedView(voting!);
    const view = viewFor(voting!, { kind: "spectator" }, { shared });
    expect(view).toEqual(viewFor(voting!, { kind: "spectator" }));
    for (const seat of view.seats) expect(seat).not.toBe(shared.seats[seat.seat - 1]);
  });
});

describe("a view's log as a delta: the count kept per list and the tail read from the end (RULES.md §1: counts are the viewer's own)", () => {
  const viewers: Viewer[] = [...Array.from({ length: 10 }, (_, i) => ({ kind: "player" as const, playerId: `p${i + 1}` })), { kind: "spectator" }, { kind: "host" }];
  const check = (states: GameState[]) => {
    let compared = 0;
    for (const state of states) {
      for (const viewer of viewers) {
        const whole = viewFor(state, viewer);
        const kept = viewFor(state, viewer, { logAfter: Number.MAX_SAFE_INTEGER, shared: sharedView(state) });
        expect(kept.logUpTo, "the count of a view without entries is the whole log's").toBe(whole.logUpTo);
        for (const after of [null, 0, Math.max(0, whole.logUpTo - 3), whole.logUpTo]) {
          const delta = viewFor(state, viewer, { logAfter: after });
          expect(delta.logUpTo).toBe(whole.logUpTo);
          // Once the game is over the whole log is sent whatever `logAfter`.
          expect(delta.log).toEqual(whole.result !== null || after === null ? whole.log : whole.log.filter((e) => e.seq > after));
          // The table's way: the view kept for the state, with the tail for what the connection holds.
          expect(withLogAfter(state, viewer, kept, after)).toEqual(viewFor(state, viewer, { logAfter: after, shared: sharedView(state) }));
          compared++;
        }
      }
    }
    return compared;
  };

  it("agrees with the whole log for every viewer of every state of a game, built in order (counts carried from the list before)", () => {
    expect(check(sportStates())).toBeGreaterThan(1000);
  });

  it("and built last state first (every count from the start)", () => {
    expect(check(sportStates().reverse())).toBeGreaterThan(1000);
  });
});
