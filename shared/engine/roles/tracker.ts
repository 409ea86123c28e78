import type { RoleModule } from "./types.ts";

/**
 * RULES.md §5.6 Tracker: follows a target and sees the seats the target visited (not roles or actions),
 * live as moves happen, final by morning; none if the target did not move or was blocked; blocked →
 * "result unavailable".
 */
export const tracker: RoleModule = {
  id: "tracker",
  team: "red",
  abilities: ["track"],
  appearsAs: {},
  passives: [],
  knowsTeam: false,
};
