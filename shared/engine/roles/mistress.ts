import type { RoleModule } from "./types.ts";

/**
 * RULES.md §5.6 Mistress (red, *decision*): visits a guest — the guest's active move is blocked and the
 * guest is protected from ordinary attacks; if she dies that night her guest dies too; a blocked Mistress
 * has no meeting (the target acts as usual and gets no protection).
 */
export const mistress: RoleModule = {
  id: "mistress",
  team: "red",
  abilities: ["guest"],
  appearsAs: {},
  passives: [],
  knowsTeam: false,
};
