/**
 * The end-to-end test clock (browser games independent of wall-clock phase lengths). Only when the
 * worker runs with E2E_CLOCK=1 — a variable that only the browser suite's `wrangler dev` sets
 * (test/browser/harness.ts); `npm start` and wrangler.toml never do — otherwise refused.
 */
import { testClockEnabled } from "./clock.ts";
import { nextDeadline } from "./engine.ts";
import type { TableAlarm } from "./alarm.ts";
import type { TableClock } from "./clock.ts";
import type { PhaseDeadline } from "./deadline.ts";
import type { MatchPort, TableCore } from "./ports.ts";

/** What this part uses of the table (each part gets only what it uses; table.ts builds it). */
interface TestClockDeps extends Pick<TableCore, "env" | "now"> {
  readonly alarm: Pick<TableAlarm, "fired" | "next" | "sync">;
  readonly clock: Pick<TableClock, "setSkew">;
  readonly deadline: Pick<PhaseDeadline, "abort">;
  readonly match: Pick<MatchPort, "state">;
}

export class TestClock {
  constructor(private readonly t: TestClockDeps) {}

  /**
   * If the table is still in phase `phaseSeq` and that phase has a deadline, the table's clock jumps
   * forward through everything that was due before it, in order, exactly as the alarm would have
   * handled it (bots' moves, spectator views, …) and then the deadline itself. Nothing is skipped and
   * no rule changes: the game only lives through the waiting faster. Clients follow the jump through
   * `serverNow` in every frame (web/src/lib/clock.ts), so their timers stay right.
   */
  async advanceClock(phaseSeq: number): Promise<{ ok: boolean; phaseSeq: number | null; reason?: string }> {
    const t = this.t;
    if (!testClockEnabled(t.env)) return { ok: false, phaseSeq: null, reason: "test clock disabled" };
    const first = t.match.state();
    if (!first) return { ok: false, phaseSeq: null, reason: "no game" };
    const target = nextDeadline(first);
    if (first.phaseSeq !== phaseSeq || target === null) return { ok: false, phaseSeq: first.phaseSeq, reason: target === null ? "no deadline" : "stale phase" };
    // Bounded: each step handles one due item (a phase has a handful: bots' moves, spectator views).
    for (let step = 0; step < 1000; step++) {
      const state = t.match.state();
      if (!state || state.phaseSeq !== phaseSeq) break;
      const due = t.alarm.next();
      if (!due || due.at > target) break;
      if (due.at > t.now()) await this.setSkew(due.at - Date.now());
      await t.alarm.fired();
    }
    return { ok: true, phaseSeq: t.match.state()?.phaseSeq ?? null };
  }

  /**
   * The end of a game: the engine's abort now (the path the table takes after repeated deadline
   * failures), so a browser test that needs a finished game (RULES.md §8: recordings and records open
   * only at the end) does not play out every stage.
   */
  async endForTest(): Promise<{ ok: boolean; reason?: string }> {
    const t = this.t;
    if (!testClockEnabled(t.env)) return { ok: false, reason: "test clock disabled" };
    if (!t.match.state()) return { ok: false, reason: "no game" };
    await t.deadline.abort(t.now());
    return { ok: true };
  }

  /** Moves the table's clock; the runtime alarm (real time) moves with it. */
  private async setSkew(skew: number): Promise<void> {
    this.t.clock.setSkew(skew);
    await this.t.alarm.sync();
  }
}
