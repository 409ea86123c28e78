/**
 * Issue 17, preset `tatar` (RULES.md §7, seed 004): scenario tests that read like a game record — seats,
 * inputs, and what the table and each player see. Layout (tatar-helpers.ts TATAR): 1 Don, 2–3 Mafia,
 * 4 Putana (black); 5 Doctor, 6 Commissar, 7 Maniac (red), 8–12 Civilians.
 */
import { describe, expect, it } from "vitest";
import { createGame, getPreset, listPresets, startRefusal, viewFor } from "../../../shared/engine/index.ts";
import { presetOf } from "../../../shared/engine/presets/index.ts";
import type { Seat } from "../../../shared/engine/types.ts";
import { Table } from "./harness.ts";
import { TATAR, host, hostRejected, inTurn, next, publicLog, removeByFouls, tatar, toVote, voter } from "./tatar-helpers.ts";

/** Everyone votes against `target` (who votes against the next living seat). */
function allAgainst(t: Table, target: Seat): Record<number, Seat> {
  const out: Record<number, Seat> = {};
  const living = t.living();
  for (const s of living) out[s] = s === target ? (living.find((x) => x !== s) as Seat) : target;
  return out;
}

describe("RULES.md §7 tatar: the table", () => {
  it("RULES.md §7 table: 12 seats with a fixed composition — Don, 2 Mafia, Putana; Doctor, Commissar, a red Maniac, 5 Civilians; a closed game", () => {
    const info = getPreset("tatar")!;
    expect(info.seats).toEqual({ min: 12, max: 12 });
    expect(info.settings).toEqual([]);
    expect(listPresets().map((p) => p.id)).toContain("tatar");
    expect(startRefusal("tatar", {}, 11)).toMatch(/12–12/);
    expect(() => createGame("tatar", {}, Array.from({ length: 11 }, (_, i) => ({ id: `p${i}`, nickname: `N${i}`, bot: false })), "s", 0)).toThrow();
    expect(presetOf("tatar").composition(12, {}).sort()).toEqual(["civilian", "civilian", "civilian", "civilian", "civilian", "commissar", "doctor", "don", "mafia", "mafia", "maniac", "putana"]);
    const t = tatar();
    // The Maniac plays for the town.
    expect(t.view(7).you).toMatchObject({ role: "maniac", team: "red" });
    // Closed: nobody sees another's card (the black team sees its own), nor does a spectator.
    expect(t.spectator().seats.every((s) => s.role === undefined)).toBe(true);
    expect(t.view(8).seats.filter((s) => s.role !== undefined).map((s) => s.seat)).toEqual([8]);
    expect(t.view(4).seats.filter((s) => s.role !== undefined).map((s) => s.seat)).toEqual([1, 2, 3, 4]);
  });

  it("RULES.md §7.1 nights: the black-only acquaintance lasts 30 s — Don, Mafia and Putana meet; no action, no shooting plan", () => {
    const t = tatar({ stopAt: "acquaintance" });
    expect(t.phase).toBe("acquaintance");
    expect(t.left()).toBe(30_000);
    expect(t.view(1).you!.actions).toEqual([]);
    t.reject(1, { type: "shooting-plan", plan: [8, 9] }, "not-allowed");
    expect(t.view(4).you!.teammates).toEqual([1, 2, 3]);
    expect(t.view(4).floor.channels).toEqual([{ id: "black-team", speakers: [1, 2, 3, 4], video: [1, 2, 3, 4], listeners: [1, 2, 3, 4] }]);
    expect(t.view(6).floor.channels).toEqual([]);
    t.timeout();
    expect(t.phase).toBe("free-talk");
  });
});

describe("RULES.md §7.2 the day", () => {
  it("RULES.md §7.2 day: 2 min of free talk, then 30 s monologues in seat order; each new round starts one seat later; defence speeches do not shift the order", () => {
    const t = tatar();
    expect(t.phase).toBe("free-talk");
    expect(t.left()).toBe(120_000);
    expect(t.spectator().floor.channels[0]).toMatchObject({ speakers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] });
    t.timeout();
    const speakers: Seat[] = [];
    while (t.phase === "speech") {
      expect(t.left()).toBe(30_000);
      speakers.push(t.speaker!);
      t.end(t.speaker!); // "thank you"
    }
    expect(speakers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // A tie: 2 and 9 defend, the revote ties again — a peaceful day.
    inTurn(t, { 2: 9, 3: 9, 4: 9, 5: 9, 6: 9, 7: 9, 8: 2, 9: 2, 10: 2, 11: 2, 12: 2, 1: 2 });
    expect(t.phase).toBe("defence");
    t.endSpeeches("defence");
    inTurn(t, { 3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 8: 9, 10: 9, 11: 9, 12: 9, 1: 9 });
    t.timeout(); // gestures
    t.timeout(); // before the night
    t.restOfNight();
    // Day 2 starts one seat later, whatever the defence speeches were.
    expect(publicLog(t, "day-started").at(-1)![1]).toEqual({ day: 2, firstSpeaker: 2 });
    t.timeout();
    expect(t.speaker).toBe(2);
  });
});

describe("RULES.md §7.3 voting by voter in turn", () => {
  it("RULES.md §7.3 voting: 10 s each, from one seat after the day's first speaker; not against oneself; no abstain; every vote seen at once", () => {
    const t = tatar();
    toVote(t);
    expect(t.spectator().ballot).toMatchObject({ kind: "elimination", mode: "in-turn", candidates: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], voter: 2 });
    expect(t.left()).toBe(10_000);
    t.reject(3, { type: "vote", target: 8 }, "not-your-turn");
    t.reject(2, { type: "vote", target: 2 }, "illegal-target");
    // No abstain: the voter is offered a vote against any other living player, and nothing else.
    expect(t.view(2).you!.actions.filter((a) => a.type !== "tech-vote-start")).toEqual([{ type: "vote", targets: [1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }]);
    t.act(2, { type: "vote", target: 8 });
    // Issue 38: seen at once; the turn passes 2 s later (the voter may still change it, live-host.test.ts).
    expect(t.spectator().ballot).toMatchObject({ voter: 2, votes: [{ voter: 2, target: 8 }] });
    t.timeout();
    expect(t.spectator().ballot).toMatchObject({ voter: 3, votes: [{ voter: 2, target: 8 }] });
    expect(t.view(9).log.filter((e) => e.type === "vote-cast").map((e) => e.data)).toEqual([{ voter: 2, target: 8 }]);
  });

  it("RULES.md §7.3 a late voter gets a foul and 5 s more, again and again, until the fourth foul removes them (card shown, no farewell); the vote goes on", () => {
    const t = tatar();
    toVote(t);
    expect(voter(t)).toBe(2);
    for (let fouls = 1; fouls <= 3; fouls++) {
      t.timeout();
      expect(t.spectator().seats[1]).toMatchObject({ alive: true, fouls });
      expect(voter(t)).toBe(2);
      expect(t.left()).toBe(5_000);
    }
    t.timeout();
    expect(t.spectator().seats[1]).toMatchObject({ alive: false, out: "removed", fouls: 4, role: "mafia", team: "black" });
    expect(publicLog(t, "fouled", "left", "role-revealed")).toEqual([
      ["fouled", { seat: 2, fouls: 1, cause: "late-vote" }],
      ["fouled", { seat: 2, fouls: 2, cause: "late-vote" }],
      ["fouled", { seat: 2, fouls: 3, cause: "late-vote" }],
      ["fouled", { seat: 2, fouls: 4, cause: "late-vote" }],
      ["left", { seat: 2, how: "removed" }],
      ["role-revealed", { seat: 2, role: "mafia", team: "black" }],
    ]);
    // The vote goes on with the next voter; the removed player is still a candidate.
    expect(t.phase).toBe("voting");
    expect(voter(t)).toBe(3);
    expect(t.left()).toBe(10_000);
    expect(t.spectator().ballot).toMatchObject({ candidates: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] });
  });
});

describe("RULES.md §7.4 most votes, ties, peaceful days", () => {
  it("RULES.md §7.4 most votes: that player leaves with a 30 s farewell; the card stays hidden", () => {
    const t = tatar();
    toVote(t);
    inTurn(t, allAgainst(t, 9));
    expect(t.phase).toBe("farewell");
    expect(t.speaker).toBe(9);
    expect(t.left()).toBe(30_000);
    expect(t.spectator().seats[8]).toMatchObject({ alive: false, out: "voted-out" });
    expect(t.spectator().seats[8]!.role).toBeUndefined();
    t.end(9);
    expect(t.phase).toBe("night-shot");
  });

  it("RULES.md §7.4 ties: defence of 30 s from the lowest seat after the vote's starter (first speaker 1, vote from 2, defence from 3); one revote from 3, the two tied do not vote; a tie again is a peaceful day: 15 s of gestures, 10 s before night", () => {
    const t = tatar();
    toVote(t);
    const order = inTurn(t, { 2: 9, 3: 9, 4: 9, 5: 9, 6: 9, 7: 9, 8: 2, 9: 2, 10: 2, 11: 2, 12: 2, 1: 2 });
    expect(order).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 1]);
    expect(publicLog(t, "tie")).toEqual([["tie", { seats: [2, 9] }]]);
    // Seat 3 is not among the tied: the next tied seat after it speaks first.
    expect(t.phase).toBe("defence");
    expect(t.speaker).toBe(9);
    expect(t.left()).toBe(30_000);
    t.end(9);
    expect(t.speaker).toBe(2);
    t.end(2);
    expect(t.phase).toBe("revote");
    expect(t.spectator().ballot).toMatchObject({ kind: "revote", candidates: [2, 9], voter: 3 });
    // The two tied do not vote.
    expect(t.view(2).you!.actions.some((a) => a.type === "vote")).toBe(false);
    const revote = inTurn(t, { 3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 8: 9, 10: 9, 11: 9, 12: 9, 1: 9 });
    expect(revote).toEqual([3, 4, 5, 6, 7, 8, 10, 11, 12, 1]);
    expect(publicLog(t, "peaceful-day")).toEqual([["peaceful-day", { why: "tie-again" }]]);
    expect(t.living()).toHaveLength(12);
    expect(t.phase).toBe("gestures");
    expect(t.left()).toBe(15_000);
    expect(t.spectator().floor.channels).toEqual([{ id: "table", speakers: [], video: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], listeners: "everyone" }]);
    t.timeout();
    expect(t.phase).toBe("before-night");
    expect(t.left()).toBe(10_000);
    t.timeout();
    expect(t.phase).toBe("night-shot");
  });

  it("RULES.md §7.4 ties of four or more: 20 s defence each; in the revote with more than two, everyone votes (not for oneself); most votes leaves", () => {
    const t = tatar();
    toVote(t);
    inTurn(t, { 2: 5, 3: 5, 4: 5, 5: 6, 6: 7, 7: 6, 8: 6, 9: 7, 10: 7, 11: 8, 12: 8, 1: 8 });
    expect(publicLog(t, "tie")).toEqual([["tie", { seats: [5, 6, 7, 8] }]]);
    const defenders: Seat[] = [];
    while (t.phase === "defence") {
      expect(t.left()).toBe(20_000);
      defenders.push(t.speaker!);
      t.end(t.speaker!);
    }
    expect(defenders).toEqual([5, 6, 7, 8]);
    expect(t.view(5).you!.actions.filter((a) => a.type === "vote")).toEqual([]); // voter 3 first
    const order = inTurn(t, { 3: 6, 4: 6, 5: 6, 6: 5, 7: 6, 8: 6, 9: 6, 10: 5, 11: 5, 12: 5, 1: 5, 2: 6 });
    expect(order).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 2]);
    expect(t.phase).toBe("farewell");
    expect(t.speaker).toBe(6);
  });

  it("RULES.md §7.4 a first vote in which every player got exactly one vote is a peaceful day", () => {
    const t = tatar();
    toVote(t);
    const ballots: Record<number, Seat> = {};
    for (let s = 1; s <= 12; s++) ballots[s] = (s % 12) + 1;
    inTurn(t, ballots);
    expect(publicLog(t, "peaceful-day")).toEqual([["peaceful-day", { why: "all-one-vote" }]]);
    expect(publicLog(t, "tie")).toEqual([]);
    expect(t.phase).toBe("gestures");
  });
});

describe("RULES.md §7.5 early vote", () => {
  it("RULES.md §7.5 early vote in free talk: one supporter is not enough; with two the town votes at once (from the seat after the first speaker)", () => {
    const t = tatar();
    t.act(3, { type: "early-vote" });
    t.act(8, { type: "early-vote" });
    expect(t.phase).toBe("free-talk"); // one supporter
    expect(t.view(9).you!.actions).toContainEqual({ type: "early-vote", open: true });
    t.act(9, { type: "early-vote" });
    expect(publicLog(t, "early-vote-asked", "early-vote-supported", "early-vote-passed")).toEqual([
      ["early-vote-asked", { seat: 3, needed: 2 }],
      ["early-vote-supported", { seat: 8, supporters: 1, needed: 2 }],
      ["early-vote-supported", { seat: 9, supporters: 2, needed: 2 }],
      ["early-vote-passed", { by: 3 }],
    ]);
    expect(t.phase).toBe("voting");
    expect(voter(t)).toBe(2);
  });

  it("RULES.md §7.5 early vote in one's own speech: with one supporter the speeches go on; a player asks once a day", () => {
    const t = tatar();
    t.act(1, { type: "early-vote" });
    t.act(5, { type: "early-vote" });
    t.timeout(); // free talk ends: the request lapses
    expect(t.speaker).toBe(1);
    // Seat 1 asked today already.
    expect(t.view(1).you!.actions.some((a) => a.type === "early-vote")).toBe(false);
    t.reject(1, { type: "early-vote" }, "already-acted");
    t.end(1);
    expect(t.speaker).toBe(2);
    t.reject(3, { type: "early-vote" }, "not-your-turn"); // only the speaker asks
    t.act(2, { type: "early-vote" });
    t.act(7, { type: "early-vote" });
    expect(t.phase).toBe("speech");
    t.end(2);
    t.act(3, { type: "early-vote" });
    t.act(7, { type: "early-vote" });
    t.act(11, { type: "early-vote" });
    expect(t.phase).toBe("voting");
    expect(voter(t)).toBe(2);
  });
});

describe("RULES.md §7.6 the night", () => {
  it("RULES.md §7.6 night order: Mafia (Don decides, 20 s) → Putana → Doctor → Commissar → Maniac → Don's check, each skippable, 10 s each, with a 5 s warning", () => {
    const t = tatar();
    toVote(t);
    inTurn(t, allAgainst(t, 12));
    t.end(12);
    const turns: Array<[string, number]> = [];
    while (t.phase.startsWith("night-")) {
      const v = t.spectator();
      turns.push([v.phase, t.left()]);
      expect(v.warnAt).toBe(v.deadline! - 5_000);
      t.timeout();
    }
    expect(turns).toEqual([["night-shot", 20_000], ["night-freeze", 10_000], ["night-heal", 10_000], ["night-check", 10_000], ["night-kill", 10_000], ["night-don-check", 10_000]]);
    expect(publicLog(t, "night-turn").map(([, d]) => (d as { step: string }).step)).toEqual(["mafia-shot", "freeze", "heal", "commissar-check", "kill", "don-check"]);
    expect(publicLog(t, "nobody-killed")).toHaveLength(1);
    expect(t.spectator().warnAt).toBeUndefined(); // the day has no warning
  });

  it("RULES.md §7.6 Mafia: the Don's word decides; Putana does not wake with them (not in their channel, does not see their choices)", () => {
    const t = tatar();
    toVote(t);
    inTurn(t, allAgainst(t, 12));
    t.end(12);
    expect(t.phase).toBe("night-shot");
    expect(t.view(1).floor.channels).toEqual([{ id: "black-team", speakers: [1, 2, 3], video: [1, 2, 3], listeners: [1, 2, 3] }]);
    expect(t.view(4).floor.channels).toEqual([]);
    expect(t.view(4).you!.actions.some((a) => a.type === "use")).toBe(false);
    expect(t.view(1).you!.actions).toContainEqual(expect.objectContaining({ type: "use", ability: "mafia-shot", skip: true }));
    t.act(2, { type: "use", ability: "mafia-shot", targets: [9] });
    t.act(3, { type: "use", ability: "mafia-shot", targets: [9] });
    t.act(1, { type: "use", ability: "mafia-shot", targets: [8] });
    expect(t.seen(2, "shot")).toEqual([["shot", { seat: 2, target: 9 }], ["shot", { seat: 3, target: 9 }], ["shot", { seat: 1, target: 8 }]]);
    expect(t.seen(4, "shot")).toEqual([]);
    t.restOfNight();
    expect(publicLog(t, "killed")).toEqual([["killed", { seat: 8 }]]);
  });

  it("RULES.md §7.6 each step may be skipped: the Don's skip is no shot whatever the Mafia chose; the Maniac may abstain, never himself; choices after the deadline do not count", () => {
    const t = tatar();
    toVote(t);
    inTurn(t, allAgainst(t, 12));
    t.end(12);
    t.act(2, { type: "use", ability: "mafia-shot", targets: [9] });
    t.act(3, { type: "use", ability: "mafia-shot", targets: [9] });
    t.act(1, { type: "skip", ability: "mafia-shot" });
    t.timeout();
    // After the deadline: the shot's step is closed.
    t.reject(2, { type: "use", ability: "mafia-shot", targets: [10] }, "not-allowed");
    for (const phase of ["night-freeze", "night-heal", "night-check"]) {
      expect(t.phase).toBe(phase);
      t.timeout();
    }
    expect(t.phase).toBe("night-kill");
    const kill = t.view(7).you!.actions.find((a) => a.type === "use");
    expect(kill).toMatchObject({ ability: "kill", skip: true });
    expect((kill as { targets: { seats: Seat[] } }).targets.seats).not.toContain(7);
    t.reject(7, { type: "use", ability: "kill", targets: [7] }, "illegal-target");
    t.act(7, { type: "skip", ability: "kill" });
    t.restOfNight();
    expect(publicLog(t, "nobody-killed")).toHaveLength(1);
    expect(t.living()).toHaveLength(11);
  });

  it("RULES.md §7.6 Putana's freeze: a frozen Commissar does not check, told after his choice; the heal cancels the freeze (a healed frozen Commissar still checks)", () => {
    const t = tatar();
    toVote(t);
    inTurn(t, allAgainst(t, 12));
    t.end(12);
    t.timeout(); // no shot
    t.act(4, { type: "use", ability: "freeze", targets: [6] });
    t.timeout();
    t.timeout(); // the Doctor heals nobody
    t.act(6, { type: "use", ability: "commissar-check", targets: [1] });
    expect(t.seen(6, "check-frozen", "frozen", "checked")).toEqual([["check-frozen", { by: 6, target: 1, night: 1 }], ["frozen", { seat: 6, night: 1 }]]);
    t.restOfNight();
    // Night 2: the Doctor heals the Commissar, who is frozen again and still checks.
    t.timeout();
    t.speeches();
    inTurn(t, allAgainst(t, 11));
    t.end(11);
    t.timeout();
    t.act(4, { type: "use", ability: "freeze", targets: [6] });
    t.timeout();
    t.act(5, { type: "use", ability: "heal", targets: [6] });
    t.timeout();
    t.act(6, { type: "use", ability: "commissar-check", targets: [1] });
    expect(t.view(6).you!.checks).toEqual([{ target: 1, night: 2, result: "black" }]);
  });
});

describe("RULES.md §7.6 the last black players", () => {
  it("RULES.md §7.6 freezing the last remaining mafioso cancels the mafia's shot; Putana left alone both kills and freezes", () => {
    const t = tatar({ host: "live" });
    removeByFouls(t, 1);
    removeByFouls(t, 2);
    const toNight = () => {
      next(t);
      t.speeches();
      const living = t.living();
      const ballots: Record<number, Seat> = {};
      living.forEach((s, i) => { ballots[s] = living[(i + 1) % living.length] as Seat; });
      inTurn(t, ballots); // every living player one vote: a peaceful day
      while (t.phase !== "night-shot") next(t);
    };
    toNight();
    // (issue 30, RULES.md §8: the live host — media peer 0 — listens to the night channel and speaks in its own)
    const hostChannel = { id: "host", speakers: [0], video: [0], listeners: "everyone" };
    expect(t.spectator().floor.channels).toEqual([hostChannel]);
    expect(t.view(3).floor.channels).toEqual([{ id: "black-team", speakers: [3], video: [3], listeners: [3, 0] }, hostChannel]);
    t.act(3, { type: "use", ability: "mafia-shot", targets: [8] });
    next(t);
    t.act(4, { type: "use", ability: "freeze", targets: [3] }); // by mistake, the last mafioso
    while (t.phase.startsWith("night-")) next(t);
    expect(publicLog(t, "nobody-killed")).toHaveLength(1);
    expect(t.living()).toContain(8);
    removeByFouls(t, 3);
    expect(t.result()).toBeNull();
    toNight();
    // Putana is the only black player left: she shoots, then freezes.
    expect(t.view(4).you!.actions).toContainEqual(expect.objectContaining({ type: "use", ability: "mafia-shot" }));
    t.act(4, { type: "use", ability: "mafia-shot", targets: [9] });
    next(t);
    t.act(4, { type: "use", ability: "freeze", targets: [5] });
    while (t.phase.startsWith("night-")) next(t);
    expect(publicLog(t, "killed")).toEqual([["killed", { seat: 9 }]]);
  });
});

describe("RULES.md §7.8 the end", () => {
  it("RULES.md §7.8 red wins only when every black player is dead: Putana alone keeps the game going", () => {
    const t = tatar({ host: "live" });
    for (const s of [1, 2, 3]) removeByFouls(t, s);
    expect(t.result()).toBeNull();
    removeByFouls(t, 4);
    expect(t.result()).toMatchObject({ winner: "red", reason: "town-eliminated-mafia" });
  });

  it("RULES.md §7.8 early black win: with the Maniac alive black ≥ red plays on; without a Doctor and with red < black the black team wins", () => {
    const t = tatar({ host: "live" });
    for (const s of [8, 9, 10, 11]) removeByFouls(t, s);
    // black 4 (1–4), red 4 (5 Doctor, 6 Commissar, 7 Maniac, 12): the Maniac lives — play on.
    expect(t.result()).toBeNull();
    removeByFouls(t, 5);
    expect(t.result()).toMatchObject({ winner: "black", reason: "black-guaranteed" });
  });

  it("RULES.md §7.8 early black win: no Maniac alive and black ≥ red", () => {
    const t = tatar({ host: "live" });
    for (const s of [7, 8, 9]) removeByFouls(t, s);
    expect(t.result()).toBeNull(); // black 4, red 5
    removeByFouls(t, 10);
    expect(t.result()).toMatchObject({ winner: "black", reason: "black-guaranteed" });
  });

  it("RULES.md §7.8 black wins when no red is left (the Doctor and the Maniac die the same night)", () => {
    const t = tatar({ host: "live" });
    for (const s of [2, 3, 6, 8, 9, 10, 11, 12]) removeByFouls(t, s);
    // Don and Putana against the Doctor and the Maniac: nothing is decided yet.
    expect(t.result()).toBeNull();
    next(t); // free talk
    t.speeches();
    inTurn(t, { 4: 5, 5: 7, 7: 1, 1: 4 }); // every player exactly one vote
    next(t);
    expect(t.phase).toBe("gestures");
    next(t);
    next(t);
    t.act(1, { type: "use", ability: "mafia-shot", targets: [7] });
    next(t);
    next(t); // Putana
    t.act(5, { type: "use", ability: "heal", targets: [1] });
    next(t);
    next(t); // no Commissar
    t.act(7, { type: "use", ability: "kill", targets: [5] });
    next(t);
    next(t);
    expect(t.result()).toMatchObject({ winner: "black", reason: "red-eliminated" });
  });

  it("RULES.md §7.8 no living players is a draw (the Don shoots the Maniac, the Maniac kills the Don)", () => {
    const t = tatar({ host: "live" });
    for (const s of [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]) removeByFouls(t, s);
    expect(t.result()).toBeNull(); // the Don and the Maniac, no Doctor: 1 red is not fewer than 1 black
    next(t);
    t.speeches();
    inTurn(t, { 7: 1, 1: 7 });
    next(t);
    next(t);
    next(t);
    t.act(1, { type: "use", ability: "mafia-shot", targets: [7] });
    while (t.phase !== "night-kill") next(t);
    t.act(7, { type: "use", ability: "kill", targets: [1] });
    next(t);
    next(t);
    expect(t.result()).toMatchObject({ winner: "draw", reason: "nobody-alive" });
  });
});

describe("RULES.md §7.9 fouls", () => {
  it("RULES.md §7.9 a live host gives a foul or a remark to a seat, applied at once; a server-hosted game has no such input", () => {
    const t = tatar({ host: "live" });
    expect(t.hostView().host).toMatchObject({ fouls: true });
    host(t, { type: "remark", seat: 6 });
    host(t, { type: "foul", seat: 6 });
    expect(publicLog(t, "remarked", "fouled")).toEqual([["remarked", { seat: 6 }], ["fouled", { seat: 6, fouls: 1, cause: "host" }]]);
    expect(t.spectator().seats[5]!.fouls).toBe(1);
    hostRejected(t, { type: "foul", seat: 13 }, "illegal-target");
    const u = tatar();
    hostRejected(u, { type: "foul", seat: 6 }, "not-allowed");
    expect(u.hostView().host!.fouls).toBeUndefined();
  });

  it("RULES.md §7.9 with the server as host, fouls come by technical vote (§2.13): fouls only, the fourth removes", () => {
    const t = tatar();
    expect(t.view(3).you!.actions).toContainEqual(expect.objectContaining({ type: "tech-vote-start", kinds: ["foul"] }));
    t.reject(3, { type: "tech-vote-start", kind: "removal", target: 5 }, "not-allowed");
    for (let n = 1; n <= 4; n++) {
      t.act(n === 4 ? 8 : n, { type: "tech-vote-start", kind: "foul", target: 5 });
      const by = n === 4 ? 8 : n;
      for (const s of [1, 2, 3, 4, 6, 7, 8, 9].filter((x) => x !== by).slice(0, 6)) t.act(s, { type: "tech-vote", in_favour: true });
      expect(t.spectator().seats[4]!.fouls).toBe(n);
    }
    expect(t.spectator().seats[4]).toMatchObject({ alive: false, out: "removed", role: "doctor" });
    expect(t.phase).toBe("free-talk"); // the day goes on
  });

  it("RULES.md §7.9 three fouls put an automatic vote against that player in the next vote (once)", () => {
    const t = tatar({ host: "live" });
    for (let i = 0; i < 3; i++) host(t, { type: "foul", seat: 6 });
    next(t);
    t.speeches();
    expect(publicLog(t, "foul-vote")).toEqual([["foul-vote", { seat: 6 }]]);
    // 5 votes for 8, 5 for 6 (+1 automatic), 2 for 9: seat 6 leaves with 6.
    inTurn(t, { 2: 8, 3: 8, 4: 8, 5: 8, 6: 8, 7: 6, 8: 6, 9: 6, 10: 6, 11: 6, 12: 9, 1: 9 });
    next(t);
    const count = publicLog(t, "vote-counted")[0]![1] as { tally: Array<{ seat: Seat; votes: number }>; leaders: Seat[] };
    expect(count.tally.find((x) => x.seat === 6)!.votes).toBe(6);
    expect(count.leaders).toEqual([6]);
    expect(t.phase).toBe("farewell");
    expect(t.speaker).toBe(6);
  });

  it("RULES.md §7.9 the fourth foul removes the player at once, card shown, no farewell; the day goes on", () => {
    const t = tatar({ host: "live" });
    t.timeout();
    expect(t.speaker).toBe(1);
    t.end(1);
    removeByFouls(t, 2); // the speaker
    expect(t.spectator().seats[1]).toMatchObject({ alive: false, out: "removed", role: "mafia", team: "black" });
    expect(t.view(9).seats[1]).toMatchObject({ role: "mafia" }); // the card is shown to everyone
    expect(t.view(9).seats[2]!.role).toBeUndefined(); // and only that card
    expect(t.phase).toBe("speech");
    expect(t.speaker).toBe(3); // no farewell: the next speaker
    expect(publicLog(t, "speech-started").filter(([, d]) => (d as { purpose: string }).purpose === "farewell")).toEqual([]);
  });

  it("RULES.md §7.9 the removed player voted out the same day: nobody else leaves that day", () => {
    const t = tatar({ host: "live" });
    removeByFouls(t, 5);
    expect(t.phase).toBe("free-talk");
    next(t);
    t.speeches();
    expect(t.spectator().ballot).toMatchObject({ candidates: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], voter: 2 });
    inTurn(t, { 2: 5, 3: 5, 4: 5, 6: 5, 7: 5, 8: 5, 9: 5, 10: 1, 11: 1, 12: 1, 1: 8 });
    next(t);
    expect(publicLog(t, "removed-voted-out")).toEqual([["removed-voted-out", { seat: 5 }]]);
    expect(t.living()).toHaveLength(11);
    expect(t.phase).toBe("night-shot");
  });
});

describe("RULES.md §7 bots", () => {
  it("random and heuristic bot games of tatar all end, with every offered action accepted", async () => {
    const { playGame } = await import("../../../shared/bots/index.ts");
    const reasons = new Set<string>();
    for (let g = 0; g < 30; g++) {
      const r = playGame({ presetId: "tatar", seed: `tatar-${g}`, mode: g % 2 ? "fast" : "view", bots: g % 3 ? "random" : "heuristic", ...(g % 5 === 4 ? { host: "live" as const } : {}) });
      const result = viewFor(r.state, { kind: "spectator" }).result;
      expect(result, `game ${g}`).not.toBeNull();
      expect(r.rejections, `game ${g}`).toBe(0);
      reasons.add(result!.reason);
    }
    expect(reasons.has("town-eliminated-mafia")).toBe(true);
  });
});

export { TATAR };
