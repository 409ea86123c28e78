/**
 * The audio recordings' rows (RULES.md §6.11): `recordings` (one per game: its key, expiry, deletion)
 * and `recording_chunks` (the chunks' sizes, reserved then stored), from the table's migrations
 * (migrations.ts). Only recordings.ts uses these functions, and only they touch these tables.
 */

export interface RecordingRow {
  createdAt: number;
  expiresAt: number;
  deleted: boolean;
}

export function recordingsRows(sql: SqlStorage) {
  return {
    /** The bytes of game `game`'s chunks other than chunk `i`. */
    otherChunksSize(game: number, i: number): number {
      return Number(sql.exec("SELECT COALESCE(SUM(size), 0) AS n FROM recording_chunks WHERE game = ? AND i != ?", game, i).one().n);
    },
    /** Reserve chunk `i`'s size (not stored yet; a replacement starts again). */
    reserveChunk(game: number, i: number, size: number): void {
      sql.exec("INSERT INTO recording_chunks (game, i, size, stored) VALUES (?, ?, ?, 0) ON CONFLICT (game, i) DO UPDATE SET size = excluded.size, stored = 0", game, i, size);
    },
    chunkStored(game: number, i: number): void {
      sql.exec("UPDATE recording_chunks SET stored = 1 WHERE game = ? AND i = ?", game, i);
    },
    /** The stored chunks of the game, in order. */
    storedChunks(game: number): { i: number; size: number }[] {
      return sql.exec("SELECT i, size FROM recording_chunks WHERE game = ? AND stored = 1 ORDER BY i", game).toArray().map((r) => ({ i: Number(r.i), size: Number(r.size) }));
    },
    recording(game: number): RecordingRow | null {
      const r = sql.exec("SELECT created_at, expires_at, deleted_at FROM recordings WHERE game = ?", game).toArray()[0];
      return r ? { createdAt: Number(r.created_at), expiresAt: Number(r.expires_at), deleted: r.deleted_at !== null } : null;
    },
    open(game: number, key: string, createdAt: number, expiresAt: number): void {
      sql.exec("INSERT INTO recordings (game, key, created_at, expires_at) VALUES (?, ?, ?, ?)", game, key, createdAt, expiresAt);
    },
    /** The earliest expiry still to be done by the table (null: none). */
    nextExpiry(): number | null {
      const row = sql.exec("SELECT MIN(expires_at) AS at FROM recordings WHERE deleted_at IS NULL AND given_up = 0").toArray()[0];
      return row?.at === null || row?.at === undefined ? null : Number(row.at);
    },
    /** The recordings whose time has come by `now`. */
    expired(now: number): { game: number; key: string }[] {
      return sql.exec("SELECT game, key FROM recordings WHERE deleted_at IS NULL AND given_up = 0 AND expires_at <= ?", now).toArray().map((r) => ({ game: Number(r.game), key: String(r.key) }));
    },
    deleted(game: number, at: number): void {
      sql.exec("UPDATE recordings SET deleted_at = ? WHERE game = ?", at, game);
      sql.exec("DELETE FROM recording_chunks WHERE game = ?", game);
    },
    /** The table gives up the expiries due by `at` (the hourly sweep deletes those). */
    giveUp(at: number): void {
      sql.exec("UPDATE recordings SET given_up = 1 WHERE deleted_at IS NULL AND expires_at <= ?", at);
    },
  };
}

export type RecordingsRows = ReturnType<typeof recordingsRows>;
