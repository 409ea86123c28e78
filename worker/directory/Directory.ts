/**
 * The public lobby: one Durable Object (name "directory") with a small SQLite table of public tables.
 * Tables push their listing when it changes (created, someone joined, started, ended); the worker
 * reads it for GET /api/tables. Private tables never appear here.
 *
 * A single global object is enough at this scale (one small write per join/start/end); if it ever
 * is not, shard by region or by code prefix behind the same two methods.
 *
 * Updates are monotonic per table ("the lobby list can't go stale"): each push carries the
 * table's version (`seq`; it only grows), pushes travel through separate stubs and may arrive out of
 * order, and one older than the stored row is ignored. An ended table leaves a tombstone (status
 * "ended", never listed) so that an older "lobby" or "playing" push arriving after the end cannot
 * bring the listing back; the TTL cleanup drops tombstones with everything else.
 */
import { DurableObject } from "cloudflare:workers";
import type { TableListing, TableStatus } from "../../shared/protocol/http.ts";
import type { Env } from "../env.ts";

/** Listings not refreshed for this long are dropped (an abandoned lobby). */
export const LISTING_TTL_MS = 6 * 60 * 60 * 1000;
export const LISTING_LIMIT = 100;

export class Directory extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS listings (
      code        TEXT    PRIMARY KEY,
      preset_id   TEXT    NOT NULL,
      status      TEXT    NOT NULL,
      seats_taken INTEGER NOT NULL,
      seats_max   INTEGER NOT NULL,
      updated_at  INTEGER NOT NULL,
      seq         INTEGER NOT NULL DEFAULT 0
    )`);
    // A directory stored without the ordering column gets it.
    const columns = ctx.storage.sql.exec("SELECT name FROM pragma_table_info('listings')").toArray().map((r) => String(r.name));
    if (!columns.includes("seq")) ctx.storage.sql.exec("ALTER TABLE listings ADD COLUMN seq INTEGER NOT NULL DEFAULT 0");
    // Issue 38 (RULES.md §5.7): a live-hosted game's hosting ("waiting" for the host, "server"); NULL: as usual.
    if (!columns.includes("hosting")) ctx.storage.sql.exec("ALTER TABLE listings ADD COLUMN hosting TEXT");
  }

  /**
   * A table's current listing, as of its version `seq`. Applied only if it is not older than what is
   * stored: a higher seq, or the same seq and an updatedAt not earlier. An ended table becomes a
   * tombstone (never listed; it outranks every older push). Returns whether it was applied.
   */
  upsert(listing: TableListing, seq = 0): boolean {
    const changed = this.ctx.storage.sql.exec(
      `INSERT INTO listings (code, preset_id, status, seats_taken, seats_max, updated_at, seq, hosting) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
       ON CONFLICT(code) DO UPDATE SET preset_id = ?2, status = ?3, seats_taken = ?4, seats_max = ?5, updated_at = ?6, seq = ?7, hosting = ?8
       WHERE ?7 > listings.seq OR (?7 = listings.seq AND ?6 >= listings.updated_at AND listings.status <> 'ended')`,
      listing.code, listing.presetId, listing.status, listing.seats.taken, listing.seats.max, listing.updatedAt, seq, listing.hosting ?? null,
    );
    return changed.rowsWritten > 0;
  }

  /** Public tables, most recently active first; `status` narrows to lobby or playing. */
  list(status?: Exclude<TableStatus, "ended">, now: number = Date.now()): TableListing[] {
    this.ctx.storage.sql.exec("DELETE FROM listings WHERE updated_at < ?", now - LISTING_TTL_MS);
    const rows = status
      ? this.ctx.storage.sql.exec("SELECT * FROM listings WHERE status = ? ORDER BY updated_at DESC LIMIT ?", status, LISTING_LIMIT)
      : this.ctx.storage.sql.exec("SELECT * FROM listings WHERE status <> 'ended' ORDER BY updated_at DESC LIMIT ?", LISTING_LIMIT);
    return rows.toArray().map((r) => ({
      code: String(r.code),
      presetId: String(r.preset_id),
      status: String(r.status) as TableStatus,
      seats: { taken: Number(r.seats_taken), max: Number(r.seats_max) },
      updatedAt: Number(r.updated_at),
      ...(r.hosting === "waiting" || r.hosting === "server" ? { hosting: r.hosting } : {}),
    }));
  }
}
