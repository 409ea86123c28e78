import type { RoleModule } from "./types.ts";

/**
 * RULES.md §5.6 Blackmailer: black; replaces a Mafia seat and shoots with the mafia (*decision*);
 * blackmails a non-black player, who loses their vote for the coming day (sees it when voting opens).
 */
export const blackmailer: RoleModule = {
  id: "blackmailer",
  team: "black",
  abilities: ["mafia-shot", "blackmail"],
  appearsAs: { sheriff: "mafia", commissar: "black" },
  passives: [],
  knowsTeam: true,
};
