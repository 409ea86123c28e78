/**
 * The one migration runner of every Durable Object's SQLite (the table, the directory, the tournament,
 * the guess limiter). Each object keeps its own numbered list beside it (worker/table/migrations.ts,
 * worker/directory/migrations.ts, worker/tournaments/migrations.ts, worker/security/migrations.ts); this
 * file runs a list, and only these files hold DDL or read `sqlite_master` (test/unit/architecture-storage.test.ts).
 *
 * A database records the last version it ran in a one-row `schema_version` table, not in
 * `PRAGMA user_version`: Durable Object SQLite refuses that pragma ("not authorized: SQLITE_AUTH", read
 * or write — measured in workerd). The migrations a database has not run are applied in order inside one
 * transaction (`transactionSync`; nested inside the caller's transaction it is a savepoint), each followed
 * by its version: a step that throws leaves the database as it was, and the next start tries again.
 *
 * A list is numbered 1, 2, 3 … with no gap; a released migration is never edited, a change is the next
 * number. Every step is written so that it also brings level a database stored before the runner existed
 * (no `schema_version`, tables created on first use or probed): CREATE … IF NOT EXISTS, and a column
 * added only when missing (`addColumns`).
 */

export interface Migration {
  version: number;
  /** What it changes and why, for the reader of a stored database. */
  why: string;
  up(sql: SqlStorage): void;
}

const VERSION_DDL = "CREATE TABLE IF NOT EXISTS schema_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)";

/** The version this database is at: 0 for one stored before the runner (or empty). */
export function schemaVersion(sql: SqlStorage): number {
  const has = sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'").toArray().length > 0;
  if (!has) return 0;
  const r = sql.exec("SELECT version FROM schema_version WHERE id = 1").toArray()[0];
  return r ? Number(r.version) : 0;
}

/** A list numbered 1..n in order (a gap or a repeat is a programming error, refused before anything runs). */
function checkNumbering(migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`migration ${i + 1} is numbered ${m.version}`);
  });
}

/**
 * Runs the migrations this database has not run, in order, in one transaction. Returns the versions
 * run (none when it is current: one read of `schema_version`).
 */
export function migrate(storage: DurableObjectStorage, migrations: readonly Migration[]): number[] {
  checkNumbering(migrations);
  const sql = storage.sql;
  const at = schemaVersion(sql);
  if (at >= migrations.length) return [];
  return storage.transactionSync(() => {
    const ran: number[] = [];
    for (const m of migrations) {
      if (m.version <= at) continue;
      m.up(sql);
      sql.exec(VERSION_DDL);
      sql.exec("INSERT INTO schema_version (id, version) VALUES (1, ?1) ON CONFLICT(id) DO UPDATE SET version = ?1", m.version);
      ran.push(m.version);
    }
    return ran;
  });
}

/**
 * `migrate`, only for a database that already holds a table of its own: one stored by an earlier
 * release is brought up to date when its object starts, and an empty one stays empty (a table object
 * asked about an unknown code must leave nothing behind — it creates its tables at `init`).
 */
export function migrateStored(storage: DurableObjectStorage, migrations: readonly Migration[]): number[] {
  const stored = storage.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' LIMIT 1").toArray().length > 0;
  return stored ? migrate(storage, migrations) : [];
}

/**
 * Inside a migration step: adds each column the table lacks (a table created before the column existed,
 * which CREATE … IF NOT EXISTS left as it was). Read from `PRAGMA table_info`, so a database that already
 * has the column (created by a later DDL, or by a release that added it on first use) is left alone.
 */
export function addColumns(sql: SqlStorage, table: string, columns: ReadonlyArray<readonly [string, string]>): void {
  const have = new Set(sql.exec(`SELECT name FROM pragma_table_info('${table}')`).toArray().map((r) => String(r.name)));
  for (const [name, type] of columns) if (!have.has(name)) sql.exec(`ALTER TABLE ${table} ADD COLUMN ${name} ${type}`);
}
