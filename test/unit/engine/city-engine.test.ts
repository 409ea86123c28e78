/** City (RULES.md §3) through the engine's own guarantees: replay, immutability, rejections change nothing, pause. */
import { describe, expect, it } from "vitest";
import { apply, createGame, nextDeadline } from "../../../shared/engine/index.ts";
import type { GameState, Input } from "../../../shared/engine/types.ts";
import { makePlayers, playGame } from "../../../shared/bots/index.ts";
import { city, toNight } from "./city-helpers.ts";

function deepFreeze<T>(o: T): T {
  if (o && typeof o === "object" && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

describe("city: determinism, immutability, rejections", () => {
  it("§1 Randomness: a city game replays exactly from its seed and input log (10, 11, 12 seats)", () => {
    for (const seats of [10, 11, 12]) {
      const seed = `city-replay-${seats}`;
      const settings = { maniac: seats === 11 ? "red" : "solo", speech: 45 };
      const r = playGame({ presetId: "city", seats, settings, seed, bots: "random", botFlag: false, start: 5_000 });
      let s: GameState = createGame("city", settings, makePlayers(seats, false), seed, 5_000);
      for (const { input, now } of r.inputs) {
        const x = apply(s, input, now);
        expect(x.ok).toBe(true);
        if (x.ok) s = x.state;
      }
      expect(JSON.stringify(s)).toBe(JSON.stringify(r.state));
    }
  });
  it("apply never mutates its input state (deep-frozen states through whole city games, live host too)", () => {
    for (let g = 0; g < 12; g++) {
      const r = playGame({
        presetId: "city", seats: 10 + (g % 3), seed: `city-frozen-${g}`, bots: g % 2 ? "heuristic" : "random", botFlag: false,
        ...(g % 4 === 0 ? { host: "live" as const } : {}),
        onInput: (state) => { deepFreeze(state); },
      });
      expect(r.rejections).toBe(0);
    }
  });
  it("rejections change nothing across random city games (bad night targets, stale timeouts, confirm without a host)", () => {
    let checked = 0;
    playGame({
      presetId: "city", seats: 12, seed: "city-rejections", bots: "random", botFlag: false,
      onInput: (state, _input, now) => {
        const before = JSON.stringify(state);
        const bad: Input[] = [
          { kind: "act", playerId: "p1", action: { type: "use", ability: "mafia-shot", targets: [0] } },
          { kind: "act", playerId: "p2", action: { type: "use", ability: "mafia-shot", targets: [13] } },
          { kind: "act", playerId: "p3", action: { type: "vote", target: 99 } },
          { kind: "timeout", phaseSeq: state.phaseSeq - 1 },
          { kind: "timeout", phaseSeq: state.phaseSeq },
          { kind: "host", action: { type: "confirm" } },
        ];
        for (const input of bad) if (!apply(state, input, now).ok) checked++;
        expect(JSON.stringify(state)).toBe(before);
      },
    });
    expect(checked).toBeGreaterThan(100);
  });
  it("§1 Timers: a pause during a night turn keeps the time that was left", () => {
    const t = city();
    toNight(t);
    t.timeout();
    t.now += 3_000;
    expect(t.left()).toBe(7_000);
    t.control({ type: "pause", by: "organizer", reason: "organizer" });
    expect(nextDeadline(t.state)).toBeNull();
    t.now += 60_000;
    t.control({ type: "resume" });
    expect(t.left()).toBe(7_000);
    expect(t.phase).toBe("night-freeze");
  });
});
