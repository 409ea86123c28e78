import type { RoleModule } from "./types.ts";

/**
 * RULES.md §6 Kamikaze (club, *decision*): red, no night move. When the Maniac's kill lands on him, the
 * Maniac leaves with him (`takes-maniac`, read by the night's `reactions`); a heal saves both.
 */
export const kamikaze: RoleModule = {
  id: "kamikaze",
  team: "red",
  abilities: [],
  appearsAs: { commissar: "red" },
  passives: ["takes-maniac"],
  knowsTeam: false,
};
