import type { Migration } from "../storage/migrations.ts";

/**
 * The TournamentObject's SQLite (TournamentObject.ts) as numbered migrations, run by the one runner of
 * every object (worker/storage/migrations.ts) when the object starts. A tournament stored before the
 * runner (no `schema_version`) already has both tables and its stats row: the step leaves them as they are.
 */
export const TOURNAMENT_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    why: "RULES.md §9: the tournament as one JSON document (doc: registrations, judges, the drawn schedule, each round's tables, each game's facts and extra points) and the object's counters (stats: rows written to D1, table ends applied and repeated), starting at zero",
    up(sql) {
      sql.exec("CREATE TABLE IF NOT EXISTS doc (id INTEGER PRIMARY KEY CHECK (id = 1), json TEXT NOT NULL)");
      sql.exec("CREATE TABLE IF NOT EXISTS stats (id INTEGER PRIMARY KEY CHECK (id = 1), d1_rows INTEGER NOT NULL, ended_reports INTEGER NOT NULL, repeated_reports INTEGER NOT NULL)");
      sql.exec("INSERT OR IGNORE INTO stats (id, d1_rows, ended_reports, repeated_reports) VALUES (1, 0, 0, 0)");
    },
  },
];
