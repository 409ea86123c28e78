/**
 * The flow as data (boardgame.io `src/core/flow.ts`: each phase names its successor by
 * outcome). A preset's day and night are a table of entries; each entry names a phase module, the
 * module's parameters (validated by the module's valibot schema when the preset is registered) and,
 * for each outcome the module can end with, the entry that follows. No phase module imports another:
 * a module returns an outcome and the interpreter (flow/interpreter.ts) looks up what comes next.
 */
import type * as v from "valibot";
import type { Ctx, EngineState } from "../state.ts";
import type { AvailableAction, BallotView, FloorChannel, PhaseName, PlayerAction, Seat } from "../types.ts";

/** How a phase ended, and the seats the next phase is about (candidates, the killed, the voted out). */
export interface Next {
  outcome: string;
  seats?: Seat[];
}
/** What a hook returns: the phase is over (`Next`), or it goes on (nothing). */
export type Step = Next | void;

/** A phase that is entered: its data and its timer (ms; null for none). */
export interface Opened<D> {
  data: D;
  ms: number | null;
}

/** One entry of a preset's flow table. */
export interface FlowEntry {
  /** The entry's id, unique in the preset ("day-speeches", "revote", "night", …). */
  id: string;
  /** The phase module that runs it (phases/index.ts). */
  module: string;
  /** The module's parameters (its `params` schema). */
  params: unknown;
  /** Outcome → the id of the entry that follows. Every outcome the module declares must be here. */
  next: Record<string, string>;
}

/** A preset's flow: where a game starts (after the deal) and its entries. */
export interface Flow {
  start: string;
  entries: FlowEntry[];
}

/**
 * A phase module: one kind of phase (speeches, a ballot, a yes/no question, the night, …), with its
 * parameters as data. Hooks get the parsed parameters `P` and the stage's own data `D` (a draft's own
 * copy, made by `clone` before a hook that may change it). `reject` (flow/stage.ts) refuses an input.
 */
export interface PhaseModule<P = any, D = any> {
  kind: string;
  /**
   * "Longer windows for beginners": this module's timers are the short windows a person must
   * meet with a move (RULES.md §2.6 a vote, §2.9 the revote and the lift vote, §2.10 a night step). At a
   * table with the option (createGame's `longWindows`) the interpreter gives its stages the table's factor
   * (Stage `factor`) and flow/stage.ts applies it to every timer of the stage. Absent: never lengthened
   * (speeches, free talk, the deal, the acquaintance night keep their length).
   */
  windows?: true;
  /** The parameters' schema (valibot): a preset whose entry does not parse is refused at registration. */
  params: v.GenericSchema<unknown, P>;
  /** The outcomes this module can end with under these parameters; the flow table must give each a successor. */
  outcomes(p: P): readonly string[];
  /** Enter the phase with the seats it is about: open it (data + timer), or end at once (an instant phase). */
  enter(ctx: Ctx, p: P, seats: Seat[]): Opened<D> | Next;
  /**
   * A copy of the data that a draft may change (apply never mutates its input): every part the hooks
   * change in place is copied; parts they only ever replace are shared.
   */
  clone(d: D): D;
  /** The phase's timer ran out (its own sub-timers included). */
  timeout(ctx: Ctx, p: P, d: D): Step;
  /** A player's input, already known to come from a living seat (or a speaker who left) with no technical vote running. */
  act(ctx: Ctx, p: P, d: D, seat: Seat, a: PlayerAction): Step;
  /**
   * RULES.md §7.10 the seat's consigliere gives the seat's choice (a vote, a night action): checked as
   * `act` is, except that a choice the player already made this turn is replaced, and the consigliere's
   * is final for both (absent: the consigliere's input goes through `act`, as the player's would).
   */
  advise?(ctx: Ctx, p: P, d: D, seat: Seat, a: PlayerAction): Step;
  /** §7.10 what the seat's consigliere may send now (with `advise`); absent: the seat's own actions. */
  advice?(s: EngineState, p: P, d: D, seat: Seat, out: AvailableAction[]): void;
  /** §5.7 the live host confirms the stage (absent: nothing to confirm here). */
  confirm?(ctx: Ctx, p: P, d: D): Step;
  /**
   * §5.7 the seats that still have to act before an ordinary confirm: an in-turn ballot's voters not yet
   * through its order, a night step's actors who have not chosen, voters who have not voted (absent: none).
   */
  remaining?(s: EngineState, p: P, d: D): Seat[];
  /**
   * §5.7 "end it now" with `left` still to act: end the stage early and log it (`ended-early`). Absent:
   * the stage resolves as on a confirm and the log counts `left` without naming them.
   */
  endNow?(ctx: Ctx, p: P, d: D, left: Seat[]): Step;
  /** §5.7 an in-turn ballot ended early ends after this voter's turn (null: not ending early). */
  endingAfter?(d: D): Seat | null;
  /** What `seat` may do now (appended to `out`). */
  actions(s: EngineState, p: P, d: D, seat: Seat, out: AvailableAction[]): void;
  /** The phase's name in views (PHASE_NAMES). */
  name(s: EngineState, p: P, d: D): PhaseName;
  /** §7.12 how long before the running step's deadline its warning shows (ms); null: no warning. */
  warnMs?(s: EngineState, p: P, d: D): number | null;
  /** Who holds the floor in a speech. */
  speaker?(d: D): Seat | null;
  /** The running ballot as this viewer may see it. */
  ballot?(s: EngineState, p: P, d: D, viewer: Seat | null, seesAll: boolean): BallotView | null;
  /** The floor: every channel open now (the view keeps those the viewer belongs to). */
  floor(s: EngineState, p: P, d: D): FloorChannel[];
  /** §2.13 a technical vote may be started in this phase. */
  techVotes: boolean;
  /** A seat was removed by a technical vote (§2.13): what becomes of this phase. */
  removed?(ctx: Ctx, p: P, d: D, seat: Seat): Step;
}
