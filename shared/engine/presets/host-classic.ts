/**
 * Preset `host-classic` (RULES.md §4, seed 001): traditional host-led rules with a Commissar, a Doctor
 * and a Maniac who may choose a side. Pure data on the phase modules; every number below is a clause of
 * §4 or a recorded decision (docs/ENGINE.md "host-classic"). Playable with the server as host and with a
 * live host (§1, §5.7), who confirms the night's steps and the votes and may give remarks.
 */
import * as v from "valibot";
import type { Flow } from "../flow/types.ts";
import type { RoleId } from "../types.ts";
import type { Preset } from "./types.ts";

/** §4 names no table setting. */
export const hostClassicSettingsSchema = v.strictObject({});

/**
 * *Decision (§4 names no counts):* 8–16 seats; black = ⌊N/3⌋ (the Don and ⌊N/3⌋ − 1 Mafia, as the
 * profiles' recommended black share, §5.5); one Commissar, one Doctor, one Maniac; Civilians fill the rest.
 */
export function hostClassicComposition(seats: number): RoleId[] {
  const black = Math.floor(seats / 3);
  const out: RoleId[] = ["don"];
  for (let i = 1; i < black; i++) out.push("mafia");
  out.push("commissar", "doctor", "maniac");
  while (out.length < seats) out.push("civilian");
  return out;
}

/** §4.6 "candidates are called in turn and each living player votes once against one candidate, no abstain". */
const byCandidate = { mode: "open", closedMs: 10_000, openMsPerCandidate: 5_000, callLast: true, unusedVote: "last-candidate", missingVote: "remark", singleCandidate: "vote" } as const;

/** §4.5 "a dead Commissar, Mafia, Don or black Maniac leaves silently" (also after a vote: the seed's "leave the game silently"). */
const silent = [{ role: "commissar" }, { role: "mafia" }, { role: "don" }, { role: "maniac", team: "black" }] as const;

/**
 * §4.1–§4.8 as a flow. Acquaintance: the mafia (the Don shows himself), the Commissar, the Maniac (his
 * side from 11 seats), the Doctor wake in turn. Day 1: introductions, 60 s each, no vote, then night.
 * Later days: 60 s speeches with one nomination and one question → an extra word of 30 s each → the
 * vote by candidate → the leader defends 60 s and the town confirms; a tie: the tied defend 60 s, a
 * revote; a second tie: the car crash, in which the tied do not vote. Night: mafia → Don's check →
 * Commissar (check or his one shot) → Maniac (must shoot) → Doctor (saves one of the wounded).
 */
export const hostClassicFlow: Flow = {
  start: "deal",
  entries: [
    // §4.1 face-down cards, a player may pick one. *Decision:* 15 s as sport.
    { id: "deal", module: "deal", params: { kind: "take-cards", ms: 15_000 }, next: { dealt: "acquaintance" } },
    {
      id: "acquaintance", module: "acquaintance",
      params: {
        ms: 10_000, shootingPlan: false,
        // §4.2 *Decision:* 10 s each wake; the Don shows himself by signs (video only).
        wakes: [
          { step: "mafia", roles: ["don", "mafia"], ms: 10_000, signs: true },
          { step: "commissar", roles: ["commissar"], ms: 10_000 },
          { step: "maniac", roles: ["maniac"], ms: 10_000 },
          { step: "doctor", roles: ["doctor"], ms: 10_000 },
        ],
        // §4.1 "with more than 10 he chooses a side … 'Maniac for the town?'"; *decision:* no answer → red.
        sideChoice: { role: "maniac", fromSeats: 11, yes: "red", no: "black", default: "red" },
      },
      next: { done: "day" },
    },
    // §4.3 day 1 is introductions only (from seat 1); each later day starts one living seat later (as sport).
    { id: "day", module: "day", params: { first: "rotate", firstDay: true }, next: { started: "day-speeches", "first-day": "introductions" } },
    { id: "introductions", module: "speeches", params: { name: "introductions", purpose: "day", ms: 60_000, speakers: "living" }, next: { done: "night", cancelled: "night" } },
    {
      id: "day-speeches", module: "speeches",
      params: { name: "speech", purpose: "day", ms: 60_000, speakers: "living", nominations: { perSpeech: 1, self: false }, question: true },
      next: { done: "extra-word", cancelled: "extra-word" },
    },
    // §4.6 "then each player may take one extra word (30 s)": passing is ending it at once.
    { id: "extra-word", module: "speeches", params: { name: "extra-word", purpose: "extra-word", ms: 30_000, speakers: "living" }, next: { done: "voting", cancelled: "voting" } },
    {
      id: "voting", module: "voting",
      params: { name: "voting", round: "first", ...byCandidate, candidates: "nominees", soleLeader: "defends" },
      next: { out: "farewell", leader: "defence", tie: "tie-speeches", none: "night", cancelled: "night" },
    },
    // §4.7 "the leader gets a 60 s defense; then the town votes again on that player".
    { id: "defence", module: "speeches", params: { name: "defence", purpose: "defence", ms: 60_000, speakers: "living", cancelOnRemoval: true }, next: { done: "confirm-vote", cancelled: "night" } },
    { id: "confirm-vote", module: "question", params: { name: "confirm-vote", ms: 10_000, mode: "open", voters: "living", eliminates: true, out: "voted-out" }, next: { yes: "farewell", no: "night", cancelled: "night" } },
    // §4.7 "A tie: the tied players defend and the town revotes; most votes leaves".
    { id: "tie-speeches", module: "speeches", params: { name: "tie-speech", purpose: "tie", ms: 60_000, speakers: "living", cancelOnRemoval: true }, next: { done: "revote", cancelled: "night" } },
    {
      id: "revote", module: "voting",
      params: { name: "revote", round: "revote", ...byCandidate, candidates: "given" },
      next: { out: "farewell", leader: "farewell", tie: "car-crash", none: "night", cancelled: "night" },
    },
    // §4.7 "a second tie is the car crash: a third vote, in which the tied players do not vote, on whether all of them leave or all stay".
    { id: "car-crash", module: "question", params: { name: "car-crash", ms: 10_000, mode: "open", voters: "not-candidates", eliminates: true, out: "voted-out" }, next: { yes: "farewell", no: "night", cancelled: "night" } },
    // Seed 001: a voted-out Civilian, Doctor or red Maniac speaks a farewell, the others leave silently. *Decision:* 60 s.
    { id: "farewell", module: "speeches", params: { name: "farewell", purpose: "farewell", ms: 60_000, speakers: "all", silent: [...silent] }, next: { done: "night", cancelled: "night" } },
    {
      id: "night", module: "night",
      params: {
        // §4.4 in order. *Decision:* the mafia 20 s, every other step 10 s (as city).
        steps: [
          { id: "mafia", name: "night-shot", ms: 20_000, abilities: ["mafia-shot"], announce: "night-turn", floor: "holders" },
          { id: "don-check", name: "night-don-check", ms: 10_000, abilities: ["don-commissar-check"], announce: "night-turn" },
          { id: "commissar", name: "night-check", ms: 10_000, abilities: ["commissar-mafia-check", "commissar-shot"], announce: "night-turn" },
          { id: "maniac", name: "night-kill", ms: 10_000, abilities: ["kill"], announce: "night-turn" },
          { id: "doctor", name: "night-heal", ms: 10_000, abilities: ["save"], announce: "night-turn" },
        ],
        resolve: { block: [], protect: ["save"], attack: ["mafia-shot", "commissar-shot", "kill"], check: ["don-commissar-check", "commissar-mafia-check"] },
        abilities: {
          // §4.4 "on disagreement the Don's choice decides"; the shot and its channel are the Don's and the Mafia's (a black Maniac acts alone).
          "mafia-shot": { consensus: "leader", chosenAudience: "holders" },
        },
        morning: { quiet: "nobody-killed", out: "killed" },
      },
      next: { killed: "last-words", quiet: "day" },
    },
    // §4.5 "A dead Civilian, Doctor or red Maniac gets a farewell speech"; *decision:* 60 s as sport's last words.
    { id: "last-words", module: "speeches", params: { name: "last-words", purpose: "last-words", ms: 60_000, speakers: "all", silent: [...silent] }, next: { done: "day", cancelled: "day" } },
  ],
};

export const hostClassic: Preset = {
  id: "host-classic",
  /** RULES.md §4: a live host leads the game (the create form starts "Who hosts?" on "Me"). */
  hostLed: true,
  seats: { min: 8, max: 16 },
  settingsSchema: hostClassicSettingsSchema as unknown as Preset["settingsSchema"],
  defaultSettings: v.parse(hostClassicSettingsSchema, {}),
  /** *Decision:* 8–16 seats cannot "start when full": the creator starts (as city); seats drawn at random (as sport). */
  start: "organizer-command",
  seatDraw: "random",
  rewards: false,
  composition: (seats) => hostClassicComposition(seats),
  /** §4.1 the Maniac is red at the deal; from 11 seats his answer at the acquaintance may make him black. */
  teamOf: (role: RoleId) => (role === "maniac" ? "red" : null),
  flow: hostClassicFlow,
  /** §4 has no shouts. */
  shouts: { perGame: 0, ms: 5_000, shortSpeechAfterLast: 30_000 },
  /** §4 "Reveal policy: open". */
  reveal: "open",
  /** §4.8 red wins when the last black player (a black Maniac included) is gone; black at parity. */
  win: ["mafia-eliminated", "mafia-parity"],
  /** *Decision (every format):* three quiet rounds are a draw, round 1 not counted (docs/ENGINE.md). */
  draw: { quietRounds: 3, countFirstRound: false },
  /**
   * *Decision:* §4 names remarks but never their consequence. With the server as host the table keeps
   * sport's technical votes (§2.13: foul, defeat, removal; two fouls remove); a live host gives remarks
   * (public warnings) and fouls with the same count.
   */
  techVotes: { ms: 30_000, kinds: ["foul", "defeat", "removal"], foulsToRemove: 2 },
  fouls: { host: true, removal: { reveal: false, dayGoesOn: false } },
};
