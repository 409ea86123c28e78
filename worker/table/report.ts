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
 * Exactly once: two attempts must not overlap across the D1 await (one from the alarm,
 * one after a frame, say). A call while another is in flight waits for that one and starts nothing
 * of its own; and should two writes of one game ever race anyway (two instances), the D1 batch is
 * all-or-nothing and its first statement claims the game id (records.ts), so one of them applies.
 */
import { recordGame, type GameReport } from "../accounts/records.ts";
import { isOver, viewFor, type GameState } from "./engine.ts";
import type { ConfigRow, PlayerRow } from "./storage.ts";
import type { AlarmItem, AlarmPort, MatchPort, TableCore } from "./ports.ts";
import { dueAt } from "./schedule.ts";
import type { TableStore } from "./storage.ts";
import { tellTournament } from "./tournament.ts";
import type { ReportRows } from "./repositories/report.ts";
import type { TournamentLinkRows } from "./repositories/tournament-link.ts";
import { gameFacts } from "../../shared/tournaments/facts.ts";



/** Delay before retry n (1-based); the last one repeats. */
export const REPORT_RETRY_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000] as const;
/** Attempts before giving up (≈ 8 h of retries): then the error stays in the log and no alarm is kept. */
export const REPORT_MAX_ATTEMPTS = 20;

export function buildReport(config: ConfigRow, players: readonly PlayerRow[], state: GameState, gameNo: number, startedAt: number, endedAt: number): GameReport | null {
  const result = viewFor(state, { kind: "spectator" }).result;
  if (!result) return null;
  const bySeat = new Map(players.filter((p) => p.seat !== null).map((p) => [p.seat!, p]));
  return {
    gameId: `${config.code}/${startedAt}`,
    code: config.code,
    gameNo,
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
  /**
   * `due` runs after every change (the alarm's dues): the backlog's earliest retry is kept in memory as
   * last read here — this object is the only writer of both tables; every write below drops what it
   * changes, and so does a rolled-back transaction (`forget`, Table.forgetCaches). `backlogAt`: the
   * backlog's earliest retry, or undefined (read it on next use).
   */
  private backlogAt: number | null | undefined = undefined;

  /**
   * `schema`: whether the table's schema is there (TableStore.initialized, kept once true): both
   * tables exist from the table's migration 1 on; before it, there is no report.
   */
  constructor(private readonly rows: ReportRows, private readonly schema: () => boolean) {}

  /** Forget what is kept in memory of the stored rows (after a rolled-back transaction). */
  forget(): void {
    this.backlogAt = undefined;
  }

  private hasTables(): boolean {
    return this.schema();
  }

  private row(): { ended_at: number; attempts: number; next_at: number | null; done_at: number | null } | null {
    if (!this.hasTables()) return null;
    return this.rows.current();
  }

  /** When the alarm should retry (an ended game whose report failed, or an earlier game's in the backlog). */
  due(ended: boolean): number | null {
    const backlog = this.backlogDue();
    if (!ended || this.done) return backlog;
    const r = this.row();
    if (r?.done_at !== null && r?.done_at !== undefined) this.done = true;
    const own = r && r.done_at === null ? r.next_at : null;
    return own === null ? backlog : backlog === null ? own : Math.min(own, backlog);
  }

  private backlogDue(): number | null {
    if (this.backlogAt !== undefined) return this.backlogAt;
    if (!this.hasTables()) return null;
    return (this.backlogAt = this.rows.backlogDue());
  }

  /**
   * The next game of the series starts (inside its transaction): the last game's report, if it has
   * not reached D1 yet, moves to the backlog (built now if it was never attempted) and the current
   * report starts afresh for the new game.
   */
  nextGame(build: () => GameReport | null, now: number): void {
    const r = this.row();
    if (r && r.done_at === null) {
      const stored = this.rows.currentReport();
      const report = stored === null ? build() : (JSON.parse(stored) as GameReport);
      if (report) {
        // D1's write is idempotent by game id: an attempt still in flight that did land changes nothing.
        const next = r.attempts >= REPORT_MAX_ATTEMPTS ? null : (r.next_at ?? now);
        this.rows.toBacklog(report.gameId, JSON.stringify(report), r.attempts, next);
        this.backlogAt = undefined;
      }
    }
    if (r) this.rows.dropCurrent();
    this.done = false;
  }

  /** Retry the backlog's due reports (earlier games of the series). Never throws. */
  async retryBacklog(now: number, db: D1Database | undefined, code: string): Promise<void> {
    if (!this.hasTables()) return;
    for (const r of this.rows.backlogDueBy(now)) {
      const gameId = r.gameId;
      try {
        if (!db) throw new Error("no DB binding");
        await recordGame(db, JSON.parse(r.report) as GameReport);
        this.rows.backlogDone(gameId);
        this.backlogAt = undefined;
      } catch (err) {
        const attempts = r.attempts + 1;
        const delay = REPORT_RETRY_MS[Math.min(attempts, REPORT_RETRY_MS.length) - 1]!;
        const next = attempts >= REPORT_MAX_ATTEMPTS ? null : now + delay;
        this.rows.backlogFailed(gameId, attempts, next);
        this.backlogAt = undefined;
        console.error(`table ${code}: report of ${gameId} failed (attempt ${attempts})`, err);
      }
    }
  }

  /** Report now unless already done; a call while an attempt is under way waits for that attempt. Never throws. */
  report(now: number, db: D1Database | undefined, build: (endedAt: number) => GameReport | null, code: string, after?: (endedAt: number) => Promise<void>): Promise<void> {
    if (this.done) return Promise.resolve();
    if (this.inFlight) return this.inFlight;
    const attempt = this.attempt(now, db, build, code, after).finally(() => {
      this.inFlight = null;
    });
    this.inFlight = attempt;
    return attempt;
  }

  /** Give up retrying (the alarm's item failed too often around the report itself): no alarm is kept. */
  giveUp(code: string): void {
    if (this.hasTables()) this.rows.stopBacklog();
    this.backlogAt = undefined;
    if (this.row() === null) return;
    this.rows.stopCurrent();
    console.error(`table ${code}: game report abandoned after repeated alarm failures`);
  }

  private async attempt(now: number, db: D1Database | undefined, build: (endedAt: number) => GameReport | null, code: string, after?: (endedAt: number) => Promise<void>): Promise<void> {
    this.rows.begin(now);
    const r = this.row()!;
    if (r.done_at !== null) {
      this.done = true;
      return;
    }
    try {
      // Built once and kept: a retry after the next game of the series opened reports the
      // same record, whatever the seats look like by then.
      const stored = this.rows.currentReport();
      const report = stored === null ? build(r.ended_at) : (JSON.parse(stored) as GameReport);
      if (!report) throw new Error("no result to report");
      if (stored === null) this.rows.keepReport(JSON.stringify(report));
      if (!db) throw new Error("no DB binding");
      await recordGame(db, report);
      // A tournament's table tells its tournament too (applied once there: a retry changes nothing).
      if (after) await after(r.ended_at);
      this.rows.done(now);
      this.done = true;
    } catch (err) {
      const attempts = r.attempts + 1;
      const delay = REPORT_RETRY_MS[Math.min(attempts, REPORT_RETRY_MS.length) - 1]!;
      const next = attempts >= REPORT_MAX_ATTEMPTS ? null : now + delay;
      this.rows.failed(attempts, next);
      console.error(`table ${code}: game report failed (attempt ${attempts}), ${next === null ? "giving up" : `retry in ${delay} ms`}`, err);
    }
  }
}

/** What this part uses of the table (each part gets only what it uses; table.ts builds it). */
interface ReportDeps extends Pick<TableCore, "config" | "env"> {
  readonly tournamentLink: Pick<TournamentLinkRows, "read">;
  readonly match: Pick<MatchPort, "lastState">;
  readonly alarm: Pick<AlarmPort, "sync">;
  readonly reporter: Pick<GameReporter, "due" | "giveUp" | "report" | "retryBacklog">;
  readonly store: Pick<TableStore, "game" | "players" | "series" | "stateGame">;
}

/** The table's side of the report: which game ended, when it started, who sat where. */
export class TableReport {
  constructor(private readonly t: ReportDeps) {}

  /** The alarm's `report` item: retry the finished game's report (and the backlog). Given up: no more retries (as after REPORT_MAX_ATTEMPTS). */
  readonly alarmItem: AlarmItem = {
    kind: "report",
    due: () => {
      const t = this.t;
      const last = t.store.game().status === "playing" ? null : t.match.lastState();
      return dueAt("report", t.reporter.due(last !== null && isOver(last)));
    },
    run: async (_due, at) => {
      const t = this.t;
      await this.reportGame(at);
      await t.reporter.retryBacklog(at, t.env.DB, t.config().code);
      await t.alarm.sync();
    },
    giveUp: () => this.t.reporter.giveUp(this.t.config().code),
  };

  /** The game is over: its record (and, for sport, ratings) goes to D1 once. */
  async reportGame(now: number): Promise<void> {
    const t = this.t;
    const state = t.match.lastState();
    if (!state || !isOver(state)) return;
    // In a rematch lobby the game row no longer holds the start: the series does.
    const gameNo = t.store.stateGame();
    const startedAt = t.store.series().find((g) => g.game === gameNo)?.startedAt ?? t.store.game().startedAt;
    if (startedAt === null) return;
    const config = t.config();
    const link = t.tournamentLink.read();
    const facts = link ? gameFacts(state) : null;
    const tell = link && facts ? (endedAt: number) => tellTournament(t.env, { tournamentId: link.tournamentId, round: link.round, slot: link.slot, code: config.code, endedAt, facts }) : undefined;
    await t.reporter.report(now, t.env.DB, (endedAt) => buildReport(config, t.store.players(), state, gameNo, startedAt, endedAt), config.code, tell);
  }
}
