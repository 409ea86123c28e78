/**
 * Preset `sport` (RULES.md §2): classic sport mafia without a host, 10 seats, 1 Don, 2 Mafia,
 * 1 Sheriff, 6 Civilians. Pure data: every number below is a clause of §2.
 */
import * as v from "valibot";
import type { Preset } from "./types.ts";

/** §2 table settings, chosen at table creation. */
export const sportSettingsSchema = v.strictObject({
  /** §2.1 auto-deal: roles dealt at once. */
  autoDeal: v.optional(v.boolean(), false),
  /** §2.2 agreement: black team sees and hears ("sound") or only sees ("silent") each other. */
  agreement: v.optional(v.picklist(["sound", "silent"]), "sound"),
  /** §2.6 closed (10 s, all at once) or open (5 s per candidate) voting. */
  voting: v.optional(v.picklist(["closed", "open"]), "closed"),
  /** §2.8 break at zero: day-1 elimination. */
  breakAtZero: v.optional(v.boolean(), false),
  /** §2.9 lift at zero: day-1 lift-all vote. */
  liftAtZero: v.optional(v.boolean(), false),
});
export type SportSettings = v.InferOutput<typeof sportSettingsSchema>;

export const sport: Preset = {
  id: "sport",
  seats: { min: 10, max: 10 },
  settingsSchema: sportSettingsSchema as unknown as Preset["settingsSchema"],
  defaultSettings: v.parse(sportSettingsSchema, {}),
  start: "when-full",
  seatDraw: "random",
  /** §2.14 sport games award experience, coins and rating. */
  rewards: true,
  composition: () => ["don", "mafia", "mafia", "sheriff", "civilian", "civilian", "civilian", "civilian", "civilian", "civilian"],
  deal: { kind: "take-cards", ms: 15_000, autoDealSetting: "autoDeal" },
  acquaintance: { ms: 60_000, shootingPlan: true },
  speeches: {
    ms: 60_000,
    order: "rotate",
    nominations: { perSpeech: 1, self: true, final: true, unique: true },
    shouts: { perGame: 3, ms: 5_000, shortSpeechAfterLast: 30_000 },
  },
  voting: {
    modeSetting: "voting",
    closedMs: 10_000,
    openMsPerCandidate: 5_000,
    unusedVote: "last-nominee",
    singleCandidate: "leaves",
    breakAtZeroSetting: "breakAtZero",
    liftAtZeroSetting: "liftAtZero",
    leaderSpeechMs: 30_000,
    tie: { kind: "speeches-revote-lift", speechMs: 30_000, liftMs: 10_000 },
    farewellMs: 60_000,
  },
  night: [
    { id: "mafia-shot", kind: "shot", ms: 7_000, consensus: "unanimous" },
    { id: "checks", kind: "check", ms: 7_000, simultaneous: true, checkers: ["don", "sheriff"] },
  ],
  lastWordsMs: 60_000,
  reveal: "closed",
  win: "black-parity",
  draw: { quietRounds: 3, countFirstRound: false },
  techVotes: { ms: 30_000, kinds: ["foul", "defeat", "removal"], foulsToRemove: 2 },
};
