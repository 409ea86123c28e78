/**
 * The finished games' reports to D1 (report.ts): `game_report` (the current game's, one row) and
 * `report_backlog` (earlier games of the series not reported yet), both from the table's migration 1
 * (migrations.ts). Only the reporter uses these functions, and only they touch these tables.
 */

export interface ReportRow {
  ended_at: number;
  attempts: number;
  next_at: number | null;
  done_at: number | null;
}

export function reportRows(sql: SqlStorage) {
  return {
    current(): ReportRow | null {
      const r = sql.exec("SELECT ended_at, attempts, next_at, done_at FROM game_report WHERE id = 1").toArray()[0];
      return r ? { ended_at: Number(r.ended_at), attempts: Number(r.attempts), next_at: r.next_at === null ? null : Number(r.next_at), done_at: r.done_at === null ? null : Number(r.done_at) } : null;
    },
    /** The current game's report as stored (JSON), or null when it was never built. */
    currentReport(): string | null {
      const stored = sql.exec("SELECT report FROM game_report WHERE id = 1").one().report;
      return stored === null || stored === undefined ? null : String(stored);
    },
    /** The current game's row, once: created at its first attempt. */
    begin(endedAt: number): void {
      sql.exec("INSERT OR IGNORE INTO game_report (id, ended_at, attempts) VALUES (1, ?, 0)", endedAt);
    },
    keepReport(report: string): void {
      sql.exec("UPDATE game_report SET report = ? WHERE id = 1", report);
    },
    done(at: number): void {
      sql.exec("UPDATE game_report SET done_at = ?, next_at = NULL, attempts = attempts + 1 WHERE id = 1", at);
    },
    failed(attempts: number, next: number | null): void {
      sql.exec("UPDATE game_report SET attempts = ?, next_at = ? WHERE id = 1", attempts, next);
    },
    dropCurrent(): void {
      sql.exec("DELETE FROM game_report");
    },
    stopCurrent(): void {
      sql.exec("UPDATE game_report SET next_at = NULL WHERE id = 1 AND done_at IS NULL");
    },
    backlogDue(): number | null {
      const r = sql.exec("SELECT MIN(next_at) AS at FROM report_backlog").one();
      return r.at === null ? null : Number(r.at);
    },
    toBacklog(gameId: string, report: string, attempts: number, next: number | null): void {
      sql.exec("INSERT OR IGNORE INTO report_backlog (game_id, report, attempts, next_at) VALUES (?, ?, ?, ?)", gameId, report, attempts, next);
    },
    backlogDueBy(now: number): { gameId: string; report: string; attempts: number }[] {
      return sql.exec("SELECT game_id, report, attempts FROM report_backlog WHERE next_at IS NOT NULL AND next_at <= ?", now).toArray().map((r) => ({ gameId: String(r.game_id), report: String(r.report), attempts: Number(r.attempts) }));
    },
    backlogDone(gameId: string): void {
      sql.exec("DELETE FROM report_backlog WHERE game_id = ?", gameId);
    },
    backlogFailed(gameId: string, attempts: number, next: number | null): void {
      sql.exec("UPDATE report_backlog SET attempts = ?, next_at = ? WHERE game_id = ?", attempts, next, gameId);
    },
    stopBacklog(): void {
      sql.exec("UPDATE report_backlog SET next_at = NULL");
    },
  };
}

export type ReportRows = ReturnType<typeof reportRows>;
