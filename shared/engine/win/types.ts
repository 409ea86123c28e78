/**
 * Win rules as modules (mafia-rust keeps a role's win condition in the role's own file): a win rule is
 * one module with its check, the result reason it ends the game with and the catalogue keys the end
 * screen shows for it. A preset lists its rules in order of priority (`Preset.win`); a solo role
 * declares its own rule (`RoleModule.win`), checked where the preset's list says "roles" (RULES.md §5.4
 * "a solo role wins by its own condition"). A rule reads teams and what role data declares (passives,
 * the own rule), never a role id: a new role joins a rule by declaring, not by an edit here.
 */
import type { EngineState } from "../state.ts";
import type { ResultReason, RoleId, Team } from "../types.ts";

/** The living players, counted once per check. */
export interface Living {
  living: number;
  black: number;
  red: number;
  solo: number;
  /** Each living player's role and team, the role's passives and its own win rule (`RoleModule`). */
  players: ReadonlyArray<{ seat: number; role: RoleId | null; team: Team | null; passives: readonly string[]; win: string | null }>;
}

export interface WinRule {
  id: string;
  /** Where several role rules apply at once, the lower is checked first. */
  priority?: number;
  /** The reason it ends the game with (GameView.result.reason): registered with the rule, so the protocol accepts it. */
  reason: ResultReason;
  /** The catalogue keys the end screen shows for this result (web/src/i18n): checked in all three languages. */
  keys: readonly string[];
  /** The winner when the rule holds now, else null. */
  check(l: Living, s: EngineState): Team | "draw" | null;
}

/** The place in a preset's list where the dealt roles' own rules are checked. */
export const ROLE_RULES = "roles";
