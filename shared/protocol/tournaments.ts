/**
 * Tournaments (RULES.md §9; docs/TOURNAMENTS.md "API"): request bodies as strict valibot
 * schemas, the tournament page as a type. Amounts of points are hundredths (shared/tournaments/points.ts).
 */
import * as v from "valibot";
import { NameSchema } from "./seasons.ts";

const name = NameSchema;
const reason = v.pipe(
  v.string(),
  v.maxLength(800),
  v.transform((s) => s.normalize("NFC").trim()),
  v.check((s) => [...s].length <= 200, "longer than 200 characters"),
  v.check((s) => !/[\p{Cc}\p{Cf}]/u.test(s), "contains control or invisible characters"),
);
const int = (min: number, max: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));
const nick = v.pipe(v.string(), v.minLength(1), v.maxLength(40));

export { TOURNAMENT_PRESETS } from "../tournaments/formats.ts";
import { DEFAULT_FINAL_GAMES, TOURNAMENT_PRESETS, type TournamentPreset } from "../tournaments/formats.ts";

/** POST /api/tournaments — the organizer (signed in) creates a tournament. Defaults are §9's. */
export const CreateTournamentRequestSchema = v.strictObject({
  name,
  presetId: v.optional(v.picklist(Object.keys(TOURNAMENT_PRESETS) as [TournamentPreset, ...TournamentPreset[]]), "sport"),
  /** The table size S (fixed by sport and tatar; club 12–15, host-classic 8–16). */
  seats: v.optional(int(4, 16)),
  settings: v.optional(v.record(v.string(), v.union([v.string(), v.number(), v.boolean()]))),
  /** Qualifying rounds R. */
  rounds: v.optional(int(1, 30), 6),
  /** The final's games F (0: no final); at most S; the create form's value when omitted. */
  finalGames: v.optional(int(0, 16), DEFAULT_FINAL_GAMES),
  /** §9.6 final points added to the qualifying total (false) or the final from zero (true). */
  finalFromZero: v.optional(v.boolean(), false),
  /** §9.1 each table with a live judge, or with the server as host. */
  host: v.optional(v.picklist(["judge", "server"]), "server"),
});
export type CreateTournamentRequest = v.InferInput<typeof CreateTournamentRequestSchema>;

/** POST …/judges — the judges, by nick (replaces the list). */
export const JudgesRequestSchema = v.strictObject({ nicks: v.pipe(v.array(nick), v.maxLength(50)) });
/** POST …/bots — a practice tournament: fill the registrations with bots up to `players`. */
export const FillBotsRequestSchema = v.strictObject({ players: int(1, 200) });
/** POST …/swap — before round 1, two entrants change places in the draw; the check runs again. */
export const SwapRequestSchema = v.strictObject({ a: int(0, 999), b: int(0, 999) });
/** POST …/draw — the schedule from a published seed (absent: the server draws one). */
export const DrawRequestSchema = v.strictObject({ seed: v.optional(v.pipe(v.string(), v.regex(/^[\w-]{1,40}$/, "1–40 letters, digits, - or _"))) });
/** POST …/rounds/:n/open — now, or (`at`, ms) at a scheduled time (the tournament's alarm). */
export const OpenRoundRequestSchema = v.strictObject({ at: v.optional(int(0, 8_640_000_000_000_000)) });
/** POST …/rounds/:n/tables/:slot/extra — the judge's (or organizer's) extra points per seat, with reasons. */
export const ExtraRequestSchema = v.strictObject({
  points: v.pipe(
    v.array(v.strictObject({ seat: int(1, 30), extra: v.pipe(v.number(), v.minValue(-1), v.maxValue(1)), reason })),
    v.maxLength(30),
  ),
});

export type TournamentStatus = "registration" | "closed" | "drawn" | "running" | "finished";

export interface TournamentEntrantView {
  entrant: number;
  /** null when the account opted out of publication (§9.7: "a player (name hidden)"). */
  nickname: string | null;
  hidden: boolean;
  bot: boolean;
}

export interface TournamentTableView {
  slot: number;
  /** The table's code once the round is open (watch it at /t/:code). */
  code: string | null;
  status: "pending" | "playing" | "ended";
  /** Entrants in seat order (seat = index + 1). */
  entrants: number[];
  /** The table's judge's nick; null with no judge, or when the judge opted out of publication (then `judgeHidden`). */
  judge: string | null;
  /** RULES.md §9.1: the tournament has judges, but every one plays at this table — no judge; the server hosts it. */
  unjudged?: "every-judge-plays";
  /** The table has a judge whose name is hidden (RULES.md §8 opt-out; shown as "a judge (name hidden)"). */
  judgeHidden?: true;
  /**
   * RULES.md §9.1, §9.4, for the viewer who judges this table or organizes the tournament (absent for
   * anyone else): `host` — they may open its host screen now (the judge of a judge-hosted table while the
   * game runs; never at a server-hosted one); `extra` — the extra points open "now" (the game ended) or
   * "after-game". Computed on the server (shared/tournaments/view.ts judgeOfferFor).
   */
  judgeOffer?: { host: boolean; extra: "now" | "after-game" };
  /** After the game: each seat's role, team, points (hundredths) and extra with reason. */
  result: null | {
    winner: string;
    seats: Array<{ seat: number; entrant: number; role: string; team: string; points: number; extra: number; reason: string; removed: boolean }>;
    bestMove: { seat: number; named: number[] } | null;
  };
}

export interface TournamentRoundView {
  round: number;
  final: boolean;
  status: "pending" | "open" | "ended";
  scheduledAt: number | null;
  tables: TournamentTableView[];
  sitOut: number[];
}

export interface TournamentStandingView {
  rank: number;
  entrant: number;
  total: number;
  games: number;
  wins: number;
  extra: number;
  bestMove: number;
  winsAsDon: number;
  winsAsChecker: number;
  removals: number;
  finalist: boolean;
}

export interface TournamentPage {
  id: string;
  name: string;
  organizer: string | null;
  presetId: string;
  seats: number;
  rounds: number;
  finalGames: number;
  finalFromZero: boolean;
  host: "judge" | "server";
  status: TournamentStatus;
  /** The published seed of the draw (anyone re-draws it with shared/tournaments/draw.ts). */
  seed: string | null;
  entrants: TournamentEntrantView[];
  /** The judges' nicks; null for a judge who opted out of publication (the organizer sees every nick). */
  judges: Array<string | null>;
  schedule: TournamentRoundView[];
  standings: TournamentStandingView[];
  /** §9.2 the check of the schedule as it stands (after swaps): its figures; null before the draw. */
  check: null | { maxPair: number; lowerBound: number; maxSeatRepeat: number; seatBound: number; overSeatBound: number; sitOutSpread: number; minGames: number; maxGames: number; pairStdDev: number; minPair: number };
  you: { organizer: boolean; judge: boolean; registered: boolean };
}

export interface TournamentListItem {
  id: string;
  name: string;
  presetId: string;
  status: TournamentStatus;
  players: number;
  createdAt: number;
}
