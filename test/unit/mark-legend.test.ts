/**
 * Issue 31.7: the seat marks' legend lists what this format and this player can see — no tatar mark at a
 * sport table, a black player's teammate and tally only for the black team, the club's curse and witness
 * only where the composition has them — and every line exists in uk, ru and en.
 */
import { describe, expect, it } from "vitest";
import { legendRows } from "../../web/src/table/legend.ts";
import { en } from "../../web/src/i18n/en.ts";
import { uk } from "../../web/src/i18n/uk.ts";
import { ru } from "../../web/src/i18n/ru.ts";

const keys = (presetId: string, team: string | null, counts: Record<string, number> = {}) =>
  legendRows({ presetId, you: team ? ({ team } as never) : null } as never, counts).map(([, k]) => k.slice("legend.".length));

describe("issue 31.7 the seat marks' legend", () => {
  it("sport, a red player: the common marks, no teammate, no tally, no tatar or club mark", () => {
    const k = keys("sport", "red");
    expect(k).toEqual(expect.arrayContaining(["nominated", "speaking", "votes", "checks", "fouls", "away", "bot"]));
    for (const x of ["teammate", "tally", "voter", "consigliere", "immune", "candidate", "cursed", "witnessed", "judge"]) expect(k).not.toContain(x);
  });
  it("sport, a black player: the teammate and the team's tally", () => {
    expect(keys("sport", "black")).toEqual(expect.arrayContaining(["teammate", "tally"]));
  });
  it("tatar: the voter's turn and the consigliere (RULES.md §7.10)", () => {
    expect(keys("tatar", "red")).toEqual(expect.arrayContaining(["voter", "consigliere"]));
  });
  it("club: immunity and candidates; the curse and the witness only where the composition has them (§6)", () => {
    expect(keys("club", "red")).toEqual(expect.arrayContaining(["immune", "candidate"]));
    expect(keys("club", "red")).not.toContain("cursed");
    expect(keys("club", "red", { curser: 1, witness: 1 })).toEqual(expect.arrayContaining(["cursed", "witnessed"]));
  });
  it("a spectator (no seat): the public marks only", () => {
    expect(keys("sport", null)).not.toContain("teammate");
  });
  it("every line in uk, ru and en", () => {
    const all = new Set([...keys("club", "black", { curser: 1, witness: 1, judge: 1 }), ...keys("tatar", "black")]);
    for (const cat of [en, uk, ru] as Array<Record<string, string>>) for (const k of [...all, "title", "open"]) expect(cat[`legend.${k}`], k).toBeTruthy();
  });
});
