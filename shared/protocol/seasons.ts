/**
 * Seasons, the host's reviews with points, the champion table and the club's finished games
 * (RULES.md §6.11, §7.11, §8; docs/CLUBS.md "Seasons"): request bodies as strict valibot schemas, responses
 * as types.
 */
import * as v from "valibot";

/** A season's, an evening's or a tournament's name: NFC, spaces folded, 1–60 characters, nothing invisible. */
export const NameSchema = v.pipe(
  v.string(),
  v.maxLength(200),
  v.transform((s) => s.normalize("NFC").trim().replace(/\s+/gu, " ")),
  v.minLength(1, "name is empty"),
  v.check((s) => [...s].length <= 60, "name is longer than 60 characters"),
  v.regex(/^[^\p{C}]+$/u, "name contains control or invisible characters"),
);
const name = NameSchema;
/** Free text (a reason, the notes): NFC, trimmed, no control characters except line breaks in notes. */
const note = (max: number, lines: boolean) =>
  v.pipe(
    v.string(),
    v.maxLength(max * 4),
    v.transform((s) => s.normalize("NFC").trim()),
    v.check((s) => [...s].length <= max, `longer than ${max} characters`),
    v.check((s) => !/[\p{Cc}\p{Cf}]/u.test(lines ? s.replace(/\r?\n/g, "") : s), "contains control or invisible characters"),
  );
const count = (min: number, max: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));

/** POST /api/clubs/:id/seasons — the owner starts a season (defaults from §7.11: 15, 12, top 12, 4 games). */
export const CreateSeasonRequestSchema = v.pipe(
  v.strictObject({
    name,
    gamesTotal: v.optional(count(1, 100)),
    bestOf: v.optional(count(1, 100)),
    championSize: v.optional(count(2, 20)),
    championGames: v.optional(count(1, 20)),
  }),
  v.check((b) => (b.bestOf ?? 12) <= (b.gamesTotal ?? 15), "bestOf is more than gamesTotal"),
);
export type CreateSeasonRequest = v.InferInput<typeof CreateSeasonRequestSchema>;

/** POST /api/clubs/:id/seasons/:sid/champion — the owner starts the champion table: its evening. */
export const StartChampionRequestSchema = v.pipe(
  v.strictObject({
    startsLocal: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "not a date and time")),
    online: v.optional(v.boolean()),
    place: v.optional(name),
    /** One of the club's formats (default: the club's first). */
    presetId: v.optional(v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]{0,31}$/, "unknown preset id"))),
  }),
  v.check((b) => b.online === true || b.place !== undefined, "an evening that is not online needs a place"),
);
export type StartChampionRequest = v.InferInput<typeof StartChampionRequestSchema>;

/** Points in steps of 0.01 between −50 and 50. */
const PointsSchema = v.pipe(v.number(), v.minValue(-50), v.maxValue(50), v.check((x) => Math.abs(Math.round(x * 100) - x * 100) < 1e-6, "points are given in steps of 0.01"));

/** PUT /api/clubs/reviews/:code/:n — the host's review: every seat's points with a reason, and notes. */
export const ReviewRequestSchema = v.pipe(
  v.strictObject({
    notes: note(4000, true),
    points: v.pipe(
      v.array(v.strictObject({ seat: count(1, 30), points: PointsSchema, reason: note(200, false) })),
      v.minLength(1),
      v.maxLength(30),
      v.check((a) => new Set(a.map((p) => p.seat)).size === a.length, "a seat is listed twice"),
    ),
  }),
  v.check((b) => b.points.every((p) => p.points === 0 || p.reason.length > 0), "points other than 0 need a reason"),
);
export type ReviewRequest = v.InferInput<typeof ReviewRequestSchema>;

/** POST /api/clubs/:id/settings — the owner's club settings. */
export const ClubSettingsRequestSchema = v.strictObject({
  /** §8: reviews are published with the record unless the club keeps them private. */
  reviewsPrivate: v.optional(v.boolean()),
  /** §7.11: extra points for every player of a game played in Tatar (0 = none). */
  tatarBonus: v.optional(PointsSchema),
  /** The club's points for a win — the review starts every winning seat at this (0 = none). */
  winPoints: v.optional(PointsSchema),
  /** The club is in the public directory (false = private, reached by its link only). */
  listed: v.optional(v.boolean()),
});
export type ClubSettingsRequest = v.InferInput<typeof ClubSettingsRequestSchema>;

/* ------------------------------------------------ responses ------------------------------------------------ */

export type SeasonStatus = "open" | "champion" | "closed";
export type SeasonStage = "rating" | "champion";

/** A player's name in a published list: null when they opted out of publication (§8) — "Player N" / "a player". */
export type PublicName = string | null;

export interface SeasonStanding {
  rank: number;
  nickname: PublicName;
  /** The viewer's own line. */
  you: boolean;
  games: number;
  /** How many of their games count (at most bestOf). */
  counted: number;
  total: number;
  all: number;
  /** §7.11, seed 004: places 1–3 of a closed season's table — gold, silver, bronze. */
  medal?: Medal;
}

/** §7.11: the season's top 3. */
export type Medal = "gold" | "silver" | "bronze";
export const MEDALS: readonly Medal[] = ["gold", "silver", "bronze"];

export interface ClubGameSummary {
  code: string;
  /** The game's number at its table: the record is /t/<code>/g/<n>. */
  n: number;
  presetId: string;
  endedAt: number;
  winner: string;
  /** The review's stage (null: reviewed, counting for no season; absent: not reviewed yet). */
  review?: { stage: SeasonStage | null };
}

export interface SeasonView {
  id: string;
  name: string;
  status: SeasonStatus;
  gamesTotal: number;
  bestOf: number;
  championSize: number;
  championGames: number;
  /** Rating games reviewed so far (of gamesTotal), champion games reviewed (of championGames). */
  ratingGames: number;
  championPlayed: number;
  /** The season table: best `bestOf` scores per player. */
  table: SeasonStanding[];
  /** The champion table, once started: its players' points over its games (all count). */
  champion: { eveningId: string | null; table: SeasonStanding[] } | null;
  /** The season's reviewed games, latest first. */
  games: ClubGameSummary[];
  createdAt: number;
}

/** GET /api/clubs/:id/seasons/:sid; part of the club page (the running or the latest season). */
export interface SeasonPage {
  club: { id: string; name: string };
  season: SeasonView;
  canManage: boolean;
}

/** The club page's season part: the running (or the latest) season, the list of all, the latest games. */
export interface ClubSeasons {
  season: SeasonView | null;
  seasons: { id: string; name: string; status: SeasonStatus }[];
  games: ClubGameSummary[];
  settings: { reviewsPrivate: boolean; tatarBonus: number; winPoints: number; listed: boolean };
}

export interface ReviewPoints {
  seat: number;
  nickname: PublicName;
  points: number;
  bonus: number;
  reason: string;
}

/** GET /api/clubs/reviews/:code/:n — the review of a club's game (404 for a game of no club). */
export interface ReviewPage {
  club: { id: string; name: string; tatarBonus: number; /** The club's points for a win. */ winPoints: number };
  game: ClubGameSummary;
  /** The season and stage it counts for (null: none). */
  season: { id: string; name: string; stage: SeasonStage } | null;
  /** Null: not reviewed yet, or `private` and the viewer is not entitled. */
  review: { notes: string; host: PublicName; points: ReviewPoints[]; updatedAt: number } | null;
  /** The club keeps reviews private and this viewer does not see them. */
  hidden: boolean;
  /** The viewer is the club's owner or a host: the page shows the review form. */
  canReview: boolean;
  /** The game's seats (for the form): seat, public name, and whether the seat's team won (the form's prefill). */
  seats: { seat: number; nickname: PublicName; won: boolean }[];
}
