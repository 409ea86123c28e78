/**
 * /api/clubs — clubs, their hosts, evenings and sign-ups with a reserve list (RULES.md §6.11,
 * §7.11; docs/CLUBS.md has the table of routes, bodies and errors). Sessions, errors and bodies as in
 * worker/api/auth.ts: every state-changing route takes a JSON body (the CSRF rule, docs/ACCOUNTS.md) and
 * needs a session (401 `sign-in-required`); the pages are public. Every seat decision is one SQL
 * statement or one batch (worker/clubs/signups.ts).
 */
import { vValidator } from "@hono/valibot-validator";
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { wallTimeToUtc } from "../../shared/clubs/time.ts";
import {
  ClubDirectoryQuerySchema,
  CreateClubRequestSchema,
  type ClubDirectory,
  CreateEveningRequestSchema,
  EditEveningRequestSchema,
  EmptyRequestSchema,
  ExperienceRequestSchema,
  HostRequestSchema,
  NoticesReadRequestSchema,
  OpenEveningRequestSchema,
  SignupRequestSchema,
  type ClubPage,
  type HostTokenResponse,
  type OpenEveningResponse,
  type EveningPage,
  type MyClubs,
} from "../../shared/protocol/clubs.ts";
import { toIssues } from "../../shared/protocol/http.ts";
import { hiddenAccounts, publicName } from "../accounts/publication.ts";
import { readSession } from "../accounts/sessions.ts";
import { userById, userByNick, type UserRow } from "../accounts/users.ts";
import { clubDirectory } from "../clubs/directory.ts";
import { advanceClubClock, cancelEvening, clubNow, createClub, createEvening, editEvening, markNoticesRead, nameHost, removeHost, settleClub, startEvening } from "../clubs/manage.ts";
import * as signups from "../clubs/signups.ts";
import { clubById, clubOf, clubOfPath, clubsOfUser, eveningById, eveningOf, eveningsOf, hostsOf, isId, memberIdsOf, membersOf, noticesOf, roleIn, signupOpen, signupsOfUser, yourSignup, type ClubRow, type EveningRow } from "../clubs/store.ts";
import type { Env } from "../env.ts";
import { getPreset, seatRange } from "../table/engine.ts";
import { apiError, invalidBody } from "./errors.ts";
import { experienceAtOpenTables, nameNewcomers, rulesTestMissing } from "../newcomers/service.ts";
import { rulesTestRequired } from "./newcomers.ts";
import { EXPERIENCE_FORMAT, setExperience } from "../clubs/experience.ts";
import { tableStub } from "../table-stub.ts";
import { createTableObject } from "./tables.ts";

type AppEnv = { Bindings: Env };
type C = Context<AppEnv>;

const signInFirst = (c: C) => apiError(c, "sign-in-required", "Sign in first.");
const noClub = (c: C) => apiError(c, "not-found", "No such club.");
const noEvening = (c: C) => apiError(c, "not-found", "No such evening.");

const pathClub = (c: C) => clubOfPath(c.env.DB, c.req.param("id"));

async function pathEvening(c: C, club: ClubRow): Promise<EveningRow | null> {
  const id = c.req.param("eid") ?? "";
  return isId("e", id) ? eveningById(c.env.DB, club.id, id) : null;
}

/** A sign-up route's caller and evening: the session, the club and the evening of the path, or the error to answer. */
async function signedInEvening(c: C): Promise<{ userId: string; club: ClubRow; e: EveningRow; now: number } | Response> {
  const session = await readSession(c);
  if (!session) return signInFirst(c);
  const club = await pathClub(c);
  if (!club) return noEvening(c);
  // Deadlines and weekly repeats settle lazily, before any read or write of the club's evenings.
  const now = await clubNow(c.env, club.id);
  await settleClub(c.env.DB, club.id, now);
  const e = await pathEvening(c, club);
  if (!e) return noEvening(c);
  return { userId: session.user.id, club, e, now };
}

async function clubPage(db: D1Database, club: ClubRow, viewerId: string | null, now: number): Promise<ClubPage> {
  const [evenings, role] = await Promise.all([eveningsOf(db, club.id, now), viewerId ? roleIn(db, club.id, viewerId) : null]);
  const members = await membersOf(db, club.id, viewerId, role);
  return { club: clubOf(club), members, you: role ? { role } : null, ...evenings };
}

async function eveningPage(db: D1Database, club: ClubRow, eveningId: string, viewerId: string | null, now: number): Promise<EveningPage | null> {
  const [e, rows, role, notices] = await Promise.all([
    eveningById(db, club.id, eveningId),
    signups.signupsOf(db, eveningId),
    viewerId ? roleIn(db, club.id, viewerId) : null,
    viewerId ? noticesOf(db, viewerId, eveningId) : [],
  ]);
  if (!e) return null;
  const seated = rows.filter((r) => r.state === "seated");
  const reserve = rows.filter((r) => r.state === "reserve");
  // Counted from the same read as the lists, so the page never disagrees with itself.
  e.n_seated = seated.length;
  e.n_reserve = reserve.length;
  const mine = viewerId ? (rows.find((r) => r.user_id === viewerId) ?? (await signups.signupOf(db, eveningId, viewerId))) : null;
  // §8 publication: once the evening's table is open its games' records show opted-out players as
  // "Player N"; the lists would name them next to the table's code, so they read as hidden too (not to themselves).
  const hidden = e.table_code ? await hiddenAccounts(db, rows.map((r) => r.user_id)) : new Set<string>();
  const nameOf = (r: { user_id: string; nick: string }) => publicName(r.user_id, r.nick, hidden, viewerId);
  return {
    club: { id: club.id, name: club.name, timeZone: club.time_zone, adultsOnly: club.adults_only === 1 },
    evening: { ...eveningOf(e, now), settings: JSON.parse(e.settings) as Record<string, unknown>, tableCode: e.table_code },
    seatedList: seated.map((r) => ({ nickname: nameOf(r), confirmed: r.confirmed_at !== null })),
    reserveList: reserve.map((r, i) => ({ nickname: nameOf(r), position: i + 1 })),
    you: mine ? yourSignup(mine, reserve.filter((r) => r.seq < mine.seq).length) : null,
    canManage: role === "owner" || role === "host",
    host: e.host_id && e.table_code ? await namedHost(db, e.host_id, viewerId) : null,
    hosts: role === "owner" || role === "host" ? await hostsOf(db, club.id) : [],
    notices,
  };
}

/** The evening's named host, as the publication rule names them (§8: an opted-out host reads as "the named host"). */
async function namedHost(db: D1Database, hostId: string, viewerId: string | null): Promise<{ nickname: string | null; you: boolean }> {
  const nick = (await userById(db, hostId))?.nick ?? "";
  return { nickname: publicName(hostId, nick, await hiddenAccounts(db, [hostId]), viewerId), you: hostId === viewerId };
}

/** The hosts routes: the caller must own the club of the path; the person is named by nickname or account id. */
async function ownerAndPerson(c: C, body: { nickname?: string | undefined; userId?: string | undefined }): Promise<{ userId: string; club: ClubRow; person: UserRow } | Response> {
  const session = await readSession(c);
  if (!session) return signInFirst(c);
  const club = await pathClub(c);
  if (!club) return noClub(c);
  if (club.owner_id !== session.user.id) return apiError(c, "not-club-owner", "Only the club's owner names and removes hosts.");
  const person = body.nickname !== undefined ? await userByNick(c.env.DB, body.nickname) : await userById(c.env.DB, body.userId ?? "");
  if (!person) return apiError(c, "not-found", "No such player.");
  return { userId: session.user.id, club, person };
}

export const clubs = new Hono<AppEnv>()
  /** The public clubs, a page at a time, with search (private clubs are never listed). Anyone may read it. */
  .get("/", async (c) => {
    const query = v.safeParse(ClubDirectoryQuerySchema, { q: c.req.query("q"), page: c.req.query("page") });
    if (!query.success) return apiError(c, "bad-request", "The query is invalid.", toIssues(query.issues));
    const body: ClubDirectory = await clubDirectory(c.env.DB, { q: query.output.q, page: query.output.page, now: Date.now() });
    // Cached briefly by browsers and the edge: the directory changes when a club or an evening does, not per second.
    c.header("Cache-Control", "public, max-age=30");
    return c.json(body, 200);
  })
  /** Create a club; the creator is its owner (club + owner row in one batch). */
  .post("/", vValidator("json", CreateClubRequestSchema, invalidBody), async (c) => {
    const session = await readSession(c);
    if (!session) return signInFirst(c);
    const body = c.req.valid("json");
    const unknown = body.formats.findIndex((f) => !getPreset(f));
    if (unknown >= 0) return apiError(c, "unknown-preset", `There is no preset "${body.formats[unknown]}".`, [{ path: `formats.${unknown}`, message: "unknown preset" }]);
    const now = Date.now();
    const id = await createClub(
      c.env.DB,
      { name: body.name, city: body.city, language: body.language, formats: body.formats, timeZone: body.timeZone, adultsOnly: body.adultsOnly === true, recordGames: body.recordGames === true, listed: body.listed !== false },
      session.user.id,
      now,
    );
    return c.json(await clubPage(c.env.DB, (await clubById(c.env.DB, id))!, session.user.id, now), 201);
  })

  /** The signed-in person's clubs, sign-ups ("my evenings") and unread notices. */
  .get("/mine", async (c) => {
    const session = await readSession(c);
    if (!session) return signInFirst(c);
    const db = c.env.DB;
    const now = Date.now();
    const [clubRows, mine, notices] = await Promise.all([clubsOfUser(db, session.user.id), signupsOfUser(db, session.user.id, now), noticesOf(db, session.user.id)]);
    const body: MyClubs = { clubs: clubRows, signups: mine, notices };
    return c.json(body, 200);
  })

  /** Dismiss notices (only the caller's own change). */
  .post("/notices/read", vValidator("json", NoticesReadRequestSchema, invalidBody), async (c) => {
    const session = await readSession(c);
    if (!session) return signInFirst(c);
    const { ids } = c.req.valid("json");
    await markNoticesRead(c.env.DB, session.user.id, ids, Date.now());
    return c.json({ notices: await noticesOf(c.env.DB, session.user.id) }, 200);
  })

  /** The club page: the club, its owner, hosts and members, upcoming and past evenings. */
  .get("/:id", async (c) => {
    const club = await pathClub(c);
    if (!club) return noClub(c);
    const session = await readSession(c);
    const now = await clubNow(c.env, club.id);
    await settleClub(c.env.DB, club.id, now);
    return c.json(await clubPage(c.env.DB, club, session?.user.id ?? null, now), 200);
  })

  /** The owner names a host (by nickname or account id). */
  .post("/:id/hosts", vValidator("json", HostRequestSchema, invalidBody), async (c) => {
    const at = await ownerAndPerson(c, c.req.valid("json"));
    if (at instanceof Response) return at;
    const { userId, club, person } = at;
    if (person.id === club.owner_id) return apiError(c, "bad-request", "The owner already runs the club.", [{ path: "nickname", message: "the owner" }]);
    await nameHost(c.env.DB, club.id, person.id, Date.now());
    return c.json(await clubPage(c.env.DB, club, userId, Date.now()), 200);
  })

  /** The owner removes a host (they stay a member). */
  .post("/:id/hosts/remove", vValidator("json", HostRequestSchema, invalidBody), async (c) => {
    const at = await ownerAndPerson(c, c.req.valid("json"));
    if (at instanceof Response) return at;
    const { userId, club, person } = at;
    await removeHost(c.env.DB, club.id, person.id);
    return c.json(await clubPage(c.env.DB, club, userId, Date.now()), 200);
  })

  /**
   * RULES.md §7.10 (2026-12-06): the owner or a club host marks a member "experienced in tatar" (their games
   * elsewhere count), or takes the mark back; every change is logged with who and when. Marked, the member
   * needs no consigliere at the club's rating tables — at a table already open too — and may advise there.
   */
  .post("/:id/experience", vValidator("json", ExperienceRequestSchema, invalidBody), async (c) => {
    const session = await readSession(c);
    if (!session) return signInFirst(c);
    const club = await pathClub(c);
    if (!club) return noClub(c);
    const role = await roleIn(c.env.DB, club.id, session.user.id);
    if (role !== "owner" && role !== "host") return apiError(c, "not-club-host", "Only the club's owner or a host marks a member experienced (RULES.md §7.10).");
    const { nickname, experienced } = c.req.valid("json");
    const person = await userByNick(c.env.DB, nickname);
    if (!person || !(await roleIn(c.env.DB, club.id, person.id))) return apiError(c, "not-found", `${nickname} is not a member of this club.`, [{ path: "nickname", message: "not a member" }]);
    const now = Date.now();
    await setExperience(c.env.DB, club.id, person.id, EXPERIENCE_FORMAT, experienced, session.user.id, now);
    if (experienced) await experienceAtOpenTables(c.env, club.id, EXPERIENCE_FORMAT, [person.id]);
    return c.json(await clubPage(c.env.DB, club, session.user.id, now), 200);
  })

  /** The owner or a host creates an evening in one of the club's formats. */
  .post("/:id/evenings", vValidator("json", CreateEveningRequestSchema, invalidBody), async (c) => {
    const session = await readSession(c);
    if (!session) return signInFirst(c);
    const club = await pathClub(c);
    if (!club) return noClub(c);
    const role = await roleIn(c.env.DB, club.id, session.user.id);
    if (role !== "owner" && role !== "host") return apiError(c, "not-club-host", "Only the club's owner or a host creates evenings.");
    const body = c.req.valid("json");
    const formats = JSON.parse(club.formats) as string[];
    const preset = formats.includes(body.presetId) ? getPreset(body.presetId) : null;
    if (!preset) return apiError(c, "unknown-preset", `The club does not play "${body.presetId}".`, [{ path: "presetId", message: "not one of the club's formats" }]);
    const settings = v.safeParse(preset.settingsSchema, { ...preset.defaultSettings, ...(body.settings ?? {}) });
    if (!settings.success) {
      return apiError(c, "bad-settings", "The settings do not fit this preset.", toIssues(settings.issues).map((i) => ({ ...i, path: i.path ? `settings.${i.path}` : "settings" })));
    }
    const range = seatRange(preset.id, settings.output);
    if (!range) return apiError(c, "bad-settings", "No game of this preset can start with these settings.", [{ path: "settings", message: "parity at the deal" }]);
    const seats = body.seats ?? range;
    if (seats.min > seats.max || seats.min < range.min || seats.max > range.max) {
      return apiError(c, "bad-settings", `"${preset.id}" with these settings seats ${range.min}–${range.max}.`, [{ path: "seats", message: `within ${range.min}–${range.max}` }]);
    }
    const now = await clubNow(c.env, club.id);
    const startsAt = body.startsAt ?? wallTimeToUtc(body.startsLocal ?? "", club.time_zone);
    if (startsAt === null) return apiError(c, "bad-request", "The start is not a real date and time.", [{ path: "startsLocal", message: "not a date and time" }]);
    if (startsAt <= now) return apiError(c, "bad-request", "The evening must start in the future.", [{ path: body.startsAt !== undefined ? "startsAt" : "startsLocal", message: "in the past" }]);
    const opensAt = body.signupOpensAt ?? now;
    const closesAt = body.signupClosesAt ?? startsAt;
    if (!(opensAt < closesAt) || closesAt > startsAt) {
      return apiError(c, "bad-request", "Sign-up must open before it closes, and close by the start.", [{ path: "signupClosesAt", message: "outside the evening" }]);
    }
    const id = await createEvening(
      c.env.DB,
      {
        clubId: club.id, startsAt, timeZone: club.time_zone, online: body.online === true, place: body.online ? null : (body.place ?? null), presetId: preset.id, settings: settings.output,
        seatsMin: seats.min, seatsMax: seats.max, ageCheck: club.adults_only === 1 || body.ageCheck === true, signupOpensAt: opensAt, signupClosesAt: closesAt, weekly: body.weekly === true,
        confirmHours: body.confirmHours,
      },
      session.user.id,
      now,
    );
    return c.json(await eveningPage(c.env.DB, club, id, session.user.id, now), 201);
  })

  /** An evening: details, the seated list and the reserve list in order, the viewer's own state. */
  .get("/:id/evenings/:eid", async (c) => {
    const club = await pathClub(c);
    if (!club) return noClub(c);
    const session = await readSession(c);
    const now = await clubNow(c.env, club.id);
    if (isId("e", c.req.param("eid"))) await settleClub(c.env.DB, club.id, now);
    const page = isId("e", c.req.param("eid")) ? await eveningPage(c.env.DB, club, c.req.param("eid"), session?.user.id ?? null, now) : null;
    return page ? c.json(page, 200) : noEvening(c);
  })

  /** "OK, let's play": seated while a seat is left, else the reserve list (one statement decides). A second press changes nothing. */
  .post("/:id/evenings/:eid/signup", vValidator("json", SignupRequestSchema, invalidBody), async (c) => {
    const at = await signedInEvening(c);
    if (at instanceof Response) return at;
    const { userId, club, e, now } = at;
    const ageConfirmed = c.req.valid("json").ageConfirmed === true;
    if (e.age_check === 1 && !ageConfirmed) return apiError(c, "age-not-confirmed", "This evening is 21+: confirm your age to sign up.", [{ path: "ageConfirmed", message: "required" }]);
    // RULES.md §7.11: a club that requires its rules test refuses the sign-up without a pass (nothing recorded).
    if (await rulesTestMissing(c.env.DB, club, e.preset_id, userId)) return rulesTestRequired(c, e.preset_id);
    const landed = await signups.signUp(c.env.DB, e.id, userId, ageConfirmed, now);
    if (!landed) {
      // Nothing inserted: already signed up (a second press: fine), or the window is shut.
      const row = await signups.signupOf(c.env.DB, e.id, userId);
      if (!row || row.state === "withdrawn") {
        return apiError(c, "signup-closed", signupOpen(e, now) ? "Sign-up for this evening has just closed." : "Sign-up for this evening is not open.");
      }
    }
    return c.json(await eveningPage(c.env.DB, club, e.id, userId, now), 200);
  })

  /** A seated player's confirmation of the evening. */
  .post("/:id/evenings/:eid/confirm", vValidator("json", EmptyRequestSchema, invalidBody), async (c) => {
    const at = await signedInEvening(c);
    if (at instanceof Response) return at;
    const { userId, club, e, now } = at;
    await signups.confirm(c.env.DB, e.id, userId, now);
    const row = await signups.signupOf(c.env.DB, e.id, userId);
    if (!row || row.state === "withdrawn") return apiError(c, "not-signed-up", "You have not signed up for this evening.");
    if (row.state === "reserve") return apiError(c, "signup-reserve", "You are on the reserve list: confirm once a seat is yours.");
    return c.json(await eveningPage(c.env.DB, club, e.id, userId, now), 200);
  })

  /** Withdraw; a freed seat goes to the first reserve in the same transaction (with a notice for them). */
  .post("/:id/evenings/:eid/withdraw", vValidator("json", EmptyRequestSchema, invalidBody), async (c) => {
    const at = await signedInEvening(c);
    if (at instanceof Response) return at;
    const { userId, club, e, now } = at;
    const { withdrew } = await signups.withdraw(c.env.DB, e.id, userId, now);
    if (!withdrew) {
      const row = await signups.signupOf(c.env.DB, e.id, userId);
      if (!row) return apiError(c, "not-signed-up", "You have not signed up for this evening.");
      if (row.state !== "withdrawn") return apiError(c, "signup-closed", "This evening has started or was cancelled.");
      // Already withdrawn: a second press changes nothing.
    }
    return c.json(await eveningPage(c.env.DB, club, e.id, userId, now), 200);
  })
  /**
   * The owner or a host edits an open evening (start, place, seats, confirmation deadline); everyone
   * signed up gets a 'changed' notice; added seats go to the reserve at once. Started or cancelled: 409.
   */
  .post("/:id/evenings/:eid/edit", vValidator("json", EditEveningRequestSchema, invalidBody), async (c) => {
    const at = await signedInEvening(c);
    if (at instanceof Response) return at;
    const { userId, club, e, now } = at;
    const role = await roleIn(c.env.DB, club.id, userId);
    if (role !== "owner" && role !== "host") return apiError(c, "not-club-host", "Only the club's owner or a host edits an evening.");
    if (e.status !== "open" && e.status !== "closed") return apiError(c, "evening-not-open", "This evening has started or was cancelled.");
    const body = c.req.valid("json");
    const startsAt = body.startsAt ?? (body.startsLocal !== undefined ? wallTimeToUtc(body.startsLocal, club.time_zone) : e.starts_at);
    const startPath = body.startsAt !== undefined ? "startsAt" : "startsLocal";
    if (startsAt === null) return apiError(c, "bad-request", "The start is not a real date and time.", [{ path: "startsLocal", message: "not a date and time" }]);
    if (startsAt !== e.starts_at && startsAt <= now) return apiError(c, "bad-request", "The evening must start in the future.", [{ path: startPath, message: "in the past" }]);
    const online = body.online ?? (body.place !== undefined ? false : e.online === 1);
    const place = online ? null : (body.place ?? e.place);
    if (!online && !place) return apiError(c, "bad-request", "An evening that is not online needs a place.", [{ path: "place", message: "required" }]);
    const seats = body.seats ?? { min: e.seats_min, max: e.seats_max };
    const preset = getPreset(e.preset_id);
    const range = preset ? seatRange(preset.id, JSON.parse(e.settings) as Record<string, unknown>) : null;
    if (!range || seats.min > seats.max || seats.min < range.min || seats.max > range.max) {
      return apiError(c, "bad-settings", `"${e.preset_id}" seats ${range?.min ?? "?"}–${range?.max ?? "?"}.`, [{ path: "seats", message: `within ${range?.min}–${range?.max}` }]);
    }
    if (seats.max < e.n_seated) return apiError(c, "bad-request", `${e.n_seated} players are seated: keep at least that many seats.`, [{ path: "seats.max", message: "fewer than the seated" }]);
    // The sign-up closes at the same offset before the (new) start.
    const closesAt = Math.max(e.signup_opens_at + 1, startsAt - (e.starts_at - e.signup_closes_at));
    const confirmHours = body.confirmHours === undefined ? e.confirm_hours : body.confirmHours;
    const changed = await editEvening(c.env.DB, e, { startsAt, online, place, seatsMin: seats.min, seatsMax: seats.max, signupClosesAt: closesAt, confirmHours }, now);
    if (!changed) return apiError(c, "evening-not-open", "This evening has just started or was cancelled.");
    // A deadline already passed (an edit that brings it nearer) applies at once.
    await settleClub(c.env.DB, club.id, now);
    return c.json(await eveningPage(c.env.DB, club, e.id, userId, now), 200);
  })

  /** The owner or a host cancels an open evening; everyone signed up gets a 'cancelled' notice. A second press answers the same. */
  .post("/:id/evenings/:eid/cancel", vValidator("json", EmptyRequestSchema, invalidBody), async (c) => {
    const at = await signedInEvening(c);
    if (at instanceof Response) return at;
    const { userId, club, e, now } = at;
    const role = await roleIn(c.env.DB, club.id, userId);
    if (role !== "owner" && role !== "host") return apiError(c, "not-club-host", "Only the club's owner or a host cancels an evening.");
    if (e.status === "started") return apiError(c, "table-started", "The evening's table is open: it cannot be cancelled.");
    if (e.status !== "cancelled") await cancelEvening(c.env.DB, e.id, now);
    return c.json(await eveningPage(c.env.DB, club, e.id, userId, now), 200);
  })

  /** Test only (404 unless the test clock is enabled): move this club's clock forward by `ms`. */
  .post("/:id/test-clock", async (c) => {
    const club = await pathClub(c);
    const body = v.safeParse(v.strictObject({ ms: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(400 * 24 * 3600_000)) }), await c.req.json().catch(() => null));
    if (!club || !body.success || !(await advanceClubClock(c.env, club.id, body.output.ms))) return apiError(c, "not-found", "No such API endpoint.");
    return c.json({ now: await clubNow(c.env, club.id) }, 200);
  })
  /**
   * RULES.md §6.11 "at the evening the host opens the table": the owner or a host opens the
   * evening's table — its format and settings, the whole table may sit from one venue's network — and only
   * the evening's seated sign-ups may sit there, each with their own account (`not-invited` otherwise). The
   * evening becomes `started` with the table's code; a second open answers `table-started` with that code.
   * Seats the sign-ups leave empty the host fills with bots.
   *
   * §5.7: the opener chooses. Hosting (the default): they are the table's live host. Playing
   * (`play: true`): they sit in their own seat (invited even without a sign-up) and either the club's
   * named host (`host`: the owner or a host, not the opener) takes the host screen — `POST …/host` — or,
   * with no name, the server hosts and the opener holds the organizer rights from their seat.
   */
  .post("/:id/evenings/:eid/open", vValidator("json", OpenEveningRequestSchema, invalidBody), async (c) => {
    const at = await signedInEvening(c);
    if (at instanceof Response) return at;
    const { userId, club, e, now } = at;
    const body = c.req.valid("json");
    const role = await roleIn(c.env.DB, club.id, userId);
    if (role !== "owner" && role !== "host") return apiError(c, "not-club-host", "Only the club's owner or a host opens the evening's table.");
    if (e.status === "started" && e.table_code) return apiError(c, "table-started", `The evening's table is open: ${e.table_code}.`);
    if (e.status !== "open" && e.status !== "closed") return apiError(c, "signup-closed", "This evening was cancelled.");
    const plays = body.play === true;
    let hostId: string | null = null;
    if (body.host !== undefined) {
      const named = await userByNick(c.env.DB, body.host);
      const namedRole = named ? await roleIn(c.env.DB, club.id, named.id) : null;
      if (!named || (namedRole !== "owner" && namedRole !== "host")) {
        return apiError(c, "not-club-host", `${body.host} is not this club's owner or one of its hosts.`, [{ path: "host", message: "not a host of the club" }]);
      }
      if (named.id === userId) return apiError(c, "bad-request", "You chose to play: name someone else as the host, or let the server host.", [{ path: "host", message: "the opener plays" }]);
      hostId = named.id;
    }
    const seated = await signups.seatedOf(c.env.DB, e.id);
    // With no sign-ups the table invites the club's members (owner, hosts, members) — never anyone at all
    // (its games count for the club's season). The owner is always a member.
    const reservedFor = seated.length ? [...seated] : await memberIdsOf(c.env.DB, club.id);
    // An opener who plays takes a seat even without a sign-up (their booked seat, or one of the table's).
    if (plays && !reservedFor.includes(userId)) reservedFor.push(userId);
    const created = await createTableObject(c, {
      presetId: e.preset_id,
      settings: JSON.parse(e.settings) as Record<string, unknown>,
      public: false,
      host: plays && hostId === null ? "server" : "live",
      seatsPerAddress: e.seats_max,
      creatorUserId: userId,
      reservedFor,
      // Seats held per seated sign-up until the start; from then the reserve (in order) moves up
      // into the seats of those who have not come. The start in the table's time (the club's test skew removed).
      ...(seated.length ? { eveningHold: { reserve: await signups.reserveOf(c.env.DB, e.id), until: e.starts_at - (now - Date.now()), evening: e.id } } : {}),
      ...(hostId ? { hostUserId: hostId } : {}),
      // §6.11: a club that records games opens its tables with the recording switch on (everyone sees the mark).
      ...(club.record_games === 1 ? { recording: true } : {}),
    });
    if (created instanceof Response) return created;
    // RULES.md §7.10: at a rating table the newcomers wait for a consigliere.
    await nameNewcomers(c.env, club, e.preset_id, reservedFor, created.code);
    // Two hosts at once: the first write wins; the other table stays unused (nobody is sent to it).
    if (!(await startEvening(c.env.DB, e.id, created.code, hostId))) return apiError(c, "table-started", "The evening's table was just opened by someone else.");
    const body201: OpenEveningResponse = {
      code: created.code,
      url: created.url,
      // A named host's table: the opener gets no host credential (they play); the host claims their own.
      organizerToken: hostId ? null : created.organizerToken,
      opener: plays ? "play" : "host",
      evening: (await eveningPage(c.env.DB, club, e.id, userId, Date.now()))!,
    };
    return c.json(body201, 201);
  })

  /**
   * The evening's named host takes the table's host screen — a fresh host token for their
   * account (the table checks it is the one it was opened for). `not-allowed` for anyone else.
   */
  .post("/:id/evenings/:eid/host", vValidator("json", EmptyRequestSchema, invalidBody), async (c) => {
    const at = await signedInEvening(c);
    if (at instanceof Response) return at;
    const { userId, e } = at;
    if (!e.table_code || e.host_id !== userId) return apiError(c, "not-allowed", "Only the evening's named host takes its table's host screen.");
    const { stub } = tableStub(c.env, e.table_code)!;
    const claimed = await stub.claimHost(userId);
    if (!claimed.ok) return apiError(c, claimed.error.code, claimed.error.message);
    const out: HostTokenResponse = { code: e.table_code, token: claimed.token };
    return c.json(out, 200);
  });
