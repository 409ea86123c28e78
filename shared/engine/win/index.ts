/**
 * The win rules' registry, the result reasons' registry and the check that runs a preset's list
 * (rules/outcome.ts checkWin). No role id is written here: a role's own rule is named by its module
 * (`RoleModule.win`).
 */
import { own } from "../../own.ts";
import { getRole } from "../roles/index.ts";
import type { EngineState } from "../state.ts";
import type { ResultReason, Team } from "../types.ts";
import * as built from "./rules.ts";
import { ROLE_RULES, type Living, type WinRule } from "./types.ts";

export type { Living, WinRule } from "./types.ts";
/** @internal The open vocabulary: a preset's win list names ROLE_RULES where the living roles' own rules run. */
export { ROLE_RULES } from "./types.ts";

const RULES: Record<string, WinRule> = Object.fromEntries(Object.values(built).map((r) => [r.id, r]));

/**
 * The reasons a game ends with outside the win rules: a draw after three quiet rounds (§2.12, §5.4), a
 * technical defeat (§2.13), the table's abort when it cannot keep time (§8).
 */
const ENGINE_REASONS = ["three-quiet-rounds", "technical-defeat", "server-error"];
/** Every reason a game may end with: the engine's own and each registered rule's (a new rule brings its reason). */
const REASONS = new Set<string>([...ENGINE_REASONS, ...Object.values(RULES).map((r) => r.reason)]);

/**
 * Add a win rule (a new format's, a new solo role's) and its reason. A registered id cannot be replaced.
 * @internal The open vocabulary's registry: test fixtures and new formats add to it; shipped code only reads it.
 */
export function addWinRule(r: WinRule): void {
  if (Object.prototype.hasOwnProperty.call(RULES, r.id)) throw new Error(`win rule ${r.id} exists`);
  RULES[r.id] = r;
  REASONS.add(r.reason);
}

/** Whether a game may end with this reason (the protocol's check of `result.reason` and `game-over`). */
export function isResultReason(reason: string): boolean {
  return REASONS.has(reason);
}

/**
 * Every reason a game may end with (the catalogue check: each shipped one has its line).
 * @internal The tests' view of the registry (each entry checked against the catalogues).
 */
export function resultReasons(): readonly string[] {
  return [...REASONS];
}

export function winRule(id: string): WinRule {
  const r = own(RULES, id);
  if (!r) throw new Error(`unknown win rule ${id}`);
  return r;
}

/**
 * Every registered rule (the catalogue check in the tests).
 * @internal The tests' view of the registry (each entry checked against the catalogues).
 */
export function winRules(): readonly WinRule[] {
  return Object.values(RULES);
}

const NONE: readonly string[] = [];

export function livingOf(s: EngineState): Living {
  const players = s.players.filter((p) => p.alive).map((p) => {
    const r = p.role ? getRole(p.role) : null;
    return { seat: p.seat, role: p.role ?? null, team: p.team ?? null, passives: r?.passives ?? NONE, win: r?.win ?? null };
  });
  let black = 0, red = 0, solo = 0;
  for (const p of players) {
    if (p.team === "black") black++;
    else if (p.team === "red") red++;
    else if (p.team === "solo") solo++;
  }
  return { living: players.length, black, red, solo, players };
}

/**
 * The first rule of `list` that holds now, in order; at `ROLE_RULES`, the own rules of the roles living
 * players hold (each once, by priority). Null: the game goes on.
 */
export function firstWin(list: readonly string[], s: EngineState): { winner: Team | "draw"; reason: ResultReason } | null {
  const l = livingOf(s);
  for (const id of list) {
    const rules = id === ROLE_RULES ? roleRules(l) : [winRule(id)];
    for (const r of rules) {
      const winner = r.check(l, s);
      if (winner !== null) return { winner, reason: r.reason };
    }
  }
  return null;
}

function roleRules(l: Living): WinRule[] {
  const ids = new Set<string>();
  for (const p of l.players) if (p.win) ids.add(p.win);
  return [...ids].map(winRule).sort((a, b) => (a.priority ?? 0) - (b.priority ?? 0));
}
