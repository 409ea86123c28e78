/**
 * Issue 18, preset `club` (RULES.md §6, seed 003): scenario tests that read like a game record — seats,
 * inputs, and what the table and each player see. Layouts (club-helpers.ts): CLUB = 1 Boss, 2–3 Mafia;
 * 4 Commissar, 5 Doctor; 6 Maniac; 7–12 Civilians. ALL adds 7 Curser, 8 Swindler, 9 Werewolf,
 * 10 Kamikaze, 11 Witness, 12 Civilian.
 */
import { describe, expect, it } from "vitest";
import { apply, createGame, firstEliminated, getPreset, listPresets, seatRange, startRefusal, viewFor } from "../../../shared/engine/index.ts";
import type { HostAction, Seat } from "../../../shared/engine/types.ts";
import { playGame } from "../../../shared/bots/index.ts";
import { ALL, CLUB, byCandidate, club, countsOf, next, night, nominate, publicLog, question, seatOf, speeches } from "./club-helpers.ts";
import type { Table } from "./harness.ts";

function host(t: Table, action: HostAction): void {
  const r = apply(t.state, { kind: "host", action }, t.now);
  if (!r.ok) throw new Error(`host ${JSON.stringify(action)} rejected: ${r.rejection.code}`);
  t.state = r.state;
  t.events.push(...r.events);
}

/** Day 1 up to the defence: speeches nominating `counts`, then the candidates' defence speeches end. */
function toDefenceEnd(t: Table, counts: Record<number, number>): Seat[] {
  speeches(t, nominate(t, counts));
  const defended: Seat[] = [];
  while (t.phase === "defence") {
    expect(t.left()).toBe(30_000);
    defended.push(t.speaker!);
    t.end(t.speaker!);
  }
  return defended;
}

/** Everyone living votes "yes" to "expel anyone at all?" (day 1). */
function expelAnyone(t: Table): void {
  expect(t.phase).toBe("expel-anyone");
  question(t, t.living());
}

describe("RULES.md §6 composition", () => {
  it("RULES.md §6 composition: the creator's counts of each role are the settings (12–15 seats, Civilians fill the rest); no Boss or a start at parity is refused; listed", () => {
    const info = getPreset("club")!;
    expect(info.seats).toEqual({ min: 12, max: 15 });
    expect(listPresets().map((p) => p.id)).toContain("club");
    expect(info.roleCounts).toEqual(["boss", "mafia", "commissar", "doctor", "kamikaze", "witness", "maniac", "curser", "swindler", "werewolf"]);
    expect(info.settings.map((s) => [s.key, s.kind, s.default])).toEqual([
      ["boss", "integer", 1], ["mafia", "integer", 2], ["commissar", "integer", 1], ["doctor", "integer", 1], ["kamikaze", "integer", 0],
      ["witness", "integer", 0], ["maniac", "integer", 1], ["curser", "integer", 0], ["swindler", "integer", 0], ["werewolf", "integer", 0],
    ]);
    expect(startRefusal("club", {}, 11)).toMatch(/12–15/);
    expect(startRefusal("club", {}, 12)).toBeNull();
    expect(startRefusal("club", { boss: 0, mafia: 3 }, 12)).toMatch(/Boss/);
    // §6 "no start at parity": 6 black against 6 red at 12 (solo players not counted).
    expect(startRefusal("club", { mafia: 5, maniac: 1 }, 12)).toMatch(/as large as the red/);
    expect(startRefusal("club", { mafia: 5, maniac: 1 }, 13)).toMatch(/as large as the red/);
    expect(startRefusal("club", { mafia: 5, maniac: 1 }, 14)).toBeNull();
    expect(seatRange("club", { mafia: 5, maniac: 1 })).toEqual({ min: 14, max: 15 });
    expect(startRefusal("club", { mafia: 6, commissar: 1, doctor: 1, kamikaze: 1, witness: 1, maniac: 1, curser: 1, swindler: 1, werewolf: 1 }, 13)).toMatch(/more than the seats/);
  });

  it("RULES.md §6 composition: announced to the table as counts at the start; at the end the table sees seat — role — nick", () => {
    const t = club({ roles: ALL });
    expect(publicLog(t, "composition")).toEqual([["composition", { counts: { boss: 1, mafia: 2, commissar: 1, doctor: 1, kamikaze: 1, witness: 1, maniac: 1, curser: 1, swindler: 1, werewolf: 1, civilian: 1 } }]]);
    t.control({ type: "abort", reason: "server-error" });
    const roles = (publicLog(t, "roles-revealed")[0]![1] as { roles: Array<{ seat: number; nickname: string; role: string }> }).roles;
    const nick = (seat: number) => t.spectator().seats[seat - 1]!.nickname;
    expect(roles.slice(0, 3).map((r) => [r.seat, r.role, r.nickname])).toEqual([[1, "boss", nick(1)], [2, "mafia", nick(2)], [3, "mafia", nick(3)]]);
  });
});

describe("RULES.md §6.1 acquaintance", () => {
  it("RULES.md §6.1 acquaintance: the active roles wake in turn (only those dealt), the Boss and the Mafia together and by sight; nobody acts", () => {
    const t = club({ stopAt: "acquaintance" });
    expect(t.view(2).you!.teammates).toEqual([1, 3]);
    expect(t.view(1).floor.channels).toEqual([{ id: "black-team", speakers: [], video: [1, 2, 3], listeners: [1, 2, 3] }]);
    expect(t.view(4).floor.channels).toEqual([]);
    for (const seat of [1, 2, 4, 5, 6, 7]) expect(t.view(seat).you!.actions).toEqual([]);
    t.reject(1, { type: "shooting-plan", plan: [7] }, "not-allowed");
    while (t.phase === "acquaintance") { expect(t.left()).toBe(10_000); t.timeout(); }
    expect(publicLog(t, "night-turn").map(([, d]) => (d as { step: string }).step)).toEqual(["mafia", "maniac", "commissar", "doctor"]);
    expect(t.phase).toBe("free-talk");
  });

  it("RULES.md §6.1 the Witness learns one random black seat other than the Boss, privately, at his wake", () => {
    const t = club({ roles: ALL });
    expect(publicLog(t, "night-turn").map(([, d]) => (d as { step: string }).step)).toEqual(["mafia", "maniac", "curser", "swindler", "commissar", "doctor", "witness"]);
    const seen = t.seen(11, "witnessed");
    expect(seen).toHaveLength(1);
    expect([2, 3]).toContain((seen[0]![1] as { target: number }).target);
    for (const seat of [1, 2, 4, 12]) expect(t.seen(seat, "witnessed")).toEqual([]);
    expect(publicLog(t, "witnessed")).toEqual([]);
    // The seat is his knowledge, not a card shown: the view shows no role there.
    expect(t.view(11).seats[1]!.role).toBeUndefined();
    // With the Boss the only black card, the Witness learns nothing (decision).
    const lone = club({ roles: "OKHXNCCCCCCC" });
    expect(lone.seen(5, "witnessed")).toEqual([]);
  });
});

describe("RULES.md §6.2–§6.3 the night and the morning", () => {
  it("RULES.md §6.2 night order: the Boss checks alone → Boss and Mafia (the Boss decides) → Maniac → Curser → Swindler → Commissar → Doctor; the mafia's step is theirs alone", () => {
    const t = club({ roles: ALL });
    speeches(t);
    expect(t.phase).toBe("night-don-check");
    // (1) the Boss alone checks a living player for the Commissar; nobody else acts.
    expect(t.view(1).you!.actions.map((a) => a.type === "use" && a.ability)).toEqual(["don-commissar-check"]);
    expect(t.view(2).you!.actions).toEqual([]);
    expect(t.view(1).floor.channels).toEqual([]);
    t.act(1, { type: "use", ability: "don-commissar-check", targets: [4] });
    expect(t.seen(1, "checked")).toEqual([["checked", { by: 1, target: 4, night: 1, kind: "don-commissar", result: "commissar" }]]);
    next(t);
    // (2) the only joint waking: the Boss and the Mafia (not the Werewolf, not the Maniac).
    expect(t.phase).toBe("night-shot");
    expect(t.view(2).floor.channels).toEqual([{ id: "black-team", speakers: [1, 2, 3], video: [1, 2, 3], listeners: [1, 2, 3] }]);
    const shot = t.view(1).you!.actions.find((a) => a.type === "use")!;
    expect(shot).toMatchObject({ ability: "mafia-shot", skip: false }); // "must shoot": no skip
    t.reject(1, { type: "skip", ability: "mafia-shot" }, "not-allowed");
    t.act(2, { type: "use", ability: "mafia-shot", targets: [12] });
    t.act(1, { type: "use", ability: "mafia-shot", targets: [4] }); // the Boss decides
    const steps = ["mafia", ...night(t, { maniac: 10, heal: 4 }).slice(1)];
    expect(steps).toEqual(["mafia", "maniac", "curser", "swindler", "commissar", "doctor"]);
    // The Boss's choice was the shot (on 4, healed); the Maniac's kill on the Kamikaze took the Maniac along.
    expect(publicLog(t, "killed")).toEqual([["killed", { seat: 6 }], ["killed", { seat: 10 }]]);
  });

  it("RULES.md §6.2 the Boss and the Commissar check living players only; the Commissar sees the Maniac and the Curser black", () => {
    const t = club({ roles: ALL });
    speeches(t);
    night(t, { mafia: { 1: 12 }, check: 6 });
    expect(t.seen(4, "checked").map(([, d]) => d.result)).toEqual(["black"]);
    expect(t.living()).not.toContain(12);
    t.endSpeeches("last-words");
    speeches(t);
    expect(t.phase).toBe("night-don-check");
    const boss = t.view(1).you!.actions.find((a) => a.type === "use")!;
    expect(boss.type === "use" && boss.targets.seats).not.toContain(12);
    night(t, { mafia: { 1: 11 }, check: 7 });
    expect(t.seen(4, "checked").map(([, d]) => d.result)).toEqual(["black", "black"]);
  });

  it("RULES.md §6.2 the Doctor: never the same player two nights running, himself once a game, and he does not save from a curse", () => {
    const t = club({ roles: ALL });
    speeches(t);
    night(t, { mafia: { 1: 12 }, curse: 4, heal: 4 });
    // The curse is announced; the heal did not lift it (the curse is no attack: nobody died of it).
    expect(publicLog(t, "cursed")).toEqual([["cursed", { seat: 4 }]]);
    t.endSpeeches("last-words");
    speeches(t);
    night(t, { mafia: { 1: 11 } });
    expect(t.phase).toBe("last-words");
    t.endSpeeches("last-words");
    speeches(t);
    // Night 2 the Doctor skipped; night 3 he heals himself once…
    const steps = (): Seat[] => { const a = t.view(5).you!.actions.find((x) => x.type === "use"); return a && a.type === "use" ? a.targets.seats : []; };
    night(t, { mafia: { 1: 10 }, heal: 5 });
    t.endSpeeches("last-words");
    speeches(t);
    // …then never again himself, nor the same player two nights running.
    while (t.phase !== "night-heal") next(t);
    expect(steps()).not.toContain(5);
    t.act(5, { type: "use", ability: "heal", targets: [4] });
    next(t);
    t.endSpeeches("last-words");
    speeches(t);
    while (t.phase !== "night-heal") next(t);
    expect(steps()).not.toContain(4);
    expect(steps()).not.toContain(5);
  });

  it("RULES.md §6.3 morning: the night's events, then the Commissar's and the Boss's checks to the whole table, naming the checking role, never the checker's seat", () => {
    const t = club();
    speeches(t);
    night(t, { boss: 5, mafia: { 1: 12 }, check: 2 });
    const morning = t.spectator().log.filter((e) => ["killed", "left", "role-revealed", "check-announced"].includes(e.type)).map((e) => [e.type, e.data]);
    expect(morning).toEqual([
      ["killed", { seat: 12 }], ["left", { seat: 12, how: "killed" }], ["role-revealed", { seat: 12, role: "civilian", team: "red" }],
      ["check-announced", { checker: "boss", target: 5, answer: "not-commissar" }],
      ["check-announced", { checker: "commissar", target: 2, answer: "black" }],
    ]);
    // §6.5 last words 30 s for the night's dead too (decision).
    expect(t.phase).toBe("last-words");
    expect(t.left()).toBe(30_000);
  });
});

describe("RULES.md §6.4 the day", () => {
  it("RULES.md §6.4 balagan 1 min on day 1, 2 min later; speeches 30 s, the last speaker 45 s; one or two nominations, never oneself; 'thank you' ends early", () => {
    const t = club();
    expect(t.phase).toBe("free-talk");
    expect(t.left()).toBe(60_000);
    expect(t.view(7).floor.channels[0]!.speakers).toEqual(t.living());
    t.timeout();
    const lengths: number[] = [];
    while (t.phase === "speech") {
      const sp = t.speaker!;
      lengths.push(t.left());
      if (sp === 1) {
        const nom = t.view(1).you!.actions.find((a) => a.type === "nominate")!;
        expect(nom.type === "nominate" && nom.targets).not.toContain(1);
        t.act(1, { type: "nominate", target: 7 });
        t.reject(1, { type: "nominate", target: 7 }, "illegal-target");
        t.act(1, { type: "nominate", target: 8 });
        t.reject(1, { type: "nominate", target: 9 }, "already-acted");
      }
      t.end(sp);
    }
    expect(lengths).toEqual([...Array(11).fill(30_000), 45_000]);
    expect(publicLog(t, "nominated")).toEqual([["nominated", { by: 1, target: 7 }], ["nominated", { by: 1, target: 8 }]]);
    // Day 2's balagan: 2 min.
    t.endSpeeches("defence");
    question(t, []);
    night(t, { mafia: { 1: 12 } });
    t.endSpeeches("last-words");
    expect(t.phase).toBe("free-talk");
    expect(t.left()).toBe(120_000);
  });

  it("RULES.md §6.4 'under a foul': 30 s more of one's speech for a foul, at most twice a game", () => {
    const t = club();
    t.timeout();
    expect(t.speaker).toBe(1);
    expect(t.view(1).you!.actions).toContainEqual({ type: "under-foul", left: 2 });
    t.reject(2, { type: "under-foul" }, "not-your-turn");
    t.now += 10_000;
    t.act(1, { type: "under-foul" });
    expect(t.left()).toBe(50_000 - 100);
    expect(publicLog(t, "fouled")).toEqual([["fouled", { seat: 1, fouls: 1, cause: "under-foul" }]]);
    t.act(1, { type: "under-foul" });
    expect(t.view(1).you!.actions.some((a) => a.type === "under-foul")).toBe(false);
    t.reject(1, { type: "under-foul" }, "already-acted");
    expect(t.spectator().seats[0]!.fouls).toBe(2);
  });
});

describe("RULES.md §6.5 candidates for defence", () => {
  for (const [name, counts, expected] of [
    ["5/4 → both", { 7: 5, 8: 4, 9: 1 }, [7, 8]],
    ["5/5 → both", { 7: 5, 8: 5 }, [7, 8]],
    ["5/5/1 → three (the one nomination is the second most)", { 7: 5, 8: 5, 9: 1 }, [7, 8, 9]],
    ["5/4/4 → three", { 7: 5, 8: 4, 9: 4, 10: 1 }, [7, 8, 9]],
  ] as const) {
    it(`RULES.md §6.5 candidate tiers ${name}: the most and the second most nominated defend, 30 s each`, () => {
      const t = club();
      expect(toDefenceEnd(t, counts)).toEqual(expected);
      expect(publicLog(t, "candidates")).toEqual([["candidates", { seats: expected }]]);
    });
  }

  it("RULES.md §6.5 more than four candidates: nobody leaves, night falls", () => {
    const t = club();
    speeches(t, nominate(t, { 7: 3, 8: 2, 9: 2, 10: 2, 11: 2 }));
    expect(publicLog(t, "too-many-candidates")).toEqual([["too-many-candidates", { seats: [7, 8, 9, 10, 11] }]]);
    expect(t.phase).toBe("night-don-check");
  });

  it("RULES.md §6.5 no nominations, no candidacy", () => {
    const t = club();
    speeches(t);
    expect(publicLog(t, "no-candidates")).toHaveLength(1);
    expect(t.phase).toBe("night-don-check");
  });

  it("RULES.md §6.5 raised hands by candidate: candidates vote too, one hand each, no automatic vote; the eliminated is revealed and gets 30 s of last words", () => {
    const t = club();
    toDefenceEnd(t, { 7: 5, 8: 4 });
    expelAnyone(t);
    expect(t.phase).toBe("voting");
    expect(t.spectator().ballot).toMatchObject({ mode: "open", candidates: [7, 8], calling: 7 });
    // 7 votes against 8, 8 against 7; hands against 7: 1, 2, 8, 9; against 8: 3, 7; the rest keep their hands down.
    const called = byCandidate(t, { 1: 7, 2: 7, 8: 7, 9: 7, 3: 8, 7: 8 });
    expect(called).toEqual([7, 8]);
    const counted = publicLog(t, "vote-counted")[0]![1] as { ballots: Array<{ auto: boolean }>; tally: unknown };
    expect(counted.tally).toEqual([{ seat: 7, votes: 4 }, { seat: 8, votes: 2 }]);
    expect(counted.ballots.every((b) => !b.auto)).toBe(true);
    expect(publicLog(t, "left", "role-revealed")).toEqual([["left", { seat: 7, how: "voted-out" }], ["role-revealed", { seat: 7, role: "civilian", team: "red" }]]);
    expect(t.phase).toBe("last-words");
    expect(t.speaker).toBe(7);
    expect(t.left()).toBe(30_000);
    expect(t.view(4).seats[6]!.role).toBe("civilian");
  });
});

describe("RULES.md §6.6 the first day", () => {
  it("RULES.md §6.6 day 1 'by right of the first round': after the defence the table is asked whether to expel anyone at all; without a majority night falls with no victim", () => {
    const t = club();
    toDefenceEnd(t, { 7: 5, 8: 4 });
    expect(t.phase).toBe("expel-anyone");
    expect(t.spectator().ballot).toMatchObject({ kind: "lift", candidates: [7, 8], needed: 7 });
    question(t, [1, 2, 3, 4, 5, 6], [7, 8]);
    expect(publicLog(t, "lift-counted")).toEqual([["lift-counted", expect.objectContaining({ inFavour: 6, needed: 7, passed: false, question: "expel-anyone" })]]);
    expect(t.phase).toBe("night-don-check");
    expect(t.living()).toHaveLength(12);
  });

  it("RULES.md §6.6 a later day has no such question: the defence goes straight to the hands", () => {
    const t = club();
    speeches(t);
    night(t, { mafia: { 1: 12 } });
    t.endSpeeches("last-words");
    toDefenceEnd(t, { 7: 5, 8: 4 });
    expect(t.phase).toBe("voting");
  });
});

describe("RULES.md §6.7 the car crash", () => {
  it("RULES.md §6.7 two tied: 'expel both?' — a majority of the living: both revealed and out", () => {
    const t = club();
    toDefenceEnd(t, { 7: 5, 8: 4 });
    expelAnyone(t);
    byCandidate(t, { 1: 7, 2: 7, 3: 8, 4: 8 });
    expect(publicLog(t, "tie")).toEqual([["tie", { seats: [7, 8] }]]);
    expect(t.phase).toBe("expel-both");
    question(t, [1, 2, 3, 4, 5, 6, 9]);
    expect(publicLog(t, "left")).toEqual([["left", { seat: 7, how: "voted-out" }], ["left", { seat: 8, how: "voted-out" }]]);
    expect(publicLog(t, "role-revealed")).toHaveLength(2);
    expect(t.phase).toBe("last-words");
  });

  it("RULES.md §6.7 two tied and no majority for 'expel both?': nobody leaves, night falls", () => {
    const t = club();
    toDefenceEnd(t, { 7: 5, 8: 4 });
    expelAnyone(t);
    byCandidate(t, { 1: 7, 3: 8 });
    question(t, [1, 2, 3, 4, 5, 6]);
    expect(t.living()).toHaveLength(12);
    expect(t.phase).toBe("night-don-check");
  });

  it("RULES.md §6.7 three or four: the fewest hands drop out, the rest speak again and the hands are raised again; a tie of two then is 'expel both?'", () => {
    const t = club();
    toDefenceEnd(t, { 7: 5, 8: 4, 9: 4 });
    expelAnyone(t);
    byCandidate(t, { 1: 7, 2: 7, 3: 8, 4: 8, 5: 9 });
    expect(publicLog(t, "dropped")).toEqual([["dropped", { seats: [9], left: [7, 8] }]]);
    const again: Seat[] = [];
    while (t.phase === "defence") { expect(t.left()).toBe(30_000); again.push(t.speaker!); t.end(t.speaker!); }
    expect(again).toEqual([7, 8]);
    expect(t.phase).toBe("revote");
    byCandidate(t, { 1: 7, 3: 8 });
    expect(t.phase).toBe("expel-both");
  });

  it("RULES.md §6.7 decision: several sharing the fewest all drop unless fewer than two would be left; all tied is a car crash among them", () => {
    const t = club();
    toDefenceEnd(t, { 7: 5, 8: 4, 9: 4 });
    expelAnyone(t);
    byCandidate(t, { 1: 7, 2: 8, 3: 9 });
    expect(publicLog(t, "dropped")).toEqual([]);
    expect(publicLog(t, "tie")).toEqual([["tie", { seats: [7, 8, 9] }]]);
    expect(t.phase).toBe("expel-both");
  });
});

describe("RULES.md §6.8 the end", () => {
  it("RULES.md §6.8 red wins when every black card, the Maniac included, has left", () => {
    const t = club({ roles: "OKHXCCCCCCCC" });
    toDefenceEnd(t, { 1: 5, 4: 1 });
    expelAnyone(t);
    byCandidate(t, { 2: 1, 3: 1, 5: 1 });
    expect(t.result()).toBeNull(); // the Maniac still sits
    t.endSpeeches("last-words");
    night(t, {});
    expect(t.result()).toBeNull();
    toDefenceEnd(t, { 4: 5 });
    byCandidate(t, { 2: 4, 3: 4 });
    expect(t.result()).toMatchObject({ winner: "red", reason: "town-eliminated-all" });
  });

  it("RULES.md §6.8 black wins at parity; solo players are not counted", () => {
    const t = club({ roles: "OMMMMXKCCCCC" });
    // black 5 (1–5), solo Maniac 6, red 6 (7–12): the night's kill of a red player → 5 black vs 5 red.
    speeches(t);
    night(t, { mafia: { 1: 12 } });
    expect(t.result()).toMatchObject({ winner: "black", reason: "mafia-parity" });
  });

  it("RULES.md §6.8 the Maniac wins as the last active player (decision: the last one, or one of the last two)", () => {
    // A whole game by bots where the Maniac is one of the last two: found among seeded games.
    let found = false;
    for (let g = 0; g < 200 && !found; g++) {
      const game = playGame({ presetId: "club", seats: 12, seed: `maniac-${g}`, bots: "heuristic" });
      const s = game.state as unknown as { result: { winner: string; reason: string }; players: Array<{ alive: boolean; role: string }> };
      if (s.result.reason !== "maniac-last-standing") continue;
      found = true;
      expect(s.result.winner).toBe("solo");
      const living = s.players.filter((p) => p.alive);
      expect(living.length).toBeLessThanOrEqual(2);
      expect(living.some((p) => p.role === "maniac")).toBe(true);
    }
    expect(found).toBe(true);
  });

  it("RULES.md §6.8 the Curser wins when only he and those he cursed remain; while he sits at the table red cannot win", () => {
    const t = club({ roles: "OKHRCCCCCCCC" });
    // Night 1: the Curser curses 5; the Boss (seat 1) is voted out on day 2 — black is gone, yet red has not won.
    speeches(t);
    night(t, { curse: 5, mafia: { 1: 12 } });
    t.endSpeeches("last-words");
    toDefenceEnd(t, { 1: 5, 2: 1 });
    byCandidate(t, { 2: 1, 3: 1, 4: 1, 5: 1 });
    expect(t.living()).not.toContain(1);
    expect(t.result()).toBeNull();
    expect(t.hostView().seats.filter((s) => s.alive && s.team === "black")).toEqual([]);
  });

  it("RULES.md §6.8 the Curser's win: only he and the players he cursed are left", () => {
    // 1 Boss, 2 Commissar, 3 Doctor, 4 Curser, 5–12 Civilians. Each night the Curser curses, the Boss kills an uncursed player.
    const t = club({ roles: "OKHRCCCCCCCC" });
    for (const [curse, kill] of [[5, 2], [6, 3], [7, 12], [8, 11], [9, 10]] as const) {
      speeches(t);
      night(t, { curse, mafia: { 1: kill } });
      expect(t.result()).toBeNull();
      t.endSpeeches("last-words");
    }
    expect(publicLog(t, "cursed").map(([, d]) => (d as { seat: number }).seat)).toEqual([5, 6, 7, 8, 9]);
    // Day 6: the town votes the Boss out — only the Curser and the cursed are left.
    toDefenceEnd(t, { 1: 5 });
    byCandidate(t, { 5: 1, 6: 1, 7: 1 });
    expect(t.result()).toMatchObject({ winner: "solo", reason: "curser-cursed-all" });
  });

  it("RULES.md §6.8 Kamikaze: when the Maniac's kill lands on him both leave; a heal saves both", () => {
    const saved = club({ roles: ALL });
    speeches(saved);
    night(saved, { mafia: { 1: 12 }, maniac: 10, heal: 10 });
    expect(publicLog(saved, "killed")).toEqual([["killed", { seat: 12 }]]);
    const t = club({ roles: ALL });
    speeches(t);
    night(t, { mafia: { 1: 12 }, maniac: 10 });
    expect(publicLog(t, "killed")).toEqual([["killed", { seat: 6 }], ["killed", { seat: 10 }], ["killed", { seat: 12 }]]);
    expect(publicLog(t, "role-revealed").map(([, d]) => (d as { role: string }).role)).toEqual(["maniac", "kamikaze", "civilian"]);
  });

  it("RULES.md §6.8 the Werewolf: the mafia's kill turns him black — he joins the black team, and wins with it", () => {
    const t = club({ roles: ALL });
    speeches(t);
    night(t, { mafia: { 1: 9 }, check: 9 });
    expect(publicLog(t, "killed")).toEqual([]);
    expect(publicLog(t, "nobody-killed")).toHaveLength(1);
    expect(publicLog(t, "turned")).toEqual([]);
    expect(t.seen(9, "turned")).toEqual([["turned", { seat: 9 }]]);
    expect(t.seen(2, "turned")).toEqual([["turned", { seat: 9 }]]);
    expect(t.view(9).you).toMatchObject({ role: "werewolf", team: "black", teammates: [1, 2, 3] });
    expect(t.view(2).you!.teammates).toEqual([1, 3, 9]);
    expect(t.view(2).seats[8]!.role).toBe("werewolf");
    expect(t.view(4).seats[8]!.role).toBeUndefined();
    // The Commissar checked him that night (before the kill): red; a check after the turn: black.
    expect(t.seen(4, "checked").map(([, d]) => d.result)).toEqual(["red"]);
  });

  it("RULES.md §6.8 the Swindler takes his victim's place: the victim leaves silently and unrevealed; he takes the role and side and wins with it", () => {
    const t = club({ roles: ALL });
    speeches(t);
    night(t, { mafia: { 1: 12 }, swap: 2 });
    // The victim (a Mafia) leaves: no last words, no card shown; the table sees only "swapped".
    expect(publicLog(t, "left")).toEqual([["left", { seat: 12, how: "killed" }], ["left", { seat: 2, how: "swapped" }]]);
    expect(publicLog(t, "role-revealed").map(([, d]) => (d as { seat: number }).seat)).toEqual([12]);
    expect(t.spectator().seats[1]).toMatchObject({ alive: false, out: "swapped" });
    expect(t.spectator().seats[1]!.role).toBeUndefined();
    expect(t.view(4).seats[1]!.role).toBeUndefined();
    t.endSpeeches("last-words");
    expect(t.phase).toBe("free-talk");
    // The Swindler is a Mafia of the black team now, told alone; the team meets him.
    expect(t.seen(8, "swapped")).toEqual([["swapped", { seat: 8, target: 2, role: "mafia" }]]);
    expect(t.view(8).you).toMatchObject({ role: "mafia", team: "black" });
    expect(t.view(1).you!.teammates).toEqual([2, 3, 8]);
    // From the next night he shoots with the mafia.
    speeches(t);
    next(t);
    expect(t.phase).toBe("night-shot");
    expect(t.view(8).you!.actions.some((a) => a.type === "use" && a.ability === "mafia-shot")).toBe(true);
    expect(t.view(8).floor.channels[0]!.listeners).toEqual([1, 3, 8]);
  });
});

describe("RULES.md §6.9 fouls", () => {
  it("RULES.md §6.9 the live host gives fouls; three remove the player, revealed; the day's vote is cancelled", () => {
    const t = club({ host: "live" });
    for (let i = 0; i < 3; i++) host(t, { type: "foul", seat: 7 });
    expect(publicLog(t, "fouled").map(([, d]) => (d as { fouls: number }).fouls)).toEqual([1, 2, 3]);
    expect(publicLog(t, "left", "role-revealed")).toEqual([["left", { seat: 7, how: "removed" }], ["role-revealed", { seat: 7, role: "civilian", team: "red" }]]);
    speeches(t, nominate(t, { 8: 3 }));
    expect(publicLog(t, "voting-cancelled")).toHaveLength(1);
    expect(t.phase).toBe("night-don-check");
  });

  it("RULES.md §6.9 removal without warning: a separate host action naming the offence", () => {
    const t = club({ host: "live" });
    host(t, { type: "remove", seat: 9, offence: "oath" });
    expect(publicLog(t, "removed-by-host", "left", "role-revealed")).toEqual([
      ["removed-by-host", { seat: 9, offence: "oath" }], ["left", { seat: 9, how: "removed" }], ["role-revealed", { seat: 9, role: "civilian", team: "red" }],
    ]);
    expect(t.spectator().seats[8]!.fouls).toBe(0);
    const r = apply(t.state, { kind: "host", action: { type: "remove", seat: 8, offence: "cheering" as never } }, t.now);
    expect(r.ok ? "accepted" : r.rejection.code).toBe("illegal-target");
    // With the server as host there is no host to remove anyone.
    const s = club();
    const r2 = apply(s.state, { kind: "host", action: { type: "remove", seat: 8, offence: "oath" } }, s.now);
    expect(r2.ok ? "accepted" : r2.rejection.code).toBe("not-allowed");
  });

  it("RULES.md §6.9 with the server as host the table's technical votes give fouls (three remove) and stand for the removal", () => {
    const t = club();
    expect(t.view(1).you!.actions).toContainEqual({ type: "tech-vote-start", kinds: ["foul", "removal"], targets: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] });
    t.act(1, { type: "tech-vote-start", kind: "foul", target: 7 });
    for (const seat of [2, 3, 4, 5, 6, 8]) t.act(seat, { type: "tech-vote", in_favour: true });
    expect(publicLog(t, "fouled")).toEqual([["fouled", { seat: 7, fouls: 1 }]]);
  });

  it("RULES.md §6.4 a third foul taken 'under a foul' removes the speaker, revealed", () => {
    const t = club({ host: "live" });
    host(t, { type: "foul", seat: 1 });
    t.timeout();
    t.act(1, { type: "under-foul" });
    t.act(1, { type: "under-foul" });
    expect(publicLog(t, "left")).toEqual([["left", { seat: 1, how: "removed" }]]);
    expect(t.speaker).toBe(2);
  });
});

describe("RULES.md §6.10 cross-game immunity", () => {
  /** A club table whose player at `seat` (drawn from the same seed) comes immune from the evening's last game. */
  function immuneAt(seat: Seat, o: Parameters<typeof club>[0] = {}) {
    const id = club(o).ids[seat - 1]!;
    return club({ ...o, immunity: [id] });
  }

  it("RULES.md §6.10 the last game's first eliminated is immune on day 1: announced and marked at the start; nobody may nominate him, so he is never a candidate", () => {
    const t = immuneAt(7);
    expect(publicLog(t, "immune")).toEqual([["immune", { seats: [7] }]]);
    expect(t.spectator().seats.filter((x) => x.immune).map((x) => x.seat)).toEqual([7]);
    t.timeout(); // free talk
    const sp = t.speaker!;
    const offer = t.view(sp).you!.actions.find((a) => a.type === "nominate") as { targets: Seat[] };
    expect(offer.targets).not.toContain(7);
    expect(offer.targets).toContain(8);
    t.reject(sp, { type: "nominate", target: 7 }, "illegal-target");
    t.act(sp, { type: "nominate", target: 8 });
    expect(publicLog(t, "nominated")).toEqual([["nominated", { by: sp, target: 8 }]]);
  });

  it("RULES.md §6.10 night 1: no shot, kill, curse or swap may name the immune seat (the mafia must shoot someone else); checks and heals still reach him", () => {
    const t = immuneAt(12, { roles: ALL });
    speeches(t);
    expect(t.phase).toBe("night-don-check");
    t.act(1, { type: "use", ability: "don-commissar-check", targets: [12] }); // a check reaches him
    next(t);
    const shot = t.view(1).you!.actions.find((a) => a.type === "use" && a.ability === "mafia-shot");
    expect(shot?.type === "use" && shot.targets.seats).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]); // every living seat but 12
    t.reject(1, { type: "use", ability: "mafia-shot", targets: [12] }, "illegal-target");
    t.act(1, { type: "use", ability: "mafia-shot", targets: [9] }); // the Werewolf turns
    next(t);
    t.reject(seatOf(t, "maniac"), { type: "use", ability: "kill", targets: [12] }, "illegal-target");
    next(t);
    t.reject(seatOf(t, "curser"), { type: "use", ability: "curse", targets: [12] }, "illegal-target");
    next(t);
    t.reject(seatOf(t, "swindler"), { type: "use", ability: "swap", targets: [12] }, "illegal-target");
    next(t);
    t.act(seatOf(t, "commissar"), { type: "use", ability: "commissar-check", targets: [12] });
    next(t);
    t.act(seatOf(t, "doctor"), { type: "use", ability: "heal", targets: [12] });
    next(t);
    expect(t.living()).toContain(12);
    expect(publicLog(t, "check-announced")).toHaveLength(2);
  });

  it("RULES.md §6.10 from day 2 the immunity is over: the mark is gone, he is nominated and shot like anyone", () => {
    const t = immuneAt(7);
    speeches(t);
    night(t, {});
    expect(t.spectator().seats[6]!.immune).toBeUndefined();
    speeches(t, { [t.living().find((x) => x !== 7)!]: [7] });
    expect(publicLog(t, "nominated").at(-1)![1]).toMatchObject({ target: 7 });
    expect(t.phase).toBe("defence");
    while (t.phase === "defence") t.end(t.speaker!);
    byCandidate(t, {});
    night(t, { mafia: { 1: 7 } });
    expect(publicLog(t, "killed")).toEqual([["killed", { seat: 7 }]]);
  });

  it("RULES.md §6.10 none without the input: a new evening's first game has no immune seat", () => {
    const t = club();
    expect(publicLog(t, "immune")).toEqual([]);
    expect(t.spectator().seats.some((x) => x.immune)).toBe(false);
    t.timeout();
    t.act(t.speaker!, { type: "nominate", target: 7 === t.speaker ? 8 : 7 });
  });

  it("RULES.md §6.10 the first eliminated: a removal for fouls is a punishment and does not count; the next to leave is the first eliminated, and later ones are not", () => {
    const t = club({ host: "live" });
    host(t, { type: "remove", seat: 9, offence: "oath" });
    expect(firstEliminated(t.state)).toEqual([]);
    speeches(t, nominate(t, { 7: 2 })); // the removal cancelled the day's vote (§6.9)
    night(t, { mafia: { 1: 8 } });
    expect(publicLog(t, "killed")).toEqual([["killed", { seat: 8 }]]);
    expect(firstEliminated(t.state)).toEqual([t.ids[7]]);
    while (t.phase === "last-words") t.end(t.speaker!);
    speeches(t);
    night(t, { mafia: { 1: 10 } });
    expect(publicLog(t, "killed")).toHaveLength(2);
    expect(firstEliminated(t.state)).toEqual([t.ids[7]]);
  });

  it("RULES.md §6.10 players who leave together are all the first eliminated: 'expel both?' and the night's dead", () => {
    const t = club();
    toDefenceEnd(t, { 7: 5, 8: 4 });
    expelAnyone(t);
    byCandidate(t, { 1: 7, 2: 7, 3: 8, 4: 8 });
    question(t, [1, 2, 3, 4, 5, 6, 9]);
    expect(firstEliminated(t.state)).toEqual([t.ids[6], t.ids[7]]);
    const n = club({ roles: ALL });
    speeches(n);
    night(n, { mafia: { 1: 12 }, maniac: 10 }); // the Kamikaze takes the Maniac along
    expect(publicLog(n, "killed").map(([, d]) => (d as { seat: number }).seat).sort((a, b) => a - b)).toEqual([6, 10, 12]);
    expect(firstEliminated(n.state).sort()).toEqual([n.ids[5], n.ids[9], n.ids[11]].sort());
  });

  it("RULES.md §6.10 only club has cross-game immunity: createGame refuses it for another format; ids not at the table are ignored", () => {
    const players = Array.from({ length: 10 }, (_, i) => ({ id: `p${i + 1}`, nickname: `N${i + 1}`, bot: false }));
    expect(() => createGame("sport", {}, players, "s", 0, { immunity: ["p1"] })).toThrow(/§6.10/);
    const t = club({ immunity: ["somebody-else"] });
    expect(publicLog(t, "immune")).toEqual([]);
  });
});

describe("RULES.md §6 bots", () => {
  it("RULES.md §6 random and heuristic bot games of club all end, with every offered action accepted, over several compositions", () => {
    for (let g = 0; g < 16; g++) {
      const layout = [CLUB, ALL, "OMMMKHXRFQZC", "OMKHRCCCCCCCCC"][g % 4]!;
      const r = playGame({ presetId: "club", seats: layout.length, seed: `club-bots-${g}`, settings: countsOf(layout), bots: g % 2 ? "random" : "heuristic", mode: g % 2 ? "fast" : "view", ...(g % 5 === 2 ? { host: "live" as const } : {}) });
      expect(r.rejections).toBe(0);
      expect((r.state as unknown as { result: unknown }).result).not.toBeNull();
    }
    // The game is replayable from its seed and inputs (no hidden randomness): the same view twice.
    const a = createGame("club", countsOf(ALL), Array.from({ length: 12 }, (_, i) => ({ id: `p${i}`, nickname: `n${i}`, bot: false })), "same", 0);
    const b = createGame("club", countsOf(ALL), Array.from({ length: 12 }, (_, i) => ({ id: `p${i}`, nickname: `n${i}`, bot: false })), "same", 0);
    expect(viewFor(a, { kind: "spectator" })).toEqual(viewFor(b, { kind: "spectator" }));
  });
});
