/**
 * The shapes of what the later formats need and the engine does not have yet (issue 14: "cover, on
 * paper and in types, every format of RULES.md"). Types only: nothing imports this file, nothing here
 * runs, and no preset may name these parameters before a phase module reads them (a preset field that
 * is never read is exactly what issue 14 removed). docs/ENGINE.md "Coverage of the rules book" maps
 * every format and role onto these shapes and onto the built modules; when a shape is built, it moves
 * into its phase module's valibot schema and leaves this file.
 *
 * Conventions as in the built modules: times in ms, `…Setting` names a table setting that overrides a
 * fixed value, seats are numbers 1..N.
 */
import type { Effect, Stage } from "../night/abilities.ts";
import type { CheckKind } from "../roles/types.ts";
import type { AbilityId, PhaseName, RoleId, Seat, Team } from "../types.ts";

/* ------------------------------------------------------------------------------------------------ */
/* New phase modules                                                                                 */
/* ------------------------------------------------------------------------------------------------ */

/**
 * Phase module `free-talk` (not built): every living player may talk at once for `ms` (RULES.md §5.5
 * the profiles' "free discussion", tempo 3 / 5 / 8 min; §6.4 club "balagan", 2 min, about 1 min on the
 * first day; §7.2 tatar 2 min). Floor: every living seat speaks to everyone.
 * Outcomes: "done"; "early-vote" when an early-vote request passes (§7.5).
 */
export interface FreeTalkParams {
  ms: number;
  /** A setting in seconds that overrides `ms` (§5.5 tempo). */
  msSetting?: string;
  /** The length on day 1 (§6.4 "about 1 min on the first day"). */
  dayOneMs?: number;
  /** §7.5 early-vote requests during this talk. */
  earlyVote?: EarlyVoteRequest;
}

/**
 * An early-vote request (RULES.md §7.5): "during free talk or their own speech a player may ask for an
 * early vote; if more than one player supports it, the town goes to the vote at once". A module that
 * carries it (free-talk, speeches) offers `request-early-vote` and `support-early-vote` and ends with
 * the outcome "early-vote".
 * *Decision:* "more than one player supports it" = at least two supporters besides the asker; one
 * request per player per day; a request lapses when the phase that carried it ends.
 */
export interface EarlyVoteRequest {
  /** Where a request may be made. */
  during: ReadonlyArray<"free-talk" | "own-speech">;
  /** Supporters needed besides the asker (§7.5 "more than one": 2). */
  supporters: number;
  perPlayerPerDay: number;
}

/**
 * Phase module `interlude` (built, issue 17: phases/interlude.ts with `name`, `ms`, `floor` nobody |
 * living-video; the tournament's preparation is still to use it): a timed pause with a name and a floor, no actions (RULES.md
 * §2 "002's tournament format adds a 20 s preparation before the first day"; §7.4 "after a peaceful
 * day 15 s for gestures and 10 s before the night"). Outcome "done".
 */
export interface InterludeParams {
  name: PhaseName | "preparation" | "gestures" | "before-night";
  ms: number;
  /** Who may be heard: nobody, or the living (gestures: video only). */
  floor: "nobody" | "living-video" | "living-to-all";
}

/**
 * Phase module `candidacy` (not built; an instant phase): who goes to the defence and the vote
 * (RULES.md §6.5: "everyone sharing the most nominations and everyone sharing the second most (5/4 →
 * both; 5/5 → both; 5/4/4 → three). No nominations, no candidacy. More than four candidates: nobody
 * leaves, night falls"). Counts nominations per seat (club: 1–2 per speech, so a seat can be named
 * several times — today `s.nominees` keeps each seat once). Outcomes: "candidates" (with the seats, in
 * nomination order) or "none".
 */
export interface CandidacyParams {
  tiers: number;
  maxCandidates: number;
}

/* ------------------------------------------------------------------------------------------------ */
/* Parameters the built modules will need                                                            */
/* ------------------------------------------------------------------------------------------------ */

/**
 * `day` (built: `first: "rotate" | "lowest-seat"`) will need a branch for the first day and a first
 * speaker after a given seat (RULES.md §4.3 "Day 1: introductions only … no vote. Then night"; §6.6
 * club's first day asks "expel anyone at all?"; §7.2/§7.3 tatar: the vote starts one seat after the
 * day's first speaker). With `firstDay` the module ends day 1 with the outcome "first-day" instead of
 * "started", so the flow table holds both days as data.
 */
export interface DayParamsPlanned {
  first: "rotate" | "lowest-seat";
  /** Day 1 ends with the outcome "first-day" (its own flow branch). */
  firstDay?: boolean;
}

/**
 * `speeches` (built: name, purpose, ms, msSetting, speakers, nominations {perSpeech 1–2, self},
 * shouts, cancelOnRemoval; issue 17: `question`, `silent` for host-classic) will need:
 */
export interface SpeechesParamsPlanned {
  /** §4.6 "each player may take one extra word (30 s)": each seat in turn takes the word or passes. */
  optIn?: boolean;
  /** §6.4 "30 s each, the last speaker 45 s". */
  lastMs?: number;
  /** §7.4 "defend (30 s; 20 s when four or more)": a different length from `count` speakers on (built, issue 17). */
  msWhenMany?: { count: number; ms: number };
  /**
   * §7.4 the order of defence speeches: "starting from the lowest seat after the player who started the
   * vote" ("given": the order handed in, today's only order).
   */
  order?: "given" | "from-after-vote-starter";
  /** §6.4 "Under a foul": `ms` more speech at the price of a foul, at most `perGame` times a game. */
  underFoul?: { ms: number; perGame: number };
  /**
   * §4.6 "may put a question to one player": the speaker names a seat, which then holds the floor
   * beside the speaker until the speech ends. *Decision:* one question per speech, answered within the
   * speaker's time.
   */
  question?: boolean;
  /** §7.5 an early-vote request during one's own speech (see EarlyVoteRequest). */
  earlyVote?: EarlyVoteRequest;
  /**
   * §4.5 farewell only for some of the dead: "a dead Civilian, Doctor or red Maniac gets a farewell
   * speech; a dead Commissar, Mafia, Don or black Maniac leaves silently" (by role and team at death).
   */
  silent?: ReadonlyArray<{ role: RoleId; team?: Team }>;
  /** §6 the Swindler's victim "leaves without last words": departures of this kind get no speech. */
  silentHow?: ReadonlyArray<"swapped" | "removed">;
}

/**
 * `voting` (built: name, round, mode closed|open (by candidate, as called), modeSetting, closedMs,
 * openMsPerCandidate, candidates nominees|given, unusedVote last-candidate|none, singleCandidate
 * leaves|vote, majority plurality|absolute, dayOneSetting, tieDayOneSetting) will need:
 */
export interface VotingParamsPlanned {
  /**
   * "in-turn": each living voter in turn names the player they vote against, `msPerVoter` each
   * (§7.3, from one seat after the day's first speaker); "open-at-once": everyone votes at once and
   * each vote is shown as cast (§5.5 Classic "votes open, by name"; closed = Dark City's "intermediate
   * votes hidden").
   */
  mode?: "closed" | "open" | "open-at-once" | "in-turn";
  msPerVoter?: number;
  /** §7.3 late in-turn voter: a foul and `ms` more, repeated until removal (FoulRules). */
  late?: { foul: boolean; extraMs: number };
  /**
   * Who can be voted against: "living" (§5.5 "a vote against any living player"; §7.3). Club's tiers
   * are chosen before the defence by `candidacy` and handed in ("given").
   */
  candidates?: "nominees" | "given" | "living";
  /** §7.3 "not against oneself". */
  self?: boolean;
  /** §6.5 "candidates vote too" (true); §7.4 "with two players left in the revote they do not vote". */
  candidatesVote?: boolean | { whenAtMost: number };
  /**
   * A sole leader: leaves (today), or defends and faces a confirmation question (§4.7 "the leader gets
   * a 60 s defense; then the town votes again on that player"): outcome "leader" with the seat.
   */
  soleLeader?: "leaves" | "defends";
  /**
   * A tie: "revote" (outcome "tie", today), "drop-fewest" (§6.7: the fewest hands drop out, the rest
   * speak again and revote; a tie of two → "expel both?"), or the Custom profile's elimination rule
   * after the one revote (§5.5 "ties → nobody / all tied / random one", the random one from the PRNG).
   */
  onTie?: "revote" | "drop-fewest" | "nobody" | "all" | "random";
  /** §7.4 "if in the first vote every player got exactly one vote: peaceful day" (built, issue 17: `peaceful {allOneVote}`, outcome "peaceful"). */
  allOneVote?: "peaceful-day";
  /** §5.6 Judge: in open voting his name is shown once and his vote counts ×2 (a passive). */
  weightPassive?: { passive: "double-vote"; weight: 2; only: "open" };
  /** §5.6 Blackmailer: seats silenced last night do not vote today (their ballot is not offered). */
  silencedVote?: "lost";
  /** §7.9 three fouls → an automatic vote against that player in the next vote (built, issue 17: `Preset.fouls.voteAgainstAt` + `foulVotes`). */
  foulVoteAt?: number;
  /** §4.6 "a late or missing vote is a remark (warning) and goes to the last candidate". */
  missingVote?: "remark";
}

/**
 * `question` (built: name "lift-vote", ms, mode, modeSetting, voters living|not-candidates, eliminates)
 * will need its own names and ballots for the other questions, and the majority's base:
 * §4.7 the confirmation vote on the leader ("if the vote again goes against them, they leave") and the
 * car crash; §6.6 "expel anyone at all?" (eliminates: false; "no" → night without victims); §6.7
 * "expel both?".
 * *Decision (§6.7):* majority = more than half of the living players; §4.7: of the voters.
 */
export interface QuestionParamsPlanned {
  name: "lift-vote" | "confirm-vote" | "car-crash" | "expel-anyone" | "expel-both";
  majorityOf?: "voters" | "living";
}

/**
 * `acquaintance` (built: ms, agreementSetting; the roles with `knowsTeam` meet; the Don's plan) will need:
 */
export interface AcquaintanceParamsPlanned {
  /**
   * §4.2 / §6.1 "active roles wake in turn and meet the host; no actions": timed sub-steps, each opening
   * the named roles' seats to the host (§5.7) — with the server as host, a timed step with no floor.
   */
  wakes?: ReadonlyArray<{ roles: readonly RoleId[]; ms: number }>;
  /** §4.1–§4.2 the Maniac's side, asked at his wake. */
  sideChoice?: SideChoice;
  /** §6 (decision) Witness: learns one random black seat other than the mafia's leader. */
  witness?: { role: RoleId; learns: "random-black-not-leader"; leader: RoleId };
  /** §7.1 "only the black team wakes and meets (30 s)" — today's behaviour; named for the table. */
  meets?: "know-team";
}

/**
 * (Built, issue 17: phases/acquaintance.ts `sideChoice`, with `wakes`.)
 * RULES.md §4.1–§4.2: with more than `fromSeats - 1` players the Maniac "chooses a side at the
 * acquaintance night … answered yes/no to 'Maniac for the town?'"; at fewer he is red. A black Maniac
 * counts toward the black team's numbers but does not know the mafia and always acts alone (he is not
 * in the black team's channel nor in the shot's audience).
 * *Decision:* no answer by the end of his wake → red (as at ≤ 10 seats). The choice is private (host only).
 */
export interface SideChoice {
  role: RoleId;
  fromSeats: number;
  yes: Team;
  no: Team;
  default: Team;
}

/**
 * `night` (built: steps {id, name, ms, msSetting, abilities, announce, floor "black-team"}, resolve
 * {block, protect, attack, check}, abilities overrides {skip, consensus, shields, power}, morning
 * {quiet, out}) will need:
 */
export interface NightParamsPlanned {
  /** §7.6 "Don and Mafia (not Putana) kill": the step's channel opens to the ability's holders only. */
  stepFloor?: "black-team" | "holders";
  /**
   * A step runs only when the composition dealt its role (§5.5 Custom / Extended: steps of roles not
   * in the game are left out; the composition is public). *Decision:* a step whose role was dealt still
   * runs its full time after its holders died (§1 Secrets, as today).
   */
  ifDealt?: readonly RoleId[];
  /** §7.12 "a 5 s warning before a night step ends" (a public event). */
  warnMs?: number;
  /**
   * §5.2 consensus "tally": holders may change their choice while targets differ; the black team sees
   * an anonymous tally (never who chose what); no single target at the deadline → no kill.
   */
  tally?: { revisable: true; view: "anonymous-counts" };
  /** §6.3 "the results of the Commissar's and the Boss's checks — to the whole table" at the morning. */
  announceChecks?: { abilities: readonly AbilityId[]; audience: "public"; names: "role-not-seat" };
  /** An override the night does not accept yet: the shot's leader (§6.2 the Boss decides; `team.leader` is "don"). */
  leader?: RoleId;
  /**
   * The stage of each ability, from its effect (night/abilities.ts STAGE_OF), instead of the preset's
   * `resolve` lists naming the four built stages only (a new effect has no list there yet).
   */
  stageOf?: Readonly<Record<Effect, Stage>>;
}

/* ------------------------------------------------------------------------------------------------ */
/* Rules across phases                                                                               */
/* ------------------------------------------------------------------------------------------------ */

/**
 * Fouls with automatic consequences (RULES.md §6.9 club: host fouls, three remove a player, revealed;
 * removal without warning for some offences. §7.3/§7.9 tatar: a late vote is an automatic foul; three →
 * an automatic vote against that player in the next vote; the fourth → the card is shown and the player
 * leaves at once without farewell; the day goes on, and if the town votes out the removed player nobody
 * else leaves that day. §4.6 host-classic: a late or missing vote is a "remark").
 * Built for tatar (issue 17) as `Preset.fouls` (presets/types.ts FoulRules: host fouls and remarks, the
 * third foul's vote, the removal shown and the day going on); the club's instant removals are still to build.
 */
export interface FoulRules {
  /** Who gives fouls: the live host (§6.9, §7.9), the table's technical vote (§2.13), or the engine (late votes). */
  by: ReadonlyArray<"host" | "table-vote" | "automatic">;
  /** Fouls that remove the player (club 3, tatar 4, sport's technical fouls 2). */
  toRemoval: number;
  /** §7.9 at this many fouls the player gets an automatic vote against in the next vote. */
  autoVoteAgainstAt?: number;
  /** §7.9 / §6.9 a removal shows the card (reveal) or not; no farewell; the day goes on. */
  removal: { reveal: boolean; farewell: boolean; cancelsVoting: boolean; mayStillBeVotedOut?: boolean };
  /** §6.9 offences that remove without warning (host input). §7.9's "take someone to the grave" is never defined: not built. */
  instantRemoval?: boolean;
}

/**
 * Win conditions beyond today's "black-parity" (§2.12) and "city" (§5.4), in priority order
 * (RULES.md §4.8, §6.8, §7.8).
 */
export type WinRule =
  | "black-parity"
  | "city"
  /** §4.8: red wins when the last black player (mafia and a black Maniac) is gone; black wins at parity — "black-parity" with the Maniac's chosen team. */
  | "host-classic"
  /**
   * §6.8: red wins when every black card, the Maniac and the Curser included, has left (never while the
   * Curser sits); black wins when black ≥ red, solo players not counted; the Maniac wins as the last
   * active player; the Curser wins when only he and players he cursed remain; Swindler and Werewolf win
   * with the side they end on.
   */
  | "club"
  /**
   * §7.8: no living players → draw; red wins only when every black player is dead; black wins when no
   * red player is left, or early: no Maniac alive and black ≥ red, or no Doctor alive and red < black.
   */
  | "tatar";

/**
 * Reveal exceptions (RULES.md §6: "open — an eliminated player's card is shown, except the Swindler's
 * victim, who leaves without last words and without reveal"; §7.9 a player removed by fouls is shown
 * in the closed tatar game).
 */
export interface RevealPlanned {
  policy: "closed" | "open";
  hiddenHow?: ReadonlyArray<"swapped">;
  shownHow?: ReadonlyArray<"removed">;
}

/**
 * Passives the later roles need (RoleModule.passives is a list of strings; today "shooting-plan" and
 * "shoots-when-last" are read).
 */
export type PassivePlanned =
  /** §5.6 Judge: counts ×2 in open voting, his name shown once; blackmail removes the whole vote. */
  | "double-vote"
  /** §6 (decision) Werewolf: the mafia's kill does not kill him; he turns black and joins the black team. */
  | "turns-on-mafia-kill"
  /** §6 (decision) Kamikaze: if the Maniac's kill lands on him, the Maniac dies too. */
  | "takes-maniac"
  /** §6 (decision) Witness: at the acquaintance night learns one random black seat other than the Boss. */
  | "witness"
  /** §4.1 a black Maniac "does not know the mafia and always acts alone": black by count, not by channel. */
  | "acts-alone"
  /** §6.8 the Curser: red cannot win while he sits at the table. */
  | "blocks-red-win";

/** Check kinds the later roles need besides sheriff, don, commissar, don-commissar (roles/types.ts). */
export type CheckKindPlanned = CheckKind | "exact-role";

/**
 * The consigliere (RULES.md §7.10): an advisor bound to a newcomer's seat, with exactly the player's
 * information; may whisper to the player (privately, never at night nor during the player's speech) and
 * may override the player's vote or night action, and then the advisor's choice is the one taken.
 * A new viewer kind, a floor channel "whisper" and an override input.
 */
export interface ConsigliereRules {
  viewer: { kind: "advisor"; seat: Seat };
  whisper: { never: ReadonlyArray<"night" | "own-speech"> };
  overrides: ReadonlyArray<"vote" | "use">;
}

/**
 * Composition by role counts (RULES.md §5.5 Custom: "any count of each role"; §6 club: "the composition
 * is set for each game by the creator … and announced (counts of each role) at the start"): one integer
 * setting per role (SettingDescriptor "integer"), a recommended composition per seat count, and a
 * check that "warns, does not block" (§5.5) except where the game could not be played.
 * *Decision:* a composition whose win check would end the game at the deal (no black, or black ≥ all
 * others) is refused; any other unusual balance is a warning.
 */
export interface CompositionRule {
  counts: ReadonlyArray<{ role: RoleId; setting: string; min: number; max: number }>;
  recommended: "profiles-5.5";
  unusual: "warn";
  announce?: "counts-at-start";
}
