/**
 * The table's clock: real time plus `skew`, which only the end-to-end test clock moves (always 0
 * unless the worker runs with E2E_CLOCK=1; see alarm.ts advanceClock). Every time the table reads or
 * stores is on this clock; the runtime alarm is set in real time (table time − skew). The skew is
 * stored (`test_clock` row), so it survives eviction.
 */

/** The end-to-end test clock (TableAlarm.advanceClock): only with the worker variable E2E_CLOCK=1. */
export const testClockEnabled = (env: { E2E_CLOCK?: string }): boolean => env.E2E_CLOCK === "1";

const TEST_CLOCK_SCHEMA = "CREATE TABLE IF NOT EXISTS test_clock (id INTEGER PRIMARY KEY CHECK (id = 1), skew INTEGER NOT NULL)";

function readSkew(sql: SqlStorage): number {
  sql.exec(TEST_CLOCK_SCHEMA);
  const row = sql.exec("SELECT skew FROM test_clock WHERE id = 1").toArray()[0];
  return row ? Number(row.skew) : 0;
}

function writeSkew(sql: SqlStorage, skew: number): void {
  sql.exec(TEST_CLOCK_SCHEMA);
  sql.exec("INSERT INTO test_clock (id, skew) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET skew = excluded.skew", skew);
}

export class TableClock {
  private skewMs = 0;

  constructor(private readonly sql: SqlStorage, env: { E2E_CLOCK?: string }) {
    if (testClockEnabled(env)) this.skewMs = readSkew(sql);
  }

  get skew(): number {
    return this.skewMs;
  }

  now(): number {
    return Date.now() + this.skewMs;
  }

  /** Move the table's clock (stored); the caller re-arms the runtime alarm. */
  setSkew(skew: number): void {
    this.skewMs = skew;
    writeSkew(this.sql, skew);
  }
}
