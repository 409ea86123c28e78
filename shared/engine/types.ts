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

/** An ability id (shared/engine/abilities/): what a role may do at night, e.g. "mafia-shot", "heal". */
export type AbilityId = string;

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
  /** §2.9 a yes/no question (the lift vote): in favour (true) or against (false); not pressing counts against. */
  | { type: "vote-lift"; lift: boolean }
  /** Use an ability (a night shot, check, heal, freeze, kill, …) on `targets` (as many as the ability takes, possibly none). */
  | { type: "use"; ability: AbilityId; targets: Seat[] }
  /** Decline an ability this turn (§7.6 "each step may be skipped"), when the ability allows it. */
  | { type: "skip"; ability: AbilityId }
  /** §2.2 the Don's shooting plan, seen by the black team only. */
  | { type: "shooting-plan"; plan: Seat[] }
  /** §7.5 ask for an early vote (free talk, one's own speech), or support the open request. */
  | { type: "early-vote" }
  /** §4.6 put a question to one player during one's own speech (the player answers within the speaker's time). */
  | { type: "ask"; target: Seat }
  /** §4.1–§4.2 the Maniac answers "Maniac for the town?" at his wake (yes: `town` true). */
  | { type: "choose-side"; town: boolean }
  /** §6.4 "under a foul": 30 s more of one's own speech at the price of a foul (at most twice a game). */
  | { type: "under-foul" }
  /** §2.13 put a technical vote to the table. */
  | { type: "tech-vote-start"; kind: TechVoteKind; target: Seat }
  /** §2.13 press "for" (true) or withdraw to "against" (false) in the running technical vote. */
  | { type: "tech-vote"; in_favour: boolean }
  /** A public statement in one's own speech or free talk (rules/claims.ts; may be a lie). */
  | { type: "claim"; claim: Claim }
  /** RULES.md §9.4 the best move: the first night's shot victim names 1–3 seats in their last words (rules/best-move.ts). */
  | { type: "best-move"; seats: Seat[] }
  /** "ready to vote" in the profiles' free talk; once every living person pressed it, free talk ends. */
  | { type: "ready-to-vote" }
  /** The only person at a table of bots skips a wait with nothing to do (the acquaintance night, another seat's speech). */
  | { type: "skip-wait" };

/** A public statement (may be a lie). Closed vocabulary: nothing here comes from the server. */
export type Claim =
  /** "I am the Sheriff" */
  | { kind: "role"; role: RoleId }
  /** "my check: seat 3 is black" */
  | { kind: "check"; target: Seat; result: "red" | "black" }
  /** "seat 2 is red to me" */
  | { kind: "opinion"; target: Seat; result: "red" | "black" }
  /** "I vote seat 5" */
  | { kind: "vote"; target: Seat };

export type TechVoteKind = "foul" | "defeat" | "removal";
/** Where a foul came from (the `fouled` event): a late vote in turn (§7.3), the live host (§7.9). Absent: a technical vote (§2.13). */
export type FoulCause = "late-vote" | "host" | "under-foul";
/** §6.9 offences the live host removes a player for without warning (the reason is shown to the table). */
export const REMOVAL_REASONS = ["peeking", "talking-at-night", "swearing", "oath", "hand-lowered"] as const;
export type RemovalReason = (typeof REMOVAL_REASONS)[number];

/**
 * What the live host may send (RULES.md §5.7): confirm the stage; and where the preset lets the host
 * give fouls (§7.9 tatar, `Preset.fouls.host`), a foul or a remark (a public warning, no foul) to a
 * living seat, applied at once with the preset's consequences.
 */
export type HostAction =
  /** §5.7 an ordinary confirm: only once everyone required has acted or the step's time is up ("actors-remain" otherwise). */
  | { type: "confirm" }
  /**
   * §5.7 "end it now": ends the stage early although players still have to act — never skipping the voter
   * whose turn it is (an in-turn ballot ends after the current voter); logged (`ended-early`) with how
   * many had not acted. With nobody left to act it is an ordinary confirm.
   */
  | { type: "end-now" }
  /** §5.7 withdraw the host's last foul or remark within HOST_UNDO_MS ("too-late" after; a foul that removed the player stays). */
  | { type: "undo" }
  | { type: "foul"; seat: Seat }
  | { type: "remark"; seat: Seat }
  /** §6.9 removal without warning (a preset with `fouls.hostRemoval`): the seat leaves at once, for `offence`. */
  | { type: "remove"; seat: Seat; offence: RemovalReason }
  /** RULES.md §8 the host mutes a seat's microphone for the rest of the current speech or stage (a remark). */
  | { type: "mute"; seat: Seat };

/** Table-level commands that reach the engine (organizer / table object), RULES.md §5.1. */
export type ControlAction =
  | { type: "pause"; by: string; reason: "organizer" | "absence"; absentSeat?: Seat }
  | { type: "resume" }
  | { type: "seat-to-bot"; seat: Seat }
  /**
   * §5.7 / §5.1 presence, fed by the table object (never sent by a client): a seat's sockets all closed
   * (`connected: false`) or one reopened. A seat away at its in-turn vote gets no automatic foul (§7.3).
   */
  | { type: "presence"; seat: Seat; connected: boolean }
  /**
   * §5.7 the live host's connection, fed by the table object: lost (`connected: false`: a gated stage
   * then waits "for the host", and HOST_TAKEOVER_MS later the server hosts) or back (a server-hosting
   * table hands the host back at the next stage).
   */
  | {
      type: "host-presence";
      connected: boolean;
      /** A loss: when the connection was lost, if the table tells it later (it waits a few seconds for a
       *  quick return first); the 3 minutes count from here. Absent: now. */
      since?: number;
    }
  /**
   * §5.7 the organizer hands the hosting to the server now (before the 3 minutes); `by`: a club's owner or
   * host did, while the live host was away (the table object checked who; the log names them).
   */
  | { type: "server-hosts"; by?: string }
  /**
   * §5.7 (2026-12-06) a club's owner or host takes over as the table's live host while the host is away
   * (fed by the table object, never sent by a client): the table stops waiting; the log names who hosts now.
   */
  | { type: "host-taken"; by: string }
  /**
   * The table ends the game without a winner (its clock failed again and again): a draw
   * with the given reason, every role shown. Never sent by a client (no frame maps to it).
   */
  | { type: "abort"; reason: AbortReason };

/** Why the table aborted a game; the game's result reason (catalogue key `reason.<it>`). */
export type AbortReason = "server-error";

export type Input =
  /**
   * A seat's action. `by: "consigliere"` (RULES.md §7.10, a preset with `consigliere`): the seat's
   * consigliere gives the seat's vote or night action — checked like the player's, except that it
   * replaces a choice the player already made this turn (the running ballot, the running night step);
   * the consigliere's choice is then final for both.
   */
  | {
      kind: "act"; playerId: PlayerId; action: PlayerAction; by?: "consigliere";
      /**
       * The stage the sender acted on (GameView.phaseSeq of their view). Another stage's
       * phaseSeq is refused "stale" and changes nothing. Every client frame carries it (messages.ts);
       * absent only on the server's own bots' inputs and on inputs recorded before it existed.
       */
      phaseSeq?: number;
    }
  /** An alarm fired for the phase instance `phaseSeq` (stale or repeated => rejected "stale-timeout"). */
  | { kind: "timeout"; phaseSeq: number }
  /** The live host's input; `phaseSeq` as for "act" (a second confirm made on the same view is "stale"). */
  | { kind: "host"; action: HostAction; phaseSeq?: number }
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
  /** An act or host input made on another stage's view (its phaseSeq is not the current one). */
  | "stale"
  | "game-over"
  | "paused"
  /** §5.7 an ordinary confirm while players still have to act: `end-now` ends it early. */
  | "actors-remain"
  /** §5.7 the host's undo after HOST_UNDO_MS, or with nothing to withdraw. */
  | "too-late";

/** §5.7 how long the live host may withdraw their last foul or remark. */
export const HOST_UNDO_MS = 10_000;
/** §5.7 how long a table waits for a live host whose connection was lost before the server hosts. */
export const HOST_TAKEOVER_MS = 180_000;

export interface Rejection {
  code: RejectionCode;
  message: string;
}

/**
 * One step of the night's resolution, as the end-of-game "why" tells it: "seat 7 blocked
 * seat 3", "seat 3's heal on seat 5 did not happen", "the mafia's attack on seat 5 killed".
 */
export type NightStep =
  /** A block or jail landed on `target`. */
  | { kind: "blocked"; by: Seat; ability: string; target: Seat }
  /** A use that did not happen: its user was blocked (a blocked block, a blocked heal, a blocked check…). */
  | { kind: "cancelled"; by: Seat; ability: string; target: Seat }
  /** A protection or a cover in place on `target`. */
  | { kind: "protected"; by: Seat; ability: string; target: Seat }
  /**
   * An attack on `target` by `by` (a team ability: its unblocked holders): stopped by `stoppedBy`'s
   * `stoppedWith` (a guard then takes the attack himself: a later step is his), or it killed.
   */
  | { kind: "attack"; by: Seat[]; ability: string; target: Seat; outcome: "killed" | "stopped"; stoppedBy?: Seat; stoppedWith?: string }
  /**
   * A team ability with no single target, or every holder blocked: no attack. 
   * `silent` names the holders who chose nobody (shown only in the result, once every role is public).
   */
  | { kind: "no-attack"; ability: string; reason: "no-target" | "blocked"; silent?: Seat[] }
  /** A silence (the Blackmailer's) landed. */
  | { kind: "silenced"; by: Seat; ability: string; target: Seat }
  /** A guest dies with the Mistress who died tonight (§5.6). */
  | { kind: "bond"; by: Seat; ability: string; target: Seat }
  /** §6 the Curser's curse landed on `target` (a permanent mark; no heal removes it). */
  | { kind: "cursed"; by: Seat; ability: string; target: Seat }
  /** §6 the Swindler took `target`'s place (`done` false: he or his victim died tonight, nothing happened). */
  | { kind: "swapped"; by: Seat; ability: string; target: Seat; done: boolean }
  /**
   * §6 a passive answered an attack: the Kamikaze took the Maniac along (`passive` "takes-maniac",
   * `by` the Kamikaze, `target` the Maniac), or the Werewolf turned black (`by` = `target`).
   */
  | { kind: "reaction"; passive: string; by: Seat; target: Seat };

/** One night's resolution, step by step (the end-of-game "why"). */
export interface NightRecord {
  night: number;
  steps: NightStep[];
}

/** Who may see an event. Resolved to seats when the event is created (teams can change later). */
export type Audience =
  | { kind: "public" }
  | { kind: "seats"; seats: Seat[] };

/** How a seat left the game (public). */
export type OutHow = "voted-out" | "lifted" | "shot" | "removed" | "killed" | "swapped";

/**
 * The data of every event type the engine writes (a map from type to data, not
 * `Record<string, unknown>`). `emit` takes a type and exactly its data.
 */
export interface EventData {
  /** RULES.md §8 Verifiable deal: `commitment` is SHA-256 (hex) of the game's seed, published before any draw. */
  "seats-drawn": { seats: Array<{ seat: Seat; nickname: string; bot: boolean }>; commitment?: string };
  "dealing-started": { cards: number };
  "card-taken": { seat: Seat; card: number };
  "card-given": { seat: Seat; card: number };
  "role-dealt": { seat: Seat; role: RoleId };
  "roles-dealt": { auto: boolean };
  "night-fell": { round: number; acquaintance: boolean };
  "black-team": { members: Array<{ seat: Seat; role: RoleId | null }> };
  "shooting-plan": { by: Seat; plan: Seat[] };
  shot: { seat: Seat; target: Seat };
  /** §5.2 the tally of the mafia's choices, anonymous: how many chose each seat, never who. */
  "shot-tally": { tally: Array<{ seat: Seat; votes: number }>; agreed: boolean };
  "checks-started": Record<string, never>;
  checked: { by: Seat; target: Seat; night: number; kind: string; result: string };
  killed: { seat: Seat };
  "shot-missed": Record<string, never>;
  "night-turn": { step: string; ms: number };
  froze: { by: Seat; target: Seat; night: number };
  healed: { by: Seat; target: Seat; night: number };
  "kill-chosen": { by: Seat; target: Seat; night: number };
  "check-frozen": { by: Seat; target: Seat; night: number };
  /** One's own night choice with an ability of §5.6 (block, jail, guest, guard, cover, blackmail, avenge, track, watch). */
  used: { by: Seat; ability: AbilityId; target: Seat; night: number };
  /** §5.6 Tracker: the seats the target visited so far tonight (`final` in the morning). */
  tracked: { by: Seat; target: Seat; night: number; seats: Seat[]; final: boolean };
  /** §5.6 Watcher: the seats that visited the target so far tonight (`final` in the morning). */
  watched: { by: Seat; target: Seat; night: number; seats: Seat[]; final: boolean };
  frozen: { seat: Seat; night: number };
  "nobody-killed": Record<string, never>;
  /** RULES.md §5.1 *decision*: seat N was attacked tonight and survived (public; never who attacked, who protected, or how). */
  survived: { seat: Seat };
  /** §5.1 *decision*: to the saved player alone — the protections that stopped tonight's attacks on them (ability ids: heal, guard, jail, guest, armour). */
  saved: { seat: Seat; night: number; with: AbilityId[] };
  "day-started": { day: number; firstSpeaker: Seat };
  "speech-started": { seat: Seat; purpose: SpeechPurpose; ms: number };
  shouted: { seat: Seat; left: number; ms: number };
  "shout-ended": { seat: Seat };
  nominated: { by: Seat; target: Seat };
  "voting-started": { round: BallotRound; mode: VoteMode; candidates: Seat[]; calling: Seat | null };
  "candidate-called": { seat: Seat };
  "voter-called": { seat: Seat };
  "early-vote-asked": { seat: Seat; needed: number };
  "early-vote-supported": { seat: Seat; supporters: number; needed: number };
  "early-vote-passed": { by: Seat };
  /** A person at the table is ready to vote (`ready` of `of` living persons now). */
  "ready-to-vote": { seat: Seat; ready: number; of: number };
  /** Free talk ended before its time — every living person was ready to vote. */
  "free-talk-ended": { why: "all-ready" };
  /** The only person at a table of bots skipped a wait (`phase`: the one skipped). */
  "wait-skipped": { seat: Seat; phase: PhaseName };
  "too-many-candidates": { seats: Seat[] };
  "ballot-cast": { voter: Seat; target: Seat };
  "vote-cast": { voter: Seat; target: Seat };
  "vote-counted": { round: BallotRound; ballots: Array<{ voter: Seat; target: Seat; auto: boolean }>; tally: Array<{ seat: Seat; votes: number }>; leaders: Seat[] };
  "leader-stays": { seat: Seat };
  tie: { seats: Seat[] };
  "tie-stays": { seats: Seat[] };
  /** §5.5 Custom: a second tie settled by a draw among the tied. */
  "tie-drawn": { seats: Seat[]; seat: Seat };
  /** §5.6 to the blackmailed player when the day's voting opens: no vote today. */
  silenced: { seat: Seat; day: number };
  /** §5.6 the Judge's name, shown once at his first open vote (his vote counts ×2). */
  "judge-shown": { seat: Seat };
  "no-candidates": Record<string, never>;
  "single-candidate-stays": { seat: Seat };
  "single-candidate-leaves": { seat: Seat };
  "voting-cancelled": Record<string, never>;
  /** `question`: which yes/no vote it is (absent: the lift vote, §2.9; §4.7 the confirmation vote, the car crash). */
  "lift-vote-started": { candidates: Seat[]; mode: VoteMode; needed: number; question?: QuestionName };
  /** `question` as in `lift-vote-started`: each vote reads as the question asked (§6.6 "expel anyone?" is no tie). */
  "lift-ballot-cast": { voter: Seat; lift: boolean; question?: QuestionName };
  "lift-vote-cast": { voter: Seat; lift: boolean; question?: QuestionName };
  "lift-counted": { candidates: Seat[]; ballots: Array<{ voter: Seat; lift: boolean }>; inFavour: number; needed: number; passed: boolean; question?: QuestionName };
  left: { seat: Seat; how: OutHow };
  "tech-vote-started": { kind: TechVoteKind; target: Seat; by: Seat; needed: number };
  "tech-vote-pressed": { seat: Seat; inFavour: boolean };
  "tech-vote-ended": { kind: TechVoteKind; target: Seat; by: Seat; inFavour: number; needed: number; passed: boolean };
  /** A foul and the player's count; `cause` (absent: a technical vote, §2.13): a late vote (§7.3) or the live host (§7.9). */
  fouled: { seat: Seat; fouls: number; cause?: FoulCause };
  /** §7.9 the live host's remark (a warning without a foul); §4.6 `cause` "missing-vote": a late or missing vote; "muted" (RULES.md §8): the host muted the seat for the rest of the speech or stage. */
  remarked: { seat: Seat; cause?: "missing-vote" | "muted" };
  /**
   * §5.7 the live host ended the stage early ("end it now"): `count` had not acted; `seats` names them
   * where their acts are public (a ballot in turn or open), never at night; `after`: an in-turn ballot
   * ends after this voter's turn (the voter whose turn it is is never skipped).
   */
  "ended-early": { phase: PhaseName; count: number; seats?: Seat[]; after?: Seat };
  /** §5.7 the live host withdrew their last foul (`fouls`: the seat's count now) or remark. */
  "mark-withdrawn": { seat: Seat; cause: "foul" | "remark"; fouls: number };
  /** §5.7 the live host's connection was lost: gated stages wait for the host until `until`, then the server hosts. */
  "host-away": { until: number };
  /** §5.7 the live host is connected again. */
  "host-back": Record<string, never>;
  /**
   * §5.7 the server hosts the rest of the game (`why`: the host was away 3 minutes, the organizer handed it
   * over, or a club's owner or host did while the host was away — `by`, their nickname).
   */
  "server-hosting": { why: "host-away" | "organizer" | "club"; by?: string };
  /** §5.7 (2026-12-06) a club's owner or host (`by`, their nickname) took over as the live host while the host was away. */
  "host-taken": { by: string };
  /** §5.7 the returning live host took the hosting back at this stage. */
  "host-returned": Record<string, never>;
  /** §7.9 a player with three fouls: one vote against them in this ballot, cast by nobody. */
  "foul-vote": { seat: Seat };
  /** §7.4 a peaceful day: nobody leaves — a second tie, or every player got exactly one vote. */
  "peaceful-day": { why: "tie-again" | "all-one-vote" };
  /** §7.9 the town voted out a player already removed by fouls today: nobody else leaves today. */
  "removed-voted-out": { seat: Seat };
  /** §7.10 the seat's consigliere gave (or replaced) the seat's vote; the audience of the ballot's own vote event. */
  "vote-advised": { voter: Seat; target: Seat; replaced: boolean };
  /** §4.6 the speaker puts a question to one player, who answers within the speaker's time. */
  asked: { by: Seat; target: Seat };
  /** §4.1–§4.2 the Maniac's side (to the Maniac only): his answer to "Maniac for the town?", or the default. */
  "side-chosen": { seat: Seat; team: Team };
  /** §4.4 the Doctor is shown the wounded (at most three) and, crossed hands, those already saved once this game. */
  wounded: { by: Seat; night: number; seats: Seat[]; barred: Seat[] };
  /** §6 the composition, announced to the table as counts of each role at the start (the roles' ids as keys). */
  composition: { counts: Record<string, number> };
  /** §6.10 the evening's previous game's first eliminated: immune on day 1 and night 1 of this game. */
  immune: { seats: Seat[] };
  /** §6 (decision) the Witness learns one black seat other than the Boss at the acquaintance night (to him alone). */
  witnessed: { by: Seat; target: Seat };
  /** §6.3 the morning's night events: the Curser's curse landed on `seat` (public; the Curser is not named). */
  cursed: { seat: Seat };
  /** §6 (decision) the Werewolf turned black (to the new black team, him included). */
  turned: { seat: Seat };
  /** §6 (decision) the Swindler took `target`'s place: his role from now on is `role` (to the Swindler alone). */
  swapped: { seat: Seat; target: Seat; role: RoleId };
  /** §6.3 the morning: a check's answer to the whole table, naming the checking role (`checker`), never the checker's seat. */
  "check-announced": { checker: RoleId; target: Seat; answer: string };
  /** §6.5 the candidates for defence (the two tiers of nominations), in nomination order. */
  candidates: { seats: Seat[] };
  /** §6.7 the fewest hands drop out of the vote; the rest speak again and the hands are raised again. */
  dropped: { seats: Seat[]; left: Seat[] };
  /** §6.9 the live host removed a player without warning, for this reason. */
  "removed-by-host": { seat: Seat; offence: RemovalReason };
  paused: { by: string; reason: string; absentSeat: Seat | null };
  resumed: Record<string, never>;
  "seat-to-bot": { seat: Seat };
  "game-over": { winner: Team | "draw"; reason: ResultReason };
  "role-revealed": { seat: Seat; role: RoleId; team: Team };
  /** A seat's public claim (public; the claimant's word, possibly a lie). */
  claimed: { seat: Seat; claim: Claim };
  /** RULES.md §9.4 the best move (public): the first night's shot victim names these seats. */
  "best-move": { seat: Seat; named: Seat[] };
  "roles-revealed": { roles: Array<{ seat: Seat; nickname: string; role: RoleId | null; team: Team | null }> };
}

/** Why a seat holds the floor in a speech (RULES.md §2.3, §2.7–§2.11). */
export type SpeechPurpose = "day" | "tie" | "leader" | "farewell" | "last-words" | "defence" | "extra-word";
/** A yes/no vote (phase module `question`): §2.9 the lift vote; §4.7 the confirmation vote on the leader and the car crash. */
export type QuestionName = "lift-vote" | "confirm-vote" | "car-crash" | "expel-anyone" | "expel-both";
/** A ballot's round: the first vote of the day, or the revote among the tied (§2.9). */
export type BallotRound = "first" | "revote";
/** How ballots are cast (§2.6): all at once and hidden until the count, or candidates called in turn and every vote seen at once; or (§7.3) voters called in turn, every vote seen at once. */
export type VoteMode = "closed" | "open" | "in-turn";

/**
 * Every public or private fact is an event with an explicit audience; views, the game log and the
 * end-of-game protocol are built from these. `data` is plain JSON, typed per `type` (EventData).
 */
export type GameEvent = {
  [K in LogType]: { seq: number; at: number; day: number; type: K; audience: Audience; data: EventData[K] };
}[LogType];

/**
 * ---- The engine's closed vocabularies, listed so the web catalogue can be checked
 * against them (test/unit/catalogue.test.ts: every id below has its line in en, uk and ru). ----
 */

/** Every event type the engine writes to the log. `emit` takes only these: a new type fails to compile until listed here. */
export const LOG_TYPES = [
  "seats-drawn", "dealing-started", "card-taken", "card-given", "role-dealt", "roles-dealt",
  "night-fell", "black-team", "shooting-plan", "shot", "shot-tally", "checks-started", "checked", "killed", "shot-missed",
  "night-turn", "froze", "healed", "kill-chosen", "check-frozen", "frozen", "nobody-killed", "survived", "saved", "used", "tracked", "watched", "tie-drawn", "silenced", "judge-shown",
  "day-started", "speech-started", "shouted", "shout-ended", "nominated",
  "voting-started", "candidate-called", "voter-called", "too-many-candidates", "early-vote-asked", "early-vote-supported", "early-vote-passed", "ready-to-vote", "free-talk-ended", "wait-skipped", "ballot-cast", "vote-cast", "vote-counted", "leader-stays", "tie", "tie-stays",
  "no-candidates", "single-candidate-stays", "single-candidate-leaves", "voting-cancelled",
  "lift-vote-started", "lift-ballot-cast", "lift-vote-cast", "lift-counted", "left",
  "tech-vote-started", "tech-vote-pressed", "tech-vote-ended", "fouled",
  // tatar (RULES.md §7.4, §7.9)
  "remarked", "foul-vote", "peaceful-day", "removed-voted-out",
  "paused", "resumed", "seat-to-bot", "game-over", "roles-revealed", "role-revealed",
  // host-classic (RULES.md §4.1, §4.4, §4.6)
  "asked", "side-chosen", "wounded",
  // the consigliere (RULES.md §7.10)
  "vote-advised",
  // club (RULES.md §6)
  "composition", "witnessed", "cursed", "turned", "swapped", "check-announced", "candidates", "dropped", "removed-by-host",
  // club §6.10 cross-game immunity
  "immune",
  // Public claims
  "claimed",
  // RULES.md §9.4 the best move
  "best-move",
  // RULES.md §5.7 the live host's evening
  "ended-early", "mark-withdrawn", "host-away", "host-back", "server-hosting", "host-returned", "host-taken",
] as const;
export type LogType = (typeof LOG_TYPES)[number];

/** Every phase name a view can carry (`GameView.phase`; view.ts phaseName returns only these). */
export const PHASE_NAMES = [
  "dealing", "acquaintance", "free-talk", "speech", "defence", "extra-word", "tie-speech", "leader-speech", "farewell", "last-words", "voting", "revote", "lift-vote",
  "night-shot", "night-check", "night-freeze", "night-heal", "night-kill", "night-don-check", "night-turn", "game-over",
  // tatar §7.4: after a peaceful day, 15 s for gestures and 10 s before the night (phase module `interlude`)
  "gestures", "before-night",
  // host-classic §4.3 the first day's introductions; §4.7 the confirmation vote on the leader and the car crash
  "introductions", "confirm-vote", "car-crash",
  // club §6.6 "expel anyone at all?" on day 1; §6.7 "expel both?"
  "expel-anyone", "expel-both",
] as const;
export type PhaseName = (typeof PHASE_NAMES)[number];

/**
 * Why a game ended (`GameView.result.reason`, the `game-over` event; rules/outcome.ts endGame): an open
 * string checked against its registry — the reasons of the registered win rules (RULES.md §5.4 "a solo
 * role wins by its own condition") and the few that end a game outside them (win/index.ts
 * `isResultReason`, which the protocol validates against).
 */
export type ResultReason = string;

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
  out: null | OutHow;
  nominated: boolean;
  /** §6.10 immune now (day 1 and night 1 of the next game of an evening): not nominated, no night attack. Public. */
  immune?: true;
  speaking: boolean;
  /** Votes received in the current or just-counted ballot, when the rules make them visible. */
  votes: number | null;
  /** Technical fouls received (§2.13). */
  fouls: number;
  shoutsLeft: number;
  /** §5.6: the Judge shown to the table — his vote counts ×2 in open voting from then on. Public. */
  weight?: 2;
  /** Present only when this viewer may know it (own seat, black teammates, the end, a live host). */
  role?: RoleId;
  team?: Team;
}

/**
 * A night effect's id: an open string checked against the effects' registry (night/effects/index.ts
 * `findEffect`; the protocol validates against it), so a format's own effect reaches the page (RULES.md §5.3).
 */
export type EffectId = string;

/** Which seats an ability may take, and how many (the client renders any ability from this). */
export interface TargetChoice {
  /** Fewest and most seats one use names (0–0: an ability without a target). */
  min: number;
  max: number;
  /** The seats that may be named now. */
  seats: Seat[];
  /**
   * §4.4 crossed hands: seats on the list that cannot be chosen (a wounded player already saved once
   * this game). Absent: none.
   */
  barred?: Seat[];
}

/** One thing this viewer can do now; the client renders exactly these and decides nothing. */
export type AvailableAction =
  | { type: "take-card"; cards: number[] }
  | { type: "end-speech" }
  | { type: "nominate"; targets: Seat[] }
  | { type: "shout"; left: number }
  | { type: "vote"; targets: Seat[] }
  | { type: "vote-lift" }
  /**
   * An ability the viewer may use now: its id, its catalogue key (`ability.<id>`), its effect (for an
   * icon: "attack", "check", "heal", "block", …), the targets, and whether it may be declined.
   */
  | {
      type: "use"; ability: AbilityId; label: string; effect: EffectId; targets: TargetChoice; skip: boolean;
      /** §5.2 a tally ability (changeable until agreement): this viewer's own current choice, so a reload keeps it. Only one's own. */
      chosen?: Seat[];
    }
  /** §2.2 write the shooting plan: the seats it may name (`{type:"shooting-plan", plan}`). */
  | { type: "shooting-plan"; targets: Seat[] }
  /** §7.5 `open`: a request is open and this viewer may support it; else this viewer may ask. */
  | { type: "early-vote"; open: boolean }
  /** §4.6 put a question to one of `targets` (once in one's own speech). */
  | { type: "ask"; targets: Seat[] }
  /** §4.1–§4.2 answer "Maniac for the town?" (`{type:"choose-side", town}`). */
  | { type: "choose-side" }
  /** §6.4 take 30 s more of one's speech for a foul (`left`: how many more times this game). */
  | { type: "under-foul"; left: number }
  | { type: "tech-vote-start"; kinds: TechVoteKind[]; targets: Seat[] }
  /** `pressed`: whether this viewer is currently pressing "for". */
  | { type: "tech-vote"; pressed: boolean }
  | { type: "confirm" }
  /**
   * Make a public claim (`{type:"claim", claim}`): a role of `roles` (every role the preset
   * can deal, never this game's deal), a seat of `targets` (every seat but one's own, the dead too);
   * `left`: claims left in this speech (this free talk).
   */
  | { type: "claim"; roles: RoleId[]; targets: Seat[]; left: number }
  /** RULES.md §9.4 name up to `max` seats of `targets` as one's best move (`{type:"best-move", seats}`). */
  | { type: "best-move"; targets: Seat[]; max: number }
  /**
   * "ready to vote" (the profiles' free talk, living persons only): `pressed` whether this
   * viewer has pressed it; `ready` of `of` living persons have.
   */
  | { type: "ready-to-vote"; pressed: boolean; ready: number; of: number }
  /** Skip this wait (the only person at a table of bots, with nothing to do now). */
  | { type: "skip-wait" };

export interface LogEntryView<K extends LogType = LogType> {
  /** 1-based place in this viewer's own log (not the game's event number: gaps would count hidden events). */
  seq: number;
  at: number;
  day: number;
  type: K;
  data: EventData[K];
}
/** A log entry of any type (a union, so `entry.type === "x"` narrows `entry.data`). */
export type AnyLogEntry = { [K in LogType]: LogEntryView<K> }[LogType];

/** The running ballot (§2.6–§2.9): only the facts this viewer may see. */
export type BallotView =
  | {
      kind: "elimination" | "revote";
      mode: VoteMode;
      candidates: Seat[];
      /** Open voting: the candidate being called. */
      calling: Seat | null;
      /** Voting in turn (§7.3): the voter being called. */
      voter: Seat | null;
      /** Ballots cast so far (open voting, or a live host); empty for a closed ballot. */
      votes: Array<{ voter: Seat; target: Seat }>;
      /** This viewer's own ballot. */
      mine: Seat | null;
      /** §7.3 voting in turn: the voter in turn let the time run out in this turn — their foul count now. */
      lateFouls?: number;
      /**
       * Tatar, §7.3: the voter in turn has voted and may still change the vote — one tap on one
       * of these seats sends `vote` again — until the turn passes (the deadline). Only in the voter's view.
       */
      change?: Seat[];
    }
  | {
      kind: "lift";
      mode: VoteMode;
      candidates: Seat[];
      /** Votes "for" that pass the question (more than half of the living, §2.9). */
      needed: number;
      votes: Array<{ voter: Seat; lift: boolean }>;
      mine: boolean | null;
    };

/** The technical vote running now (§2.13). */
export interface TechVoteView {
  kind: TechVoteKind;
  target: Seat;
  by: Seat;
  inFavour: number;
  needed: number;
  deadline: number;
  /** The living human seats pressing "for" now. */
  pressed: Seat[];
}

/** The live host's panel (§5.7), only in the host's view. */
export interface HostPanel {
  /** `confirm` ends the current stage now. */
  canConfirm: boolean;
  /** The stage is done (everyone acted, or its time ran out) and waits for the confirm. */
  waiting: boolean;
  /** Seats that still have something to do. */
  pending: Seat[];
  /**
   * §5.7 how many still have to act before an ordinary confirm (an in-turn ballot: every voter not yet
   * through the order); 0 with `waiting`. More than 0: `confirm` is refused and `end-now` ends it early.
   */
  remaining: number;
  /** §5.7 "end it now" was given in an in-turn ballot: it ends after this voter's turn. */
  endingAfter?: Seat;
  /** §5.7 the host's last foul or remark may be withdrawn (`{type:"undo"}`) until this server time. */
  undo?: { seat: Seat; kind: "foul" | "remark"; until: number };
  /** §7.9 the host may give a foul or a remark to a living seat now (`{type:"foul"|"remark", seat}`); absent: no. */
  fouls?: boolean;
  /** §7.9 with `fouls`: the foul count that removes a player (the panel asks before giving that one). */
  foulsToRemove?: number;
  /** §7.9 with `fouls`: the living seats one more foul removes (the panel asks before giving it). */
  lastFoul?: Seat[];
}

/**
 * One channel of the floor (RULES.md §2.1–§2.11, §8 media): whose microphone (`speakers`)
 * and camera (`video`) reach whom (`listeners`: "everyone" — every seat and every spectator — or the
 * listed seats only).
 */
export interface FloorChannel {
  /** "table" (the public channel), "host" (the live host to everyone), or a private channel's
   *  name ("black-team", "whisper-N": seat N and its consigliere). Members are media peers
   *  (shared/media/peers.ts): seats 1…99, the live host 0, seat N's consigliere 100 + N. */
  id: string;
  speakers: Seat[];
  video: Seat[];
  listeners: "everyone" | Seat[];
  /**
   * Speakers heard only while they hold the talk control (§2.5 a shout during another's speech): the
   * floor lets them speak, push-to-talk narrows it to the moments they hold it. Absent: none.
   */
  pushToTalk?: Seat[];
}

/**
 * Who may be heard and seen by whom right now: the channels this viewer is part of (a spectator: the
 * public one only). Media consume this; it never names a private channel to a viewer outside it.
 */
export interface Floor {
  channels: FloorChannel[];
  /** RULES.md §7.10/§8: consiglieri hear what their player hears now (by day; never at night). Absent: no. */
  advisers?: boolean;
  /** RULES.md §8: seats the live host muted for the rest of the current speech or stage (public). */
  muted?: Seat[];
}

/**
 * The seat marks the legend explains (web/src/table/MarkLegend.tsx), in the legend's order; a view lists
 * those its viewer can meet in this game (`GameView.marks`).
 */
export const LEGEND_MARKS = [
  "nominated", "speaking", "votes", "checks",
  // §2.2 a black player's teammates and the team's shot tally
  "teammate", "tally",
  // §7.3 the voter in turn, §7.10 the consigliere
  "voter", "consigliere",
  // §6.10 immunity, §6.5 the candidates for defence
  "immune", "candidate",
  // the marks a dealt role brings (RoleModule.marks): §6 the Curser's cursed, the Witness's black seat, §5.6 the Judge
  "cursed", "witnessed", "judge",
  "fouls", "talking", "away", "bot",
] as const;
export type LegendMark = (typeof LEGEND_MARKS)[number];

/** A private night notice (GameView.you.notes): frozen tonight, or one's check on `target` frozen. */
export type NightNote = { type: "frozen" } | { type: "check-frozen"; target: Seat };

export interface GameView {
  presetId: PresetId;
  settings: Record<string, unknown>;
  /** Phase name from the vocabulary of RULES.md §1 (PHASE_NAMES). */
  phase: PhaseName;
  phaseSeq: number;
  /** A night phase (the acquaintance night and every night step) of a game not over — the page's night look. */
  night: boolean;
  /** Absolute epoch ms; null when the phase waits for no clock (or paused). */
  deadline: number | null;
  /** The full length (ms) of the timer `deadline` ends (or of the paused one): the timer ring's 100 %,
   *  right even for a client that connects halfway through. Null without a timer. */
  timerMs: number | null;
  /** Remaining ms when paused. */
  paused: null | { by: string; reason: string; remainingMs: number };
  /**
   * §5.7 a live-hosted table's hosting, for every viewer: "waiting" — the live host's connection is lost
   * (`until`: when the server takes over; a gated stage waits for the host till then); "server" — the
   * server hosts the rest of the game. Absent: the host is there (or the table never had a live host).
   */
  hosting?: { state: "waiting"; until: number } | { state: "server" };
  day: number;
  round: number;
  seats: SeatView[];
  /** The seat currently holding the floor (speech, tie speech, farewell, last words). */
  speaker: Seat | null;
  /** §2.5 the seat shouting now and until when. */
  shout: { seat: Seat; until: number } | null;
  nominees: Seat[];
  /** The running ballot; only visible facts. */
  ballot: BallotView | null;
  techVote: TechVoteView | null;
  /** Who may be heard and seen by whom right now. */
  floor: Floor;
  /**
   * The roles this game deals (each once, in the composition's order): they follow from the public
   * settings and the seat count (RULES.md §5.5), so every viewer may know them; never who holds which.
   */
  dealt?: RoleId[];
  /** The seat marks this viewer can meet in this game, in the legend's order (LEGEND_MARKS). */
  marks?: LegendMark[];
  /** §6.3 the seats cursed so far (announced each morning; "the curse is permanent"). Absent: none. */
  cursed?: Seat[];
  /**
   * §6.5–§6.7 today's vote for defence as the table knows it: the candidates still in it (after a drop,
   * §6.7 those left) and those who dropped out today. Absent by night, at the end, before the
   * candidates are named, and in formats without candidates.
   */
  defence?: { candidates: Seat[]; dropped: Seat[] };
  /** §6 "announced (counts of each role) at the start": the announced composition, roles in the engine's order, zeros left out. Absent: not announced. */
  composition?: Array<{ role: RoleId; count: number }>;
  /** Only for a seated viewer. */
  you: null | {
    seat: Seat;
    role: RoleId | null;
    team: Team | null;
    teammates: Seat[];
    checks: Array<{ target: Seat; night: number; result: string }>;
    shootingPlan: Seat[] | null;
    actions: AvailableAction[];
    /** §5.6 Blackmailer: this player has no vote today — from the moment they are told (voting opens) to the day's end. */
    silenced?: true;
    /**
     * §7.10 what the seat's consigliere may send now (a preset with `consigliere` only): the seat's
     * vote or night action, also where the player has already chosen (the consigliere's replaces it).
     * The same for the player and their consigliere: it tells nothing the seat does not know.
     */
    advice?: AvailableAction[];
    /**
     * This player's private notices of the latest night, from nightfall to the end of the next day, none
     * once out (§3 / §7.6 Putana froze them; §5.3 their check was frozen: "result unavailable", the
     * blocker unnamed). Absent: none.
     */
    notes?: NightNote[];
    /** §6 (decision) the black seat this Witness learned at the acquaintance night (his alone). */
    witnessed?: Seat;
    /** §5.2 while the team's shot runs: the latest anonymous tally of tonight's choices (the holders only). */
    shotTally?: { tally: Array<{ seat: Seat; votes: number }>; agreed: boolean };
    /**
     * §5.1 / §5.6 the Tracker's and the Watcher's results of the latest night, the newest per kind: live
     * while the night runs, final in the morning; to the end of the next day. Absent: none.
     */
    reports?: Array<{ kind: "tracked" | "watched"; target: Seat; seats: Seat[]; final: boolean }>;
    /** §5.1 (decision) the nights this player was attacked and survived, with the protections that saved them. */
    saved?: Array<{ night: number; with: AbilityId[] }>;
    /** §2.13, §7.9 this player left by fouls (their last foul came right before they left). */
    removedForFouls?: true;
  };
  /** Only for the live host (§5.7). */
  host?: HostPanel;
  /**
   * §7.12 "a 5 s warning before a night step ends": the moment (epoch ms) from which the client shows
   * the step's last-seconds warning (its deadline minus the preset's warning). Present only while a
   * step with a warning runs on its clock.
   */
  warnAt?: number;
  /**
   * RULES.md §8 Verifiable deal: SHA-256 (hex) of the game's seed, public from the first frame of the
   * game; the seed itself is published only with the finished game's record. Absent on games created
   * before the commitment existed.
   */
  dealCommitment?: string;
  /** Events this viewer may see, oldest first: all of them, or (a delta frame) the newest ones. */
  log: AnyLogEntry[];
  /** null: `log` is complete. A number n: `log` holds this viewer's entries after its first n, to be
   *  appended to the log of the previous frame, whose `logUpTo` must equal n (else ask for `sync`). */
  logAfter: number | null;
  /** How many entries this viewer's whole log has (counts only what this viewer may see). */
  logUpTo: number;
  result: null | {
    winner: Team | "draw";
    reason: ResultReason;
    roles: Array<{ seat: Seat; nickname: string; role: RoleId; team: Team }>;
    /**
     * The night's "why": each night's resolution step by step, built by the same staged
     * resolution that decided it (night/resolve.ts), shown only now that the game is over. Absent when
     * no night was resolved.
     */
    nights?: NightRecord[];
  };
}

/**
 * A table setting as the client shows it (derived from the preset's valibot schema, so the
 * home page copies nothing by hand). Label key: `setting.<key>`; a choice's value label:
 * `setting.<key>.<value>`.
 */
export type SettingDescriptor =
  | { key: string; kind: "boolean"; default: boolean; label: string }
  | { key: string; kind: "choice"; values: Array<string | number>; default: string | number | null; label: string }
  | { key: string; kind: "integer"; min: number; max: number; default: number; label: string };
