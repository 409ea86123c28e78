/**
 * The table's clock: real time plus `skew`, which only the test clocks move (the end-to-end one needs
 * the worker variable E2E_CLOCK=1, see test-clock.ts; the worker suite moves it inside the
 * object). Every time the table reads or stores is on this clock; the runtime alarm is set in real time
 * (table time − skew). The skew is stored (`test_clock` row) and every new instance takes it back,
 * whatever its env: the times the table stored (a recording's expiry, a deadline) are on the moved
 * clock, and an instance on real time after an eviction would arm the alarm for them `skew` late.
 * Production never moves the clock, so the row never exists there and the skew stays 0. The table
 * `test_clock` is the table's migration 10 (migrations.ts).
 */
import type { ClockRows } from "./repositories/clock.ts";

/** The end-to-end test clock (test-clock.ts): only with the worker variable E2E_CLOCK=1. */
export const testClockEnabled = (env: { E2E_CLOCK?: string }): boolean => env.E2E_CLOCK === "1";


export class TableClock {
  private skewMs = 0;

  /** `schema`: whether the table's schema (with `test_clock`) is there (TableStore.initialized). */
  constructor(private readonly rows: ClockRows, schema: () => boolean) {
    // The stored skew, or 0 (no row: production; no table: a table not initialised, migrations.ts).
    this.skewMs = schema() ? (rows.skew() ?? 0) : 0;
  }

  get skew(): number {
    return this.skewMs;
  }

  now(): number {
    return Date.now() + this.skewMs;
  }

  /** Move the table's clock (stored); the caller re-arms the runtime alarm (TableAlarm.sync). */
  setSkew(skew: number): void {
    this.skewMs = skew;
    this.rows.setSkew(skew);
  }
}
