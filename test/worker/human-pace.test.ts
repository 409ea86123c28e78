/**
 * Measurements for `npm run bench` (bench/human-pace.ts), not assertions (issue 36, "the fraction of
 * wall time the object is busy"). Skipped unless HUMAN_PACE_GAMES=n. Prints one line `HUMAN_PACE_JSON {...}`.
 *
 * Whole sport games over sockets (ten heuristic bots, one spectator). Every event the table handles is
 * timed by the driver, one at a time with nothing else in flight: an act from sending it to the
 * last of the 11 connections holding the version it made (ack included); an alarm from the
 * runtime's delivery (`runDurableObjectAlarm`) to the last connection holding the new version. That is
 * an upper bound on the object's busy time for the event (it includes the loopback to the driver,
 * which runs in the same workerd). Alarms that end a long phase (a timer of 20 s or more: a human
 * table hibernates during it) run on a freshly evicted instance (`evictDurableObject`), so the
 * wake-up cost (constructor, caches rebuilt from SQLite, attachments read) is measured too.
 *
 * Each event is recorded with the phase it came in and that phase's timer, so bench/human-pace.ts can
 * lay the same game out at human pace (think times, speeches that use most of their time) and divide
 * the busy time by the wall time. Rows and bytes come from measure.test.ts, run beside it.
 */
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { RATE_LIMIT } from "../../shared/protocol/messages.ts";
import { evict } from "./helpers.ts";
import { openTable, sportSettings, storedVersion, syncAll, type TableRun } from "./play.ts";

const GAMES = inject("humanPaceGames");

/** One event: act or alarm; the phase it came in (name, instance, timer ms); its measured duration; cold = on a fresh instance. */
interface PacedEvent {
  k: "act" | "alarm";
  a: string;
  ph: string;
  seq: number;
  tm: number | null;
  ms: number;
  cold: boolean;
  moved: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const COLD_TIMER_MS = 20_000;

async function playTimed(run: TableRun, events: PacedEvent[], seed: string): Promise<void> {
  const n = run.seated.length;
  let turn = 0;
  let ref = 0;
  for (let step = 0; step < 4000; step++) {
    const first = run.seated[0]!.client.lastView().game!;
    if (first.result) return;
    let acted = false;
    turn = (turn + 1) % n;
    for (let k = 0; k < n && !acted; k++) {
      const s = run.seated[(turn + k) % n]!;
      const g = s.client.lastView().game;
      if (!g?.you || g.result || g.you.actions.length === 0) continue;
      const action = s.bot.decide(g);
      if (!action) continue;
      const t0 = Date.now();
      let reply = await s.client.act(`${seed}-${++ref}`, action);
      for (let tries = 0; reply.type === "error" && reply.code === "rate-limited" && tries < 5; tries++) {
        await sleep(1000 / RATE_LIMIT.perSecond + 50);
        reply = await s.client.act(`${seed}-${++ref}`, action);
      }
      if (reply.type !== "ack") continue;
      await syncAll(run, reply.version);
      events.push({ k: "act", a: (action as { type: string }).type, ph: g.phase, seq: g.phaseSeq, tm: g.timerMs, ms: Date.now() - t0, cold: false, moved: s.client.lastView().game!.phaseSeq !== g.phaseSeq });
      acted = true;
    }
    if (acted) continue;
    const g = run.seated[0]!.client.lastView().game!;
    const before = await storedVersion(run.code);
    const cold = (g.timerMs ?? 0) >= COLD_TIMER_MS;
    if (cold) await evict(run.stub);
    const t0 = Date.now();
    await runDurableObjectAlarm(run.stub);
    const after = await storedVersion(run.code);
    if (after > before) await syncAll(run, after);
    events.push({ k: "alarm", a: "timeout", ph: g.phase, seq: g.phaseSeq, tm: g.timerMs, ms: Date.now() - t0, cold, moved: after > before });
  }
  throw new Error(`table ${run.code}: no result`);
}

describe.skipIf(GAMES === 0)("human pace", () => {
  it(`${GAMES} games: every event timed, with its phase`, async () => {
    const games: Array<{ events: PacedEvent[]; dbBytes: number; hellos: number }> = [];
    for (let g = 0; g < GAMES; g++) {
      const run = await openTable({ seed: `pace${g}`, settings: sportSettings(g), spectators: 1, mix: 0, capture: false });
      const events: PacedEvent[] = [];
      await playTimed(run, events, `pace${g}`);
      const dbBytes = await runInDurableObject(run.stub, (_i, state) => state.storage.sql.databaseSize);
      expect(events.length).toBeGreaterThan(0);
      games.push({ events, dbBytes, hellos: run.all().length });
      run.close();
    }
    console.log(`HUMAN_PACE_JSON ${JSON.stringify(games)}`);
  }, 900_000);
});

it.skipIf(GAMES > 0)("human-pace measurements: off (HUMAN_PACE_GAMES=n, run by bench/human-pace.ts)", () => {
  expect(GAMES).toBe(0);
});
