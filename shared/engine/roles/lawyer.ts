import type { RoleModule } from "./types.ts";

/**
 * RULES.md §5.6 Lawyer: black; covers a black ally (not himself) — the Commissar reads "red", the Agent
 * "civilian"; visits are unchanged, the Don's check too. Knows the team; shoots only when the last black
 * player (*decision*).
 */
export const lawyer: RoleModule = {
  id: "lawyer",
  team: "black",
  abilities: ["cover"],
  appearsAs: { sheriff: "mafia", commissar: "black" },
  passives: ["shoots-when-last"],
  knowsTeam: true,
};
