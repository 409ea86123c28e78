import type { RoleModule } from "./types.ts";

/**
 * RULES.md §5.6 Jailer: jails one other player — the jailed player's active move, checks and visits do
 * not happen, and ordinary attacks on them are cancelled; the Jailer can be blocked.
 */
export const jailer: RoleModule = {
  id: "jailer",
  team: "red",
  abilities: ["jail"],
  appearsAs: {},
  passives: [],
  knowsTeam: false,
};
