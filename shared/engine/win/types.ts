/**
 * Issue 33, win rules as modules (mafia-rust keeps a role's win condition in the role's own file): a win
 * rule is one file with its check, the result reason it ends the game with and the catalogue keys the
 * end screen shows for it. A preset lists its rules in order of priority (`Preset.win`); a solo role
 * declares its own rule (`RoleModule.win`), checked where the preset's list says "roles".
 */
import type { EngineState } from "../state.ts";
import type { ResultReason, RoleId, Team } from "../types.ts";

/** The living players, counted once per check. */
export interface Living {
  living: number;
  black: number;
  red: number;
  solo: number;
  /** Each living player's role and team. */
  players: ReadonlyArray<{ seat: number; role: RoleId | null; team: Team | null }>;
}

export interface WinRule {
  id: string;
  /** Where several role rules apply at once, the lower is checked first. */
  priority?: number;
  /** The reason it ends the game with (GameView.result.reason). */
  reason: ResultReason;
  /** The catalogue keys the end screen shows for this result (web/src/i18n): checked in all three languages. */
  keys: readonly string[];
  /** The winner when the rule holds now, else null. */
  check(l: Living, s: EngineState): Team | "draw" | null;
}

/** The place in a preset's list where the dealt roles' own rules are checked. */
export const ROLE_RULES = "roles";
