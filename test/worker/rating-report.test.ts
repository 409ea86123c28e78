/**
 * The table's report of a finished game (worker/table/report.ts): at least once, applied once. A
 * failed D1 write leaves the report pending with a retry time (the table's alarm item "report");
 * the retry records it; later calls do nothing.
 */
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { GameReport } from "../../worker/accounts/records.ts";
import { GameReporter, REPORT_RETRY_MS } from "../../worker/table/report.ts";
import { reportRows } from "../../worker/table/repositories/report.ts";
import { createTable, tableStub } from "./helpers.ts";

const report = (code: string, endedAt: number): GameReport => ({
  gameId: `${code}/1`, code, presetId: "sport", startedAt: 1, endedAt, winner: "red", reason: "test",
  seats: Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, role: i >= 7 ? "mafia" : "civilian", team: i >= 7 ? "black" : "red", nickname: `N${i + 1}`, userId: null, bot: false })),
});

describe("game report retries", () => {
  it("a failed write is retried at the scheduled time and applied once", async () => {
    const { code } = await createTable();
    await runInDurableObject(tableStub(code), async (_i, state) => {
      const reporter = new GameReporter(reportRows(state.storage.sql), () => true);
      expect(reporter.due(true)).toBeNull();
      const failing = { prepare: () => { throw new Error("D1 unavailable"); } } as unknown as D1Database;
      await reporter.report(1000, failing, (endedAt) => report(code, endedAt), code);
      expect(reporter.due(true)).toBe(1000 + REPORT_RETRY_MS[0]);
      expect(reporter.due(false)).toBeNull();
      await reporter.report(7000, failing, (endedAt) => report(code, endedAt), code);
      expect(reporter.due(true)).toBe(7000 + REPORT_RETRY_MS[1]);

      await reporter.report(40_000, env.DB, (endedAt) => report(code, endedAt), code);
      expect(reporter.due(true)).toBeNull();
      // The end time is the first attempt's, whatever the retry's time.
      expect(await env.DB.prepare("SELECT ended_at FROM games WHERE id = ?").bind(`${code}/1`).first()).toEqual({ ended_at: 1000 });
      // Done: a fresh reporter (after eviction) sees it and does nothing.
      const fresh = new GameReporter(reportRows(state.storage.sql), () => true);
      expect(fresh.due(true)).toBeNull();
      await fresh.report(50_000, failing, (endedAt) => report(code, endedAt), code);
      expect(state.storage.sql.exec("SELECT attempts FROM game_report").one().attempts).toBe(3);
    });
  });

  it("issue 13: a report still failing when the table's next game starts waits in the backlog, is retried and applied once; the next game reports afresh", async () => {
    const { code } = await createTable();
    await runInDurableObject(tableStub(code), async (_i, state) => {
      const reporter = new GameReporter(reportRows(state.storage.sql), () => true);
      const failing = { prepare: () => { throw new Error("D1 unavailable"); } } as unknown as D1Database;
      const first = (endedAt: number) => ({ ...report(code, endedAt), gameId: `${code}/11` });
      await reporter.report(1000, failing, first, code);
      expect(reporter.due(false)).toBeNull(); // issue 36: no backlog yet — and that answer is kept in memory
      // The next game starts: the built report (ended at 1000) moves to the backlog with its retry time.
      reporter.nextGame(() => first(9999), 2000);
      expect(state.storage.sql.exec("SELECT COUNT(*) AS n FROM game_report").one().n).toBe(0);
      expect(reporter.due(false)).toBe(1000 + REPORT_RETRY_MS[0]);
      await reporter.retryBacklog(2000, env.DB, code); // not due yet
      expect(await env.DB.prepare("SELECT 1 FROM games WHERE id = ?").bind(`${code}/11`).first()).toBeNull();
      await reporter.retryBacklog(6000, failing, code);
      expect(reporter.due(false)).toBe(6000 + REPORT_RETRY_MS[1]);
      // The new game ends and reports on its own row, with its own id.
      await reporter.report(7000, env.DB, (endedAt) => ({ ...report(code, endedAt), gameId: `${code}/12` }), code);
      expect(await env.DB.prepare("SELECT ended_at FROM games WHERE id = ?").bind(`${code}/12`).first()).toEqual({ ended_at: 7000 });
      expect(reporter.due(true)).toBe(6000 + REPORT_RETRY_MS[1]);
      await reporter.retryBacklog(40_000, env.DB, code);
      expect(await env.DB.prepare("SELECT ended_at FROM games WHERE id = ?").bind(`${code}/11`).first()).toEqual({ ended_at: 1000 });
      expect(reporter.due(true)).toBeNull();
      expect(state.storage.sql.exec("SELECT COUNT(*) AS n FROM report_backlog").one().n).toBe(0);
    });
  });

  it("issue 36: what the reporter keeps in memory follows a rolled-back transaction (Table.forgetCaches → forget)", async () => {
    const { code } = await createTable();
    await runInDurableObject(tableStub(code), async (_i, state) => {
      const reporter = new GameReporter(reportRows(state.storage.sql), () => true);
      const failing = { prepare: () => { throw new Error("D1 unavailable"); } } as unknown as D1Database;
      const first = (endedAt: number) => ({ ...report(code, endedAt), gameId: `${code}/21` });
      await reporter.report(1000, failing, first, code);
      // A next game whose transaction fails after moving the report to the backlog: SQLite rolls back.
      expect(() =>
        state.storage.transactionSync(() => {
          reporter.nextGame(() => first(9999), 2000);
          expect(reporter.due(false)).toBe(1000 + REPORT_RETRY_MS[0]);
          throw new Error("the start failed");
        }),
      ).toThrow("the start failed");
      reporter.forget();
      expect(state.storage.sql.exec("SELECT COUNT(*) AS n FROM report_backlog").one().n).toBe(0);
      expect(reporter.due(false)).toBeNull();
      expect(reporter.due(true)).toBe(1000 + REPORT_RETRY_MS[0]); // the game's own report is still pending
    });
  });
});
