import type { RoleModule } from "./types.ts";

/**
 * RULES.md §3/§7.6 Commissar: red; in the "commissar-check" turn checks one player and learns "red" or
 * "black" (Don, Mafia and Putana show black; the Maniac shows by his side, see maniac.ts). The Don's
 * check finds him ("commissar"). Frozen and not healed: no check (he learns he was frozen).
 */
export const commissar: RoleModule = {
  id: "commissar",
  team: "red",
  abilities: ["commissar-check"],
  appearsAs: { sheriff: "not-mafia", don: "not-sheriff", commissar: "red", "don-commissar": "commissar" },
  passives: [],
  knowsTeam: false,
};
