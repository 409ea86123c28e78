/**
 * club property (issue 18; see property.ts): 160 seeded random games over 12–15 seats and four
 * compositions (every seventh with a live host who confirms each gated stage, §5.7); every view of every
 * player and a spectator after every input holds only what its viewer may know (RULES.md §1, §6): the
 * mafia's choices to the Boss and the Mafia only, the Witness's seat his alone, a turned Werewolf's and
 * a Swindler's new side to them and the black team they join, every check private until the morning
 * names it by role, a card shown as soon as its player leaves — except the Swindler's victim.
 */
import { describe, expect, it } from "vitest";
import { viewFor } from "../../../shared/engine/index.ts";
import { playGame } from "../../../shared/bots/index.ts";
import { countsOf, ALL } from "./club-helpers.ts";
import { assertEntitled } from "./entitlement.ts";
import { gamesTitle, loopGames, propertyShard } from "./property.ts";

/** Games of the every-role loop: 12 in `npm test` (12–15 seats three times over, six with an immune seat), 60 with TEST_DEEP=1. */
const ROLE_GAMES = loopGames(12, 60);

describe("property (club, RULES.md §6): views are allowlists", () => {
  it(`${gamesTitle(0, 160, "club")}: every view (each player + a spectator) after every input is an allowlist`, () => {
    propertyShard(0, 160, "club", 40);
  }, 300_000);

  it("RULES.md §6 with every role dealt the Witness learns, the Werewolf turns, the Swindler swaps, the Kamikaze takes the Maniac and the Curser curses; §6.10 half the games with an immune seat — and the games stay allowlists", () => {
    const seen = { witnessed: 0, turned: 0, swapped: 0, kamikaze: 0, cursed: 0, immune: 0 };
    for (let g = 0; g < ROLE_GAMES; g++) {
      const seats = 12 + (g % 4);
      const ids = Array.from({ length: seats }, (_, i) => `p${i + 1}`);
      const views = new Map<string | null, number>();
      const r = playGame({
        presetId: "club", seats, seed: `club-roles-${g}`, settings: countsOf(ALL), bots: "heuristic", mode: "view",
        // §6.10 every other game comes second in an evening: one or two players immune on day 1 and night 1.
        ...(g % 2 ? { immunity: ids.slice(0, 1 + (g % 4 === 1 ? 1 : 0)) } : {}),
        onInput: (state) => {
          for (const id of [...ids, null]) {
            const v = viewFor(state, id ? { kind: "player", playerId: id } : { kind: "spectator" });
            views.set(id, assertEntitled(state, id, v, views.get(id) ?? 0));
          }
        },
      });
      expect(r.rejections).toBe(0);
      const s = r.state as unknown as { result: unknown; events: Array<{ type: string; data: Record<string, unknown> }>; nights?: Array<{ steps: Array<{ kind: string; passive?: string }> }> };
      expect(s.result, `game ${g} did not end`).not.toBeNull();
      for (const k of ["witnessed", "turned", "swapped", "cursed", "immune"] as const) if (s.events.some((e) => e.type === k)) seen[k]++;
      if (s.nights?.some((n) => n.steps.some((x) => x.kind === "reaction" && x.passive === "takes-maniac"))) seen.kamikaze++;
    }
    // The games reached what they are for.
    expect(seen.witnessed).toBe(ROLE_GAMES);
    expect(seen.immune, "games with an immune seat (§6.10)").toBe(ROLE_GAMES / 2);
    for (const k of ["turned", "swapped", "kamikaze", "cursed"] as const) expect(seen[k], k).toBeGreaterThan(0);
  }, 300_000);
});
