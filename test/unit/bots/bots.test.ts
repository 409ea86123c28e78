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
    // Issue 33: this test asserted only that decide() returned something. It now asserts its title, on the
    // Sheriff's own view (a bot never sees the state): seat 1, seats 3 (red) and 7 (mafia) already checked.
    const seats = Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, alive: true }));
    const sheriff = (actions: unknown[]) =>
      ({ day: 2, phase: "night-check", seats, ballot: null, you: { seat: 1, role: "sheriff", team: "red", teammates: [], checks: [{ target: 3, result: "not-mafia" }, { target: 7, result: "mafia" }], actions } }) as never;
    const check = { type: "use", ability: "sheriff-check", effect: "check", targets: { seats: [2, 3, 4, 5, 6, 7, 8, 9, 10] } };
    for (let k = 0; k < 50; k++) {
      const a = heuristicBot(`s${k}`).decide(sheriff([check])) as { type: string; targets: number[] } | null;
      expect(a?.type).toBe("use");
      expect([3, 7], `bot s${k} checks a seat it has not checked`).not.toContain(a!.targets[0]);
    }
    const nominate = { type: "nominate", targets: [2, 3, 4, 5, 6, 7, 8, 9, 10] };
    for (let k = 0; k < 20; k++) expect(heuristicBot(`n${k}`).decide(sheriff([nominate, { type: "end-speech" }]))).toEqual({ type: "nominate", target: 7 });
    // A spectator has no seat: a bot there decides nothing.
    const s = createGame("sport", { autoDeal: true }, makePlayers(10, true), "sheriff-bot", 0);
    expect(randomBot("r").decide(viewFor(s, { kind: "spectator" }))).toBeNull();
  });
  it("the same seeds give the same bot game", () => {
    const a = playGame({ seed: "same", bots: "heuristic" });
    const b = playGame({ seed: "same", bots: "heuristic" });
    expect(JSON.stringify(a.state)).toBe(JSON.stringify(b.state));
  });
});
