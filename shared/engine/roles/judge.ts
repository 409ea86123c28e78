import type { RoleModule } from "./types.ts";

/**
 * RULES.md §5.6 Judge: red; no night move; by day his vote counts ×2 and in open voting his name is shown
 * once; blackmail removes his whole vote.
 */
export const judge: RoleModule = {
  id: "judge",
  team: "red",
  abilities: [],
  appearsAs: {},
  passives: ["double-vote"],
  knowsTeam: false,
  marks: ["judge"],
};
