import type { RoleModule } from "./types.ts";

/**
 * RULES.md §5.6 Blocker (black, *decision*): blocks one other player's active move; the target's passives
 * still work; a blocked checker gets no result, not a false one. Knows the team; shoots only when the last
 * black player (*decision*, as Putana).
 */
export const blocker: RoleModule = {
  id: "blocker",
  team: "black",
  abilities: ["block"],
  appearsAs: { sheriff: "mafia", commissar: "black" },
  passives: ["shoots-when-last"],
  knowsTeam: true,
};
