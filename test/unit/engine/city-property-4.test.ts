/** City property shard 4/4 (games 750–999); see property.ts. 4 × 250 = 1,000 seeded random city games on 10/11/12 seats. */
import { describe, it } from "vitest";
import { gamesTitle, propertyShard } from "./property.ts";

describe("property (city, RULES.md §3): views are allowlists", () => {
  it(`${gamesTitle(750, 1000, "city")}: every view (each player + a spectator) after every input holds only what its viewer may know — freezes, heals, Maniac kills and checks private`, () => {
    propertyShard(750, 1000, "city");
  });
});
