/**
 * The test clock's skew: one row of `test_clock` (the table's migration 10, migrations.ts); production
 * never writes it. Only these functions touch the table.
 */

export function clockRows(sql: SqlStorage) {
  return {
    /** The stored skew, or null (no row). */
    skew(): number | null {
      const row = sql.exec("SELECT skew FROM test_clock WHERE id = 1").toArray()[0];
      return row ? Number(row.skew) : null;
    },
    setSkew(skew: number): void {
      sql.exec("INSERT INTO test_clock (id, skew) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET skew = excluded.skew", skew);
    },
  };
}

export type ClockRows = ReturnType<typeof clockRows>;
