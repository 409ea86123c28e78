/**
 * Preset `sport` (RULES.md §2): classic sport mafia without a host, 10 seats, 1 Don, 2 Mafia,
 * 1 Sheriff, 6 Civilians. Pure data: every number below is a clause of §2.
 */
import * as v from "valibot";
import type { Flow } from "../flow/types.ts";
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

/**
 * §2 the day and the night as a flow (docs/ENGINE.md). Every speech allows shouts (§2.5: "during
 * someone else's speech"). Tie procedure (§2.9): speeches → revote → lift vote.
 */
export const sportFlow: Flow = {
  start: "deal",
  entries: [
    { id: "deal", module: "deal", params: { kind: "take-cards", ms: 15_000, autoDealSetting: "autoDeal" }, next: { dealt: "acquaintance" } },
    { id: "acquaintance", module: "acquaintance", params: { ms: 60_000, agreementSetting: "agreement" }, next: { done: "day" } },
    { id: "day", module: "day", params: { first: "rotate" }, next: { started: "day-speeches" } },
    {
      id: "day-speeches", module: "speeches",
      params: { name: "speech", purpose: "day", ms: 60_000, speakers: "living", nominations: { perSpeech: 1, self: true }, shouts: true },
      next: { done: "voting", cancelled: "night" },
    },
    {
      id: "voting", module: "voting",
      params: {
        name: "voting", round: "first", modeSetting: "voting", closedMs: 10_000, openMsPerCandidate: 5_000, candidates: "nominees",
        unusedVote: "last-candidate", singleCandidate: "leaves", dayOneSetting: "breakAtZero",
      },
      next: { out: "farewell", leader: "leader-speech", tie: "tie-speeches", none: "night", cancelled: "night" },
    },
    { id: "leader-speech", module: "speeches", params: { name: "leader-speech", purpose: "leader", ms: 30_000, speakers: "living", shouts: true }, next: { done: "night", cancelled: "night" } },
    { id: "tie-speeches", module: "speeches", params: { name: "tie-speech", purpose: "tie", ms: 30_000, speakers: "living", shouts: true, cancelOnRemoval: true }, next: { done: "revote", cancelled: "night" } },
    {
      id: "revote", module: "voting",
      params: {
        name: "revote", round: "revote", modeSetting: "voting", closedMs: 10_000, openMsPerCandidate: 5_000, candidates: "given",
        unusedVote: "last-candidate", singleCandidate: "vote", dayOneSetting: "breakAtZero", tieDayOneSetting: "liftAtZero",
      },
      next: { out: "farewell", leader: "leader-speech", tie: "lift-vote", none: "night", cancelled: "night" },
    },
    { id: "lift-vote", module: "question", params: { name: "lift-vote", ms: 10_000, modeSetting: "voting", voters: "living", eliminates: true }, next: { yes: "farewell", no: "night", cancelled: "night" } },
    { id: "farewell", module: "speeches", params: { name: "farewell", purpose: "farewell", ms: 60_000, speakers: "all", shouts: true }, next: { done: "night", cancelled: "night" } },
    {
      id: "night", module: "night",
      params: {
        // §2.10 the shot (7 s, unanimity of the Don and every living Mafia), then the checks (7 s, at the same time).
        steps: [
          { id: "mafia-shot", name: "night-shot", ms: 7_000, abilities: ["mafia-shot"], announce: "none", floor: "black-team" },
          { id: "checks", name: "night-check", ms: 7_000, abilities: ["don-check", "sheriff-check"], announce: "checks-started" },
        ],
        resolve: { block: [], protect: [], attack: ["mafia-shot"], check: ["don-check", "sheriff-check"] },
        abilities: { "mafia-shot": { consensus: "unanimous" } },
        morning: { quiet: "shot-missed", out: "shot" },
      },
      next: { killed: "last-words", quiet: "day" },
    },
    { id: "last-words", module: "speeches", params: { name: "last-words", purpose: "last-words", ms: 60_000, speakers: "all", shouts: true }, next: { done: "day", cancelled: "day" } },
  ],
};

export const sport: Preset = {
  id: "sport",
  seats: { min: 10, max: 10 },
  settingsSchema: sportSettingsSchema as unknown as Preset["settingsSchema"],
  defaultSettings: v.parse(sportSettingsSchema, {}),
  start: "when-full",
  seatDraw: "random",
  /** §1 Seat: every game of a series draws its seats again. */
  redrawsSeats: true,
  /** §2.14 sport games award experience, coins and rating. */
  rewards: true,
  /** §9.4 the best move: sport is the tournament format (seed 000, 002). */
  bestMove: true,
  composition: () => ["don", "mafia", "mafia", "sheriff", "civilian", "civilian", "civilian", "civilian", "civilian", "civilian"],
  flow: sportFlow,
  shouts: { perGame: 3, ms: 5_000, shortSpeechAfterLast: 30_000 },
  reveal: "closed",
  win: ["mafia-eliminated", "mafia-parity"],
  draw: { quietRounds: 3, countFirstRound: false },
  techVotes: { ms: 30_000, kinds: ["foul", "defeat", "removal"], foulsToRemove: 2 },
};
