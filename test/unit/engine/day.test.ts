import { describe, expect, it } from "vitest";
import { LAYOUT, Table } from "./harness.ts";

describe("§2.3 Day speeches", () => {
  it("§2.3 each living player in turn gets 60 s; day 1 starts at seat 1; the speaker may end early", () => {
    const t = new Table({ roles: LAYOUT });
    expect(t.phase).toBe("speech");
    expect(t.spectator().day).toBe(1);
    const order: number[] = [];
    while (t.phase === "speech") {
      order.push(t.speaker!);
      expect(t.left()).toBe(60_000);
      expect(t.spectator().seats[t.speaker! - 1]!.speaking).toBe(true);
      t.act(t.speaker!, { type: "end-speech" });
    }
    expect(order).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
  it("§2.3 only the speaker ends the speech; the deadline ends it too", () => {
    const t = new Table({ roles: LAYOUT });
    t.reject(2, { type: "end-speech" }, "not-your-turn");
    t.timeout();
    expect(t.speaker).toBe(2);
  });
  it("§2.3 each following day starts with the next living seat after the previous day's first speaker", () => {
    const t = new Table({ roles: LAYOUT });
    t.speeches();
    expect(t.phase).toBe("night-shot");
    t.night({ 1: 2, 2: 2, 3: 2 }); // black shoots seat 2 (their own Mafia): the shot still hits
    expect(t.phase).toBe("last-words");
    t.endSpeeches("last-words");
    expect(t.spectator().day).toBe(2);
    expect(t.speaker).toBe(3); // seat 2 (next after 1) is dead: seat 3 opens day 2
    const order: number[] = [];
    while (t.phase === "speech") { order.push(t.speaker!); t.act(t.speaker!, { type: "end-speech" }); }
    expect(order).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 1]);
    t.night({});
    expect(t.speaker).toBe(4);
  });
});

describe("§2.4 Nominations", () => {
  it("§2.4 during their own speech a player nominates once a living candidate, themselves included", () => {
    const t = new Table({ roles: LAYOUT });
    expect(t.view(1).you!.actions).toContainEqual({ type: "nominate", targets: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
    t.reject(2, { type: "nominate", target: 5 }, "not-your-turn");
    t.act(1, { type: "nominate", target: 1 });
    t.reject(1, { type: "nominate", target: 5 }, "already-acted");
    expect(t.spectator().nominees).toEqual([1]);
    expect(t.spectator().seats[0]!.nominated).toBe(true);
    expect(t.view(1).you!.actions.some((a) => a.type === "nominate")).toBe(false);
  });
  it("§2.4 final: a candidate already nominated today cannot be nominated again", () => {
    const t = new Table({ roles: LAYOUT });
    t.act(1, { type: "nominate", target: 7 });
    t.act(1, { type: "end-speech" });
    t.reject(2, { type: "nominate", target: 7 }, "illegal-target");
    t.reject(2, { type: "nominate", target: 11 }, "illegal-target");
    expect(t.view(2).you!.actions).toContainEqual({ type: "nominate", targets: [1, 2, 3, 4, 5, 6, 8, 9, 10] });
    const log = t.spectator().log.filter((e) => e.type === "nominated");
    expect(log.map((e) => e.data)).toEqual([{ by: 1, target: 7 }]);
  });
  it("§2.4 a dead player cannot be nominated", () => {
    const t = new Table({ roles: LAYOUT });
    t.speeches();
    t.night({ 1: 9, 2: 9, 3: 9 });
    t.endSpeeches("last-words");
    t.reject(t.speaker!, { type: "nominate", target: 9 }, "illegal-target");
  });
});

describe("§2.5 Shouts", () => {
  it("§2.5 a shout is 5 s of open microphone during someone else's speech; the speech timer keeps running", () => {
    const t = new Table({ roles: LAYOUT });
    t.reject(1, { type: "shout" }, "not-allowed"); // the speaker holds the floor
    t.now += 10_000;
    t.act(5, { type: "shout" }, 0);
    const v = t.spectator() as ReturnType<Table["spectator"]> & { shout: { seat: number; until: number } };
    expect(v.shout).toEqual({ seat: 5, until: t.now + 5_000 });
    expect(v.seats[4]!.speaking).toBe(true);
    expect(v.speaker).toBe(1);
    expect(v.seats[4]!.shoutsLeft).toBe(2);
    t.reject(6, { type: "shout" }, "not-allowed"); // one shout at a time
    expect(t.deadline).toBe(t.now + 5_000);
    t.timeout(); // the shout window closes
    expect(t.speaker).toBe(1);
    expect(t.left()).toBe(45_000); // 60 s speech: 10 s + 5 s used
    expect(t.spectator().seats[4]!.speaking).toBe(false);
  });
  it("§2.5 three shouts a game; after the third, that player's next day speech lasts 30 s", () => {
    const t = new Table({ roles: LAYOUT });
    t.act(9, { type: "shout" });
    t.timeout();
    t.act(9, { type: "shout" });
    t.timeout();
    t.act(9, { type: "shout" });
    expect(t.view(9).seats[8]!.shoutsLeft).toBe(0);
    t.timeout();
    t.reject(9, { type: "shout" }, "no-shouts-left");
    while (t.speaker !== 9) t.act(t.speaker!, { type: "end-speech" });
    expect(t.left()).toBe(30_000);
    t.act(9, { type: "end-speech" });
    expect(t.left()).toBe(60_000);
  });
  it("§2.5 a shout ends with the speech it interrupted", () => {
    const t = new Table({ roles: LAYOUT });
    t.act(5, { type: "shout" });
    t.act(1, { type: "end-speech" });
    expect((t.spectator() as { shout?: unknown }).shout).toBeNull();
    expect(t.left()).toBe(60_000);
  });
});
