import type { RoleModule } from "./types.ts";

/**
 * RULES.md §5.6 Watcher: watches a target and sees the seats that visited it (not roles or actions);
 * blocked actions are not visits; a Bodyguard's redirection does not change the attacker's visit.
 */
export const watcher: RoleModule = {
  id: "watcher",
  team: "red",
  abilities: ["watch"],
  appearsAs: {},
  passives: [],
  knowsTeam: false,
};
