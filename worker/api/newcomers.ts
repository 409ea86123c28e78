/**
 * Issue 37, a club's newcomers (RULES.md §7.10–§7.11 *decisions*; docs/NEWCOMERS.md):
 *
 * - The club's setting "rules test required for evenings" (owner) and its mark: an account without a pass
 *   of the evening's format at that mark is refused at sign-up and at the evening's table with
 *   `rules-test-required` (the error's issue names the format, so the page links to its test).
 * - A rating table ("a table opened from a club evening while the club's season runs") in a format with
 *   consiglieri (tatar): the accounts with fewer than 10 finished games of the format are named to the
 *   table when it opens; the table does not start while one of them sits without a bound consigliere.
 * - A member's setting "I offer to advise newcomers": the candidates. A seated newcomer asks one by
 *   nickname; the member accepts from the evening page and is bound to the seat (as an invitation
 *   code would, worker/table/consigliere.ts); invitation codes work as before.
 */
import { vValidator } from "@hono/valibot-validator";
import { Hono, type Context } from "hono";
import type { JoinResponse } from "../../shared/protocol/http.ts";
import { AdviseRequestSchema, ClubRulesTestRequestSchema, ConsigliereAcceptRequestSchema, ConsigliereAskRequestSchema, type EveningNewcomers } from "../../shared/protocol/rules-test.ts";
import { hasBank, PASS_MARK } from "../../shared/rules-test/index.ts";
import { readSession, sessionUserId } from "../accounts/sessions.ts";
import { userByNick } from "../accounts/users.ts";
import { clubOfPath, eveningById, isId, roleIn, type ClubRow } from "../clubs/store.ts";
import type { Env } from "../env.ts";
import { getPreset } from "../table/engine.ts";
import type { AdvisorAccount } from "../table/consigliere.ts";
import { experiencedIn } from "../clubs/experience.ts";
import { listPresets } from "../../shared/engine/presets/index.ts";
import { hasPass } from "../rules-test/store.ts";
import { apiError, invalidBody } from "./errors.ts";
import { tableStub } from "./tables.ts";

type AppEnv = { Bindings: Env };
type C = Context<AppEnv>;

interface ClubTestRow {
  rules_test_required: number;
  rules_test_mark: number;
}

/** The refusal for an account the club's rules test keeps out of an evening of `format`, or null. */
export async function rulesTestGate(c: C, club: ClubTestRow, format: string, userId: string): Promise<Response | null> {
  if (club.rules_test_required !== 1 || !hasBank(format)) return null;
  if (await hasPass(c.env.DB, userId, format, club.rules_test_mark ?? PASS_MARK)) return null;
  return apiError(c, "rules-test-required", `This club asks newcomers to pass its rules test first (RULES.md §7.11): take the ${format} test.`, [
    { path: "rulesTest", message: format },
  ]);
}

/** The same at the evening's table (the table's join route): the evening and club of this table code, if any. */
export async function tableRulesTestGate(c: C, code: string, userId: string): Promise<Response | null> {
  const row = await c.env.DB.prepare(
    `SELECT e.preset_id, c.rules_test_required, c.rules_test_mark FROM evenings e JOIN clubs c ON c.id = e.club_id WHERE e.table_code = ? LIMIT 1`,
  )
    .bind(code)
    .first<ClubTestRow & { preset_id: string }>();
  return row ? rulesTestGate(c, row, row.preset_id, userId) : null;
}

/** A club season runs (a club evening's table is then a rating table, RULES.md §7.10 *decision*). */
const seasonRuns = async (db: D1Database, clubId: string) => (await db.prepare("SELECT 1 AS x FROM seasons WHERE club_id = ? AND status != 'closed' LIMIT 1").bind(clubId).first()) !== null;

/**
 * Issue 37, §7.10 *decision*: when the club's evening table opens while the club's season runs, in a
 * format with consiglieri, the invited accounts without experience — fewer than 10 finished games of the
 * format (any table) and not marked experienced by the club (2026-12-06) — are named to the table.
 * Nothing happens at an unrated table.
 */
export async function nameNewcomers(env: Env, club: ClubRow, presetId: string, userIds: readonly string[], code: string): Promise<string[]> {
  if (!getPreset(presetId)?.consigliere || userIds.length === 0) return [];
  if (!(await seasonRuns(env.DB, club.id))) return [];
  const experienced = await experiencedIn(env.DB, club.id, presetId, userIds);
  const newcomers = userIds.filter((id) => !experienced.has(id));
  if (newcomers.length) await tableStub(env, code)!.stub.requireConsiglieri(newcomers);
  return newcomers;
}

/**
 * RULES.md §7.10 (2026-12-06): the advisor who binds at this table, as the table records them — their
 * account and whether it is experienced in the table's format (the evening's club's mark counts at its
 * table; elsewhere games only). The table refuses to count a guest (no account) at all.
 */
export async function advisorOf(env: Env, tableCode: string, userId: string): Promise<AdvisorAccount> {
  const e = await env.DB.prepare("SELECT club_id, preset_id FROM evenings WHERE table_code = ? LIMIT 1").bind(tableCode).first<{ club_id: string; preset_id: string }>();
  const formats = e ? [e.preset_id] : listPresets().filter((p) => p.consigliere).map((p) => p.id);
  for (const f of formats) if ((await experiencedIn(env.DB, e?.club_id ?? null, f, [userId])).has(userId)) return { userId, experienced: true };
  return { userId, experienced: false };
}

async function candidatesOf(db: D1Database, clubId: string): Promise<string[]> {
  const rows = await db
    .prepare("SELECT u.nick FROM club_members m JOIN users u ON u.id = m.user_id WHERE m.club_id = ? AND m.advises = 1 ORDER BY u.nick LIMIT 100")
    .bind(clubId)
    .all<{ nick: string }>();
  return rows.results.map((r) => r.nick);
}

/**
 * A mark made while the club's evening table of that format is open counts there at once: the member
 * needs no consigliere any more (a full table waiting only for them starts), and their binding as
 * someone's consigliere counts. Unmarking does not name anyone a newcomer at a table already open.
 */
export async function experienceAtOpenTables(env: Env, clubId: string, presetId: string, userIds: string[]): Promise<void> {
  const open = await env.DB.prepare("SELECT table_code FROM evenings WHERE club_id = ? AND preset_id = ? AND status = 'started' AND table_code IS NOT NULL AND ended_at IS NULL LIMIT 20")
    .bind(clubId, presetId)
    .all<{ table_code: string }>();
  for (const r of open.results) await tableStub(env, r.table_code)?.stub.consigliereExperienced(userIds);
}

/**
 * RULES.md §7.10 (2026-12-06), the evening page: who still needs an advisor and who can advise (see
 * EveningNewcomers.advisors). Before the table opens the evening's players are its seated sign-ups (none:
 * the club's members, as the table invites them); once it is open, the table says whom it waits for.
 */
async function advisorsOf(env: Env, clubId: string, e: { id: string; preset_id: string; status: string; table_code: string | null }, viewerId: string | null): Promise<EveningNewcomers["advisors"]> {
  if (!getPreset(e.preset_id)?.consigliere) return null;
  const db = env.DB;
  const rating = await seasonRuns(db, clubId);
  const role = viewerId ? await roleIn(db, clubId, viewerId) : null;
  const seesAll = role === "owner" || role === "host";
  const members = await db
    .prepare("SELECT u.id, u.nick, u.publish_nick FROM club_members m JOIN users u ON u.id = m.user_id WHERE m.club_id = ? ORDER BY u.nick_key LIMIT 500")
    .bind(clubId)
    .all<{ id: string; nick: string; publish_nick: number }>();
  const shown = (r: { id: string; publish_nick: number }) => seesAll || r.publish_nick !== 0 || r.id === viewerId;
  const experienced = await experiencedIn(db, clubId, e.preset_id, members.results.map((r) => r.id));
  const can = members.results.filter((r) => experienced.has(r.id) && shown(r)).map((r) => r.nick);
  let needIds: string[];
  if (e.status === "started" && e.table_code) {
    needIds = rating ? await tableStub(env, e.table_code)!.stub.consigliereWaiting() : [];
  } else {
    const seated = await db.prepare("SELECT user_id FROM signups WHERE evening_id = ? AND state = 'seated' ORDER BY seq").bind(e.id).all<{ user_id: string }>();
    const players = seated.results.length ? seated.results.map((r) => r.user_id) : members.results.map((r) => r.id);
    const known = await experiencedIn(db, clubId, e.preset_id, players);
    needIds = players.filter((id) => !known.has(id));
  }
  if (needIds.length === 0) return { rating, needs: [], can };
  const people = await db
    .prepare(`SELECT id, nick, publish_nick FROM users WHERE id IN (${needIds.map(() => "?").join(",")}) ORDER BY nick_key`)
    .bind(...needIds)
    .all<{ id: string; nick: string; publish_nick: number }>();
  return { rating, needs: people.results.filter(shown).map((r) => r.nick), can };
}

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
    await c.env.DB.prepare("UPDATE clubs SET rules_test_required = ?, rules_test_mark = ? WHERE id = ?").bind(b.required ? 1 : 0, mark, club.id).run();
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
    const done = await c.env.DB.prepare("UPDATE club_members SET advises = ? WHERE club_id = ? AND user_id = ?").bind(offer ? 1 : 0, club.id, session.user.id).run();
    if (!done.meta.changes) return apiError(c, "not-allowed", "Only the club's members offer to advise.");
    return c.json({ advises: offer, candidates: await candidatesOf(c.env.DB, club.id) }, 200);
  })

  /** The evening's newcomer rules for the viewer: the test (required? passed?), candidates, requests to advise. */
  .get("/:id/evenings/:eid/newcomers", async (c) => {
    const club = await clubOfPath(c.env.DB, c.req.param("id"));
    const e = club && isId("e", c.req.param("eid")) ? await eveningById(c.env.DB, club.id, c.req.param("eid")) : null;
    if (!club || !e) return apiError(c, "not-found", "No such evening.");
    const userId = await sessionUserId(c);
    const t = club;
    const [member, passed, candidates, requests] = await Promise.all([
      userId ? c.env.DB.prepare("SELECT advises FROM club_members WHERE club_id = ? AND user_id = ?").bind(club.id, userId).first<{ advises: number }>() : null,
      // The evening's named host takes no seat, so the test (a condition of playing) is not theirs to pass: null.
      userId && userId !== e.host_id ? hasPass(c.env.DB, userId, e.preset_id, t.rules_test_mark ?? PASS_MARK) : null,
      candidatesOf(c.env.DB, club.id),
      userId
        ? c.env.DB.prepare("SELECT table_code, player_id, nickname FROM advise_requests WHERE user_id = ? AND evening_id = ? ORDER BY created_at").bind(userId, e.id).all<{ table_code: string; player_id: string; nickname: string }>()
        : null,
    ]);
    const body: EveningNewcomers = {
      format: e.preset_id,
      rulesTest: { required: t.rules_test_required === 1, mark: t.rules_test_mark ?? PASS_MARK, hasBank: hasBank(e.preset_id), passed },
      advises: member ? member.advises === 1 : null,
      candidates,
      requests: (requests?.results ?? []).map((r) => ({ tableCode: r.table_code, playerId: r.player_id, nickname: r.nickname })),
      advisors: await advisorsOf(c.env, club.id, e, userId),
    };
    return c.json(body, 200);
  });

/** Mounted at /api/tables. */
export const newcomerTables = new Hono<AppEnv>()
  /** The club's advising members for a club evening's table (public nicknames; empty elsewhere): the newcomer's candidates. */
  .get("/:code/advisors", async (c) => {
    const table = tableStub(c.env, c.req.param("code") ?? "");
    if (!table) return apiError(c, "not-found", "No table with this code.");
    const e = await c.env.DB.prepare("SELECT club_id FROM evenings WHERE table_code = ? LIMIT 1").bind(table.code).first<{ club_id: string }>();
    return c.json({ candidates: e ? await candidatesOf(c.env.DB, e.club_id) : [] }, 200);
  })
  /** The seated newcomer asks an advising member of the evening's club to be their consigliere. */
  .post("/:code/consigliere/ask", vValidator("json", ConsigliereAskRequestSchema, invalidBody), async (c) => {
    const table = tableStub(c.env, c.req.param("code") ?? "");
    if (!table) return apiError(c, "not-found", "No table with this code.");
    const { token, nickname } = c.req.valid("json");
    const e = await c.env.DB.prepare("SELECT id, club_id FROM evenings WHERE table_code = ? LIMIT 1").bind(table.code).first<{ id: string; club_id: string }>();
    if (!e) return apiError(c, "no-consigliere", "Only a club evening's table asks its club's advisors.");
    const member = await userByNick(c.env.DB, nickname);
    const advises = member ? await c.env.DB.prepare("SELECT advises FROM club_members WHERE club_id = ? AND user_id = ?").bind(e.club_id, member.id).first<{ advises: number }>() : null;
    if (!member || advises?.advises !== 1) return apiError(c, "not-found", `${nickname} does not offer to advise in this club.`, [{ path: "nickname", message: "not an advisor" }]);
    const seat = await table.stub.consigliereSeat(token);
    if (!seat.ok) return apiError(c, seat.error.code, seat.error.message);
    await c.env.DB.prepare(
      `INSERT INTO advise_requests (table_code, player_id, user_id, evening_id, nickname, created_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (table_code, player_id, user_id) DO UPDATE SET nickname = excluded.nickname, created_at = excluded.created_at`,
    )
      .bind(table.code, seat.playerId, member.id, e.id, seat.nickname, Date.now())
      .run();
    return c.json({ asked: member.nick }, 200);
  })

  /** The asked member accepts (signed in): bound to the seat at once, with their own token and return code. */
  .post("/:code/consigliere/accept", vValidator("json", ConsigliereAcceptRequestSchema, invalidBody), async (c) => {
    const session = await readSession(c);
    if (!session) return signInFirst(c);
    const table = tableStub(c.env, c.req.param("code") ?? "");
    if (!table) return apiError(c, "not-found", "No table with this code.");
    const { playerId, deviceId } = c.req.valid("json");
    const asked = await c.env.DB.prepare("SELECT 1 AS x FROM advise_requests WHERE table_code = ? AND player_id = ? AND user_id = ?").bind(table.code, playerId, session.user.id).first();
    if (!asked) return apiError(c, "not-found", "Nobody at this table asked you to advise them.");
    const result = await table.stub.consigliereAccept(playerId, session.user.nick, deviceId, await advisorOf(c.env, table.code, session.user.id));
    if (!result.ok) return apiError(c, result.error.code, result.error.message);
    await c.env.DB.prepare("DELETE FROM advise_requests WHERE table_code = ? AND player_id = ?").bind(table.code, playerId).run();
    const body: JoinResponse = result.body;
    return c.json(body, 200);
  });
