/**
 * The engine contract (ENGINEERING.md "The shape"): a pure, deterministic rules engine.
 *
 *   createGame(preset, settings, players, seed) -> GameState
 *   apply(state, input, now)                    -> { ok: true, state, events } | { ok: false, rejection }
 *   nextDeadline(state)                         -> epoch ms | null
 *   viewFor(state, viewer)                      -> GameView  (an allowlist: built up, never stripped down)
 *
 * No clock, no ambient randomness, no I/O inside the engine: `now` comes in with every input and the PRNG
 * state lives in GameState. Same seed + same inputs => the same game.
 *
 * These types are shared by the engine, the table Durable Object (worker/), the protocol
 * (shared/protocol/), the web client (web/), the bots and the tests. One concept, one name.
 */

/** A numbered place 1..N (RULES.md §1). */
export type Seat = number;
/** Stable id of a person or bot at a table, assigned by the table on join. */
export type PlayerId = string;
/** RULES.md §1 teams. */
export type Team = "red" | "black" | "solo";
/** Role ids; a role is a module under shared/engine/roles/. Later presets add more. */
export type RoleId =
  | "civilian"
  | "mafia"
  | "don"
  | "sheriff"
  | "commissar"
  | "doctor"
  | "putana"
  | "maniac"
  | (string & {});

/** Preset ids (RULES.md §2–§7). Only presets registered in shared/engine/presets/ can be created. */
export type PresetId = "sport" | "city" | "host-classic" | "classic" | "extended" | "fast" | "dark-city" | "custom" | "club" | "tatar" | (string & {});

/** A participant as handed to createGame: in join order; the preset decides the seat draw. */
export interface PlayerSpec {
  id: PlayerId;
  nickname: string;
  /** Bots are excluded from "living human players" counts (RULES.md §2.13). */
  bot: boolean;
}

/** Who is looking (RULES.md §1 Secrets; §5.7 the host's view is its own). */
export type Viewer =
  | { kind: "player"; playerId: PlayerId }
  | { kind: "spectator" }
  | { kind: "host" };

/** What a player may send (validated in shape by shared/protocol, in legality by the engine). */
export type PlayerAction =
  /** §2.1 take one of the face-down cards (index into the deck lying on the table). */
  | { type: "take-card"; card: number }
  /** §2.3 the speaker ends their speech early (also farewell / last words / tie speech). */
  | { type: "end-speech" }
  /** §2.4 nominate a living candidate during one's own speech. */
  | { type: "nominate"; target: Seat }
  /** §2.5 a 5 s shout during someone else's speech. */
  | { type: "shout" }
  /** §2.6 a ballot for a candidate (closed: any candidate; open: the candidate being called). */
  | { type: "vote"; target: Seat }
  /** §2.9 the lift vote: in favour of lifting all tied leaders (not pressing counts against). */
  | { type: "vote-lift"; lift: boolean }
  /** A night step's action for the seat's role (§2.10 shot / check; later heal, freeze, ...). */
  | { type: "night-action"; target: Seat }
  /** §2.2 the Don's shooting plan, seen by the black team only. */
  | { type: "shooting-plan"; plan: Seat[] }
  /** §2.13 put a technical vote to the table. */
  | { type: "tech-vote-start"; kind: TechVoteKind; target: Seat }
  /** §2.13 press "for" (true) or withdraw to "against" (false) in the running technical vote. */
  | { type: "tech-vote"; in_favour: boolean };

export type TechVoteKind = "foul" | "defeat" | "removal";

/** What the live host may send (RULES.md §5.7). */
export type HostAction = { type: "confirm" };

/** Table-level commands that reach the engine (organizer / table object), RULES.md §5.1. */
export type ControlAction =
  | { type: "pause"; by: string; reason: "organizer" | "absence"; absentSeat?: Seat }
  | { type: "resume" }
  | { type: "seat-to-bot"; seat: Seat }
  /**
   * The table ends the game without a winner (issue 11: its clock failed again and again): a draw
   * with the given reason, every role shown. Never sent by a client (no frame maps to it).
   */
  | { type: "abort"; reason: AbortReason };

/** Why the table aborted a game; the game's result reason (catalogue key `reason.<it>`). */
export type AbortReason = Extract<ResultReason, "server-error">;

export type Input =
  | { kind: "act"; playerId: PlayerId; action: PlayerAction }
  /** An alarm fired for the phase instance `phaseSeq` (stale or repeated => rejected "stale-timeout"). */
  | { kind: "timeout"; phaseSeq: number }
  | { kind: "host"; action: HostAction }
  | { kind: "control"; action: ControlAction };

export type RejectionCode =
  | "not-a-player"
  | "not-your-turn"
  | "phase-closed"
  | "illegal-target"
  | "already-acted"
  | "already-voted"
  | "no-shouts-left"
  | "not-allowed"
  | "stale-timeout"
  | "game-over"
  | "paused";

export interface Rejection {
  code: RejectionCode;
  message: string;
}

/** Who may see an event. Resolved to seats when the event is created (teams can change later). */
export type Audience =
  | { kind: "public" }
  | { kind: "seats"; seats: Seat[] }
  | { kind: "host" };

/**
 * Every public or private fact is an event with an explicit audience; views, the game log and the
 * end-of-game protocol are built from these. `data` is plain JSON; `type` is a domain word
 * ("nominated", "vote-cast", "shot-missed", "checked", "shooting-plan", ...).
 */
export interface GameEvent {
  seq: number;
  at: number;
  day: number;
  type: string;
  audience: Audience;
  data: Record<string, unknown>;
}

/**
 * ---- Issue 13 (part C): the engine's closed vocabularies, listed so the web catalogue can be checked
 * against them (test/unit/catalogue.test.ts: every id below has its line in en, uk and ru). ----
 */

/** Every event type the engine writes to the log. `emit` takes only these: a new type fails to compile until listed here. */
export const LOG_TYPES = [
  "seats-drawn", "dealing-started", "card-taken", "card-given", "role-dealt", "roles-dealt",
  "night-fell", "black-team", "shooting-plan", "shot", "checks-started", "checked", "killed", "shot-missed",
  "night-turn", "froze", "healed", "kill-chosen", "check-frozen", "frozen", "nobody-killed",
  "day-started", "speech-started", "shouted", "shout-ended", "nominated",
  "voting-started", "candidate-called", "ballot-cast", "vote-cast", "vote-counted", "leader-stays", "tie", "tie-stays",
  "no-candidates", "single-candidate-stays", "single-candidate-leaves", "voting-cancelled",
  "lift-vote-started", "lift-ballot-cast", "lift-vote-cast", "lift-counted", "left",
  "tech-vote-started", "tech-vote-pressed", "tech-vote-ended", "fouled",
  "paused", "resumed", "seat-to-bot", "game-over", "roles-revealed",
] as const;
export type LogType = (typeof LOG_TYPES)[number];

/** Every phase name a view can carry (`GameView.phase`; view.ts phaseName returns only these). */
export const PHASE_NAMES = [
  "dealing", "acquaintance", "speech", "tie-speech", "leader-speech", "farewell", "last-words", "voting", "revote", "lift-vote",
  "night-shot", "night-check", "night-freeze", "night-heal", "night-kill", "night-don-check", "night-turn", "game-over",
] as const;
export type PhaseName = (typeof PHASE_NAMES)[number];

/** Every reason a game can end with (`GameView.result.reason`, the `game-over` event; blocks/outcome.ts endGame). */
export const RESULT_REASONS = [
  "town-eliminated-mafia", "mafia-parity", "three-quiet-rounds", "technical-defeat", "server-error",
  "nobody-alive", "maniac-last-standing", "town-eliminated-mafia-and-maniac",
] as const;
export type ResultReason = (typeof RESULT_REASONS)[number];

/** Opaque to everyone but the engine; JSON-serialisable (stored as one SQLite value). */
export interface GameState {
  readonly presetId: PresetId;
  readonly phaseSeq: number;
  readonly [key: string]: unknown;
}

export type ApplyResult =
  | { ok: true; state: GameState; events: GameEvent[] }
  | { ok: false; rejection: Rejection };

/** ---------------- Views (what a connection receives; built from an allowlist) ---------------- */

export interface SeatView {
  seat: Seat;
  nickname: string;
  bot: boolean;
  alive: boolean;
  /** How the seat left, when it did (public facts only). */
  out: null | "voted-out" | "lifted" | "shot" | "removed" | "killed";
  nominated: boolean;
  speaking: boolean;
  /** Votes received in the current or just-counted ballot, when the rules make them visible. */
  votes: number | null;
  /** Technical fouls received (§2.13). */
  fouls: number;
  shoutsLeft: number;
  /** Present only when this viewer may know it (own seat, black teammates, the end, a live host). */
  role?: RoleId;
  team?: Team;
}

/** One thing this viewer can do now; the client renders exactly these and decides nothing. */
export type AvailableAction =
  | { type: "take-card"; cards: number[] }
  | { type: "end-speech" }
  | { type: "nominate"; targets: Seat[] }
  | { type: "shout"; left: number }
  | { type: "vote"; targets: Seat[] }
  | { type: "vote-lift" }
  | { type: "night-action"; kind: string; targets: Seat[] }
  | { type: "shooting-plan" }
  | { type: "tech-vote-start"; kinds: TechVoteKind[]; targets: Seat[] }
  /** `pressed`: whether this viewer is currently pressing "for" (added; optional). */
  | { type: "tech-vote"; pressed?: boolean }
  | { type: "confirm" };

export interface LogEntryView {
  /** 1-based place in this viewer's own log (not the game's event number: gaps would count hidden events). */
  seq: number;
  at: number;
  day: number;
  type: string;
  data: Record<string, unknown>;
}

export interface GameView {
  presetId: PresetId;
  settings: Record<string, unknown>;
  /** Phase name from the vocabulary of RULES.md §1 ("dealing", "acquaintance", "speech", "voting", ...). */
  phase: string;
  phaseSeq: number;
  /** Absolute epoch ms; null when the phase waits for no clock (or paused). */
  deadline: number | null;
  /** The full length (ms) of the timer `deadline` ends (or of the paused one): the timer ring's 100 %,
   *  right even for a client that connects halfway through. Null without a timer. */
  timerMs: number | null;
  /** Remaining ms when paused. */
  paused: null | { by: string; reason: string; remainingMs: number };
  day: number;
  round: number;
  seats: SeatView[];
  /** The seat currently holding the floor (speech, tie speech, farewell, last words, shout). */
  speaker: Seat | null;
  nominees: Seat[];
  /** The running ballot, shaped by the preset's voting procedure; only visible facts. */
  ballot: null | Record<string, unknown>;
  techVote: null | { kind: TechVoteKind; target: Seat; by: Seat; inFavour: number; needed: number; deadline: number };
  /** Only for a seated viewer. */
  you: null | {
    seat: Seat;
    role: RoleId | null;
    team: Team | null;
    teammates: Seat[];
    checks: Array<{ target: Seat; night: number; result: string }>;
    shootingPlan: Seat[] | null;
    actions: AvailableAction[];
  };
  /** Events this viewer may see, oldest first: all of them, or (a delta frame) the newest ones. */
  log: LogEntryView[];
  /** null: `log` is complete. A number n: `log` holds this viewer's entries after its first n, to be
   *  appended to the log of the previous frame, whose `logUpTo` must equal n (else ask for `sync`). */
  logAfter: number | null;
  /** How many entries this viewer's whole log has (counts only what this viewer may see). */
  logUpTo: number;
  result: null | {
    winner: Team | "draw";
    reason: string;
    roles: Array<{ seat: Seat; nickname: string; role: RoleId; team: Team }>;
  };
}
