/**
 * A table never freezes (issue 11; docs/ARCHITECTURE.md "Alarm"): a failure is injected into each
 * item of the one alarm (worker/table/schedule.ts: deadline, takeover, bots, spectators, report) and
 * the game is watched to its end. A failing item is retried with a growing delay (1 s, 2 s, 4 s …);
 * after ALARM_MAX_FAILURES in a row the table gives up on that item only: the deadline ends the game
 * as a draw with reason "server-error" that every view shows; a takeover, a bot move or a spectator
 * view is dropped and the other clocks go on; the report stops retrying.
 *
 * The faults are armed through `runInDurableObject` on TableObject.testAlarmFaults, honoured only
 * because vitest.worker.config.ts sets TEST_ALARM_FAULTS. Alarms run through `runDurableObjectAlarm`:
 * a table that ever has no alarm left before its game is over (and reported) is frozen, and fails.
 */
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { heuristicBot } from "../../shared/bots/index.ts";
import type { DueKind } from "../../worker/table/schedule.ts";
import type { TableObject } from "../../worker/table/TableObject.ts";
import { ALARM_MAX_FAILURES, ALARM_RETRY_MS } from "../../worker/table/alarm-failures.ts";
import { Client, connectAs, evict, scheduledAlarm, storedGame, tableStub } from "./helpers.ts";
import { control, fullTable, gameOf, seatOf, settle, type Table } from "./fixture.ts";

let open: Client[] = [];
afterEach(() => {
  for (const c of open) c.close();
  open = [];
});

async function arm(code: string, kind: DueKind, n: number): Promise<void> {
  await runInDurableObject(tableStub(code), (o: TableObject) => void o.testAlarmFaults.set(kind, n));
}

async function faultsLeft(code: string, kind: DueKind): Promise<number> {
  return runInDurableObject(tableStub(code), (o: TableObject) => o.testAlarmFaults.get(kind) ?? 0);
}

async function failureRow(code: string): Promise<Record<string, unknown>[]> {
  return runInDurableObject(tableStub(code), (_o, state) =>
    state.storage.sql.exec("SELECT name FROM sqlite_master WHERE name = 'alarm_failures'").toArray().length === 0
      ? []
      : state.storage.sql.exec("SELECT kind, failures, retry_at, skipped FROM alarm_failures").toArray(),
  );
}

/**
 * Run the table's alarm until `done`; every step must find an alarm (never frozen). `live`: the
 * clients that get every version (delayed spectators do not). Returns the number of alarms run.
 */
async function drive(code: string, live: Client[], done: () => boolean | Promise<boolean>, max = 2000): Promise<number> {
  let alarms = 0;
  while (!(await done())) {
    expect(alarms++, `table ${code}: still running after ${max} alarms`).toBeLessThan(max);
    const ran = await runDurableObjectAlarm(tableStub(code));
    expect(ran, `table ${code}: no alarm left after ${alarms} alarms — the table froze`).toBe(true);
    await settle(code, live);
  }
  return alarms;
}

const ended = (clients: Client[]) => () => clients.every((c) => c.lastView().game?.result != null);

/**
 * A full sport table whose places 3–10 are handed to bots (so the game ends in a few hundred alarms),
 * keeping the organizer (place 1) and place 2 as people.
 */
async function botTable(create: Record<string, unknown> = {}): Promise<Table & { organizer: Client; second: Client }> {
  const t = await fullTable({ settings: { autoDeal: true }, ...create });
  open.push(...t.open);
  const organizer = t.seated[0]!.client;
  for (const [i, s] of t.seated.slice(2).entries()) {
    expect(await control(organizer, `bot${i}`, { type: "seat-to-bot", seat: seatOf(s.client) })).toMatchObject({ type: "ack" });
  }
  await settle(t.code, [organizer, t.seated[1]!.client]);
  return { ...t, organizer, second: t.seated[1]!.client };
}

describe("a table never freezes: failing alarm items are retried with backoff", () => {
  it("deadline: fails 3 times, re-armed after 1 s, 2 s, 4 s, then the phase moves on and the game finishes normally", async () => {
    const t = await botTable();
    const people = [t.organizer, t.second];
    const before = await storedGame(t.code);
    const deadline = before.alarm_at!;
    // Bots first (their think delay comes before the deadline): run alarms until the deadline is next.
    await drive(t.code, people, async () => (await scheduledAlarm(t.code)) === (await storedGame(t.code)).alarm_at);
    const phase = await storedGame(t.code);
    expect(phase.alarm_at).toBe(deadline);
    await arm(t.code, "deadline", 3);
    let retryAt = deadline;
    for (const [i, delay] of ALARM_RETRY_MS.slice(0, 3).entries()) {
      expect(await runDurableObjectAlarm(tableStub(t.code))).toBe(true);
      retryAt += delay;
      expect(await scheduledAlarm(t.code), `retry ${i + 1}`).toBe(retryAt);
      expect(await failureRow(t.code)).toEqual([{ kind: "deadline", failures: i + 1, retry_at: retryAt, skipped: 0 }]);
      expect((await storedGame(t.code)).version, "a failed item changes nothing").toBe(phase.version);
    }
    expect(await runDurableObjectAlarm(tableStub(t.code))).toBe(true);
    expect((await storedGame(t.code)).version).toBeGreaterThan(phase.version);
    expect(await failureRow(t.code), "handled: the count is gone").toEqual([]);
    await drive(t.code, people, ended(people));
    expect(await faultsLeft(t.code, "deadline")).toBe(0);
    expect(gameOf(t.organizer).result!.reason).not.toBe("server-error");
  });

  it("the failure count survives an eviction: the next failure of the same item waits longer", async () => {
    const t = await fullTable();
    open.push(...t.open);
    const { alarm_at: deadline, version } = await storedGame(t.code);
    expect(await scheduledAlarm(t.code)).toBe(deadline);
    await arm(t.code, "deadline", 1);
    expect(await runDurableObjectAlarm(tableStub(t.code))).toBe(true);
    expect(await scheduledAlarm(t.code)).toBe(deadline! + ALARM_RETRY_MS[0]);
    await evict(tableStub(t.code));
    await arm(t.code, "deadline", 1); // a fresh instance: faults are memory, the count is SQLite
    expect(await runDurableObjectAlarm(tableStub(t.code))).toBe(true);
    expect(await failureRow(t.code)).toEqual([{ kind: "deadline", failures: 2, retry_at: deadline! + ALARM_RETRY_MS[0] + ALARM_RETRY_MS[1], skipped: 0 }]);
    expect(await scheduledAlarm(t.code)).toBe(deadline! + ALARM_RETRY_MS[0] + ALARM_RETRY_MS[1]);
    // A frame meanwhile (a player's move) re-arms for the same retry, not for the raw deadline.
    await evict(tableStub(t.code));
    const organizer = t.seated[0]!.client;
    const move = heuristicBot("alarm-faults").decide(gameOf(organizer));
    expect(move).not.toBeNull();
    expect(await organizer.act("f1", move)).toMatchObject({ type: "ack" });
    expect(await scheduledAlarm(t.code)).toBe(deadline! + ALARM_RETRY_MS[0] + ALARM_RETRY_MS[1]);
    expect(await runDurableObjectAlarm(tableStub(t.code))).toBe(true);
    expect((await storedGame(t.code)).version).toBeGreaterThan(version + 1);
    expect(await failureRow(t.code)).toEqual([]);
  });

  it(`deadline: fails ${ALARM_MAX_FAILURES} times in a row → the game ends for everyone as a draw, reason server-error (unrated)`, async () => {
    const t = await botTable({ spectatorDelaySeconds: 0 });
    const spectator = await connectAs(t.code, undefined, "spectator");
    open.push(spectator);
    const everyone = [t.organizer, t.second, spectator];
    await arm(t.code, "deadline", ALARM_MAX_FAILURES);
    // Meanwhile the bots' clock keeps running between the retries.
    const alarms = await drive(t.code, everyone, ended(everyone));
    expect(alarms).toBeGreaterThanOrEqual(ALARM_MAX_FAILURES);
    expect(await faultsLeft(t.code, "deadline")).toBe(0);
    for (const c of everyone) {
      expect(c.lastView().game!.result, c.name).toMatchObject({ winner: "draw", reason: "server-error" });
      expect(c.lastView().game!.result!.roles, c.name).toHaveLength(10);
      expect(c.lastView().game!.phase).toBe("game-over");
    }
    expect((await storedGame(t.code)).status).toBe("ended");
    const row = await env.DB.prepare("SELECT winner, reason, rated FROM games WHERE code = ?").bind(t.code).first();
    expect(row).toEqual({ winner: "draw", reason: "server-error", rated: 0 });
    expect(await failureRow(t.code)).toEqual([]);
    expect(await scheduledAlarm(t.code), "nothing left to wait for").toBeNull();
  });

  for (const faults of [2, ALARM_MAX_FAILURES]) {
    const gaveUp = faults === ALARM_MAX_FAILURES;

    it(`takeover: fails ${faults} times → ${gaveUp ? "dropped (the seat stays the person's)" : "retried, the seat goes to a bot"}; the game finishes`, async () => {
      const t = await botTable({ botAfterMinutesAway: 1 });
      const seat = seatOf(t.second);
      t.second.close();
      await t.organizer.next((m) => m.type === "view" && m.view.lobby[1]?.connected === false);
      await arm(t.code, "takeover", faults);
      await drive(t.code, [t.organizer], ended([t.organizer]));
      expect(await faultsLeft(t.code, "takeover")).toBe(0);
      expect(gameOf(t.organizer).seats[seat - 1]!.bot).toBe(!gaveUp);
      if (gaveUp) expect(await failureRow(t.code)).toMatchObject([{ kind: "takeover", failures: ALARM_MAX_FAILURES, skipped: 1 }]);
    });

    it(`bots: fail ${faults} times → ${gaveUp ? "the move is dropped, bots move again after the next change" : "retried"}; the game finishes`, async () => {
      const t = await botTable();
      const people = [t.organizer, t.second];
      await arm(t.code, "bots", faults);
      await drive(t.code, people, ended(people));
      expect(await faultsLeft(t.code, "bots")).toBe(0);
      // The bots did play: the game has bot moves in its input log after the faults.
      const botMoves = await runInDurableObject(tableStub(t.code), (_o, state) =>
        state.storage.sql.exec("SELECT COUNT(*) AS n FROM input_log WHERE input LIKE '%\"kind\":\"act\"%'").one().n as number,
      );
      expect(botMoves).toBeGreaterThan(0);
      expect(gameOf(t.organizer).result!.reason).not.toBe("server-error");
    });

    it(`spectators: delivery fails ${faults} times → ${gaveUp ? "that view is skipped" : "retried"}; the delayed spectator still sees the end`, async () => {
      const t = await botTable({ spectatorDelaySeconds: 5 });
      const people = [t.organizer, t.second];
      const spectator = await connectAs(t.code, undefined, "delayed spectator");
      open.push(spectator);
      // Something public changes so that a delayed view is waiting.
      await drive(t.code, people, async () => (await storedGame(t.code)).version > spectator.lastVersion() + 1);
      await arm(t.code, "spectators", faults);
      await drive(t.code, people, () => spectator.lastView().game?.result != null);
      expect(await faultsLeft(t.code, "spectators")).toBe(0);
      expect(spectator.lastView().game!.result!.reason).not.toBe("server-error");
      const versions = spectator.views().map((m) => m.version);
      expect([...versions].sort((a, b) => a - b), "versions only go up").toEqual(versions);
    });

    it(`report: the retry fails ${faults} times → ${gaveUp ? "abandoned" : "retried with backoff, then recorded"}; the delayed spectator still gets the end`, async () => {
      const t = await botTable({ spectatorDelaySeconds: 5 });
      const people = [t.organizer, t.second];
      const spectator = await connectAs(t.code, undefined, "delayed spectator");
      open.push(spectator);
      await drive(t.code, people, ended(people));
      // As after a D1 failure: the report is pending (fresh instance: nothing cached), its retry due first.
      await env.DB.prepare("DELETE FROM game_players WHERE game_id IN (SELECT id FROM games WHERE code = ?)").bind(t.code).run();
      await env.DB.prepare("DELETE FROM games WHERE code = ?").bind(t.code).run();
      await runInDurableObject(tableStub(t.code), async (_o, state) => {
        state.storage.sql.exec("UPDATE game_report SET done_at = NULL, next_at = ?", Date.now() - 1);
        await state.storage.setAlarm(Date.now());
      });
      await evict(tableStub(t.code));
      await arm(t.code, "report", faults);
      const reportState = () =>
        runInDurableObject(tableStub(t.code), (_o, state) => state.storage.sql.exec("SELECT done_at, next_at FROM game_report").one());
      await drive(t.code, people, async () => {
        const r = await reportState();
        return spectator.lastView().game?.result != null && (r.done_at !== null || r.next_at === null);
      });
      expect(await faultsLeft(t.code, "report")).toBe(0);
      const r = await reportState();
      const recorded = await env.DB.prepare("SELECT COUNT(*) AS n FROM games WHERE code = ?").bind(t.code).first<{ n: number }>();
      if (gaveUp) {
        expect(r).toEqual({ done_at: null, next_at: null });
        expect(recorded!.n).toBe(0);
      } else {
        expect(r.done_at).not.toBeNull();
        expect(recorded!.n).toBe(1);
      }
      expect(spectator.lastView().game!.result).not.toBeNull();
    });
  }
});
