/**
 * A club's newcomers (RULES.md §7.10–§7.11 *decisions*; docs/NEWCOMERS.md):
 *
 * - The club's setting "rules test required for evenings" (owner) and its mark: an account without a pass
 *   of the evening's format at that mark is refused at sign-up and at the evening's table.
 * - A rating table ("a table opened from a club evening while the club's season runs") in a format with
 *   consiglieri (tatar): the accounts with fewer than 10 finished games of the format are named to the
 *   table when it opens; the table does not start while one of them sits without a bound consigliere.
 * - A member's setting "I offer to advise newcomers": the candidates. A seated newcomer asks one by
 *   nickname; the member accepts from the evening page and is bound to the seat.
 */
import { listPresets } from "../../shared/engine/presets/index.ts";
import type { EveningNewcomers } from "../../shared/protocol/rules-test.ts";
import { hasBank, PASS_MARK } from "../../shared/rules-test/index.ts";
import { experiencedIn } from "../clubs/experience.ts";
import { seatedOf } from "../clubs/signups.ts";
import { eveningOfTable, roleIn, type ClubRow, type EveningRow } from "../clubs/store.ts";
import type { Env } from "../env.ts";
import { hasPass } from "../rules-test/store.ts";
import { tableStub } from "../table-stub.ts";
import type { AdvisorAccount } from "../table/consigliere.ts";
import { getPreset } from "../table/engine.ts";
import { accountsNamed, adviseRequestsOf, advisesIn, candidatesOf, clubTestOfTable, membersNamed, openTablesOf, seasonRuns } from "./store.ts";

type ClubTest = Pick<ClubRow, "rules_test_required" | "rules_test_mark">;

/** Whether the club's rules test keeps this account out of an evening of `format` (required, a bank exists, no pass at the mark). */
export async function rulesTestMissing(db: D1Database, club: ClubTest, format: string, userId: string): Promise<boolean> {
  if (club.rules_test_required !== 1 || !hasBank(format)) return false;
  return !(await hasPass(db, userId, format, club.rules_test_mark ?? PASS_MARK));
}

/** The same at the evening's table: the format whose test is missing, or null (no club evening opened the table, or nothing missing). */
export async function tableRulesTestMissing(db: D1Database, code: string, userId: string): Promise<string | null> {
  const row = await clubTestOfTable(db, code);
  return row && (await rulesTestMissing(db, row, row.preset_id, userId)) ? row.preset_id : null;
}

/**
 * §7.10 *decision*: when the club's evening table opens while the club's season runs, in a format with
 * consiglieri, the invited accounts without experience — fewer than 10 finished games of the format (any
 * table) and not marked experienced by the club — are named to the table. Nothing happens at an unrated table.
 */
export async function nameNewcomers(env: Pick<Env, "DB" | "TABLE">, club: Pick<ClubRow, "id">, presetId: string, userIds: readonly string[], code: string): Promise<string[]> {
  if (!getPreset(presetId)?.consigliere || userIds.length === 0) return [];
  if (!(await seasonRuns(env.DB, club.id))) return [];
  const experienced = await experiencedIn(env.DB, club.id, presetId, userIds);
  const newcomers = userIds.filter((id) => !experienced.has(id));
  if (newcomers.length) await tableStub(env, code)!.stub.requireConsiglieri(newcomers);
  return newcomers;
}

/**
 * §7.10: the advisor who binds at this table, as the table records them — their account and whether it is
 * experienced in the table's format (the evening's club's mark counts at its table; elsewhere games only).
 * The table refuses to count a guest (no account) at all.
 */
export async function advisorOf(env: Pick<Env, "DB">, tableCode: string, userId: string): Promise<AdvisorAccount> {
  const e = await eveningOfTable(env.DB, tableCode);
  const formats = e ? [e.preset_id] : listPresets().filter((p) => p.consigliere).map((p) => p.id);
  for (const f of formats) if ((await experiencedIn(env.DB, e?.club_id ?? null, f, [userId])).has(userId)) return { userId, experienced: true };
  return { userId, experienced: false };
}

/**
 * A mark made while the club's evening table of that format is open counts there at once: the member
 * needs no consigliere any more (a full table waiting only for them starts), and their binding as
 * someone's consigliere counts. Unmarking does not name anyone a newcomer at a table already open.
 */
export async function experienceAtOpenTables(env: Pick<Env, "DB" | "TABLE">, clubId: string, presetId: string, userIds: string[]): Promise<void> {
  for (const code of await openTablesOf(env.DB, clubId, presetId)) await tableStub(env, code)?.stub.consigliereExperienced(userIds);
}

/**
 * §7.10, the evening page: who still needs an advisor and who can advise (see EveningNewcomers.advisors).
 * Before the table opens the evening's players are its seated sign-ups (none: the club's members, as the
 * table invites them); once it is open, the table says whom it waits for.
 */
async function advisorsOf(env: Pick<Env, "DB" | "TABLE">, clubId: string, e: Pick<EveningRow, "id" | "preset_id" | "status" | "table_code">, viewerId: string | null): Promise<EveningNewcomers["advisors"]> {
  if (!getPreset(e.preset_id)?.consigliere) return null;
  const db = env.DB;
  const rating = await seasonRuns(db, clubId);
  const role = viewerId ? await roleIn(db, clubId, viewerId) : null;
  const seesAll = role === "owner" || role === "host";
  const members = await membersNamed(db, clubId);
  const shown = (r: { id: string; publish_nick: number }) => seesAll || r.publish_nick !== 0 || r.id === viewerId;
  const experienced = await experiencedIn(db, clubId, e.preset_id, members.map((r) => r.id));
  const can = members.filter((r) => experienced.has(r.id) && shown(r)).map((r) => r.nick);
  let needIds: string[];
  if (e.status === "started" && e.table_code) {
    needIds = rating ? await tableStub(env, e.table_code)!.stub.consigliereWaiting() : [];
  } else {
    const seated = await seatedOf(db, e.id);
    const players = seated.length ? seated : members.map((r) => r.id);
    const known = await experiencedIn(db, clubId, e.preset_id, players);
    needIds = players.filter((id) => !known.has(id));
  }
  if (needIds.length === 0) return { rating, needs: [], can };
  const people = await accountsNamed(db, needIds);
  return { rating, needs: people.filter(shown).map((r) => r.nick), can };
}

/** The evening's newcomer rules for a viewer: the test (required? passed?), candidates, requests to advise, advisors. */
export async function eveningNewcomers(env: Pick<Env, "DB" | "TABLE">, club: ClubRow, e: EveningRow, userId: string | null): Promise<EveningNewcomers> {
  const db = env.DB;
  const mark = club.rules_test_mark ?? PASS_MARK;
  const [advises, passed, candidates, requests] = await Promise.all([
    userId ? advisesIn(db, club.id, userId) : null,
    // The evening's named host takes no seat, so the test (a condition of playing) is not theirs to pass: null.
    userId && userId !== e.host_id ? hasPass(db, userId, e.preset_id, mark) : null,
    candidatesOf(db, club.id),
    userId ? adviseRequestsOf(db, userId, e.id) : [],
  ]);
  return {
    format: e.preset_id,
    rulesTest: { required: club.rules_test_required === 1, mark, hasBank: hasBank(e.preset_id), passed },
    advises,
    candidates,
    requests,
    advisors: await advisorsOf(env, club.id, e, userId),
  };
}
