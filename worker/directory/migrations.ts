import { addColumns, type Migration } from "../storage/migrations.ts";

/**
 * The Directory object's SQLite (Directory.ts) as numbered migrations, run by the one runner of every
 * object (worker/storage/migrations.ts) when the object starts. A directory stored before the runner
 * (no `schema_version`) already has `listings`, with or without the later columns: each step leaves
 * what is there and adds what is missing.
 */
export const DIRECTORY_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    why: "the public lobby's listings: one row per public table, pushed by the table when it changes and read by GET /api/tables",
    up(sql) {
      sql.exec(`CREATE TABLE IF NOT EXISTS listings (
        code        TEXT    PRIMARY KEY,
        preset_id   TEXT    NOT NULL,
        status      TEXT    NOT NULL,
        seats_taken INTEGER NOT NULL,
        seats_max   INTEGER NOT NULL,
        updated_at  INTEGER NOT NULL
      )`);
    },
  },
  {
    version: 2,
    why: "the table's version of each listing (listings.seq): pushes travel through separate stubs and may arrive out of order, and one older than the stored row is ignored, so the lobby list cannot go stale",
    up(sql) {
      addColumns(sql, "listings", [["seq", "INTEGER NOT NULL DEFAULT 0"]]);
    },
  },
  {
    version: 3,
    why: "RULES.md §5.7: a live-hosted game's hosting (listings.hosting: \"waiting\" for the host, \"server\" covering; NULL as usual), shown in the lobby",
    up(sql) {
      addColumns(sql, "listings", [["hosting", "TEXT"]]);
    },
  },
];
