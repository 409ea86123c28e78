/**
 * host-classic property (issue 17; see property.ts): 180 seeded random games over 8–16 seats (every
 * seventh with a live host who confirms each gated stage, §5.7); every view of every player and a
 * spectator after every input holds only what its viewer may know (RULES.md §1, §4): the mafia's choices
 * to the Don and Mafia only (a black Maniac acts alone), the Maniac's side his alone, the wounded the
 * Doctor's alone, each role's own checks private, and a card shown as soon as its player leaves (open reveal).
 */
import { describe, expect, it } from "vitest";
import { viewFor } from "../../../shared/engine/index.ts";
import { playGame } from "../../../shared/bots/index.ts";
import { assertEntitled } from "./entitlement.ts";
import { gamesTitle, loopGames, propertyShard } from "./property.ts";

/** Games of the Maniac's-side loop: 12 in `npm test` (11–16 seats twice over), 60 with TEST_DEEP=1. */
const SIDE_GAMES = loopGames(12, 60);

describe("property (host-classic, RULES.md §4): views are allowlists", () => {
  it(`${gamesTitle(0, 180, "host-classic")}: every view (each player + a spectator) after every input is an allowlist`, () => {
    propertyShard(0, 180, "host-classic", 40);
  }, 300_000);

  it("RULES.md §4.1 from 11 seats the Maniac's side varies, and a black Maniac's games stay allowlists; §4.4 the Commissar's shot and the crossed hands happen", () => {
    const seen = { black: 0, shot: 0, barred: 0 };
    for (let g = 0; g < SIDE_GAMES; g++) {
      const seats = 11 + (g % 6);
      const ids = Array.from({ length: seats }, (_, i) => `p${i + 1}`);
      const views = new Map<string | null, number>();
      const r = playGame({
        presetId: "host-classic", seats, seed: `hc-side-${g}`, bots: "heuristic", mode: "view",
        onInput: (state) => {
          for (const id of [...ids, null]) {
            const v = viewFor(state, id ? { kind: "player", playerId: id } : { kind: "spectator" });
            views.set(id, assertEntitled(state, id, v, views.get(id) ?? 0));
          }
        },
      });
      expect(r.rejections).toBe(0);
      const s = r.state as unknown as { result: unknown; events: Array<{ type: string; data: Record<string, unknown> }> };
      expect(s.result, `game ${g} did not end`).not.toBeNull();
      if (s.events.some((e) => e.type === "side-chosen" && e.data.team === "black")) seen.black++;
      if (s.events.some((e) => e.type === "used" && e.data.ability === "commissar-shot")) seen.shot++;
      if (s.events.some((e) => e.type === "wounded" && (e.data.barred as unknown[]).length > 0)) seen.barred++;
    }
    // The games reached what they are for.
    // About a fifth of the games have a black Maniac and a tenth the Commissar's shot (10 and 5 of 60).
    expect(seen.black).toBeGreaterThan(SIDE_GAMES / 6);
    expect(seen.shot).toBeGreaterThan(SIDE_GAMES / 12);
    expect(seen.barred).toBeGreaterThan(0);
  }, 300_000);
});
