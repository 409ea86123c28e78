/**
 * A preset is data composed from building blocks (docs/ENGINE.md): the table size, settings schema,
 * composition, and the blocks of its day and night with their timers. The flow code in
 * shared/engine/blocks/ reads these; later presets are new data (plus new roles and, where a block
 * does not exist yet, a new block), never a rewrite of the core.
 */
import type * as v from "valibot";
import type { RoleId, Team } from "../types.ts";

export interface PresetInfo {
  id: string;
  seats: { min: number; max: number };
  settingsSchema: v.GenericSchema<unknown, Record<string, unknown>>;
  defaultSettings: Record<string, unknown>;
  /** §2: sport starts by itself when full; §5.1 profiles start at the organizer's command. */
  start: "when-full" | "organizer-command";
  /** §2: seats drawn at random; other presets keep join order. */
  seatDraw: "random" | "join-order";
  /** §3/§8 only a signed-in creator may open a table of this preset (city). Absent = anyone. */
  requiresAccount?: boolean;
  /** §2.14 whether a finished game awards experience, coins and rating (sport yes, city no). Absent = no. */
  rewards?: boolean;
}

/** Deal block (§2.1): face-down cards taken by the players, or dealt at once. */
export interface DealBlock {
  kind: "take-cards";
  ms: number;
  /** Setting key that switches to dealing at once (auto-deal). */
  autoDealSetting: string;
}

/** Acquaintance night block (§2.2). */
export interface AcquaintanceBlock {
  ms: number;
  /** Roles that meet (the black team); the Don may write a shooting plan. */
  shootingPlan: boolean;
}

/** Day-speech block (§2.3–§2.5). */
export interface SpeechBlock {
  ms: number;
  /** Setting key (seconds) that overrides `ms` for day speeches (§3: the table chooses 30/45/60 s). */
  msSetting?: string;
  /** "rotate": day 1 from seat 1, each next day from the next living seat after the previous first speaker. */
  order: "rotate";
  /** §2.4 nominations in one's own speech. */
  nominations: { perSpeech: number; self: boolean; final: boolean; unique: boolean };
  /** §2.5 shouts. */
  shouts: { perGame: number; ms: number; shortSpeechAfterLast: number };
}

/** Voting block (§2.6–§2.9). */
export interface VotingBlock {
  /** Setting key choosing closed/open. */
  modeSetting: string;
  closedMs: number;
  openMsPerCandidate: number;
  /** §2.6 an unused vote goes to the last nominee. */
  unusedVote: "last-nominee";
  /** §2.6 a single candidate leaves without a vote. */
  singleCandidate: "leaves";
  /** §2.8 setting keys for the day-1 rules. */
  breakAtZeroSetting: string;
  liftAtZeroSetting: string;
  leaderSpeechMs: number;
  /** §2.9 tie procedure: speeches, revote, lift vote by more than half of the living. */
  tie: { kind: "speeches-revote-lift"; speechMs: number; liftMs: number };
  farewellMs: number;
}

/** A night step (§2.10): who acts, for how long, how it resolves. */
export type NightStep =
  | { id: "mafia-shot"; kind: "shot"; ms: number; consensus: "unanimous"; msSetting?: string }
  | { id: "checks"; kind: "check"; ms: number; simultaneous: true; checkers: RoleId[]; msSetting?: string }
  /**
   * A turn of the night in turns (§3, blocks/turns.ts): the roles acting in step `id` (RoleModule.night)
   * choose one target each, once; the step always runs its full time (`msSetting` seconds, else `ms`).
   */
  | { id: string; kind: "freeze" | "heal" | "check" | "kill"; ms: number; msSetting?: string };

export interface TechVoteBlock {
  ms: number;
  kinds: Array<"foul" | "defeat" | "removal">;
  /** Fouls that remove a player. */
  foulsToRemove: number;
}

export interface Preset extends PresetInfo {
  composition(seats: number, settings: Record<string, unknown>): RoleId[];
  deal: DealBlock;
  acquaintance: AcquaintanceBlock;
  speeches: SpeechBlock;
  voting: VotingBlock;
  night: NightStep[];
  /**
   * "sport": the shot then the simultaneous checks (blocks/night.ts). "turns": every step is its own
   * turn with its own timer, and the night resolves after the last one (blocks/turns.ts, §3).
   */
  nightMode?: "sport" | "turns";
  /** A role's team at the deal when a setting changes it (§3 the Maniac: solo / red). */
  teamOf?(role: RoleId, settings: Record<string, unknown>): Team | null;
  /**
   * A preset's own bound on its composition at `seats` players with these (parsed) settings: null when
   * a game may start, else why not (§3: at most 2 Mafia at 10 and 11 seats, 3 at 12). The engine's
   * general check (the black team smaller than the red at the deal, presets/index.ts startRefusal)
   * applies to every preset on top of this.
   */
  compositionLimit?(seats: number, settings: Record<string, unknown>): string | null;
  /** Morning: last words of the killed (§2.11). */
  lastWordsMs: number;
  /** §1 reveal policy. */
  reveal: "closed" | "open";
  /** Win conditions (§2.12). */
  win: "black-parity" | "city";
  /** §2.12 draw after `quietRounds` rounds without a departure; round 1 not counted. */
  draw: { quietRounds: number; countFirstRound: boolean };
  techVotes: TechVoteBlock;
}
