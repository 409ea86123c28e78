/**
 * RULES.md §1 Timers: every view names its timer's end (`deadline`) and full length (`timerMs`), so the
 * table's timer ring is right for a client that connects halfway through a phase (docs/UI.md). The
 * length is the timer's own: the phase (§2.2 acquaintance 60 s, §2.3 speech 60 s), a shout (§2.5, 5 s)
 * or a technical vote (§2.13, 30 s); a paused or resumed timer keeps its length.
 */
import { describe, expect, it } from "vitest";
import { playGame } from "../../../shared/bots/driver.ts";
import { viewFor } from "../../../shared/engine/index.ts";
import { LAYOUT, Table } from "./harness.ts";

describe("§1 Timers: the view carries the full length of the running timer", () => {
  it("§2.2/§2.3 acquaintance and speeches: the length stays while the clock runs down", () => {
    const a = new Table({ roles: LAYOUT, stopAt: "acquaintance" });
    expect(a.spectator().timerMs).toBe(60_000);
    const t = new Table({ roles: LAYOUT });
    const start = t.spectator();
    expect(start.phase).toBe("speech");
    expect(start.timerMs).toBe(60_000);
    t.now += 45_000; // a client connecting now: 15 s of 60 s left
    const late = t.view(7);
    expect(late.deadline! - t.now).toBe(15_000);
    expect(late.timerMs).toBe(60_000);
  });

  it("§2.5 a shout's own 5 s timer while it runs, then the speech's again", () => {
    const t = new Table({ roles: LAYOUT });
    t.now += 10_000;
    t.act(5, { type: "shout" }, 0);
    expect(t.spectator().timerMs).toBe(5_000);
    expect(t.spectator().deadline).toBe(t.now + 5_000);
    t.timeout();
    expect(t.spectator().timerMs).toBe(60_000);
  });

  it("§2.13 a technical vote's 30 s, then the stopped speech resumes with its own length", () => {
    const t = new Table({ roles: LAYOUT });
    t.now += 20_000;
    t.act(5, { type: "tech-vote-start", kind: "foul", target: 9 }, 0);
    expect(t.spectator().timerMs).toBe(30_000);
    t.timeout(); // fails
    const v = t.spectator();
    expect(v.deadline! - t.now).toBe(40_000);
    expect(v.timerMs).toBe(60_000);
  });

  it("§1 a pause keeps the length (the ring shows what is left); resuming shifts the end, not the length", () => {
    const t = new Table({ roles: LAYOUT });
    t.now += 30_000;
    t.control({ type: "pause", by: "organizer", reason: "organizer" });
    const paused = t.spectator();
    expect(paused.deadline).toBeNull();
    expect(paused.paused!.remainingMs).toBe(30_000);
    expect(paused.timerMs).toBe(60_000);
    t.now += 120_000;
    t.control({ type: "resume" });
    expect(t.spectator().deadline).toBe(t.now + 30_000);
    expect(t.spectator().timerMs).toBe(60_000);
  });

  it("§5.7 no timer, no length: a live host's game waiting for the confirm, and a finished game", () => {
    const t = new Table({ roles: LAYOUT, host: "live" });
    t.speeches();
    // Day 1 without nominations: nobody is voted on; the night starts and its first step waits for the host.
    while (t.spectator().deadline !== null) t.timeout();
    expect(t.spectator().timerMs).toBeNull();
    const over = playGame({ seed: "timer-length" }).state;
    expect(viewFor(over, { kind: "spectator" }).result).not.toBeNull();
    expect(viewFor(over, { kind: "spectator" }).timerMs).toBeNull();
  });
});
