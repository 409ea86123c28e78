/**
 * The phone-app profiles (RULES.md §5, seed 002): Classic, Extended, Fast, Dark City and
 * Custom. One day and one night as data, the five differing only in seats, composition, timers and the
 * vote. Every number below is a clause of §5 or a recorded decision (docs/ENGINE.md "Decision
 * (profiles, §5)").
 *
 *  - Table (§5.1): roles are dealt at once when the organizer starts (every seat filled), seats keep
 *    the join order; the black team meets (30 s, *decision*), then the day.
 *  - Day (§5.5 decisions): free discussion (tempo 3 / 5 / 8 min; Fast: 3 min) → a vote against any
 *    living player (60 s; plurality, or Custom's absolute majority of the living) → a tie gets 30 s of
 *    defence each (Fast: 15 s) and one revote → a second tie: nobody leaves (Custom: its tie rule).
 *    No farewell, no last words.
 *  - Night (§5.6 decisions): one step per role in the catalogue's order, each only when its role was
 *    dealt (the composition is public): Jailer, Blocker, Mistress → mafia (60 s, the §5.2 tally) →
 *    Blackmailer, Lawyer → Maniac, Avenger → Bodyguard, Doctor → Don's check, Commissar, Agent, Tracker,
 *    Watcher (20 s each); resolved by §5.3 whatever the order (night/resolve.ts).
 *  - Win (§5.4): as city (rules/outcome.ts "city"): the Maniac's win first, then the town, then parity.
 *
 *  - Votes (§5.5, §5.6): open by name, all at once (Dark City: hidden until the count; Custom: a
 *    setting); a player blackmailed last night has no vote that day (told when the voting opens); the
 *    Judge's open vote counts ×2 and his name is shown the first time (*decision:* in a hidden vote he
 *    votes as one — a double count would name him); Custom's second tie: nobody / all / a random one.
 *
 * The site offers them (listPresets); the create form's profile screen (web/src/home/ProfileScreen.tsx)
 * shows what may be changed, the recommended composition for the seats, Custom's role editor and the
 * balance meter (§5.5 "warn, do not block").
 */
import * as v from "valibot";
import type { Flow } from "../flow/types.ts";
import type { PhaseName, RoleId } from "../types.ts";
import type { Preset } from "./types.ts";

/** §5.5 tempo: free discussion of 3, 5 or 8 minutes (seconds, as every timer setting). */
const tempo = v.optional(v.picklist([180, 300, 480]), 300);

/** A night step of one role's abilities, run only when the role was dealt. */
function step(id: string, name: PhaseName, abilities: string[], ms = 20_000) {
  return { id, name, ms, abilities, announce: "night-turn" as const, ifDealt: true };
}

/** §5.5 / §5.6 the profiles' night. */
const NIGHT = {
  steps: [
    step("jailer", "night-turn", ["jail"]),
    step("blocker", "night-turn", ["block"]),
    step("mistress", "night-turn", ["guest"]),
    { ...step("mafia", "night-shot", ["mafia-shot"], 60_000), ifDealt: false },
    step("blackmailer", "night-turn", ["blackmail"]),
    step("lawyer", "night-turn", ["cover"]),
    step("maniac", "night-kill", ["kill"]),
    step("avenger", "night-turn", ["avenge"]),
    step("bodyguard", "night-turn", ["guard"]),
    step("doctor", "night-heal", ["heal"]),
    step("don-check", "night-don-check", ["don-commissar-check"]),
    step("commissar", "night-check", ["commissar-check"]),
    step("agent", "night-turn", ["agent-check"]),
    step("tracker", "night-turn", ["track"]),
    step("watcher", "night-turn", ["watch"]),
  ],
  resolve: {
    block: ["jail", "block", "guest"],
    protect: ["guard", "heal", "armour", "cover"],
    attack: ["mafia-shot", "blackmail", "kill", "avenge"],
    check: ["don-commissar-check", "commissar-check", "agent-check", "track", "watch"],
  },
  abilities: {
    // §5.2 a tally until agreement, never one's own team; the Don on equal terms (no leader).
    "mafia-shot": { consensus: "tally", targets: { side: "other" } },
    // §5.6 one heal may not be enough against several attacks; himself once a game; the same player again is allowed; a heal does not lift a block (§5.3).
    heal: { skip: true, shields: 1, liftsBlock: false, targets: { selfTimes: 1, maxInARow: 0 } },
    kill: { skip: true },
    "don-commissar-check": { skip: true },
    "commissar-check": { skip: true },
    "agent-check": { skip: true },
  },
  // §5.1 *decision*: the morning names the saved ("seat N was attacked and survived"), never by whom or how.
  morning: { quiet: "nobody-killed", out: "killed", saved: true },
};

/** The profiles' flow; `fast` fixes the timers (§5.5 Fast: 3 min discussion, 1 min voting, short defence). */
function profileFlow(o: { fast?: boolean; voting: "open" | "closed" | "setting" }): Flow {
  const vote = (name: "voting" | "revote", round: "first" | "revote", candidates: "living" | "given") => ({
    name, round, closedMs: 60_000, openMsPerCandidate: 5_000, candidates, selfVote: true,
    ...(o.voting === "setting" ? { modeSetting: "voting" } : { mode: o.voting }),
    // §5.5 open voting by name, all at once; §5.6 the blackmailed lose their vote, the Judge votes ×2.
    atOnce: true, silenced: true, weightPassive: "double-vote",
    unusedVote: "none", singleCandidate: "vote", majoritySetting: "majority", onTieSetting: "onTie",
  });
  return {
    start: "deal",
    entries: [
      { id: "deal", module: "deal", params: { kind: "at-once", ms: 15_000 }, next: { dealt: "acquaintance" } },
      { id: "acquaintance", module: "acquaintance", params: { ms: 30_000 }, next: { done: "day" } },
      { id: "day", module: "day", params: { first: "rotate" }, next: { started: "free-talk" } },
      // *Decision*: free talk ends early once every living person is ready to vote.
      { id: "free-talk", module: "free-talk", params: o.fast ? { ms: 180_000, ready: true } : { ms: 300_000, msSetting: "tempo", ready: true }, next: { done: "voting" } },
      { id: "voting", module: "voting", params: vote("voting", "first", "living"), next: { out: "night", leader: "night", tie: "defence", none: "night", cancelled: "night" } },
      { id: "defence", module: "speeches", params: { name: "defence", purpose: "defence", ms: o.fast ? 15_000 : 30_000, speakers: "living", cancelOnRemoval: true }, next: { done: "revote", cancelled: "night" } },
      { id: "revote", module: "voting", params: vote("revote", "revote", "given"), next: { out: "night", leader: "night", tie: "night", none: "night", cancelled: "night" } },
      { id: "night", module: "night", params: NIGHT, next: { killed: "day", quiet: "day" } },
    ],
  };
}

/** The roles of RULES.md §5.6 a Custom table may count (the Civilians fill the rest). */
export const CUSTOM_ROLES = [
  "mafia", "don", "commissar", "doctor", "maniac", "bodyguard", "blocker", "mistress", "jailer",
  "tracker", "watcher", "immortal", "agent", "lawyer", "blackmailer", "avenger", "judge",
] as const satisfies readonly RoleId[];

/** §5.5 Custom: the roles that hold the mafia's shot; a game needs at least one of them. */
export const MAFIA_SHOT = ["mafia", "don", "blackmailer"] as const satisfies readonly RoleId[];

/**
 * §5.5 *Decisions — recommended compositions:* black = ⌊N/3⌋, one of them the Don when N ≥ 8; a
 * Commissar and a Doctor from N = 6. Extended replaces Civilians as N grows: N ≥ 9 Mistress, ≥ 10
 * Bodyguard, ≥ 11 Tracker, ≥ 12 Watcher, ≥ 13 Judge; from N = 12 one Mafia becomes a Blackmailer.
 * Dark City adds one Maniac in place of a Civilian.
 */
export function recommended(profile: "classic" | "extended" | "fast" | "dark-city" | "custom", n: number): RoleId[] {
  const black = Math.floor(n / 3);
  const roles: RoleId[] = [];
  if (n >= 8) roles.push("don");
  const blackmailer = profile === "extended" && n >= 12;
  if (blackmailer) roles.push("blackmailer");
  while (roles.length < black) roles.push("mafia");
  if (n >= 6) roles.push("commissar", "doctor");
  if (profile === "extended") {
    for (const [from, role] of [[9, "mistress"], [10, "bodyguard"], [11, "tracker"], [12, "watcher"], [13, "judge"]] as const) if (n >= from) roles.push(role);
  }
  if (profile === "dark-city") roles.push("maniac");
  while (roles.length < n) roles.push("civilian");
  return roles;
}

const profileSettings = v.strictObject({ tempo });
const fastSettings = v.strictObject({});

/** §5.5 Custom: any count of each role (absent everywhere: the balanced Classic composition), vote format, elimination rule. */
const count = () => v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(20)), 0);
const customSettings = v.strictObject({
  tempo,
  /** §5.5 Custom: "any vote format" — open by name, or hidden until the count. */
  voting: v.optional(v.picklist(["open", "closed"]), "open"),
  /** §5.5 Custom: "plurality, or absolute majority of the living". */
  majority: v.optional(v.picklist(["plurality", "absolute"]), "plurality"),
  /** §5.5 Custom: a tie after the revote → nobody / all tied / a random one. */
  onTie: v.optional(v.picklist(["nobody", "all", "random"]), "nobody"),
  ...(Object.fromEntries(CUSTOM_ROLES.map((r) => [r, count()])) as Record<(typeof CUSTOM_ROLES)[number], ReturnType<typeof count>>),
});

/** §5.5 Custom's composition: the counts chosen, Civilians for the rest; no count chosen → the balanced Classic one. */
function customComposition(n: number, settings: Record<string, unknown>): RoleId[] {
  const counts = CUSTOM_ROLES.map((r) => [r, typeof settings[r] === "number" ? (settings[r] as number) : 0] as const);
  if (counts.every(([, c]) => c === 0)) return recommended("custom", n);
  const roles: RoleId[] = [];
  for (const [r, c] of counts) for (let i = 0; i < c; i++) roles.push(r);
  while (roles.length < n) roles.push("civilian");
  return roles;
}

const base = {
  settingsSchema: profileSettings as unknown as Preset["settingsSchema"],
  defaultSettings: v.parse(profileSettings, {}),
  /** §5.1 "roles are dealt only after all seats are filled; the night does not begin until the organizer's command". */
  start: "organizer-command" as const,
  seatDraw: "join-order" as const,
  rewards: false,
  shouts: { perGame: 0, ms: 5_000, shortSpeechAfterLast: 30_000 },
  reveal: "closed" as const,
  win: ["nobody-alive", "roles", "town-eliminated-mafia-and-maniac", "mafia-parity-all"],
  draw: { quietRounds: 3, countFirstRound: false },
  techVotes: { ms: 30_000, kinds: ["foul", "defeat", "removal"] as Array<"foul" | "defeat" | "removal">, foulsToRemove: 2 },
};

/** §5.5 Classic: 6–20 seats; Civilians, Mafia, Commissar, Doctor, a Don at 8+; tempo setting. */
export const classic: Preset = { ...base, id: "classic", seats: { min: 6, max: 20 }, composition: (n) => recommended("classic", n), flow: profileFlow({ voting: "open" }) };
/** §5.5 Extended: 8–20 seats; Classic plus the extended pool as the table grows. */
export const extended: Preset = { ...base, id: "extended", seats: { min: 8, max: 20 }, composition: (n) => recommended("extended", n), flow: profileFlow({ voting: "open" }) };
/** §5.5 Fast: 6–8 seats, Classic's composition, fixed timers; the organizer plays and takes a seat (no live host: worker/api/tables.ts). */
export const fast: Preset = {
  ...base, id: "fast", seats: { min: 6, max: 8 }, organizerPlays: true, settingsSchema: fastSettings as unknown as Preset["settingsSchema"], defaultSettings: {},
  composition: (n) => recommended("fast", n), flow: profileFlow({ fast: true, voting: "open" }),
};
/** §5.5 Dark City: 9–15 seats, Classic plus one Maniac; only the size changes (no settings). */
export const darkCity: Preset = {
  ...base, id: "dark-city", seats: { min: 9, max: 15 }, settingsSchema: fastSettings as unknown as Preset["settingsSchema"], defaultSettings: {},
  // §5.5 Dark City: intermediate votes hidden (closed until the count).
  composition: (n) => recommended("dark-city", n), flow: profileFlow({ voting: "closed" }),
};
/** §5.5 Custom: 6–20 seats (*decision*), any composition; role counts must fit the seats; an unusual balance is the creator's call. */
export const custom: Preset = {
  ...base, id: "custom", seats: { min: 6, max: 20 }, roleCounts: CUSTOM_ROLES,
  settingsSchema: customSettings as unknown as Preset["settingsSchema"],
  defaultSettings: v.parse(customSettings, {}) as Record<string, unknown>,
  composition: customComposition,
  compositionLimit: (n, settings) => {
    const chosen = CUSTOM_ROLES.reduce((sum, r) => sum + (typeof settings[r] === "number" ? (settings[r] as number) : 0), 0);
    if (chosen > n) return { kind: "too-many", roles: chosen, seats: n };
    const roles = customComposition(n, settings);
    if (!roles.some((r) => (MAFIA_SHOT as readonly RoleId[]).includes(r))) return { kind: "no-shot" };
    return null;
  },
  flow: profileFlow({ voting: "setting" }),
};
