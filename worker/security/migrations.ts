import type { Migration } from "../storage/migrations.ts";

/**
 * The GuessLimiter object's SQLite (GuessLimiter.ts) as numbered migrations, run by the one runner of
 * every object (worker/storage/migrations.ts) before its first read — and again after its alarm's
 * `deleteAll` emptied it, `schema_version` included.
 */
export const GUESS_LIMITER_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    why: "the named counters of failed guesses per client address (counters: each window's end and hits) and, of a counter's count, the reserved attempts still in flight (pending: from `reserve` until `refund` or `fail`). An object stored before named counters may still hold the one-row `guard` table: its own alarm, already scheduled, finds no counter and deletes everything",
    up(sql) {
      sql.exec("CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, until INTEGER NOT NULL, count INTEGER NOT NULL) WITHOUT ROWID");
      sql.exec("CREATE TABLE IF NOT EXISTS pending (name TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID");
    },
  },
];
