/**
 * RULES.md §5.5 the profiles' day and §5.6 Blackmailer and Judge (issue 16), as scenarios: free
 * discussion, a vote against any living player — open by name (Dark City: hidden until the count) —,
 * ties with 30 s of defence and one revote, Custom's elimination and tie rules, the blackmailed
 * player's lost vote and the Judge's double vote.
 */
import { describe, expect, it } from "vitest";
import { Table } from "./harness.ts";
import { alive, night, profileTable, toNight } from "./profiles-helpers.ts";

/** Free talk runs out: the day's vote is open. */
function toVote(t: Table): void {
  expect(t.phase).toBe("free-talk");
  t.timeout();
  expect(t.phase).toBe("voting");
}

describe("RULES.md §5.5 the profiles' day", () => {
  it("§5.5 free discussion, then a vote against any living player: open and by name, all at once", () => {
    // 1 Mafia, 2 Commissar, 3 Doctor, 4–8 Civilians.
    const t = profileTable("MKHCCCCC");
    expect(t.spectator().floor.channels[0]).toMatchObject({ id: "table", speakers: [1, 2, 3, 4, 5, 6, 7, 8] });
    toVote(t);
    expect(t.left()).toBe(60_000);
    expect(t.view(4).you!.actions).toContainEqual({ type: "vote", targets: [1, 2, 3, 4, 5, 6, 7, 8] });
    t.act(4, { type: "vote", target: 1 });
    // Every ballot is seen as it is cast, by every viewer.
    expect(t.spectator().ballot).toMatchObject({ mode: "open", calling: null, votes: [{ voter: 4, target: 1 }] });
    expect(t.spectator().log.at(-1)).toMatchObject({ type: "vote-cast", data: { voter: 4, target: 1 } });
    t.vote({ 1: 5, 2: 1, 3: 1, 5: 1, 6: 1, 7: 1, 8: 1 });
    expect(t.result()).toMatchObject({ winner: "red" });
  });

  it("§5.5 Dark City: intermediate votes hidden until the count", () => {
    const t = new Table({ preset: "dark-city", seats: 9 });
    t.timeout(); // the black team meets
    toVote(t);
    const someone = t.living()[0]!;
    t.act(someone, { type: "vote", target: t.living()[1]! });
    expect(t.spectator().ballot).toMatchObject({ mode: "closed", votes: [] });
    expect(t.spectator().log.some((e) => e.type === "vote-cast" || e.type === "ballot-cast")).toBe(false);
  });

  it("§5.5 a tie: 30 s of defence each and one revote; a second tie — nobody leaves", () => {
    const t = profileTable("MKHCCCCC");
    toVote(t);
    t.vote({ 5: 6, 6: 5 });
    t.timeout();
    expect(t.phase).toBe("defence");
    expect(t.speaker).toBe(5);
    expect(t.left()).toBe(30_000);
    t.timeout();
    expect(t.speaker).toBe(6);
    t.timeout();
    expect(t.phase).toBe("revote");
    expect(t.spectator().ballot).toMatchObject({ kind: "revote", candidates: [5, 6] });
    t.vote({ 5: 6, 6: 5 });
    t.timeout();
    expect(t.phase.startsWith("night-")).toBe(true);
    expect(alive(t, 5) && alive(t, 6)).toBe(true);
    expect(t.spectator().log.filter((e) => e.type === "tie-stays").map((e) => e.data)).toEqual([{ seats: [5, 6] }]);
  });

  it("§5.5 Fast: the short defence is 15 s", () => {
    const t = new Table({ preset: "fast", seats: 6 });
    t.timeout();
    toVote(t);
    expect(t.left()).toBe(60_000);
    t.vote({ 1: 2, 2: 1 });
    t.timeout();
    expect(t.phase).toBe("defence");
    expect(t.left()).toBe(15_000);
  });

  it("§5.5 Custom: a second tie — all the tied leave, or one drawn at random", () => {
    for (const onTie of ["all", "random"] as const) {
      const t = profileTable("MKHCCCCCCC", { onTie });
      toVote(t);
      t.vote({ 5: 6, 6: 5 });
      t.timeout();
      t.endSpeeches("defence");
      t.vote({ 5: 6, 6: 5 });
      t.timeout();
      const left = t.spectator().log.filter((e) => e.type === "left").map((e) => (e.data as { seat: number }).seat);
      if (onTie === "all") expect(left).toEqual([5, 6]);
      else {
        expect(left).toHaveLength(1);
        expect(t.spectator().log.find((e) => e.type === "tie-drawn")!.data).toEqual({ seats: [5, 6], seat: left[0] });
      }
    }
  });

  it("§5.5 Custom: an absolute majority of the living, or nobody leaves", () => {
    // 5 of 10 living is not more than half: nobody leaves; under plurality the same ballots remove seat 1.
    for (const majority of ["absolute", "plurality"] as const) {
      const t = profileTable("MKHCCCCCCC", { majority });
      toVote(t);
      t.vote({ 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 1: 7 });
      t.timeout();
      expect(alive(t, 1), majority).toBe(majority === "absolute");
    }
  });
});

describe("RULES.md §5.6 Blackmailer and Judge", () => {
  // 1 Blackmailer, 2 Mafia, 3 Commissar, 4 Judge, 5–10 Civilians.
  const LAYOUT = "EMKUCCCCCC";

  it("§5.6 the Judge's open vote counts ×2 and his name is shown once", () => {
    const t = profileTable(LAYOUT);
    toVote(t);
    t.vote({ 4: 5, 6: 7 });
    expect(t.spectator().log.filter((e) => e.type === "judge-shown").map((e) => e.data)).toEqual([{ seat: 4 }]);
    expect(t.spectator().seats[4]!.votes).toBe(2); // the running counters show the double vote too
    t.timeout();
    const count = t.spectator().log.filter((e) => e.type === "vote-counted").at(-1)!.data as { tally: Array<{ seat: number; votes: number }> };
    expect(count.tally.filter((x) => x.votes > 0)).toEqual([{ seat: 5, votes: 2 }, { seat: 7, votes: 1 }]);
    expect(alive(t, 5)).toBe(false);
    night(t, {});
    toVote(t);
    t.vote({ 4: 6 });
    expect(t.spectator().log.filter((e) => e.type === "judge-shown")).toHaveLength(1);
  });

  it("§5.6 the blackmailed player has no vote the coming day and sees it when voting opens; a blackmailed Judge loses his whole vote; lifted when the day ends", () => {
    const t = profileTable(LAYOUT);
    toNight(t);
    night(t, { mafia: { 1: 9, 2: 9 }, blackmailer: { 1: 4 } });
    expect(t.seen(4, "silenced")).toEqual([]); // not before the voting opens
    toVote(t);
    expect(t.seen(4, "silenced")).toEqual([["silenced", { seat: 4, day: 2 }]]);
    for (const s of [3, 5]) expect(t.seen(s, "silenced")).toEqual([]);
    expect(t.spectator().log.some((e) => e.type === "silenced")).toBe(false);
    expect(t.view(4).you!.actions.some((a) => a.type === "vote")).toBe(false);
    t.reject(4, { type: "vote", target: 5 }, "not-allowed");
    // Everyone else voting ends the vote: the Judge is not waited for.
    t.vote({ 1: 5, 2: 5, 3: 6, 5: 6, 6: 5, 7: 6, 8: 5, 10: 6 });
    expect(t.phase).toBe("defence");
    t.endSpeeches("defence");
    t.reject(4, { type: "vote", target: 5 }, "not-allowed"); // nor in the revote
    t.timeout();
    night(t, { mafia: { 1: 10, 2: 10 } });
    toVote(t);
    expect(t.view(4).you!.actions.some((a) => a.type === "vote")).toBe(true);
  });
});
