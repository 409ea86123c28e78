/**
 * What kind of moment each phase is, so that no client derives it. The web client, the bots
 * and the worker ask these predicates instead of comparing phase ids (`phase === "voting"`,
 * `phase.startsWith("night")`), so a phase's kind is written once, here, next to the engine's
 * `PHASE_NAMES`, and a new phase name does not compile until it is given its kind.
 */
import type { PhaseName } from "./types.ts";

type PhaseKind =
  | "dealing" // §2.1 the cards are dealt
  | "first-night" // the acquaintance night (§2.2)
  | "team-shot" // the black team's shot step, its anonymous tally running (§2.10, §5.2)
  | "night" // every other night step
  | "talk" // free talk until everyone is ready to vote
  | "round-speech" // the day's speeches in turn (§2.3)
  | "defence-speech" // candidates on the block speak again: the tie's speeches (§2.9), host-classic's defence (§4.7)
  | "leader-speech" // the leader of the count speaks
  | "extra-word" // a last word before the vote (host-classic)
  | "introductions" // host-classic's first day (§4.3)
  | "leaving-speech" // a leaving player's speech: farewell (expelled, §2.7), last words (killed at night, §2.11)
  | "expel-vote" // the ballot on the candidates and its revote (§2.6, §2.9)
  | "lift-vote" // "do all the tied leave together?" (§2.9)
  | "confirm-vote" // host-classic's confirmation vote on the leader (§4.7)
  | "car-crash" // host-classic's car crash (§4.7)
  | "question" // the club's yes/no questions (§6.6–§6.7)
  | "interlude" // tatar's gestures and the seconds before the night (§7.4)
  | "end"; // the game is over

const KIND: Readonly<Record<PhaseName, PhaseKind>> = {
  dealing: "dealing",
  acquaintance: "first-night",
  "free-talk": "talk",
  speech: "round-speech",
  defence: "defence-speech",
  "extra-word": "extra-word",
  "tie-speech": "defence-speech",
  "leader-speech": "leader-speech",
  farewell: "leaving-speech",
  "last-words": "leaving-speech",
  voting: "expel-vote",
  revote: "expel-vote",
  "lift-vote": "lift-vote",
  "night-shot": "team-shot",
  "night-check": "night",
  "night-freeze": "night",
  "night-heal": "night",
  "night-kill": "night",
  "night-don-check": "night",
  "night-turn": "night",
  "game-over": "end",
  gestures: "interlude",
  "before-night": "interlude",
  introductions: "introductions",
  "confirm-vote": "confirm-vote",
  "car-crash": "car-crash",
  "expel-anyone": "question",
  "expel-both": "question",
};

/** The kind of a phase id from a view (an id this build does not know has none). */
function kindOf(phase: string): PhaseKind | null {
  return Object.hasOwn(KIND, phase) ? KIND[phase as PhaseName] : null;
}
const is = (...kinds: PhaseKind[]) => (phase: string): boolean => {
  const k = kindOf(phase);
  return k !== null && kinds.includes(k);
};

/** Every night phase: the acquaintance night and every night step (the view's `night` flag, for a game not over). */
export const isNightPhase = is("first-night", "team-shot", "night");
/** The acquaintance night (§2.2): the black team meets, the shooting plan. */
export const isFirstNight = is("first-night");
/** The black team's shot step, while its anonymous tally runs (§5.2). */
export const isTeamShot = is("team-shot");
/** The cards are being dealt (§2.1). */
export const isDealing = is("dealing");
/** The day's speeches in turn (§2.3), where a player names whom they vote for. */
export const isRoundSpeech = is("round-speech");
/** Candidates on the block speak again: the tie's speeches, the defence. */
export const isDefenceSpeech = is("defence-speech");
/** A leaving player's speech: the farewell of the expelled, the last words of the killed. */
export const isLeavingSpeech = is("leaving-speech");
/** The ballot on the candidates or its revote (§2.6, §2.9): one vote a seat per round. */
export const isExpelVote = is("expel-vote");
/** A vote whose result the person waits for: the ballot, its revote, the lift vote (§2.9). */
export const isVoteToWaitFor = is("expel-vote", "lift-vote");
/** Every phase that is itself a vote: the ballot, its revote, the lift vote, the confirmation vote (§4.7). */
export const isVotePhase = is("expel-vote", "lift-vote", "confirm-vote");
/** The day from the speeches to the count (§2.3–§2.8): when day 1's "the vote removes nobody" (breakAtZero off) applies. */
export const isDayToCount = is("round-speech", "expel-vote", "defence-speech", "leader-speech");
/** Host-classic's car crash (§4.7), explained as it starts. */
export const isCarCrash = is("car-crash");
