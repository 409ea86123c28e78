/**
 * Log deltas (docs/PROTOCOL.md "Log deltas"): after every input of whole seeded games, every viewer's
 * delta frame merged into its previous full view equals the full view built from scratch; the counts
 * are the viewer's own; at the end the whole log is sent again.
 */
import { describe, expect, it } from "vitest";
import { playGame } from "../../shared/bots/index.ts";
import { viewFor, type GameState, type Viewer } from "../../shared/engine/index.ts";
import type { TableView } from "../../shared/protocol/messages.ts";
import { mergeView } from "../../shared/protocol/view-merge.ts";
import { DEEP } from "./deep.ts";

/** Whole games per preset: 2 in `npm test` (each bot mix's seeds differ), 5 with TEST_DEEP=1. */
const GAMES = DEEP ? 5 : 2;

const wrap = (game: ReturnType<typeof viewFor>): TableView => ({ game }) as unknown as TableView;

describe("log deltas", () => {
  for (const presetId of ["sport", "city"]) {
    it(`${presetId}: previous full view + delta = full view, for every viewer after every input`, () => {
      for (let g = 0; g < GAMES; g++) {
        const viewers: Viewer[] = [{ kind: "spectator" }, { kind: "host" }, ...Array.from({ length: 10 }, (_, i) => ({ kind: "player" as const, playerId: `p${i + 1}` }))];
        const held = new Map<Viewer, TableView>();
        let deltas = 0;
        playGame({
          presetId,
          seed: `delta-${presetId}-${g}`,
          bots: "random",
          onInput: (state: GameState) => {
            for (const viewer of viewers) {
              const full = viewFor(state, viewer);
              const prev = held.get(viewer);
              expect(full.logAfter).toBeNull();
              expect(full.logUpTo).toBe(full.log.length);
              if (prev) {
                const delta = viewFor(state, viewer, { logAfter: prev.game!.logUpTo });
                if (delta.logAfter !== null) deltas++;
                else expect(delta.result).not.toBeNull(); // only the end resends the whole log
                expect(mergeView(prev, wrap(delta))).toEqual(wrap(full));
                // A delta that does not follow what the receiver holds is refused (it must `sync`).
                if (delta.logAfter !== null && delta.logAfter > 0) expect(mergeView(wrap(viewFor(state, viewer, { logAfter: 0 })), wrap(delta))).toBeNull();
              }
              held.set(viewer, wrap(full));
            }
          },
        });
        expect(deltas).toBeGreaterThan(100);
      }
    });
  }
});

describe("§1 Secrets: the log's numbering counts only what the viewer sees", () => {
  it("a town player's log is numbered 1..n without gaps, though hidden night events happened between", () => {
    let checked = false;
    playGame({
      presetId: "sport",
      seed: "seq-gaps",
      bots: "heuristic",
      onInput: (state: GameState) => {
        const host = viewFor(state, { kind: "host" });
        for (let i = 1; i <= 10; i++) {
          const v = viewFor(state, { kind: "player", playerId: `p${i}` });
          expect(v.log.map((e) => e.seq)).toEqual(v.log.map((_, k) => k + 1));
          if (!v.result && v.log.length < host.log.length) checked = true;
        }
      },
    });
    expect(checked).toBe(true);
  });
});
