import type { RoleModule } from "./types.ts";

/**
 * RULES.md §5.6 Agent (red, *decision*): checks the exact role — the answer is the role id, at once and
 * private; a Lawyer-covered player shows as Civilian; blocked → "result unavailable".
 */
export const agent: RoleModule = {
  id: "agent",
  team: "red",
  abilities: ["agent-check"],
  appearsAs: {},
  passives: [],
  knowsTeam: false,
};
