/**
 * Measurements for `npm run bench` (bench/cost.ts), not assertions: whole sport games over sockets
 * (ten bot players and one spectator) with the table's SQLite instrumented. Skipped unless
 * MEASURE_GAMES=n. Prints one line `MEASURE_JSON {...}`.
 *
 * Rows: every statement the table runs goes through ctx.storage.sql.exec; the wrapper (play.ts
 * traceStatements) keeps each cursor and sums its rowsRead / rowsWritten — the same counters Cloudflare
 * bills — and prints them per statement (`MEASURE_STATEMENTS`). The harness's own reads are left out.
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { HARNESS, openTable, playToEnd, sportSettings, traceStatements, tracedStatements } from "./play.ts";

const GAMES = inject("measureGames");

describe.skipIf(GAMES === 0)("measure", () => {
  it(`${GAMES} games: rows, bytes, messages`, async () => {
    const totals = { games: 0, inputs: 0, acts: 0, timeouts: 0, rowsWritten: 0, rowsRead: 0, rowsWrittenPlay: 0, statements: 0, viewFrames: 0, viewBytes: 0, framesOut: 0, bytesOut: 0, framesIn: 0, gameMs: 0, stateBytes: 0, eventBytes: 0, logBytes: 0, dbBytes: 0, rounds: 0 };
    /** Issue 36: rows read / written and runs per statement over every game, to find what reads on every input. */
    const byStatement = new Map<string, { runs: number; read: number; written: number }>();
    for (let g = 0; g < GAMES; g++) {
      const run = await openTable({ seed: `measure${g}`, settings: sportSettings(g), spectators: 1, mix: 0, capture: false });
      // Instrument after the lobby: rows per accepted input are measured over the game itself.
      await traceStatements(run.stub);
      const framesBefore = run.all().reduce((n, c) => n + c.raw.length, 0);
      const stats = await playToEnd(run);
      const traced = await tracedStatements(run.stub);
      const rows = await runInDurableObject(run.stub, (_i, state) => {
        const sql = state.storage.sql;
        const r = { read: 0, written: 0, statements: traced.length };
        for (const st of traced) {
          r.read += st.read;
          r.written += st.written;
        }
        const game = sql.exec(`${HARNESS}SELECT length(state) AS n, started_at FROM game`).one();
        const events = sql.exec(`${HARNESS}SELECT (SELECT COALESCE(SUM(length(events)), 0) FROM events) + (SELECT COALESCE(SUM(length(events)), 0) FROM input_log) AS n`).one();
        const last = sql.exec(`${HARNESS}SELECT MAX(at) AS at, COUNT(*) AS n, SUM(length(input)) AS bytes FROM input_log`).one();
        return { ...r, stateBytes: Number(game.n), eventBytes: Number(events.n), startedAt: Number(game.started_at), lastAt: Number(last.at), inputs: Number(last.n), logBytes: Number(last.bytes), dbBytes: sql.databaseSize };
      });
      expect(rows.statements).toBeGreaterThan(0);
      totals.games++;
      totals.inputs += rows.inputs;
      totals.acts += stats.acked;
      totals.timeouts += rows.inputs - stats.acked;
      totals.rowsWritten += rows.written;
      totals.rowsRead += rows.read;
      totals.statements += rows.statements;
      for (const st of traced) {
        const e = byStatement.get(st.query) ?? { runs: 0, read: 0, written: 0 };
        e.runs++;
        e.read += st.read;
        e.written += st.written;
        byStatement.set(st.query, e);
      }
      totals.gameMs += rows.lastAt - rows.startedAt;
      totals.stateBytes += rows.stateBytes;
      totals.eventBytes += rows.eventBytes;
      totals.logBytes += rows.logBytes;
      totals.dbBytes += rows.dbBytes;
      totals.rounds += run.seated[0]!.client.lastView().game!.round;
      // permessage-deflate (issue 36): bench/cost.ts compresses the first game's view frames with node:zlib
      // (workerd here has no node:zlib), one stream per socket as a browser's context takeover does.
      if (g === 0) console.log(`MEASURE_FRAMES ${JSON.stringify(run.all().map((c) => c.raw.filter((_, i) => c.frames[i]?.type === "view")))}`);
      for (const c of run.all()) {
        c.raw.slice(0).forEach((text, i) => {
          if (i < 0) return;
          const bytes = new TextEncoder().encode(text).byteLength;
          totals.framesOut++;
          totals.bytesOut += bytes;
          if (c.frames[i]?.type === "view") { totals.viewFrames++; totals.viewBytes += bytes; }
        });
      }
      totals.framesIn += stats.acts + stats.rejections + 11; // acts sent + the hellos
      void framesBefore;
      run.close();
    }
    console.log(`MEASURE_JSON ${JSON.stringify(totals)}`);
    const top = [...byStatement].sort((a, b) => b[1].read - a[1].read || b[1].runs - a[1].runs).slice(0, 25);
    console.log(`MEASURE_STATEMENTS per accepted input (runs, rows read, rows written):\n${top.map(([q, e]) => `  ${(e.runs / totals.inputs).toFixed(2)}  ${(e.read / totals.inputs).toFixed(2)}  ${(e.written / totals.inputs).toFixed(2)}  ${q.slice(0, 140)}`).join("\n")}`);
  }, 600_000);
});

it.skipIf(GAMES > 0)("measurements: off (MEASURE_GAMES=n, run by bench/cost.ts)", () => {
  expect(GAMES).toBe(0);
});
