/**
 * When the game ends, the table reports it to D1 (worker/accounts/records.ts): the record
 * (seat — role — nick — account — team — outcome) and, for sport, the signed-in players' rating,
 * experience and coins.
 *
 * At least once, applied once: the table keeps a `game_report` row in its own SQLite (created on the
 * first report, so tables from before this feature need nothing). The first attempt runs right after
 * the change that ended the game; a failure (D1 unreachable) schedules a retry through the table's
 * one alarm (due kind "report") with a growing delay; the D1 write itself is idempotent (keyed by
 * "<code>/<startedAt>"), so a retry after a write whose answer was lost changes nothing.
 *
 * Exactly once (issue 11): two attempts must not overlap across the D1 await (one from the alarm,
 * one after a frame, say). A call while another is in flight waits for that one and starts nothing
 * of its own; and should two writes of one game ever race anyway (two instances), the D1 batch is
 * all-or-nothing and its first statement claims the game id (records.ts), so one of them applies.
 */
import { recordGame, type GameReport } from "../accounts/records.ts";
import { viewFor, type GameState } from "./engine.ts";
import type { ConfigRow, PlayerRow } from "./storage.ts";

const SCHEMA = `CREATE TABLE IF NOT EXISTS game_report (
  id        INTEGER PRIMARY KEY CHECK (id = 1),
  ended_at  INTEGER NOT NULL,
  attempts  INTEGER NOT NULL,
  next_at   INTEGER,
  done_at   INTEGER
)`;

/** Delay before retry n (1-based); the last one repeats. */
export const REPORT_RETRY_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000] as const;
/** Attempts before giving up (≈ 8 h of retries): then the error stays in the log and no alarm is kept. */
export const REPORT_MAX_ATTEMPTS = 20;

export function buildReport(config: ConfigRow, players: readonly PlayerRow[], state: GameState, startedAt: number, endedAt: number): GameReport | null {
  const result = viewFor(state, { kind: "spectator" }).result;
  if (!result) return null;
  const bySeat = new Map(players.filter((p) => p.seat !== null).map((p) => [p.seat!, p]));
  return {
    gameId: `${config.code}/${startedAt}`,
    code: config.code,
    presetId: config.presetId,
    startedAt,
    endedAt,
    winner: result.winner,
    reason: result.reason,
    seats: result.roles.map((r) => {
      const p = bySeat.get(r.seat);
      return { seat: r.seat, role: r.role, team: r.team, nickname: r.nickname, userId: p?.userId ?? null, bot: p?.bot ?? false };
    }),
  };
}

export class GameReporter {
  /** Memory cache: the report is done (never changes back). */
  private done = false;
  /** The attempt under way (memory: only this instance can be writing). */
  private inFlight: Promise<void> | null = null;

  constructor(private readonly sql: SqlStorage) {}

  private row(): { ended_at: number; attempts: number; next_at: number | null; done_at: number | null } | null {
    const exists = this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'game_report'").toArray().length > 0;
    if (!exists) return null;
    const r = this.sql.exec("SELECT ended_at, attempts, next_at, done_at FROM game_report WHERE id = 1").toArray()[0];
    return r ? { ended_at: Number(r.ended_at), attempts: Number(r.attempts), next_at: r.next_at === null ? null : Number(r.next_at), done_at: r.done_at === null ? null : Number(r.done_at) } : null;
  }

  /** When the alarm should retry (only for an ended game whose report failed). */
  due(ended: boolean): number | null {
    if (!ended || this.done) return null;
    const r = this.row();
    if (r?.done_at !== null && r?.done_at !== undefined) this.done = true;
    return r && r.done_at === null ? r.next_at : null;
  }

  /** Report now unless already done; a call while an attempt is under way waits for that attempt. Never throws. */
  report(now: number, db: D1Database | undefined, build: (endedAt: number) => GameReport | null, code: string): Promise<void> {
    if (this.done) return Promise.resolve();
    if (this.inFlight) return this.inFlight;
    const attempt = this.attempt(now, db, build, code).finally(() => {
      this.inFlight = null;
    });
    this.inFlight = attempt;
    return attempt;
  }

  /** Give up retrying (the alarm's item failed too often around the report itself): no alarm is kept. */
  giveUp(code: string): void {
    if (this.row() === null) return;
    this.sql.exec("UPDATE game_report SET next_at = NULL WHERE id = 1 AND done_at IS NULL");
    console.error(`table ${code}: game report abandoned after repeated alarm failures`);
  }

  private async attempt(now: number, db: D1Database | undefined, build: (endedAt: number) => GameReport | null, code: string): Promise<void> {
    this.sql.exec(SCHEMA);
    this.sql.exec("INSERT OR IGNORE INTO game_report (id, ended_at, attempts) VALUES (1, ?, 0)", now);
    const r = this.row()!;
    if (r.done_at !== null) {
      this.done = true;
      return;
    }
    try {
      const report = build(r.ended_at);
      if (!report) throw new Error("no result to report");
      if (!db) throw new Error("no DB binding");
      await recordGame(db, report);
      this.sql.exec("UPDATE game_report SET done_at = ?, next_at = NULL, attempts = attempts + 1 WHERE id = 1", now);
      this.done = true;
    } catch (err) {
      const attempts = r.attempts + 1;
      const delay = REPORT_RETRY_MS[Math.min(attempts, REPORT_RETRY_MS.length) - 1]!;
      const next = attempts >= REPORT_MAX_ATTEMPTS ? null : now + delay;
      this.sql.exec("UPDATE game_report SET attempts = ?, next_at = ? WHERE id = 1", attempts, next);
      console.error(`table ${code}: game report failed (attempt ${attempts}), ${next === null ? "giving up" : `retry in ${delay} ms`}`, err);
    }
  }
}
