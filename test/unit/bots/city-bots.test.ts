/** Bots play city (RULES.md §3): both bots finish games on 10/11/12 seats; the heuristic bot plays the new roles sensibly. */
import { describe, expect, it } from "vitest";
import { playGame } from "../../../shared/bots/index.ts";

interface Ev { seq: number; type: string; data: Record<string, number | string>; audience: { kind: string; seats?: number[] } }
interface St { result: { winner: string } | null; events: Ev[]; players: Array<{ seat: number; role: string; team: string }> }

describe("bots play city", () => {
  it("random-legal and heuristic bots finish city games on 10, 11 and 12 seats with no rejected input (server and live host)", () => {
    for (let g = 0; g < 60; g++) {
      const r = playGame({
        presetId: "city", seats: 10 + (g % 3), seed: `cb-${g}`, bots: g % 2 ? "heuristic" : "random",
        settings: { voting: g % 4 < 2 ? "closed" : "open", maniac: g % 5 === 0 ? "red" : "solo", speech: 30 },
        ...(g % 6 === 0 ? { host: "live" as const } : {}),
      });
      expect(r.rejections).toBe(0);
      expect((r.state as unknown as St).result).not.toBeNull();
    }
  });

  it("heuristic: the black team converges (every mafia turn in which all shooters chose is unanimous); Putana freezes non-black; the Maniac never targets himself; the Doctor heals every night; the Commissar checks unchecked players", () => {
    let shotNights = 0, freezes = 0, kills = 0, heals = 0, doctorNights = 0, checks = 0;
    for (let g = 0; g < 60; g++) {
      const r = playGame({ presetId: "city", seats: 10 + (g % 3), seed: `ch-${g}`, bots: "heuristic" });
      const s = r.state as unknown as St;
      const team = (seat: number) => s.players[seat - 1]!.team;
      const role = (seat: number) => s.players[seat - 1]!.role;
      let step = "";
      let shots: number[] = [];
      const checked = new Map<number, Set<number>>();
      for (const e of s.events) {
        if (e.type === "night-turn") {
          if (step === "mafia-shot" && shots.length) { expect(new Set(shots).size).toBe(1); shotNights++; }
          shots = [];
          step = String(e.data.step);
          if (step === "heal" && s.events.some((x) => x.type === "left" && x.seq < e.seq && role(x.data.seat as number) === "doctor") === false) doctorNights++;
        }
        if (e.type === "shot") shots.push(e.data.target as number);
        if (e.type === "froze") { freezes++; expect(team(e.data.target as number)).not.toBe("black"); }
        if (e.type === "kill-chosen") { kills++; expect(e.data.target).not.toBe(e.data.by); }
        if (e.type === "healed") heals++;
        if (e.type === "checked" && role(e.data.by as number) === "commissar") {
          const set = checked.get(e.data.by as number) ?? new Set<number>();
          expect(set.has(e.data.target as number)).toBe(false);
          set.add(e.data.target as number);
          checked.set(e.data.by as number, set);
          checks++;
        }
      }
    }
    expect(shotNights).toBeGreaterThan(60);
    expect(freezes).toBeGreaterThan(30);
    expect(kills).toBeGreaterThan(30);
    expect(checks).toBeGreaterThan(30);
    expect(heals).toBe(doctorNights);
  });

  it("the same seeds give the same city bot game", () => {
    const a = playGame({ presetId: "city", seats: 12, seed: "same-city", bots: "heuristic" });
    const b = playGame({ presetId: "city", seats: 12, seed: "same-city", bots: "heuristic" });
    expect(JSON.stringify(a.state)).toBe(JSON.stringify(b.state));
  });
});
