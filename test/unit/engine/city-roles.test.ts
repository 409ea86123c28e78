/**
 * RULES.md §3 roles as in §7.6 (tatar): Putana's freeze, the Doctor's heal, the Commissar's check,
 * the Maniac's kill and the Don's check. Seats (CITY10): 1 Don, 2 Mafia, 3 Putana, 4 Commissar,
 * 5 Doctor, 6 Maniac, 7–10 Civilians.
 */
import { describe, expect, it } from "vitest";
import { Table, offer } from "./harness.ts";
import { CITY10, alive, city, morning, toNight, voteOut } from "./city-helpers.ts";

const night = (t: Table) => toNight(t);

describe("§7.6 Putana freezes", () => {
  it("§7.6 a frozen Commissar does not check; he learns he was frozen right after giving his choice", () => {
    const t = city();
    night(t);
    t.turns({ freeze: { 3: 4 } }); // night 1: Putana freezes the Commissar, nobody else acts
    morning(t);
    t.speeches();
    // next night: freeze the Commissar again and let him try to check the Don
    t.timeout(); // shot
    t.act(3, t.use(3, 4));
    t.timeout(); // freeze
    t.timeout(); // heal
    expect(t.phase).toBe("night-check");
    const before = t.seen(4, "frozen").length;
    expect(t.view(4).you!.actions).toContainEqual(offer("commissar-check", [1, 2, 3, 5, 6, 7, 8, 9, 10], true));
    t.act(4, t.use(4, 1));
    expect(t.seen(4, "frozen").length).toBe(before + 1);
    expect(t.view(4).you!.checks).toEqual([]);
  });
  it("§7.6 the frozen player learns it only after giving their choice (not when the freeze is made)", () => {
    const t = city();
    night(t);
    t.timeout();
    t.act(3, t.use(3, 6));
    t.timeout(); t.timeout(); t.timeout();
    expect(t.phase).toBe("night-kill");
    expect(t.seen(6, "frozen")).toEqual([]);
    t.act(6, t.use(6, 7));
    expect(t.seen(6, "frozen")).toEqual([["frozen", { seat: 6, night: 1 }]]);
  });
  it("§7.6 a frozen Maniac does not kill", () => {
    const t = city();
    night(t);
    t.turns({ freeze: { 3: 6 }, kill: { 6: 7 } });
    expect(alive(t, 7)).toBe(true);
    expect(t.publicTypes()).toContain("nobody-killed");
  });
  it("§7.6 a frozen Doctor cannot heal, not even himself", () => {
    const t = city();
    night(t);
    t.turns({ shot: { 1: 5, 2: 5 }, freeze: { 3: 5 }, heal: { 5: 5 } });
    expect(alive(t, 5)).toBe(false);
    expect(t.seen(5, "frozen")).toEqual([["frozen", { seat: 5, night: 1 }]]);
  });
  it("§7.6 a frozen Doctor's heal on another player does not save them either", () => {
    const t = city();
    night(t);
    t.turns({ shot: { 1: 8, 2: 8 }, freeze: { 3: 5 }, heal: { 5: 8 } });
    expect(alive(t, 8)).toBe(false);
  });
  it("§7.6 a frozen Civilian — nothing happens; he learns it in the morning", () => {
    const t = city();
    night(t);
    t.turns({ freeze: { 3: 9 } });
    expect(t.seen(9, "frozen")).toEqual([["frozen", { seat: 9, night: 1 }]]);
    expect(t.living().length).toBe(10);
  });
  it("decision: a frozen Don gets no check result (a freeze cancels the target's own later move)", () => {
    const t = city();
    night(t);
    t.turns({ freeze: { 3: 1 }, don: { 1: 4 } });
    expect(t.view(1).you!.checks).toEqual([]);
    expect(t.seen(1, "frozen")).toEqual([["frozen", { seat: 1, night: 1 }]]);
  });
  it("§7.6 freezing the last remaining mafioso cancels the mafia's shot", () => {
    const t = city({ settings: { breakAtZero: true } });
    voteOut(t, 2); // the Mafia leaves on day 1; the Don is the last shooter
    t.turns({ shot: { 1: 7 }, freeze: { 3: 1 } });
    expect(alive(t, 7)).toBe(true);
    expect(t.publicTypes()).toContain("nobody-killed");
  });
  it("§7.6 freezing one of two shooters does not cancel the shot", () => {
    const t = city();
    night(t);
    t.turns({ shot: { 1: 7, 2: 7 }, freeze: { 3: 1 } });
    expect(alive(t, 7)).toBe(false);
  });
  it("§7.6 she may not freeze the same player more than two nights in a row (nor herself)", () => {
    const t = city();
    night(t);
    // (the Maniac kills a Civilian each night so that three quiet rounds do not end the game in a draw)
    t.turns({ freeze: { 3: 8 }, kill: { 6: 10 } });
    morning(t);
    t.speeches();
    t.turns({ freeze: { 3: 8 }, kill: { 6: 9 } });
    morning(t);
    t.speeches();
    t.timeout(); // shot
    expect(t.phase).toBe("night-freeze");
    const targets = (t.view(3).you!.actions.find((a) => a.type === "use") as { targets: { seats: number[] } }).targets.seats;
    expect(targets).toEqual([1, 2, 4, 5, 6, 7]);
    expect(targets).not.toContain(3);
    t.reject(3, t.use(3, 8), "illegal-target");
    t.reject(3, t.use(3, 3), "illegal-target");
    t.act(3, t.use(3, 7));
    for (let i = 0; i < 5; i++) t.timeout();
    t.speeches();
    t.turns({ freeze: { 3: 8 } }); // a break in the streak: 8 again is allowed
  });
  it("§7.6 if Putana is the only black player left she both kills and freezes", () => {
    const t = city({ settings: { breakAtZero: true } });
    voteOut(t, 1); // the Don leaves on day 1
    t.turns({});
    voteOut(t, 2); // the Mafia leaves on day 2
    expect(t.phase).toBe("night-shot");
    expect(t.view(3).you!.actions).toContainEqual(offer("mafia-shot", [3, 4, 5, 6, 7, 8, 9, 10], true));
    t.turns({ shot: { 3: 7 }, freeze: { 3: 4 } });
    expect(alive(t, 7)).toBe(false);
  });
  it("§7.6 Putana does not shoot while the Don or a Mafia lives", () => {
    const t = city();
    night(t);
    t.reject(3, t.use(3, 7), "not-allowed");
  });
  it("§7.6 Putana's freeze is private to her; the town sees no sign of it", () => {
    const t = city();
    night(t);
    t.turns({ freeze: { 3: 9 } });
    expect(t.seen(3, "froze")).toEqual([["froze", { by: 3, target: 9, night: 1 }]]);
    for (const s of [1, 2, 4, 5, 6, 7, 8, 9, 10]) expect(t.seen(s, "froze")).toEqual([]);
    expect(JSON.stringify(t.spectator())).not.toContain("froze");
  });
});

describe("§7.6 the Doctor heals", () => {
  it("§7.6 a heal cancels the mafia's kill", () => {
    const t = city();
    night(t);
    t.turns({ shot: { 1: 7, 2: 7 }, heal: { 5: 7 } });
    expect(alive(t, 7)).toBe(true);
  });
  it("§7.6 a heal cancels the Maniac's kill", () => {
    const t = city();
    night(t);
    t.turns({ heal: { 5: 8 }, kill: { 6: 8 } });
    expect(alive(t, 8)).toBe(true);
  });
  it("§7.6 a heal cancels Putana's freeze: a healed frozen Commissar still checks", () => {
    const t = city();
    night(t);
    t.turns({ freeze: { 3: 4 }, heal: { 5: 4 }, check: { 4: 2 } });
    expect(t.view(4).you!.checks).toEqual([{ target: 2, night: 1, result: "black" }]);
    expect(t.seen(4, "frozen")).toEqual([]);
  });
  it("§7.6 the Doctor heals anyone, himself included, but not the same player two nights in a row", () => {
    const t = city();
    night(t);
    t.turns({ heal: { 5: 5 } });
    t.speeches();
    t.timeout(); t.timeout();
    expect(t.phase).toBe("night-heal");
    const targets = (t.view(5).you!.actions.find((a) => a.type === "use") as { targets: { seats: number[] } }).targets.seats;
    expect(targets).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 10]);
    t.reject(5, t.use(5, 5), "illegal-target");
  });
  it("§7.6 heal, frozen, heal is allowed", () => {
    const t = city();
    night(t);
    t.turns({ heal: { 5: 7 }, kill: { 6: 10 } });
    morning(t);
    t.speeches();
    t.turns({ freeze: { 3: 5 }, heal: { 5: 8 }, kill: { 6: 9 } }); // frozen: this heal does not count
    morning(t);
    t.speeches();
    t.turns({ heal: { 5: 7 } }); // 7 again is allowed
    t.speeches();
    t.turns({ shot: { 1: 8, 2: 8 }, heal: { 5: 8 } }); // and 8, whose heal was frozen
    expect(alive(t, 8)).toBe(true);
  });
  it("§3 decision: the Doctor learns nothing extra — only his own choice, never whether it saved anyone", () => {
    const t = city();
    night(t);
    t.turns({ shot: { 1: 7, 2: 7 }, heal: { 5: 7 } });
    const mine = t.view(5).log.filter((e) => !["night-fell", "night-turn", "nobody-killed", "day-started", "speech-started"].includes(e.type) && e.day === 1 && e.seq > 0).map((e) => e.type);
    expect(mine.filter((x) => !["seats-drawn", "dealing-started", "card-taken", "role-dealt", "roles-dealt", "no-candidates"].includes(x))).toEqual(["healed"]);
    expect(t.seen(7, "healed")).toEqual([]);
  });
});

describe("§7.6 the Commissar checks red/black; the Don checks for the Commissar", () => {
  it("§3 Don, Mafia and Putana show black; Doctor and Civilians red; decision: the solo Maniac shows black", () => {
    const results: Record<number, string> = {};
    for (const target of [1, 2, 3, 5, 6, 7]) {
      const t = city();
      night(t);
      t.turns({ check: { 4: target } });
      for (const c of t.view(4).you!.checks) results[c.target] = c.result;
    }
    expect(results).toEqual({ 1: "black", 2: "black", 3: "black", 5: "red", 6: "black", 7: "red" });
  });
  it("§3 with the Maniac set red he shows red", () => {
    const t = city({ settings: { maniac: "red" } });
    night(t);
    t.turns({ check: { 4: 6 } });
    expect(t.view(4).you!.checks).toEqual([{ target: 6, night: 1, result: "red" }]);
  });
  it("§7.6 the Don's check, last: 'commissar' or 'not-commissar', private to the Don", () => {
    const t = city();
    night(t);
    t.turns({ don: { 1: 4 } });
    t.speeches();
    t.turns({ don: { 1: 6 } });
    expect(t.view(1).you!.checks).toEqual([{ target: 4, night: 1, result: "commissar" }, { target: 6, night: 2, result: "not-commissar" }]);
    for (const s of [2, 3, 4, 5, 6]) expect(t.view(s).you!.checks).toEqual([]);
    expect(JSON.stringify(t.spectator().log)).not.toContain("checked");
  });
  it("§2.10 as sport: nobody checks himself or a player already checked", () => {
    const t = city();
    night(t);
    t.turns({ check: { 4: 7 } });
    t.speeches();
    t.timeout(); t.timeout(); t.timeout();
    expect(t.phase).toBe("night-check");
    t.reject(4, t.use(4, 7), "illegal-target");
    t.reject(4, t.use(4, 4), "illegal-target");
  });
  it("§2.10 decision as sport: a player killed tonight still makes tonight's check", () => {
    const t = city();
    night(t);
    t.turns({ shot: { 1: 4, 2: 4 }, check: { 4: 2 } });
    expect(alive(t, 4)).toBe(false);
    expect(t.view(4).you!.checks).toEqual([{ target: 2, night: 1, result: "black" }]);
  });
});

describe("§7.6 the Maniac kills anyone or abstains, never himself", () => {
  it("§7.6 the Maniac kills anyone but himself", () => {
    const t = city();
    night(t);
    t.timeout(); t.timeout(); t.timeout(); t.timeout();
    expect(t.phase).toBe("night-kill");
    t.reject(6, t.use(6, 6), "illegal-target");
    t.act(6, t.use(6, 1));
    t.timeout(); // the Don's check turn still runs
    t.timeout();
    expect(alive(t, 1)).toBe(false);
    expect(t.seen(6, "kill-chosen")).toEqual([["kill-chosen", { by: 6, target: 1, night: 1 }]]);
    expect(t.seen(1, "kill-chosen")).toEqual([]);
  });
  it("§7.6 he may abstain: nobody dies by his hand", () => {
    const t = city();
    night(t);
    t.turns({});
    expect(t.living().length).toBe(10);
  });
  it("§7.6 the Maniac and the mafia on the same player: one death", () => {
    const t = new Table({ preset: "city", roles: CITY10 });
    night(t);
    t.turns({ shot: { 1: 8, 2: 8 }, kill: { 6: 8 } });
    expect(t.spectator().log.filter((e) => e.type === "killed").map((e) => e.data)).toEqual([{ seat: 8 }]);
  });
});
