import type { RoleModule } from "./types.ts";

/**
 * RULES.md §3/§7.6 Commissar: red; in the "commissar-check" turn checks one player and learns "red" or
 * "black" (Don, Mafia and Putana show black; the Maniac shows by his side, see maniac.ts). The Don's
 * check finds him ("commissar"). Frozen and not healed: no check (he learns he was frozen).
 * §4.4 (host-classic): instead he checks "mafia or not" (`commissar-mafia-check`) or uses his single
 * shot of the game (`commissar-shot`) — one or the other a night; each preset's night names which act.
 */
export const commissar: RoleModule = {
  id: "commissar",
  team: "red",
  abilities: ["commissar-check", "commissar-mafia-check", "commissar-shot"],
  appearsAs: { sheriff: "not-mafia", don: "not-sheriff", commissar: "red", "don-commissar": "commissar" },
  passives: [],
  knowsTeam: false,
};
