import type { RoleModule } from "./types.ts";

/** RULES.md §2 Sheriff: red; checks one player a night: "mafia" or "not mafia" (§2.10). */
export const sheriff: RoleModule = {
  id: "sheriff",
  team: "red",
  abilities: ["sheriff-check"],
  appearsAs: { sheriff: "not-mafia", don: "sheriff", commissar: "red" },
  passives: [],
  knowsTeam: false,
};
