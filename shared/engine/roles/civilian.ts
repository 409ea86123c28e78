import type { RoleModule } from "./types.ts";

/** RULES.md §2 Civilian: red, no night action, no hidden information. */
export const civilian: RoleModule = {
  id: "civilian",
  team: "red",
  abilities: [],
  appearsAs: { sheriff: "not-mafia", don: "not-sheriff", commissar: "red" },
  passives: [],
  knowsTeam: false,
};
