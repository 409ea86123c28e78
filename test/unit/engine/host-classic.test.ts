/**
 * Issue 17, preset `host-classic` (RULES.md §4, seed 001): scenario tests that read like a game record —
 * seats, inputs, and what the table and each player see. Layout (host-classic-helpers.ts HC10): 1 Don,
 * 2–3 Mafia (black); 4 Commissar, 5 Doctor, 6 Maniac, 7–10 Civilians; HC11 adds an eleventh Civilian.
 */
import { describe, expect, it } from "vitest";
import { apply, getPreset, listPresets, startRefusal } from "../../../shared/engine/index.ts";
import { presetOf } from "../../../shared/engine/presets/index.ts";
import { HC11, byCandidate, hostClassic, next, night, publicLog, question, toVote } from "./host-classic-helpers.ts";

describe("RULES.md §4.1 roles and the Maniac's side", () => {
  it("RULES.md §4.1 the table: 8–16 seats, black ⌊N/3⌋ (Don + Mafia), a Commissar, a Doctor and a Maniac, Civilians; listed; open reveal", () => {
    const info = getPreset("host-classic")!;
    expect(info.seats).toEqual({ min: 8, max: 16 });
    expect(info.settings).toEqual([]);
    expect(listPresets().map((p) => p.id)).toContain("host-classic");
    expect(startRefusal("host-classic", {}, 7)).toMatch(/8–16/);
    expect(presetOf("host-classic").composition(10, {}).sort()).toEqual(["civilian", "civilian", "civilian", "civilian", "commissar", "doctor", "don", "mafia", "mafia", "maniac"]);
    expect(presetOf("host-classic").composition(12, {}).filter((r) => r === "mafia" || r === "don")).toHaveLength(4);
    expect(presetOf("host-classic").reveal).toBe("open");
  });

  it("RULES.md §4.1 at 10 seats the Maniac is red and is never asked his side", () => {
    const t = hostClassic({ stopAt: "acquaintance" });
    while (t.phase === "acquaintance") {
      expect(t.view(6).you!.actions).toEqual([]);
      t.timeout();
    }
    expect(t.view(6).you).toMatchObject({ role: "maniac", team: "red" });
    expect(t.seen(6, "side-chosen")).toEqual([]);
  });

  it("RULES.md §4.1 the Maniac's side choice at 11 seats: asked 'Maniac for the town?' at his wake; 'no' makes him black — he counts for the black team but does not know the mafia, and acts alone", () => {
    const t = hostClassic({ roles: HC11, stopAt: "acquaintance" });
    const wakes: string[] = [];
    while (t.phase === "acquaintance") {
      const step = (publicLog(t, "night-turn").at(-1)![1] as { step: string }).step;
      wakes.push(step);
      const asked = t.view(6).you!.actions;
      if (step === "maniac") {
        expect(asked).toEqual([{ type: "choose-side" }]);
        t.reject(7, { type: "choose-side", town: false }, "not-allowed");
        t.act(6, { type: "choose-side", town: false }); // a shake of the head
        expect(t.view(6).you!.actions).toEqual([]); // one answer
      } else {
        expect(asked).toEqual([]);
        t.reject(6, { type: "choose-side", town: false }, "not-allowed");
      }
      t.timeout();
    }
    expect(wakes).toEqual(["mafia", "commissar", "maniac", "doctor"]);
    // Only the Maniac learns his side; he is black now.
    expect(t.seen(6, "side-chosen")).toEqual([["side-chosen", { seat: 6, team: "black" }]]);
    expect(t.seen(1, "side-chosen")).toEqual([]);
    expect(t.spectator().log.some((e) => e.type === "side-chosen")).toBe(false);
    expect(t.view(6).you).toMatchObject({ role: "maniac", team: "black", teammates: [] });
    // The mafia do not know him: the Don's teammates are the Mafia only.
    expect(t.view(1).you!.teammates).toEqual([2, 3]);
    expect(t.view(1).seats[5]!.role).toBeUndefined();
    // Day 1, then the night: the mafia's step and its channel are the Don's and the Mafia's only.
    t.endSpeeches("introductions");
    expect(t.phase).toBe("night-shot");
    expect(t.view(1).floor.channels).toEqual([{ id: "black-team", speakers: [1, 2, 3], video: [1, 2, 3], listeners: [1, 2, 3] }]);
    expect(t.view(6).floor.channels).toEqual([]);
    expect(t.view(6).you!.actions).toEqual([]);
    t.act(1, { type: "use", ability: "mafia-shot", targets: [7] });
    expect(t.seen(6, "shot")).toEqual([]);
    expect(t.seen(2, "shot")).toEqual([["shot", { seat: 1, target: 7 }]]);
  });

  it("RULES.md §4.1 at 11 seats a Maniac who does not answer plays for the town (decision: no answer → red); 'yes' too", () => {
    const silent = hostClassic({ roles: HC11, stopAt: "day1" });
    expect(silent.view(6).you).toMatchObject({ team: "red" });
    expect(silent.seen(6, "side-chosen")).toEqual([["side-chosen", { seat: 6, team: "red" }]]);
    const yes = hostClassic({ roles: HC11, town: true, stopAt: "day1" });
    expect(yes.view(6).you).toMatchObject({ team: "red" });
  });
});

describe("RULES.md §4.2–§4.3 the acquaintance night and day 1", () => {
  it("RULES.md §4.2 acquaintance night: the mafia wake and the Don shows himself (by signs: video, no sound), then the Commissar, the Maniac and the Doctor wake in turn, 10 s each; no actions", () => {
    const t = hostClassic({ stopAt: "acquaintance" });
    expect(t.phase).toBe("acquaintance");
    expect(t.left()).toBe(10_000);
    expect(t.view(2).you!.teammates).toEqual([1, 3]);
    expect(t.view(1).floor.channels).toEqual([{ id: "black-team", speakers: [], video: [1, 2, 3], listeners: [1, 2, 3] }]);
    expect(t.view(4).floor.channels).toEqual([]);
    for (const seat of [1, 2, 4, 5, 6, 7]) expect(t.view(seat).you!.actions).toEqual([]);
    t.reject(1, { type: "shooting-plan", plan: [7] }, "not-allowed");
    t.timeout();
    expect(t.view(1).floor.channels).toEqual([]);
    t.timeout();
    t.timeout();
    t.timeout();
    expect(publicLog(t, "night-turn").map(([, d]) => d)).toEqual([
      { step: "mafia", ms: 10_000 }, { step: "commissar", ms: 10_000 }, { step: "maniac", ms: 10_000 }, { step: "doctor", ms: 10_000 },
    ]);
    expect(t.phase).toBe("introductions");
  });

  it("RULES.md §4.3 day 1: introductions only — each player up to 60 s from seat 1, no nomination, no question, no vote; then night", () => {
    const t = hostClassic({ stopAt: "day1" });
    const speakers: number[] = [];
    while (t.phase === "introductions") {
      expect(t.left()).toBe(60_000);
      speakers.push(t.speaker!);
      // Issue 20: public claims are offered in every speech (test/unit/engine/claims.test.ts).
      expect(t.view(t.speaker!).you!.actions.filter((a) => a.type !== "tech-vote-start" && a.type !== "claim")).toEqual([{ type: "end-speech" }]);
      t.end(t.speaker!);
    }
    expect(speakers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(t.phase).toBe("night-shot");
    expect(publicLog(t, "voting-started")).toEqual([]);
  });
});

describe("RULES.md §4.4 the night", () => {
  it("RULES.md §4.4 night order: the mafia choose and on disagreement the Don's choice decides; the Don checks for the Commissar; the Commissar checks (the Maniac: 'not mafia'); the Maniac must shoot; the Doctor saves one of the wounded", () => {
    const t = hostClassic();
    expect(publicLog(t, "night-turn").slice(4).map(([, d]) => d)).toEqual([{ step: "mafia", ms: 20_000 }]);
    t.act(2, { type: "use", ability: "mafia-shot", targets: [8] });
    t.act(3, { type: "use", ability: "mafia-shot", targets: [8] });
    t.act(1, { type: "use", ability: "mafia-shot", targets: [7] }); // the Don disagrees: his word decides
    next(t);
    expect(t.phase).toBe("night-don-check");
    t.act(1, { type: "use", ability: "don-commissar-check", targets: [4] });
    expect(t.view(1).you!.checks).toEqual([{ target: 4, night: 1, result: "commissar" }]);
    next(t);
    expect(t.phase).toBe("night-check");
    t.act(4, { type: "use", ability: "commissar-mafia-check", targets: [6] });
    expect(t.view(4).you!.checks).toEqual([{ target: 6, night: 1, result: "not-mafia" }]);
    next(t);
    expect(t.phase).toBe("night-kill");
    // "The Maniac must shoot": no skip.
    expect(t.view(6).you!.actions).toEqual([expect.objectContaining({ ability: "kill", skip: false })]);
    t.reject(6, { type: "skip", ability: "kill" }, "not-allowed");
    t.act(6, { type: "use", ability: "kill", targets: [9] });
    next(t);
    expect(t.phase).toBe("night-heal");
    // The Doctor is shown the wounded: the mafia's victim (the Don's choice) and the Maniac's.
    expect(t.seen(5, "wounded")).toEqual([["wounded", { by: 5, night: 1, seats: [7, 9], barred: [] }]]);
    expect(t.seen(7, "wounded")).toEqual([]);
    expect(t.view(5).you!.actions).toEqual([expect.objectContaining({ ability: "save", targets: { min: 1, max: 1, seats: [7, 9] }, skip: false })]);
    t.reject(5, { type: "use", ability: "save", targets: [8] }, "illegal-target"); // not wounded
    t.act(5, { type: "use", ability: "save", targets: [9] });
    next(t);
    expect(publicLog(t, "killed", "left")).toEqual([["killed", { seat: 7 }], ["left", { seat: 7, how: "killed" }]]);
  });

  it("RULES.md §4.4 the Commissar's check of a black Maniac answers 'not mafia'", () => {
    const t = hostClassic({ roles: HC11, town: false });
    night(t, { check: 6 });
    expect(t.view(4).you!.checks).toEqual([{ target: 6, night: 1, result: "not-mafia" }]);
  });

  it("RULES.md §4.4 the Commissar's single shot: a check or the shot, one of them a night; once the shot is spent he only checks", () => {
    const t = hostClassic();
    night(t, { mafia: { 1: 10 } });
    t.endSpeeches("last-words");
    // Day 2 passes without a vote.
    toVote(t, {});
    expect(t.phase).toBe("night-shot");
    next(t);
    next(t);
    expect(t.phase).toBe("night-check");
    expect(t.view(4).you!.actions.map((a) => a.type === "use" && a.ability)).toEqual(["commissar-mafia-check", "commissar-shot"]);
    t.act(4, { type: "use", ability: "commissar-shot", targets: [2] });
    // One or the other: the check is closed for tonight.
    expect(t.view(4).you!.actions).toEqual([]);
    t.reject(4, { type: "use", ability: "commissar-mafia-check", targets: [3] }, "already-acted");
    expect(t.seen(4, "used")).toEqual([["used", { by: 4, ability: "commissar-shot", target: 2, night: 2 }]]);
    next(t);
    next(t);
    expect(t.seen(5, "wounded").at(-1)).toEqual(["wounded", { by: 5, night: 2, seats: [2], barred: [] }]);
    next(t);
    expect(publicLog(t, "killed", "left", "role-revealed").slice(-3)).toEqual([["killed", { seat: 2 }], ["left", { seat: 2, how: "killed" }], ["role-revealed", { seat: 2, role: "mafia", team: "black" }]]);
    // A dead Mafia leaves silently (§4.5): straight to day 3.
    expect(t.phase).toBe("speech");
    toVote(t, {});
    next(t);
    next(t);
    expect(t.phase).toBe("night-check");
    // The shot is spent: only the check is offered.
    expect(t.view(4).you!.actions.map((a) => a.type === "use" && a.ability)).toEqual(["commissar-mafia-check"]);
    t.reject(4, { type: "use", ability: "commissar-shot", targets: [3] }, "illegal-target");
  });

  it("RULES.md §4.4 the Doctor's once-a-game rule and 'crossed hands': a player saved once who is wounded again cannot be saved — the Doctor sees him barred; the Doctor too", () => {
    const t = hostClassic();
    night(t, { mafia: { 1: 7 }, save: 7 });
    expect(publicLog(t, "nobody-killed")).toHaveLength(1);
    toVote(t, {});
    // Night 2: 7 is wounded again (the Maniac) and so is the Doctor (the mafia).
    night(t, { mafia: { 1: 5 }, maniac: 7 });
    const wounded = t.seen(5, "wounded").at(-1)![1];
    expect(wounded).toEqual({ by: 5, night: 2, seats: [5, 7], barred: [7] });
    expect(publicLog(t, "killed").slice(-2)).toEqual([["killed", { seat: 5 }], ["killed", { seat: 7 }]]);

    const u = hostClassic();
    night(u, { mafia: { 1: 5 }, save: 5 }); // the Doctor saves himself
    toVote(u, {});
    night(u, { mafia: { 1: 7 }, maniac: 5 }, { don: 1, commissar: 4, maniac: 6, doctor: 5 });
    expect(u.seen(5, "wounded").at(-1)![1]).toEqual({ by: 5, night: 2, seats: [5, 7], barred: [5] });
  });

  it("RULES.md §4.4 crossed hands in the offer: the barred wounded stay on the list but cannot be chosen", () => {
    const t = hostClassic();
    night(t, { mafia: { 1: 7 }, save: 7 });
    toVote(t, {});
    for (const phase of ["night-shot", "night-don-check", "night-check", "night-kill"]) {
      expect(t.phase).toBe(phase);
      if (phase === "night-shot") t.act(1, { type: "use", ability: "mafia-shot", targets: [7] });
      if (phase === "night-kill") t.act(6, { type: "use", ability: "kill", targets: [8] });
      next(t);
    }
    expect(t.view(5).you!.actions).toEqual([expect.objectContaining({ ability: "save", targets: { min: 1, max: 1, seats: [8], barred: [7] } })]);
    t.reject(5, { type: "use", ability: "save", targets: [7] }, "illegal-target");
  });
});

describe("RULES.md §4.5 morning", () => {
  it("RULES.md §4.5 silent and spoken farewells: a dead Civilian and Doctor speak; a dead Commissar and Mafia leave silently; every card is shown", () => {
    const t = hostClassic();
    night(t, { mafia: { 1: 4 }, maniac: 7 });
    expect(publicLog(t, "role-revealed")).toEqual([["role-revealed", { seat: 4, role: "commissar", team: "red" }], ["role-revealed", { seat: 7, role: "civilian", team: "red" }]]);
    // The Commissar leaves silently; the Civilian speaks.
    expect(t.phase).toBe("last-words");
    expect(t.speaker).toBe(7);
    expect(t.left()).toBe(60_000);
    t.end(7);
    expect(t.phase).toBe("speech");
    toVote(t, {});
    night(t, { mafia: { 1: 5 }, maniac: 2 });
    // The Doctor speaks, the Mafia (2) does not.
    expect(publicLog(t, "speech-started").at(-1)![1]).toMatchObject({ seat: 5, purpose: "last-words" });
    t.end(5);
    expect(t.phase).toBe("speech");
  });

  it("RULES.md §4.5 a red Maniac gets a farewell, a black Maniac leaves silently", () => {
    const red = hostClassic({ roles: HC11, town: true });
    night(red, { mafia: { 1: 6 } });
    expect(red.phase).toBe("last-words");
    expect(red.speaker).toBe(6);
    const black = hostClassic({ roles: HC11, town: false });
    night(black, { mafia: { 1: 6 } });
    expect(publicLog(black, "role-revealed")).toEqual([["role-revealed", { seat: 6, role: "maniac", team: "black" }]]);
    expect(black.phase).toBe("speech");
  });
});

/** Night 1 kills 9 and 10 (two Civilians, each with a farewell): eight players sit on day 2, so the town can split 4 : 4. */
function eightLeft() {
  const t = hostClassic();
  night(t, { mafia: { 1: 10 }, maniac: 9 });
  t.endSpeeches("last-words");
  return t;
}

describe("RULES.md §4.6–§4.7 the day and its vote", () => {
  it("RULES.md §4.6 day speeches: 60 s with one nomination and a question to one player (who answers beside the speaker); then an extra word of 30 s each", () => {
    const t = hostClassic();
    night(t, { mafia: { 1: 10 } });
    t.end(10);
    expect(t.phase).toBe("speech");
    expect(t.speaker).toBe(2);
    expect(t.left()).toBe(60_000);
    const acts = t.view(2).you!.actions.filter((a) => a.type !== "tech-vote-start");
    // Issue 20: and public claims (every role host-classic deals, every other seat, the dead seat 10 too).
    expect(acts).toEqual([
      { type: "end-speech" }, { type: "nominate", targets: [1, 3, 4, 5, 6, 7, 8, 9] }, { type: "ask", targets: [1, 3, 4, 5, 6, 7, 8, 9] },
      { type: "claim", roles: expect.arrayContaining(["commissar", "doctor", "maniac", "don", "mafia", "civilian"]), targets: [1, 3, 4, 5, 6, 7, 8, 9, 10], left: 6 },
    ]);
    t.act(2, { type: "ask", target: 7 });
    expect(t.spectator().floor.channels[0]).toMatchObject({ speakers: [2, 7] });
    t.reject(2, { type: "ask", target: 8 }, "already-acted");
    t.reject(3, { type: "ask", target: 8 }, "not-your-turn");
    t.act(2, { type: "nominate", target: 8 });
    t.reject(2, { type: "nominate", target: 9 }, "already-acted");
    expect(publicLog(t, "asked", "nominated")).toEqual([["asked", { by: 2, target: 7 }], ["nominated", { by: 2, target: 8 }]]);
    t.end(2);
    expect(t.spectator().floor.channels[0]).toMatchObject({ speakers: [3] });
    t.speeches();
    expect(t.phase).toBe("extra-word");
    expect(t.left()).toBe(30_000);
    const extra: number[] = [];
    while (t.phase === "extra-word") { extra.push(t.speaker!); t.end(t.speaker!); } // each passes or speaks
    expect(extra).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 1]);
    expect(t.phase).toBe("voting");
  });

  it("RULES.md §4.6 voting by candidate, one vote against one candidate, the last called too; a late or missing vote is a remark and goes to the last candidate; RULES.md §4.7 the leader defends 60 s and the confirming vote sends them out, card shown, with a farewell", () => {
    const t = hostClassic();
    night(t, { mafia: { 1: 10 } });
    t.end(10);
    toVote(t, { 2: 8, 3: 9 });
    expect(t.spectator().ballot).toMatchObject({ kind: "elimination", mode: "open", candidates: [8, 9], calling: 8 });
    t.reject(4, { type: "vote", target: 9 }, "illegal-target"); // 9 is not called yet
    // Eight vote against 8; 9 votes against 8 too … except 1, who never raises a hand.
    const called = byCandidate(t, { 2: 8, 3: 8, 4: 8, 5: 8, 6: 8, 7: 8, 9: 8, 8: 9 });
    expect(called).toEqual([8, 9]);
    expect(publicLog(t, "remarked")).toEqual([["remarked", { seat: 1, cause: "missing-vote" }]]);
    expect(publicLog(t, "vote-counted").at(-1)![1]).toMatchObject({ tally: [{ seat: 8, votes: 7 }, { seat: 9, votes: 2 }], leaders: [8] });
    // The leader defends.
    expect(t.phase).toBe("defence");
    expect(t.speaker).toBe(8);
    expect(t.left()).toBe(60_000);
    t.end(8);
    expect(t.phase).toBe("confirm-vote");
    expect(publicLog(t, "lift-vote-started").at(-1)![1]).toEqual({ candidates: [8], mode: "open", needed: 5, question: "confirm-vote" });
    question(t, [1, 2, 3, 4, 5], [8]);
    expect(publicLog(t, "left", "role-revealed").slice(-2)).toEqual([["left", { seat: 8, how: "voted-out" }], ["role-revealed", { seat: 8, role: "civilian", team: "red" }]]);
    expect(t.phase).toBe("farewell");
    expect(t.speaker).toBe(8);
  });

  it("RULES.md §4.7 the confirming vote fails (not more than half of the living): the leader stays, night falls", () => {
    const t = hostClassic();
    night(t, { mafia: { 1: 10 } });
    t.end(10);
    toVote(t, { 2: 8 });
    byCandidate(t, {});
    expect(t.phase).toBe("defence");
    t.end(8);
    question(t, [1, 2, 3, 4], [5, 6, 7, 8, 9]);
    expect(publicLog(t, "lift-counted").at(-1)![1]).toMatchObject({ inFavour: 4, needed: 5, passed: false, question: "confirm-vote" });
    expect(t.living()).toContain(8);
    expect(t.phase).toBe("night-shot");
  });

  it("RULES.md §4.7 ties: the tied defend 60 s and the town revotes; most votes leaves (a Mafia leaves silently)", () => {
    const t = eightLeft();
    toVote(t, { 2: 8, 4: 3 });
    byCandidate(t, { 1: 8, 2: 8, 3: 8, 4: 8, 5: 3, 6: 3, 7: 3, 8: 3 });
    expect(publicLog(t, "tie").at(-1)![1]).toEqual({ seats: [8, 3] });
    expect(t.phase).toBe("tie-speech");
    expect(t.left()).toBe(60_000);
    t.endSpeeches("tie-speech");
    expect(t.phase).toBe("revote");
    byCandidate(t, { 1: 8, 2: 8, 3: 8, 4: 3, 5: 3, 6: 3, 7: 3, 8: 3 });
    expect(publicLog(t, "left", "role-revealed").slice(-2)).toEqual([["left", { seat: 3, how: "voted-out" }], ["role-revealed", { seat: 3, role: "mafia", team: "black" }]]);
    expect(t.phase).toBe("night-shot");
  });

  it("RULES.md §4.7 the car crash: a second tie goes to a third vote in which the tied do not vote; more than half of the voters send them all out", () => {
    const t = eightLeft();
    toVote(t, { 2: 8, 4: 3 });
    const tie = { 1: 8, 2: 8, 3: 8, 4: 8, 5: 3, 6: 3, 7: 3, 8: 3 };
    byCandidate(t, tie);
    t.endSpeeches("tie-speech");
    byCandidate(t, { 1: 3, 2: 8, 3: 8, 4: 8, 5: 3, 6: 8, 7: 3, 8: 3 }); // 4 : 4 again
    expect(t.phase).toBe("car-crash");
    expect(publicLog(t, "lift-vote-started").at(-1)![1]).toEqual({ candidates: [8, 3], mode: "open", needed: 4, question: "car-crash" });
    // The tied do not vote.
    expect(t.view(8).you!.actions.filter((a) => a.type !== "tech-vote-start")).toEqual([]);
    t.reject(3, { type: "vote-lift", lift: false }, "not-allowed");
    question(t, [1, 4, 5, 6], [2, 7, 9]);
    expect(publicLog(t, "lift-counted").at(-1)![1]).toMatchObject({ inFavour: 4, needed: 4, passed: true, question: "car-crash" });
    expect(publicLog(t, "left").slice(-2)).toEqual([["left", { seat: 8, how: "voted-out" }], ["left", { seat: 3, how: "voted-out" }]]);
    // The Civilian speaks a farewell, the Mafia leaves silently.
    expect(t.phase).toBe("farewell");
    expect(t.speaker).toBe(8);
    t.end(8);
    expect(t.phase).toBe("night-shot");
  });

  it("RULES.md §4.7 the car crash fails: all the tied stay", () => {
    const t = eightLeft();
    toVote(t, { 2: 8, 4: 3 });
    const tie = { 1: 8, 2: 8, 3: 8, 4: 8, 5: 3, 6: 3, 7: 3, 8: 3 };
    byCandidate(t, tie);
    t.endSpeeches("tie-speech");
    byCandidate(t, tie);
    question(t, [1, 4, 5], [2]);
    expect(publicLog(t, "lift-counted").at(-1)![1]).toMatchObject({ inFavour: 3, needed: 4, passed: false });
    expect(t.living()).toEqual(expect.arrayContaining([3, 8]));
    expect(t.phase).toBe("night-shot");
  });
});

describe("RULES.md §4.8 the end", () => {
  it("RULES.md §4.8 with the mafia gone and a black Maniac alive play goes on; red wins when he is gone too", () => {
    const t = hostClassic({ roles: HC11, town: false });
    // Night 1: the Commissar shoots the Don, the Maniac kills a Civilian.
    night(t, { mafia: { 1: 11 }, shoot: 1, maniac: 10 });
    t.endSpeeches("last-words");
    // Day 2: Mafia 2 leaves by the vote (the sole leader, confirmed).
    toVote(t, { 4: 2 });
    byCandidate(t, {});
    t.end(2);
    question(t, [4, 5, 6, 7, 8, 9]);
    expect(t.phase).toBe("night-shot"); // a Mafia leaves silently
    // Night 3: the Maniac (black, acting alone) kills Mafia 3, the last mafioso — the game goes on: the black Maniac sits.
    night(t, { mafia: { 3: 9 }, maniac: 3 });
    expect(t.result()).toBeNull();
    t.endSpeeches("last-words");
    expect(t.spectator().seats.filter((s) => s.alive && (s.seat <= 3))).toEqual([]);
    // Day 4: the town votes out the Maniac: no black player is left.
    toVote(t, { 4: 6 });
    byCandidate(t, {});
    t.end(6);
    question(t, [4, 5, 7, 8]);
    expect(t.result()).toMatchObject({ winner: "red", reason: "town-eliminated-mafia" });
  });

  it("RULES.md §4.8 black wins at parity, the black Maniac counted with the black team", () => {
    const t = hostClassic({ roles: HC11, town: false });
    // 11 seats: black 1, 2, 3 + the Maniac 6 = 4; red 7. Night 1: two Civilians die.
    night(t, { mafia: { 1: 11 }, maniac: 10 });
    t.endSpeeches("last-words");
    toVote(t, { 1: 9 });
    byCandidate(t, {});
    t.end(9);
    // 9 is voted out: four black (the Don, two Mafia, the Maniac) against four red (4, 5, 7, 8) — parity.
    question(t, [1, 2, 3, 6, 4]);
    expect(t.result()).toMatchObject({ winner: "black", reason: "mafia-parity" });
  });
});

describe("RULES.md §4 with a live host (§1, §5.7)", () => {
  it("RULES.md §5.7 host-classic with a live host: the night's steps and the votes wait for the confirm; a missing vote's remark is the engine's, and the host may give remarks", () => {
    const t = hostClassic({ host: "live" });
    expect(t.phase).toBe("night-shot");
    t.act(1, { type: "use", ability: "mafia-shot", targets: [10] });
    t.timeout();
    expect(t.phase).toBe("night-shot");
    expect(t.hostView().host).toMatchObject({ canConfirm: true, waiting: true, fouls: true });
    t.confirm();
    expect(t.phase).toBe("night-don-check");
    for (let i = 0; i < 4; i++) next(t);
    t.end(10);
    const r = apply(t.state, { kind: "host", action: { type: "remark", seat: 3 } }, t.now);
    expect(r.ok).toBe(true);
    if (r.ok) { t.state = r.state; t.events.push(...r.events); }
    expect(publicLog(t, "remarked")).toEqual([["remarked", { seat: 3 }]]);
    toVote(t, { 2: 8 });
    // The only candidate is called; nobody raises a hand; the count waits for the host.
    t.timeout();
    expect(t.phase).toBe("voting");
    t.confirm();
    expect(publicLog(t, "remarked").length).toBe(10);
    expect(t.phase).toBe("defence");
  });
});
