/**
 * Preset `tatar` (RULES.md §7, seed 004): the Tatar mafia club. 12 seats, a fixed composition — black:
 * Don, 2 Mafia, Putana; red: Doctor, Commissar, Maniac (red), 5 Civilians. A closed game: no card is
 * shown before the end, except a player removed by fouls (§7.9). Pure data on the built phase modules;
 * every number below is a clause of §7 (mostly §7.12's timing) or a recorded decision (docs/ENGINE.md
 * "tatar"). The consigliere (§7.10) is the flag `consigliere` (the table binds one to a seat; the engine
 * takes their override, `act` with `by: "consigliere"`); the rating (§7.11) is not part of the engine.
 */
import * as v from "valibot";
import type { Flow } from "../flow/types.ts";
import type { RoleId, Team } from "../types.ts";
import type { Preset } from "./types.ts";

/** §7 names no table setting (12 seats, fixed composition and timing). */
export const tatarSettingsSchema = v.strictObject({});

/** §7 "12 seats: black — Don, 2 Mafia, Putana; red — Doctor, Commissar, Maniac, 5 Civilians". */
const COMPOSITION: readonly RoleId[] = ["don", "mafia", "mafia", "putana", "doctor", "commissar", "maniac", "civilian", "civilian", "civilian", "civilian", "civilian"];

/** In-turn voting (§7.3): 10 s a voter, from the seat after the day's first speaker; not against oneself; no abstain. */
const inTurn = { mode: "in-turn", perVoterMs: 10_000, closedMs: 10_000, openMsPerCandidate: 10_000, selfVote: false, unusedVote: "none", singleCandidate: "vote", changeMs: 2_000 } as const;

/**
 * §7.1–§7.9 as a flow. Day: free talk (2 min) → monologues (30 s, seat order from the day's first
 * speaker; either may end in an early vote, §7.5) → the vote in turn against any living player (or one
 * removed by fouls today, §7.9) → most votes: a 30 s farewell; a tie: defence (30 s, 20 s with four or
 * more, from the lowest seat after the vote's starter) → one revote (from the same seat; two tied do not
 * vote) → a tie again, or every player with exactly one vote in the first vote: a peaceful day — 15 s of
 * gestures, 10 s before the night. Night: six turns, each skippable, then the morning's 30 s farewells.
 */
export const tatarFlow: Flow = {
  start: "deal",
  entries: [
    // *Decision:* the cards are taken in 15 s as in sport (§7 names no dealing time).
    { id: "deal", module: "deal", params: { kind: "take-cards", ms: 15_000 }, next: { dealt: "acquaintance" } },
    // §7.1 "only the black team wakes and meets (30 s); no actions" — no shooting plan.
    { id: "acquaintance", module: "acquaintance", params: { ms: 30_000, shootingPlan: false }, next: { done: "day" } },
    // §7.2 "Day 1 starts at seat 1; every new round starts one seat later".
    { id: "day", module: "day", params: { first: "rotate" }, next: { started: "free-talk" } },
    // §7.2 2 min of free talk; §7.5 an early vote may be asked for.
    { id: "free-talk", module: "free-talk", params: { ms: 120_000, earlyVote: { supporters: 2 } }, next: { done: "day-speeches", "early-vote": "voting" } },
    {
      id: "day-speeches", module: "speeches",
      params: { name: "speech", purpose: "day", ms: 30_000, speakers: "living", earlyVote: { supporters: 2 } },
      next: { done: "voting", cancelled: "voting", "early-vote": "voting" },
    },
    {
      id: "voting", module: "voting",
      params: { name: "voting", round: "first", ...inTurn, candidates: "living", removedToday: true, late: { extraMs: 5_000 }, peaceful: { allOneVote: true }, foulVotes: true },
      next: { out: "farewell", leader: "farewell", tie: "defence", none: "night", cancelled: "night", peaceful: "gestures" },
    },
    // §7.4 defence: 30 s, 20 s when four or more; from the lowest seat after the vote's starter; not shifting the day's order.
    { id: "defence", module: "speeches", params: { name: "defence", purpose: "defence", ms: 30_000, msWhenMany: { count: 4, ms: 20_000 }, speakers: "living", order: "after-vote-starter" }, next: { done: "revote", cancelled: "revote" } },
    {
      id: "revote", module: "voting",
      params: { name: "revote", round: "revote", ...inTurn, candidates: "given", votersFrom: "after-vote-starter", candidatesSitOut: 2, late: { extraMs: 5_000 }, peaceful: { allOneVote: false }, foulVotes: true },
      next: { out: "farewell", leader: "farewell", tie: "gestures", none: "night", cancelled: "night", peaceful: "gestures" },
    },
    // §7.4 most votes: that player leaves with a 30 s farewell.
    { id: "farewell", module: "speeches", params: { name: "farewell", purpose: "farewell", ms: 30_000, speakers: "all" }, next: { done: "night", cancelled: "night" } },
    // §7.4 "After a peaceful day 15 s for gestures and 10 s before the night."
    { id: "gestures", module: "interlude", params: { name: "gestures", ms: 15_000, floor: "living-video" }, next: { done: "before-night" } },
    { id: "before-night", module: "interlude", params: { name: "before-night", ms: 10_000, floor: "living-video" }, next: { done: "night" } },
    {
      id: "night", module: "night",
      params: {
        // §7.6 in order, each step skippable; §7.12 mafia 20 s, the others 10 s each; a 5 s warning.
        steps: [
          { id: "mafia-shot", name: "night-shot", ms: 20_000, abilities: ["mafia-shot"], announce: "night-turn", floor: "holders" },
          { id: "freeze", name: "night-freeze", ms: 10_000, abilities: ["freeze"], announce: "night-turn" },
          { id: "heal", name: "night-heal", ms: 10_000, abilities: ["heal"], announce: "night-turn" },
          { id: "commissar-check", name: "night-check", ms: 10_000, abilities: ["commissar-check"], announce: "night-turn" },
          { id: "kill", name: "night-kill", ms: 10_000, abilities: ["kill"], announce: "night-turn" },
          { id: "don-check", name: "night-don-check", ms: 10_000, abilities: ["don-commissar-check"], announce: "night-turn" },
        ],
        resolve: { block: ["freeze"], protect: ["heal"], attack: ["mafia-shot", "kill"], check: ["commissar-check", "don-commissar-check"] },
        abilities: {
          // §7.6 "Don and Mafia (not Putana) kill, the Don's word decides"; the mafia may refuse the shot.
          "mafia-shot": { consensus: "leader", skip: true, chosenAudience: "holders" },
          freeze: { skip: true }, heal: { skip: true }, "commissar-check": { skip: true }, kill: { skip: true }, "don-commissar-check": { skip: true },
        },
        morning: { quiet: "nobody-killed", out: "killed" },
        warnMs: 5_000,
      },
      next: { killed: "last-words", quiet: "day" },
    },
    // §7.7 "the killed players are named; 30 s farewell each".
    { id: "last-words", module: "speeches", params: { name: "last-words", purpose: "last-words", ms: 30_000, speakers: "all" }, next: { done: "day", cancelled: "day" } },
  ],
};

export const tatar: Preset = {
  id: "tatar",
  /** RULES.md §7: a live host leads the game (the create form starts "Who hosts?" on "Me"). */
  hostLed: true,
  /** RULES.md §7.11: a club's review adds its Tatar bonus to every seat of this format's games. */
  clubBonus: true,
  seats: { min: 12, max: 12 },
  settingsSchema: tatarSettingsSchema as unknown as Preset["settingsSchema"],
  defaultSettings: v.parse(tatarSettingsSchema, {}),
  /** *Decision:* 12 fixed seats: the game starts by itself when full (as sport); seats drawn at random (as sport and city). */
  start: "when-full",
  seatDraw: "random",
  /** §7.11 the club's rating is the host's review, not the service's rewards. */
  rewards: false,
  /** §7.10 a newcomer may sit with a consigliere. */
  consigliere: true,
  composition: () => COMPOSITION.slice(),
  /** §7 the Maniac plays for the town. */
  teamOf: (role: RoleId): Team | null => (role === "maniac" ? "red" : null),
  flow: tatarFlow,
  /** §7 has no shouts. */
  shouts: { perGame: 0, ms: 5_000, shortSpeechAfterLast: 30_000 },
  reveal: "closed",
  win: ["nobody-alive", "mafia-eliminated", "red-eliminated", "black-guaranteed"],
  /** *Decision (every format):* three quiet rounds are a draw, round 1 not counted (docs/ENGINE.md). */
  draw: { quietRounds: 3, countFirstRound: false },
  /**
   * §7.9 "the fourth [foul] removes the player"; with the server as host the table gives fouls by
   * technical vote (§2.13) — fouls only: §7 knows no technical defeat or removal by vote.
   */
  techVotes: { ms: 30_000, kinds: ["foul"], foulsToRemove: 4 },
  fouls: { host: true, voteAgainstAt: 3, removal: { reveal: true, dayGoesOn: true } },
};
