import type { RoleModule } from "./types.ts";

/**
 * RULES.md §3/§7.6 Putana: black; meets the black team but does not shoot with it — unless she is the
 * only black player left, then she both shoots and freezes ("shoots-when-last"). In the "freeze" turn
 * she freezes one other player, not the same one more than two nights in a row: a frozen Commissar does
 * not check, a frozen Doctor does not heal, a frozen Maniac does not kill, a frozen Don does not check,
 * freezing the last remaining shooter cancels the mafia's shot. Shows black to the Commissar.
 */
export const putana: RoleModule = {
  id: "putana",
  team: "black",
  abilities: ["freeze"],
  appearsAs: { commissar: "black" },
  passives: ["shoots-when-last"],
  knowsTeam: true,
};
