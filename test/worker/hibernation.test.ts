/**
 * Hibernation, proven (issue 36). A table in a speech with no input must leave nothing running in
 * memory — no `setTimeout`/`setInterval` set by the table's code, no `waitUntil` work, no socket
 * outside the hibernation API — and only the storage alarm for the speech's deadline (RULES.md §1
 * Timers: the deadline is the server's; §2.3 a speech lasts its time, then the next speaker has the
 * floor). Then the runtime may hibernate it, and this test does what hibernation does: it evicts the
 * object (`evictDurableObject` from `cloudflare:test`, the vitest workers pool's call that aborts the
 * running instance; its sockets, their attachments, SQLite and the pending alarm survive, nothing in
 * memory does) and lets the stored alarm run on the fresh instance (`runDurableObjectAlarm`: the
 * scheduled alarm, delivered now; the table applies the timeout at its due time). The speech ends
 * at its deadline, the next seat has the floor, the sockets that stayed open get the new view, and
 * sockets that reconnect get the full view.
 *
 * How timers are seen: the table object runs in the test's isolate (the pool runs the worker's
 * modules beside the tests), so the test wraps the isolate's timer functions and keeps every timer
 * still pending with the stack that set it; a timer set from worker/ (not test/) code is the table's.
 * A stray timer anywhere in the table's paths (frames, fan-out, presence, alarm) fails this test.
 */
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TableObject } from "../../worker/table/TableObject.ts";
import { connectAs, evict, scheduledAlarm, storedGame } from "./helpers.ts";
import { openTable, playToEnd, storedVersion, syncAll, type OpenedTable } from "./play.ts";

/* ------------------------------------------------------------------ the isolate's pending timers */

interface PendingTimer {
  kind: "timeout" | "interval";
  ms: number;
  stack: string;
}
const pending = new Map<unknown, PendingTimer>();
const saved = { setTimeout: globalThis.setTimeout, setInterval: globalThis.setInterval, clearTimeout: globalThis.clearTimeout, clearInterval: globalThis.clearInterval };
let waitUntils = 0;

function trackTimers(): void {
  const track = (kind: PendingTimer["kind"], set: (fn: () => void, ms?: number) => unknown) =>
    ((fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      const stack = new Error("timer").stack ?? "";
      const id: unknown = set(() => {
        if (kind === "timeout") pending.delete(id);
        fn(...args);
      }, ms);
      pending.set(id, { kind, ms: ms ?? 0, stack });
      return id;
    }) as never;
  globalThis.setTimeout = track("timeout", saved.setTimeout as never);
  globalThis.setInterval = track("interval", saved.setInterval as never);
  globalThis.clearTimeout = ((id: unknown) => {
    pending.delete(id);
    saved.clearTimeout(id as never);
  }) as never;
  globalThis.clearInterval = ((id: unknown) => {
    pending.delete(id);
    saved.clearInterval(id as never);
  }) as never;
}

/** A frame of the table's code: worker/…, not this suite's test/worker/…. */
const tableFrame = (f: string) => /\/worker\//.test(f) && !/\/test\/worker\//.test(f);

/** Timers still pending that the table's code set: some frame of the stack that set it is the table's. */
function tableTimers(): string[] {
  return [...pending.values()]
    .filter((t) => t.stack.split("\n").slice(2).some(tableFrame))
    .map((t) => `${t.kind} ${t.ms} ms from ${t.stack.split("\n").slice(2, 6).join(" ← ")}`);
}

/** ctx.waitUntil counted on this instance (work the runtime would have to keep the object awake for). */
async function countWaitUntil(run: OpenedTable): Promise<void> {
  await runInDurableObject(run.stub, (_i: TableObject, state) => {
    const ctx = state as DurableObjectState & { waitUntil(p: Promise<unknown>): void; __counted?: true };
    if (ctx.__counted) return;
    ctx.__counted = true;
    const orig = ctx.waitUntil.bind(ctx);
    ctx.waitUntil = (p: Promise<unknown>) => {
      waitUntils++;
      orig(p);
    };
  });
}

/** What a hibernating object must be: no table timer, no waitUntil, every socket on the hibernation API, one alarm at the deadline. */
async function expectIdle(run: OpenedTable, deadline: number, sockets: number): Promise<void> {
  // Not vacuous: the object's code sees the wrapped timer functions (one isolate).
  expect(await runInDurableObject(run.stub, () => globalThis.setTimeout !== saved.setTimeout), "the table's isolate uses the tracked timers").toBe(true);
  expect(tableTimers(), "timers the table's code left pending").toEqual([]);
  expect(waitUntils, "ctx.waitUntil calls").toBe(0);
  const held = await runInDurableObject(run.stub, (_i, state) => state.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN && ws.deserializeAttachment() !== null).length);
  expect(held, "open sockets held by the hibernation API, each with its attachment").toBe(sockets);
  const alarm = await scheduledAlarm(run.code);
  expect(alarm, "the storage alarm is set").not.toBeNull();
  expect(alarm!, "the alarm wakes the table by the speech's deadline").toBeLessThanOrEqual(deadline);
  const row = await storedGame(run.code);
  expect(row.alarm_at, "the stored deadline is the view's").toBe(deadline);
}

/* ------------------------------------------------------------------------------------------ test */

let run: OpenedTable | null = null;
beforeAll(trackTimers);
afterAll(() => Object.assign(globalThis, saved));
afterEach(() => {
  run?.close();
  run = null;
});

const marker = Symbol.for("issue-36 instance marker");

describe("hibernation (issue 36): a speech with no input keeps nothing in memory; evicted, the game goes on from the alarm", () => {
  it("sport, 10 seats and a spectator: day 1's first speech idles, the object is evicted, the alarm ends the speech on time and the next seat speaks", async () => {
    run = await openTable({ seed: "hibernate", spectators: 1, capture: false });
    await countWaitUntil(run);
    await playToEnd(run, { until: (g) => g.phase === "speech" && g.day === 1 });
    const version = await storedVersion(run.code);
    await syncAll(run, version);
    const view = run.seated[0]!.client.lastView().game!;
    const speaker = view.speaker!;
    const deadline = view.deadline!;
    expect(view.phase).toBe("speech");
    expect(speaker).not.toBeNull();
    expect(view.timerMs, "a sport speech is 60 s (RULES.md §2.3)").toBe(60_000);

    // The speaker says nothing for the whole speech: no input, and the table is idle.
    await expectIdle(run, deadline, 11);

    // Hibernate: the running instance goes; the marker set on it is gone with it.
    await runInDurableObject(run.stub, (i: TableObject) => void ((i as unknown as Record<symbol, true>)[marker] = true));
    await evict(run.stub);
    expect(await runInDurableObject(run.stub, (i: TableObject) => (i as unknown as Record<symbol, true>)[marker] ?? false), "a fresh instance").toBe(false);
    for (const c of run.all()) expect(c.closed, `${c.name}'s socket survived the eviction`).toBe(false);
    await countWaitUntil(run);
    await expectIdle(run, deadline, 11);

    // The stored alarm wakes the fresh instance: the speech ends at its deadline, the next seat speaks.
    // (A presence window due earlier runs first: the alarm is delivered until the game moves.)
    for (let i = 0; i < 5 && (await storedVersion(run.code)) === version; i++) expect(await runDurableObjectAlarm(run.stub), "the alarm ran").toBe(true);
    const next = await storedVersion(run.code);
    expect(next).toBeGreaterThan(version);
    await syncAll(run, next);
    const last = await runInDurableObject(run.stub, (_i, state) => state.storage.sql.exec("SELECT at, input FROM input_log ORDER BY seq DESC LIMIT 1").one());
    expect(JSON.parse(String(last.input)).kind, "the speech ended by its timer").toBe("timeout");
    expect(Number(last.at), "on time: at the deadline, by the table's clock").toBe(deadline);
    for (const c of run.all()) {
      const g = c.lastView().game!;
      expect(g.phase, c.name).toBe("speech");
      expect(g.speaker, `${c.name}: the next seat has the floor`).not.toBe(speaker);
      expect(g.deadline, `${c.name}: the next speech runs 60 s from the last one's end`).toBe(deadline + 60_000);
    }
    const nextSpeaker = run.seated[0]!.client.lastView().game!.speaker!;
    // Idle again in the next speech, on the fresh instance too.
    await expectIdle(run, deadline + 60_000, 11);

    // Sockets reconnect across a hibernation: two players and the spectator leave, the object is
    // evicted, they come back (the players with their tokens) and each gets the full view at once.
    const leaving = [run.seated[2]!, run.seated[7]!];
    for (const s of leaving) s.client.close();
    run.spectators[0]!.close();
    await evict(run.stub);
    const back = await Promise.all(leaving.map((s) => connectAs(run!.code, s.join.token, `${s.nickname} again`)));
    const watcher = await connectAs(run.code, undefined, "spectator again");
    for (const [i, c] of back.entries()) {
      const first = c.views()[0]!;
      expect(first.version).toBeGreaterThanOrEqual(next);
      const g = first.view.game!;
      expect(g.logAfter, "a full view, not a delta").toBeNull();
      expect(g.you?.seat, "their own seat").toBe(leaving[i]!.client.lastView().game!.you!.seat);
      expect(g.you?.role, "their own role").not.toBeNull();
      expect(g.speaker).toBe(nextSpeaker);
      expect(g.deadline).toBe(deadline + 60_000);
      c.close();
    }
    const w = watcher.views()[0]!.view.game!;
    expect(w.logAfter).toBeNull();
    expect(w.you, "a spectator sees no seat").toBeNull();
    expect(w.speaker).toBe(nextSpeaker);
    watcher.close();
  });
});
