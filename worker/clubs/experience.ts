/**
 * RULES.md §7.10 (2026-12-06), for clubs that move here with their players: experience in a format with
 * consiglieri (tatar) is either ≥ 10 finished games of the format here or the club's mark ("experienced
 * in tatar", set by its owner or a host and logged: migrations/0014_club_experience.sql). Experience lifts
 * the consigliere requirement for a member at the club's rating tables, and only an experienced account —
 * never a guest — counts as a newcomer's advisor.
 */

/** RULES.md §7.10: fewer than this many finished games of the format make a newcomer. */
export const NEWCOMER_GAMES = 10;

/** The format the club's mark is for: §7.10 names "experienced in tatar" (the one preset with consiglieri). */
export const EXPERIENCE_FORMAT = "tatar";

/**
 * Of `userIds`, those experienced in `presetId` (`clubId`: the club whose mark counts; null: games only).
 * Games are finished games of the format on the account (RULES.md §7.10 *decision*: any table).
 */
export async function experiencedIn(db: D1Database, clubId: string | null, presetId: string, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const list = userIds.map(() => "?").join(",");
  const [games, marked] = await db.batch<{ user_id: string }>([
    db
      .prepare(
        `SELECT gp.user_id AS user_id FROM game_players gp JOIN games g ON g.id = gp.game_id
          WHERE g.preset_id = ? AND gp.user_id IN (${list}) GROUP BY gp.user_id HAVING COUNT(*) >= ?`,
      )
      .bind(presetId, ...userIds, NEWCOMER_GAMES),
    db.prepare(`SELECT user_id FROM club_experience WHERE club_id = ? AND preset_id = ? AND user_id IN (${list})`).bind(clubId ?? "", presetId, ...userIds),
  ]);
  return new Set([...(games?.results ?? []), ...(clubId ? (marked?.results ?? []) : [])].map((r) => r.user_id));
}

/**
 * The owner or a host marks (or unmarks) a member experienced in `presetId`. The log keeps every change
 * with who and when; marking an already marked member (or unmarking an unmarked one) changes nothing.
 */
export async function setExperience(db: D1Database, clubId: string, userId: string, presetId: string, experienced: boolean, by: string, now: number): Promise<void> {
  const done = experienced
    ? await db
        .prepare("INSERT INTO club_experience (club_id, user_id, preset_id, marked_by, marked_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (club_id, user_id, preset_id) DO NOTHING")
        .bind(clubId, userId, presetId, by, now)
        .run()
    : await db.prepare("DELETE FROM club_experience WHERE club_id = ? AND user_id = ? AND preset_id = ?").bind(clubId, userId, presetId).run();
  if (!done.meta.changes) return;
  await db
    .prepare("INSERT INTO club_experience_log (club_id, user_id, preset_id, experienced, by_user, at) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(clubId, userId, presetId, experienced ? 1 : 0, by, now)
    .run();
}
