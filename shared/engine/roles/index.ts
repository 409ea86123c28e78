import type { RoleId } from "../types.ts";
import { civilian } from "./civilian.ts";
import { don } from "./don.ts";
import { mafia } from "./mafia.ts";
import { sheriff } from "./sheriff.ts";
import type { CheckKind, RoleModule } from "./types.ts";

export type { CheckKind, NightActionKind, RoleModule } from "./types.ts";

const ROLES: Record<string, RoleModule> = { civilian, mafia, don, sheriff };

export function getRole(id: RoleId): RoleModule {
  const r = ROLES[id];
  if (!r) throw new Error(`unknown role ${id}`);
  return r;
}

/** What a checker of `kind` learns about a player of `role` (RULES.md §2.10). */
export function checkResult(kind: CheckKind, role: RoleId): string {
  const r = getRole(role);
  const answer = r.appearsAs[kind];
  if (answer !== undefined) return answer;
  return kind === "sheriff" ? "not-mafia" : kind === "don" ? "not-sheriff" : "red";
}

/** Night-action kind `role` takes in night step `step`, if any. */
export function nightActionOf(role: RoleId, step: string): { kind: string; check?: CheckKind } | null {
  for (const a of getRole(role).night) if (a.step === step) return a;
  return null;
}
