/**
 * The engine's internal state (opaque GameState to everyone else) and the draft/context helpers.
 *
 * Immutability: `apply` never mutates its input. It works on a draft made by `cloneState`, which
 * copies every mutable part (players, the stage, small records, the PRNG state) and *shares* the
 * append-only event objects (events are never modified once created). A rejection simply drops
 * the draft.
 */
import type { RngState } from "./rng.ts";
import type { Audience, EventData, GameEvent, LogType, NightRecord, ResultReason, GameState, PlayerId, PresetId, RoleId, Seat, SeatView, Team, TechVoteKind } from "./types.ts";

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
  /** Per-ability memory (copy on write: a draft replaces the object, never edits it). */
  memory?: Readonly<Record<string, AbilityMemory>>;
  /** §7.9 the card was shown to the table when the player left (a removal by fouls in a closed game). */
  shown?: boolean;
  /** §7.9 the automatic vote against at three fouls: due (in the next ballot the player stands in), or used. */
  foulVote?: "due" | "used";
  /** §6.4 "under a foul" taken this game (at most twice). */
  underFouls?: number;
}

/**
 * The current stage: which flow entry of the preset is running (`id`), the phase module that runs it
 * (`module`), and that module's own data (opaque to everyone but the module; copied by its `clone`).
 */
export interface Stage {
  id: string;
  module: string;
  data: unknown;
  /** The table's window factor (EngineState `windowFactor`) where the module's timers are
   *  windows for a move (PhaseModule `windows`); flow/stage.ts multiplies every timer of the stage by it.
   *  Absent: the rules' own times. */
  factor?: number;
}

/** What a seat's role remembers of one ability from night to night (mafia-rust's per-role memory). */
export interface AbilityMemory {
  /** The target of the last effective use (0: none — skipped, or blocked). */
  last: Seat | 0;
  /** Nights in a row with an effective use on `last`. */
  streak: number;
  /** Effective uses this game. */
  used: number;
  /** Effective uses on oneself this game (§5.6 the Doctor heals himself once a game). */
  self?: number;
}

export interface CheckRecord {
  by: Seat;
  ability: string;
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
  /** RULES.md §8 Verifiable deal: SHA-256 (hex) of `seed`, public (absent in states stored before it). */
  dealCommitment?: string;
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
  /** "Longer windows for beginners" (createGame's `longWindows`): every vote and night-step timer
   *  is multiplied by this (the interpreter hands it to those stages as Stage `factor`; flow/stage.ts
   *  applies it). Absent: the rules' own times. */
  windowFactor?: 2;
  /** Live host: the current stage is done (everyone acted or time is up) and waits for the host's confirm. */
  awaitingHost?: boolean;
  /** RULES.md §8 the live host's mutes: each holds while the stage it was given in runs (flow/interpreter.ts stageKey). */
  hostMutes?: ReadonlyArray<{ seat: Seat; stage: string }>;
  /** §5.7 when the live host's connection was lost (absent: connected); HOST_TAKEOVER_MS later the server hosts. */
  hostAway?: number;
  /** §5.7 the server hosts in place of the live host (`host` is then "server"): why it took over. */
  serverHosting?: "host-away" | "organizer" | "club";
  /** §5.7 the live host came back while the server hosts: the hosting returns at the next stage. */
  hostBack?: true;
  /**
   * §5.7 the live host's last foul or remark, withdrawable for HOST_UNDO_MS: `removed` — the foul removed
   * the player (not withdrawn); `due` — the foul made the automatic vote against due (§7.9; undone with it).
   */
  hostMark?: { kind: "foul" | "remark"; seat: Seat; at: number; removed: boolean; due: boolean };
  /** §5.7 / §5.1 seats whose sockets are all closed (the table object says): no automatic late-vote foul (§7.3). */
  away?: readonly Seat[];
  /** Day number (0 before day 1). */
  day: number;
  /** Round number: round 1 = acquaintance night + day 1; round n = night n-1 + day n (§2.12). */
  round: number;
  /** First speaker of the current (or last) day (§2.3). */
  firstSpeaker: Seat;
  /** Nominees of the current day, in nomination order. */
  nominees: Seat[];
  /** Every nomination of the current day, by target, in order (candidate tiers count them, §6.5). Copy on write. */
  nominations: readonly Seat[];
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
  /**
   * The night's "why": each night's resolution step by step (night/resolve.ts NightStep),
   * appended in the morning; never read by view.ts before the game is over. Copy on write.
   */
  nights?: readonly NightRecord[];
  /** §4.4 per ability with `oncePerTarget`: the seats it already took effect on this game (the Doctor's saves). Copy on write. */
  onceTaken?: Readonly<Record<string, readonly Seat[]>>;
  /** §6.10 seats immune on day 1 and night 1 (the previous game's first eliminated; createGame's `immunity`). */
  immune?: readonly Seat[];
  /** §6.10 the game's first eliminated (rules/immunity.ts): the phase they left in and their seats. */
  firstOut?: { phaseSeq: number; seats: readonly Seat[] };
  /** RULES.md §9.4 this table records best moves whatever its preset says (createGame's `bestMove`); absent: the preset's flag. */
  bestMoveRule?: boolean;
  /** RULES.md §9.4 the best move made (rules/best-move.ts): the victim's seat and the seats named. Set once. */
  bestMove?: { seat: Seat; named: readonly Seat[] };
  /** §5.6 seats blackmailed for the coming day: no vote until the day ends. */
  silenced?: Seat[];
  /** §5.6 Judges whose name the table has been shown (once, at their first open vote). */
  judgesShown?: Seat[];
  /** §7.4 the seat that started the day's first vote (defence speeches and the revote start after it). */
  voteStarter?: Seat;
  /** §7.9 seats removed by fouls today: the town may still vote them out. Cleared when a day begins. */
  removedToday?: Seat[];
  /** §7.5 seats that asked for an early vote today (one request per player a day). Cleared when a day begins. */
  earlyAsked?: Seat[];
  /** Public tally of the last counted ballot (seat-1 indexed), shown after the count. */
  lastTally: number[] | null;
  events: GameEvent[];
  result: null | { winner: Team | "draw"; reason: ResultReason };
}

export function asEngine(s: GameState): EngineState {
  return s as unknown as EngineState;
}
export function asGame(s: EngineState): GameState {
  return s as unknown as GameState;
}

/** A private working copy: every part `apply` may change is copied; event objects are shared. */
export function cloneState(s: EngineState): EngineState {
  const players = new Array<PlayerState>(s.players.length);
  for (let i = 0; i < s.players.length; i++) players[i] = { ...(s.players[i] as PlayerState) };
  return {
    ...s,
    rng: [s.rng[0], s.rng[1], s.rng[2], s.rng[3]],
    players,
    // Shared until the interpreter hands the running module a draft of its data (flow/interpreter.ts draft()).
    stage: s.stage,
    shout: s.shout,
    techVote: s.techVote ? { ...s.techVote, favour: s.techVote.favour.slice() } : null,
    techUsed: s.techUsed.slice(),
    nominees: s.nominees.slice(),
    checks: s.checks.slice(),
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
  /** Whether `s.stage` is this draft's own (its data cloned by the running module), copy-on-write as the events. */
  ownStage?: boolean;
}

export function emit<K extends LogType>(ctx: Ctx, type: K, audience: Audience, data: EventData[K]): void {
  const s = ctx.s;
  const ev = { seq: s.events.length + 1, at: ctx.now, day: s.day, type, audience, data } as GameEvent;
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
