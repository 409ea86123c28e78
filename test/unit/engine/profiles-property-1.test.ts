/**
 * Profiles property shard 1/2 (issue 16; see property.ts): seeded random games per profile at every
 * table size (6–20 seats; Custom with mixes of the §5.6 catalogue; every seventh with a live host);
 * every view of every player and a spectator after every input holds only what its viewer may know —
 * the mafia's tally, each role's own choices, check results and Tracker / Watcher results private, the
 * night's "why" never shown before the end.
 */
import { describe, it } from "vitest";
import { gamesTitle, propertyShard } from "./property.ts";

describe("property (profiles, RULES.md §5): views are allowlists", () => {
  for (const [preset, games] of [["classic", 30], ["extended", 30]] as const) {
    it(`${preset}: ${gamesTitle(0, games, preset)}, every view after every input is an allowlist`, () => {
      propertyShard(0, games, preset, 20);
    }, 300_000);
  }
});
