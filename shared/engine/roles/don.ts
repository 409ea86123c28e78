import type { RoleModule } from "./types.ts";

/**
 * RULES.md §2 Don: black; shoots with the Mafia (§2.10), checks one player a night for the Sheriff,
 * writes the shooting plan at the acquaintance night (§2.2). Shows as mafia to the Sheriff.
 * §3/§7.6 (city): shoots in the mafia turn and checks for the Commissar in the last turn ("don-check");
 * shows black to the Commissar.
 */
export const don: RoleModule = {
  id: "don",
  team: "black",
  abilities: ["mafia-shot", "don-check", "don-commissar-check"],
  appearsAs: { sheriff: "mafia", don: "not-sheriff", commissar: "black" },
  passives: ["shooting-plan"],
  knowsTeam: true,
};
