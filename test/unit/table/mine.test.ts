/**
 * Issue 13, the player's own state on the table screen (web/src/table/mine.ts), from real engine
 * views: "you are out" and how, private night notices that never go stale (the finding: a dead
 * player saw "Putana froze you tonight" the next night), private marks, the Don's plan pre-selection.
 */
import { describe, expect, it } from "vitest";
import { marksOf, nightNotes, outState, planTarget } from "../../../web/src/table/mine.ts";
import { alive, city, morning } from "../engine/city-helpers.ts";
import { LAYOUT, Table } from "../engine/harness.ts";

describe("issue 13 the player who is out", () => {
  it("§2.7 voted out, §2.10 killed at night: the out state says how; living players and spectators have none", () => {
    const t = new Table({ roles: LAYOUT, settings: { breakAtZero: true } });
    t.speeches({ 1: 7 }); // day 1, break at zero: the single candidate leaves (§2.6, §2.8)
    expect(outState(t.view(7))).toEqual({ how: "voted-out" });
    expect(outState(t.view(6))).toBeNull();
    expect(outState(t.spectator())).toBeNull();
    t.endSpeeches("farewell");
    t.night({ 1: 5, 2: 5, 3: 5 });
    morning(t);
    expect(outState(t.view(5))).toEqual({ how: "shot" });
  });
});

describe("issue 13 private night notices (RULES.md §3 / §7.6) apply to their night only, never to the dead", () => {
  it("§7.6 the frozen Maniac: the notice from his choice to the end of the next day, gone the next night", () => {
    const t = city();
    t.speeches();
    t.turns({ freeze: { 3: 6 }, kill: { 6: 7 } });
    // Night 1 is over; day 2 runs: the notice is still today's news.
    expect(nightNotes(t.view(6)).map((e) => e.type)).toEqual(["frozen"]);
    expect(nightNotes(t.view(7))).toEqual([]); // nobody else's
    morning(t);
    t.speeches();
    expect(t.phase).toBe("night-shot");
    // Night 2: the old freeze no longer applies (the finding's stale "Putana froze you tonight").
    expect(t.view(6).log.some((e) => e.type === "frozen")).toBe(true);
    expect(nightNotes(t.view(6))).toEqual([]);
  });
  it("§7.6 a frozen Doctor shot the same night: out by the morning, so no notice at all", () => {
    const t = city();
    t.speeches();
    t.turns({ shot: { 1: 5, 2: 5 }, freeze: { 3: 5 }, heal: { 5: 5 } });
    expect(alive(t, 5)).toBe(false);
    expect(t.view(5).log.some((e) => e.type === "frozen")).toBe(true);
    expect(outState(t.view(5))).toEqual({ how: "killed" });
    expect(nightNotes(t.view(5))).toEqual([]);
  });
});

describe("issue 13 private marks and the Don's plan", () => {
  it("§2.10 own checks and §2.2 teammates, by seat", () => {
    const m = marksOf({ checks: [{ target: 4, night: 1, result: "mafia" }, { target: 7, night: 2, result: "not-mafia" }], teammates: [2, 3] });
    expect([...m.entries()].sort((a, b) => a[0] - b[0])).toEqual([
      [2, { checks: [], teammate: true }],
      [3, { checks: [], teammate: true }],
      [4, { checks: ["mafia"], teammate: false }],
      [7, { checks: ["not-mafia"], teammate: false }],
    ]);
    expect(marksOf(null).size).toBe(0);
  });
  it("§2.2 the teammates are marked from the acquaintance night with the card face down; the checks and the Witness's seat are not", () => {
    const t = new Table({ roles: LAYOUT, stopAt: "acquaintance" });
    const mafia = t.view(2).you!;
    expect(mafia.teammates.slice().sort()).toEqual([1, 3]);
    const m = marksOf({ ...mafia, checks: [{ target: 4, night: 1, result: "mafia" }] }, 9, false);
    expect([...m.entries()].sort((a, b) => a[0] - b[0])).toEqual([
      [1, { checks: [], teammate: true }],
      [3, { checks: [], teammate: true }],
    ]);
    // A red player's view carries no teammates: nothing is marked for them.
    expect(marksOf(t.view(5).you!, null, false).size).toBe(0);
  });
  it("§2.2 tonight's target is the first seat of the plan still a legal target, never a teammate", () => {
    const t = new Table({ roles: LAYOUT, stopAt: "acquaintance" });
    t.act(1, { type: "shooting-plan", plan: [2, 5, 6] });
    t.timeout();
    t.speeches();
    expect(t.phase).toBe("night-shot");
    // The mafia's shot is offered as the `use` of ability "mafia-shot" (issue 14); the plan pre-selects among its seats.
    const shot = (seat: number) => {
      const a = t.view(seat).you!.actions.find((x) => x.type === "use" && x.ability === "mafia-shot");
      return a?.type === "use" ? a.targets.seats : [];
    };
    expect(planTarget(t.view(2).you, shot(2))).toBe(5);
    expect(planTarget(t.view(3).you, [1, 2, 3, 4, 6])).toBe(6); // 5 is gone
    expect(planTarget(t.view(4).you, [1, 2, 3, 5])).toBeNull(); // the Sheriff has no plan
  });
});
