/**
 * Issue 14 "No preset field ignored": a preset built from data alone — sport's composition and day, but
 * two nominations a speech and never oneself, the first speaker always the lowest living seat, a tie
 * settled by a car crash (RULES.md §4.7: a yes/no vote in which the tied do not vote) instead of
 * speeches → revote → lift vote, the night's checks before the shot and the Don deciding the shot
 * (§4.4), and an open reveal (§1) — is registered and played. Every difference from sport below
 * happens only because the engine read that field.
 */
import { describe, expect, it } from "vitest";
import { playGame } from "../../../shared/bots/index.ts";
import { registerPreset, viewFor, type FlowEntry, type Preset } from "../../../shared/engine/index.ts";
import { sport } from "../../../shared/engine/presets/sport.ts";
import { LAYOUT, Table } from "./harness.ts";

function entry(id: string): FlowEntry {
  return sport.flow.entries.find((e) => e.id === id)!;
}
const params = (id: string) => entry(id).params as Record<string, unknown>;

const variant: Preset = {
  ...sport,
  id: "variant-test",
  reveal: "open",
  flow: {
    start: "deal",
    entries: [
      entry("deal"),
      entry("acquaintance"),
      { ...entry("day"), params: { first: "lowest-seat" } },
      { ...entry("day-speeches"), params: { ...params("day-speeches"), nominations: { perSpeech: 2, self: false } } },
      { ...entry("voting"), next: { ...entry("voting").next, tie: "car-crash" } },
      entry("leader-speech"),
      { id: "car-crash", module: "question", params: { name: "lift-vote", ms: 10_000, mode: "open", voters: "not-candidates", eliminates: true }, next: { yes: "farewell", no: "night", cancelled: "night" } },
      entry("farewell"),
      {
        ...entry("night"),
        params: {
          steps: [
            { id: "checks", name: "night-check", ms: 7_000, abilities: ["don-check", "sheriff-check"], announce: "checks-started" },
            { id: "mafia-shot", name: "night-shot", ms: 7_000, abilities: ["mafia-shot"], announce: "none", floor: "black-team" },
          ],
          resolve: { block: [], protect: [], attack: ["mafia-shot"], check: ["don-check", "sheriff-check"] },
          abilities: { "mafia-shot": { consensus: "leader" } },
          morning: { quiet: "shot-missed", out: "shot" },
        },
      },
      entry("last-words"),
    ],
  },
};
registerPreset(variant);

describe("issue 14: a preset variant from data alone is played as its data says", () => {
  it("two nominations a speech, not oneself (§6.4); a tie goes to a car crash the tied do not vote in (§4.7); open reveal (§1)", () => {
    const t = new Table({ preset: "variant-test", roles: LAYOUT });
    expect(t.phase).toBe("speech");
    expect(t.speaker).toBe(1);
    t.reject(1, { type: "nominate", target: 1 }, "illegal-target");
    t.act(1, { type: "nominate", target: 5 });
    expect(t.view(1).you!.actions).toContainEqual({ type: "nominate", targets: [2, 3, 4, 6, 7, 8, 9, 10] });
    t.act(1, { type: "nominate", target: 6 });
    t.reject(1, { type: "nominate", target: 7 }, "already-acted");
    t.endSpeeches("speech");
    expect(t.phase).toBe("voting");
    t.vote({ 1: 6, 2: 6, 3: 6, 4: 6, 5: 6, 6: 5, 7: 5, 8: 5, 9: 5, 10: 5 });
    // The tie: no tie speeches, no revote — the car crash at once, without the tied.
    expect(t.phase).toBe("lift-vote");
    expect(t.spectator().ballot).toMatchObject({ kind: "lift", candidates: [5, 6], needed: 5, mode: "open" });
    expect(t.view(5).you!.actions.some((a) => a.type === "vote-lift")).toBe(false);
    t.reject(5, { type: "vote-lift", lift: false }, "not-allowed");
    for (const s of [1, 2, 3, 4, 7]) t.act(s, { type: "vote-lift", lift: true });
    for (const s of [8, 9, 10]) t.act(s, { type: "vote-lift", lift: false });
    expect(t.phase).toBe("farewell");
    expect(t.spectator().log.filter((e) => e.type === "left").map((e) => e.data)).toEqual([{ seat: 5, how: "lifted" }, { seat: 6, how: "lifted" }]);
    // Open reveal: the table sees the cards of those who left, at once.
    expect(t.spectator().log.filter((e) => e.type === "role-revealed").map((e) => e.data)).toEqual([
      { seat: 5, role: "civilian", team: "red" },
      { seat: 6, role: "civilian", team: "red" },
    ]);
    expect(t.spectator().seats[4]).toMatchObject({ role: "civilian", team: "red" });
    expect(t.spectator().seats[6]!.role).toBeUndefined();
  });

  it("the night runs the checks first, then the shot the Don decides (§4.4); the next day starts at the lowest living seat", () => {
    const t = new Table({ preset: "variant-test", roles: LAYOUT });
    t.speeches();
    expect(t.phase).toBe("night-check");
    t.act(4, t.use(4, 1));
    expect(t.view(4).you!.checks).toEqual([{ target: 1, night: 1, result: "mafia" }]);
    t.act(1, t.use(1, 4));
    expect(t.view(1).you!.checks).toEqual([{ target: 4, night: 1, result: "sheriff" }]);
    t.timeout();
    expect(t.phase).toBe("night-shot");
    // Different choices: in sport a miss (§2.10); here the Don's word decides.
    t.act(1, t.use(1, 7));
    t.act(2, t.use(2, 8));
    t.act(3, t.use(3, 8));
    t.timeout();
    expect(t.phase).toBe("last-words");
    expect(t.speaker).toBe(7);
    expect(t.spectator().seats[6]).toMatchObject({ alive: false, out: "shot", role: "civilian" });
    const night = t.spectator().log.filter((e) => ["checks-started", "killed"].includes(e.type)).map((e) => e.type);
    expect(night).toEqual(["checks-started", "killed"]);
    t.endSpeeches("last-words");
    expect(t.spectator().log.filter((e) => e.type === "day-started").at(-1)!.data).toEqual({ day: 2, firstSpeaker: 1 });
  });

  it("the same inputs under sport: the second nomination and the tied voter's yes/no are refused, and the split shot misses", () => {
    const t = new Table({ roles: LAYOUT });
    t.act(1, { type: "nominate", target: 5 });
    t.reject(1, { type: "nominate", target: 6 }, "already-acted");
    const u = new Table({ roles: LAYOUT });
    u.speeches();
    expect(u.phase).toBe("night-shot");
    u.act(1, u.use(1, 7));
    u.act(2, u.use(2, 8));
    u.act(3, u.use(3, 8));
    u.timeout();
    u.timeout();
    expect(u.spectator().log.at(-1)?.type).not.toBe("killed");
    expect(u.spectator().seats[6]!.alive).toBe(true);
  });

  it("random bot games of the variant all end", () => {
    const reasons = new Set<string>();
    for (let g = 0; g < 40; g++) {
      const r = playGame({ presetId: "variant-test", seed: `variant-${g}`, mode: "fast", bots: "random" });
      const result = viewFor(r.state, { kind: "spectator" }).result;
      expect(result, `game ${g}`).not.toBeNull();
      expect(r.rejections, `game ${g}`).toBe(0);
      reasons.add(result!.reason);
    }
    expect(reasons.has("mafia-parity") || reasons.has("town-eliminated-mafia")).toBe(true);
  });

  it("a preset whose data does not fit is refused when registered: an unknown field, a missing outcome, an ability outside its stage", () => {
    const broken = (id: string, change: (e: FlowEntry[]) => FlowEntry[]): Preset => ({ ...variant, id, flow: { start: "deal", entries: change(variant.flow.entries.slice()) } });
    expect(() => registerPreset(broken("b1", (es) => es.map((e) => (e.id === "day-speeches" ? { ...e, params: { ...(e.params as object), unique: true } } : e))))).toThrow(/day-speeches.*unique/);
    expect(() => registerPreset(broken("b2", (es) => es.map((e) => (e.id === "voting" ? { ...e, next: { out: "farewell", leader: "leader-speech", none: "night", cancelled: "night" } } : e))))).toThrow(/no successor for outcome "tie"/);
    expect(() =>
      registerPreset(broken("b3", (es) => es.map((e) => (e.id === "night" ? { ...e, params: { ...(e.params as object), resolve: { block: [], protect: [], attack: [], check: ["don-check", "sheriff-check", "mafia-shot"] } } } : e)))),
    ).toThrow(/resolution stage of its effect/);
    expect(() => registerPreset(broken("b4", (es) => es.map((e) => (e.id === "voting" ? { ...e, next: { ...e.next, tie: "nowhere" } } : e))))).toThrow(/unknown entry nowhere/);
  });
});
