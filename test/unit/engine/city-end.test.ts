/**
 * RULES.md §3 city — the end of the game (§5.4 win, §2.12 draw), as whole games from the deal to the
 * result. Seats (CITY10): 1 Don, 2 Mafia, 3 Putana, 4 Commissar, 5 Doctor, 6 Maniac, 7–10 Civilians.
 * Every game uses break-at-zero so that day 1 may eliminate (§2.8).
 */
import { describe, expect, it } from "vitest";
import { playGame } from "../../../shared/bots/index.ts";
import { alive, city, morning, voteOut } from "./city-helpers.ts";

const opts = (settings: Record<string, unknown> = {}) => ({ settings: { breakAtZero: true, ...settings } });

describe("§3/§5.4 city: the end", () => {
  it("§5.4 town wins once all mafia (Don, Mafia, Putana) and the solo Maniac are out", () => {
    const t = city(opts());
    voteOut(t, 1); // day 1: the Don
    t.turns({});
    voteOut(t, 2); // day 2: the Mafia
    t.turns({}); // Putana, now the last black, does not shoot
    voteOut(t, 3); // day 3: Putana — no black left, but the solo Maniac lives: play on
    expect(t.result()).toBeNull();
    t.turns({});
    voteOut(t, 6); // day 4: the Maniac
    expect(t.result()).toMatchObject({ winner: "red", reason: "town-eliminated-mafia-and-maniac" });
    expect(t.result()!.roles.map((r) => r.role)).toEqual(["don", "mafia", "putana", "commissar", "doctor", "maniac", "civilian", "civilian", "civilian", "civilian"]);
    expect(t.phase).toBe("game-over");
  });
  it("§3 a red Maniac plays for the town: the town wins when the last black player leaves, the Maniac alive", () => {
    const t = city(opts({ maniac: "red" }));
    voteOut(t, 1);
    t.turns({});
    voteOut(t, 2);
    t.turns({});
    voteOut(t, 3);
    expect(alive(t, 6)).toBe(true);
    expect(t.result()).toMatchObject({ winner: "red" });
    expect(t.result()!.roles[5]).toMatchObject({ role: "maniac", team: "red" });
  });
  it("§5.4 mafia wins when living black ≥ all others — decision: the solo Maniac counts among the others", () => {
    const t = city(opts());
    t.speeches(); // day 1: no candidate
    t.turns({ shot: { 1: 7, 2: 7 }, kill: { 6: 8 } }); // night 1: 7 and 8 die
    morning(t);
    voteOut(t, 9); // day 2: living 1–6, 10: black 3, red 3 + the Maniac — not yet parity
    expect(t.result()).toBeNull();
    expect(t.phase).toBe("night-shot");
    t.turns({ shot: { 1: 10, 2: 10 } }); // night 2: black 3 vs Commissar, Doctor, Maniac
    expect(t.result()).toMatchObject({ winner: "black", reason: "mafia-parity" });
  });
  it("§5.4 the Maniac wins when two remain, he and anyone — before the mafia (his win takes priority)", () => {
    const t = city(opts());
    voteOut(t, 2); // day 1: the Mafia
    t.turns({ shot: { 1: 7 }, kill: { 6: 3 } }); // night 1: the Don kills 7, the Maniac kills Putana
    morning(t);
    voteOut(t, 8); // day 2
    t.turns({ shot: { 1: 9 }, kill: { 6: 10 } }); // night 2
    morning(t);
    voteOut(t, 4); // day 3: living Don, Doctor, Maniac
    expect(t.result()).toBeNull();
    t.turns({ shot: { 1: 5 } }); // night 3: the Don kills the Doctor → the Don and the Maniac remain
    expect(t.result()).toMatchObject({ winner: "solo", reason: "maniac-last-standing" });
  });
  it("§5.4 with the black team gone the game goes on while the solo Maniac lives; voting him out wins for the town", () => {
    const t = city(opts());
    voteOut(t, 2);
    t.turns({ shot: { 1: 7 }, kill: { 6: 3 } });
    morning(t);
    voteOut(t, 8);
    t.turns({ shot: { 1: 9 }, kill: { 6: 10 } });
    morning(t);
    voteOut(t, 1); // day 3: the Don leaves; Commissar, Doctor, Maniac remain: no black, the Maniac lives
    expect(t.result()).toBeNull();
    t.turns({});
    voteOut(t, 6);
    expect(t.result()).toMatchObject({ winner: "red" });
  });
  it("§3 draw rule as sport (§2.12): three rounds without a death or an elimination; round 1 not counted", () => {
    const t = city();
    t.speeches(); // round 1
    for (const target of [7, 8, 7]) {
      t.turns({ shot: { 1: target, 2: target }, heal: { 5: target } }); // the Doctor saves: a quiet night
      expect(t.result()).toBeNull();
      t.speeches();
    }
    expect(t.result()).toMatchObject({ winner: "draw", reason: "three-quiet-rounds" });
  });
  it("whole bot games end in every outcome: town, mafia, Maniac (and no game is left unfinished)", () => {
    const seen: Record<string, number> = {};
    for (let g = 0; g < 150; g++) {
      const r = playGame({ presetId: "city", seats: 10 + (g % 3), seed: `city-end-${g}`, bots: g % 2 ? "heuristic" : "random", mode: "fast" });
      expect(r.rejections).toBe(0);
      const res = (r.state as unknown as { result: { winner: string } | null }).result;
      seen[res?.winner ?? "none"] = (seen[res?.winner ?? "none"] ?? 0) + 1;
    }
    expect(seen.none ?? 0).toBe(0);
    expect(seen.red).toBeGreaterThan(0);
    expect(seen.black).toBeGreaterThan(0);
    expect(seen.solo).toBeGreaterThan(0);
  });
});
