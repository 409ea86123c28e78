/**
 * RULES.md §6.11, docs/CLUBS.md "Recordings": recordings in R2 (the audio) and D1 (the
 * `recordings` rows of migrations/0004_recordings.sql: whose it is and when it goes).
 */
import type { RecordingInfo } from "../../shared/protocol/recordings.ts";

export interface RecordingRow {
  key: string;
  table_code: string;
  game: number;
  club_id: string;
  players: string;
  size: number;
  content_type: string;
  created_at: number;
  expires_at: number;
}

export const recordingInfo = (r: RecordingRow): RecordingInfo => ({ size: r.size, contentType: r.content_type, createdAt: r.created_at, expiresAt: r.expires_at });

export async function recordingRow(db: D1Database, key: string): Promise<RecordingRow | null> {
  return db.prepare("SELECT * FROM recordings WHERE key = ?").bind(key).first<RecordingRow>();
}

/** R2's bulk delete takes at most 1,000 keys; D1 binds at most 100 parameters per statement. */
const R2_BATCH = 1000;
const D1_BATCH = 90;

/** The R2 keys of a recording's chunks (everything under `${key}/`). */
export async function chunkKeys(bucket: R2Bucket, key: string): Promise<Array<{ key: string; size: number }>> {
  const out: Array<{ key: string; size: number }> = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: `${key}/`, ...(cursor ? { cursor } : {}) });
    for (const o of page.objects) out.push({ key: o.key, size: o.size });
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return out;
}

/** Delete these recordings: the R2 objects (a whole file and every chunk), then their D1 rows (a key with neither is fine). */
export async function deleteRecordings(env: { RECORDINGS: R2Bucket; DB: D1Database }, keys: readonly string[]): Promise<void> {
  const all = [...keys];
  for (const key of keys) if (!key.includes("/c/")) for (const c of await chunkKeys(env.RECORDINGS, key)) all.push(c.key);
  for (let i = 0; i < all.length; i += R2_BATCH) await env.RECORDINGS.delete(all.slice(i, i + R2_BATCH));
  for (let i = 0; i < keys.length; i += D1_BATCH) {
    const part = keys.slice(i, i + D1_BATCH);
    await env.DB.prepare(`DELETE FROM recordings WHERE key IN (${part.map(() => "?").join(",")})`).bind(...part).run();
  }
}
