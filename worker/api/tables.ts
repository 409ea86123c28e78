/**
 * /api/tables — create, summarise, join, return and connect. The worker validates and routes; every
 * decision about a table is made inside its Durable Object.
 */
import { vValidator } from "@hono/valibot-validator";
import { Hono, type Context } from "hono";
import * as v from "valibot";
import {
  ConsigliereJoinRequestSchema,
  ConsigliereConsentRequestSchema,
  ConsigliereInviteForRequestSchema,
  ConsigliereSeatRequestSchema,
  CreateTableRequestSchema,
  JoinRequestSchema,
  ReturnRequestSchema,
  SEATS_PER_ADDRESS,
  TakeoverRequestSchema,
  type TakeoverOfferResponse,
  type TakeoverResponse,
  toIssues,
  type CreateTableResponse,
  type TableGameRecord,
  type TableListResponse,
} from "../../shared/protocol/http.ts";
import { publishRows } from "../accounts/publication.ts";
import { awardsRewards } from "../accounts/records.ts";
import { readSession, sessionUserId } from "../accounts/sessions.ts";
import { eveningOfTable, roleIn } from "../clubs/store.ts";
import { DIRECTORY_NAME, type Env } from "../env.ts";
import { tableStub } from "../table-stub.ts";
import { addressOf, limitBucket } from "../security/address.ts";
import { randomTableCode } from "../security/random.ts";
import { rateLimit } from "../security/rate-limit.ts";
import { getPreset, seatRange, startRefusal, type PresetInfo } from "../table/engine.ts";
import type { InitRequest } from "../table/admission.ts";
import type { AccountRecord, RecordRefusal } from "../table/record.ts";
import { recordingRoutes } from "../recordings/api.ts";
import { recordingRow } from "../recordings/store.ts";
import { apiError, invalidBody } from "./errors.ts";
import { locationHintFor } from "./location.ts";
import { advisorOf, tableRulesTestMissing } from "../newcomers/service.ts";
import { rulesTestRequired } from "./newcomers.ts";

/**
 * Presets only a signed-in creator may choose (RULES.md §3 "Only a table creator with an account may
 * enable it", §8): the preset says so itself (`requiresAccount`), the one place that fact is kept.
 */
const requiresAccount = (info: PresetInfo | null): boolean => info?.requiresAccount === true;

/** Codes drawn before giving up (each draw collides with probability ≈ tables in use / 8.9e8). */
const CODE_ATTEMPTS = 8;

type AppEnv = { Bindings: Env };

/**
 * Create a table object under a fresh code (POST /api/tables; a club evening's table): the
 * request, already checked against its preset, goes to a new object near the caller. The created
 * table (code, link, organizer token), or the error to answer.
 */
export async function createTableObject(c: Context<AppEnv>, init: Omit<InitRequest, "code">): Promise<CreateTableResponse | Response> {
  const locationHint = locationHintFor(c.req.raw.cf as { continent?: unknown; longitude?: unknown } | undefined);
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const code = randomTableCode();
    const { stub } = tableStub(c.env, code, locationHint)!;
    const result = await stub.init({ code, ...init });
    if (result.ok) return { code, url: new URL(`/t/${code}`, c.req.url).toString(), organizerToken: result.organizerToken };
    if (result.reason === "unknown-preset") return apiError(c, "unknown-preset", `There is no preset "${init.presetId}".`);
    // "in-use": a code once handed out is never handed out again; draw another.
  }
  return apiError(c, "no-free-code", "Could not find a free table code; try again.");
}

/**
 * RULES.md §5.7: the signed-in caller of a takeover route and whether they are the owner or a host of the
 * club whose evening opened this table (a table no club evening opened has nobody allowed).
 */
async function clubTaker(c: Context<AppEnv>): Promise<Response | { code: string; stub: NonNullable<ReturnType<typeof tableStub>>["stub"]; userId: string; nick: string; allowed: boolean }> {
  const table = tableStub(c.env, c.req.param("code") ?? "");
  if (!table) return apiError(c, "not-found", "No table with this code.");
  const session = await readSession(c);
  if (!session) return apiError(c, "sign-in-required", "Sign in first.");
  const evening = await eveningOfTable(c.env.DB, table.code);
  const role = evening ? await roleIn(c.env.DB, evening.club_id, session.user.id) : null;
  return { code: table.code, stub: table.stub, userId: session.user.id, nick: session.user.nick, allowed: role === "owner" || role === "host" };
}

/** The table and game number of a …/games/:n/… path, or null when they cannot exist. */
function gamePath(c: Context<AppEnv>) {
  const table = tableStub(c.env, c.req.param("code") ?? "");
  const game = Number(c.req.param("n"));
  return table && Number.isInteger(game) && game >= 1 && game <= 100_000 ? { ...table, game } : null;
}

export const tables = new Hono<AppEnv>()
  /** The public lobby. */
  .get("/", async (c) => {
    const status = c.req.query("status");
    const filter = status === "lobby" || status === "playing" ? status : undefined;
    const directory = c.env.DIRECTORY.get(c.env.DIRECTORY.idFromName(DIRECTORY_NAME));
    const body: TableListResponse = { tables: await directory.list(filter) };
    return c.json(body, 200, { "cache-control": "no-store" });
  })

  /** Create a table from a preset and its settings. Limited per client address (security/rate-limit.ts). */
  .post("/", rateLimit("create"), vValidator("json", CreateTableRequestSchema, invalidBody), async (c) => {
    const body = c.req.valid("json");
    const preset = getPreset(body.presetId);
    // Checked before the preset's existence, so the answer for a guest does not depend on what is deployed.
    const creatorUserId = await sessionUserId(c);
    if (creatorUserId === null && requiresAccount(preset)) {
      return apiError(c, "sign-in-required", `Only a signed-in player can create a "${body.presetId}" table. Sign in or create an account first.`);
    }
    if (!preset) {
      return apiError(c, "unknown-preset", `There is no preset "${body.presetId}".`, [{ path: "presetId", message: "unknown preset" }]);
    }
    const settings = v.safeParse(preset.settingsSchema, { ...preset.defaultSettings, ...(body.settings ?? {}) });
    if (!settings.success) {
      const issues = toIssues(settings.issues).map((i) => ({ ...i, path: i.path ? `settings.${i.path}` : "settings" }));
      return apiError(c, "bad-settings", "The settings do not fit this preset.", issues);
    }
    // RULES.md §3: settings no seat count can play without starting at parity are refused here (none of
    // today's presets has such settings: city's 3 Mafia narrow its seats to 12, worker/table init).
    if (!seatRange(preset.id, settings.output)) {
      return apiError(c, "bad-settings", "No game of this preset can start with these settings: the black team would be as large as the red.", [{ path: "settings", message: "parity at the deal" }]);
    }
    // §5.5 Fast: the organizer plays and takes a seat, so there is no live host (§5.7) to be.
    if (body.host === "live" && preset.organizerPlays) {
      return apiError(c, "bad-settings", `At a "${preset.id}" table the organizer plays and takes a seat: it has no live host.`, [{ path: "host", message: "the organizer plays" }]);
    }
    // "Longer windows for beginners" (the votes' and the night steps' windows doubled). Decision:
    // a *rated* table is one whose games award rating — the preset's own `rewards` (RULES.md §2.14: sport),
    // the same fact worker/accounts/records.ts rates by. §2 fixes sport's timing (§2.6 "5 s each", closed
    // "10 s"; §2.10 "Shot, 7 s", "checks, 7 s") and a rating compares games played by it, so a rated table
    // keeps the rules' windows: the option is refused there and off by default. Every other table (the
    // §5 profiles, city, club, host-classic, tatar: no rating) takes it on by default, and its creator may
    // switch it off. (RULES.md's note under §2 on 002's tournament format gives the same short windows with
    // no lengthening; the lengthening here is "the way 002's tournament format lengthens its windows for a
    // company at a table" — a table option, never a change of the rated game.) A club evening's table
    // (api/clubs.ts, its games count for the season, §7.10) is opened without it.
    const rated = awardsRewards(preset.id);
    if (rated && body.longWindows === true) {
      return apiError(c, "bad-settings", `A "${preset.id}" table is rated: it keeps the rules' vote and night windows.`, [{ path: "longWindows", message: "a rated table keeps the rules' windows" }]);
    }
    const longWindows = body.longWindows ?? !rated;
    // §5.1: a table of the size its creator chose (the profile screen), one its composition can start with.
    if (body.seats !== undefined) {
      const outside = body.seats < preset.seats.min || body.seats > preset.seats.max;
      const why = outside ? `"${preset.id}" seats ${preset.seats.min}–${preset.seats.max}` : startRefusal(preset.id, settings.output, body.seats);
      if (why !== null) return apiError(c, "bad-settings", `A table of ${body.seats} seats cannot play: ${why}.`, [{ path: "seats", message: why }]);
    }
    const result = await createTableObject(c, {
        presetId: preset.id,
        settings: settings.output,
        public: body.public ?? false,
        host: body.host ?? "server",
        spectatorDelaySeconds: body.spectatorDelaySeconds ?? 0,
        allowSameDevice: body.allowSameDevice ?? false,
        seatsPerAddress: body.seatsPerAddress ?? SEATS_PER_ADDRESS,
        ...(body.seats !== undefined ? { seats: body.seats } : {}),
        botAfterMinutesAway: body.botAfterMinutesAway ?? null,
        ...(body.botLevel ? { botLevel: body.botLevel } : {}),
        recording: body.recording ?? false,
        deadHear: body.deadHear ?? true,
        spectatorsHear: body.spectatorsHear ?? true,
        longWindows,
        creatorUserId,
    });
    return result instanceof Response ? result : c.json(result, 201);
  })

  /** The public summary for a join page. */
  .get("/:code", async (c) => {
    const table = tableStub(c.env, c.req.param("code") ?? "");
    if (!table) return apiError(c, "not-found", "No table with this code.");
    const summary = await table.stub.summary();
    if (!summary) return apiError(c, "not-found", "No table with this code.");
    return c.json(summary, 200, { "cache-control": "no-store" });
  })

  /**
   * RULES.md §8: game `n` of the table's series as a public record to replay — only once that
   * game is over (docs/PROTOCOL.md "Game records"). The nick of every player who opted out of
   * publication is hidden ("Player N") unless the caller is that player (worker/accounts/publication.ts);
   * no account id is sent. The answer depends on the caller and on the players' current choice, so it is
   * not cached (the API's default `no-store`).
   */
  .get("/:code/games/:n", async (c) => {
    const table = tableStub(c.env, c.req.param("code") ?? "");
    const n = Number(c.req.param("n"));
    if (!table || !Number.isInteger(n) || n < 1 || n > 100_000) return apiError(c, "not-found", "No such game at this table.");
    if (!(await table.stub.summary())) return apiError(c, "not-found", "No table with this code.");
    // The RPC result's type drops objects holding `unknown` (the settings): it is the object's AccountRecord.
    const record = (await table.stub.record(n)) as AccountRecord | RecordRefusal;
    if (record === "not-found") return apiError(c, "not-found", "No such game at this table.");
    if (record === "not-ended") return apiError(c, "not-ended", "This game is not over yet: its record opens at the end.");
    const players = await publishRows(c.env.DB, await sessionUserId(c), record.players);
    // Whether a recording exists (not who may hear it): the record page asks for its info only then.
    const rec = await recordingRow(c.env.DB, `rec/${table.code}/${n}`);
    const body: TableGameRecord = { ...record, players, recording: rec !== null && rec.expires_at > Date.now() };
    return c.json(body, 200);
  })

  /** RULES.md §6.11: game `n`'s audio recording — upload, listen, info (worker/recordings/api.ts). */
  .route("/:code/games/:n/recording", recordingRoutes(gamePath))

  /** Sit down at the table. */
  .post("/:code/join", vValidator("json", JoinRequestSchema, invalidBody), async (c) => {
    const table = tableStub(c.env, c.req.param("code") ?? "");
    if (!table) return apiError(c, "not-found", "No table with this code.");
    const { nickname, deviceId, organizerToken } = c.req.valid("json");
    // A signed-in player's seat is linked to the account (records, rating); guests sit as before.
    const userId = await sessionUserId(c);
    // RULES.md §7.11: a club evening's table whose club requires its rules test seats only a pass.
    const untested = userId ? await tableRulesTestMissing(c.env.DB, table.code, userId) : null;
    if (untested) return rulesTestRequired(c, untested);
    const result = await table.stub.join(nickname, { deviceId, address: addressOf(c.req.raw), organizerToken, ...(userId ? { userId } : {}) });
    if (!result.ok) return apiError(c, result.error.code, result.error.message);
    return c.json(result.body, 200);
  })

  /**
   * RULES.md §5.7 (2026-12-06): may the signed-in caller — the owner or a host of the club whose evening
   * opened this table — take over from a live host who is away? Anyone else is offered nothing.
   */
  .get("/:code/takeover", async (c) => {
    const who = await clubTaker(c);
    if (who instanceof Response) return who;
    const offer = await who.stub.takeoverOffer(who.userId);
    if (!offer) return apiError(c, "not-found", "No table with this code.");
    const body: TakeoverOfferResponse = { offers: who.allowed && offer.until !== null ? ["server", "host"] : [], until: offer.until, seated: offer.seated };
    return c.json(body, 200);
  })

  /** RULES.md §5.7: the club's owner or a host hands the table to the server, or takes over as its host (a new host token). */
  .post("/:code/takeover", vValidator("json", TakeoverRequestSchema, invalidBody), async (c) => {
    const who = await clubTaker(c);
    if (who instanceof Response) return who;
    if (!who.allowed) return apiError(c, "not-club-host", "Only the club's owner or one of its hosts takes over from the table's host (RULES.md §5.7).");
    const result = await who.stub.takeover(who.userId, who.nick, c.req.valid("json").as);
    if (!result.ok) return apiError(c, result.error.code, result.error.message);
    const body: TakeoverResponse = { code: who.code, token: result.token };
    return c.json(body, 200);
  })

  /** Back to one's seat from another device with the personal return code. */
  .post("/:code/return", vValidator("json", ReturnRequestSchema, invalidBody), async (c) => {
    const table = tableStub(c.env, c.req.param("code") ?? "");
    if (!table) return apiError(c, "not-found", "No table with this code.");
    const { returnCode } = c.req.valid("json");
    const result = await table.stub.returnToSeat(returnCode, addressOf(c.req.raw));
    if (!result.ok) {
      if (result.error.code === "rate-limited") c.header("retry-after", String(result.retryAfterSeconds ?? 60));
      return apiError(c, result.error.code, result.error.message);
    }
    return c.json(result.body, 200);
  })

  /** RULES.md §7.10: the seated player asks for a one-time code for their consigliere. */
  .post("/:code/consigliere/invite", vValidator("json", ConsigliereSeatRequestSchema, invalidBody), async (c) => {
    const table = tableStub(c.env, c.req.param("code") ?? "");
    if (!table) return apiError(c, "not-found", "No table with this code.");
    const result = await table.stub.consigliereInvite(c.req.valid("json").token);
    if (!result.ok) return apiError(c, result.error.code, result.error.message);
    return c.json(result.body, 200);
  })

  /** RULES.md §7.10: the organizer (or live host) invites a consigliere for a seated newcomer. */
  .post("/:code/consigliere/invite-for", vValidator("json", ConsigliereInviteForRequestSchema, invalidBody), async (c) => {
    const table = tableStub(c.env, c.req.param("code") ?? "");
    if (!table) return apiError(c, "not-found", "No table with this code.");
    const { token, nickname } = c.req.valid("json");
    const result = await table.stub.consigliereInviteFor(token, nickname);
    if (!result.ok) return apiError(c, result.error.code, result.error.message);
    return c.json(result.body, 200);
  })

  /** RULES.md §7.10: the seated player accepts or declines the organizer's invitation for their seat (their own token). */
  .post("/:code/consigliere/consent", vValidator("json", ConsigliereConsentRequestSchema, invalidBody), async (c) => {
    const table = tableStub(c.env, c.req.param("code") ?? "");
    if (!table) return apiError(c, "not-found", "No table with this code.");
    const { token, accept } = c.req.valid("json");
    const result = await table.stub.consigliereConsent(token, accept);
    if (!result.ok) return apiError(c, result.error.code, result.error.message);
    return c.json({}, 200);
  })

  /** The player revokes their consigliere (or the pending invitation). */
  .post("/:code/consigliere/revoke", vValidator("json", ConsigliereSeatRequestSchema, invalidBody), async (c) => {
    const table = tableStub(c.env, c.req.param("code") ?? "");
    if (!table) return apiError(c, "not-found", "No table with this code.");
    const result = await table.stub.consigliereRevoke(c.req.valid("json").token);
    if (!result.ok) return apiError(c, result.error.code, result.error.message);
    return c.json({}, 200);
  })

  /** The advisor joins with the code: their own token and return code, like a player's. */
  .post("/:code/consigliere", vValidator("json", ConsigliereJoinRequestSchema, invalidBody), async (c) => {
    const table = tableStub(c.env, c.req.param("code") ?? "");
    if (!table) return apiError(c, "not-found", "No table with this code.");
    const { code, nickname, deviceId } = c.req.valid("json");
    // RULES.md §7.10 (2026-12-06): a signed-in advisor binds with their account (it counts for a newcomer at a
    // rating table when experienced); a guest binds as before but never counts there.
    const userId = await sessionUserId(c);
    // §7.10: never the newcomer's own address — compared only where a real client address is known (limitBucket).
    const result = await table.stub.consigliereJoin(code, nickname, deviceId, userId ? await advisorOf(c.env, table.code, userId) : null, limitBucket(c.req.raw));
    if (!result.ok) return apiError(c, result.error.code, result.error.message);
    return c.json(result.body, 200);
  })

  /** The table's WebSocket (see docs/PROTOCOL.md): forwarded to the object as is. */
  .get("/:code/socket", async (c) => {
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") return apiError(c, "upgrade-required", "Expected a WebSocket upgrade.");
    const table = tableStub(c.env, c.req.param("code") ?? "");
    if (!table) return apiError(c, "not-found", "No table with this code.");
    return table.stub.fetch(c.req.raw);
  });
