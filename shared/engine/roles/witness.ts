import type { RoleModule } from "./types.ts";

/**
 * RULES.md §6 Witness (club, *decision*): red, no night move. At the acquaintance night he learns one
 * random black seat other than the Boss (phases/acquaintance.ts `witness`); with no such seat, nothing.
 */
export const witness: RoleModule = {
  id: "witness",
  team: "red",
  abilities: [],
  appearsAs: { commissar: "red" },
  passives: ["witness"],
  knowsTeam: false,
  marks: ["witnessed"],
};
