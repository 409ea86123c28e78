/** Clubs, members, evenings and notices in D1 (migrations/0002_clubs.sql) and their API shapes (docs/CLUBS.md). */
import { EXPERIENCE_FORMAT } from "./experience.ts";
import type { Club, ClubLanguage, ClubMember, ClubNotice, ClubRole, EveningStatus, EveningSummary, MySignup, SignupState, YourSignup } from "../../shared/protocol/clubs.ts";
import { base64url } from "../security/random.ts";

/** Ids: "c" (club) or "e" (evening) + 16 characters of base64url (96 random bits). */
export const newId = (prefix: "c" | "e"): string => prefix + base64url(crypto.getRandomValues(new Uint8Array(12)));
export const isId = (prefix: "c" | "e", id: string): boolean => new RegExp(`^${prefix}[A-Za-z0-9_-]{16}$`).test(id);

/** An evening counts as upcoming until this long after its start (§6.11: about three games of an hour). */
export const EVENING_HOURS = 4;

export interface ClubRow {
  id: string;
  name: string;
  city: string;
  language: string;
  formats: string;
  time_zone: string;
  adults_only: number;
  owner_id: string;
  created_at: number;
  /** migrations/0004_recordings.sql: 1 = record games for review. */
  record_games: number;
  /** migrations/0003_seasons.sql: the club keeps its reviews private (§8); the extra points of a Tatar game (§7.11). */
  reviews_private: number;
  tatar_bonus: number;
  /** migrations/0007_evening_loop.sql: the club's points for a win at the review. */
  win_points: number;
  /** migrations/0008_club_directory.sql: 1 = in the public directory; the folded name and city searched. */
  listed: number;
  search_key: string | null;
  /** migrations/*_newcomers_rules_test.sql: the rules test required for evenings (1), and its mark. */
  rules_test_required: number;
  rules_test_mark: number;
}

export interface EveningRow {
  id: string;
  club_id: string;
  starts_at: number;
  time_zone: string;
  online: number;
  place: string | null;
  preset_id: string;
  settings: string;
  seats_min: number;
  seats_max: number;
  age_check: number;
  signup_opens_at: number;
  signup_closes_at: number;
  weekly: number;
  status: EveningStatus;
  table_code: string | null;
  /** migrations/0007_evening_loop.sql: the named host when the opener plays; games played; the end of the last one while no next one is open. */
  host_id: string | null;
  games: number;
  ended_at: number | null;
  created_by: string;
  created_at: number;
  /** migrations/0012_evening_manage.sql: the confirmation deadline in hours before the start (null: none); set once it was applied; the evening this one repeats. */
  confirm_hours: number | null;
  confirm_token: string | null;
  repeat_of: string | null;
  /** Counted by the queries below. */
  n_seated: number;
  n_reserve: number;
}

export const clubOf = (r: ClubRow): Club => ({
  id: r.id,
  name: r.name,
  city: r.city,
  language: r.language as ClubLanguage,
  formats: JSON.parse(r.formats) as string[],
  timeZone: r.time_zone,
  adultsOnly: r.adults_only === 1,
  createdAt: r.created_at,
  recordGames: r.record_games === 1,
  listed: r.listed !== 0,
});

export const signupOpen = (e: Pick<EveningRow, "status" | "signup_opens_at" | "signup_closes_at">, now: number): boolean =>
  e.status === "open" && e.signup_opens_at <= now && now < e.signup_closes_at;

export const eveningOf = (e: EveningRow, now: number): EveningSummary => ({
  id: e.id,
  clubId: e.club_id,
  startsAt: e.starts_at,
  timeZone: e.time_zone,
  online: e.online === 1,
  place: e.place,
  presetId: e.preset_id,
  seats: { min: e.seats_min, max: e.seats_max },
  seated: e.n_seated,
  reserve: e.n_reserve,
  ageCheck: e.age_check === 1,
  signup: { opensAt: e.signup_opens_at, closesAt: e.signup_closes_at, open: signupOpen(e, now) },
  weekly: e.weekly === 1,
  status: e.status,
  games: e.games ?? 0,
  endedAt: e.ended_at ?? null,
  confirmBy: e.confirm_hours === null || e.confirm_hours === undefined ? null : e.starts_at - e.confirm_hours * 3600_000,
});

/** The evening columns plus its list sizes (index signups_order). */
const EVENING_COLUMNS = `e.*,
  (SELECT COUNT(*) FROM signups s WHERE s.evening_id = e.id AND s.state = 'seated') AS n_seated,
  (SELECT COUNT(*) FROM signups s WHERE s.evening_id = e.id AND s.state = 'reserve') AS n_reserve`;

export const clubById = (db: D1Database, id: string) => db.prepare("SELECT * FROM clubs WHERE id = ?").bind(id).first<ClubRow>();

/** The club named by a path's id, or null (an id that cannot exist touches no table). */
export const clubOfPath = (db: D1Database, id: string | undefined): Promise<ClubRow | null> => (isId("c", id ?? "") ? clubById(db, id ?? "") : Promise.resolve(null));

export const roleIn = async (db: D1Database, clubId: string, userId: string): Promise<ClubRole | null> =>
  (await db.prepare("SELECT role FROM club_members WHERE club_id = ? AND user_id = ?").bind(clubId, userId).first<{ role: ClubRole }>())?.role ?? null;

export const eveningById = (db: D1Database, clubId: string, id: string) =>
  db.prepare(`SELECT ${EVENING_COLUMNS} FROM evenings e WHERE e.id = ? AND e.club_id = ?`).bind(id, clubId).first<EveningRow>();

/** Owner first, then hosts, then members; by nickname within each. */
/**
 * The club's owner and hosts see every name (they run the evenings); anyone else
 * sees a member who opted out of publication (users.publish_nick = 0) as a masked row, unless it is them.
 */
export async function membersOf(db: D1Database, clubId: string, viewerId: string | null, viewerRole: ClubRole | null): Promise<ClubMember[]> {
  const rows = await db
    .prepare(
      `SELECT u.id, u.nick, u.publish_nick, m.role, x.marked_at, b.nick AS marked_by FROM club_members m JOIN users u ON u.id = m.user_id
         LEFT JOIN club_experience x ON x.club_id = m.club_id AND x.user_id = m.user_id AND x.preset_id = ?
         LEFT JOIN users b ON b.id = x.marked_by
       WHERE m.club_id = ?
       ORDER BY CASE m.role WHEN 'owner' THEN 0 WHEN 'host' THEN 1 ELSE 2 END, u.nick_key LIMIT 500`,
    )
    .bind(EXPERIENCE_FORMAT, clubId)
    .all<{ id: string; nick: string; publish_nick: number; role: ClubRole; marked_at: number | null; marked_by: string | null }>();
  const seesAll = viewerRole === "owner" || viewerRole === "host";
  return rows.results.map((r): ClubMember => {
    if (!seesAll && r.publish_nick === 0 && r.id !== viewerId) return { nickname: null, role: r.role, hidden: true };
    // RULES.md §7.10 (2026-12-06): the club's mark; who marked it only for those who run the club (the log).
    const experienced = r.marked_at === null ? {} : { experienced: { by: seesAll ? r.marked_by : null, at: r.marked_at } };
    return { nickname: r.nick, role: r.role, ...experienced };
  });
}

/**
 * RULES.md §6.11 an evening not over yet, the one rule every page reads (the club page's "Upcoming", the
 * directory's "Next evening"): it started less than EVENING_HOURS ago (or starts later) and its table has
 * not played its last game (`ended_at`). `edge` is a bound parameter's placeholder for `upcomingEdge(now)`.
 */
export const notOverSql = (edge: string): string => `e.starts_at >= ${edge} AND e.ended_at IS NULL`;
export const upcomingEdge = (now: number): number => now - EVENING_HOURS * 3600_000;

/** The club page's evenings (index evenings_club_time): not yet over soonest first; the latest 20 earlier ones. */
export async function eveningsOf(db: D1Database, clubId: string, now: number): Promise<{ upcoming: EveningSummary[]; past: EveningSummary[] }> {
  const edge = upcomingEdge(now);
  const [up, past] = await db.batch<EveningRow>([
    // An evening whose table played its last game (ended_at) is past at once, not at its hour's end.
    db.prepare(`SELECT ${EVENING_COLUMNS} FROM evenings e WHERE e.club_id = ? AND ${notOverSql("?")} ORDER BY e.starts_at LIMIT 50`).bind(clubId, edge),
    db.prepare(`SELECT ${EVENING_COLUMNS} FROM evenings e WHERE e.club_id = ? AND (e.starts_at < ? OR e.ended_at IS NOT NULL) ORDER BY e.starts_at DESC LIMIT 20`).bind(clubId, edge),
  ]);
  return { upcoming: (up?.results ?? []).map((e) => eveningOf(e, now)), past: (past?.results ?? []).map((e) => eveningOf(e, now)) };
}

/** The viewer's sign-up; a reserve position is 1 + the reserve rows ahead of it (in seq order). */
export function yourSignup(row: { state: SignupState; confirmed_at: number | null; age_confirmed: number }, ahead: number): YourSignup {
  return {
    state: row.state,
    position: row.state === "reserve" ? ahead + 1 : null,
    confirmed: row.state === "seated" && row.confirmed_at !== null,
    ageConfirmed: row.age_confirmed === 1,
  };
}

interface NoticeRow {
  id: number;
  kind: ClubNotice["kind"];
  club_id: string;
  club_name: string;
  evening_id: string | null;
  starts_at: number | null;
  time_zone: string | null;
  created_at: number;
}

const noticeOf = (n: NoticeRow): ClubNotice => ({
  id: n.id,
  kind: n.kind,
  clubId: n.club_id,
  clubName: n.club_name,
  eveningId: n.evening_id,
  startsAt: n.starts_at,
  timeZone: n.time_zone,
  createdAt: n.created_at,
});

/** A person's unread notices, newest first (index notices_user); only those of one evening when given. */
export async function noticesOf(db: D1Database, userId: string, eveningId?: string): Promise<ClubNotice[]> {
  const rows = await db
    .prepare(
      `SELECT n.id, n.kind, n.club_id, c.name AS club_name, n.evening_id, e.starts_at, e.time_zone, n.created_at
       FROM notices n JOIN clubs c ON c.id = n.club_id LEFT JOIN evenings e ON e.id = n.evening_id
       WHERE n.user_id = ?1 AND n.read_at IS NULL AND (?2 IS NULL OR n.evening_id = ?2)
       ORDER BY n.id DESC LIMIT 50`,
    )
    .bind(userId, eveningId ?? null)
    .all<NoticeRow>();
  return rows.results.map(noticeOf);
}

/**
 * "My evenings": sign-ups not withdrawn (index signups_user) and the evenings whose table this person played a
 * game at without a sign-up (the owner who opened the table and sat down, RULES.md §6.11: a seat at the table
 * is a seat at the evening; index game_players_user, then evenings_table), evenings not over first (soonest
 * first), then past.
 */
export async function signupsOfUser(db: D1Database, userId: string, now: number): Promise<MySignup[]> {
  const rows = await db
    .prepare(
      `SELECT * FROM (
         SELECT ${EVENING_COLUMNS}, c.name AS club_name, s.state AS my_state, s.confirmed_at AS my_confirmed, s.age_confirmed AS my_age,
           (SELECT COUNT(*) FROM signups r WHERE r.evening_id = e.id AND r.state = 'reserve' AND r.seq < s.seq) AS ahead
         FROM signups s JOIN evenings e ON e.id = s.evening_id JOIN clubs c ON c.id = e.club_id
         WHERE s.user_id = ?1 AND s.state IN ('seated', 'reserve')
         UNION ALL
         SELECT ${EVENING_COLUMNS}, c.name AS club_name, 'seated' AS my_state, e.starts_at AS my_confirmed, 1 AS my_age, 0 AS ahead
         FROM evenings e JOIN clubs c ON c.id = e.club_id
         WHERE e.table_code IN (SELECT g.code FROM game_players p JOIN games g ON g.id = p.game_id WHERE p.user_id = ?1)
           AND NOT EXISTS (SELECT 1 FROM signups s WHERE s.evening_id = e.id AND s.user_id = ?1 AND s.state IN ('seated', 'reserve'))
           AND EXISTS (SELECT 1 FROM game_players p JOIN games g ON g.id = p.game_id WHERE p.user_id = ?1 AND g.code = e.table_code AND g.started_at >= e.created_at)
       ) AS e
       ORDER BY e.starts_at < ?2, CASE WHEN e.starts_at < ?2 THEN -e.starts_at ELSE e.starts_at END LIMIT 100`,
    )
    .bind(userId, upcomingEdge(now))
    .all<EveningRow & { club_name: string; my_state: SignupState; my_confirmed: number | null; my_age: number; ahead: number }>();
  return rows.results.map((r) => ({
    club: { id: r.club_id, name: r.club_name },
    evening: eveningOf(r, now),
    you: yourSignup({ state: r.my_state, confirmed_at: r.my_confirmed, age_confirmed: r.my_age }, r.ahead),
  }));
}

/** The accounts who may host the club's evening tables (owner and hosts), by nickname. */
export async function hostsOf(db: D1Database, clubId: string): Promise<string[]> {
  const rows = await db
    .prepare("SELECT u.nick FROM club_members m JOIN users u ON u.id = m.user_id WHERE m.club_id = ? AND m.role IN ('owner', 'host') ORDER BY m.role = 'host', u.nick LIMIT 100")
    .bind(clubId)
    .all<{ nick: string }>();
  return rows.results.map((r) => r.nick);
}

/** The club's members (owner, hosts, members) in the order they joined. */
export async function memberIdsOf(db: D1Database, clubId: string): Promise<string[]> {
  const rows = await db.prepare("SELECT user_id FROM club_members WHERE club_id = ? ORDER BY created_at LIMIT 500").bind(clubId).all<{ user_id: string }>();
  return rows.results.map((r) => r.user_id);
}

/** The clubs a person belongs to, with their role, by name. */
export async function clubsOfUser(db: D1Database, userId: string): Promise<Array<{ id: string; name: string; city: string; role: ClubRole }>> {
  const rows = await db
    .prepare("SELECT c.id, c.name, c.city, m.role FROM club_members m JOIN clubs c ON c.id = m.club_id WHERE m.user_id = ? ORDER BY c.name LIMIT 100")
    .bind(userId)
    .all<{ id: string; name: string; city: string; role: ClubRole }>();
  return rows.results;
}

/** The club evening that opened the table of `code`, or null (a table no club evening opened). */
export const eveningOfTable = (db: D1Database, code: string) =>
  db.prepare("SELECT id, club_id, preset_id FROM evenings WHERE table_code = ? LIMIT 1").bind(code).first<{ id: string; club_id: string; preset_id: string }>();
