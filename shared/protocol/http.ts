/**
 * HTTP request and response bodies of the table API (worker/api/), as valibot schemas.
 * Documented in docs/PROTOCOL.md. Requests are strict (unknown keys refused); responses are typed
 * for the web client and checked by the tests.
 */
import * as v from "valibot";
import type { Input } from "../engine/types.ts";
import { RETURN_CODE_PATTERN, normalizeCode } from "./codes.ts";
import type { BotLevel } from "../bots/levels.ts";

/** Longest nickname, in code points after normalisation. */
export const NICKNAME_MAX = 24;

/** Seats one client address may hold at a table unless the organizer said otherwise at creation
 *  (`seatsPerAddress`): two people of one household. */
export const SEATS_PER_ADDRESS = 2;
/** The largest table any preset seats (RULES.md §5.5: the profiles go up to 20). */
export const TABLE_SEATS_MAX = 20;
/** The most `seatsPerAddress` can be: the largest table (a whole room behind one address). */
export const SEATS_PER_ADDRESS_MAX = TABLE_SEATS_MAX;

/**
 * The bot levels (shared/bots/levels.ts BOT_LEVELS), written out here: the web client's home
 * page imports this file and the table's panels import messages.ts, so importing that list in both would
 * give it a chunk of its own, named in every page's first JS. test/unit/bot-level.test.ts keeps the two equal.
 */
export const BOT_LEVEL_IDS = ["novice", "strong"] as const satisfies readonly BotLevel[];

/* ------------------------------------------------ requests ------------------------------------------------ */

/** A JSON object (not an array, not null), passed through unchanged with all its own keys. */
const SettingsObjectSchema = v.custom<Record<string, unknown>>(
  (x) => typeof x === "object" && x !== null && !Array.isArray(x),
  "Invalid type: Expected Object",
);

/** POST /api/tables */
export const CreateTableRequestSchema = v.strictObject({
  presetId: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]{0,31}$/, "unknown preset id")),
  /** Partial settings; missing keys take the preset's defaults, then the whole is checked against
   *  the preset's (strict) settings schema. Kept as sent, every own key included: valibot's record()
   *  would silently drop `__proto__`, `constructor` and `prototype` keys, and an unknown key must be
   *  refused (`bad-settings`), not ignored. */
  settings: v.optional(SettingsObjectSchema),
  /** Listed in the public lobby (GET /api/tables). Default false. */
  public: v.optional(v.boolean()),
  /** RULES.md §1 host kinds: "server" (default) or "live" — the creator becomes a human host who takes
   *  no seat and no role, sees every role and confirms night, voting and revoting (§5.7). */
  host: v.optional(v.picklist(["server", "live"])),
  /** Casual tables: a bot takes over a seat whose player has been away this many minutes (1–120).
   *  Absent or null: never automatically. The organizer may change it later. */
  botAfterMinutesAway: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(120)))),
  /** How well the table's bots play ("novice" or "strong", default DEFAULT_BOT_LEVEL). The
   *  organizer may change it later; a seat handed to a bot may get a level of its own. */
  botLevel: v.optional(v.picklist(BOT_LEVEL_IDS)),
  /** Spectators see the table as it was this many seconds ago (0–900, default 0). Fixed at creation. */
  spectatorDelaySeconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(900))),
  /** One person, one seat: may one device (deviceId) take several seats? Default false; the organizer
   *  may change it later. */
  allowSameDevice: v.optional(v.boolean()),
  /** Media options the organizer may change later (TableOptionsView): dead players hear the
   *  public floor (default true); spectators hear it where the media plane can serve them (default
   *  false); recording is switched on (default false). */
  deadHear: v.optional(v.boolean()),
  spectatorsHear: v.optional(v.boolean()),
  recording: v.optional(v.boolean()),
  /** "Longer windows for beginners": every vote's and night step's window doubles (RULES.md §2.6,
   *  §2.9, §2.10: 5 s per candidate → 10 s, the shot and the checks 7 s → 14 s); speeches keep their length.
   *  Default: on at a table that is not rated, off at a rated one (sport, §2.14), where `true` is refused
   *  (`bad-settings`, path `longWindows`). Fixed at creation; every game's record carries it. */
  longWindows: v.optional(v.boolean()),
  /** Seats one client address (CF-Connecting-IP; IPv6 by /64) may hold at this table, 1–12. Default
   *  SEATS_PER_ADDRESS (2: a household). A club room or a live evening on a venue's Wi-Fi, where every
   *  player is behind one address, sets the table's size. Fixed at creation. */
  seatsPerAddress: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(SEATS_PER_ADDRESS_MAX))),
  /** The table's size chosen by its creator (the profile screen, RULES.md §5.1: "roles are
   *  dealt only after all seats are filled"): the table has exactly this many seats and the game starts
   *  only when all of them are taken. It must be a size this preset, with these settings, can start
   *  with (§3, §5.5), else `bad-settings` with the path `seats`. Absent: the preset's own range. */
  seats: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(TABLE_SEATS_MAX))),
});
export type CreateTableRequest = v.InferInput<typeof CreateTableRequestSchema>;

/** A nickname: NFC, trimmed, inner whitespace collapsed, 1–24 code points, no control/format chars, nothing invisible or blank. */
export const NicknameSchema = v.pipe(
  v.string(),
  v.maxLength(200),
  v.transform((s) => s.normalize("NFC").trim().replace(/\s+/gu, " ")),
  v.minLength(1, "nickname is empty"),
  v.check((s) => [...s].length <= NICKNAME_MAX, `nickname is longer than ${NICKNAME_MAX} characters`),
  v.regex(/^[^\p{C}]+$/u, "nickname contains control or invisible characters"),
  // Default-ignorable code points render as nothing (U+034F, U+FE0F, the Hangul
  // fillers U+115F/U+1160/U+3164/U+FFA0 …), and U+2800 (Braille blank) renders as a blank: "Victim" plus
  // one of them would sit beside "Victim", and a nick of them alone would be invisible.
  v.regex(/^[^\p{Default_Ignorable_Code_Point}\u2800]+$/u, "nickname contains invisible or blank characters"),
);

/** A device id: random, made once per browser and kept in localStorage (16–64 of A–Z a–z 0–9 _ -).
 *  Only its digest is stored; it keeps one device from taking two seats of a table. */
export const DeviceIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,64}$/, "not a device id"));

/** An organizer token as returned by POST /api/tables (43 characters of base64url). */
export const OrganizerTokenSchema = v.pipe(v.string(), v.minLength(16), v.maxLength(128));

/** POST /api/tables/:code/join */
export const JoinRequestSchema = v.strictObject({
  nickname: NicknameSchema,
  /** This browser's device id (see DeviceIdSchema). Required: one device, one seat (unless the organizer
   *  allows several); a join without it is a 400. */
  deviceId: DeviceIdSchema,
  /** The creator sitting down at their own table: the organizer token from create. The seat then holds
   *  the organizer rights and the organizer token stops working (one person, one identity). */
  organizerToken: v.optional(OrganizerTokenSchema),
});

/**
 * POST /api/tables/:code/takeover (RULES.md §5.7, 2026-12-06): at a club table whose live host is away,
 * the club's owner or one of its hosts (signed in) hands the table to the server or takes over as its host.
 */
export const TakeoverRequestSchema = v.strictObject({ as: v.picklist(["server", "host"]) });

/**
 * GET /api/tables/:code/takeover: may the signed-in caller take over now? `offers`: what they may do (empty:
 * nothing now); `until`: when the server takes over by itself (null: the table is not waiting for its
 * host); `seated`: taking over as host gives the caller's seat to a bot.
 */
export interface TakeoverOfferResponse {
  offers: Array<"server" | "host">;
  until: number | null;
  seated: boolean;
}

/** The answer to a takeover: as host, the new host token for this device (null when the server hosts). */
export interface TakeoverResponse {
  code: string;
  token: string | null;
}

/** POST /api/tables/:code/return — the code as typed: case, spaces and dashes do not matter. */
export const ReturnRequestSchema = v.strictObject({
  returnCode: v.pipe(
    v.string(),
    v.maxLength(64),
    v.transform(normalizeCode),
    v.regex(RETURN_CODE_PATTERN, "not a return code"),
  ),
});

/** A seat token as join/return hand it out (bearer; 43 characters of base64url). */
export const SeatTokenSchema = v.pipe(v.string(), v.minLength(16), v.maxLength(128));

/**
 * POST /api/tables/:code/consigliere/invite and …/revoke (RULES.md §7.10): the seated player proves
 * the seat with their own token (in the body, never the URL).
 */
export const ConsigliereSeatRequestSchema = v.strictObject({ token: SeatTokenSchema });
/**
 * POST /api/tables/:code/consigliere/invite-for — §7.10: the organizer invites a consigliere for
 * the seated player `nickname`. `token`: what the organizer's page says hello with (the organizer token, or
 * the seat token of an organizer who plays).
 */
export const ConsigliereInviteForRequestSchema = v.strictObject({ token: SeatTokenSchema, nickname: NicknameSchema });
/**
 * POST /api/tables/:code/consigliere/consent (RULES.md §7.10): the seated player, with their own seat token,
 * accepts (`accept: true`) or declines the invitation the organizer or host made for their seat.
 */
export const ConsigliereConsentRequestSchema = v.strictObject({ token: SeatTokenSchema, accept: v.boolean() });

/** POST /api/tables/:code/consigliere — the advisor joins with the one-time code the player shared. */
export const ConsigliereJoinRequestSchema = v.strictObject({
  code: v.pipe(v.string(), v.maxLength(64), v.transform(normalizeCode), v.regex(RETURN_CODE_PATTERN, "not a consigliere code")),
  nickname: NicknameSchema,
  /** This browser's device id (optional): the seat's own device cannot advise it. */
  deviceId: v.optional(DeviceIdSchema),
});

/* ------------------------------------------------ responses ------------------------------------------------ */

export const TableStatusSchema = v.picklist(["lobby", "playing", "ended"]);
export type TableStatus = v.InferOutput<typeof TableStatusSchema>;

/** 201 from POST /api/tables */
export const CreateTableResponseSchema = v.strictObject({
  code: v.string(),
  /** The table's page in the web client: `<origin>/t/<code>`. */
  url: v.string(),
  /** The creator's organizer credential (bearer, keep it like a seat token). Send it in the socket's
   *  `hello` to act as the organizer without a seat (with `host: "live"`: as the live host), or in
   *  `join` to sit down as the organizing player. */
  organizerToken: v.string(),
});
export type CreateTableResponse = v.InferOutput<typeof CreateTableResponseSchema>;

/** 200 from POST /api/tables/:code/join */
export const JoinResponseSchema = v.strictObject({
  playerId: v.string(),
  /** Personal return code: show it once, the player keeps it to come back from another device. */
  returnCode: v.string(),
  /** Keep on this device (with the table code); send in the socket's `hello`. */
  token: v.string(),
});
export type JoinResponse = v.InferOutput<typeof JoinResponseSchema>;

/** 200 from POST /api/tables/:code/consigliere/invite: the one-time code to share with the advisor (RULES.md §7.10). */
export const ConsigliereInviteResponseSchema = v.strictObject({ code: v.string() });
export type ConsigliereInviteResponse = v.InferOutput<typeof ConsigliereInviteResponseSchema>;

/** 200 from POST /api/tables/:code/return */
export const ReturnResponseSchema = v.strictObject({ playerId: v.string(), token: v.string() });
export type ReturnResponse = v.InferOutput<typeof ReturnResponseSchema>;

/** 200 from GET /api/tables/:code — what a join page needs. */
export const TableSummarySchema = v.strictObject({
  code: v.string(),
  presetId: v.string(),
  settings: v.record(v.string(), v.unknown()),
  public: v.boolean(),
  status: TableStatusSchema,
  seats: v.strictObject({ taken: v.number(), min: v.number(), max: v.number() }),
  /** The game's phase name once started; "lobby" before. */
  phase: v.string(),
  /** How the game starts: by itself when full, or on the organizer's command. */
  start: v.picklist(["when-full", "organizer-command"]),
  createdAt: v.number(),
  /** RULES.md §1 host kind: "live" tables have a human host who takes no seat. */
  host: v.picklist(["server", "live"]),
  /** Spectators see the table this many seconds late. */
  spectatorDelaySeconds: v.number(),
  /** The table's current game in its series (1 for the first; "play again" opens the next). A device whose saved
   *  seat stopped working learns from it that a newer game began without that seat. */
  game: v.number(),
});
export type TableSummary = v.InferOutput<typeof TableSummarySchema>;

/** One row of the public lobby. */
export const TableListingSchema = v.strictObject({
  code: v.string(),
  presetId: v.string(),
  status: TableStatusSchema,
  seats: v.strictObject({ taken: v.number(), max: v.number() }),
  updatedAt: v.number(),
  /**
   * RULES.md §5.7 a live-hosted game in play: "waiting" — the host's connection is lost and the table
   * waits for them; "server" — the server hosts the rest of the game. Absent: as usual.
   */
  hosting: v.optional(v.picklist(["waiting", "server"])),
});
export type TableListing = v.InferOutput<typeof TableListingSchema>;

/** 200 from GET /api/tables — public tables, newest activity first. */
export const TableListResponseSchema = v.strictObject({ tables: v.array(TableListingSchema) });
export type TableListResponse = v.InferOutput<typeof TableListResponseSchema>;

/** Every HTTP error code the API returns, with its status. */
export const HTTP_ERRORS = {
  "bad-request": 400,
  "unknown-preset": 400,
  "bad-settings": 400,
  "bad-return-code": 403,
  "bad-organizer-token": 403,
  /** Accounts (docs/ACCOUNTS.md): a weak password, a refused passkey, an unknown/used/expired challenge. */
  "weak-password": 400,
  "passkey-invalid": 400,
  "challenge-invalid": 400,
  /** Wrong nickname or password, or a passkey this server does not know. */
  "bad-credentials": 401,
  /** No valid session (never signed in, signed out, or expired) where one is needed — e.g. creating a `city` table. */
  "sign-in-required": 401,
  /** A WebSocket upgrade from another site's page (Origin check, worker/security/origin.ts). */
  "forbidden-origin": 403,
  "not-found": 404,
  "table-full": 409,
  "table-started": 409,
  "nickname-taken": 409,
  /** The nickname looks like one already seated (Unicode confusables, UTS #39: "Vіctim" with a Cyrillic і). */
  "nickname-confusable": 409,
  /** "Bot 3" and its look-alikes are the names of the table's bots. */
  "nickname-reserved": 409,
  "same-device": 409,
  /** RULES.md §7.10: a consigliere from the advised seat's own address (one no other seat shares). */
  "same-address": 409,
  "host-cannot-sit": 409,
  /** RULES.md §9.1: an account that plays at a table (seated, or holding a seat of a tournament's draw) cannot take its host screen. */
  "plays-here": 409,
  /** A signed-in account takes one seat per table (ratings count one seat per account). */
  "account-seated": 409,
  /** This client address already holds the table's `seatsPerAddress` seats. */
  "address-limit": 409,
  /* RULES.md §7.10 the consigliere. */
  /** The token in an invite or revoke holds no seat here. */
  "bad-token": 403,
  /** A consigliere code that belongs to no pending invitation here (used, revoked, or never given). */
  "bad-consigliere-code": 403,
  /** The seat already has a consigliere (one per seat); the player revokes first. */
  "consigliere-taken": 409,
  /** This table's format has no consiglieri, or the seat cannot have one (a bot's). */
  "no-consigliere": 409,
  /** §7.10 (2026-12-06): a consigliere is bound (invited, asked, accepted, joined) only before the deal. */
  "game-started": 409,
  /** §7.10: an invitation made for another seat binds only once that seat's player consents on their own device. */
  "consent-required": 409,
  /** A club evening's table seats only the evening's signed-up accounts, signed in. */
  "not-invited": 403,
  /** A game's record before that game is over (its seed and inputs are still secret). */
  "not-ended": 409,
  /* Clubs (docs/CLUBS.md, RULES.md §6.11). */
  /** Only the club's owner may do this (name or remove hosts). */
  "not-club-owner": 403,
  /** Only the club's owner or a host may do this (create an evening). */
  "not-club-host": 403,
  /** The evening asks every player to confirm they are 21 or older, and the sign-up did not. */
  "age-not-confirmed": 400,
  /** The evening's sign-up is not open: before or after its window, or the evening started or was cancelled. */
  "signup-closed": 409,
  /** Confirm or withdraw without a sign-up for this evening. */
  "not-signed-up": 409,
  /** Only a seated player confirms the evening; this one is on the reserve list. */
  "signup-reserve": 409,
  /** Only an open (or sign-up closed) evening is edited; this one has started or was cancelled. */
  "evening-not-open": 409,
  /** Seasons (RULES.md §7.11): a club runs one season at a time. */
  "season-running": 409,
  /** The champion table starts after the season's N rating games are reviewed. */
  "season-not-finished": 409,
  /** The season's champion table has started, or the season is closed. */
  "season-not-open": 409,
  /* A club's newcomers (RULES.md §7.10–§7.11, docs/NEWCOMERS.md). */
  /** The club requires its rules test for evenings and this account holds no pass of the evening's format. */
  "rules-test-required": 403,
  /** A failed rules test may be retaken after ten minutes (§7.11); `retry-after` says when. */
  "retake-wait": 409,
  /** A rules test attempt is answered once. */
  "test-answered": 409,
  /** A rating table does not start while a newcomer's seat has no bound consigliere (§7.10). */
  "consigliere-required": 409,
  /** RULES.md §7.10 (2026-12-06): a newcomer's bound consigliere is a guest or an account without the experience (10 games here, or the club's mark). */
  "advisor-not-experienced": 409,
  /* Recordings (RULES.md §6.11, docs/CLUBS.md "Recordings"). */
  /** The table's recording switch is off, or the table is not a club table that records games: no upload. */
  "recording-off": 409,
  /** A recording's upload is not audio/webm or audio/ogg. */
  "bad-content-type": 415,
  /** A recording's upload is over RECORDING_MAX_BYTES (or says no length). */
  "too-large": 413,
  /** The game's recording was deleted after 72 hours; it cannot be uploaded again. */
  "recording-expired": 410,
  /** Listening to a recording: only the game's players and the club's owner and hosts. */
  "not-allowed": 403,
  /** The tournament is not at that step (registration still open, round N − 1 still playing, already drawn…). */
  "tournament-state": 409,
  "upgrade-required": 426,
  "rate-limited": 429,
  internal: 500,
  "no-free-code": 503,
} as const;
export type HttpErrorCode = keyof typeof HTTP_ERRORS;

export const IssueSchema = v.strictObject({ path: v.string(), message: v.string() });
export type Issue = v.InferOutput<typeof IssueSchema>;

/**
 * Body of every non-2xx response.
 * @internal Tests check every error body against it; the worker builds them in apiError (worker/api/errors.ts), typed by HttpErrorCode.
 */
export const ErrorResponseSchema = v.strictObject({
  error: v.strictObject({
    code: v.picklist(Object.keys(HTTP_ERRORS) as [HttpErrorCode, ...HttpErrorCode[]]),
    message: v.string(),
    /** For 400: where the body failed validation. */
    issues: v.optional(v.array(IssueSchema)),
  }),
});

/** valibot issues → the API's `issues` list (dotted paths: "settings.voting"). */
export function toIssues(issues: readonly v.BaseIssue<unknown>[]): Issue[] {
  return issues.map((issue) => ({
    path: (issue.path ?? []).map((p) => String(p.key)).join("."),
    message: issue.message,
  }));
}

/**
 * RULES.md §8: GET /api/tables/:code/games/:n — a finished game as a public record, enough to
 * replay it with the engine (docs/PROTOCOL.md "Game records"). Players are "p1"… in createGame's order.
 */
export interface TableGameRecord {
  code: string;
  game: number;
  presetId: string;
  settings: Record<string, unknown>;
  host: "server" | "live";
  seed: string;
  startedAt: number;
  endedAt: number;
  winner: string;
  reason: string;
  /** createGame's `keepOrder` (a rematch that kept the seats). */
  keepOrder: boolean;
  /** createGame's `longWindows`: the table's "Longer windows for beginners" (absent: the rules' windows). */
  longWindows?: boolean;
  /**
   * createGame's players in its order, with the seat it drew for each. RULES.md §8: a player
   * who opted out of publication is `hidden` for anyone but themself — nickname null, shown as
   * "Player {seat}" (shared/replay.ts replays by ids; names are display only).
   */
  players: Array<{ id: string; seat: number; nickname: string | null; hidden: boolean; bot: boolean }>;
  /** RULES.md §6.10 createGame's `immunity` (record ids). */
  immune: string[];
  inputs: Array<{ at: number; input: Input }>;
  /**
   * RULES.md §8 Verifiable deal (shared/verify-deal.ts): SHA-256 (hex) of `seed` as the table published
   * it at the deal, each seat's role as dealt, and every later random draw of the log (a card given, a
   * tie drawn by lot, a glance) as the table logged them. Absent for games from before commitments.
   */
  dealCommitment?: string;
  deal?: Array<{ seat: number; role: string }>;
  draws?: Array<{ type: string; data: unknown }>;
  /**
   * The game has an audio recording that is not deleted yet (RULES.md §6.11), so the record
   * page asks for its details (…/recording/info) only then: at clubs that do not record, no request and
   * no 404. Whether one may listen is still that route's decision. Set by the HTTP route only.
   */
  recording?: boolean;
}
