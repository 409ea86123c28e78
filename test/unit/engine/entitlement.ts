/**
 * The entitlement oracle, written independently of viewFor: from the state (roles, who has met,
 * checks) and RULES.md §1–§2 it decides what a viewer may know, then walks every view as JSON.
 * City (§3, §7.6): Putana is black and meets the team; Putana's freezes, the Doctor's heals, the
 * Maniac's kills and the Commissar's / Don's checks are private to the one who made them; "you were
 * frozen" is private to the frozen player; the night's internal record never appears.
 */
import type { GameView, RoleId } from "../../../shared/engine/types.ts";

interface S {
  seed: string;
  rng: number[];
  players: Array<{ id: string; seat: number; role: RoleId | null; alive: boolean }>;
  events: Array<{ type: string }>;
  result: unknown;
  stage: { kind: string; mode?: string };
  lastTally: number[] | null;
}

const BLACK = new Set(["don", "mafia", "putana"]);
const SECRET_RESULTS = new Set(["mafia", "not-mafia", "sheriff", "not-sheriff", "red", "black", "commissar", "not-commissar"]);
const FORBIDDEN_KEYS = new Set([
  "rng", "seed", "deck", "shots", "shotTarget", "favour", "frozenRemainingMs", "techUsed", "taken", "shortNext",
  // city: the night in turns' choices and what it decided, and the memory of past freezes / heals
  "choices", "acc", "turnsMemo", "freezeTarget", "lastHeal",
]);

export interface Knowledge {
  seat: number | null;
  over: boolean;
  black: boolean;
  /** Seats whose role this viewer may know. */
  roles: Set<number>;
}

export function knowledge(s: S, playerId: string | null): Knowledge {
  const over = s.result !== null;
  const me = playerId ? s.players.find((p) => p.id === playerId) ?? null : null;
  const met = s.events.some((e) => e.type === "black-team");
  const black = !!me && me.role !== null && BLACK.has(me.role) && met;
  const roles = new Set<number>();
  for (const p of s.players) {
    if (over || (me && p.seat === me.seat && p.role !== null) || (black && p.role !== null && BLACK.has(p.role))) roles.add(p.seat);
  }
  return { seat: me ? me.seat : null, over, black, roles };
}

function fail(msg: string, o: unknown): never {
  throw new Error(`entitlement: ${msg} in ${JSON.stringify(o)}`);
}

/** Walk a JSON value (no allocation on the happy path); `inYou` marks the viewer's own section. */
function walk(s: S, k: Knowledge, v: unknown, inYou: boolean, parentIsYou: boolean): void {
  if (Array.isArray(v)) { for (const x of v) walk(s, k, x, inYou, false); return; }
  if (v === null || typeof v !== "object") {
    if (typeof v === "string" && v === s.seed) fail("the seed", v);
    if (typeof v === "number" && v > 1e8 && s.rng.includes(v)) fail("PRNG state", v);
    return;
  }
  const o = v as Record<string, unknown>;
  for (const key in o) {
    if (FORBIDDEN_KEYS.has(key)) fail(`internal key ${key}`, o);
    const x = o[key];
    if (key === "role" && x !== null && x !== undefined && !parentIsYou) {
      const seat = o.seat;
      if (typeof seat !== "number") fail("a role without a seat", o);
      if (!k.roles.has(seat)) fail(`role of seat ${seat} leaked to ${k.seat}`, o);
      if (x !== s.players[seat - 1]!.role) fail("wrong role", o);
    } else if (key === "team" && x !== null && x !== undefined && !parentIsYou && !k.over) {
      if (!k.roles.has(o.seat as number)) fail("team leaked", o);
    } else if (key === "result" && typeof x === "string" && SECRET_RESULTS.has(x) && !k.over) {
      if (!inYou && o.by !== k.seat) fail("a check result leaked", o);
    } else if ((key === "plan" || key === "shootingPlan") && x !== null && x !== undefined && !k.over) {
      if (!k.black) fail("the shooting plan leaked", o);
    }
    if (x !== null && typeof x === "object") walk(s, k, x, inYou || key === "you", key === "you");
    else walk(s, k, x, inYou, false);
  }
}

function ok(cond: boolean, msg: string): void {
  if (!cond) throw new Error(`entitlement: ${msg}`);
}

function checkLogEntry(k: Knowledge, e: GameView["log"][number]): void {
  if (k.over) return;
  const d = e.data as Record<string, unknown>;
  switch (e.type) {
    case "role-dealt": ok(d.seat === k.seat, "someone else's card"); break;
    case "black-team":
    case "shooting-plan":
    case "shot": ok(k.black === true, `${e.type} seen by the town`); break;
    case "checked": ok(d.by === k.seat, "someone else's check"); break;
    case "froze":
    case "healed":
    case "kill-chosen":
    case "check-frozen": ok(d.by === k.seat, `someone else's ${e.type}`); break;
    case "frozen": ok(d.seat === k.seat, "someone else's freeze"); break;
    case "ballot-cast":
    case "lift-ballot-cast": ok(d.voter === k.seat, "a hidden ballot before the count"); break;
  }
}

/** Checks one view; `seenLog` is how many log entries were already checked for this viewer (prefix). */
export function assertEntitled(state: unknown, playerId: string | null, view: GameView, seenLog: number): number {
  const s = state as S;
  const k = knowledge(s, playerId);
  const log = view.log;
  const vv = view as unknown as Record<string, unknown>;
  for (const key in vv) if (key !== "log") walk(s, k, vv[key], key === "you", key === "you");
  // §2.6 closed ballots: nobody but the voter sees them before the count.
  if (s.stage.kind === "voting" && s.stage.mode === "closed" && view.ballot) {
    ok(Array.isArray(view.ballot.votes) && (view.ballot.votes as unknown[]).length === 0, "closed ballots shown before the count");
    for (const sv of view.seats) ok(sv.votes === (s.lastTally ? s.lastTally[sv.seat - 1] : null), "closed tally shown before the count");
  }
  if (k.over) seenLog = 0; // everything is revealed at the end: re-walk once
  ok(log.length >= seenLog, "the log shrank");
  for (let i = seenLog; i < log.length; i++) {
    const e = log[i]!;
    checkLogEntry(k, e);
    walk(s, k, e, false, false);
  }
  return log.length;
}
