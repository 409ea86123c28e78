import type { RoleModule } from "./types.ts";

/**
 * RULES.md §5.6 Bodyguard: red; guards another living player (not himself) and takes one attack on them on
 * himself — he dies unless protected himself (*decision*, docs/ENGINE.md). Several attacks need several protections.
 */
export const bodyguard: RoleModule = {
  id: "bodyguard",
  team: "red",
  abilities: ["guard"],
  appearsAs: {},
  passives: [],
  knowsTeam: false,
};
