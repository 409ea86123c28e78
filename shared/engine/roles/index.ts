import { own } from "../../own.ts";
import type { RoleId, Team } from "../types.ts";
import { agent } from "./agent.ts";
import { avenger } from "./avenger.ts";
import { blackmailer } from "./blackmailer.ts";
import { blocker } from "./blocker.ts";
import { bodyguard } from "./bodyguard.ts";
import { immortal } from "./immortal.ts";
import { jailer } from "./jailer.ts";
import { judge } from "./judge.ts";
import { lawyer } from "./lawyer.ts";
import { mistress } from "./mistress.ts";
import { tracker } from "./tracker.ts";
import { watcher } from "./watcher.ts";
import { civilian } from "./civilian.ts";
import { commissar } from "./commissar.ts";
import { doctor } from "./doctor.ts";
import { don } from "./don.ts";
import { mafia } from "./mafia.ts";
import { maniac } from "./maniac.ts";
import { putana } from "./putana.ts";
import { sheriff } from "./sheriff.ts";
import { boss } from "./boss.ts";
import { curser } from "./curser.ts";
import { kamikaze } from "./kamikaze.ts";
import { swindler } from "./swindler.ts";
import { werewolf } from "./werewolf.ts";
import { witness } from "./witness.ts";
import type { CheckKind, RoleModule } from "./types.ts";

export type { CheckKind, RoleModule } from "./types.ts";

const ROLES: Record<string, RoleModule> = {
  civilian, mafia, don, sheriff, commissar, doctor, putana, maniac,
  // RULES.md §5.6, the profiles' catalogue
  bodyguard, blocker, mistress, jailer, tracker, watcher, immortal, agent, lawyer, blackmailer, avenger, judge,
  // RULES.md §6, the club
  boss, kamikaze, witness, curser, swindler, werewolf,
};

/** Every role id the engine knows (the web catalogue has a name for each: test/unit/catalogue.test.ts); grows with `addRole`. */
export const ROLE_IDS: readonly RoleId[] = Object.keys(ROLES);

/**
 * Add a role (a new format's, a test fixture's): a module like the files here, holding abilities that
 * are registered (night/abilities.ts addAbility) and, for a solo role, its own win rule (win/ addWinRule).
 * A registered id cannot be replaced.
 * @internal The open vocabulary's registry: test fixtures and new formats add to it; shipped code only reads it.
 */
export function addRole(r: RoleModule): void {
  if (Object.prototype.hasOwnProperty.call(ROLES, r.id)) throw new Error(`role ${r.id} exists`);
  ROLES[r.id] = r;
  (ROLE_IDS as RoleId[]).push(r.id);
}

export function getRole(id: RoleId): RoleModule {
  const r = own(ROLES, id);
  if (!r) throw new Error(`unknown role ${id}`);
  return r;
}

const HOLDS = new Map<string, ReadonlySet<string>>();
/** Whether `role` holds ability `id` (a hot path: a set per role, built once). */
export function roleHolds(role: RoleId, id: string): boolean {
  let set = HOLDS.get(role);
  if (!set) { set = new Set(getRole(role).abilities); HOLDS.set(role, set); }
  return set.has(id);
}

/** The negative answer of each kind of check (a role that does not say otherwise). */
const NEGATIVE: Record<string, string> = { sheriff: "not-mafia", don: "not-sheriff", commissar: "red", "don-commissar": "not-commissar" };

/** What a checker of `kind` learns about a player of `role` playing for `team` (RULES.md §2.10, §3). */
export function checkResult(kind: CheckKind, role: RoleId, team?: Team | null): string {
  const r = getRole(role);
  // §5.6 the Agent learns the exact role: the role id, unless the role says otherwise.
  if (kind === "exact-role") return own(r.appearsAs, kind) ?? r.id;
  const byTeam = team && r.appearsAsByTeam ? own(own(r.appearsAsByTeam, team) ?? {}, kind) : undefined;
  if (byTeam !== undefined) return byTeam;
  const answer = own(r.appearsAs, kind);
  if (answer !== undefined) return answer;
  return own(NEGATIVE, kind) ?? "red";
}
