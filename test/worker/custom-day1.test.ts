/**
 * Issue 31.4, the Custom day-1 finding: "A Custom table with one person and bots was still on day 1
 * after about 11 minutes with the timer at 123 s, so the timer may have restarted." Reproduced at a real
 * table: one person (the organizer, who does nothing) and seven table bots on Custom's defaults; the
 * alarm alone moves the game. The engine's log times each stage: day 1's free talk runs its 300 s once.
 */
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import type { ServerMessage } from "../../shared/protocol/messages.ts";
import { control, sitAsOrganizer } from "./fixture.ts";
import { type Client, createTable, tableStub } from "./helpers.ts";

const open: Client[] = [];
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});
const errorCode = (m: ServerMessage) => (m.type === "error" ? m.code : m.type);

interface Stored { phaseSeq: number; day: number; stage: { id: string }; deadline: number | null; events: Array<{ type: string; at: number; day: number; data: Record<string, unknown> }> }

async function stored(code: string): Promise<Stored> {
  return runInDurableObject(tableStub(code), (_i, state) => {
    const s = JSON.parse(String(state.storage.sql.exec("SELECT state FROM game").one().state)) as Stored;
    // The events live in chunks: the `events` table and each input's own (worker/table/storage.ts loadState).
    const events: Stored["events"] = [];
    const chunks = [
      ...state.storage.sql.exec("SELECT first, events FROM events").toArray(),
      ...state.storage.sql.exec("SELECT events_first AS first, events FROM input_log WHERE events IS NOT NULL").toArray(),
    ].sort((a, b) => Number(a.first) - Number(b.first));
    for (const row of chunks) events.push(...(JSON.parse(String(row.events)) as Stored["events"]));
    return { ...s, events };
  });
}

describe("issue 31.4: the Custom day-1 timer finding", () => {
  it("one person and seven bots on Custom's defaults: day 1's free talk opens once with 300 s and ends 300 s later; day 2 begins within 8 minutes of the deal", async () => {
    const { code, organizerToken } = await createTable({ presetId: "custom", seats: 8 });
    const { c: org } = await sitAsOrganizer(code, organizerToken, "Olena", open);
    expect(errorCode(await control(org, "f1", { type: "fill-bots" }))).toBe("ack");
    expect(errorCode(await control(org, "s1", { type: "start" }))).toBe("ack");
    let s = await stored(code);
    for (let i = 0; i < 400 && s.day < 2; i++) {
      await runDurableObjectAlarm(tableStub(code));
      s = await stored(code);
    }
    expect(s.day).toBe(2);
    const ev = s.events;
    const dealt = ev[0]!.at;
    const days = ev.filter((e) => e.type === "day-started");
    // Measured: acquaintance 0 s → day 1 30 s → vote 330 s → night 390 s → day 2 ≈ 451 s (the night's
    // steps run their full time: mafia until agreement, Doctor and Commissar 20 s each, Don's check 20 s).
    const free = ev.filter((e) => e.type === "day-started" && e.day === 1);
    expect(free).toHaveLength(1);
    const day1 = days[0]!.at;
    const vote1 = ev.find((e) => e.type === "voting-started")!.at;
    // Free talk of day 1: exactly its 300 s (Custom's default tempo), not restarted.
    expect(vote1 - day1).toBe(300_000);
    expect(days[1]!.at - dealt).toBeLessThan(8 * 60_000);
  });
});
