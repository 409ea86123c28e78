/**
 * The phase timer: the engine's next deadline, stored with the phase instance it was set for
 * (alarm_phase_seq), is the alarm's `deadline` item (schedule.ts). The engine refuses a stale timeout,
 * so a repeated or late alarm changes nothing.
 */
import { apply, isOver, nextDeadline, type Input } from "./engine.ts";
import type { AlarmItem, AlarmPort, MatchPort, TableCore } from "./ports.ts";
import { dueAt } from "./schedule.ts";
import type { TableStore } from "./storage.ts";

/** What this part uses of the table (each part gets only what it uses; table.ts builds it). */
interface DeadlineDeps extends Pick<TableCore, "afterChange" | "config" | "forgetCaches" | "tx"> {
  readonly alarm: Pick<AlarmPort, "sync">;
  readonly match: Pick<MatchPort, "commit" | "persist" | "state">;
  readonly store: Pick<TableStore, "game" | "setDeadlineAlarm" | "setPause">;
}

export class PhaseDeadline {
  constructor(private readonly t: DeadlineDeps) {}

  /** The alarm's `deadline` item. */
  readonly alarmItem: AlarmItem = {
    kind: "deadline",
    due: () => dueAt("deadline", this.t.store.game().alarmAt),
    run: (_due, _at, now) => this.onDeadline(now),
    giveUp: (_due, at) => this.giveUp(at),
  };

  /** The engine's deadline has come (or the stored alarm is stale / moved). */
  private async onDeadline(now: number): Promise<void> {
    const t = this.t;
    const row = t.store.game();
    const state = t.match.state();
    if (!state || row.alarmPhaseSeq === null || row.alarmAt === null) return t.alarm.sync();
    const deadline = nextDeadline(state);
    if (deadline === null) return this.clearDeadline();
    if (deadline > row.alarmAt) return this.armDeadline(deadline, state.phaseSeq); // moved later (e.g. resumed)

    // The deadline has come; if the alarm is delivered early (tests) the engine still sees the deadline.
    const at = Math.max(now, row.alarmAt);
    const input: Input = { kind: "timeout", phaseSeq: row.alarmPhaseSeq };
    const result = apply(state, input, at);
    if (!result.ok) {
      console.log(`table ${t.config().code}: alarm for phase ${row.alarmPhaseSeq} refused (${result.rejection.code})`);
      return this.armDeadline(deadline, state.phaseSeq);
    }
    t.match.commit(result.state, [input], at);
    await t.afterChange(at);
  }

  /**
   * The deadline failed ALARM_MAX_FAILURES times in a row: the game cannot go on by itself, so it ends
   * now — the engine's `abort` (a draw with reason "server-error", every role shown, unrated), committed
   * and broadcast like any change; if even that fails, the deadline is dropped so the other clocks keep
   * running.
   */
  private async giveUp(at: number): Promise<void> {
    const t = this.t;
    try {
      await this.abort(at);
    } catch (err) {
      t.forgetCaches();
      console.error(`table ${t.config().code}: ending the game after the deadline failures failed too; the deadline is dropped`, err);
      t.store.setDeadlineAlarm(null, null);
    }
  }

  /** End the game now: the engine's abort, through the same commit path as every input. */
  async abort(at: number): Promise<void> {
    const t = this.t;
    const state = t.match.state();
    if (!state || isOver(state)) return t.store.setDeadlineAlarm(null, null);
    const input: Input = { kind: "control", action: { type: "abort", reason: "server-error" } };
    const result = apply(state, input, at);
    if (!result.ok) throw new Error(`abort refused (${result.rejection.code})`);
    t.tx(() => {
      t.match.persist(result.state, [input], at);
      t.store.setPause(null);
    });
    await t.afterChange(at);
  }

  private async armDeadline(at: number, phaseSeq: number): Promise<void> {
    this.t.store.setDeadlineAlarm(phaseSeq, at);
    await this.t.alarm.sync();
  }

  private async clearDeadline(): Promise<void> {
    this.t.store.setDeadlineAlarm(null, null);
    await this.t.alarm.sync();
  }
}
