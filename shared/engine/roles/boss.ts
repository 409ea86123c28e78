import type { RoleModule } from "./types.ts";

/**
 * RULES.md §6 Boss (club): black, the mafia's head. He wakes alone first and checks a living player for
 * the Commissar (`don-commissar-check`), then wakes with the Mafia and decides their one shot (the
 * preset names him the shot's leader). *Decision (club, §6):* his own module (his name in the
 * catalogue) with the Don's answers to checks, and no shooting plan (§6.1 "no actions" at the
 * acquaintance).
 */
export const boss: RoleModule = {
  id: "boss",
  team: "black",
  abilities: ["mafia-shot", "don-commissar-check"],
  appearsAs: { sheriff: "mafia", don: "not-sheriff", commissar: "black" },
  passives: [],
  knowsTeam: true,
};
