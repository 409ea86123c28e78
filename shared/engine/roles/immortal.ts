import type { RoleModule } from "./types.ts";

/**
 * RULES.md §5.6 Immortal: no step; a one-time armour (automatic) cancels one attack of several at once;
 * a block does not disable it; spent only when it stops an attack (*decision*).
 */
export const immortal: RoleModule = {
  id: "immortal",
  team: "red",
  abilities: ["armour"],
  appearsAs: {},
  passives: [],
  knowsTeam: false,
};
