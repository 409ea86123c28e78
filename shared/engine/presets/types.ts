/**
 * A preset is data (docs/ENGINE.md): the table size, settings schema, composition, and its day and
 * night as a flow of phase modules with their parameters. Later presets are new data (plus new roles,
 * abilities and, where one does not exist yet, a new phase module), never a rewrite of the core.
 */
import type * as v from "valibot";
import type { Flow } from "../flow/types.ts";
import type { RoleId, SettingDescriptor, Team } from "../types.ts";

export interface PresetInfo {
  id: string;
  seats: { min: number; max: number };
  settingsSchema: v.GenericSchema<unknown, Record<string, unknown>>;
  defaultSettings: Record<string, unknown>;
  /** The settings as the client shows them, derived from `settingsSchema` (presets/settings.ts). */
  settings: SettingDescriptor[];
  /** §2: sport starts by itself when full; §5.1 profiles start at the organizer's command. */
  start: "when-full" | "organizer-command";
  /** §2: seats drawn at random; other presets keep join order. */
  seatDraw: "random" | "join-order";
  /**
   * RULES.md §1 Seat: the next game of a series draws the seats again (sport draws them at every start);
   * false or absent, the next game keeps the last game's seat order for those who stay.
   */
  redrawsSeats?: boolean;
  /**
   * RULES.md §3: "fill with bots" fills the whole table at once (city's full table is 12: "12 = the same
   * with 5 Civilians", up to 3 Mafia only at 12); absent, a table started by command fills to its minimum first.
   */
  fillsToMax?: true;
  /** §3/§8 only a signed-in creator may open a table of this preset (city). Absent = anyone. */
  requiresAccount?: boolean;
  /** §2.14 whether a finished game awards experience, coins and rating (sport yes, city no). Absent = no. */
  rewards?: boolean;
  /**
   * Played by the engine (createGame, bots, simulate) but not offered by the site: `listPresets` leaves
   * it out.
   */
  unlisted?: boolean;
  /**
   * §5.5 Fast: "the organizer plays and takes a seat" — a table of this preset has no live host (one who
   * takes no seat, §5.7); its organizer is always one of the seated players. Absent = either.
   */
  organizerPlays?: boolean;
  /** RULES.md §7.11: a club's extra points for its games ("Games played in Tatar earn extra points"). */
  clubBonus?: true;
  /** RULES.md §6: the club's own format — a new club starts with it among its formats. */
  clubDefault?: true;
  /** A live host leads this format's games (RULES.md §4 host-classic, §6 club, §7 tatar): "Who hosts?" starts on "Me". */
  hostLed?: true;
  /**
   * RULES.md §5.5 Custom: the settings that count a role's players — each key is the role's id, its value
   * how many are dealt (Civilians fill the other seats). The create form edits them in its role editor,
   * named by the role (`role.<id>`), not as ordinary settings.
   */
  roleCounts?: readonly RoleId[];
  /**
   * RULES.md §7.10: a seated player may bind a consigliere — an advisor with exactly the seat's
   * information who may whisper to the player and override the seat's vote or night action
   * (engine: `act` with `by: "consigliere"`). Absent = no consiglieri at this preset's tables.
   */
  consigliere?: boolean;
  /**
   * RULES.md §6.10 cross-game immunity: the first player eliminated in a game is immune on day 1 and
   * night 1 of the next game of the same evening — createGame's `immunity` (the table knows the evening).
   * Absent: the format has none and createGame refuses it.
   */
  immunity?: true;
  /**
   * RULES.md §9.4 the best move: the first night's shot victim names up to three seats in their last
   * words (rules/best-move.ts). A table may turn it on for any preset (createGame's `bestMove`: tournaments).
   */
  bestMove?: boolean;
}

/** §2.5 shouts (the speeches phases with `shouts: true` read these). */
export interface ShoutRules {
  perGame: number;
  ms: number;
  /** After the last shout the player's next day speech lasts this long. */
  shortSpeechAfterLast: number;
}

export interface TechVoteRules {
  ms: number;
  kinds: Array<"foul" | "defeat" | "removal">;
  /** Fouls that remove a player. */
  foulsToRemove: number;
}

/**
 * Why a game of a preset cannot start, typed (presets/index.ts startProblem): the server's refusal
 * (`startRefusal`, a sentence for its log and reply) and the create forms' pre-checks (web/src/home)
 * read the one function, and the page says it in its own catalogue's words. The checks, in order: the seat bounds; settings that do not
 * parse; the preset's own limit (`compositionLimit`: RULES.md §3 city at most 2 Mafia at 10–11 seats,
 * §5.5 Custom role counts within the seats and a holder of the mafia's shot, §6 the club's Boss); then,
 * for every preset, no game starts with the black team as large as the red at the deal (§3 "smaller
 * than the red team at the deal"; solo roles are not counted, §5.4) — that game would be over before it
 * began (§2.12, §5.4 parity).
 */
export type StartProblem =
  | { kind: "unknown-preset" }
  | { kind: "seats"; min: number; max: number; seats: number }
  | { kind: "settings" }
  /** More roles chosen (`roles`) than the seats. */
  | { kind: "too-many"; roles: number; seats: number }
  /** Nobody holds the mafia's shot (§5.5 Custom). */
  | { kind: "no-shot" }
  /** The composition lacks a role it needs (§6 the club's Boss). */
  | { kind: "needs-role"; role: RoleId }
  /** At most `most` of `role` at `seats` players (§3 city's Mafia). */
  | { kind: "at-most"; role: RoleId; most: number; seats: number }
  /** The black team would start as large as the red (§5.4 parity). */
  | { kind: "parity"; black: number; red: number; seats: number };

export interface Preset extends Omit<PresetInfo, "settings"> {
  composition(seats: number, settings: Record<string, unknown>): RoleId[];
  /** A role's team at the deal when a setting changes it (§3 the Maniac: solo / red). */
  teamOf?(role: RoleId, settings: Record<string, unknown>): Team | null;
  /**
   * A preset's own bound on its composition at `seats` players with these (parsed) settings: null when
   * a game may start, else why not, typed (§3: at most 2 Mafia at 10 and 11 seats, 3 at 12). The
   * engine's general check (the black team smaller than the red at the deal, presets/index.ts
   * startProblem) applies to every preset on top of this.
   */
  compositionLimit?(seats: number, settings: Record<string, unknown>): StartProblem | null;
  /** The day and the night as a flow of phase modules (flow/types.ts; docs/ENGINE.md). */
  flow: Flow;
  shouts: ShoutRules;
  /** §1 reveal policy: "open" shows an eliminated player's role to the table at once. */
  reveal: "closed" | "open";
  /**
   * The win rules (shared/engine/win) in order of priority, checked after every departure;
   * "roles" marks where the living players' solo roles' own rules are checked (§2.12; §5.4 city; §6.8
   * club; §7.8 tatar).
   */
  win: readonly string[];
  /** §2.12 draw after `quietRounds` rounds without a departure; round 1 not counted. */
  draw: { quietRounds: number; countFirstRound: boolean };
  techVotes: TechVoteRules;
  /** Fouls beyond §2.13's technical votes (RULES.md §7.9 tatar). Absent: §2.13 only. */
  fouls?: FoulRules;
}

/**
 * RULES.md §7.3 / §7.9 (tatar): fouls with automatic consequences. The count that removes a player is
 * `techVotes.foulsToRemove` (tatar 4) whoever gives the foul: a technical vote (§2.13), a late vote in
 * turn (the voting's `late`), or the live host (`host`).
 */
export interface FoulRules {
  /** §7.9 a live host gives fouls and remarks (HostAction foul / remark). */
  host: boolean;
  /** §6.9 the live host also removes a player without warning, naming the offence (HostAction remove). */
  hostRemoval?: boolean;
  /** §7.9 at this many fouls the player gets one automatic vote against in the next ballot they stand in. */
  voteAgainstAt?: number;
  /**
   * §7.9 the removing foul: the card is shown to the table (`reveal`), and the day goes on — the vote is
   * not cancelled and the town may still vote out the removed player (`dayGoesOn`). Otherwise §2.13: the
   * role stays hidden and the day's voting is cancelled.
   */
  removal: { reveal: boolean; dayGoesOn: boolean };
}
