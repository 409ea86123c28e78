/**
 * Clubs, evenings and sign-ups (RULES.md §6.11, §7.11; docs/CLUBS.md): request bodies as strict
 * valibot schemas (the worker validates them), responses as types (the web client imports types only).
 */
import * as v from "valibot";
import { isTimeZone } from "../clubs/time.ts";
import { NicknameSchema } from "./http.ts";

/** A club's or a venue's text: NFC, trimmed, inner whitespace collapsed, 1–`max` code points, no control characters. */
const text = (max: number, what: string) =>
  v.pipe(
    v.string(),
    v.maxLength(400),
    v.transform((s) => s.normalize("NFC").trim().replace(/\s+/gu, " ")),
    v.minLength(1, `${what} is empty`),
    v.check((s) => [...s].length <= max, `${what} is longer than ${max} characters`),
    v.regex(/^[^\p{C}]+$/u, `${what} contains control or invisible characters`),
  );

export const CLUB_NAME_MAX = 60;
export const CLUB_CITY_MAX = 60;
export const PLACE_MAX = 120;
export const CLUB_LANGUAGES = ["uk", "ru", "en"] as const;
export type ClubLanguage = (typeof CLUB_LANGUAGES)[number];

const PresetIdSchema = v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]{0,31}$/, "unknown preset id"));
const TimeZoneSchema = v.pipe(v.string(), v.maxLength(64), v.check(isTimeZone, "not an IANA time zone"));
/** UTC milliseconds (2000–2100). */
const InstantSchema = v.pipe(v.number(), v.integer(), v.minValue(946_684_800_000), v.maxValue(4_102_444_800_000));

/** POST /api/clubs */
export const CreateClubRequestSchema = v.strictObject({
  name: text(CLUB_NAME_MAX, "name"),
  city: text(CLUB_CITY_MAX, "city"),
  language: v.picklist(CLUB_LANGUAGES),
  /** Preset ids of the formats the club plays (RULES.md §8 presets), 1–8, no repeats. */
  formats: v.pipe(
    v.array(PresetIdSchema),
    v.minLength(1, "a club plays at least one format"),
    v.maxLength(8),
    v.check((a) => new Set(a).size === a.length, "a format is listed twice"),
  ),
  timeZone: TimeZoneSchema,
  /** §6.11 "21+": every evening of the club asks each player to confirm their age. Default false. */
  adultsOnly: v.optional(v.boolean()),
  /** §6.11 "record games for review": its evenings' tables start with the recording switch on. Default false. */
  recordGames: v.optional(v.boolean()),
  /** False = a private club, left out of the public directory (reached by its link). Default true. */
  listed: v.optional(v.boolean()),
});
export type CreateClubRequest = v.InferInput<typeof CreateClubRequestSchema>;

/** POST /api/clubs/:id/hosts and /hosts/remove — the person by account nickname or by account id. */
/** POST /api/clubs/:id/experience — the owner or a host marks (or unmarks) a member experienced in tatar (RULES.md §7.10). */
export const ExperienceRequestSchema = v.strictObject({ nickname: NicknameSchema, experienced: v.boolean() });
export type ExperienceRequest = v.InferOutput<typeof ExperienceRequestSchema>;

export const HostRequestSchema = v.pipe(
  v.strictObject({ nickname: v.optional(NicknameSchema), userId: v.optional(v.pipe(v.string(), v.maxLength(64))) }),
  v.check((b) => (b.nickname === undefined) !== (b.userId === undefined), "give either nickname or userId"),
);

const SettingsObjectSchema = v.custom<Record<string, unknown>>((x) => typeof x === "object" && x !== null && !Array.isArray(x), "Invalid type: Expected Object");

/** A confirmation deadline, in whole hours before the start. */
const ConfirmHoursSchema = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(168));

/** POST /api/clubs/:id/evenings */
export const CreateEveningRequestSchema = v.pipe(
  v.strictObject({
    /** The start as UTC ms, or … */
    startsAt: v.optional(InstantSchema),
    /** … as a wall time "YYYY-MM-DDTHH:mm" in the club's time zone (what a host types). Exactly one of the two. */
    startsLocal: v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "not a date and time"))),
    /** An online evening has no venue. */
    online: v.optional(v.boolean()),
    /** The venue (required unless online). */
    place: v.optional(text(PLACE_MAX, "place")),
    /** One of the club's formats, with partial settings (missing keys: the preset's defaults). */
    presetId: PresetIdSchema,
    settings: v.optional(SettingsObjectSchema),
    /** Seats (within the preset's range under these settings; default: that range — club 12–15). */
    seats: v.optional(v.strictObject({ min: v.pipe(v.number(), v.integer(), v.minValue(1)), max: v.pipe(v.number(), v.integer(), v.minValue(1)) })),
    /** Ask each player's 21+ confirmation (always on when the club is adults-only). */
    ageCheck: v.optional(v.boolean()),
    /** The sign-up window (UTC ms; default: from now until the start). */
    signupOpensAt: v.optional(InstantSchema),
    signupClosesAt: v.optional(InstantSchema),
    /** This date of the club's weekly evening (default false: a one-off). Once it is over, the next week's is made. */
    weekly: v.optional(v.boolean()),
    /** The confirmation deadline, hours before the start (1–168); past it, unconfirmed seats go to the reserve. */
    confirmHours: v.optional(ConfirmHoursSchema),
  }),
  v.check((b) => (b.startsAt === undefined) !== (b.startsLocal === undefined), "give either startsAt or startsLocal"),
  v.check((b) => b.online === true || b.place !== undefined, "an evening that is not online needs a place"),
);
export type CreateEveningRequest = v.InferInput<typeof CreateEveningRequestSchema>;

/**
 * POST …/evenings/:eid/edit — the owner or a host changes an open evening: any of its start (as
 * in create), place or online, seats, and the confirmation deadline (`null` removes it). Everyone signed up
 * gets a notice.
 */
export const EditEveningRequestSchema = v.pipe(
  v.strictObject({
    startsAt: v.optional(InstantSchema),
    startsLocal: v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "not a date and time"))),
    online: v.optional(v.boolean()),
    place: v.optional(text(PLACE_MAX, "place")),
    seats: v.optional(v.strictObject({ min: v.pipe(v.number(), v.integer(), v.minValue(1)), max: v.pipe(v.number(), v.integer(), v.minValue(1)) })),
    confirmHours: v.optional(v.nullable(ConfirmHoursSchema)),
  }),
  v.check((b) => b.startsAt === undefined || b.startsLocal === undefined, "give startsAt or startsLocal, not both"),
  v.check((b) => !(b.online === true && b.place !== undefined), "an online evening has no place"),
  v.check((b) => Object.keys(b).length > 0, "nothing to change"),
);
export type EditEveningRequest = v.InferInput<typeof EditEveningRequestSchema>;

/** POST …/evenings/:eid/signup — "OK, let's play". `ageConfirmed` must be true when the evening checks age. */
export const SignupRequestSchema = v.strictObject({ ageConfirmed: v.optional(v.boolean()) });

/** POST …/confirm and …/withdraw take an empty JSON object (a JSON body keeps the CSRF rule, docs/ACCOUNTS.md). */
export const EmptyRequestSchema = v.strictObject({});

/**
 * POST /api/clubs/:id/evenings/:eid/open — RULES.md §5.7, §6.11: the opener hosts (`play`
 * absent or false: they become the live host), or plays — takes their own seat — while the
 * club's named host (`host`, the account nickname of the club's owner or one of its hosts) takes the host
 * screen, or, with no `host`, the server hosts and the opener holds the organizer rights from their seat.
 */
export const OpenEveningRequestSchema = v.pipe(
  v.strictObject({ play: v.optional(v.boolean()), host: v.optional(NicknameSchema) }),
  v.check((b) => b.play === true || b.host === undefined, "a named host is only for an opener who plays"),
);
export type OpenEveningRequest = v.InferInput<typeof OpenEveningRequestSchema>;

/** POST /api/clubs/notices/read — mark these notices read (only the caller's own count). */
export const NoticesReadRequestSchema = v.strictObject({ ids: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1))), v.minLength(1), v.maxLength(100)) });

/* ------------------------------------------------ responses ------------------------------------------------ */

export type ClubRole = "owner" | "host" | "member";
export type EveningStatus = "open" | "closed" | "started" | "cancelled";
export type SignupState = "seated" | "reserve" | "withdrawn";

export interface Club {
  id: string;
  name: string;
  city: string;
  language: ClubLanguage;
  formats: string[];
  timeZone: string;
  adultsOnly: boolean;
  createdAt: number;
  /** §6.11: the club records its games for review (deleted after 72 h; docs/CLUBS.md "Recordings"). */
  recordGames: boolean;
  /** The club is in the public directory (/clubs); false = private, reached by its link only. */
  listed: boolean;
}

export interface ClubMember {
  /**
   * RULES.md §8 publication opt-out: null for a member who opted out, shown so to
   * everyone but the club's owner, its hosts (they need the names) and the member themself.
   */
  nickname: string | null;
  role: ClubRole;
  /** Present (true) only on a masked row; the page shows it from its catalogue. */
  hidden?: true;
  /**
   * RULES.md §7.10 (2026-12-06): the club marked this member experienced in the format with consiglieri
   * (tatar): no consigliere needed at the club's rating tables, and they may advise a newcomer there.
   * `by` (who marked it) is shown to the owner and hosts only; null for everyone else.
   */
  experienced?: { by: string | null; at: number };
}

/** An evening as lists show it. */
export interface EveningSummary {
  id: string;
  clubId: string;
  /** UTC ms. */
  startsAt: number;
  /** The zone it was set in (the club's). */
  timeZone: string;
  online: boolean;
  place: string | null;
  presetId: string;
  seats: { min: number; max: number };
  /** How many are seated and on the reserve list now. */
  seated: number;
  reserve: number;
  ageCheck: boolean;
  signup: { opensAt: number; closesAt: number; /** open now (status open, inside the window) */ open: boolean };
  weekly: boolean;
  status: EveningStatus;
  /** Games the evening's table has played so far. */
  games: number;
  /** The evening is over (its last game ended and no next one was opened): the club page lists it under "Past". */
  endedAt: number | null;
  /** The confirmation deadline (UTC ms): seated players who have not confirmed by then go to the reserve's end. Null: none. */
  confirmBy: number | null;
}

/** 201 from POST /api/clubs; 200 from GET /api/clubs/:id (and the hosts routes). */
export interface ClubPage {
  club: Club;
  members: ClubMember[];
  /** The viewer's role, null when not a member or not signed in. */
  you: { role: ClubRole } | null;
  /** Evenings not yet over (start within the last EVENING_HOURS or later), soonest first. */
  upcoming: EveningSummary[];
  /** Earlier evenings, latest first (at most 20). */
  past: EveningSummary[];
}

/**
 * A notice shown in the page: 'promoted' — moved up from the reserve list to a seat; 'changed' — the
 * evening's time, place or seats were changed; 'cancelled' — the evening was cancelled; 'unconfirmed' — not
 * confirmed by the deadline, the seat went to the reserve's end.
 */
export type ClubNoticeKind = "promoted" | "changed" | "cancelled" | "unconfirmed";
export interface ClubNotice {
  id: number;
  kind: ClubNoticeKind;
  clubId: string;
  clubName: string;
  eveningId: string | null;
  startsAt: number | null;
  timeZone: string | null;
  createdAt: number;
}

/** The viewer's own sign-up. */
export interface YourSignup {
  state: SignupState;
  /** Reserve: 1 = next to move up. Null otherwise. */
  position: number | null;
  confirmed: boolean;
  ageConfirmed: boolean;
}

/** 200 from GET/POST /api/clubs/:id/evenings/:eid (and its signup, confirm, withdraw); 201 from create. */
export interface EveningPage {
  club: { id: string; name: string; timeZone: string; adultsOnly: boolean };
  evening: EveningSummary & { settings: Record<string, unknown>; tableCode: string | null };
  /** Seated, in sign-up order. `nickname` null: once the table is open, a player who opted out of publication (§8). */
  seatedList: { nickname: string | null; confirmed: boolean }[];
  /** The reserve list in order (position 1 moves up first). */
  reserveList: { nickname: string | null; position: number }[];
  /** Null when not signed in or never signed up for this evening. */
  you: YourSignup | null;
  /** The viewer is the club's owner or a host. */
  canManage: boolean;
  /**
   * Who hosts the evening's table once it is open with a named host (the opener plays):
   * their nickname (null: they opted out of publication, §8), and whether that is the viewer (then the page
   * offers "Open the host screen"). Null when the
   * opener hosts, the server does, or the table is not open.
   */
  host: { nickname: string | null; you: boolean } | null;
  /** For the club's owner and hosts (else empty): the accounts who may host the table (owner and hosts). */
  hosts: string[];
  /** The viewer's unread notices about this evening (a promotion). */
  notices: ClubNotice[];
}

/** 201 from POST /api/clubs/:id/evenings/:eid/open. */
export interface OpenEveningResponse {
  code: string;
  url: string;
  /**
   * The opener's credential: the live host's token when they host; the organizer token to sit down with
   * when they play at a table the server hosts; null when they play and a named host hosts.
   */
  organizerToken: string | null;
  /** What the opener does next: host (open the host screen) or play (sit down with their account). */
  opener: "host" | "play";
  evening: EveningPage;
}

/** 200 from POST /api/clubs/:id/evenings/:eid/host: the named host's token for the host screen. */
export interface HostTokenResponse {
  code: string;
  token: string;
}

/** One of my sign-ups (the profile's "my evenings"). */
export interface MySignup {
  club: { id: string; name: string };
  evening: EveningSummary;
  you: YourSignup;
}

/* Clubs you can find (RULES.md §6.11, §8; docs/CLUBS.md "The directory"). */

/** GET /api/clubs?q=&page= — the search text (name or city, up to 60 characters) and the page (1…1000). */
export const ClubDirectoryQuerySchema = v.strictObject({
  q: v.optional(v.pipe(v.string(), v.maxLength(60)), ""),
  page: v.optional(v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,3}$/, "a page number 1–1000"), v.transform(Number), v.maxValue(1000)), "1"),
});

/** One public club in the directory: no person is named (no owner, host or member). */
export interface ClubDirectoryEntry {
  id: string;
  name: string;
  city: string;
  language: ClubLanguage;
  formats: string[];
  /** The next evening's start (UTC ms), open or full, not cancelled; null when none is set. */
  nextEvening: number | null;
  members: number;
}

/** 200 from GET /api/clubs */
export interface ClubDirectory {
  clubs: ClubDirectoryEntry[];
  page: number;
  pageSize: number;
  /** The number of public clubs matching `q`. */
  total: number;
  q: string;
}

/** 200 from GET /api/clubs/mine */
export interface MyClubs {
  clubs: { id: string; name: string; city: string; role: ClubRole }[];
  /** Sign-ups that are not withdrawn, evenings not yet over first (soonest first), then the latest past ones. */
  signups: MySignup[];
  /** Unread notices, newest first. */
  notices: ClubNotice[];
}
