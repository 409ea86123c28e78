/**
 * The routes of a club's newcomers (RULES.md §7.10–§7.11 *decisions*; docs/NEWCOMERS.md): the club's
 * rules-test setting, members who offer to advise, the evening's newcomer rules, and a seated newcomer
 * asking an advisor who accepts. The rules live in worker/newcomers/service.ts; an account the club's test
 * keeps out is refused with `rules-test-required`, whose issue names the format so the page links to its test.
 */
import { vValidator } from "@hono/valibot-validator";
import { Hono, type Context } from "hono";
import type { JoinResponse } from "../../shared/protocol/http.ts";
import { AdviseRequestSchema, ClubRulesTestRequestSchema, ConsigliereAcceptRequestSchema, ConsigliereAskRequestSchema, type EveningNewcomers } from "../../shared/protocol/rules-test.ts";
import { PASS_MARK } from "../../shared/rules-test/index.ts";
import { readSession, sessionUserId } from "../accounts/sessions.ts";
import { userByNick } from "../accounts/users.ts";
import { clubOfPath, eveningById, eveningOfTable, isId } from "../clubs/store.ts";
import type { Env } from "../env.ts";
import { advisorOf, eveningNewcomers } from "../newcomers/service.ts";
import { limitBucket } from "../security/address.ts";
import { advisesIn, askToAdvise, candidatesOf, closeAdviseRequests, setAdvises, setRulesTest, wasAsked } from "../newcomers/store.ts";
import { tableStub } from "../table-stub.ts";
import { apiError, invalidBody } from "./errors.ts";

type AppEnv = { Bindings: Env };
type C = Context<AppEnv>;

/** The refusal of an account the club's rules test keeps out of an evening of `format` (§7.11). */
export const rulesTestRequired = (c: C, format: string) =>
  apiError(c, "rules-test-required", `This club asks newcomers to pass its rules test first (RULES.md §7.11): take the ${format} test.`, [{ path: "rulesTest", message: format }]);

const signInFirst = (c: C) => apiError(c, "sign-in-required", "Sign in first.");

/** Mounted at /api/clubs. */
export const newcomerClubs = new Hono<AppEnv>()
  /** The owner's setting: the rules test required for the club's evenings, and its mark (8–10). */
  .post("/:id/rules-test", vValidator("json", ClubRulesTestRequestSchema, invalidBody), async (c) => {
    const session = await readSession(c);
    if (!session) return signInFirst(c);
    const club = await clubOfPath(c.env.DB, c.req.param("id"));
    if (!club) return apiError(c, "not-found", "No such club.");
    if (club.owner_id !== session.user.id) return apiError(c, "not-club-owner", "Only the club's owner sets this.");
    const b = c.req.valid("json");
    const mark = b.mark ?? club.rules_test_mark ?? PASS_MARK;
    await setRulesTest(c.env.DB, club.id, b.required, mark);
    return c.json({ rulesTest: { required: b.required, mark } }, 200);
  })

  /** The club's rules test setting (public: the owner's form shows it; the evening page says it). */
  .get("/:id/rules-test", async (c) => {
    const club = await clubOfPath(c.env.DB, c.req.param("id"));
    if (!club) return apiError(c, "not-found", "No such club.");
    return c.json({ rulesTest: { required: club.rules_test_required === 1, mark: club.rules_test_mark ?? PASS_MARK } }, 200);
  })

  /** A member's setting: offers to advise newcomers (listed as a consigliere candidate). */
  .post("/:id/advise", vValidator("json", AdviseRequestSchema, invalidBody), async (c) => {
    const session = await readSession(c);
    if (!session) return signInFirst(c);
    const club = await clubOfPath(c.env.DB, c.req.param("id"));
    if (!club) return apiError(c, "not-found", "No such club.");
    const offer = c.req.valid("json").offer;
    if (!(await setAdvises(c.env.DB, club.id, session.user.id, offer))) return apiError(c, "not-allowed", "Only the club's members offer to advise.");
    return c.json({ advises: offer, candidates: await candidatesOf(c.env.DB, club.id) }, 200);
  })

  /** The evening's newcomer rules for the viewer: the test (required? passed?), candidates, requests to advise. */
  .get("/:id/evenings/:eid/newcomers", async (c) => {
    const club = await clubOfPath(c.env.DB, c.req.param("id"));
    const e = club && isId("e", c.req.param("eid")) ? await eveningById(c.env.DB, club.id, c.req.param("eid")) : null;
    if (!club || !e) return apiError(c, "not-found", "No such evening.");
    const body: EveningNewcomers = await eveningNewcomers(c.env, club, e, await sessionUserId(c));
    return c.json(body, 200);
  });

/** Mounted at /api/tables. */
export const newcomerTables = new Hono<AppEnv>()
  /** The club's advising members for a club evening's table (public nicknames; empty elsewhere): the newcomer's candidates. */
  .get("/:code/advisors", async (c) => {
    const table = tableStub(c.env, c.req.param("code") ?? "");
    if (!table) return apiError(c, "not-found", "No table with this code.");
    const e = await eveningOfTable(c.env.DB, table.code);
    return c.json({ candidates: e ? await candidatesOf(c.env.DB, e.club_id) : [] }, 200);
  })
  /** The seated newcomer asks an advising member of the evening's club to be their consigliere. */
  .post("/:code/consigliere/ask", vValidator("json", ConsigliereAskRequestSchema, invalidBody), async (c) => {
    const table = tableStub(c.env, c.req.param("code") ?? "");
    if (!table) return apiError(c, "not-found", "No table with this code.");
    const { token, nickname } = c.req.valid("json");
    const e = await eveningOfTable(c.env.DB, table.code);
    if (!e) return apiError(c, "no-consigliere", "Only a club evening's table asks its club's advisors.");
    const member = await userByNick(c.env.DB, nickname);
    if (!member || (await advisesIn(c.env.DB, e.club_id, member.id)) !== true) return apiError(c, "not-found", `${nickname} does not offer to advise in this club.`, [{ path: "nickname", message: "not an advisor" }]);
    const seat = await table.stub.consigliereSeat(token);
    if (!seat.ok) return apiError(c, seat.error.code, seat.error.message);
    await askToAdvise(c.env.DB, { tableCode: table.code, playerId: seat.playerId, nickname: seat.nickname, userId: member.id, eveningId: e.id }, Date.now());
    return c.json({ asked: member.nick }, 200);
  })

  /** The asked member accepts (signed in): bound to the seat at once, with their own token and return code. */
  .post("/:code/consigliere/accept", vValidator("json", ConsigliereAcceptRequestSchema, invalidBody), async (c) => {
    const session = await readSession(c);
    if (!session) return signInFirst(c);
    const table = tableStub(c.env, c.req.param("code") ?? "");
    if (!table) return apiError(c, "not-found", "No table with this code.");
    const { playerId, deviceId } = c.req.valid("json");
    if (!(await wasAsked(c.env.DB, table.code, playerId, session.user.id))) return apiError(c, "not-found", "Nobody at this table asked you to advise them.");
    // §7.10: never the newcomer's own address — compared only where a real client address is known (limitBucket).
    const result = await table.stub.consigliereAccept(playerId, session.user.nick, deviceId, await advisorOf(c.env, table.code, session.user.id), limitBucket(c.req.raw));
    if (!result.ok) return apiError(c, result.error.code, result.error.message);
    await closeAdviseRequests(c.env.DB, table.code, playerId);
    const body: JoinResponse = result.body;
    return c.json(body, 200);
  });
