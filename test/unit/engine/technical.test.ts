import { describe, expect, it } from "vitest";
import { LAYOUT, Table } from "./harness.ts";

describe("§2.13 Technical votes", () => {
  it("§2.13 passes with more than half of the living human players pressing 'for' within 30 s; the phase timer stops", () => {
    const t = new Table({ roles: LAYOUT });
    t.now += 20_000; // 40 s of seat 1's speech left
    t.act(5, { type: "tech-vote-start", kind: "foul", target: 9 }, 0);
    const v = t.spectator();
    expect(v.techVote).toMatchObject({ kind: "foul", target: 9, by: 5, inFavour: 1, needed: 6 });
    expect(t.left()).toBe(30_000);
    t.reject(1, { type: "end-speech" }, "phase-closed");
    for (const s of [1, 2, 3, 4]) t.act(s, { type: "tech-vote", in_favour: true });
    expect(t.spectator().techVote!.inFavour).toBe(5);
    t.act(4, { type: "tech-vote", in_favour: false });
    t.act(6, { type: "tech-vote", in_favour: true });
    t.act(7, { type: "tech-vote", in_favour: true }); // 6 of 10: passes at once
    expect(t.spectator().techVote).toBeNull();
    expect(t.spectator().seats[8]!.fouls).toBe(1);
    expect(t.speaker).toBe(1);
    expect(t.left()).toBe(40_000); // the speech resumes with the time that was left
  });
  it("§2.13 not pressing counts against: fails at 30 s", () => {
    const t = new Table({ roles: LAYOUT });
    t.act(5, { type: "tech-vote-start", kind: "removal", target: 9 });
    t.act(1, { type: "tech-vote", in_favour: true });
    t.timeout();
    const ended = t.spectator().log.find((e) => e.type === "tech-vote-ended")!;
    expect(ended.data).toMatchObject({ passed: false, inFavour: 2, needed: 6 });
    expect(t.living().length).toBe(10);
  });
  it("§2.13 bots are excluded: the threshold counts living humans only and bots cannot press", () => {
    const t = new Table({ roles: LAYOUT, bots: [6, 7, 8, 9] });
    t.act(1, { type: "tech-vote-start", kind: "foul", target: 10 });
    expect(t.spectator().techVote!.needed).toBe(4); // 6 humans
    t.reject(6, { type: "tech-vote", in_favour: true }, "not-allowed");
    t.act(2, { type: "tech-vote", in_favour: true });
    t.act(3, { type: "tech-vote", in_favour: true });
    expect(t.spectator().techVote).not.toBeNull();
    t.control({ type: "seat-to-bot", seat: 5 }); // now 5 humans: 3 needed, 3 in favour
    expect(t.spectator().techVote).toBeNull();
    expect(t.spectator().seats[9]!.fouls).toBe(1);
  });
  it("§2.13 one technical vote at a time; not twice against the same target in the same phase", () => {
    const t = new Table({ roles: LAYOUT });
    t.act(5, { type: "tech-vote-start", kind: "foul", target: 9 });
    t.reject(6, { type: "tech-vote-start", kind: "foul", target: 8 }, "not-allowed");
    t.timeout();
    t.reject(5, { type: "tech-vote-start", kind: "removal", target: 9 }, "already-acted");
    t.act(5, { type: "tech-vote-start", kind: "foul", target: 8 });
    t.timeout();
    t.act(1, { type: "end-speech" });
    t.act(5, { type: "tech-vote-start", kind: "foul", target: 9 }); // a new phase
  });
  it("§2.13 not in dealing or at night (acquaintance included), not against oneself or the dead", () => {
    const d = new Table();
    d.reject(1, { type: "tech-vote-start", kind: "foul", target: 2 }, "phase-closed");
    const a = new Table({ roles: LAYOUT, stopAt: "acquaintance" });
    a.reject(1, { type: "tech-vote-start", kind: "foul", target: 2 }, "phase-closed");
    const t = new Table({ roles: LAYOUT });
    t.reject(1, { type: "tech-vote-start", kind: "foul", target: 1 }, "illegal-target");
    t.speeches();
    t.reject(1, { type: "tech-vote-start", kind: "foul", target: 2 }, "phase-closed");
    t.night({ 1: 9, 2: 9, 3: 9 });
    t.reject(1, { type: "tech-vote-start", kind: "foul", target: 9 }, "illegal-target");
    t.act(1, { type: "tech-vote-start", kind: "foul", target: 5 }); // during last words: allowed
  });
  function pass(t: Table, by: number, kind: "foul" | "defeat" | "removal", target: number): void {
    t.act(by, { type: "tech-vote-start", kind, target });
    for (const s of t.living().filter((x) => x !== by && x !== target).slice(0, 5)) {
      if (!t.spectator().techVote) break;
      t.act(s, { type: "tech-vote", in_favour: true });
    }
    expect(t.spectator().techVote).toBeNull();
  }
  it("§2.13 a second technical foul removes the player", () => {
    const t = new Table({ roles: LAYOUT });
    pass(t, 5, "foul", 9);
    pass(t, 6, "foul", 9);
    expect(t.spectator().seats[8]!.fouls).toBe(2);
    expect(t.spectator().seats[8]!.out).toBe("removed");
  });
  it("§2.13 a removed player leaves at once without last words, and that day's voting is cancelled", () => {
    const t = new Table({ roles: LAYOUT, settings: { breakAtZero: true } });
    t.act(1, { type: "nominate", target: 7 });
    t.act(1, { type: "end-speech" });
    pass(t, 5, "removal", 2); // the current speaker is removed: the floor passes on
    expect(t.spectator().seats[1]!.out).toBe("removed");
    expect(t.phase).toBe("speech");
    expect(t.speaker).toBe(3);
    t.speeches();
    expect(t.publicTypes()).toContain("voting-cancelled");
    expect(t.phase).toBe("night-shot");
    expect(t.spectator().seats[6]!.alive).toBe(true);
  });
  it("§2.13 a removal during the vote cancels it; night falls", () => {
    const t = new Table({ roles: LAYOUT });
    t.speeches({ 1: 6, 2: 7 });
    expect(t.phase).toBe("voting");
    pass(t, 5, "removal", 10);
    expect(t.publicTypes()).toContain("voting-cancelled");
    expect(t.phase).toBe("night-shot");
  });
  it("§2.13 a technical defeat ends the game at once with the other team winning (scripted game: technical defeat)", () => {
    const t = new Table({ roles: LAYOUT });
    t.speeches();
    t.night({ 1: 5, 2: 6 });
    pass(t, 6, "defeat", 2); // seat 2 is a Mafia: the town wins
    expect(t.result()).toMatchObject({ winner: "red", reason: "technical-defeat" });
    const u = new Table({ roles: LAYOUT });
    pass(u, 1, "defeat", 9); // a Civilian: the mafia wins
    expect(u.result()).toMatchObject({ winner: "black", reason: "technical-defeat" });
  });
});
