import type { RoleModule } from "./types.ts";

/**
 * RULES.md §6 Swindler (club, *decision*): red at the start. Once a game, at night, he takes a living
 * player's place (`swap`): the victim leaves silently and unrevealed, and the Swindler takes the
 * victim's role and side from the next night (he then plays as that role; he wins with the side he
 * ends on).
 */
export const swindler: RoleModule = {
  id: "swindler",
  team: "red",
  abilities: ["swap"],
  appearsAs: { commissar: "red" },
  passives: [],
  knowsTeam: false,
};
