/**
 * RULES.md §6.11 "recordings are deleted after 72 hours", the backstop: the Cron Trigger of
 * wrangler.toml (hourly in production) deletes every recording past its time that the table objects'
 * alarms (worker/table/recordings.ts, the exact-time deletion) did not — one given up after repeated
 * failures, or an object the upload left without its D1 row. It reads the store itself: the D1 rows by
 * `expires_at` (indexed), then every R2 object under `rec/` by the expiry written on it at upload.
 *
 * `wrangler dev` does not fire crons by itself (it says so at start); run it with --test-scheduled and
 * open /__scheduled (or /cdn-cgi/local/scheduled) to sweep by hand.
 */
import { deleteRecordings } from "./store.ts";

/** Rows per D1 read. */
const PAGE = 500;

/** Delete everything expired at `now` (UTC ms, the trigger's scheduled time). Returns how many keys went. */
export async function sweepRecordings(env: { RECORDINGS: R2Bucket; DB: D1Database }, now: number): Promise<number> {
  let gone = 0;
  for (;;) {
    const rows = await env.DB.prepare("SELECT key FROM recordings WHERE expires_at <= ? ORDER BY expires_at LIMIT ?").bind(now, PAGE).all<{ key: string }>();
    const keys = rows.results.map((r) => r.key);
    if (keys.length === 0) break;
    await deleteRecordings(env, keys);
    gone += keys.length;
    if (keys.length < PAGE) break;
  }
  // Objects without a row (or whose row went first): the expiry stored with the object decides.
  let cursor: string | undefined;
  do {
    const page = await env.RECORDINGS.list({ prefix: "rec/", include: ["customMetadata"], ...(cursor ? { cursor } : {}) });
    const expired = page.objects.filter((o) => Number(o.customMetadata?.expiresAt ?? 0) <= now).map((o) => o.key);
    if (expired.length > 0) {
      await deleteRecordings(env, expired);
      gone += expired.length;
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return gone;
}
