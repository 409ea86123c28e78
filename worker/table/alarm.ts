/**
 * The table's one alarm (docs/ARCHITECTURE.md "Alarm"): set at the earliest of the items the table
 * waits for (schedule.ts), it handles exactly that item and re-arms for the next. A failing item is
 * retried with a growing delay and given up alone after ALARM_MAX_FAILURES (alarm-failures.ts), so a
 * table never freezes. Also here: the end-to-end test clock, which lives through a phase at once by
 * running the due items in order.
 */
import { CLOSE_CODES, HELLO_TIMEOUT_MS } from "../../shared/protocol/messages.ts";
import { ALARM_MAX_FAILURES } from "./alarm-failures.ts";
import { testClockEnabled } from "./clock.ts";
import { apply, isOver, nextDeadline, type Input } from "./engine.ts";
import { earliest, nextTakeover, type Due, type DueKind } from "./schedule.ts";
import type { BotsPort, FanoutPort, MatchPort, OrganizerPort, PresencePort, RecordingsPort, ReportPort, SpectatorsPort, TableCore } from "./ports.ts";
import type { AlarmFailures } from "./alarm-failures.ts";
import type { GameReporter } from "./report.ts";
import type { Sockets } from "./connection.ts";
import type { TableClock } from "./clock.ts";
import type { TableStore } from "./storage.ts";
import type { RuntimeAlarm } from "./repositories/keyed.ts";

/** What this part uses of the table (each part gets only what it uses; table.ts builds it). */
interface AlarmDeps extends Pick<TableCore, "afterChange" | "config" | "env" | "forgetCaches" | "now" | "tx"> {
  /** The runtime's one alarm (repositories/keyed.ts). */
  readonly runtimeAlarm: RuntimeAlarm;
  readonly alarmFailures: Pick<AlarmFailures, "adjust" | "clear" | "failed" | "skip">;
  readonly bots: Pick<BotsPort, "run">;
  readonly clock: Pick<TableClock, "setSkew" | "skew">;
  readonly fanout: Pick<FanoutPort, "closeSocket">;
  readonly match: Pick<MatchPort, "commit" | "lastState" | "persist" | "state">;
  readonly organizer: Pick<OrganizerPort, "handToBot">;
  readonly presence: Pick<PresencePort, "flush" | "hostAwayDue" | "hostGone" | "forgetHostLoss">;
  readonly recordings: Pick<RecordingsPort, "due" | "expire" | "giveUp">;
  readonly report: Pick<ReportPort, "reportGame">;
  readonly reporter: Pick<GameReporter, "due" | "giveUp" | "retryBacklog">;
  readonly sockets: Pick<Sockets, "all" | "attachmentOf">;
  readonly spectators: Pick<SpectatorsPort, "deliver" | "due">;
  readonly store: Pick<TableStore, "control" | "extras" | "game" | "initialized" | "nextSpectatorVersion" | "players" | "setBotAt" | "setDeadlineAlarm" | "setPause" | "setPresenceAt" | "setSpectatorVersion">;
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

  constructor(private readonly t: AlarmDeps) {}

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
      due = earliest(this.dues());
      if (!due) return void (await t.runtimeAlarm.delete());
      await this.runDue(due, now);
      if (due.kind === "presence" && due.at > now) {
        // Delivered before anything was due (tests): the presence view went out early and the run
        // goes on to the item the alarm was meant for.
        due = earliest(this.dues());
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
    await this.handleDue(due, Math.max(now, due.at), now);
    if (this.t.alarmFailures.clear(due.kind, due.key)) await this.sync();
  }

  private async handleDue(due: Due, at: number, now: number): Promise<void> {
    const t = this.t;
    switch (due.kind) {
      case "deadline":
        return this.onDeadline(now);
      case "takeover": {
        const target = t.store.players().find((p) => p.playerId === due.playerId);
        if (target && !target.bot && target.awaySince !== null) {
          const refused = t.organizer.handToBot(target, at);
          if (refused) console.warn(`table ${t.config().code}: takeover refused (${refused.code})`);
        }
        return t.afterChange(at);
      }
      case "bots":
        return t.bots.run(at);
      case "spectators":
        t.spectators.deliver(at);
        return this.sync();
      case "report":
        await t.report.reportGame(at);
        await t.reporter.retryBacklog(at, t.env.DB, t.config().code);
        return this.sync();
      case "hello":
        this.closeSilentSockets(at);
        return this.sync();
      case "presence":
        return t.presence.flush(at);
      case "host-away":
        return t.presence.hostGone(now);
      case "recording-expiry":
        // §6.11: by the table's clock now, never the due time — an early delivery deletes nothing early.
        await t.recordings.expire(now);
        return this.sync();
    }
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
   * After ALARM_MAX_FAILURES failures in a row of one item, keep the table alive without it:
   * - deadline: the game cannot go on by itself, so it ends now — the engine's `abort` (a draw with
   *   reason "server-error", every role shown, unrated), committed and broadcast like any change;
   *   if even that fails, the deadline is dropped so the other clocks keep running;
   * - takeover: that seat's takeover is left out (the player can still come back; the organizer can
   *   still hand the seat over);
   * - bots: the pending move is dropped; the bots move again after the next change;
   * - spectators: the view that failed is skipped; later views are delivered;
   * - report: no more retries (as after REPORT_MAX_ATTEMPTS);
   * - host-away: the host's loss is dropped (the game goes on as if the host were there; their next
   *   return or loss starts afresh);
   * - recording-expiry: those recordings are left to the hourly sweep (worker/recordings/sweep.ts);
   *   later ones stay scheduled.
   */
  private async giveUp(due: Due, at: number): Promise<void> {
    const t = this.t;
    const failures = t.alarmFailures;
    switch (due.kind) {
      case "deadline": {
        failures.clear("deadline");
        try {
          await this.abortGame(at);
        } catch (err) {
          t.forgetCaches();
          console.error(`table ${t.config().code}: ending the game after the deadline failures failed too; the deadline is dropped`, err);
          t.store.setDeadlineAlarm(null, null);
        }
        return;
      }
      case "takeover":
        return failures.skip(due);
      case "bots":
        failures.clear("bots");
        return t.store.setBotAt(null);
      case "spectators": {
        failures.clear("spectators");
        const version = t.store.nextSpectatorVersion(t.store.extras().spectatorVersion);
        if (version !== null) t.store.setSpectatorVersion(version);
        return;
      }
      case "report":
        failures.clear("report");
        return t.reporter.giveUp(t.config().code);
      case "hello":
        // Closing the silent sockets keeps failing: leave that item out (they close with the object).
        return failures.skip(due);
      case "presence":
        // The coalesced presence view keeps failing: drop it; the next change carries the presence.
        failures.clear("presence");
        return t.store.setPresenceAt(null);
      case "host-away":
        // Telling the game keeps failing: drop the loss (the host's next return or loss starts afresh).
        failures.clear("host-away");
        return t.presence.forgetHostLoss();
      case "recording-expiry":
        // Deleting keeps failing: the hourly sweep (worker/recordings/sweep.ts) deletes these; later ones stay scheduled.
        failures.clear("recording-expiry");
        return t.recordings.giveUp(due.at);
      default: {
        const never: never = due.kind;
        throw new Error(`no give-up rule for alarm item ${String(never)}`);
      }
    }
  }

  /** End the game now: the engine's abort, through the same commit path as every input. */
  private async abortGame(at: number): Promise<void> {
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

  /** The engine's deadline has come (or the stored alarm is stale / moved). */
  private async onDeadline(now: number): Promise<void> {
    const t = this.t;
    const row = t.store.game();
    const state = t.match.state();
    if (!state || row.alarmPhaseSeq === null || row.alarmAt === null) return this.sync();
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

  /** Everything the table's one alarm may be waiting for. */
  private dues(): Array<Due | null> {
    const t = this.t;
    const row = t.store.game();
    const extras = t.store.extras();
    const control = t.store.control();
    const paused = extras.pause !== null;
    const failures = t.alarmFailures;
    const items: Array<Due | null> = [
      row.alarmAt === null ? null : { kind: "deadline", at: row.alarmAt },
      nextTakeover(t.store.players(), control.botAfterMinutes, row.status === "playing", paused, extras.resumedAt, (d) => failures.adjust(d) === null),
      extras.botAt === null ? null : { kind: "bots", at: extras.botAt },
      (() => {
        const at = t.spectators.due();
        return at === null ? null : { kind: "spectators" as const, at };
      })(),
      (() => {
        const last = row.status === "playing" ? null : t.match.lastState();
        const at = t.reporter.due(last !== null && isOver(last));
        return at === null ? null : { kind: "report" as const, at };
      })(),
      (() => {
        const at = this.helloDue();
        return at === null ? null : { kind: "hello" as const, at };
      })(),
      extras.presenceAt === null ? null : { kind: "presence" as const, at: extras.presenceAt },
      (() => {
        const at = t.presence.hostAwayDue();
        return at === null ? null : { kind: "host-away" as const, at };
      })(),
      (() => {
        const at = t.recordings.due();
        return at === null ? null : { kind: "recording-expiry" as const, at };
      })(),
    ];
    // Keyed for the failure count; an item waiting for its retry is due at the retry time.
    return items.map((d) => failures.adjust(d));
  }

  /** Make the runtime's alarm the earliest due item (or none). */
  async sync(): Promise<void> {
    const t = this.t;
    const due = earliest(this.dues())?.at ?? null;
    const at = due === null ? null : due - t.clock.skew; // the runtime's alarm is in real time
    if (at === this.armedAt) return; // already set (or already none) by this instance
    if (at === null) await t.runtimeAlarm.delete();
    else await t.runtimeAlarm.set(at);
    this.armedAt = at;
  }

  private async armDeadline(at: number, phaseSeq: number): Promise<void> {
    this.t.store.setDeadlineAlarm(phaseSeq, at);
    await this.sync();
  }

  private async clearDeadline(): Promise<void> {
    this.t.store.setDeadlineAlarm(null, null);
    await this.sync();
  }

  /** The hello item: close every socket still without a good hello HELLO_TIMEOUT_MS after it opened. */
  private closeSilentSockets(at: number): void {
    const sockets = this.t.sockets;
    for (const ws of sockets.all()) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      const att = sockets.attachmentOf(ws, at);
      if (att.identity === null && att.connectedAt + HELLO_TIMEOUT_MS <= at) this.t.fanout.closeSocket(ws, CLOSE_CODES.policy, "hello timeout");
    }
  }

  /** When the earliest un-greeted open socket's hello timeout ends, or null. */
  private helloDue(): number | null {
    const sockets = this.t.sockets;
    let first: number | null = null;
    for (const ws of sockets.all()) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      const att = sockets.attachmentOf(ws, 0);
      if (att.identity === null && (first === null || att.connectedAt < first)) first = att.connectedAt;
    }
    return first === null ? null : first + HELLO_TIMEOUT_MS;
  }

  /**
   * The end-to-end test clock (browser games independent of wall-clock phase lengths). Only
   * when the worker runs with E2E_CLOCK=1 — a variable that only the browser suite's `wrangler dev`
   * sets (test/browser/harness.ts); `npm start` and wrangler.toml never do — otherwise refused.
   *
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
      const due = earliest(this.dues());
      if (!due || due.at > target) break;
      if (due.at > t.now()) await this.setSkew(due.at - Date.now());
      await this.fired();
    }
    return { ok: true, phaseSeq: t.match.state()?.phaseSeq ?? null };
  }

  /**
   * The end-to-end test clock's end of a game: the engine's abort now (the path the table takes after
   * repeated deadline failures), so a browser test that needs a finished game (RULES.md §8: recordings and
   * records open only at the end) does not play out every stage. Refused without E2E_CLOCK=1.
   */
  async endForTest(): Promise<{ ok: boolean; reason?: string }> {
    if (!testClockEnabled(this.t.env)) return { ok: false, reason: "test clock disabled" };
    if (!this.t.match.state()) return { ok: false, reason: "no game" };
    await this.abortGame(this.t.now());
    return { ok: true };
  }

  /** Moves the table's clock; the runtime alarm (real time) moves with it. */
  private async setSkew(skew: number): Promise<void> {
    this.t.clock.setSkew(skew);
    await this.sync();
  }
}
