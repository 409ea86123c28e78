/**
 * Issue 31.1: "you did not vote / shoot / check" and the timed move that folds the banners
 * (web/src/table/moves.ts), read from real engine views of a sport table with chosen seats (RULES.md §2):
 * 1 Don, 2–3 Mafia, 4 Sheriff, 5–10 Civilians.
 */
import { describe, expect, it } from "vitest";
import { hasMove, hasOwnMove, markOf, missedMove, openMove } from "../../../web/src/table/moves.ts";
import { Table } from "../engine/harness.ts";

describe("issue 31.1 a missed move is told once its window closed", () => {
  it("§2.6 a ballot not cast: told after the count; a cast one, or one sent in that stage, is not", () => {
    const t = new Table({ roles: "DMMSCCCCCC" });
    t.speeches({ 1: 5, 2: 6 });
    expect(t.phase).toBe("voting");
    expect(hasMove(t.view(7).you!.actions)).toBe(true);
    expect(openMove(t.view(7))).toBe("vote");
    t.act(8, { type: "vote", target: 5 });
    const before7 = markOf(t.view(7));
    const before8 = markOf(t.view(8));
    expect(before8.open).toBeNull();
    t.timeout();
    expect(t.view(7).phaseSeq).not.toBe(before7.phaseSeq);
    expect(missedMove(before7, t.view(7), new Set())).toBe("vote");
    expect(missedMove(before8, t.view(8), new Set())).toBeNull();
    // A vote sent in that stage but not yet shown in the view (the frame crossed the stage's end): not told.
    expect(missedMove(before7, t.view(7), new Set([before7.phaseSeq]))).toBeNull();
    // The same stage: nothing yet.
    expect(missedMove(markOf(t.view(7)), t.view(7), new Set())).toBeNull();
  });

  it("§2.10 the shot and the checks: a black seat that did not shoot, the Sheriff that did not check", () => {
    const t = new Table({ roles: "DMMSCCCCCC" });
    t.speeches();
    expect(t.phase).toBe("night-shot");
    expect(openMove(t.view(2))).toBe("shoot");
    expect(openMove(t.view(5))).toBeNull();
    expect(hasMove(t.view(5).you!.actions)).toBe(false);
    const mafia = markOf(t.view(2));
    t.timeout();
    expect(t.phase).toBe("night-check");
    expect(missedMove(mafia, t.view(2), new Set())).toBe("shoot");
    expect(openMove(t.view(4))).toBe("check");
    const sheriff = markOf(t.view(4));
    t.timeout();
    expect(missedMove(sheriff, t.view(4), new Set())).toBe("check");
  });
});

describe("the centre's \"Your move\" only for a move of one's own (hasOwnMove)", () => {
  /** Sport (RULES.md §2): 1 Don, 2–3 Mafia, 4 Sheriff, 5–10 Civilians; seat `person` is the only person, nine bots. */
  const alone = (person: number) => new Table({ roles: "DMMSCCCCCC", bots: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter((x) => x !== person), stopAt: "acquaintance" });

  it("§2.2 the acquaintance night: a civilian offered only Skip has no move; the Don's shooting plan is one", () => {
    const civilian = alone(7).view(7).you!.actions;
    expect(civilian.map((a) => a.type)).toContain("skip-wait");
    expect(hasOwnMove(civilian)).toBe(false);
    const don = alone(1).view(1).you!.actions;
    expect(don.map((a) => a.type)).toContain("shooting-plan");
    expect(hasOwnMove(don)).toBe(true);
  });

  it("§2.10 the night's shot is a move; a shout, a claim or a technical vote's start alone are not", () => {
    const t = new Table({ roles: "DMMSCCCCCC" });
    t.speeches();
    expect(t.phase).toBe("night-shot");
    expect(hasOwnMove(t.view(2).you!.actions)).toBe(true);
    expect(hasOwnMove(t.view(5).you!.actions)).toBe(false);
    expect(hasOwnMove([{ type: "shout", left: 2 }, { type: "claim", roles: [], targets: [], left: 1 }, { type: "tech-vote-start", kinds: [], targets: [3] }, { type: "early-vote", open: false }])).toBe(false);
    expect(hasOwnMove([{ type: "skip-wait" }, { type: "vote", targets: [3] }])).toBe(true);
  });
});
