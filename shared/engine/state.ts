/**
 * The engine's internal state (opaque GameState to everyone else) and the draft/context helpers.
 *
 * Immutability: `apply` never mutates its input. It works on a draft made by `cloneState`, which
 * copies every mutable part (players, the stage, small records, the PRNG state) and *shares* the
 * append-only event objects (events are never modified once created). A rejection simply drops
 * the draft.
 */
import type { RngState } from "./rng.ts";
import type { Audience, GameEvent, LogType, GameState, PlayerId, PresetId, RoleId, Seat, SeatView, Team, TechVoteKind } from "./types.ts";

export interface PlayerState {
  id: PlayerId;
  nickname: string;
  bot: boolean;
  seat: Seat;
  /** null until the card is taken (§2.1). */
  role: RoleId | null;
  team: Team | null;
  alive: boolean;
  out: SeatView["out"];
  fouls: number;
  shoutsLeft: number;
  /** §2.5: after the third shout the player's next day speech lasts 30 s. */
  shortNext: boolean;
}

/** Why a seat is holding the floor. */
export type SpeechPurpose = "day" | "tie" | "leader" | "farewell" | "last-words";

export type Stage =
  | { kind: "dealing"; deck: RoleId[]; taken: boolean[] }
  | { kind: "acquaintance" }
  | {
      kind: "speech";
      purpose: SpeechPurpose;
      speaker: Seat;
      /** Seats still to speak after the current speaker. */
      queue: Seat[];
      /** §2.4 once per speech. */
      nominatedThisSpeech: boolean;
      /** Tie speeches: the tied candidates to revote among. */
      candidates: Seat[];
    }
  | {
      kind: "voting";
      /** "first" or "revote" among the tied (§2.9). */
      round: "first" | "revote";
      mode: "closed" | "open";
      candidates: Seat[];
      /** ballots[seat-1] = candidate seat, 0 = not yet voted. */
      ballots: number[];
      /** Open voting: index of the candidate being called (§2.6). */
      current: number;
    }
  | { kind: "lift-vote"; mode: "closed" | "open"; candidates: Seat[]; /** 0 none, 1 for, 2 against */ ballots: number[] }
  | { kind: "night-shot"; shots: number[] }
  | { kind: "night-check"; shotTarget: Seat | 0; checks: number[] }
  /** §3 the night in turns (blocks/turns.ts): `step` indexes preset.night; choices[seat-1] = target, 0 = none. */
  | { kind: "night-turn"; step: number; choices: number[]; acc: NightAcc }
  | { kind: "game-over" };

/** What the night in turns has decided so far (decide first, apply in the morning; blocks/turns.ts). */
export interface NightAcc {
  /** The mafia's unanimous target (0: a miss), and who were the shooters. */
  shot: Seat | 0;
  shooters: Seat[];
  /** Putana's freeze, the Doctor's effective heal, the Maniac's effective kill (0: none). */
  freeze: Seat | 0;
  heal: Seat | 0;
  kill: Seat | 0;
  /** Frozen players already told (after giving their choice). */
  told: Seat[];
}

/** What the night in turns remembers from one night to the next (§7.6 limits). */
export interface TurnsMemo {
  /** Putana's target on the previous night(s) in a row, and for how many nights in a row. */
  freezeTarget: Seat | 0;
  freezeNights: number;
  /** The Doctor's effective heal of the previous night (0: none — skipped or frozen). */
  lastHeal: Seat | 0;
}

export interface CheckRecord {
  by: Seat;
  target: Seat;
  night: number;
  result: string;
}

export interface TechVoteState {
  kind: TechVoteKind;
  target: Seat;
  by: Seat;
  /** Seats currently pressing "for". */
  favour: Seat[];
  deadline: number;
  /** The phase timer, stopped while the technical vote runs (§2.13 decision). */
  frozenRemainingMs: number | null;
}

export interface EngineState {
  presetId: PresetId;
  phaseSeq: number;
  settings: Record<string, unknown>;
  /** Never in any view. */
  seed: string;
  /** Never in any view. */
  rng: RngState;
  players: PlayerState[];
  stage: Stage;
  deadline: number | null;
  /** The full length (ms) of the timer `deadline` ends, for the table's timer ring; absent in states
   *  stored before it existed. */
  deadlineMs?: number | null;
  shout: null | { seat: Seat; until: number };
  techVote: TechVoteState | null;
  /** "by:target" pairs that already started a technical vote in this phase (§2.13 decision). */
  techUsed: string[];
  paused: null | { by: string; reason: string; absentSeat: Seat | null; at: number; remainingMs: number | null };
  /** RULES.md §1 host kinds; "live": night, voting and revoting end only on the host's confirm (§5.7). Absent = server. */
  host?: "server" | "live";
  /** Live host: the current stage is done (everyone acted or time is up) and waits for the host's confirm. */
  awaitingHost?: boolean;
  /** Day number (0 before day 1). */
  day: number;
  /** Round number: round 1 = acquaintance night + day 1; round n = night n-1 + day n (§2.12). */
  round: number;
  /** First speaker of the current (or last) day (§2.3). */
  firstSpeaker: Seat;
  /** Nominees of the current day, in nomination order. */
  nominees: Seat[];
  /** §2.13 a removal cancels that day's voting. */
  votingCancelled: boolean;
  /** Someone left during the current round (§2.12 draw counter). */
  roundHadDeparture: boolean;
  /** Consecutive counted rounds without a departure. */
  quietRounds: number;
  /** Black players have met (acquaintance night); before that nobody knows teammates. */
  blackMet: boolean;
  shootingPlan: Seat[] | null;
  checks: CheckRecord[];
  /** The night in turns (§3); absent in presets without it. Never in any view. */
  turnsMemo?: TurnsMemo;
  /** Public tally of the last counted ballot (seat-1 indexed), shown after the count. */
  lastTally: number[] | null;
  events: GameEvent[];
  result: null | { winner: Team | "draw"; reason: string };
}

export function asEngine(s: GameState): EngineState {
  return s as unknown as EngineState;
}
export function asGame(s: EngineState): GameState {
  return s as unknown as GameState;
}

function cloneStage(st: Stage): Stage {
  switch (st.kind) {
    case "dealing": return { kind: "dealing", deck: st.deck, taken: st.taken.slice() };
    case "speech": return { ...st, queue: st.queue.slice(), candidates: st.candidates };
    case "voting": return { ...st, ballots: st.ballots.slice() };
    case "lift-vote": return { ...st, ballots: st.ballots.slice() };
    case "night-shot": return { kind: "night-shot", shots: st.shots.slice() };
    case "night-check": return { ...st, checks: st.checks.slice() };
    case "night-turn": return { ...st, choices: st.choices.slice(), acc: { ...st.acc, shooters: st.acc.shooters.slice(), told: st.acc.told.slice() } };
    default: return st;
  }
}

/** A private working copy: every part `apply` may change is copied; event objects are shared. */
export function cloneState(s: EngineState): EngineState {
  const players = new Array<PlayerState>(s.players.length);
  for (let i = 0; i < s.players.length; i++) players[i] = { ...(s.players[i] as PlayerState) };
  return {
    ...s,
    rng: [s.rng[0], s.rng[1], s.rng[2], s.rng[3]],
    players,
    stage: cloneStage(s.stage),
    shout: s.shout,
    techVote: s.techVote ? { ...s.techVote, favour: s.techVote.favour.slice() } : null,
    techUsed: s.techUsed.slice(),
    nominees: s.nominees.slice(),
    checks: s.checks.slice(),
    ...(s.turnsMemo ? { turnsMemo: { ...s.turnsMemo } } : {}),
    // The event list is copied on the first emit only (most of the apply cost was this copy): see emit().
    events: s.events,
  };
}

/** The draft being built by one `apply` (or `createGame`), the clock, and the events emitted. */
export interface Ctx {
  s: EngineState;
  now: number;
  emitted: GameEvent[];
  /** Set while applying the live host's confirm (RULES.md §5.7). */
  confirming?: boolean;
  /** Whether `s.events` is this draft's own copy yet (copy-on-write: the input state's list is shared until then). */
  ownEvents?: boolean;
}

export function emit(ctx: Ctx, type: LogType, audience: Audience, data: Record<string, unknown>): void {
  const s = ctx.s;
  const ev: GameEvent = { seq: s.events.length + 1, at: ctx.now, day: s.day, type, audience, data };
  if (!ctx.ownEvents) {
    s.events = s.events.slice();
    ctx.ownEvents = true;
  }
  s.events.push(ev);
  ctx.emitted.push(ev);
}

export const PUBLIC: Audience = { kind: "public" };
export function toSeats(seats: Seat[]): Audience {
  return { kind: "seats", seats: seats.slice() };
}

export function player(s: EngineState, seat: Seat): PlayerState {
  const p = s.players[seat - 1];
  if (!p) throw new Error(`no seat ${seat}`);
  return p;
}

export function playerById(s: EngineState, id: PlayerId): PlayerState | null {
  for (const p of s.players) if (p.id === id) return p;
  return null;
}

export function livingSeats(s: EngineState): Seat[] {
  const out: Seat[] = [];
  for (const p of s.players) if (p.alive) out.push(p.seat);
  return out;
}

export function livingCount(s: EngineState): number {
  let n = 0;
  for (const p of s.players) if (p.alive) n++;
  return n;
}

/** Seats of the black team (by current team), living or not. */
export function blackSeats(s: EngineState, livingOnly = false): Seat[] {
  const out: Seat[] = [];
  for (const p of s.players) if (p.team === "black" && (!livingOnly || p.alive)) out.push(p.seat);
  return out;
}

export function livingOfRole(s: EngineState, role: RoleId): PlayerState | null {
  for (const p of s.players) if (p.alive && p.role === role) return p;
  return null;
}
