/**
 * /api/tournaments (RULES.md §9; docs/TOURNAMENTS.md "API"): a thin router in front of one
 * Durable Object per tournament (worker/tournaments/TournamentObject.ts, its decisions shared/tournaments/lifecycle.ts).
 * JSON bodies (strict schemas, shared/protocol/tournaments.ts), a session for every change; the pages
 * are public, with the publication opt-out masking names (§9.7: "a player (name hidden)").
 */
import { vValidator } from "@hono/valibot-validator";
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { EmptyRequestSchema } from "../../shared/protocol/clubs.ts";
import {
  CreateTournamentRequestSchema,
  DrawRequestSchema,
  ExtraRequestSchema,
  FillBotsRequestSchema,
  JudgesRequestSchema,
  OpenRoundRequestSchema,
  SwapRequestSchema,
  TOURNAMENT_PRESETS,
  type TournamentListItem,
  type TournamentPage,
} from "../../shared/protocol/tournaments.ts";
import { judgeOfferFor, pointsOfSeat } from "../../shared/tournaments/view.ts";
import { hiddenAccounts, publicName } from "../accounts/publication.ts";
import { readSession } from "../accounts/sessions.ts";
import { nickOf, userByNick } from "../accounts/users.ts";
import type { Env } from "../env.ts";
import { base64url } from "../security/random.ts";
import { getPreset, seatRange } from "../table/engine.ts";
import { latestTournaments } from "../tournaments/list.ts";
import type { Done, RankedStanding, TournamentDoc } from "../../shared/tournaments/lifecycle.ts";
import type { DrawFigures } from "../../shared/tournaments/draw.ts";
import { apiError, invalidBody } from "./errors.ts";

type AppEnv = { Bindings: Env };
type C = Context<AppEnv>;

const ID = /^t[A-Za-z0-9_-]{16}$/;
const newTournamentId = () => "t" + base64url(crypto.getRandomValues(new Uint8Array(12)));

function stubOf(c: C) {
  const id = c.req.param("id") ?? "";
  if (!ID.test(id)) return null;
  return c.env.TOURNAMENT.get(c.env.TOURNAMENT.idFromName(id));
}

/** The object's answer as HTTP: 200 with `body`, or its refusal. */
function answer<T extends object>(c: C, r: Done<T>, body?: (r: T) => unknown) {
  if (!r.ok) return apiError(c, r.code, r.message);
  return c.json(body ? body(r as unknown as T) : { ok: true }, 200);
}

/** The tournament's document (RPC answers are structured clones; the type is the object's). */
const readDoc = async (stub: NonNullable<ReturnType<typeof stubOf>>): Promise<TournamentDoc | null> => (await stub.read()) as unknown as TournamentDoc | null;

/** The page for one viewer: names of opted-out accounts masked, the viewer's own part. */
async function page(c: C, d: TournamentDoc, check: DrawFigures | null, standings: RankedStanding[], viewerId: string | null): Promise<TournamentPage> {
  const hidden = await hiddenAccounts(c.env.DB, [...d.entrants.map((e) => e.userId), d.organizerId, ...d.judges.map((j) => j.userId)]);
  const organizer = await nickOf(c.env.DB, d.organizerId);
  // A judge's name under the same rule (§8 opt-out), but for the organizer, who named the judges and edits
  // the list by their nicks: null when hidden.
  const judgeName = (userId: string): string | null => {
    const j = d.judges.find((x) => x.userId === userId);
    if (!j) return null;
    return viewerId === d.organizerId ? j.nickname : publicName(j.userId, j.nickname, hidden, viewerId);
  };
  const offerOf = (t: TournamentDoc["schedule"][number]["tables"][number]) => judgeOfferFor(viewerId, d, t);
  return {
    id: d.id, name: d.name, organizer: organizer !== null ? publicName(d.organizerId, organizer, hidden, viewerId) : null,
    presetId: d.presetId, seats: d.seats, rounds: d.rounds, finalGames: d.finalGames, finalFromZero: d.finalFromZero, host: d.host,
    status: d.status, seed: d.seed,
    entrants: d.entrants.map((e) => {
      const name = publicName(e.userId, e.nickname, hidden, viewerId);
      return { entrant: e.entrant, nickname: name, hidden: name === null, bot: e.bot };
    }),
    judges: d.judges.map((j) => judgeName(j.userId)),
    schedule: d.schedule.map((r) => ({
      round: r.round, final: r.final, status: r.status === "opening" ? "pending" : r.status, scheduledAt: r.scheduledAt, sitOut: r.sitOut,
      tables: r.tables.map((t) => ({
        slot: t.slot, code: t.code, status: t.status, entrants: t.entrants,
        judge: t.judge ? judgeName(t.judge) : null,
        ...(t.judge && d.judges.some((j) => j.userId === t.judge) && judgeName(t.judge) === null ? { judgeHidden: true } : {}),
        ...(t.unjudged ? { unjudged: t.unjudged } : {}),
        ...(offerOf(t) ? { judgeOffer: offerOf(t)! } : {}),
        result: t.facts
          ? {
              winner: t.facts.winner,
              bestMove: t.facts.bestMove,
              seats: t.facts.seats.map((s, i) => ({
                seat: s.seat, entrant: t.entrants[i]!, role: s.role, team: s.team, removed: s.removed,
                extra: t.extras[String(s.seat)]?.extra ?? 0, reason: t.extras[String(s.seat)]?.reason ?? "",
                points: pointsOfSeat(t.facts!, s.seat, t.extras[String(s.seat)]?.extra ?? 0),
              })),
            }
          : null,
      })),
    })),
    standings: standings.map((s) => ({
      rank: s.rank, entrant: Number(s.player), total: s.total, games: s.games, wins: s.wins, extra: s.extra, bestMove: s.bestMove,
      winsAsDon: s.winsAsDon, winsAsChecker: s.winsAsChecker, removals: s.removals, finalist: s.finalist,
    })),
    you: {
      organizer: viewerId === d.organizerId,
      judge: viewerId !== null && d.judges.some((j) => j.userId === viewerId),
      registered: viewerId !== null && d.entrants.some((e) => e.userId === viewerId),
    },
    check,
  };
}

async function signedIn(c: C): Promise<{ userId: string; nick: string } | Response> {
  const s = await readSession(c);
  if (!s) return apiError(c, "sign-in-required", "Sign in first.");
  return { userId: s.user.id, nick: s.user.nick };
}

const int = (s: string | undefined, min: number, max: number): number | null => {
  const n = Number(s);
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
};

export const tournaments = new Hono<AppEnv>()
  /** The latest tournaments (D1). */
  .get("/", async (c) => {
    const list: TournamentListItem[] = await latestTournaments(c.env.DB);
    return c.json({ tournaments: list }, 200);
  })

  /** §9.1 create (an organizer with an account): preset and table size, R, F, the final's points, judges or the server. */
  .post("/", vValidator("json", CreateTournamentRequestSchema, invalidBody), async (c) => {
    const me = await signedIn(c);
    if (me instanceof Response) return me;
    const body = c.req.valid("json");
    const preset = getPreset(body.presetId)!;
    const parsed = v.safeParse(preset.settingsSchema, { ...preset.defaultSettings, ...(body.settings ?? {}) });
    if (!parsed.success) return apiError(c, "bad-settings", "The settings do not fit this preset.");
    const range = seatRange(preset.id, parsed.output) ?? preset.seats;
    const fixed = TOURNAMENT_PRESETS[body.presetId];
    const seats = body.seats ?? fixed ?? range.max;
    if ((fixed !== null && seats !== fixed) || seats < range.min || seats > range.max) {
      return apiError(c, "bad-settings", `A "${preset.id}" table has ${fixed ?? `${range.min}–${range.max}`} seats.`, [{ path: "seats", message: "table size" }]);
    }
    if (body.finalGames > seats) return apiError(c, "bad-settings", "The final has at most as many games as seats (each finalist in a different position).", [{ path: "finalGames", message: `at most ${seats}` }]);
    const id = newTournamentId();
    const stub = c.env.TOURNAMENT.get(c.env.TOURNAMENT.idFromName(id));
    const r = await stub.create({
      id, name: body.name, organizerId: me.userId, presetId: preset.id, settings: parsed.output, seats, rounds: body.rounds,
      finalGames: body.finalGames, finalFromZero: body.finalFromZero, host: body.host, createdAt: Date.now(),
    });
    if (!r.ok) return apiError(c, r.code, r.message);
    return c.json({ id }, 201);
  })

  /** The tournament page: registration, the schedule (rounds × tables), standings, the final. */
  .get("/:id", async (c) => {
    const stub = stubOf(c);
    const d = stub ? await readDoc(stub) : null;
    if (!stub || !d) return apiError(c, "not-found", "No such tournament.");
    const viewerId = (await readSession(c))?.user.id ?? null;
    return c.json(await page(c, d, (await stub.check()) as DrawFigures | null, (await stub.standingsNow()) as RankedStanding[], viewerId), 200);
  })

  .post("/:id/register", vValidator("json", EmptyRequestSchema, invalidBody), async (c) => {
    const me = await signedIn(c);
    if (me instanceof Response) return me;
    const stub = stubOf(c);
    if (!stub) return apiError(c, "not-found", "No such tournament.");
    return answer(c, await stub.register(me.userId, me.nick));
  })

  /** Withdraw oneself, or (organizer, before the draw) remove entrant `?entrant=N`. */
  .post("/:id/unregister", vValidator("json", v.strictObject({ entrant: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))) }), invalidBody), async (c) => {
    const me = await signedIn(c);
    if (me instanceof Response) return me;
    const stub = stubOf(c);
    if (!stub) return apiError(c, "not-found", "No such tournament.");
    return answer(c, await stub.unregister(me.userId, c.req.valid("json").entrant ?? null));
  })

  .post("/:id/close", vValidator("json", EmptyRequestSchema, invalidBody), async (c) => {
    const me = await signedIn(c);
    if (me instanceof Response) return me;
    const stub = stubOf(c);
    if (!stub) return apiError(c, "not-found", "No such tournament.");
    return answer(c, await stub.closeRegistration(me.userId));
  })

  .post("/:id/judges", vValidator("json", JudgesRequestSchema, invalidBody), async (c) => {
    const me = await signedIn(c);
    if (me instanceof Response) return me;
    const stub = stubOf(c);
    if (!stub) return apiError(c, "not-found", "No such tournament.");
    const judges: Array<{ userId: string; nickname: string }> = [];
    for (const nick of c.req.valid("json").nicks) {
      const u = await userByNick(c.env.DB, nick);
      if (!u) return apiError(c, "not-found", `No account ${nick}.`, [{ path: "nicks", message: nick }]);
      judges.push({ userId: u.id, nickname: u.nick });
    }
    return answer(c, await stub.setJudges(me.userId, judges));
  })

  .post("/:id/bots", vValidator("json", FillBotsRequestSchema, invalidBody), async (c) => {
    const me = await signedIn(c);
    if (me instanceof Response) return me;
    const stub = stubOf(c);
    if (!stub) return apiError(c, "not-found", "No such tournament.");
    return answer(c, await stub.fillBots(me.userId, c.req.valid("json").players));
  })

  .post("/:id/draw", vValidator("json", DrawRequestSchema, invalidBody), async (c) => {
    const me = await signedIn(c);
    if (me instanceof Response) return me;
    const stub = stubOf(c);
    if (!stub) return apiError(c, "not-found", "No such tournament.");
    return answer(c, (await stub.draw(me.userId, c.req.valid("json").seed)) as Done<{ figures: DrawFigures }>, (r) => ({ figures: r.figures }));
  })

  .post("/:id/swap", vValidator("json", SwapRequestSchema, invalidBody), async (c) => {
    const me = await signedIn(c);
    if (me instanceof Response) return me;
    const stub = stubOf(c);
    if (!stub) return apiError(c, "not-found", "No such tournament.");
    const b = c.req.valid("json");
    return answer(c, (await stub.swap(me.userId, b.a, b.b)) as Done<{ figures: DrawFigures }>, (r) => ({ figures: r.figures }));
  })

  /** §9.3 open round N now (or at `at`); refused until round N − 1 has ended. */
  .post("/:id/rounds/:n/open", vValidator("json", OpenRoundRequestSchema, invalidBody), async (c) => {
    const me = await signedIn(c);
    if (me instanceof Response) return me;
    const stub = stubOf(c);
    const n = int(c.req.param("n"), 1, 60);
    if (!stub || n === null) return apiError(c, "not-found", "No such round.");
    return answer(c, (await stub.openRound(me.userId, n, c.req.valid("json").at, new URL(c.req.url).origin)) as Done<{ codes: string[] }>, (r) => ({ codes: r.codes }));
  })

  /** The table's judge takes its host screen (the table's live host, §5.7): a host token for their account. */
  .post("/:id/rounds/:n/tables/:slot/host", vValidator("json", EmptyRequestSchema, invalidBody), async (c) => {
    const me = await signedIn(c);
    if (me instanceof Response) return me;
    const stub = stubOf(c);
    const d = stub ? await readDoc(stub) : null;
    const t = d?.schedule[(int(c.req.param("n"), 1, 60) ?? 0) - 1]?.tables.find((x) => x.slot === int(c.req.param("slot"), 0, 100));
    if (!d || !t || !t.code) return apiError(c, "not-found", "No such table.");
    if (t.judge !== me.userId) return apiError(c, "not-allowed", "Only the table's judge takes its host screen.");
    const table = c.env.TABLE.get(c.env.TABLE.idFromName(t.code));
    const claimed = await table.claimHost(me.userId);
    if (!claimed.ok) return apiError(c, claimed.error.code, claimed.error.message);
    return c.json({ code: t.code, token: claimed.token }, 200);
  })

  /** §9.4 the judge's (or the organizer's) extra points for one game, each with its reason. */
  .post("/:id/rounds/:n/tables/:slot/extra", vValidator("json", ExtraRequestSchema, invalidBody), async (c) => {
    const me = await signedIn(c);
    if (me instanceof Response) return me;
    const stub = stubOf(c);
    const n = int(c.req.param("n"), 1, 60);
    const slot = int(c.req.param("slot"), 0, 100);
    if (!stub || n === null || slot === null) return apiError(c, "not-found", "No such table.");
    return answer(c, await stub.extra(me.userId, n, slot, c.req.valid("json").points));
  });
