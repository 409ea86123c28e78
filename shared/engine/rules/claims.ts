/**
 * Public claims: a structured public statement a seat makes while it holds the floor — "I am
 * the Sheriff", "my check: seat 3 is black", "seat 2 is red to me", "I vote seat 5". Bots cannot speak,
 * so this is how they (and a person without a microphone) say what players say aloud. A claim may be a
 * lie: it is the claimant's word, never a fact the server knows, and it changes nothing but the log.
 *
 * Where: in one's own speech (the speeches phase module: every purpose, a farewell or last words of a
 * player who has left included) and, for a living seat, in free talk. At most CLAIMS_PER_SPEECH claims
 * per speech (per seat per free talk). Used by both phase modules (a rule, so neither imports the other).
 */
import { reject } from "../flow/stage.ts";
import { presetOf } from "../presets/index.ts";
import { PUBLIC, emit, type Ctx, type EngineState } from "../state.ts";
import type { AvailableAction, Claim, RoleId, Seat } from "../types.ts";

/** Claims one seat may make in one speech (or one free talk). */
export const CLAIMS_PER_SPEECH = 6;

/** Per settings object (shared by every state of a game; a stored game loads it once): the roles. */
const rolesMemo = new WeakMap<object, RoleId[]>();

/**
 * The roles a claim may name: every role the preset's composition could put in the deck under this
 * table's (public) settings, at any table size the preset allows — never read from this game's deal.
 */
export function claimRoles(s: EngineState): RoleId[] {
  let roles = rolesMemo.get(s.settings);
  if (!roles) {
    const p = presetOf(s.presetId);
    const seen = new Set<RoleId>();
    for (let n = p.seats.min; n <= p.seats.max; n++) for (const r of p.composition(n, s.settings)) seen.add(r);
    roles = [...seen];
    rolesMemo.set(s.settings, roles);
  }
  return roles;
}

/** Every seat but the claimant's own (a claim may be about a seat that has left). */
function claimTargets(s: EngineState, seat: Seat): Seat[] {
  const out: Seat[] = [];
  for (const p of s.players) if (p.seat !== seat) out.push(p.seat);
  return out;
}

/** The claim action offered to `seat` that has made `made` claims in this speech (null: none left). */
export function claimOffer(s: EngineState, seat: Seat, made: number): AvailableAction | null {
  const left = CLAIMS_PER_SPEECH - made;
  if (left <= 0) return null;
  return { type: "claim", roles: claimRoles(s).slice(), targets: claimTargets(s, seat), left };
}

/**
 * Checks `claim` (the caller has checked that `seat` holds the floor) and writes the public `claimed`
 * event, built field by field from the checked claim (never the input object itself).
 */
export function claimAct(ctx: Ctx, seat: Seat, claim: unknown, made: number): void {
  const s = ctx.s;
  if (made >= CLAIMS_PER_SPEECH) reject("already-acted", `at most ${CLAIMS_PER_SPEECH} claims per speech`);
  const c = (claim ?? {}) as Partial<Record<string, unknown>>;
  const target = (): Seat => {
    const t = c.target;
    if (typeof t !== "number" || !Number.isInteger(t) || t < 1 || t > s.players.length || t === seat) reject("illegal-target", "name another seat of the table");
    return t;
  };
  const result = (): "red" | "black" => {
    if (c.result !== "red" && c.result !== "black") reject("illegal-target", "red or black");
    return c.result;
  };
  let out: Claim;
  switch (c.kind) {
    case "role": {
      const role = c.role;
      if (typeof role !== "string" || !claimRoles(s).includes(role)) reject("illegal-target", "a role this format can deal");
      out = { kind: "role", role };
      break;
    }
    case "check": out = { kind: "check", target: target(), result: result() }; break;
    case "opinion": out = { kind: "opinion", target: target(), result: result() }; break;
    case "vote": out = { kind: "vote", target: target() }; break;
    default: reject("illegal-target", "an unknown claim");
  }
  emit(ctx, "claimed", PUBLIC, { seat, claim: out });
}
