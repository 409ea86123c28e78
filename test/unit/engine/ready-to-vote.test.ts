/**
 * Issue 31.4 "waits a solo player can skip", as game records:
 *  - *decision* (the profiles, RULES.md §5.5 free discussion → vote): each living person may press
 *    "ready to vote" in free talk; once every living person has pressed it, free talk ends at once and
 *    the log says so. Bots never press it; an input made on an earlier stage is stale.
 *  - *decision*: the only person at a table of bots may skip a wait with nothing to do in it — the
 *    acquaintance night, another seat's speech — never at night, never in their own speech, never with a
 *    move of their own pending, never when another person sits at the table.
 */
import { describe, expect, it } from "vitest";
import { apply } from "../../../shared/engine/index.ts";
import { presetOf } from "../../../shared/engine/presets/index.ts";
import type { PlayerAction } from "../../../shared/engine/types.ts";
import { Table } from "./harness.ts";
import { SCENARIO, countsOf } from "./profiles-helpers.ts";

const READY: PlayerAction = { type: "ready-to-vote" };
const SKIP: PlayerAction = { type: "skip-wait" };

/** A Custom table (1 Mafia, 2 Doctor, 3 Commissar, 4–8 Civilians) at day 1's free talk; every seat but `persons` is a bot. */
function customWith(persons: number[]): Table {
  const layout = "MHKCCCCC";
  const bots = [1, 2, 3, 4, 5, 6, 7, 8].filter((x) => !persons.includes(x));
  const t = new Table({ preset: SCENARIO, roles: layout, settings: countsOf(layout), bots });
  expect(t.phase).toBe("free-talk");
  return t;
}
const offered = (t: Table, seat: number, type: string) => t.view(seat).you!.actions.find((a) => a.type === type);

describe("issue 31.4 decision: 'ready to vote' ends the profiles' free talk once every living person pressed it", () => {
  it("one person and seven bots: the person presses 'ready to vote' 10 s into a 300 s free talk; free talk ends at once, the log says why, the vote opens", () => {
    const t = customWith([4]);
    const started = t.now;
    expect(t.deadline).toBe(started + 300_000);
    expect(offered(t, 4, "ready-to-vote")).toEqual({ type: "ready-to-vote", pressed: false, ready: 0, of: 1 });
    // Bots are never offered it, and an attempt is refused.
    for (const bot of [1, 2, 3, 5, 6, 7, 8]) expect(offered(t, bot, "ready-to-vote")).toBeUndefined();
    t.reject(1, READY, "not-allowed");
    t.act(4, READY, 10_000);
    expect(t.phase).toBe("voting");
    expect(t.now).toBeLessThan(started + 300_000);
    const log = t.spectator().log.map((e) => [e.type, e.data]);
    const i = log.findIndex(([type]) => type === "ready-to-vote");
    expect(log.slice(i, i + 3)).toEqual([
      ["ready-to-vote", { seat: 4, ready: 1, of: 1 }],
      ["free-talk-ended", { why: "all-ready" }],
      ["voting-started", expect.anything()],
    ]);
  });

  it("two persons: the first press waits for the second (1 of 2); pressing twice is refused; the second press ends free talk", () => {
    const t = customWith([4, 6]);
    t.act(4, READY);
    expect(t.phase).toBe("free-talk");
    expect(offered(t, 4, "ready-to-vote")).toEqual({ type: "ready-to-vote", pressed: true, ready: 1, of: 2 });
    expect(offered(t, 6, "ready-to-vote")).toEqual({ type: "ready-to-vote", pressed: false, ready: 1, of: 2 });
    t.reject(4, READY, "already-acted");
    t.act(6, READY);
    expect(t.phase).toBe("voting");
    expect(t.spectator().log.filter((e) => e.type === "free-talk-ended").length).toBe(1);
  });

  it("bound to its stage: a 'ready to vote' made in free talk and arriving after free talk ended is stale and changes nothing", () => {
    const t = customWith([4, 6]);
    const seq = t.s.phaseSeq;
    t.timeout();
    expect(t.phase).toBe("voting");
    const before = JSON.stringify(t.state);
    const r = apply(t.state, { kind: "act", playerId: t.id(4), action: READY, phaseSeq: seq }, t.now);
    expect(r.ok ? "accepted" : r.rejection.code).toBe("stale");
    expect(JSON.stringify(t.state)).toBe(before);
    // And without a stage number, the vote refuses it as an input of another phase.
    expect(offered(t, 4, "ready-to-vote")).toBeUndefined();
  });

  it("only the profiles' free talk offers it (the club's and tatar's free talk lead to speeches, not to the vote)", () => {
    for (const id of ["classic", "extended", "fast", "dark-city", "custom"]) {
      const e = presetOf(id).flow.entries.find((x) => x.module === "free-talk")!;
      expect([id, (e.params as { ready?: boolean }).ready]).toEqual([id, true]);
    }
    for (const id of ["club", "tatar"]) {
      for (const e of presetOf(id).flow.entries.filter((x) => x.module === "free-talk")) expect([id, (e.params as { ready?: boolean }).ready]).toEqual([id, undefined]);
    }
  });
});

describe("issue 31.4 decision: the only person at a table of bots skips a wait with nothing to do", () => {
  /** Sport (RULES.md §2): 1 Don, 2–3 Mafia, 4 Sheriff, 5–10 Civilians; seat `person` is the only person. */
  function sportWith(person: number, stopAt?: "acquaintance"): Table {
    const bots = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter((x) => x !== person);
    return new Table({ roles: "DMMSCCCCCC", bots, ...(stopAt ? { stopAt } : {}) });
  }

  it("the acquaintance night as a civilian: offered, and it ends the night's current wake at once", () => {
    const t = sportWith(7, "acquaintance");
    expect(t.phase).toBe("acquaintance");
    expect(offered(t, 7, "skip-wait")).toEqual({ type: "skip-wait" });
    const seq = t.s.phaseSeq;
    const deadline = t.deadline!;
    t.act(7, SKIP);
    expect(t.s.phaseSeq).toBeGreaterThan(seq);
    expect(t.now).toBeLessThan(deadline);
    expect(t.spectator().log.find((e) => e.type === "wait-skipped")?.data).toEqual({ seat: 7, phase: "acquaintance" });
  });

  it("the Don as the person at the acquaintance night has a move of his own (the shooting plan): no skip", () => {
    const t = sportWith(1, "acquaintance");
    expect(t.view(1).you!.actions.some((a) => a.type === "shooting-plan")).toBe(true);
    expect(offered(t, 1, "skip-wait")).toBeUndefined();
    t.reject(1, SKIP, "not-allowed");
  });

  it("a bot's speech: offered to the person, and the floor passes to the next speaker; in the person's own speech, no skip", () => {
    const t = sportWith(3);
    expect(t.phase).toBe("speech");
    // Walk the day's speeches: each bot speech is skipped by the person; their own is not skippable.
    const seen: number[] = [];
    while (t.phase === "speech" && seen.length < 10) {
      const speaker = t.speaker!;
      seen.push(speaker);
      if (speaker === 3) {
        expect(offered(t, 3, "skip-wait")).toBeUndefined();
        t.reject(3, SKIP, "not-allowed");
        t.act(3, { type: "end-speech" });
        continue;
      }
      expect(offered(t, 3, "skip-wait")).toEqual({ type: "skip-wait" });
      t.act(3, SKIP);
      expect(t.speaker).not.toBe(speaker);
    }
    expect(seen).toContain(3);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("never with another person at the table, never to a bot, never at night", () => {
    const two = new Table({ roles: "DMMSCCCCCC", bots: [1, 2, 4, 5, 6, 7, 8, 9], stopAt: "acquaintance" });
    expect(offered(two, 3, "skip-wait")).toBeUndefined();
    two.reject(3, SKIP, "not-allowed");
    const t = sportWith(7);
    expect(offered(t, 1, "skip-wait")).toBeUndefined();
    t.reject(1, SKIP, "not-allowed");
    // To the night: every speech ends, nobody is nominated.
    while (t.phase === "speech") t.timeout();
    while (!t.phase.startsWith("night")) t.timeout();
    expect(offered(t, 7, "skip-wait")).toBeUndefined();
    t.reject(7, SKIP, "not-allowed");
  });
});
