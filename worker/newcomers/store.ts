/**
 * A club's newcomer rows in D1 (RULES.md §7.10–§7.11; docs/NEWCOMERS.md): the club's rules-test setting,
 * the members who offer to advise, and the newcomers' requests to an advisor (`advise_requests`).
 */

/** The club's setting "rules test required for evenings" and its mark. */
export async function setRulesTest(db: D1Database, clubId: string, required: boolean, mark: number): Promise<void> {
  await db.prepare("UPDATE clubs SET rules_test_required = ?, rules_test_mark = ? WHERE id = ?").bind(required ? 1 : 0, mark, clubId).run();
}

/** The club, its rules-test setting and the evening's format of the table of `code`, or null (no club evening opened it). */
export const clubTestOfTable = (db: D1Database, code: string) =>
  db
    .prepare(`SELECT e.preset_id, c.rules_test_required, c.rules_test_mark FROM evenings e JOIN clubs c ON c.id = e.club_id WHERE e.table_code = ? LIMIT 1`)
    .bind(code)
    .first<{ preset_id: string; rules_test_required: number; rules_test_mark: number }>();

/** A club season runs (a club evening's table is then a rating table, RULES.md §7.10 *decision*). */
export const seasonRuns = async (db: D1Database, clubId: string): Promise<boolean> =>
  (await db.prepare("SELECT 1 AS x FROM seasons WHERE club_id = ? AND status != 'closed' LIMIT 1").bind(clubId).first()) !== null;

/** The member's setting "I offer to advise newcomers". Returns false when the account is no member. */
export async function setAdvises(db: D1Database, clubId: string, userId: string, offer: boolean): Promise<boolean> {
  const done = await db.prepare("UPDATE club_members SET advises = ? WHERE club_id = ? AND user_id = ?").bind(offer ? 1 : 0, clubId, userId).run();
  return Boolean(done.meta.changes);
}

/** Whether a member offers to advise: null when the account is no member of the club. */
export async function advisesIn(db: D1Database, clubId: string, userId: string): Promise<boolean | null> {
  const row = await db.prepare("SELECT advises FROM club_members WHERE club_id = ? AND user_id = ?").bind(clubId, userId).first<{ advises: number }>();
  return row ? row.advises === 1 : null;
}

/** The club's members who offer to advise (the newcomers' candidates), by nickname. */
export async function candidatesOf(db: D1Database, clubId: string): Promise<string[]> {
  const rows = await db
    .prepare("SELECT u.nick FROM club_members m JOIN users u ON u.id = m.user_id WHERE m.club_id = ? AND m.advises = 1 ORDER BY u.nick LIMIT 100")
    .bind(clubId)
    .all<{ nick: string }>();
  return rows.results.map((r) => r.nick);
}

/** The club's members with their publication choice (§8), by nickname. */
export async function membersNamed(db: D1Database, clubId: string): Promise<Array<{ id: string; nick: string; publish_nick: number }>> {
  const rows = await db
    .prepare("SELECT u.id, u.nick, u.publish_nick FROM club_members m JOIN users u ON u.id = m.user_id WHERE m.club_id = ? ORDER BY u.nick_key LIMIT 500")
    .bind(clubId)
    .all<{ id: string; nick: string; publish_nick: number }>();
  return rows.results;
}

/** Accounts with their publication choice (§8), by nickname. */
export async function accountsNamed(db: D1Database, ids: readonly string[]): Promise<Array<{ id: string; nick: string; publish_nick: number }>> {
  const rows = await db
    .prepare(`SELECT id, nick, publish_nick FROM users WHERE id IN (${ids.map(() => "?").join(",")}) ORDER BY nick_key`)
    .bind(...ids)
    .all<{ id: string; nick: string; publish_nick: number }>();
  return rows.results;
}

/** The club's evening tables of a format still being played. */
export async function openTablesOf(db: D1Database, clubId: string, presetId: string): Promise<string[]> {
  const rows = await db
    .prepare("SELECT table_code FROM evenings WHERE club_id = ? AND preset_id = ? AND status = 'started' AND table_code IS NOT NULL AND ended_at IS NULL LIMIT 20")
    .bind(clubId, presetId)
    .all<{ table_code: string }>();
  return rows.results.map((r) => r.table_code);
}

export interface AdviseRequest {
  tableCode: string;
  playerId: string;
  nickname: string;
}

/** The requests to advise a member has at an evening, oldest first. */
export async function adviseRequestsOf(db: D1Database, userId: string, eveningId: string): Promise<AdviseRequest[]> {
  const rows = await db
    .prepare("SELECT table_code, player_id, nickname FROM advise_requests WHERE user_id = ? AND evening_id = ? ORDER BY created_at")
    .bind(userId, eveningId)
    .all<{ table_code: string; player_id: string; nickname: string }>();
  return rows.results.map((r) => ({ tableCode: r.table_code, playerId: r.player_id, nickname: r.nickname }));
}

/** A seated newcomer asks a member: one request per seat and member, renewed when asked again. */
export async function askToAdvise(db: D1Database, r: AdviseRequest & { userId: string; eveningId: string }, now: number): Promise<void> {
  await db
    .prepare(
      `INSERT INTO advise_requests (table_code, player_id, user_id, evening_id, nickname, created_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (table_code, player_id, user_id) DO UPDATE SET nickname = excluded.nickname, created_at = excluded.created_at`,
    )
    .bind(r.tableCode, r.playerId, r.userId, r.eveningId, r.nickname, now)
    .run();
}

/** Whether the seat asked this member to advise them. */
export const wasAsked = async (db: D1Database, tableCode: string, playerId: string, userId: string): Promise<boolean> =>
  (await db.prepare("SELECT 1 AS x FROM advise_requests WHERE table_code = ? AND player_id = ? AND user_id = ?").bind(tableCode, playerId, userId).first()) !== null;

/** The seat has its consigliere: every request it made is answered. */
export async function closeAdviseRequests(db: D1Database, tableCode: string, playerId: string): Promise<void> {
  await db.prepare("DELETE FROM advise_requests WHERE table_code = ? AND player_id = ?").bind(tableCode, playerId).run();
}
