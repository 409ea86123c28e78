/**
 * /api/clubs — seasons, the champion table, the host's reviews with points, the club's finished games and
 * the owner's club settings (RULES.md §6.11, §7.11, §8; docs/CLUBS.md "Seasons" has the routes,
 * bodies and errors). Mounted beside worker/api/clubs.ts under the same prefix; the same rules: JSON bodies,
 * sessions for every change, public pages (a private review only for the club's hosts and the game's players).
 */
import { vValidator } from "@hono/valibot-validator";
import { Hono, type Context } from "hono";
import { wallTimeToUtc } from "../../shared/clubs/time.ts";
import { EmptyRequestSchema } from "../../shared/protocol/clubs.ts";
import { isTableCode, normalizeCode } from "../../shared/protocol/codes.ts";
import {
  ClubSettingsRequestSchema,
  CreateSeasonRequestSchema,
  ReviewRequestSchema,
  StartChampionRequestSchema,
  type ClubSeasons,
  type SeasonPage,
} from "../../shared/protocol/seasons.ts";
import { hiddenAccounts, publicName } from "../accounts/publication.ts";
import { readSession } from "../accounts/sessions.ts";
import { saveClubSettings } from "../clubs/manage.ts";
import {
  closeSeason,
  clubGame,
  clubGames,
  createSeason,
  currentSeason,
  isSeasonId,
  ratingGamesOf,
  reviewPage,
  seasonById,
  seasonStandings,
  seasonsOf,
  seasonView,
  seatsOfGame,
  startChampionTable,
  writeReview,
  type Namer,
  type SeasonRow,
} from "../clubs/seasons.ts";
import { clubById, clubOfPath, roleIn, type ClubRow } from "../clubs/store.ts";
import type { Env } from "../env.ts";
import { getPreset, seatRange } from "../table/engine.ts";
import { apiError, invalidBody } from "./errors.ts";

type AppEnv = { Bindings: Env };
type C = Context<AppEnv>;

/** Names in published lists (§8 "a player may opt out of publication"): the one rule of shared/publication.ts (publicName). */
const namer =
  (db: D1Database, viewerId: string | null): Namer =>
  async (ids) => {
    const hidden = await hiddenAccounts(db, ids);
    return (userId, nick) => publicName(userId, nick, hidden, viewerId);
  };

const pathClub = (c: C) => clubOfPath(c.env.DB, c.req.param("id"));

/** The caller (signed in) and the club of the path, when the caller may `need` it; else the error to answer. */
async function manager(c: C, need: "owner" | "host"): Promise<{ userId: string; club: ClubRow } | Response> {
  const session = await readSession(c);
  if (!session) return apiError(c, "sign-in-required", "Sign in first.");
  const club = await pathClub(c);
  if (!club) return apiError(c, "not-found", "No such club.");
  const role = await roleIn(c.env.DB, club.id, session.user.id);
  if (need === "owner" && role !== "owner") return apiError(c, "not-club-owner", "Only the club's owner runs its seasons and settings.");
  if (role !== "owner" && role !== "host") return apiError(c, "not-club-host", "Only the club's owner or a host reviews its games.");
  return { userId: session.user.id, club };
}

async function seasonPage(c: C, club: ClubRow, s: SeasonRow, viewerId: string | null): Promise<SeasonPage> {
  const role = viewerId ? await roleIn(c.env.DB, club.id, viewerId) : null;
  return { club: { id: club.id, name: club.name }, season: await seasonView(c.env.DB, s, viewerId, namer(c.env.DB, viewerId)), canManage: role === "owner" };
}

/** The club game of the path (/reviews/:code/:n), or null. */
async function pathGame(c: C) {
  const code = normalizeCode(c.req.param("code") ?? "");
  const n = Number(c.req.param("n"));
  if (!isTableCode(code) || !Number.isInteger(n) || n < 1 || n > 10_000) return null;
  return clubGame(c.env.DB, code, n);
}

async function review(c: C, viewerId: string | null) {
  const g = await pathGame(c);
  const club = g && (await clubById(c.env.DB, g.club_id));
  if (!g || !club) return null;
  const role = viewerId ? await roleIn(c.env.DB, club.id, viewerId) : null;
  return { g, club, page: await reviewPage(c.env.DB, club, g, viewerId ? { id: viewerId, role } : null, namer(c.env.DB, viewerId)) };
}

export const seasons = new Hono<AppEnv>()
  /** The club page's season part: the running (else latest) season's tables, all seasons, the latest games, the settings. */
  .get("/:id/seasons", async (c) => {
    const club = await pathClub(c);
    if (!club) return apiError(c, "not-found", "No such club.");
    const viewerId = (await readSession(c))?.user.id ?? null;
    const db = c.env.DB;
    const [current, list, games] = await Promise.all([currentSeason(db, club.id), seasonsOf(db, club.id), clubGames(db, club.id)]);
    const body: ClubSeasons = {
      season: current ? await seasonView(db, current, viewerId, namer(db, viewerId)) : null,
      seasons: list,
      games,
      settings: { reviewsPrivate: club.reviews_private === 1, tatarBonus: club.tatar_bonus, winPoints: club.win_points ?? 1, listed: club.listed !== 0 },
    };
    return c.json(body, 200);
  })

  /** The owner starts a season (one runs at a time: `season-running`). */
  .post("/:id/seasons", vValidator("json", CreateSeasonRequestSchema, invalidBody), async (c) => {
    const at = await manager(c, "owner");
    if (at instanceof Response) return at;
    const b = c.req.valid("json");
    const id = await createSeason(
      c.env.DB,
      at.club.id,
      { name: b.name, gamesTotal: b.gamesTotal ?? 15, bestOf: b.bestOf ?? 12, championSize: b.championSize ?? 12, championGames: b.championGames ?? 4 },
      at.userId,
      Date.now(),
    );
    if (id === null) return apiError(c, "season-running", "Finish or close the club's running season first.");
    return c.json(await seasonPage(c, at.club, (await seasonById(c.env.DB, at.club.id, id))!, at.userId), 201);
  })

  .get("/:id/seasons/:sid", async (c) => {
    const club = await pathClub(c);
    const s = club && isSeasonId(c.req.param("sid")) ? await seasonById(c.env.DB, club.id, c.req.param("sid")) : null;
    if (!club || !s) return apiError(c, "not-found", "No such season.");
    return c.json(await seasonPage(c, club, s, (await readSession(c))?.user.id ?? null), 200);
  })

  /**
   * §7.11 "the top 12 play a champion table of 4 games": after the season's N rating games the owner starts
   * it. The top `championSize` of the season table are frozen as its players and seated on a new evening of
   * the club (closed to sign-up) — the host opens its table as any evening's; its games' reviews count for
   * the champion table, and the last of its M games closes the season.
   */
  .post("/:id/seasons/:sid/champion", vValidator("json", StartChampionRequestSchema, invalidBody), async (c) => {
    const at = await manager(c, "owner");
    if (at instanceof Response) return at;
    const { club, userId } = at;
    const db = c.env.DB;
    const s = isSeasonId(c.req.param("sid") ?? "") ? await seasonById(db, club.id, c.req.param("sid") ?? "") : null;
    if (!s) return apiError(c, "not-found", "No such season.");
    if (s.status !== "open") return apiError(c, "season-not-open", "This season's champion table has started, or the season is closed.");
    const played = await ratingGamesOf(db, s.id);
    if (played < s.games_total) return apiError(c, "season-not-finished", `The season has ${played} of its ${s.games_total} rating games.`);
    const b = c.req.valid("json");
    const formats = JSON.parse(club.formats) as string[];
    const preset = getPreset(b.presetId ?? formats[0] ?? "");
    if (!preset || !formats.includes(preset.id)) return apiError(c, "unknown-preset", "The club does not play this format.", [{ path: "presetId", message: "not one of the club's formats" }]);
    const champions = (await seasonStandings(db, s)).slice(0, s.champion_size);
    const range = seatRange(preset.id, preset.defaultSettings);
    if (!range || champions.length < 2 || champions.length > range.max) {
      return apiError(c, "bad-settings", `${champions.length} champions cannot sit at one "${preset.id}" table.`, [{ path: "presetId", message: "seats" }]);
    }
    const now = Date.now();
    const startsAt = wallTimeToUtc(b.startsLocal, club.time_zone);
    if (startsAt === null || startsAt <= now) return apiError(c, "bad-request", "The champion table must start in the future.", [{ path: "startsLocal", message: "in the past" }]);
    const seats = Math.max(range.min, champions.length);
    const eveningId = await startChampionTable(
      db,
      s.id,
      { clubId: club.id, startsAt, timeZone: club.time_zone, online: b.online === true, place: b.online ? null : (b.place ?? null), presetId: preset.id, settings: preset.defaultSettings, seats, adultsOnly: club.adults_only },
      champions,
      userId,
      now,
    );
    return c.json({ ...(await seasonPage(c, club, (await seasonById(db, club.id, s.id))!, userId)), eveningId }, 201);
  })

  /** The owner closes a season early (the next one may start). */
  .post("/:id/seasons/:sid/close", vValidator("json", EmptyRequestSchema, invalidBody), async (c) => {
    const at = await manager(c, "owner");
    if (at instanceof Response) return at;
    const s = isSeasonId(c.req.param("sid") ?? "") ? await seasonById(c.env.DB, at.club.id, c.req.param("sid") ?? "") : null;
    if (!s) return apiError(c, "not-found", "No such season.");
    await closeSeason(c.env.DB, s.id, Date.now());
    return c.json(await seasonPage(c, at.club, (await seasonById(c.env.DB, at.club.id, s.id))!, at.userId), 200);
  })

  /** The owner's settings: private reviews (§8), the Tatar bonus (§7.11), the points for a win. */
  .post("/:id/settings", vValidator("json", ClubSettingsRequestSchema, invalidBody), async (c) => {
    const at = await manager(c, "owner");
    if (at instanceof Response) return at;
    const b = c.req.valid("json");
    const reviewsPrivate = b.reviewsPrivate ?? at.club.reviews_private === 1;
    const tatarBonus = b.tatarBonus ?? at.club.tatar_bonus;
    const winPoints = b.winPoints ?? at.club.win_points;
    const listed = b.listed ?? at.club.listed !== 0;
    await saveClubSettings(c.env.DB, at.club.id, { reviewsPrivate, tatarBonus, winPoints, listed });
    return c.json({ settings: { reviewsPrivate, tatarBonus, winPoints, listed } }, 200);
  })

  /** A club game's review: published with its record unless the club keeps reviews private. */
  .get("/reviews/:code/:n", async (c) => {
    const r = await review(c, (await readSession(c))?.user.id ?? null);
    return r ? c.json(r.page, 200) : apiError(c, "not-found", "No such club game.");
  })

  /**
   * The host's review (§7.11 "the host awards points at the review after each game"): every seat's points
   * with a reason (required unless 0), the notes. Written again when edited; the first review decides the
   * season and stage it counts for.
   */
  .put("/reviews/:code/:n", vValidator("json", ReviewRequestSchema, invalidBody), async (c) => {
    const session = await readSession(c);
    if (!session) return apiError(c, "sign-in-required", "Sign in first.");
    const r = await review(c, session.user.id);
    if (!r) return apiError(c, "not-found", "No such club game.");
    if (!r.page.canReview) return apiError(c, "not-club-host", "Only the club's owner or a host reviews its games.");
    const body = c.req.valid("json");
    const accounts = await seatsOfGame(c.env.DB, r.g.id);
    const given = new Set(body.points.map((p) => p.seat));
    const missing = [...accounts.keys()].filter((s) => !given.has(s));
    const unknown = body.points.filter((p) => !accounts.has(p.seat)).map((p) => p.seat);
    if (missing.length || unknown.length) {
      return apiError(c, "bad-request", "Give points to every seat of the game, and only to them.", [
        ...missing.map((s) => ({ path: "points", message: `seat ${s} has no points` })),
        ...unknown.map((s) => ({ path: "points", message: `seat ${s} did not play` })),
      ]);
    }
    await writeReview(c.env.DB, r.club, r.g, session.user.id, body, accounts, Date.now());
    return c.json((await review(c, session.user.id))!.page, 200);
  });
