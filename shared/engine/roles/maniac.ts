import type { RoleModule } from "./types.ts";

/**
 * RULES.md §3 Maniac: solo by default (setting: red, then he plays for the town as in §7). In the
 * "kill" turn he kills anyone but himself, or abstains. Solo, he wins as in §5.4 (the only survivor,
 * or one of the last two), before the mafia.
 * *Decision (city):* the Commissar's check shows a solo Maniac "black" (he is an enemy the town must
 * remove to win, as §6 shows him in club) and a red Maniac "red". The Don's check: "not-commissar".
 * §4.1 (host-classic): red with 10 players or fewer; from 11 he chooses red or black at the acquaintance
 * (phases/acquaintance.ts `sideChoice`). A black Maniac counts for the black team but does not know it
 * and acts alone (no `knowsTeam`, and he does not hold the mafia's shot). §4.4: the Commissar's check
 * ("mafia or not") answers "not-mafia" whatever his side (`appearsAs.sheriff`).
 * The win rules read two passives of his: `blocks-red-win` (§6 8, red wins once every black card,
 * the Maniac included, has left) and `lone-killer` (§7 8, black's victory is guaranteed only with no
 * Maniac alive and black ≥ red).
 */
export const maniac: RoleModule = {
  id: "maniac",
  team: "solo",
  abilities: ["kill"],
  appearsAs: { sheriff: "not-mafia", commissar: "black" },
  appearsAsByTeam: { red: { commissar: "red" }, solo: { commissar: "black" } },
  passives: ["blocks-red-win", "lone-killer"],
  knowsTeam: false,
  win: "maniac-last-standing",
};
