import type { RoleModule } from "./types.ts";

/**
 * RULES.md §6 Werewolf (club, *decision*): red at the start, no night move. When the mafia's kill would
 * kill him he does not die: he turns black and joins the black team (`turns-on-mafia-kill`, read by the
 * night's `reactions`): he knows the team and the team knows him, he counts for black, and the
 * Commissar then sees him black (`appearsAsByTeam`). He wins with the side he ends on.
 */
export const werewolf: RoleModule = {
  id: "werewolf",
  team: "red",
  abilities: [],
  appearsAs: { commissar: "red" },
  appearsAsByTeam: { black: { sheriff: "mafia", commissar: "black" } },
  passives: ["turns-on-mafia-kill"],
  knowsTeam: false,
};
