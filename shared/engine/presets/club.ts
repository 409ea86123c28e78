/**
 * Preset `club` (RULES.md §6, seed 003): a club's city mafia with three sides — red (Civilians,
 * Commissar, Doctor, Kamikaze, Witness; the Swindler and the Werewolf start red), black (Boss, Mafia)
 * and solo (Maniac, Curser). 12–15 seats; the creator sets the composition for each game (a count per
 * role, Civilians fill the rest) and the table is told the counts at the start. Open reveal, except the
 * Swindler's victim. Pure data on the phase modules; every number below is a clause of §6 or a recorded
 * decision (docs/ENGINE.md "club (§6)"). Playable with the server as host and with a live host, who
 * confirms the night's steps and the votes, gives fouls and removes without warning (§6.9).
 */
import * as v from "valibot";
import type { Flow } from "../flow/types.ts";
import type { RoleId } from "../types.ts";
import type { Preset } from "./types.ts";

/** §6 the roles the creator counts (Civilians fill the other seats), with their bounds and defaults. */
const COUNTS = [
  ["boss", 1, 1], ["mafia", 6, 2], ["commissar", 1, 1], ["doctor", 1, 1], ["kamikaze", 1, 0], ["witness", 1, 0],
  ["maniac", 1, 1], ["curser", 1, 0], ["swindler", 1, 0], ["werewolf", 1, 0],
] as const satisfies ReadonlyArray<readonly [RoleId, number, number]>;

/** §6 the roles of the club a creator counts, in the order the form shows them. */
export const CLUB_ROLES = COUNTS.map(([r]) => r) as readonly RoleId[];

const count = (max: number, def: number) => v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(max)), def);
export const clubSettingsSchema = v.strictObject(
  Object.fromEntries(COUNTS.map(([r, max, def]) => [r, count(max, def)])) as Record<(typeof COUNTS)[number][0], ReturnType<typeof count>>,
);

/** §6 the composition: the counts chosen, Civilians for the rest. */
export function clubComposition(seats: number, settings: Record<string, unknown>): RoleId[] {
  const roles: RoleId[] = [];
  for (const [r, , def] of COUNTS) {
    const n = typeof settings[r] === "number" ? (settings[r] as number) : def;
    for (let i = 0; i < n; i++) roles.push(r);
  }
  while (roles.length < seats) roles.push("civilian");
  return roles;
}

/** §6.5 "a vote by raised hands": open, candidates called in turn (*decision:* 5 s each, the last called too), no automatic vote. */
const hands = { mode: "open", closedMs: 10_000, openMsPerCandidate: 5_000, callLast: true, candidates: "given", unusedVote: "none", singleCandidate: "vote", onTie: "drop-fewest" } as const;

/** §6.2 a night step of one role, run only when it was dealt (the composition is announced). *Decision:* 10 s each, the mafia 20 s. */
const step = (id: string, name: "night-kill" | "night-turn" | "night-check" | "night-heal", ability: string) => ({ id, name, ms: 10_000, abilities: [ability], announce: "night-turn" as const, ifDealt: true });

/**
 * §6.1–§6.7 as a flow. Acquaintance: the active roles wake in turn (the Boss and the Mafia together),
 * no actions; the Witness learns a black seat. Day: free talk ("balagan", 2 min, 1 min on day 1) →
 * speeches (30 s, the last 45 s; one or two nominations; "under a foul") → the candidates: the two
 * tiers of nominations (more than four: nobody) → 30 s of defence each → (day 1: "expel anyone at
 * all?") → raised hands by candidate → most hands: out, revealed, 30 s last words; a tie of two:
 * "expel both?"; three or four: the fewest drop out, the rest defend again and hands again. Night: the
 * Boss's check → Boss and Mafia (the Boss decides, must shoot) → Maniac → Curser → Swindler →
 * Commissar → Doctor; the morning names the dead, the curses, then the checks by role.
 */
export const clubFlow: Flow = {
  start: "deal",
  entries: [
    // §6.1 "cards dealt"; *decision:* taken in 15 s as sport; §6 the counts announced at the start.
    { id: "deal", module: "deal", params: { kind: "take-cards", ms: 15_000, announce: true }, next: { dealt: "acquaintance" } },
    {
      id: "acquaintance", module: "acquaintance",
      params: {
        ms: 10_000, shootingPlan: false,
        // §6.1 "active roles wake in turn and meet the host; no actions". *Decision:* 10 s each, in the night's order; the Boss and the Mafia see each other (no sound).
        wakes: [
          { step: "mafia", roles: ["boss", "mafia"], ms: 10_000, signs: true },
          { step: "maniac", roles: ["maniac"], ms: 10_000, ifDealt: true },
          { step: "curser", roles: ["curser"], ms: 10_000, ifDealt: true },
          { step: "swindler", roles: ["swindler"], ms: 10_000, ifDealt: true },
          { step: "commissar", roles: ["commissar"], ms: 10_000, ifDealt: true },
          { step: "doctor", roles: ["doctor"], ms: 10_000, ifDealt: true },
          { step: "witness", roles: ["witness"], ms: 10_000, ifDealt: true },
        ],
        // §6 (decision) the Witness learns one random black seat other than the Boss.
        witness: { role: "witness", not: "boss" },
      },
      next: { done: "day" },
    },
    // *Decision:* day 1 from seat 1, each later day one living seat later (as sport).
    { id: "day", module: "day", params: { first: "rotate" }, next: { started: "free-talk" } },
    // §6.4 "2 min free talk ('balagan'; about 1 min on the first day)".
    { id: "free-talk", module: "free-talk", params: { ms: 120_000, dayOneMs: 60_000 }, next: { done: "day-speeches" } },
    {
      id: "day-speeches", module: "speeches",
      // §6.4 30 s, the last 45 s; one or two nominations, not oneself, every nomination counts (§6.5 tiers); "under a foul" 30 s, twice a game.
      params: { name: "speech", purpose: "day", ms: 30_000, lastMs: 45_000, speakers: "living", nominations: { perSpeech: 2, self: false, unique: false }, underFoul: { ms: 30_000, perGame: 2 } },
      next: { done: "candidacy", cancelled: "candidacy" },
    },
    // §6.5 the most and the second most nominated; more than four: nobody leaves.
    { id: "candidacy", module: "candidacy", params: { maxCandidates: 4 }, next: { candidates: "defence", none: "night", cancelled: "night" } },
    { id: "defence", module: "speeches", params: { name: "defence", purpose: "defence", ms: 30_000, speakers: "living", cancelOnRemoval: true }, next: { done: "expel-anyone", cancelled: "night" } },
    // §6.6 day 1 "by right of the first round": does the table want to expel anyone at all? No majority: night without victims.
    { id: "expel-anyone", module: "question", params: { name: "expel-anyone", ms: 10_000, mode: "open", voters: "living", eliminates: false, firstDayOnly: true }, next: { yes: "voting", no: "night", cancelled: "night" } },
    {
      id: "voting", module: "voting", params: { name: "voting", round: "first", ...hands },
      next: { out: "vote-last-words", leader: "vote-last-words", tie: "expel-both", drop: "defence-again", none: "night", cancelled: "night" },
    },
    // §6.7 three or four: the fewest drop out, "the rest get 30 s each and the hands are raised again".
    { id: "defence-again", module: "speeches", params: { name: "defence", purpose: "defence", ms: 30_000, speakers: "living", cancelOnRemoval: true }, next: { done: "revote", cancelled: "night" } },
    {
      id: "revote", module: "voting", params: { name: "revote", round: "revote", ...hands },
      next: { out: "vote-last-words", leader: "vote-last-words", tie: "expel-both", drop: "defence-again", none: "night", cancelled: "night" },
    },
    // §6.7 the car crash: "expel both?" — more than half of the living (the tied too) → both revealed and out.
    { id: "expel-both", module: "question", params: { name: "expel-both", ms: 10_000, mode: "open", voters: "living", eliminates: true, out: "voted-out" }, next: { yes: "vote-last-words", no: "night", cancelled: "night" } },
    // §6.5 "the eliminated player is revealed and gets 30 s last word".
    { id: "vote-last-words", module: "speeches", params: { name: "last-words", purpose: "last-words", ms: 30_000, speakers: "all" }, next: { done: "night", cancelled: "night" } },
    {
      id: "night", module: "night",
      params: {
        steps: [
          // §6.2 (1) "the Boss wakes alone and checks a player" (for the Commissar), living players only.
          { id: "boss-check", name: "night-don-check", ms: 10_000, abilities: ["don-commissar-check"], announce: "night-turn" },
          // §6.2 (2) "Boss and Mafia wake together and kill — the only joint waking".
          { id: "mafia", name: "night-shot", ms: 20_000, abilities: ["mafia-shot"], announce: "night-turn", floor: "holders" },
          step("maniac", "night-kill", "kill"),
          step("curser", "night-turn", "curse"),
          // *Decision:* the Swindler's step after the Curser's (the seed names no step for him).
          step("swindler", "night-turn", "swap"),
          step("commissar", "night-check", "commissar-check"),
          step("doctor", "night-heal", "heal"),
        ],
        resolve: { block: [], protect: ["heal"], attack: ["mafia-shot", "kill", "curse", "swap"], check: ["don-commissar-check", "commissar-check"] },
        abilities: {
          // §6.2 "the mafia must shoot every night and picks one victim; the Boss decides" (no skip: a missing choice is no kill).
          "mafia-shot": { consensus: "leader", leader: "boss", chosenAudience: "holders" },
          "don-commissar-check": { skip: true },
          kill: { skip: true },
          "commissar-check": { skip: true },
          // §6.2 "never the same player two nights running and himself once a game".
          heal: { skip: true, targets: { maxInARow: 1, selfTimes: 1 } },
        },
        // §6 (decisions) the Kamikaze takes the Maniac along; the Werewolf turns black instead of dying of the mafia's kill.
        reactions: [
          { passive: "takes-maniac", ability: "kill", effect: "takes-attacker" },
          { passive: "turns-on-mafia-kill", ability: "mafia-shot", effect: "turns-black" },
        ],
        // §6.3 "then the results of the Commissar's and the Boss's checks — to the whole table".
        announceChecks: { "commissar-check": "commissar", "don-commissar-check": "boss" },
        morning: { quiet: "nobody-killed", out: "killed" },
      },
      next: { killed: "last-words", quiet: "day" },
    },
    // *Decision:* the night's dead get 30 s of last words too (as the voted out, §6.5); the Swindler's victim none.
    { id: "last-words", module: "speeches", params: { name: "last-words", purpose: "last-words", ms: 30_000, speakers: "all" }, next: { done: "day", cancelled: "day" } },
  ],
};

export const club: Preset = {
  id: "club",
  /** RULES.md §6: a live host leads the game (the create form starts "Who hosts?" on "Me"). */
  hostLed: true,
  /** RULES.md §6: a new club starts with its own format. */
  clubDefault: true,
  seats: { min: 12, max: 15 },
  settingsSchema: clubSettingsSchema as unknown as Preset["settingsSchema"],
  defaultSettings: v.parse(clubSettingsSchema, {}) as Record<string, unknown>,
  /** *Decision:* 12–15 seats: the creator starts (as city); seats drawn at random (as sport). */
  start: "organizer-command",
  seatDraw: "random",
  /** §6.11 the club's reviews and scores are the host's, not the service's rewards. */
  rewards: false,
  roleCounts: CLUB_ROLES,
  composition: clubComposition,
  compositionLimit: (n, settings) => {
    const roles = clubComposition(0, settings);
    if (roles.length > n) return { kind: "too-many", roles: roles.length, seats: n };
    // RULES.md §6: the club's mafia is led by its Boss.
    if (!roles.includes("boss")) return { kind: "needs-role", role: "boss" };
    return null;
  },
  flow: clubFlow,
  /** §6 has no shouts. */
  shouts: { perGame: 0, ms: 5_000, shortSpeechAfterLast: 30_000 },
  /** §6 "open — an eliminated player's card is shown, except the Swindler's victim" (rules/outcome.ts depart). */
  reveal: "open",
  win: ["nobody-alive", "roles", "town-eliminated-all", "mafia-parity"],
  /** *Decision (every format):* three quiet rounds are a draw, round 1 not counted (docs/ENGINE.md). */
  draw: { quietRounds: 3, countFirstRound: false },
  /**
   * §6.9 with the server as host the table's technical votes give fouls and stand for the removal
   * without warning; three fouls remove the player (revealed: the reveal is open). With a live host:
   * fouls, remarks and the removal without warning (the offence named). A removal cancels the day's vote
   * (§2.13, *decision*).
   */
  techVotes: { ms: 30_000, kinds: ["foul", "removal"], foulsToRemove: 3 },
  fouls: { host: true, hostRemoval: true, removal: { reveal: true, dayGoesOn: false } },
  /** §6.10 the previous game's first eliminated is immune on day 1 and night 1 (rules/immunity.ts). */
  immunity: true,
};
