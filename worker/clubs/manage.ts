/**
 * Club evenings you can manage (RULES.md §6.11 "a fixed weekly evening … Sign-up: one 'OK, let's
 * play' and a confirmation of the evening; when full, the player goes to a reserve list and moves up
 * automatically when a seat frees"; docs/CLUBS.md "Managing an evening"):
 *   - the club's clock (real time; a test may move one club's, never in production);
 *   - editing and cancelling an evening, with a notice to everyone signed up;
 *   - the confirmation deadline: past it, unconfirmed seats go to the reserve's end and the reserve moves up;
 *   - the weekly repeat: once a weekly evening is over, the next one (a week later, same wall time in the
 *     club's zone) is created once.
 * Nothing polls: `settleClub` runs lazily on every read and write of a club's evenings. Every change is one
 * batch (a transaction) whose statements check a token written by its first one, so two requests settling
 * at once change things once.
 */
import { utcToWallTime, wallTimeToUtc } from "../../shared/clubs/time.ts";
import type { Env } from "../env.ts";
import { testClockEnabled } from "../table/clock.ts";
import { base64url } from "../security/random.ts";
import { searchKeyOf } from "./directory.ts";
import { EVENING_HOURS, newId, type EveningRow } from "./store.ts";

const HOUR = 3600_000;
const token = (): string => base64url(crypto.getRandomValues(new Uint8Array(9)));

const clubsClockEnabled = (env: Pick<Env, "E2E_CLOCK" | "TEST_CLUBS_CLOCK">): boolean => testClockEnabled(env) || env.TEST_CLUBS_CLOCK === "1";

/** The club's now: real time, plus the test skew of this club when a test clock is enabled (never in production). */
export async function clubNow(env: Pick<Env, "DB" | "E2E_CLOCK" | "TEST_CLUBS_CLOCK">, clubId: string): Promise<number> {
  if (!clubsClockEnabled(env)) return Date.now();
  const row = await env.DB.prepare("SELECT skew FROM clubs_test_clock WHERE club_id = ?").bind(clubId).first<{ skew: number }>();
  return Date.now() + (row?.skew ?? 0);
}

/** Test only: move a club's clock forward by `ms` (returns false when no test clock is enabled). */
export async function advanceClubClock(env: Pick<Env, "DB" | "E2E_CLOCK" | "TEST_CLUBS_CLOCK">, clubId: string, ms: number): Promise<boolean> {
  if (!clubsClockEnabled(env)) return false;
  await env.DB.prepare("INSERT INTO clubs_test_clock (club_id, skew) VALUES (?1, ?2) ON CONFLICT (club_id) DO UPDATE SET skew = skew + ?2").bind(clubId, ms).run();
  return true;
}

/**
 * Notices of `kind` to everyone signed up (seated and reserve) for the evening — only when the batch's guard
 * holds (`guard`: an SQL condition on the evening row `e`, with ?1 the evening's id and ?2 the time).
 */
function noticeAllStatement(db: D1Database, eveningId: string, kind: "changed" | "cancelled", now: number, guard: string, ...guardArgs: unknown[]): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO notices (user_id, kind, club_id, evening_id, created_at)
       SELECT s.user_id, '${kind}', e.club_id, e.id, ?2 FROM signups s JOIN evenings e ON e.id = s.evening_id
       WHERE s.evening_id = ?1 AND s.state IN ('seated', 'reserve') AND ${guard}`,
    )
    .bind(eveningId, now, ...guardArgs);
}

/**
 * Move the reserve up into every free seat (seq order), with a 'promoted' notice each: two statements for a
 * batch. The IN (… LIMIT free seats) list is read once, before any row changes. `guard` as above.
 */
function promoteStatements(db: D1Database, eveningId: string, now: number, guard = "1", ...guardArgs: unknown[]): D1PreparedStatement[] {
  const next = `SELECT r.user_id FROM signups r WHERE r.evening_id = ?1 AND r.state = 'reserve' ORDER BY r.seq
    LIMIT MAX(0, (SELECT e2.seats_max FROM evenings e2 WHERE e2.id = ?1) - (SELECT COUNT(*) FROM signups x WHERE x.evening_id = ?1 AND x.state = 'seated'))`;
  const live = `EXISTS (SELECT 1 FROM evenings e WHERE e.id = ?1 AND e.status IN ('open', 'closed') AND ${guard})`;
  return [
    db
      .prepare(
        `INSERT INTO notices (user_id, kind, club_id, evening_id, created_at)
         SELECT n.user_id, 'promoted', (SELECT club_id FROM evenings WHERE id = ?1), ?1, ?2 FROM (${next}) n WHERE ${live}`,
      )
      .bind(eveningId, now, ...guardArgs),
    db.prepare(`UPDATE signups SET state = 'seated', seated_at = ?2 WHERE evening_id = ?1 AND user_id IN (${next}) AND ${live}`).bind(eveningId, now, ...guardArgs),
  ];
}

/**
 * The confirmation deadline (§6.11 "a confirmation of the evening"): once `confirmBy` has passed, every seated
 * player who has not confirmed goes to the end of the reserve list (in their sign-up order, with an
 * 'unconfirmed' notice) and the reserve moves up into the freed seats (a 'promoted' notice each). Applied
 * once per evening (confirm_token).
 */
async function applyDeadline(db: D1Database, e: EveningRow, now: number): Promise<void> {
  const t = token();
  const guard = "e.confirm_token = ?3";
  await db.batch([
    db.prepare("UPDATE evenings SET confirm_token = ?2 WHERE id = ?1 AND confirm_token IS NULL").bind(e.id, t),
    db
      .prepare(
        `INSERT INTO notices (user_id, kind, club_id, evening_id, created_at)
         SELECT s.user_id, 'unconfirmed', e.club_id, e.id, ?2 FROM signups s JOIN evenings e ON e.id = s.evening_id
         WHERE s.evening_id = ?1 AND s.state = 'seated' AND s.confirmed_at IS NULL AND ${guard}`,
      )
      .bind(e.id, now, t),
    // New seqs after every existing one (old + max keeps their order and never collides).
    db
      .prepare(
        `UPDATE signups SET state = 'reserve', seated_at = NULL,
           seq = seq + (SELECT MAX(m.seq) FROM signups m WHERE m.evening_id = ?1)
         WHERE evening_id = ?1 AND state = 'seated' AND confirmed_at IS NULL
           AND EXISTS (SELECT 1 FROM evenings e WHERE e.id = ?1 AND ${guard})`,
      )
      .bind(e.id, now, t),
    ...promoteStatements(db, e.id, now, guard, t),
  ]);
}

/** The same wall time a week later in the zone (a DST change keeps "Friday 19:00"). */
export function weekLater(utcMs: number, tz: string): number {
  const wall = utcToWallTime(utcMs, tz);
  const d = new Date(`${wall}:00Z`);
  d.setUTCDate(d.getUTCDate() + 7);
  return wallTimeToUtc(d.toISOString().slice(0, 16), tz) ?? utcMs + 7 * 24 * HOUR;
}

/**
 * A weekly evening that is over (its table's last game ended, or its hours have passed; a cancelled one at
 * its start) gets its next date: a week later at the same wall time (later weeks while that is already
 * past), the same place, format, settings, seats, age check and confirmation deadline, its sign-up open from
 * now until the same offset before its start. INSERT OR IGNORE on the unique repeat_of: created once.
 */
async function repeatWeekly(db: D1Database, e: EveningRow, now: number): Promise<void> {
  let startsAt = weekLater(e.starts_at, e.time_zone);
  while (startsAt <= now) startsAt = weekLater(startsAt, e.time_zone);
  const closesAt = startsAt - (e.starts_at - e.signup_closes_at);
  const opensAt = Math.min(now, closesAt - 1);
  await db
    .prepare(
      `INSERT OR IGNORE INTO evenings (id, club_id, starts_at, time_zone, online, place, preset_id, settings, seats_min, seats_max, age_check,
         signup_opens_at, signup_closes_at, weekly, status, created_by, created_at, confirm_hours, repeat_of)
       SELECT ?2, club_id, ?3, time_zone, online, place, preset_id, settings, seats_min, seats_max, age_check,
         ?4, ?5, 1, 'open', created_by, ?6, confirm_hours, id FROM evenings WHERE id = ?1`,
    )
    .bind(e.id, newId("e"), startsAt, opensAt, closesAt, now)
    .run();
}

/**
 * Settle a club's evenings at `now`: apply passed confirmation deadlines, create the next date of weekly
 * evenings that are over. Cheap when there is nothing to do (two indexed reads of the club's evenings).
 */
export async function settleClub(db: D1Database, clubId: string, now: number): Promise<void> {
  const edge = now - EVENING_HOURS * HOUR;
  const [due, weekly] = await db.batch<EveningRow>([
    db.prepare(
      `SELECT e.* FROM evenings e WHERE e.club_id = ?1 AND e.confirm_hours IS NOT NULL AND e.confirm_token IS NULL
         AND e.status IN ('open', 'closed') AND e.starts_at - e.confirm_hours * 3600000 <= ?2`,
    ).bind(clubId, now),
    db.prepare(
      `SELECT e.* FROM evenings e WHERE e.club_id = ?1 AND e.weekly = 1
         AND (e.ended_at IS NOT NULL OR e.starts_at < ?2 OR (e.status = 'cancelled' AND e.starts_at <= ?3))
         AND NOT EXISTS (SELECT 1 FROM evenings n WHERE n.repeat_of = e.id)
       ORDER BY e.starts_at DESC LIMIT 1`,
    ).bind(clubId, edge, now),
  ]);
  for (const e of due?.results ?? []) await applyDeadline(db, e, now);
  // Only the latest weekly evening repeats (an older one was already followed, or the chain moved on).
  for (const e of weekly?.results ?? []) {
    const later = await db.prepare("SELECT 1 AS x FROM evenings WHERE club_id = ? AND weekly = 1 AND starts_at > ? AND status != 'cancelled' LIMIT 1").bind(clubId, e.starts_at).first();
    if (!later) await repeatWeekly(db, e, now);
  }
}

/** Cancel (open or closed evenings only): the status, and a 'cancelled' notice to everyone signed up. Returns whether it changed. */
export async function cancelEvening(db: D1Database, eveningId: string, now: number): Promise<boolean> {
  const t = token();
  const [done] = await db.batch([
    db.prepare("UPDATE evenings SET status = 'cancelled', confirm_token = COALESCE(confirm_token, ?2) WHERE id = ?1 AND status IN ('open', 'closed') RETURNING id").bind(eveningId, t),
    noticeAllStatement(db, eveningId, "cancelled", now, "e.status = 'cancelled' AND e.confirm_token = ?3 AND NOT EXISTS (SELECT 1 FROM notices o WHERE o.evening_id = ?1 AND o.kind = 'cancelled')", t),
  ]);
  return (done?.results.length ?? 0) > 0;
}

export interface EveningEdit {
  startsAt: number;
  online: boolean;
  place: string | null;
  seatsMin: number;
  seatsMax: number;
  signupClosesAt: number;
  confirmHours: number | null;
}

/**
 * Edit an open or closed evening: its time, place, seats, sign-up close and confirmation deadline, a
 * 'changed' notice to everyone signed up, and — when seats were added — the reserve moving up. One batch.
 * A deadline that moved later is applied afresh (confirm_token cleared). Returns whether it changed.
 */
export async function editEvening(db: D1Database, e: EveningRow, edit: EveningEdit, now: number): Promise<boolean> {
  const [done] = await db.batch([
    db
      .prepare(
        `UPDATE evenings SET starts_at = ?2, online = ?3, place = ?4, seats_min = ?5, seats_max = ?6, signup_closes_at = ?7,
           confirm_hours = ?8, confirm_token = CASE WHEN ?8 IS NULL OR ?2 - ?8 * 3600000 > ?9 THEN NULL ELSE confirm_token END,
           status = CASE WHEN status = 'closed' AND ?7 > ?9 THEN 'open' ELSE status END
         WHERE id = ?1 AND status IN ('open', 'closed') AND (SELECT COUNT(*) FROM signups s WHERE s.evening_id = ?1 AND s.state = 'seated') <= ?6
         RETURNING id`,
      )
      .bind(e.id, edit.startsAt, edit.online ? 1 : 0, edit.place, edit.seatsMin, edit.seatsMax, edit.signupClosesAt, edit.confirmHours, now),
    // The notice goes out when the row changed in this batch (its values are now the edit's).
    noticeAllStatement(db, e.id, "changed", now, "e.starts_at = ?3 AND e.seats_max = ?4 AND e.status IN ('open', 'closed')", edit.startsAt, edit.seatsMax),
    ...promoteStatements(db, e.id, now),
  ]);
  return (done?.results.length ?? 0) > 0;
}

export interface NewClub {
  name: string;
  city: string;
  language: string;
  formats: readonly string[];
  timeZone: string;
  adultsOnly: boolean;
  recordGames: boolean;
  listed: boolean;
}

/** Create a club; its creator is its owner (club and owner row in one batch). Returns the club's id. */
export async function createClub(db: D1Database, club: NewClub, ownerId: string, now: number): Promise<string> {
  const id = newId("c");
  await db.batch([
    db.prepare("INSERT INTO clubs (id, name, city, language, formats, time_zone, adults_only, owner_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)").bind(
      id, club.name, club.city, club.language, JSON.stringify(club.formats), club.timeZone, club.adultsOnly ? 1 : 0, ownerId, now,
    ),
    db.prepare("INSERT INTO club_members (club_id, user_id, role, created_at) VALUES (?, ?, 'owner', ?)").bind(id, ownerId, now),
    // §6.11 "record games for review" (migrations/0004_recordings.sql) and the directory (0008).
    db.prepare("UPDATE clubs SET record_games = ?, listed = ?, search_key = ? WHERE id = ?").bind(club.recordGames ? 1 : 0, club.listed ? 1 : 0, searchKeyOf(club.name, club.city), id),
  ]);
  return id;
}

/** The owner names a host: a member becomes one, a non-member joins as one; the owner's row stays. */
export async function nameHost(db: D1Database, clubId: string, userId: string, now: number): Promise<void> {
  await db
    .prepare(
      `INSERT INTO club_members (club_id, user_id, role, created_at) VALUES (?, ?, 'host', ?)
       ON CONFLICT (club_id, user_id) DO UPDATE SET role = 'host' WHERE club_members.role = 'member'`,
    )
    .bind(clubId, userId, now)
    .run();
}

/** The owner removes a host: they stay a member. */
export async function removeHost(db: D1Database, clubId: string, userId: string): Promise<void> {
  await db.prepare("UPDATE club_members SET role = 'member' WHERE club_id = ? AND user_id = ? AND role = 'host'").bind(clubId, userId).run();
}

/** The owner's settings: private reviews (§8), the Tatar bonus (§7.11), the points for a win, the directory. */
export async function saveClubSettings(db: D1Database, clubId: string, s: { reviewsPrivate: boolean; tatarBonus: number; winPoints: number; listed: boolean }): Promise<void> {
  await db.prepare("UPDATE clubs SET reviews_private = ?, tatar_bonus = ?, win_points = ?, listed = ? WHERE id = ?").bind(s.reviewsPrivate ? 1 : 0, s.tatarBonus, s.winPoints, s.listed ? 1 : 0, clubId).run();
}

/** Dismiss notices: only the person's own, unread ones change. */
export async function markNoticesRead(db: D1Database, userId: string, ids: readonly number[], now: number): Promise<void> {
  await db.prepare(`UPDATE notices SET read_at = ? WHERE user_id = ? AND read_at IS NULL AND id IN (${ids.map(() => "?").join(",")})`)
    .bind(now, userId, ...ids)
    .run();
}

/** Where and when an evening is, and what it plays: what every new evening row names (a club's evening, a champion table). */
export interface EveningBasics {
  clubId: string;
  startsAt: number;
  timeZone: string;
  online: boolean;
  place: string | null;
  presetId: string;
  settings: unknown;
}

export interface NewEvening extends EveningBasics {
  seatsMin: number;
  seatsMax: number;
  ageCheck: boolean;
  signupOpensAt: number;
  signupClosesAt: number;
  weekly: boolean;
  /** Hours before the start by which a seated player confirms (migrations/0012_evening_manage.sql); none when absent. */
  confirmHours?: number | undefined;
}

/** Create an open evening. Returns its id. */
export async function createEvening(db: D1Database, e: NewEvening, createdBy: string, now: number): Promise<string> {
  const id = newId("e");
  await db
    .prepare(
      `INSERT INTO evenings (id, club_id, starts_at, time_zone, online, place, preset_id, settings, seats_min, seats_max, age_check,
         signup_opens_at, signup_closes_at, weekly, status, created_by, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?)`,
    )
    .bind(
      id, e.clubId, e.startsAt, e.timeZone, e.online ? 1 : 0, e.place, e.presetId, JSON.stringify(e.settings),
      e.seatsMin, e.seatsMax, e.ageCheck ? 1 : 0, e.signupOpensAt, e.signupClosesAt, e.weekly ? 1 : 0, createdBy, now,
    )
    .run();
  if (e.confirmHours !== undefined) await db.prepare("UPDATE evenings SET confirm_hours = ? WHERE id = ?").bind(e.confirmHours, id).run();
  return id;
}

/**
 * The evening's table is open: the evening is `started` with the table's code and its named host. Only an
 * open or closed evening changes, so of two hosts opening at once the first write wins. Returns whether it changed.
 */
export async function startEvening(db: D1Database, eveningId: string, tableCode: string, hostId: string | null): Promise<boolean> {
  const done = await db.prepare("UPDATE evenings SET status = 'started', table_code = ?, host_id = ? WHERE id = ? AND status IN ('open', 'closed')").bind(tableCode, hostId, eveningId).run();
  return Boolean(done.meta.changes);
}
