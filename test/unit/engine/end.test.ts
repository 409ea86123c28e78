import { describe, expect, it } from "vitest";
import { LAYOUT, Table } from "./harness.ts";

describe("§2.12 End", () => {
  it("§2.12 town wins when neither Don nor Mafia is alive (scripted game: town win)", () => {
    const t = new Table({ roles: LAYOUT });
    // Day 1: nobody leaves (break at zero off). Night 1: the Sheriff finds the Don.
    t.speeches();
    t.night({ 1: 10, 2: 10, 3: 10 }, { 4: 1, 1: 5 });
    expect(t.view(4).you!.checks[0]!.result).toBe("mafia");
    t.endSpeeches("last-words");
    // Day 2: the Don leaves by a single nomination.
    t.speeches({ 4: 1 });
    t.endSpeeches("farewell");
    t.night({ 2: 9, 3: 9 }, { 4: 2 });
    t.endSpeeches("last-words");
    t.speeches({ 4: 2 });
    t.endSpeeches("farewell");
    t.night({ 3: 8 }, { 4: 3 });
    t.endSpeeches("last-words");
    expect(t.result()).toBeNull();
    t.speeches({ 4: 3 });
    const r = t.result()!;
    expect(r.winner).toBe("red");
    expect(r.reason).toBe("town-eliminated-mafia");
    expect(t.phase).toBe("game-over");
  });
  it("§2.12 mafia wins when living black ≥ living red (scripted game: mafia win)", () => {
    const t = new Table({ roles: LAYOUT });
    t.speeches();
    const kills = [4, 5, 6, 7];
    for (const k of kills) {
      if (t.phase === "night-shot") t.night({ 1: k, 2: k, 3: k });
      if (t.result()) break;
      t.endSpeeches("last-words");
      // the town votes out a civilian each day
      const victim = t.living().find((s) => s >= 8)!;
      t.speeches({ [t.speaker!]: victim });
      if (t.result()) break;
      t.endSpeeches("farewell");
    }
    const r = t.result()!;
    expect(r.winner).toBe("black");
    expect(r.reason).toBe("mafia-parity");
    expect(t.living().length).toBe(6); // 3 black, 3 red
  });
  it("§2.12 three consecutive rounds with no kill and no elimination: a draw; round 1 does not count (scripted game: draw)", () => {
    const t = new Table({ roles: LAYOUT });
    t.speeches(); // round 1: day 1 (not counted)
    for (let round = 2; round <= 4; round++) {
      expect(t.result()).toBeNull();
      t.night({ 1: 5, 2: 6 }); // a miss
      expect(t.spectator().round).toBe(round);
      t.speeches(); // no candidates
    }
    const r = t.result()!;
    expect(r.winner).toBe("draw");
    expect(r.reason).toBe("three-quiet-rounds");
    expect(t.spectator().round).toBe(4);
  });
  it("§2.12 a departure resets the count of quiet rounds", () => {
    const t = new Table({ roles: LAYOUT });
    t.speeches();
    t.night({ 1: 5, 2: 6 }); // round 2 quiet
    t.speeches();
    t.night({ 1: 9, 2: 9, 3: 9 }); // round 3: a kill
    t.endSpeeches("last-words");
    t.speeches();
    t.night({ 1: 5, 2: 6 }); // round 4 quiet
    t.speeches();
    t.night({ 1: 5, 2: 6 }); // round 5 quiet
    t.speeches();
    expect(t.result()).toBeNull();
    t.night({ 1: 5, 2: 6 }); // round 6 quiet: third in a row
    t.speeches();
    expect(t.result()!.winner).toBe("draw");
  });
  it("§2.12 at the end every role is shown, to players and spectators, with every event", () => {
    const t = new Table({ roles: LAYOUT });
    t.speeches();
    for (let i = 0; i < 3; i++) { t.night({ 1: 5, 2: 6 }, { 4: 1 + i }); t.speeches(); }
    const spec = t.spectator();
    expect(spec.result!.roles.map((r) => r.role)).toEqual(["don", "mafia", "mafia", "sheriff", "civilian", "civilian", "civilian", "civilian", "civilian", "civilian"]);
    expect(spec.seats.map((s) => s.role)).toEqual(spec.result!.roles.map((r) => r.role));
    expect(spec.log.some((e) => e.type === "checked")).toBe(true);
    expect(spec.log.some((e) => e.type === "black-team")).toBe(true);
    expect(t.view(7).seats[0]!.role).toBe("don");
    expect(t.view(7).you!.actions).toEqual([]);
  });
});
