/**
 * How one log entry reads to one viewer (issue 13, "Texts"): a pure function from (entry, viewer,
 * roles known to this viewer) to catalogue keys and parameters. No catalogue lookup happens here —
 * GameLog resolves the result through the uk/ru/en catalogue — so it runs and is tested in Node.
 *
 * The rules it follows:
 *  - "you" only for the viewer's own actions: an entry whose subject (the actor, or the seat the entry
 *    is about) is the viewer's seat reads `log.<type>.you`; every other entry names the seat.
 *  - Seats and roles after the game: when the roles are public (the result lists them, RULES.md §2.12
 *    "at the end every role is shown"; a live host sees them all, §5.7), the subject is named with its
 *    role — "Seat 3 (Consort) froze seat 1". During the game a player gets seat numbers only.
 *  - Only what the view holds: the entries themselves are the ones the server sent this viewer
 *    (shared/engine/view.ts decides entitlement); nothing here adds a fact the entry does not carry.
 *  - Ids inside the data (roles, check results, out kinds, night steps…) become catalogue references,
 *    never raw text.
 */
import type { LogEntryView, RoleId, Seat } from "../../../shared/engine/types.ts";

/** A parameter: plain text or number, a catalogue id of a family, a nested message, or a joined list. */
export type Arg =
  | string
  | number
  | { ref: string; id: string }
  | { key: string; params: Record<string, Arg> }
  | { join: string; items: Arg[] };

/** One line of the log: its catalogue key and parameters, and the event type it came from. */
export interface Line {
  type: string;
  key: string;
  params: Record<string, Arg>;
}

export interface LogViewer {
  /** The viewer's own seat (null: a spectator, the host, an organizer without a seat). */
  seat: Seat | null;
  /** Roles this viewer may name in the log: every seat's after the game (or for the live host), else none. */
  roles: ReadonlyMap<Seat, RoleId> | null;
}

/**
 * The field of an event's data that holds its subject seat: the one acting, or the one the entry is
 * about. These types have a `log.<type>.you` line besides `log.<type>`.
 */
export const SUBJECT: Readonly<Record<string, string>> = {
  "card-taken": "seat",
  "card-given": "seat",
  "role-dealt": "seat",
  "shooting-plan": "by",
  shot: "seat",
  checked: "by",
  killed: "seat",
  froze: "by",
  healed: "by",
  "kill-chosen": "by",
  "check-frozen": "by",
  frozen: "seat",
  "speech-started": "seat",
  shouted: "seat",
  "shout-ended": "seat",
  nominated: "by",
  "ballot-cast": "voter",
  "vote-cast": "voter",
  "lift-ballot-cast": "voter",
  "lift-vote-cast": "voter",
  left: "seat",
  "tech-vote-started": "by",
  "tech-vote-pressed": "seat",
  fouled: "seat",
  "seat-to-bot": "seat",
};

/** Data keys whose string values are ids of a catalogue family (per event type where it differs). */
const FAMILY: Readonly<Record<string, string>> = {
  role: "role", result: "check", team: "team", winner: "team", reason: "reason", how: "out", purpose: "purpose", phase: "phase", step: "step",
};
/** `kind` is a technical-vote kind in the technical-vote events and a check kind elsewhere (not shown). */
const KIND_IS_TECH = new Set(["tech-vote-started", "tech-vote-ended"]);

function has(o: object, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, k);
}

/** One item of an array in the data (ballots, tallies, revealed roles, members) in a compact form. */
function item(x: unknown): Arg | null {
  if (typeof x === "number" || typeof x === "string") return x;
  if (typeof x !== "object" || x === null) return null;
  const o = x as Record<string, unknown>;
  if (typeof o.voter === "number" && typeof o.target === "number") return { join: "→", items: [o.voter, o.target] };
  if (typeof o.voter === "number" && typeof o.lift === "boolean") return { join: " ", items: [o.voter, o.lift ? "✓" : "✗"] };
  if (typeof o.seat === "number" && typeof o.votes === "number") return { join: ": ", items: [o.seat, o.votes] };
  if (typeof o.seat === "number" && typeof o.role === "string") return { join: " ", items: [o.seat, { ref: "role", id: o.role }] };
  if (typeof o.seat === "number") return o.seat;
  return null;
}

function value(type: string, k: string, v: unknown): Arg | null {
  // Team members are listed by seat only: roles stay on the role card (and in the final protocol).
  if (k === "members" && Array.isArray(v)) return { join: ", ", items: v.map((m) => (m && typeof m === "object" ? Number((m as { seat?: unknown }).seat) : Number(m))) };
  if (typeof v === "number") return v;
  if (typeof v === "string") {
    if (k === "kind") return KIND_IS_TECH.has(type) ? { ref: "tech", id: v } : null;
    const family = has(FAMILY, k) ? FAMILY[k] : undefined;
    return family ? { ref: family, id: v } : v;
  }
  if (typeof v === "boolean") return { key: k === "passed" ? (v ? "log.passed" : "log.failed") : v ? "log.yes" : "log.no", params: {} };
  if (Array.isArray(v)) return { join: ", ", items: v.map(item).filter((x): x is Arg => x !== null) };
  return null;
}

function paramsOf(type: string, data: Record<string, unknown>): Record<string, Arg> {
  const p: Record<string, Arg> = {};
  for (const [k, v] of Object.entries(data)) {
    const x = value(type, k, v);
    if (x !== null) p[k] = x;
  }
  return p;
}

/** The lines one entry reads as for this viewer (usually one; the open vote's start adds its first candidate's heading). */
export function logLines(e: LogEntryView, viewer: LogViewer): Line[] {
  const params = paramsOf(e.type, e.data);
  let key = `log.${e.type}`;
  const field = has(SUBJECT, e.type) ? SUBJECT[e.type] : undefined;
  const subject = field !== undefined ? e.data[field] : undefined;
  if (field !== undefined && typeof subject === "number") {
    if (viewer.seat !== null && subject === viewer.seat) key = `log.${e.type}.you`;
    else {
      // (role-dealt names the role already)
      const role = typeof e.data.role === "string" ? undefined : viewer.roles?.get(subject);
      if (role) params[field] = { key: "log.seat-role", params: { seat: subject, role: { ref: "role", id: role } } };
    }
  }
  // §3 the night in turns: a line per step ("The Consort's turn"), never the step's id.
  if (e.type === "night-turn" && typeof e.data.step === "string") key = `log.night-turn.${e.data.step}`;
  // §5.1 a pause for an absent player names the seat.
  if (e.type === "paused" && e.data.reason === "absence" && typeof e.data.absentSeat === "number") key = "log.paused.absence";
  const lines: Line[] = [{ type: e.type, key, params }];
  // §2.6 open voting calls the candidates in turn; the engine's start event carries the first one
  // (later ones come as `candidate-called`): give it the same heading.
  if (e.type === "voting-started" && e.data.mode === "open" && typeof e.data.calling === "number") {
    lines.push({ type: "candidate-called", key: "log.candidate-called", params: { seat: e.data.calling } });
  }
  return lines;
}

/** Every catalogue key logLines can produce for an event of `type` (the catalogue test checks each). */
export function keysFor(type: string, nightSteps: readonly string[]): string[] {
  const keys = [`log.${type}`];
  if (has(SUBJECT, type)) keys.push(`log.${type}.you`);
  if (type === "night-turn") for (const s of nightSteps) keys.push(`log.night-turn.${s}`);
  if (type === "paused") keys.push("log.paused.absence");
  return keys;
}

/** Keys every rendering may use besides the per-type ones. */
export const SHARED_KEYS = ["log.seat-role", "log.passed", "log.failed", "log.yes", "log.no", "log.candidate-called"] as const;

/**
 * The catalogue keys of a role's description, best first (RULES.md §2 sport, §3 city: the same role
 * does different things per format — sport's Civilian hunts the black team only, city's also the
 * Maniac; sport's Don looks for the Sheriff, city's for the Commissar): the preset's own, then the role's general one.
 */
export function roleInfoKeys(presetId: string | null | undefined, role: RoleId): string[] {
  return presetId ? [`roleinfo.${presetId}.${role}`, `roleinfo.${role}`] : [`roleinfo.${role}`];
}

/** Roles a viewer may name in the log: the result's after the game; a live host's (every seat's) view. */
export function rolesFrom(list: ReadonlyArray<{ seat: Seat; role?: RoleId | undefined }> | null | undefined): Map<Seat, RoleId> | null {
  if (!list) return null;
  const m = new Map<Seat, RoleId>();
  for (const r of list) if (r.role) m.set(r.seat, r.role);
  return m;
}
