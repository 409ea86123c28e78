/** Property shard 4/4 (games 750–999); see property.ts. 4 × 250 = 1,000 seeded random games. */
import { describe, it } from "vitest";
import { gamesTitle, propertyShard } from "./property.ts";

describe("property: views are allowlists", () => {
  it(`${gamesTitle(750, 1000)}: every view (10 players + a spectator) after every input holds only what its viewer may know`, () => {
    propertyShard(750, 1000);
  });
});
