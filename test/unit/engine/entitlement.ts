/**
 * The entitlement oracle, written independently of viewFor: from the state (roles, who has met,
 * checks) and RULES.md §1–§2 it decides what a viewer may know, then walks every view as JSON.
 * City (§3, §7.6): Putana is black and meets the team; Putana's freezes, the Doctor's heals, the
 * Maniac's kills and the Commissar's / Don's checks are private to the one who made them; "you were
 * frozen" is private to the frozen player; the night's internal record never appears. The night's
 * timing tells nothing (§1 Secrets, §3): every night runs all six turns in the rules' order, each its
 * full time with the table's timer, whoever acted and even when the role is dead; the morning names
 * only the dead (no cause, no heal).
 * Every log entry type must be known here (public, or whose it is): a new one fails until it is taught.
 */
import { getRole, ROLE_IDS } from "../../../shared/engine/roles/index.ts";
import type { GameView, RoleId } from "../../../shared/engine/types.ts";
import { sha256Hex } from "../../../shared/sha256.ts";
import type { Sight } from "../../../shared/entitlement.ts";

interface S {
  presetId: string;
  settings: Record<string, unknown>;
  host?: string;
  /** Issue 31.2 the table's "longer windows" (createGame's `longWindows`): 2, else absent. */
  windowFactor?: number;
  paused: unknown;
  seed: string;
  rng: number[];
  players: Array<{ id: string; seat: number; role: RoleId | null; team: string | null; alive: boolean; out: string | null }>;
  events: Array<{ type: string; data?: unknown }>;
  result: unknown;
  stage: { id: string; module: string; data: { mode?: string; step?: number } | null };
  lastTally: number[] | null;
}

/**
 * Issue 33: the role and secret lists come from the role modules (shared/engine/roles), so a new role
 * cannot be forgotten here; what the oracle decides about them stays written from the rules.
 */
function derived<T>(make: () => T): () => T {
  let at = -1;
  let value: T;
  // Rebuilt when a role is registered (roles/index.ts addRole: a fixture's role counts as much as a shipped one).
  return () => (at === ROLE_IDS.length ? value : ((at = ROLE_IDS.length), (value = make())));
}
const BLACK = derived(() => new Set(ROLE_IDS.filter((r) => getRole(r).team === "black")));

/**
 * Whether a player is on the black team (RULES.md §1). By the role, except in club (§6), where a
 * Werewolf turns black and a Swindler takes a black card: there the team as it is now.
 */
function isBlack(s: S, p: S["players"][number]): boolean {
  return s.presetId === "club" ? p.team === "black" : p.role !== null && BLACK().has(p.role);
}
/** Every check answer, the Agent's exact roles (§5.6) included. */
const SECRET_RESULTS = derived(() => new Set<string>([
  // the negative answers (a role that does not say otherwise) and every answer a role module gives
  "not-mafia", "not-sheriff", "red", "not-commissar",
  ...ROLE_IDS.flatMap((r) => {
    const m = getRole(r);
    return [r, ...Object.values(m.appearsAs), ...Object.values(m.appearsAsByTeam ?? {}).flatMap((x) => Object.values(x ?? {}))] as string[];
  }),
]));
const FORBIDDEN_KEYS = new Set([
  "rng", "seed", "deck", "shots", "shotTarget", "favour", "frozenRemainingMs", "techUsed", "taken", "shortNext",
  // city: the night in turns' choices and what it decided, and the memory of past freezes / heals
  "choices", "acc", "turnsMemo", "freezeTarget", "lastHeal",
  // engine v2 (issue 14): the night's collected uses, who acted, the blocked players told, each role's memory
  "uses", "acted", "told", "memory", "streak", "holders",
  // issue 16: the night's "why" (shown only at the end, and not by this view yet) and the live reports told
  "nights", "reported", "stoppedBy", "stoppedWith",
  // issue 38.6: the holders who did not shoot (the why's, at the end only)
  "silent",
]);

/** Keys of the night's "why", allowed in a view only at the end (view.result.nights). */
const WHY_KEYS = new Set(["nights", "stoppedBy", "stoppedWith", "silent"]);

/** Log entry types everyone may see (the rest are listed in checkLogEntry with whose they are). */
const PUBLIC_TYPES = new Set([
  "candidate-called", "card-given", "card-taken", "checks-started", "day-started", "dealing-started", "fouled",
  "game-over", "killed", "leader-stays", "left", "lift-counted", "lift-vote-cast", "lift-vote-started", "night-fell",
  "night-turn", "no-candidates", "nobody-killed", "nominated", "paused", "resumed", "roles-dealt", "roles-revealed",
  "seat-to-bot", "seats-drawn", "shot-missed", "shout-ended", "shouted", "single-candidate-leaves",
  "single-candidate-stays", "speech-started", "tech-vote-ended", "tech-vote-pressed", "tech-vote-started", "tie",
  "tie-stays", "vote-cast", "vote-counted", "voting-cancelled", "voting-started",
  // issue 16: a tie drawn by lot (Custom), the Judge's name at his first open vote (§5.6)
  "tie-drawn", "judge-shown",
  // issue 17 (tatar §7.4, §7.9): the host's remark, the third foul's vote, a peaceful day, the removed voted out,
  // and the card of a player removed by fouls
  "remarked", "foul-vote", "peaceful-day", "removed-voted-out", "role-revealed",
  // §7.3 / §7.5 the voter called in turn and the early-vote requests (first played by tatar)
  "voter-called", "early-vote-asked", "early-vote-supported", "early-vote-passed",
  // issue 17 (host-classic §4.6): a question put to one player in a speech
  "asked",
  // issue 18 (club §6): the composition's counts, the morning's curses and checks by role (§6.3), the candidates,
  // the car crash's drop, the host's removal without warning (§6.9)
  "composition", "cursed", "check-announced", "candidates", "dropped", "removed-by-host",
  // §6.5 more than four candidates (first played by club)
  "too-many-candidates",
  // §6.10 the seats immune on day 1 and night 1 (the evening's last game's first eliminated)
  "immune",
  // issue 20: a seat's public claim (its own word, possibly a lie: checked apart, see checkClaim)
  "claimed",
  // issue 31.11 (RULES.md §5.1 decision): "seat N was attacked and survived" — the seat only
  "survived",
  // issue 31.4: ready to vote, free talk ended by it, a solo player's skip
  "ready-to-vote", "free-talk-ended", "wait-skipped",
  // RULES.md §9.4 the best move: the seats the first night's shot victim named (their own word)
  "best-move",
  // §5.7 the live host: away, back, the server hosting and the host taking it back; a stage ended early; a mark withdrawn
  "host-away", "host-back", "server-hosting", "host-returned", "ended-early", "mark-withdrawn", "host-taken",
]);
/** Public entries that must say no more than this (§3/§7.7 the morning names only the dead: no cause, no heal). */
const PUBLIC_DATA: Record<string, string[]> = {
  killed: ["seat"], "nobody-killed": [], "shot-missed": [], "night-turn": ["step", "ms"], "peaceful-day": ["why"],
  // §6.3 the curse names its target only (never the Curser); a check names the checking role, never the checker's seat.
  cursed: ["seat"], "check-announced": ["checker", "target", "answer"],
  claimed: ["seat", "claim"],
  "best-move": ["seat", "named"],
  // §5.1 *decision*: "never who attacked, who protected, or how".
  survived: ["seat"],
  "host-away": ["until"], "host-back": [], "server-hosting": ["why", "by"], "host-returned": [], "host-taken": ["by"],
  // §5.7 how many had not acted; their seats only where their acts are public (checked apart: never at night).
  "ended-early": ["phase", "count", "seats", "after"], "mark-withdrawn": ["seat", "cause", "fouls"],
};

/** Issue 20: the words a claim may carry (the claimant's own, so its role or red/black is no leak). */
const CLAIM_KEYS: Record<string, string[]> = { role: ["kind", "role"], check: ["kind", "target", "result"], opinion: ["kind", "target", "result"], vote: ["kind", "target"] };
function checkClaim(s: S, d: Record<string, unknown>): void {
  const seat = d.seat;
  ok(typeof seat === "number" && seat >= 1 && seat <= s.players.length, () => `a claim by no seat: ${JSON.stringify(d)}`);
  const c = d.claim as Record<string, unknown> | null;
  ok(c !== null && typeof c === "object" && typeof c.kind === "string" && c.kind in CLAIM_KEYS, () => `an unknown claim: ${JSON.stringify(d)}`);
  const keys = CLAIM_KEYS[c!.kind as string]!;
  ok(Object.keys(c!).length === keys.length && keys.every((k) => k in c!), () => `a claim says more than ${JSON.stringify(keys)}: ${JSON.stringify(d)}`);
}

/**
 * RULES.md §3, written from the rules (not from presets/city.ts): the night in turns, in this order,
 * each with its own timer — the table's setting (seconds) or the default (mafia 20 s, others 10 s).
 */
const CITY_TURNS = [
  { step: "mafia-shot", setting: "mafiaSeconds", seconds: 20 },
  { step: "freeze", setting: "putanaSeconds", seconds: 10 },
  { step: "heal", setting: "doctorSeconds", seconds: 10 },
  { step: "commissar-check", setting: "commissarSeconds", seconds: 10 },
  { step: "kill", setting: "maniacSeconds", seconds: 10 },
  { step: "don-check", setting: "donSeconds", seconds: 10 },
];
/** RULES.md §7.6 / §7.12 tatar: the same turns in the same order, fixed at 20 s for the mafia and 10 s for every other (no settings). */
const NIGHT_TURNS: Record<string, Array<{ step: string; setting: string; seconds: number }>> = { city: CITY_TURNS, tatar: CITY_TURNS };

export interface Knowledge {
  seat: number | null;
  over: boolean;
  black: boolean;
  /** Seats whose role this viewer may know. */
  roles: Set<number>;
  /** The live host's screen (shared/entitlement.ts sight `all`, RULES.md §5.7): every card and night event. */
  all?: true;
}

export function knowledge(s: S, playerId: string | null): Knowledge {
  const over = s.result !== null;
  const me = playerId ? s.players.find((p) => p.id === playerId) ?? null : null;
  const met = s.events.some((e) => e.type === "black-team");
  const black = !!me && isBlack(s, me) && met;
  const roles = new Set<number>();
  // RULES.md §7.9 tatar: "the fourth [foul] → the card is shown" — a player removed by fouls is known to all.
  const shownWhenRemoved = s.presetId === "tatar";
  // RULES.md §4 host-classic: reveal open — a player who left is shown to everyone at once.
  // RULES.md §6 club: open too, except the Swindler's victim, who leaves unrevealed.
  const openReveal = s.presetId === "host-classic" || s.presetId === "club";
  for (const p of s.players) {
    if (over || (me && p.seat === me.seat && p.role !== null) || (black && p.role !== null && isBlack(s, p)) || (shownWhenRemoved && p.out === "removed") || (openReveal && !p.alive && p.out !== "swapped")) roles.add(p.seat);
  }
  return { seat: me ? me.seat : null, over, black, roles };
}

/** The card a seat was dealt (§6 a Swindler holds his victim's role now; his dealt card stays "swindler"). */
function dealtRole(s: S, seat: number): RoleId | null {
  for (const e of s.events) if (e.type === "role-dealt" && (e.data as { seat: number }).seat === seat) return (e.data as { role: RoleId }).role;
  return null;
}

function fail(msg: string, o: unknown): never {
  throw new Error(`entitlement: ${msg} in ${JSON.stringify(o)}`);
}

/** The seed's SHA-256, kept for the last seed (the property tests walk thousands of views per game). */
let committed = { seed: "", hash: "" };
function commitmentOf(seed: string): string {
  if (committed.seed !== seed) committed = { seed, hash: sha256Hex(seed) };
  return committed.hash;
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
    // RULES.md §8 Verifiable deal: the seed's hash is public (the view's `dealCommitment`, the first log
    // entry's `commitment`) — and must be that hash, so no other value (the seed itself) passes under its name.
    if ((key === "dealCommitment" || key === "commitment") && o[key] !== commitmentOf(s.seed)) fail(`a ${key} that is not the seed's hash`, o);
    // Issue 16: the night's "why" (result.nights) is shown once the game is over, never before.
    if (FORBIDDEN_KEYS.has(key) && !(k.over && WHY_KEYS.has(key))) fail(`internal key ${key}`, o);
    const x = o[key];
    if (key === "role" && x !== null && x !== undefined && !parentIsYou) {
      const seat = o.seat;
      if (typeof seat !== "number") fail("a role without a seat", o);
      if (!k.roles.has(seat)) fail(`role of seat ${seat} leaked to ${k.seat}`, o);
      if (x !== s.players[seat - 1]!.role && x !== dealtRole(s, seat)) fail("wrong role", o);
    } else if (key === "team" && x !== null && x !== undefined && !parentIsYou && !k.over) {
      if (!k.roles.has(o.seat as number)) fail("team leaked", o);
    } else if (key === "result" && typeof x === "string" && SECRET_RESULTS().has(x) && !k.over && !k.all) {
      if (!inYou && o.by !== k.seat) fail("a check result leaked", o);
    } else if ((key === "plan" || key === "shootingPlan") && x !== null && x !== undefined && !k.over) {
      if (!k.black) fail("the shooting plan leaked", o);
    }
    if (x !== null && typeof x === "object") walk(s, k, x, inYou || key === "you", key === "you");
    else walk(s, k, x, inYou, false);
  }
}

/** `msg` may be a function: a message that serializes data is built only when the check fails (the oracles run millions of checks). */
function ok(cond: boolean, msg: string | (() => string)): void {
  if (!cond) throw new Error(`entitlement: ${typeof msg === "string" ? msg : msg()}`);
}

function checkLogEntry(k: Knowledge, e: GameView["log"][number]): void {
  const d = e.data as Record<string, unknown>;
  ok(PUBLIC_TYPES.has(e.type) || PRIVATE_TYPES.has(e.type), `unknown log entry type ${e.type} (teach the oracle whose it is)`);
  const keys = PUBLIC_DATA[e.type];
  if (keys) ok(Object.keys(d).every((key) => keys.includes(key)), () => `${e.type} says more than ${JSON.stringify(keys)}: ${JSON.stringify(d)}`);
  if (k.over || k.all) return;
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
    // §5.2 the tally goes to the black team only; §5.6 one's own choices and Tracker / Watcher results to their owner only.
    case "shot-tally": ok(k.black === true, "the mafia's tally seen by the town"); break;
    case "silenced": ok(d.seat === k.seat, "someone else's blackmail"); break;
    case "used":
    case "tracked":
    case "watched": ok(d.by === k.seat, `someone else's ${e.type}`); break;
    case "ballot-cast":
    case "lift-ballot-cast": ok(d.voter === k.seat, "a hidden ballot before the count"); break;
    // §4.1 the Maniac's side is his alone; §4.4 the wounded are shown to the Doctor only.
    case "side-chosen": ok(d.seat === k.seat, "someone else's side"); break;
    case "wounded": ok(d.by === k.seat, "the Doctor's wounded seen by another"); break;
    // §6 the Witness's seat is his alone; the Werewolf's turn is the black team's; the Swindler's new card his alone.
    case "witnessed": ok(d.by === k.seat, "the Witness's seat seen by another"); break;
    case "turned": ok(k.black === true, "the Werewolf's turn seen outside the black team"); break;
    case "swapped": ok(d.seat === k.seat, "the Swindler's new card seen by another"); break;
    // §5.1 *decision*: "a player's own card tells them privately what saved them".
    case "saved": ok(d.seat === k.seat, "what saved another player"); break;
  }
}
const PRIVATE_TYPES = new Set([
  "role-dealt", "black-team", "shooting-plan", "shot", "checked", "froze", "healed", "kill-chosen", "check-frozen", "frozen", "ballot-cast", "lift-ballot-cast",
  "shot-tally", "used", "tracked", "watched", "silenced",
  // issue 17 (host-classic §4.1, §4.4)
  "side-chosen", "wounded",
  // issue 18 (club §6)
  "witnessed", "turned", "swapped",
  // issue 31.11 (RULES.md §5.1 decision)
  "saved",
]);

type Entry = GameView["log"][number];
type Turn = { step: string; setting: string; seconds: number };

/** The night's last public mark before entry i: its `night-fell` or its latest `night-turn`. */
function nightMarkBefore(log: GameView["log"], i: number): Entry | null {
  for (let j = i - 1; j >= 0; j--) if (log[j]!.type === "night-turn" || log[j]!.type === "night-fell") return log[j]!;
  return null;
}

/** A turn's full time at this table: the rules' (or the setting's), doubled up to 30 s with issue 31.2's longer windows. */
function turnMs(t: Turn, s: S): number {
  const v = s.settings[t.setting];
  const ms = (typeof v === "number" ? v : t.seconds) * 1000;
  return s.windowFactor ? Math.max(ms, Math.min(ms * s.windowFactor, 30_000)) : ms;
}

/**
 * §3 the night in turns (server host): entry i of the viewer's log, if it is a turn or the morning,
 * follows the previous turn in the rules' order, after that turn's full time, with the table's timer.
 */
function checkNightEntry(s: S, turns: Turn[], log: GameView["log"], i: number): void {
  const e = log[i]!;
  const morning = e.type === "killed" || e.type === "nobody-killed";
  if (e.type !== "night-turn" && !morning) return;
  const prev = nightMarkBefore(log, i);
  const prevIdx = prev?.type === "night-turn" ? turns.findIndex((t) => t.step === (prev.data as { step: unknown }).step) : -1;
  if (prev?.type === "night-turn") {
    const ms = (prev.data as { ms: number }).ms;
    ok(e.at - prev.at >= ms, `the ${turns[prevIdx]?.step} turn ended after ${e.at - prev.at} ms of its ${ms}`);
  }
  if (morning) {
    ok(prevIdx === turns.length - 1, () => `a morning after ${prev ? JSON.stringify(prev.data) : "no night"}, not after the last turn`);
    return;
  }
  const d = e.data as { step: unknown; ms: unknown };
  const idx = turns.findIndex((t) => t.step === d.step);
  ok(idx >= 0, `an unknown night turn ${String(d.step)}`);
  ok(d.ms === turnMs(turns[idx]!, s), `the ${String(d.step)} turn with ${String(d.ms)} ms, not the table's timer`);
  ok(prev !== null && idx === (prev.type === "night-fell" ? 0 : prevIdx + 1), () => `the ${String(d.step)} turn after ${prev ? JSON.stringify(prev.data) : "nothing"}`);
}

/** §3 the current turn's deadline is its start plus its full time, whoever has acted (server host, not paused). */
function checkTurnDeadline(s: S, view: GameView): void {
  if (s.stage.module !== "night" || s.paused || view.techVote) return;
  const log = view.log;
  const last = nightMarkBefore(log, log.length);
  ok(last?.type === "night-turn", "a night turn whose start is not in the log");
  const d = last!.data as { step: string; ms: number };
  ok(d.step === NIGHT_TURNS[s.presetId]![s.stage.data!.step!]!.step, `the log's turn ${d.step} is not the current one`);
  ok(view.deadline === last!.at + d.ms, `the ${d.step} turn's deadline moved to ${view.deadline} (start ${last!.at} + ${d.ms})`);
}

/** Checks one view; `seenLog` is how many log entries were already checked for this viewer (prefix). */
export function assertEntitled(state: unknown, playerId: string | null, view: GameView, seenLog: number, all = false): number {
  const s = state as S;
  const k = all ? hostKnowledge(s) : knowledge(s, playerId);
  const log = view.log;
  const vv = view as unknown as Record<string, unknown>;
  for (const key in vv) if (key !== "log" && key !== "composition") walk(s, k, vv[key], key === "you", key === "you");
  // RULES.md §6 the composition announced at the deal is public: the view's `composition` says exactly the
  // public `composition` entry's counts (zeros left out), never more.
  if (view.composition !== undefined) {
    const e = s.events.find((x) => x.type === "composition" && (x as { audience?: { kind: string } }).audience?.kind === "public");
    ok(e !== undefined, "a composition the table was never told");
    const told = Object.entries((e!.data as { counts: Record<string, number> }).counts).filter(([, n]) => n > 0).map(([role, count]) => ({ role, count }));
    ok(JSON.stringify(view.composition) === JSON.stringify(told), () => `a composition other than the one told: ${JSON.stringify(view.composition)}`);
  }
  // §2.6 closed ballots: nobody but the voter sees them before the count.
  if (!all && s.stage.module === "voting" && s.stage.data?.mode === "closed" && view.ballot) {
    ok(Array.isArray(view.ballot.votes) && view.ballot.votes.length === 0, "closed ballots shown before the count");
    for (const sv of view.seats) ok(sv.votes === (s.lastTally ? s.lastTally[sv.seat - 1] : null), "closed tally shown before the count");
  }
  // Issue 14 the floor: a viewer is told only of channels they are part of (a spectator: the public ones);
  // a private channel is the black team's and holds black players only (§2.2, §2.10).
  const me = playerId === null ? null : s.players.find((p) => p.id === playerId) ?? null;
  for (const c of view.floor.channels) {
    if (c.listeners === "everyone") continue;
    ok(all || me !== null && (c.listeners.includes(me.seat) || c.speakers.includes(me.seat) || c.video.includes(me.seat)), `a private floor channel ${c.id} shown to a viewer outside it`);
    // Issue 30 (RULES.md §7.10/§8): a whisper is seat N and its consigliere (peer 100 + N), nobody else.
    const whisper = /^whisper-(\d+)$/.exec(c.id);
    if (whisper) {
      const n = Number(whisper[1]);
      const pair = [n, 100 + n];
      ok(all || (me !== null && me.seat === n), `${c.id} shown to a viewer who is not seat ${n}`);
      ok(JSON.stringify(c.listeners) === JSON.stringify(pair), () => `${c.id} is heard by ${JSON.stringify(c.listeners)}`);
      ok(c.speakers.every((x) => pair.includes(x)), () => `${c.id} holds the speakers ${JSON.stringify(c.speakers)}`);
      ok(c.video.length === 0, `${c.id} carries video`);
      continue;
    }
    // The live host (media peer 0, RULES.md §8) listens to the black team's channel; otherwise black seats only.
    for (const seat of [...c.listeners, ...c.speakers, ...c.video]) {
      if (seat === 0 && s.host === "live" && (c.listeners as number[]).includes(seat) && !c.speakers.includes(seat) && !c.video.includes(seat)) continue;
      ok(isBlack(s, s.players[seat - 1]!), `the ${c.id} channel holds seat ${seat}, not black`);
    }
    // §7.6 tatar: "Don and Mafia (not Putana)" — Putana joins the mafia's step only when she is the last black player.
    if (s.presetId === "tatar" && s.stage.module === "night") {
      const shooters = s.players.some((p) => p.alive && (p.role === "don" || p.role === "mafia"));
      for (const seat of [...c.listeners, ...c.speakers, ...c.video]) ok(seat === 0 || !shooters || s.players[seat - 1]!.role !== "putana", "Putana in the mafia's channel while a Don or Mafia lives");
    }
  }
  if (k.over) seenLog = 0; // everything is revealed at the end: re-walk once
  ok(log.length >= seenLog, "the log shrank");
  const turns = s.host === "live" ? undefined : NIGHT_TURNS[s.presetId];
  for (let i = seenLog; i < log.length; i++) {
    const e = log[i]!;
    checkLogEntry(k, e);
    // §5.6 the Judge's name is shown only for a Judge (a public event must never name another role).
    if (e.type === "judge-shown") ok(s.players[(e.data as { seat: number }).seat - 1]!.role === "judge", "judge-shown names a seat that is not the Judge");
    if (turns) checkNightEntry(s, turns, log, i);
    // Issue 20: a claim's role and red/black are the claimant's words, not the server's knowledge.
    if (e.type === "claimed") { checkClaim(s, e.data as Record<string, unknown>); continue; }
    walk(s, k, e, false, false);
  }
  if (turns) checkTurnDeadline(s, view);
  return log.length;
}

/** §5.7 the live host: every dealt card, the black team's plan and every night event (never the seed). */
function hostKnowledge(s: S): Knowledge {
  const roles = new Set<number>();
  for (const p of s.players) if (p.role !== null) roles.add(p.seat);
  return { seat: null, over: s.result !== null, black: true, roles, all: true };
}

/**
 * One frame's game view against the entitlement table (shared/entitlement.ts): the sight the table gives
 * this credential at this stage, checked from the rules here — `public` and `seat` by the oracle above,
 * `all` as the host's screen (and it must show every dealt card), `revealed` only once the game is over.
 * Beyond the cards: only a seat's view has `you` (and it is that seat's), only the host's has its panel.
 */
export function assertSight(state: unknown, sight: Sight, playerId: string | null, view: GameView, seenLog: number): number {
  const s = state as S;
  const over = s.result !== null;
  ok(sight !== "lobby", "a game view where the entitlement table allows the lobby only");
  ok(over === (sight === "revealed"), `sight ${sight} for a game ${over ? "over" : "running"}`);
  const host = (view as { host?: unknown }).host !== undefined;
  // At the end a view keeps its in-game shape (the host keeps the panel, a seat its `you`).
  const as: Sight = sight === "revealed" ? (host ? "all" : playerId !== null ? "seat" : "public") : sight;
  if (as === "seat") {
    const me = s.players.find((p) => p.id === playerId);
    ok(me !== undefined, `a seat's view for ${playerId}, who has no seat`);
    ok(view.you !== null && view.you.seat === me!.seat, `seat ${me!.seat}'s credential got ${view.you ? `seat ${view.you.seat}'s view` : host ? "the host's screen" : "no seat"}`);
    ok(!host, "the host's panel in a seat's view");
    return assertEntitled(state, playerId, view, seenLog);
  }
  if (as === "public") {
    ok(view.you === null, `a seat's view (seat ${view.you?.seat}) where the table allows the public game only`);
    ok(!host, "the host's panel in the public view");
    return assertEntitled(state, null, view, seenLog);
  }
  ok(view.you === null, "the host's screen with a seat");
  ok(host, "the host's screen without its panel");
  for (const p of s.players) if (p.role !== null) ok(view.seats[p.seat - 1]?.role !== undefined, `the host's screen without seat ${p.seat}'s card`);
  return assertEntitled(state, null, view, seenLog, true);
}
