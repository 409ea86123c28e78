/**
 * Sign-up, confirmation and withdrawal for a club evening (RULES.md §6.11 "when full, the player
 * goes to a reserve list and moves up automatically when a seat frees"; docs/CLUBS.md "Concurrency").
 *
 * D1 runs one statement (or one batch, a transaction) at a time per database, but a read in one request
 * and a write in another interleave with other requests: "count the seated, then insert" in two steps
 * overbooks when 50 people press at once. So every seat decision is taken INSIDE one statement:
 *   - sign-up: one INSERT … SELECT whose state is a CASE on the COUNT of seated rows (and whether a reserve
 *     list exists), whose seq is MAX(seq) + 1, and whose WHERE re-checks the window and status; the
 *     PRIMARY KEY (evening_id, user_id) turns a second press into a no-op (ON CONFLICT … DO UPDATE only
 *     revives a withdrawn row, at the end of the line);
 *   - withdraw: one batch (a transaction): the withdrawal, the notice to the next reserve, that reserve's
 *     promotion — the last two read the view `evening_promotions` (migrations/0002_clubs.sql), which
 *     decides in SQL whether a seat is free and who is first in line.
 */
import type { SignupState } from "../../shared/protocol/clubs.ts";

/** The sign-up statement: the caller's row as it lands (RETURNING), or no row when the window is shut or
 *  the caller is already seated or on the reserve list. */
export function signupStatement(db: D1Database, eveningId: string, userId: string, ageConfirmed: boolean, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO signups (evening_id, user_id, seq, state, created_at, seated_at, confirmed_at, age_confirmed)
       SELECT e.id, ?2,
              (SELECT COALESCE(MAX(s.seq), 0) + 1 FROM signups s WHERE s.evening_id = e.id),
              CASE WHEN (SELECT COUNT(*) FROM signups s WHERE s.evening_id = e.id AND s.state = 'seated') < e.seats_max
                        AND NOT EXISTS (SELECT 1 FROM signups r WHERE r.evening_id = e.id AND r.state = 'reserve')
                   THEN 'seated' ELSE 'reserve' END,
              ?4,
              CASE WHEN (SELECT COUNT(*) FROM signups s WHERE s.evening_id = e.id AND s.state = 'seated') < e.seats_max
                        AND NOT EXISTS (SELECT 1 FROM signups r WHERE r.evening_id = e.id AND r.state = 'reserve')
                   THEN ?4 END,
              NULL, ?3
       FROM evenings e
       WHERE e.id = ?1 AND e.status = 'open' AND e.signup_opens_at <= ?4 AND ?4 < e.signup_closes_at
         AND (e.age_check = 0 OR ?3 = 1)
       ON CONFLICT (evening_id, user_id) DO UPDATE SET
         seq = excluded.seq, state = excluded.state, created_at = excluded.created_at, seated_at = excluded.seated_at,
         confirmed_at = NULL, age_confirmed = excluded.age_confirmed
       WHERE signups.state = 'withdrawn'
       RETURNING state, seq`,
    )
    .bind(eveningId, userId, ageConfirmed ? 1 : 0, now);
}

/** Whoever signs up for an evening becomes a member of its club (owners and hosts keep their role). */
export function joinClubStatement(db: D1Database, eveningId: string, userId: string, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT OR IGNORE INTO club_members (club_id, user_id, role, created_at)
       SELECT e.club_id, ?2, 'member', ?3 FROM evenings e
       WHERE e.id = ?1 AND EXISTS (SELECT 1 FROM signups s WHERE s.evening_id = e.id AND s.user_id = ?2 AND s.state != 'withdrawn')`,
    )
    .bind(eveningId, userId, now);
}

/** Sign up: one batch (the sign-up, the membership). The row as it landed, or null when nothing changed. */
export async function signUp(db: D1Database, eveningId: string, userId: string, ageConfirmed: boolean, now: number): Promise<{ state: SignupState; seq: number } | null> {
  const [inserted] = await db.batch([signupStatement(db, eveningId, userId, ageConfirmed, now), joinClubStatement(db, eveningId, userId, now)]);
  return (inserted?.results[0] as { state: SignupState; seq: number } | undefined) ?? null;
}

/**
 * Withdraw, and in the same transaction move the first reserve up when that freed a seat (and leave them a
 * notice). Returns whether the caller's row changed and who was promoted (user ids; at most one).
 */
export async function withdraw(db: D1Database, eveningId: string, userId: string, now: number): Promise<{ withdrew: boolean; promoted: string[] }> {
  const [out, , up] = await db.batch([
    db
      .prepare(
        `UPDATE signups SET state = 'withdrawn', seated_at = NULL, confirmed_at = NULL
         WHERE evening_id = ?1 AND user_id = ?2 AND state IN ('seated', 'reserve')
           AND EXISTS (SELECT 1 FROM evenings e WHERE e.id = ?1 AND e.status IN ('open', 'closed'))
         RETURNING seq`,
      )
      .bind(eveningId, userId),
    db
      .prepare(
        `INSERT INTO notices (user_id, kind, club_id, evening_id, created_at)
         SELECT user_id, 'promoted', club_id, evening_id, ?2 FROM evening_promotions WHERE evening_id = ?1`,
      )
      .bind(eveningId, now),
    db
      .prepare(
        `UPDATE signups SET state = 'seated', seated_at = ?2
         WHERE evening_id = ?1 AND user_id IN (SELECT user_id FROM evening_promotions WHERE evening_id = ?1)
         RETURNING user_id`,
      )
      .bind(eveningId, now),
  ]);
  return { withdrew: (out?.results.length ?? 0) > 0, promoted: ((up?.results ?? []) as { user_id: string }[]).map((r) => r.user_id) };
}

/** Confirm the evening (a seated player's "confirmation of the evening", §6.11). Only a seated row changes; the
 *  caller reads the row afterwards to tell why nothing did. */
export async function confirm(db: D1Database, eveningId: string, userId: string, now: number): Promise<void> {
  await db
    .prepare("UPDATE signups SET confirmed_at = ?3 WHERE evening_id = ?1 AND user_id = ?2 AND state = 'seated' AND confirmed_at IS NULL")
    .bind(eveningId, userId, now)
    .run();
}

export interface SignupRow {
  user_id: string;
  nick: string;
  seq: number;
  state: SignupState;
  confirmed_at: number | null;
  age_confirmed: number;
}

/** An evening's sign-ups that are not withdrawn, in order (index signups_order). */
export async function signupsOf(db: D1Database, eveningId: string): Promise<SignupRow[]> {
  const rows = await db
    .prepare(
      `SELECT s.user_id, u.nick, s.seq, s.state, s.confirmed_at, s.age_confirmed
       FROM signups s JOIN users u ON u.id = s.user_id
       WHERE s.evening_id = ? AND s.state IN ('seated', 'reserve') ORDER BY s.seq`,
    )
    .bind(eveningId)
    .all<SignupRow>();
  return rows.results;
}

export const signupOf = (db: D1Database, eveningId: string, userId: string) =>
  db.prepare("SELECT s.user_id, '' AS nick, s.seq, s.state, s.confirmed_at, s.age_confirmed FROM signups s WHERE s.evening_id = ? AND s.user_id = ?").bind(eveningId, userId).first<SignupRow>();

/**
 * "seats held per account at the evening's table until the start, with the reserve moving up if a
 * seated player does not come by then": the evening's table tells D1 who sits there (`atTable`: the accounts
 * at the table now) each time an account sits down after the start (worker/table/admission.ts). In one batch
 * (a transaction): every sign-up at the table that the lists still show on the reserve moves up to `seated`,
 * with a 'promoted' notice (the notices of an edit or the deadline); then, while more are seated than the
 * evening's seats, the seated sign-ups who are not at the table — the latest in line first — go to the end of
 * the reserve list (new seqs after every existing one, keeping their order). So the lists say who played and
 * who stayed on the reserve. Sending the same table twice changes nothing. Returns who moved up.
 */
export async function tableMoveUp(db: D1Database, eveningId: string, atTable: readonly string[], now: number): Promise<string[]> {
  const at = JSON.stringify(atTable);
  const onReserveAtTable = "s.evening_id = ?1 AND s.state = 'reserve' AND s.user_id IN (SELECT value FROM json_each(?3))";
  const [, up] = await db.batch([
    db
      .prepare(
        `INSERT INTO notices (user_id, kind, club_id, evening_id, created_at)
         SELECT s.user_id, 'promoted', e.club_id, e.id, ?2 FROM signups s JOIN evenings e ON e.id = s.evening_id WHERE ${onReserveAtTable}`,
      )
      .bind(eveningId, now, at),
    db.prepare(`UPDATE signups AS s SET state = 'seated', seated_at = ?2 WHERE ${onReserveAtTable} RETURNING user_id`).bind(eveningId, now, at),
    db
      .prepare(
        `UPDATE signups SET state = 'reserve', seated_at = NULL,
           seq = seq + (SELECT MAX(m.seq) FROM signups m WHERE m.evening_id = ?1)
         WHERE evening_id = ?1 AND user_id IN (
           SELECT s.user_id FROM signups s
           WHERE s.evening_id = ?1 AND s.state = 'seated' AND s.user_id NOT IN (SELECT value FROM json_each(?2))
           ORDER BY s.seq DESC
           LIMIT MAX(0, (SELECT COUNT(*) FROM signups c WHERE c.evening_id = ?1 AND c.state = 'seated') - (SELECT e.seats_max FROM evenings e WHERE e.id = ?1)))`,
      )
      .bind(eveningId, at),
  ]);
  return ((up?.results ?? []) as { user_id: string }[]).map((r) => r.user_id);
}

/** The evening's seated accounts, in order. */
export async function seatedOf(db: D1Database, eveningId: string): Promise<string[]> {
  const rows = await db.prepare("SELECT user_id FROM signups WHERE evening_id = ? AND state = 'seated' ORDER BY seq").bind(eveningId).all<{ user_id: string }>();
  return rows.results.map((r) => r.user_id);
}

/** The evening's reserve list (accounts, in order). */
export async function reserveOf(db: D1Database, eveningId: string): Promise<string[]> {
  const rows = await db.prepare("SELECT user_id FROM signups WHERE evening_id = ? AND state = 'reserve' ORDER BY seq").bind(eveningId).all<{ user_id: string }>();
  return rows.results.map((r) => r.user_id);
}
