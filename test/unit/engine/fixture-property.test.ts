/**
 * The random-game property (property.ts) over the fixture preset "fixture-priest" (test/fixtures/
 * solo-preset.ts): roles the engine does not ship — the Priest, the Trapper with an effect of his own
 * ("trap", test/fixtures/trap.ts) and the solo Hermit with his own win reason — played by random and
 * heuristic bots, every view of every player and a spectator after every input checked against the
 * entitlement oracle (RULES.md §1 Secrets, §5.3, §5.4); every game ends, no offered action is refused.
 */
import "../../fixtures/solo-preset.ts";
import { describe, it } from "vitest";
import { gamesTitle, propertyShard } from "./property.ts";

describe("property (fixture roles, RULES.md §5.3, §5.4): views are allowlists", () => {
  it(`${gamesTitle(0, 120, "fixture-priest")}: every view (10 players + a spectator) after every input holds only what its viewer may know`, () => {
    propertyShard(0, 120, "fixture-priest", 30);
  }, 300_000);
});
