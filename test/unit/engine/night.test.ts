import { describe, expect, it } from "vitest";
import { LAYOUT, Table, offer } from "./harness.ts";

function night1(settings: Record<string, unknown> = {}): Table {
  const t = new Table({ roles: LAYOUT, settings });
  t.speeches();
  expect(t.phase).toBe("night-shot");
  return t;
}

describe("§2.10 Night: the shot", () => {
  it("§2.10 shot, 7 s: the Don and every living Mafia choose once (final); all the same living player: a hit", () => {
    const t = night1();
    expect(t.left()).toBe(7_000);
    expect(t.view(1).you!.actions).toContainEqual(offer("mafia-shot", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
    expect(t.view(4).you!.actions.some((a) => a.type === "use")).toBe(false);
    t.reject(4, t.use(4, 5), "not-allowed");
    t.act(1, t.use(1, 5));
    t.reject(1, t.use(1, 6), "already-acted");
    t.act(2, t.use(2, 5));
    t.act(3, t.use(3, 5));
    expect(t.phase).toBe("night-shot"); // §1 Secrets: no early end, the step runs its 7 s
    t.timeout();
    expect(t.phase).toBe("night-check");
    t.timeout();
    expect(t.publicTypes()).toContain("killed");
    expect(t.spectator().seats[4]!.out).toBe("shot");
  });
  it("§2.10 one different choice is a miss", () => {
    const t = night1();
    t.night({ 1: 5, 2: 5, 3: 6 });
    expect(t.publicTypes()).toContain("shot-missed");
    expect(t.living().length).toBe(10);
    expect(t.phase).toBe("speech");
  });
  it("§2.10 one missing choice is a miss", () => {
    const t = night1();
    t.night({ 1: 5, 2: 5 });
    expect(t.publicTypes()).toContain("shot-missed");
    expect(t.living().length).toBe(10);
  });
  it("§2.10 / issue 38.6: the night's why names the black seats that did not shoot — in the result only, never before", () => {
    const t = night1();
    t.night({ 1: 5, 2: 5 }); // seat 3 (Mafia) chose nobody: a miss
    expect(t.publicTypes()).toContain("shot-missed");
    // While the game runs no view carries the why (nor who did not shoot): not the town's, not the black team's.
    for (const v of [t.view(1), t.view(3), t.view(4), t.spectator()]) {
      expect(v.result).toBeNull();
      expect(JSON.stringify(v)).not.toMatch(/"silent"|"no-attack"/);
    }
    t.control({ type: "abort", reason: "server-error" });
    const steps = t.spectator().result!.nights!.find((n) => n.night === 1)!.steps;
    expect(steps).toContainEqual({ kind: "no-attack", ability: "mafia-shot", reason: "no-target", silent: [3] });
  });
  it("§2.10 / issue 38.6: two different choices and nobody silent: the why names no one", () => {
    const t = night1();
    t.night({ 1: 5, 2: 5, 3: 6 });
    t.control({ type: "abort", reason: "server-error" });
    const steps = t.spectator().result!.nights!.find((n) => n.night === 1)!.steps;
    expect(steps).toContainEqual({ kind: "no-attack", ability: "mafia-shot", reason: "no-target" });
  });
  it("§2.10 the living black team sees the choices; the town and spectators see none of them", () => {
    const t = night1();
    t.act(1, t.use(1, 5));
    expect(t.view(3).log.filter((e) => e.type === "shot").map((e) => e.data)).toEqual([{ seat: 1, target: 5 }]);
    for (const v of [t.view(4), t.view(5), t.spectator()]) expect(JSON.stringify(v.log)).not.toMatch(/"type":"shot"/);
  });
  it("§2.10 after a Mafia leaves, the Don and the remaining Mafia decide alone", () => {
    const t = night1();
    t.night({ 1: 2, 2: 2, 3: 2 }); // they shoot their own Mafia at seat 2
    t.endSpeeches("last-words");
    t.speeches();
    t.night({ 1: 7, 3: 7 });
    expect(t.spectator().seats[6]!.out).toBe("shot");
  });
});

describe("§2.10 Night: the checks", () => {
  it("§2.10 checks, 7 s, at the same time: Don → Sheriff or not; Sheriff → mafia or not, the Don shows as mafia", () => {
    const t = night1();
    t.night({});
    // fresh table for checks
    const u = night1();
    u.act(1, u.use(1, 5));
    u.timeout();
    expect(u.phase).toBe("night-check");
    expect(u.left()).toBe(7_000);
    expect(u.view(1).you!.actions).toContainEqual(offer("don-check", [2, 3, 4, 5, 6, 7, 8, 9, 10]));
    u.act(1, u.use(1, 4));
    expect(u.view(1).you!.checks).toEqual([{ target: 4, night: 1, result: "sheriff" }]);
    u.act(4, u.use(4, 1));
    expect(u.view(4).you!.checks).toEqual([{ target: 1, night: 1, result: "mafia" }]);
    expect(u.phase).toBe("night-check"); // §1 Secrets: both checked, yet the step runs its 7 s
    u.timeout();
    expect(u.phase).toBe("speech");
  });
  it("§2.10 Sheriff on a Civilian: not mafia; Don on a Civilian: not Sheriff; on a Mafia: mafia", () => {
    const t = night1();
    t.night({}, { 1: 6, 4: 2 });
    expect(t.view(1).you!.checks[0]!.result).toBe("not-sheriff");
    expect(t.view(4).you!.checks[0]!.result).toBe("mafia");
    t.speeches();
    t.night({}, { 4: 7 });
    expect(t.view(4).you!.checks.map((c) => c.result)).toEqual(["mafia", "not-mafia"]);
  });
  it("§2.10 nobody checks themselves or a player they already checked", () => {
    const t = night1();
    t.timeout();
    t.reject(4, t.use(4, 4), "illegal-target");
    t.act(4, t.use(4, 6));
    t.timeout();
    t.speeches();
    t.night({});
    // next night
    t.speeches();
    t.timeout();
    t.reject(4, t.use(4, 6), "illegal-target");
    expect(t.view(4).you!.actions).toContainEqual(offer("sheriff-check", [1, 2, 3, 5, 7, 8, 9, 10]));
  });
  it("§2.10 only the checker sees the result", () => {
    const t = night1();
    t.night({}, { 1: 4, 4: 1 });
    for (const seat of [2, 3, 5]) {
      const j = JSON.stringify(t.view(seat));
      expect(j).not.toContain('"checked"');
      expect(t.view(seat).you!.checks).toEqual([]);
    }
    expect(JSON.stringify(t.spectator())).not.toContain('"checked"');
    expect(t.view(1).log.filter((e) => e.type === "checked").length).toBe(1);
  });
  it("§2.10 decision: a player shot tonight still makes tonight's check", () => {
    const t = night1();
    t.night({ 1: 4, 2: 4, 3: 4 }, { 4: 2 });
    expect(t.view(4).you!.checks).toEqual([{ target: 2, night: 1, result: "mafia" }]);
    expect(t.spectator().seats[3]!.out).toBe("shot");
  });
  it("§1 Secrets / §2.10 night steps never end early: with no living checker the check step still runs its 7 s", () => {
    const t = night1();
    t.night({ 1: 4, 2: 4, 3: 4 });
    t.endSpeeches("last-words");
    t.speeches();
    t.night({ 1: 1, 2: 1, 3: 1 }); // the Don is shot by his own team
    t.endSpeeches("last-words");
    t.speeches();
    t.night({ 2: 5, 3: 6 });
    expect(t.phase).toBe("speech"); // the check step ran out its clock
  });
});

describe("§2.11 Morning", () => {
  it("§2.11 the player killed at night gets a 60 s last speech, then the day begins", () => {
    const t = night1();
    t.night({ 1: 9, 2: 9, 3: 9 });
    expect(t.phase).toBe("last-words");
    expect(t.speaker).toBe(9);
    expect(t.left()).toBe(60_000);
    t.act(9, { type: "end-speech" });
    expect(t.phase).toBe("speech");
    expect(t.spectator().day).toBe(2);
  });
  it("§2.11 after a miss nobody died and the day begins at once", () => {
    const t = night1();
    t.night({ 1: 9 });
    expect(t.phase).toBe("speech");
  });
});
