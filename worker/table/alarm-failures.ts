/**
 * A table never freezes (docs/ARCHITECTURE.md "Alarm"): when handling an item of the one
 * alarm (worker/table/schedule.ts) throws, the item is retried with a growing delay, and after
 * ALARM_MAX_FAILURES failures in a row of the same item the table gives up on that item only (the
 * deadline ends the game with a typed reason; bots, takeover, spectators and report are dropped), so
 * the other clocks keep running.
 *
 * The count is kept per kind in SQLite (`alarm_failures`, the table's migration 1, so it survives
 * eviction), for one instance of the item
 * (`Due.key`): a new deadline, bot move or absence starts again from zero. A row is read once per
 * instance and kept in memory (this object is its only writer), so `adjust` costs nothing per change.
 */
import type { AlarmFailureRows, FailureRow } from "./repositories/alarm-failures.ts";
import type { Due, DueKind } from "./schedule.ts";

/** Delay before retry n (1-based) of a failed item: 1 s, 2 s, 4 s, 8 s, 16 s (≈ 31 s in all). */
export const ALARM_RETRY_MS = [1_000, 2_000, 4_000, 8_000, 16_000] as const;
/** Failures in a row of the same item before the table gives up on it. */
export const ALARM_MAX_FAILURES = ALARM_RETRY_MS.length + 1;


/** The key of an item instance: its due time (and, for a takeover, whose seat). */
export function itemKey(due: Due): string {
  return due.kind === "takeover" ? `${due.playerId}@${due.at}` : String(due.at);
}

export class AlarmFailures {
  private rows: Map<DueKind, FailureRow> | null = null;

  /** `schema`: whether the table's schema is there (TableStore.initialized); before it, nothing failed. */
  constructor(private readonly stored: AlarmFailureRows, private readonly schema: () => boolean) {}

  private load(): Map<DueKind, FailureRow> {
    if (this.rows) return this.rows;
    return (this.rows = this.schema() ? (this.stored.all() as Map<DueKind, FailureRow>) : new Map());
  }

  /** The item as the schedule should see it: keyed; later if it is waiting for a retry; null if given up. */
  adjust(due: Due | null): Due | null {
    if (!due) return null;
    const key = itemKey(due);
    const row = this.load().get(due.kind);
    if (!row || row.item !== key) return { ...due, key };
    if (row.skipped) return null;
    return { ...due, key, at: Math.max(due.at, row.retryAt ?? due.at) };
  }

  /** Failures in a row of this kind's current item (0 if none). */
  failures(kind: DueKind): number {
    return this.load().get(kind)?.failures ?? 0;
  }

  /**
   * Handling `due` (its stored key) at `at` threw: count it. Returns the retry time, or null when this
   * was failure number ALARM_MAX_FAILURES (the caller gives up on the item).
   */
  failed(due: Due, at: number): { failures: number; retryAt: number | null } {
    const key = due.key ?? itemKey(due);
    const row = this.load().get(due.kind);
    const failures = (row && row.item === key ? row.failures : 0) + 1;
    const retryAt = failures >= ALARM_MAX_FAILURES ? null : at + ALARM_RETRY_MS[failures - 1]!;
    this.write(due.kind, { item: key, failures, retryAt, skipped: false });
    return { failures, retryAt };
  }

  /** Leave this item out of the schedule for good (a new instance of the kind is scheduled again). */
  skip(due: Due): void {
    this.write(due.kind, { item: due.key ?? itemKey(due), failures: this.failures(due.kind), retryAt: null, skipped: true });
  }

  /**
   * The kind's item was handled, or given up and replaced: forget its count (with `key`: only if the
   * row is that item's — a takeover skipped for one seat stays skipped when another seat's is handled).
   * Returns whether a row was dropped.
   */
  clear(kind: DueKind, key?: string): boolean {
    const rows = this.load();
    const row = rows.get(kind);
    if (!row || (key !== undefined && row.item !== key)) return false;
    this.stored.drop(kind);
    rows.delete(kind);
    return true;
  }

  private write(kind: DueKind, row: FailureRow): void {
    this.stored.put(kind, row);
    this.load().set(kind, row);
  }
}
