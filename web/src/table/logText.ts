/**
 * How one log entry reads to one viewer ("Texts"): a pure function from (entry, viewer,
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
import type { AnyLogEntry, EventData, FoulCause, LogType, QuestionName, RoleId, Seat } from "../../../shared/engine/types.ts";
import { textFamily } from "../i18n/families.ts";

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

/** The fields of an event type's data that hold a seat number. */
type SeatField<K extends LogType> = { [F in keyof EventData[K]]: EventData[K][F] extends Seat ? F : never }[keyof EventData[K]] & string;

/**
 * The field of an event's data that holds its subject seat: the one acting, or the one the entry is
 * about. These types have a `log.<type>.you` line besides `log.<type>`. Typed against EventData: a
 * field that is not a seat of that event fails to compile.
 */
export const SUBJECT: { readonly [K in LogType]?: SeatField<K> } = {
  "card-taken": "seat",
  "card-given": "seat",
  "role-dealt": "seat",
  "role-revealed": "seat",
  "shooting-plan": "by",
  shot: "seat",
  checked: "by",
  killed: "seat",
  // RULES.md §9.4 the best move: "Your best move: seats 3, 5, 7".
  "best-move": "seat",
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
  "voter-called": "seat",
  "early-vote-asked": "seat",
  "early-vote-supported": "seat",
  "early-vote-passed": "by",
  // Ready to vote, a solo player's skip.
  "ready-to-vote": "seat",
  "wait-skipped": "seat",
  // RULES.md §5.6
  used: "by",
  tracked: "by",
  watched: "by",
  silenced: "seat",
  "judge-shown": "seat",
  // RULES.md §4: the question, the Maniac's side, the Doctor's wounded list.
  asked: "by",
  "side-chosen": "seat",
  wounded: "by",
  // RULES.md §7.9
  remarked: "seat",
  "mark-withdrawn": "seat",
  "foul-vote": "seat",
  "removed-voted-out": "seat",
  // RULES.md §7.10
  "vote-advised": "voter",
  // RULES.md §5.1 decision: the morning names the saved; the saved learn what saved them.
  survived: "seat",
  saved: "seat",
};

/**
 * Events whose `cause` changes how they read — `log.<type>.<cause>` (and its `.you`) instead
 * of `log.<type>`: a foul for a late vote in turn (§7.3) or from the live host (§7.9; absent: the table's
 * technical vote, §2.13); a remark for a missing vote (§4.6).
 */
export const CAUSES: { readonly [K in LogType]?: readonly string[] } = {
  fouled: ["late-vote", "host", "under-foul"] satisfies FoulCause[],
  remarked: ["missing-vote", "muted"],
  // RULES.md §5.7 the host withdrew a foul or a remark.
  "mark-withdrawn": ["foul", "remark"],
};

/**
 * RULES.md §6.6 "expel anyone at all?", §6.7 "expel both?": yes/no questions that read as
 * themselves — `log.<type>.<question>` for the question's start and count, `ann.lift.<passed|failed>.<question>`
 * for its banner — instead of the lift vote's lines (§2.9: "the vote to lift everyone tied" would be wrong:
 * "expel anyone?" passing removes nobody yet).
 */
export const OWN_QUESTIONS: readonly QuestionName[] = ["expel-anyone", "expel-both", "confirm-vote", "car-crash"];
/**
 * The kinds of a public claim. A claim reads `log.claimed` ("Seat 3: “{claim}”") around its words,
 * `claim.<kind>` ("I am the Sheriff") — the same words the claim bar's buttons say.
 */
export const CLAIM_KINDS = ["role", "check", "opinion", "vote"] as const;

/**
 * RULES.md §5.1 *decision*: the protections that can save a player in the profiles (an
 * ability id each: the Doctor's heal, the Bodyguard's guard, the Jailer's cell, the Mistress's guest,
 * the Immortal's armour); `saved` names them as `ann.saved.<id>` / `saved.with.<id>`.
 */
export const SAVERS = ["heal", "guard", "jail", "guest", "armour"] as const;

/** The events a question's `question` field names. */
const ASKED = new Set<LogType>(["lift-vote-started", "lift-ballot-cast", "lift-vote-cast", "lift-counted"]);

/** The question of a yes/no event that has its own lines (OWN_QUESTIONS), else null. */
export function ownQuestion(e: AnyLogEntry): QuestionName | null {
  if (!ASKED.has(e.type) || !("question" in e.data)) return null;
  const q = e.data.question;
  return q !== undefined && OWN_QUESTIONS.includes(q) ? q : null;
}

/** Data keys whose string values are ids of a catalogue family (per event type where it differs). */
const FAMILY: Readonly<Record<string, string>> = {
  role: "role", result: "check", ability: "ability", team: "team", winner: "team", reason: "reason", how: "out", purpose: "purpose", phase: "phase", step: "step",
  // RULES.md §6 club: the morning's checks name the checking role and the answer; the host's removal its offence.
  checker: "role", answer: "check", offence: "offence",
};
/** `kind` is a technical-vote kind in the technical-vote events and a check kind elsewhere (not shown). */
const KIND_IS_TECH = new Set<LogType>(["tech-vote-started", "tech-vote-ended"]);
/** Events that name the role themselves: their subject is never decorated with it again. */
const NAMES_ROLE = new Set<LogType>(["role-dealt", "role-revealed"]);

function has(o: object, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, k);
}

/** One item of an array in the data (ballots, tallies, revealed roles, members) in a compact form. */
function item(x: unknown): Arg | null {
  if (typeof x === "number" || typeof x === "string") return x;
  if (typeof x !== "object" || x === null) return null;
  if ("voter" in x && typeof x.voter === "number") {
    if ("target" in x && typeof x.target === "number") return { join: "→", items: [x.voter, x.target] };
    if ("lift" in x && typeof x.lift === "boolean") return { join: " ", items: [x.voter, x.lift ? "✓" : "✗"] };
  }
  if ("seat" in x && typeof x.seat === "number") {
    if ("votes" in x && typeof x.votes === "number") return { join: ": ", items: [x.seat, x.votes] };
    if ("role" in x && typeof x.role === "string") return { join: " ", items: [x.seat, { ref: "role", id: x.role }] };
    return x.seat;
  }
  return null;
}

function value(type: LogType, k: string, v: unknown): Arg | null {
  // Team members are listed by seat only: roles stay on the role card (and in the final protocol).
  if (k === "members" && Array.isArray(v)) return { join: ", ", items: v.map((m: unknown) => (typeof m === "object" && m !== null && "seat" in m && typeof m.seat === "number" ? m.seat : Number(m))) };
  if (typeof v === "number") return v;
  if (typeof v === "string") {
    if (k === "kind") return KIND_IS_TECH.has(type) ? { ref: "tech", id: v } : null;
    const family = has(FAMILY, k) ? FAMILY[k] : undefined;
    return family ? { ref: family, id: v } : v;
  }
  if (typeof v === "boolean") return { key: k === "passed" ? (v ? "log.passed" : "log.failed") : v ? "log.yes" : "log.no", params: {} };
  if (Array.isArray(v)) return { join: ", ", items: v.map(item).filter((x): x is Arg => x !== null) };
  // §6 the composition's counts by role: "Boss 1, Mafia 2, …".
  if (k === "counts" && typeof v === "object" && v !== null) return { join: ", ", items: Object.entries(v).map(([role, n]): Arg => ({ join: " ", items: [{ ref: "role", id: role }, Number(n)] })) };
  return null;
}

/**
 * Every field of an entry's data as a parameter, and the entry's subject seat (SUBJECT) when it has
 * one. The data is read generically (each event's fields become `{field}` placeholders of its line).
 */
function paramsOf(e: AnyLogEntry): { params: Record<string, Arg>; subject: { field: string; seat: Seat } | null } {
  const params: Record<string, Arg> = {};
  const field: string | undefined = SUBJECT[e.type];
  let subject: { field: string; seat: Seat } | null = null;
  for (const [k, v] of Object.entries(e.data)) {
    const x = value(e.type, k, v);
    if (x !== null) params[k] = x;
    if (k === field && typeof v === "number") subject = { field: k, seat: v };
  }
  return { params, subject };
}

/** The lines one entry reads as for this viewer (usually one; the open vote's start adds its first candidate's heading). */
export function logLines(e: AnyLogEntry, viewer: LogViewer): Line[] {
  const { params, subject } = paramsOf(e);
  const cause = "cause" in e.data && typeof e.data.cause === "string" && CAUSES[e.type]?.includes(e.data.cause) ? `.${e.data.cause}` : "";
  let key = `log.${e.type}${cause}`;
  if (subject) {
    if (viewer.seat !== null && subject.seat === viewer.seat) key = `log.${e.type}${cause}.you`;
    else {
      const role = NAMES_ROLE.has(e.type) ? undefined : viewer.roles?.get(subject.seat);
      if (role) params[subject.field] = { key: "log.seat-role", params: { seat: subject.seat, role: { ref: "role", id: role } } };
    }
  }
  // §3 the night in turns: a line per step ("The Consort's turn"), never the step's id.
  if (e.type === "night-turn") key = `log.night-turn.${e.data.step}`;
  // §6.6–§6.7 the club's yes/no questions.
  const q = ownQuestion(e);
  if (q) key = `log.${e.type}.${q}${key.endsWith(".you") ? ".you" : ""}`;
  // RULES.md §8 Verifiable deal: the seats' draw names the seed's hash the table committed to (absent on older games).
  if (e.type === "seats-drawn" && typeof e.data.commitment === "string") key = "log.seats-drawn.committed";
  // §5.7 a club's owner or host handed the game to the server: named.
  if (e.type === "server-hosting" && e.data.why === "club") key = "log.server-hosting.club";
  // §5.1 a pause for an absent player names the seat.
  if (e.type === "paused" && e.data.reason === "absence" && e.data.absentSeat !== null) key = "log.paused.absence";
  // A claim reads as the seat's own words, by its kind (the claim is its word, not a fact).
  if (e.type === "claimed") {
    const c = e.data.claim;
    const words: Record<string, Arg> = c.kind === "role" ? { role: { ref: "role", id: c.role } } : { target: c.target };
    if ("result" in c) words.result = { ref: "check", id: c.result };
    params.claim = { key: `claim.${c.kind}`, params: words };
  }
  // What saved the player, in words ("the Doctor's heal"), never a seat.
  if (e.type === "saved") params.with = { join: ", ", items: e.data.with.map((x): Arg => ({ key: `saved.with.${(SAVERS as readonly string[]).includes(x) ? x : "other"}`, params: {} })) };
  const lines: Line[] = [{ type: e.type, key, params }];
  // §2.6 open voting calls the candidates in turn; the engine's start event carries the first one
  // (later ones come as `candidate-called`): give it the same heading.
  if (e.type === "voting-started" && e.data.mode === "open" && e.data.calling !== null) {
    lines.push({ type: "candidate-called", key: "log.candidate-called", params: { seat: e.data.calling } });
  }
  return lines;
}

/**
 * Every catalogue key logLines can produce for an event of `type` (the catalogue test checks each).
 * @internal The catalogue test's list, kept beside the rendering that uses the keys; the bundle leaves it out.
 */
export function keysFor(type: LogType, nightSteps: readonly string[]): string[] {
  const keys = [`log.${type}`];
  if (type === "claimed") keys.push(...CLAIM_KINDS.map((k) => `claim.${k}`));
  if (SUBJECT[type] !== undefined) keys.push(`log.${type}.you`);
  for (const c of CAUSES[type] ?? []) keys.push(`log.${type}.${c}`, ...(SUBJECT[type] !== undefined ? [`log.${type}.${c}.you`] : []));
  if (type === "night-turn") for (const s of nightSteps) keys.push(`log.night-turn.${s}`);
  if (type === "paused") keys.push("log.paused.absence");
  if (type === "server-hosting") keys.push("log.server-hosting.club");
  if (type === "seats-drawn") keys.push("log.seats-drawn.committed");
  if (type === "saved") keys.push(...[...SAVERS, "other"].map((x) => `saved.with.${x}`));
  if (ASKED.has(type)) for (const q of OWN_QUESTIONS) keys.push(`log.${type}.${q}`, ...(SUBJECT[type] !== undefined ? [`log.${type}.${q}.you`] : []));
  return keys;
}

/**
 * Keys every rendering may use besides the per-type ones.
 * @internal The catalogue test's list, kept beside the rendering that uses the keys; the bundle leaves it out.
 */
export const SHARED_KEYS = ["log.seat-role", "log.passed", "log.failed", "log.yes", "log.no", "log.candidate-called"] as const;

/**
 * The catalogue keys of a role's description, best first (RULES.md §2 sport, §3 city: the same role
 * does different things per format — sport's Civilian hunts the black team only, city's also the
 * Maniac; sport's Don looks for the Sheriff, city's for the Commissar): the preset's own, then the role's general one.
 */
export function roleInfoKeys(presetId: string | null | undefined, role: RoleId): string[] {
  // The §5 profiles share one text per role (i18n/families.ts): `roleinfo.profiles.<role>`.
  return presetId ? [`roleinfo.${textFamily(presetId)}.${role}`, `roleinfo.${role}`] : [`roleinfo.${role}`];
}

/**
 * A role's text with the notes that hold only where another role is dealt: the profiles' Commissar and
 * Agent name the Lawyer's cover (RULES.md §5.6) only at a table with a Lawyer, not at every table. The
 * first key of `roleInfoKeys` the catalogue `has`, then the note `<key>.<role>` of each role of `dealt`
 * (the roles this game or this composition deals) the catalogue has.
 */
export function roleAboutKeys(presetId: string | null | undefined, role: RoleId, dealt: readonly string[], has: (key: string) => boolean): string[] {
  const main = roleInfoKeys(presetId, role).find(has);
  if (!main) return [];
  return [main, ...dealt.map((r) => `${main}.${r}`).filter(has)];
}

/** Roles a viewer may name in the log: the result's after the game; a live host's (every seat's) view. */
export function rolesFrom(list: ReadonlyArray<{ seat: Seat; role?: RoleId | undefined }> | null | undefined): Map<Seat, RoleId> | null {
  if (!list) return null;
  const m = new Map<Seat, RoleId>();
  for (const r of list) if (r.role) m.set(r.seat, r.role);
  return m;
}
