/**
 * The table store's view (web/src/table/store-view.ts): reconciled from a target that keeps the store's own
 * nodes where the view did not change, the store holds exactly each new view, never adopts an object of
 * it (the next patch applies to that view), and keeps its unchanged nodes (what did not change does
 * not re-render).
 */
import type * as SolidStore from "solid-js/store";
// The browser's build of the store: in Node, "solid-js/store" is the server build, whose reconcile
// replaces values instead of diffing them into the nodes it holds.
// @ts-expect-error the package declares no types for its dist path
import * as browserStore from "solid-js/store/dist/store.js";
import { describe, expect, it } from "vitest";
import { applyViewPatch } from "../../../shared/protocol/view-patch.ts";
import type { PatchOp, TableView } from "../../../shared/protocol/messages.ts";
import { storeTarget } from "../../../web/src/table/store-view.ts";

const { createStore, reconcile, unwrap } = browserStore as typeof SolidStore;

/** A small seeded generator (the same sequence every run). */
function rng(seed: number) {
  let x = seed >>> 0 || 1;
  return (n: number) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function holder() {
  const [state, setState] = createStore<{ view: TableView | null }>({ view: null });
  let given: TableView | null = null;
  return {
    state,
    give(view: TableView) {
      setState("view", reconcile(storeTarget(view, given, state.view) as TableView));
      given = view;
    },
  };
}

/** Every object and array reachable from a value. */
function objects(x: unknown, out = new Set<object>()): Set<object> {
  if (x !== null && typeof x === "object") {
    out.add(x);
    for (const v of Object.values(x)) objects(v, out);
  }
  return out;
}

describe("storeTarget", () => {
  it("the store holds each patched view, shares no object with it, and keeps what did not change", () => {
    const r = rng(53);
    const seat = (i: number): Json => ({ seat: i + 1, alive: true, votes: 0, nickname: `P${i + 1}` });
    let view = { status: "game", lobby: [{ id: "a", seat: 1 }, { id: "b", seat: 2 }], game: { phase: "day", seats: Array.from({ length: 12 }, (_, i) => seat(i)), log: [] as Json[], you: { seat: 1, actions: [] } } } as unknown as TableView;
    const h = holder();
    h.give(view);
    for (let step = 0; step < 400; step++) {
      const ops: PatchOp[] = [];
      const k = r(6);
      if (k === 0) ops.push(["/game/log", (view.game!.log as unknown[]).length, [{ id: `e${step}`, type: "x", day: r(3) }]]);
      else if (k === 1) ops.push([`/game/seats/${r(12)}/alive`, r(2) === 0]);
      else if (k === 2) ops.push([`/game/seats/${r(12)}/votes`, r(4)]);
      else if (k === 3) ops.push(["/game/you/actions", r(2) ? [{ type: "vote", targets: [r(12) + 1] }] : []]);
      else if (k === 4) ops.push(["/lobby", r(2) ? [{ id: "b", seat: 2 }, { id: "a", seat: 1 }] : [{ id: "a", seat: 1 }, { id: "c", seat: 3 }, { id: "b", seat: 2 }]]);
      else ops.push(["/game/phase", ["day", "night", "vote"][r(3)]!], "pause" in view.game! ? ["/game/pause"] : ["/game/pause", { by: "host", at: step }]);
      const next = applyViewPatch(view, ops);
      expect(next).not.toBeNull();
      const beforeLog = h.state.view!.game!.log;
      const beforeSeats = [...h.state.view!.game!.seats];
      h.give(next!);
      expect(JSON.parse(JSON.stringify(h.state.view))).toEqual(JSON.parse(JSON.stringify(next)));
      // Nothing of the plain view is the store's: a later patch applies to it.
      const raw = objects(unwrap(h.state.view));
      for (const o of objects(next)) expect(raw.has(o)).toBe(false);
      // A seat the patch did not touch is the store's same node (its tile does not re-render).
      for (let i = 0; i < 12; i++) if (next!.game!.seats[i] === view.game!.seats[i]) expect(h.state.view!.game!.seats[i]).toBe(beforeSeats[i]);
      if (next!.game!.log === view.game!.log) expect(h.state.view!.game!.log).toBe(beforeLog);
      view = next!;
    }
  });

  it("a whole new view (a full frame) is copied and reconciled as before", () => {
    const h = holder();
    const a = { status: "lobby", lobby: [{ seat: 1, nickname: "A" }], game: null } as unknown as TableView;
    h.give(a);
    const b = JSON.parse(JSON.stringify({ ...a, lobby: [{ seat: 1, nickname: "B" }] })) as TableView;
    h.give(b);
    expect(h.state.view!.lobby[0]!.nickname).toBe("B");
    (b.lobby[0] as { nickname: string }).nickname = "C";
    expect(h.state.view!.lobby[0]!.nickname).toBe("B");
  });
});
