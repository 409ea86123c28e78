/**
 * Issue 36, "Less CPU per input" (the SQLite side): what a whole sport game costs the table's SQLite
 * per accepted input — rows read under 15 (a statement that scans, run on every change, shows here at
 * once: `sqlite_master` alone was ~44 rows), rows written about 2 (the game row and the input's log
 * row, docs/PERFORMANCE.md), and few statements. Counted by the cursors' own rowsRead / rowsWritten,
 * what Cloudflare bills (play.ts traceStatements; the harness's own reads left out).
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { HARNESS, openTable, playToEnd, sportSettings, traceStatements, tracedStatements } from "./play.ts";

describe("rows per accepted input", () => {
  it("a sport game of bots with a spectator: under 15 rows read, about 2 written, at most 3 statements per input", async () => {
    const run = await openTable({ seed: "rows36", settings: sportSettings(1), spectators: 1, mix: 0, capture: false });
    await traceStatements(run.stub);
    await playToEnd(run);
    expect(run.seated[0]!.client.lastView().game?.result).toBeTruthy();
    const traced = await tracedStatements(run.stub);
    const inputs = await runInDurableObject(run.stub, (_i, state) => Number(state.storage.sql.exec(`${HARNESS}SELECT COUNT(*) AS n FROM input_log`).one().n));
    run.close();
    const read = traced.reduce((n, s) => n + s.read, 0);
    const written = traced.reduce((n, s) => n + s.written, 0);
    const top = [...traced].sort((a, b) => b.read - a.read)[0];
    expect(inputs).toBeGreaterThan(40);
    // Named in the message: the statement that read most, if the bound fails.
    expect(read / inputs, `rows read per input (most by one run: ${top?.read} × ${top?.query})`).toBeLessThan(15);
    expect(written / inputs).toBeGreaterThanOrEqual(2);
    expect(written / inputs).toBeLessThan(2.5);
    expect(traced.length / inputs).toBeLessThanOrEqual(3);
  });
});
