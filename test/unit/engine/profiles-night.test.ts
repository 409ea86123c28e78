/**
 * RULES.md §5.3 night resolution and §5.6 the role catalogue (issue 16), as scenarios on the Custom
 * profile with chosen seats (profiles-helpers.ts). Each reads as a game record: who chose what in which
 * step, then the public morning and each owner's private result; where the rule is about the order of
 * the resolution, the night's "why" kept in the state (issue 16) is read too.
 */
import { describe, expect, it } from "vitest";
import { alive, killedLast, night, nightBy, offeredTo, profileTable, toNight, why } from "./profiles-helpers.ts";
import type { Table } from "./harness.ts";

/** The private results of `seat` of these types, as [type, data]. */
const mine = (t: Table, seat: number, ...types: string[]) => t.seen(seat, ...types);
const tracked = (t: Table, seat: number) => t.view(seat).log.filter((e) => e.type === "tracked" || e.type === "watched").map((e) => e.data);

describe("RULES.md §5.3 blocks and jailings settle first", () => {
  it("§5.3 mutual blocks resolve simultaneously: the Jailer jails the Blocker, the Blocker blocks the Jailer — both are blocked", () => {
    // 1 Mafia, 2 Blocker, 3 Jailer, 4 Tracker, 5 Commissar, 6–9 Civilians.
    const t = profileTable("MBJTKCCCC");
    toNight(t);
    const ran = night(t, { jailer: { 3: 2 }, blocker: { 2: 3 }, mafia: { 1: 6 }, commissar: { 5: 1 }, tracker: { 4: 3 } });
    // Only the dealt roles' steps run (the composition is public), in §5.6 order.
    expect(ran).toEqual(["jailer", "blocker", "mafia", "commissar", "tracker"]);
    expect(why(t, 1).filter((s) => s.kind === "blocked")).toEqual([
      { kind: "blocked", by: 3, ability: "jail", target: 2 },
      { kind: "blocked", by: 2, ability: "block", target: 3 },
    ]);
    // The Jailer was blocked: his jail is no visit, so the Tracker following him sees nobody.
    expect(tracked(t, 4).at(-1)).toMatchObject({ by: 4, target: 3, night: 1, seats: [] });
    expect(killedLast(t)).toEqual([6]);
  });

  it("§5.3 a chain is not a cycle: the Blocker blocks the Jailer, so the Jailer's jail on the Commissar does not land and the Commissar checks", () => {
    const t = profileTable("MBJTKCCCC");
    toNight(t);
    night(t, { jailer: { 3: 5 }, blocker: { 2: 3 }, mafia: { 1: 6 }, commissar: { 5: 1 }, tracker: { 4: 2 } });
    expect(t.view(5).you!.checks).toEqual([{ target: 1, night: 1, result: "black" }]);
    expect(mine(t, 5, "check-frozen")).toEqual([]);
    expect(why(t, 1).slice(0, 2)).toEqual([
      { kind: "cancelled", by: 3, ability: "jail", target: 5 },
      { kind: "blocked", by: 2, ability: "block", target: 3 },
    ]);
    // The Blocker was not blocked: his block is a visit.
    expect(tracked(t, 4).at(-1)).toMatchObject({ target: 2, seats: [3] });
  });

  it("§5.3 cyclic blocks: Jailer → Mistress → Blocker → Jailer — all three are blocked", () => {
    // 1 Mafia, 2 Blocker, 3 Jailer, 4 Mistress, 5 Tracker, 6–9 Civilians.
    const t = profileTable("MBJLTCCCC");
    toNight(t);
    night(t, { jailer: { 3: 4 }, blocker: { 2: 3 }, mistress: { 4: 2 }, mafia: { 1: 6 }, tracker: { 5: 4 } });
    expect(why(t, 1).filter((s) => s.kind === "blocked").map((s) => [s.by, s.target])).toEqual([[3, 4], [2, 3], [4, 2]]);
    expect(tracked(t, 5).at(-1)).toMatchObject({ target: 4, seats: [] });
  });

  it("§5.6 Jailer: the jailed player's move does not happen and ordinary attacks on them are cancelled", () => {
    // 1 Mafia, 2 Maniac, 3 Jailer, 4–8 Civilians.
    const t = profileTable("MXJCCCCC");
    toNight(t);
    night(t, { jailer: { 3: 2 }, mafia: { 1: 4 }, maniac: { 2: 5 } });
    expect(killedLast(t)).toEqual([4]); // the jailed Maniac's kill did not happen
    toNight(t);
    night(t, { jailer: { 3: 5 }, mafia: { 1: 5 } });
    expect(alive(t, 5)).toBe(true);
    // Issue 31.11 (§5.1 decision): the morning names the jailed seat as attacked and survived.
    expect(t.spectator().log.slice(-3).map((e) => e.type)).toEqual(["nobody-killed", "survived", "day-started"]);
  });
});

describe("RULES.md §5.3 attacks against protections", () => {
  it("§5.3 two attacks against one heal: the heal cancels one, the other kills", () => {
    // 1 Mafia, 2 Maniac, 3 Doctor, 4–8 Civilians.
    const t = profileTable("MXHCCCCC");
    toNight(t);
    night(t, { mafia: { 1: 5 }, maniac: { 2: 5 }, doctor: { 3: 5 } });
    expect(killedLast(t)).toEqual([5]);
    expect(why(t, 1).filter((s) => s.kind === "attack")).toEqual([
      { kind: "attack", by: [1], ability: "mafia-shot", target: 5, outcome: "stopped", stoppedBy: 3, stoppedWith: "heal" },
      { kind: "attack", by: [2], ability: "kill", target: 5, outcome: "killed" },
    ]);
    // One attack, one heal: saved.
    toNight(t);
    night(t, { mafia: { 1: 6 }, doctor: { 3: 6 } });
    expect(alive(t, 6)).toBe(true);
  });

  it("§5.6 a Bodyguard dies in his ward's place", () => {
    // 1 Mafia, 2 Maniac, 3 Bodyguard, 4 Doctor, 5–8 Civilians.
    const t = profileTable("MXGHCCCC");
    toNight(t);
    night(t, { mafia: { 1: 5 }, bodyguard: { 3: 5 } });
    expect(killedLast(t)).toEqual([3]);
    expect(alive(t, 5)).toBe(true);
    expect(why(t, 1).filter((s) => s.kind === "attack")).toEqual([
      { kind: "attack", by: [1], ability: "mafia-shot", target: 5, outcome: "stopped", stoppedBy: 3, stoppedWith: "guard" },
      { kind: "attack", by: [1], ability: "mafia-shot", target: 3, outcome: "killed" },
    ]);
  });

  it("§5.6 several attacks need several protections: heal and guard on one ward stop two attacks; the guard, unprotected, dies", () => {
    const t = profileTable("MXGHCCCC");
    toNight(t);
    expect(t.view(3).you!.actions.length).toBe(0); // not the Bodyguard's step yet
    night(t, { mafia: { 1: 5 }, maniac: { 2: 5 }, bodyguard: { 3: 5 }, doctor: { 4: 5 } });
    expect(killedLast(t)).toEqual([3]);
    expect(alive(t, 5)).toBe(true);
  });

  it("§5.6 a guard protected himself survives the hit he takes; the Bodyguard cannot guard himself", () => {
    const t = profileTable("MXGHCCCC");
    toNight(t);
    let guarded: number[] = [];
    night(t, { mafia: { 1: 5 }, doctor: { 4: 3 } });
    toNight(t);
    nightBy(t, (step) => {
      if (step === "mafia") t.act(1, t.use(1, 6));
      if (step === "bodyguard") { guarded = offeredTo(t, 3); t.act(3, t.use(3, 6)); }
      if (step === "doctor") t.act(4, t.use(4, 3));
    });
    expect(guarded).not.toContain(3);
    expect(alive(t, 3)).toBe(true);
    expect(alive(t, 6)).toBe(true);
  });

  it("§5.6 the Immortal's armour cancels one attack, once a game; a heal is spent first; a block does not disable it", () => {
    // 1 Mafia, 2 Doctor, 3 Immortal, 4 Blocker, 5–8 Civilians.
    const t = profileTable("MHIBCCCC");
    toNight(t);
    night(t, { blocker: { 4: 3 }, mafia: { 1: 3 }, doctor: { 2: 3 } });
    expect(alive(t, 3)).toBe(true);
    expect(why(t, 1).find((s) => s.kind === "attack")).toMatchObject({ outcome: "stopped", stoppedWith: "heal" });
    toNight(t);
    night(t, { blocker: { 4: 3 }, mafia: { 1: 3 } });
    expect(alive(t, 3)).toBe(true);
    expect(why(t, 2).find((s) => s.kind === "attack")).toMatchObject({ outcome: "stopped", stoppedBy: 3, stoppedWith: "armour" });
    toNight(t);
    night(t, { mafia: { 1: 3 } });
    expect(killedLast(t)).toEqual([3]);
  });

  it("§5.6 the Avenger shoots; a heal applies; blocked, he does not shoot", () => {
    // 1 Mafia, 2 Avenger, 3 Blocker, 4 Doctor, 5–9 Civilians.
    const t = profileTable("MVBHCCCCC");
    toNight(t);
    night(t, { avenger: { 2: 5 } });
    expect(killedLast(t)).toEqual([5]);
    toNight(t);
    night(t, { avenger: { 2: 6 }, doctor: { 4: 6 } });
    expect(alive(t, 6)).toBe(true);
    toNight(t);
    night(t, { blocker: { 3: 2 }, avenger: { 2: 7 } });
    expect(alive(t, 7)).toBe(true);
    expect(why(t, 3)).toContainEqual({ kind: "cancelled", by: 2, ability: "avenge", target: 7 });
  });
});

describe("RULES.md §5.6 Doctor and Mistress", () => {
  it("§5.6 a blocked self-heal does not use up the self-heal; a blocked Doctor saves nobody; he is not told he was blocked", () => {
    // 1 Mafia, 2 Blocker, 3 Doctor, 4–8 Civilians.
    const t = profileTable("MBHCCCCC");
    toNight(t);
    night(t, { blocker: { 2: 3 }, mafia: { 1: 4 }, doctor: { 3: 3 } });
    expect(killedLast(t)).toEqual([4]);
    expect(mine(t, 3, "frozen", "check-frozen")).toEqual([]);
    toNight(t);
    let offered: number[] = [];
    nightBy(t, (step) => {
      if (step === "blocker") t.act(2, t.use(2, 5));
      if (step === "mafia") t.act(1, t.use(1, 3));
      if (step === "doctor") { offered = offeredTo(t, 3); t.act(3, t.use(3, 3)); }
    });
    expect(offered).toContain(3); // the blocked self-heal of night 1 did not count
    expect(alive(t, 3)).toBe(true); // night 2: blocked someone else; the self-heal saved him
    toNight(t);
    nightBy(t, (step) => { if (step === "doctor") offered = offeredTo(t, 3); });
    expect(offered).not.toContain(3); // once a game
    // A blocked Doctor saves nobody.
    const u = profileTable("MBHCCCCC");
    toNight(u);
    night(u, { blocker: { 2: 3 }, mafia: { 1: 5 }, doctor: { 3: 5 } });
    expect(killedLast(u)).toEqual([5]);
  });

  it("§5.6 the Mistress dies and her guest dies with her; her guest is safe from attacks and loses their move", () => {
    // 1 Mafia, 2 Mistress, 3 Blocker, 4 Commissar, 5–9 Civilians.
    const t = profileTable("MLBKCCCCC");
    toNight(t);
    night(t, { mistress: { 2: 5 }, mafia: { 1: 2 } });
    expect(killedLast(t)).toEqual([2, 5]);
    expect(why(t, 1)).toContainEqual({ kind: "bond", by: 2, ability: "guest", target: 5 });
    const u = profileTable("MLBKCCCCC");
    toNight(u);
    night(u, { mistress: { 2: 4 }, mafia: { 1: 4 }, commissar: { 4: 1 } });
    expect(alive(u, 4)).toBe(true);
    expect(mine(u, 4, "check-frozen")).toEqual([["check-frozen", { by: 4, target: 1, night: 1 }]]);
    expect(u.view(4).you!.checks).toEqual([]);
  });

  it("§5.6 a blocked Mistress has no meeting: her guest acts, is not protected, and does not die with her", () => {
    const t = profileTable("MLBKCCCCC");
    toNight(t);
    night(t, { blocker: { 3: 2 }, mistress: { 2: 5 }, mafia: { 1: 2 } });
    expect(killedLast(t)).toEqual([2]);
    const u = profileTable("MLBKCCCCC");
    toNight(u);
    night(u, { blocker: { 3: 2 }, mistress: { 2: 4 }, mafia: { 1: 4 }, commissar: { 4: 1 } });
    expect(killedLast(u)).toEqual([4]);
    expect(u.view(4).you!.checks).toEqual([{ target: 1, night: 1, result: "black" }]);
  });
});

describe("RULES.md §5.3 / §5.6 information: checks, Tracker, Watcher, Lawyer", () => {
  it("§5.3 a blocked Tracker is told 'result unavailable', not by whom", () => {
    // 1 Mafia, 2 Blocker, 3 Tracker, 4–8 Civilians.
    const t = profileTable("MBTCCCCC");
    toNight(t);
    night(t, { blocker: { 2: 3 }, mafia: { 1: 5 }, tracker: { 3: 1 } });
    expect(mine(t, 3, "check-frozen", "tracked", "frozen")).toEqual([["check-frozen", { by: 3, target: 1, night: 1 }]]);
    expect(t.view(3).log.some((e) => e.type === "used" && (e.data as { by: number }).by === 2)).toBe(false);
  });

  it("§5.6 a Watcher does not see blocked visitors; the Tracker's result updates as later moves happen, and an unchanged one is not told twice in the morning (issue 38.7)", () => {
    // 1 Mafia, 2 Blocker, 3 Commissar, 4 Doctor, 5 Tracker, 6 Watcher, 7–9 Civilians.
    const t = profileTable("MBKHTWCCC");
    toNight(t);
    night(t, { blocker: { 2: 3 }, mafia: { 1: 7 }, doctor: { 4: 7 }, commissar: { 3: 7 }, tracker: { 5: 6 }, watcher: { 6: 7 } });
    // Visitors of 7: the mafia (1) and the Doctor (4); the blocked Commissar is no visitor.
    expect(tracked(t, 6).at(-1)).toMatchObject({ by: 6, target: 7, night: 1, seats: [1, 4] });
    // The Tracker follows the Watcher, who moves in a later step: nothing, then 7 — and the morning,
    // which changes nothing, tells it no second time (issue 38.7: the line was logged twice, word for
    // word); the morning itself makes it final (web/src/table/nightInfo.ts liveReports).
    expect(tracked(t, 5)).toEqual([
      { by: 5, target: 6, night: 1, seats: [], final: false },
      { by: 5, target: 6, night: 1, seats: [7], final: false },
    ]);
  });

  it("§5.6 a Bodyguard's redirection does not change the attacker's original visit", () => {
    // 1 Mafia, 2 Bodyguard, 3 Watcher, 4 Tracker, 5–8 Civilians.
    const t = profileTable("MGWTCCCC");
    toNight(t);
    night(t, { mafia: { 1: 6 }, bodyguard: { 2: 6 }, tracker: { 4: 1 }, watcher: { 3: 6 } });
    expect(killedLast(t)).toEqual([2]);
    expect(tracked(t, 3).at(-1)).toMatchObject({ target: 6, seats: [1, 2] });
    expect(tracked(t, 4).at(-1)).toMatchObject({ target: 1, seats: [6] });
  });

  it("§5.6 a Lawyer-covered mafioso shows peaceful to the Commissar and as Civilian to the Agent; his visits stay", () => {
    // 1 Mafia, 2 Lawyer, 3 Commissar, 4 Agent, 5 Tracker, 6–9 Civilians.
    const t = profileTable("MYKATCCCC");
    toNight(t);
    let cover: number[] = [];
    nightBy(t, (step) => {
      if (step === "mafia") t.act(1, t.use(1, 6));
      if (step === "lawyer") { cover = offeredTo(t, 2); t.act(2, t.use(2, 1)); }
      if (step === "commissar") t.act(3, t.use(3, 1));
      if (step === "agent") t.act(4, t.use(4, 1));
      if (step === "tracker") t.act(5, t.use(5, 1));
    });
    expect(cover).toEqual([1]); // a black ally only, never himself
    expect(t.view(3).you!.checks).toEqual([{ target: 1, night: 1, result: "red" }]);
    expect(t.view(4).you!.checks).toEqual([{ target: 1, night: 1, result: "civilian" }]);
    expect(tracked(t, 5).at(-1)).toMatchObject({ target: 1, seats: [6] });
    // Uncovered, the same checks tell the truth.
    const u = profileTable("MYKATCCCC");
    toNight(u);
    night(u, { mafia: { 1: 6 }, commissar: { 3: 1 }, agent: { 4: 2 } });
    expect(u.view(3).you!.checks).toEqual([{ target: 1, night: 1, result: "black" }]);
    expect(u.view(4).you!.checks).toEqual([{ target: 2, night: 1, result: "lawyer" }]);
  });

  it("§5.6 the Don's check: result only to the Don, at once; a block cancels it", () => {
    // 1 Don, 2 Mafia, 3 Commissar, 4 Jailer, 5–9 Civilians.
    const t = profileTable("DMKJCCCCC");
    toNight(t);
    night(t, { jailer: { 4: 1 }, mafia: { 1: 6, 2: 6 }, "don-check": { 1: 3 } });
    expect(mine(t, 1, "checked", "check-frozen")).toEqual([["check-frozen", { by: 1, target: 3, night: 1 }]]);
    toNight(t);
    night(t, { mafia: { 1: 7, 2: 7 }, "don-check": { 1: 3 } });
    expect(t.view(1).you!.checks).toEqual([{ target: 3, night: 2, result: "commissar" }]);
    for (const s of [2, 3, 4]) expect(t.view(s).log.some((e) => e.type === "checked")).toBe(false);
  });
});
