import type { RoleModule } from "./types.ts";

/**
 * RULES.md §6 Curser (club, *decision*): solo. Each night curses one living player not cursed yet; the
 * curse is a permanent mark that no heal removes (`curse`). He wins when only he and the players he
 * cursed are left, and while he sits at the table red cannot win (`blocks-red-win`, read by
 * win/rules.ts). The Commissar sees him black (§6).
 */
export const curser: RoleModule = {
  id: "curser",
  team: "solo",
  abilities: ["curse"],
  appearsAs: { commissar: "black" },
  passives: ["blocks-red-win"],
  marks: ["cursed"],
  knowsTeam: false,
  win: "curser-cursed-all",
};
