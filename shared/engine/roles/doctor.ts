import type { RoleModule } from "./types.ts";

/**
 * RULES.md §3/§7.6 Doctor: red; in the "heal" turn heals anyone, himself included, but not the player
 * he healed the night before (heal, frozen, heal is allowed). A heal cancels the mafia's kill, the
 * Maniac's kill and Putana's freeze on its target. A frozen Doctor heals nobody, not even himself.
 * §4.4 (host-classic): he is shown the wounded and saves one of them (`save`), each player once a game.
 * `healer`: §7 8, black's victory is guaranteed when no Doctor is alive and red < black (win/rules.ts).
 */
export const doctor: RoleModule = {
  id: "doctor",
  team: "red",
  abilities: ["heal", "save"],
  appearsAs: { commissar: "red" },
  passives: ["healer"],
  knowsTeam: false,
};
