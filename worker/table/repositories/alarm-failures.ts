/**
 * The alarm items' failure counts: `alarm_failures` (one row per kind, the table's migration 1,
 * migrations.ts). Only alarm-failures.ts uses these functions, and only they touch the table.
 */

export interface FailureRow {
  item: string;
  failures: number;
  retryAt: number | null;
  /** Given up and left out of the schedule (takeover: nothing else marks it done). */
  skipped: boolean;
}

export function alarmFailureRows(sql: SqlStorage) {
  return {
    all(): Map<string, FailureRow> {
      const rows = new Map<string, FailureRow>();
      for (const r of sql.exec("SELECT kind, item, failures, retry_at, skipped FROM alarm_failures").toArray()) {
        rows.set(String(r.kind), { item: String(r.item), failures: Number(r.failures), retryAt: r.retry_at === null ? null : Number(r.retry_at), skipped: Number(r.skipped) === 1 });
      }
      return rows;
    },
    put(kind: string, row: FailureRow): void {
      sql.exec(
        `INSERT INTO alarm_failures (kind, item, failures, retry_at, skipped) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT(kind) DO UPDATE SET item = ?2, failures = ?3, retry_at = ?4, skipped = ?5`,
        kind, row.item, row.failures, row.retryAt, row.skipped ? 1 : 0,
      );
    },
    drop(kind: string): void {
      sql.exec("DELETE FROM alarm_failures WHERE kind = ?", kind);
    },
  };
}

export type AlarmFailureRows = ReturnType<typeof alarmFailureRows>;
