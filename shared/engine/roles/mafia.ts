import type { RoleModule } from "./types.ts";

/** RULES.md §2 Mafia: black; takes part in the unanimous night shot (§2.10). */
export const mafia: RoleModule = {
  id: "mafia",
  team: "black",
  abilities: ["mafia-shot"],
  appearsAs: { sheriff: "mafia", don: "not-sheriff", commissar: "black" },
  passives: [],
  knowsTeam: true,
};
