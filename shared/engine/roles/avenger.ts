import type { RoleModule } from "./types.ts";

/**
 * RULES.md §5.6 Avenger: red; shoots at night without knowing the target's side; heal, guard and armour
 * apply; blocked → no shot.
 */
export const avenger: RoleModule = {
  id: "avenger",
  team: "red",
  abilities: ["avenge"],
  appearsAs: {},
  passives: [],
  knowsTeam: false,
};
