/**
 * A role is a module (ENGINEERING.md "Presets are data, roles are modules"): its team, the night
 * abilities it holds, how it appears to each kind of check, and its passives.
 * Adding a role adds a file here and a line in index.ts; it touches no other role.
 */
import type { LegendMark, RoleId, Team } from "../types.ts";

/** The kinds of check a role may be subjected to; each answers with a word the checker learns. */
export type CheckKind =
  /** §2.10 the Sheriff: "mafia" | "not-mafia" (the Don shows as mafia). */
  | "sheriff"
  /** §2.10 the Don: "sheriff" | "not-sheriff". */
  | "don"
  /** §3/§7 the Commissar: "red" | "black". */
  | "commissar"
  /** §3/§7 the Don's check for the Commissar: "commissar" | "not-commissar". */
  | "don-commissar"
  /** §5.6 the Agent: the exact role (the role id). */
  | "exact-role"
  | (string & {});

export interface RoleModule {
  id: RoleId;
  /** Team at the deal (RULES.md §1 Teams). */
  team: Team;
  /** Abilities this role holds (night/abilities.ts); the preset's night decides which act, and when. */
  abilities: readonly string[];
  /** How this role appears to each kind of check; a missing kind falls back to the negative answer. */
  appearsAs: Readonly<Partial<Record<CheckKind, string>>>;
  /** Answers that depend on the team the role plays for in this game (§3 the Maniac: solo / red). */
  appearsAsByTeam?: Readonly<Partial<Record<Team, Partial<Record<CheckKind, string>>>>>;
  /** Passive traits: "shooting-plan" (writes the plan at the acquaintance night, §2.2), "shoots-when-last" (§7.6); later armour, werewolf, kamikaze, ... */
  passives: readonly string[];
  /** Black roles that wake together and know each other at the acquaintance night. */
  knowsTeam: boolean;
  /**
   * A solo role's own win rule (win/rules.ts, or one added with `addWinRule`), checked where
   * the preset's win list says "roles" while a living player holds this role.
   */
  win?: string;
  /** The seat marks this role brings to a game it is dealt in (the legend explains them, LEGEND_MARKS). */
  marks?: readonly LegendMark[];
}
