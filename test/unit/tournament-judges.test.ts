/**
 * RULES.md §9.1 (2026-12-06): "a judge never judges or hosts a table at which they play" — the round's
 * judge assignment (shared/tournaments/judges.ts).
 */
import { describe, expect, it } from "vitest";
import { assignJudges } from "../../shared/tournaments/judges.ts";

const plays = (tables: Array<Array<string | null>>, judges: string[]) => assignJudges(tables, judges);

describe("§9.1 the judges of a round's tables", () => {
  it("without conflicts: in turn from the list, as before (table k → judge k mod J)", () => {
    expect(plays([["a"], ["b"], ["c"]], ["J1", "J2", "J3"])).toEqual(["J1", "J2", "J3"]);
    expect(plays([["a"], ["b"], ["c"]], ["J1", "J2"])).toEqual(["J1", "J2", "J1"]);
    expect(plays([["a"], ["b"]], [])).toEqual([null, null]);
  });

  it("never a judge at a table where they play; as many tables as possible get a judge of their own", () => {
    expect(plays([["J1", "x"], ["y"]], ["J1", "J2"])).toEqual(["J2", "J1"]);
    // J2 plays at table 2 and J1 at table 3: the matching moves J1 to table 2, J2 to table 1… every table judged once.
    const out = plays([["a"], ["J2"], ["J1"]], ["J1", "J2", "J3"]);
    out.forEach((j, k) => expect([["a"], ["J2"], ["J1"]][k]).not.toContain(j));
    expect(new Set(out).size).toBe(3);
  });

  it("fewer judges than tables: a judge is shared, never where they play; a table where every judge plays has none", () => {
    const tables = [["J1", "J2"], ["a"], ["J1"]];
    const out = plays(tables, ["J1", "J2"]);
    expect(out[0]).toBeNull();
    out.forEach((j, k) => expect(tables[k]).not.toContain(j));
    expect(out.slice(1).every((j) => j !== null)).toBe(true);
  });

  it("random rounds: no table ever gets a judge who plays there, and a table is unjudged only when every judge plays at it", () => {
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let round = 0; round < 500; round++) {
      const judges = Array.from({ length: 1 + rnd(5) }, (_, i) => `J${i}`);
      const tables = Array.from({ length: 1 + rnd(5) }, () => Array.from({ length: 4 }, () => (rnd(3) === 0 ? judges[rnd(judges.length)]! : `p${rnd(99)}`)));
      const out = assignJudges(tables, judges);
      out.forEach((j, k) => {
        if (j !== null) expect(tables[k]).not.toContain(j);
        else expect(judges.every((x) => tables[k]!.includes(x))).toBe(true);
      });
    }
  });
});
