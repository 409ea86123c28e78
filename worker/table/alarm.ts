/**
 * The table's one alarm (docs/ARCHITECTURE.md "Alarm"): set at the earliest of the items the table
 * waits for (schedule.ts), it handles exactly that item and re-arms for the next. The items are the
 * parts' own (an `AlarmItem` each, ports.ts), registered in table.ts; the alarm knows none of them by
 * what it does. A failing item is retried with a growing delay and given up alone after
 * ALARM_MAX_FAILURES (alarm-failures.ts), so a table never freezes.
 */
import { ALARM_MAX_FAILURES } from "./alarm-failures.ts";
import { earliest, type Due, type DueKind } from "./schedule.ts";
import type { AlarmItem, TableCore } from "./ports.ts";
import type { AlarmFailures } from "./alarm-failures.ts";
import type { TableClock } from "./clock.ts";
import type { TableStore } from "./storage.ts";
import type { RuntimeAlarm } from "./repositories/keyed.ts";

/** What this part uses of the table (each part gets only what it uses; table.ts builds it). */
interface AlarmDeps extends Pick<TableCore, "config" | "env" | "forgetCaches" | "now"> {
  /** The runtime's one alarm (repositories/keyed.ts). */
  readonly runtimeAlarm: RuntimeAlarm;
  readonly alarmFailures: Pick<AlarmFailures, "adjust" | "clear" | "failed" | "skip">;
  readonly clock: Pick<TableClock, "skew">;
  readonly store: Pick<TableStore, "initialized">;
}

export class TableAlarm {
  /**
   * Tests only: the next n runs of an alarm item kind throw before handling it. Honoured
   * only when the vitest config sets TEST_ALARM_FAULTS; set through `runInDurableObject` — no frame,
   * request or RPC method reaches it.
   */
  readonly testAlarmFaults = new Map<DueKind, number>();
  /** The runtime alarm as this instance last set it, in real time (null: none) — so a move of the
   *  table's clock changes what sync wants and re-arms it; undefined: not known (fresh instance, or an
   *  alarm has fired since), so the next sync sets it whatever it is. */
  private armedAt: number | null | undefined = undefined;
  /** The registered items by kind (table.ts registers every kind once). */
  private readonly items = new Map<DueKind, AlarmItem>();

  constructor(private readonly t: AlarmDeps) {}

  /** The parts' items (table.ts, once, before the table serves anything). */
  register(items: readonly AlarmItem[]): void {
    for (const item of items) {
      if (this.items.has(item.kind)) throw new Error(`alarm item "${item.kind}" registered twice`);
      this.items.set(item.kind, item);
    }
  }

  /**
   * The runtime's alarm fired. The earliest due item is handled, then the alarm is re-armed for the
   * next. The engine's deadline keeps its own protection: the alarm names the phase instance it was
   * set for (alarm_phase_seq) and the engine refuses a stale one, so a repeated or late alarm changes
   * nothing. A call while the scheduled alarm is still in the future (a duplicate delivery) does
   * nothing. An item delivered early (tests) runs at its due time.
   *
   * A table never freezes: if handling the item throws, the failure is counted for that
   * item and the alarm is re-armed for its retry after a growing delay (worker/table/alarm-failures.ts);
   * after ALARM_MAX_FAILURES in a row the table gives up on that item alone (`giveUp`). Only if even
   * that bookkeeping fails (or the failure comes before the item is known) does the handler rethrow,
   * so that the runtime retries the alarm (a bounded number of times, with its own backoff).
   */
  async fired(): Promise<void> {
    const t = this.t;
    this.armedAt = undefined; // the runtime consumed the alarm that woke us
    let due: Due | null = null;
    try {
      if (!t.store.initialized()) return;
      const scheduled = await t.runtimeAlarm.get();
      const now = t.now();
      if (scheduled !== null && scheduled + t.clock.skew > now) return; // the runtime's alarm is in real time
      due = this.next();
      if (!due) return void (await t.runtimeAlarm.delete());
      await this.runDue(due, now);
      if (due.kind === "presence" && due.at > now) {
        // Delivered before anything was due (tests): the presence view went out early and the run
        // goes on to the item the alarm was meant for.
        due = this.next();
        if (due) await this.runDue(due, now);
      }
    } catch (err) {
      t.forgetCaches();
      this.armedAt = undefined;
      if (!due) throw err;
      await this.onFailure(due, err);
    }
  }

  /** Handle one due item; handled, its failure count (if any) goes and a retry time no longer holds the alarm back. */
  private async runDue(due: Due, now: number): Promise<void> {
    this.injectedFault(due.kind);
    await this.item(due.kind).run(due, Math.max(now, due.at), now);
    if (this.t.alarmFailures.clear(due.kind, due.key)) await this.sync();
  }

  private item(kind: DueKind): AlarmItem {
    const item = this.items.get(kind);
    if (!item) throw new Error(`no alarm item "${kind}" registered`);
    return item;
  }

  /** Tests only: throw if a fault is armed for this kind (see testAlarmFaults). */
  private injectedFault(kind: DueKind): void {
    if (this.t.env.TEST_ALARM_FAULTS !== "1") return;
    const n = this.testAlarmFaults.get(kind) ?? 0;
    if (n <= 0) return;
    this.testAlarmFaults.set(kind, n - 1);
    throw new Error(`injected failure of the alarm item "${kind}"`);
  }

  /** Handling `due` threw: count it, give up on it after too many, re-arm. Throws only if this fails too. */
  private async onFailure(due: Due, err: unknown): Promise<void> {
    const t = this.t;
    const code = t.config().code;
    const at = Math.max(t.now(), due.at);
    const { failures, retryAt } = t.alarmFailures.failed(due, at);
    if (retryAt === null) {
      console.error(`table ${code}: alarm item "${due.kind}" failed ${failures} times in a row; giving up on it`, err);
      await this.giveUp(due, at);
    } else {
      console.error(`table ${code}: alarm item "${due.kind}" failed (${failures} of ${ALARM_MAX_FAILURES}); retry in ${retryAt - at} ms`, err);
    }
    await this.sync();
  }

  /**
   * After ALARM_MAX_FAILURES failures in a row of one item, keep the table alive without it: the item's
   * own `giveUp` (its kind's count cleared first), or, for an item without one, that instance is left
   * out of the schedule (a new instance of the kind is scheduled again).
   */
  private async giveUp(due: Due, at: number): Promise<void> {
    const item = this.item(due.kind);
    if (!item.giveUp) return this.t.alarmFailures.skip(due);
    this.t.alarmFailures.clear(due.kind);
    await item.giveUp(due, at);
  }

  /** Everything the table's one alarm may be waiting for, keyed for the failure count; an item waiting for its retry is due at the retry time. */
  private dues(): Array<Due | null> {
    const failures = this.t.alarmFailures;
    const skipped = (d: Due) => failures.adjust(d) === null;
    return [...this.items.values()].map((item) => failures.adjust(item.due(skipped)));
  }

  /** The earliest due item, or null (the test clock walks through them, test-clock.ts). */
  next(): Due | null {
    return earliest(this.dues());
  }

  /** Make the runtime's alarm the earliest due item (or none). */
  async sync(): Promise<void> {
    const t = this.t;
    const due = this.next()?.at ?? null;
    const at = due === null ? null : due - t.clock.skew; // the runtime's alarm is in real time
    if (at === this.armedAt) return; // already set (or already none) by this instance
    if (at === null) await t.runtimeAlarm.delete();
    else await t.runtimeAlarm.set(at);
    this.armedAt = at;
  }
}
