/**
 * Issue 31.2 "Longer windows for beginners" (createGame's `longWindows`; flow/stage.ts windowMs): every
 * window a person must meet with a move doubles — RULES.md §2.6 open voting's 5 s per candidate and closed
 * voting's 10 s, §2.9 the revote and the lift vote, §2.10 the shot and the checks (7 s each) — while §2.2
 * the acquaintance night, §2.3 speeches, §2.7 farewells and §2.9 tie speeches keep their length. Without
 * the option every window is the rules' own (the same scenario, the same numbers as voting.test.ts).
 */
import { describe, expect, it } from "vitest";
import { apply, createGame } from "../../../shared/engine/index.ts";
import { windowMs } from "../../../shared/engine/flow/stage.ts";
import { LAYOUT, Table } from "./harness.ts";

/** Day 2 with everyone alive (day 1 without nominations, a missed night), recording the night's windows. */
function day2(longWindows: boolean, settings: Record<string, unknown> = {}) {
  const t = new Table({ roles: LAYOUT, settings, longWindows, stopAt: "acquaintance" });
  const acquaintance = t.left();
  t.timeout();
  expect(t.phase).toBe("speech");
  const speech = t.left();
  t.speeches();
  expect(t.phase).toBe("night-shot");
  const shot = t.left();
  const shotTimer = t.spectator().timerMs;
  t.act(1, t.use(1, 5));
  t.timeout(); // the shot runs out: a miss
  expect(t.phase).toBe("night-check");
  const check = t.left();
  t.timeout();
  expect(t.phase).toBe("speech");
  expect(t.spectator().day).toBe(2);
  return { t, acquaintance, speech, shot, shotTimer, check };
}

describe("issue 31.2 longer windows for beginners: votes and night moves get twice the time", () => {
  for (const [on, f] of [[true, 2], [false, 1]] as const) {
    const label = on ? "with the option: doubled" : "without it: the rules' own";

    it(`§2.10 the shot and the checks (7 s each) — ${label}; §2.2 acquaintance and §2.3 speeches keep 60 s`, () => {
      const d = day2(on);
      expect(d.shot).toBe(7_000 * f);
      expect(d.shotTimer).toBe(7_000 * f);
      expect(d.check).toBe(7_000 * f);
      expect(d.acquaintance).toBe(60_000);
      expect(d.speech).toBe(60_000);
    });

    it(`§2.6 open voting: 5 s per candidate, every call — ${label}`, () => {
      const { t } = day2(on, { voting: "open" });
      t.speeches({ 2: 9, 3: 7, 4: 8 });
      expect(t.phase).toBe("voting");
      expect(t.left()).toBe(5_000 * f);
      expect(t.spectator().timerMs).toBe(5_000 * f);
      expect(t.spectator().ballot).toMatchObject({ calling: 9 });
      t.timeout();
      expect(t.spectator().ballot).toMatchObject({ calling: 7 });
      expect(t.left()).toBe(5_000 * f);
    });

    it(`§2.6 closed voting 10 s, §2.9 tie speeches 30 s (kept), the revote and the lift vote 10 s — ${label}`, () => {
      const { t } = day2(on);
      t.speeches({ 2: 8, 3: 5 });
      expect(t.phase).toBe("voting");
      expect(t.left()).toBe(10_000 * f);
      t.ballot({ 1: 5, 2: 5, 3: 5, 4: 5, 5: 5, 6: 8, 7: 8, 8: 8, 9: 8, 10: 8 });
      expect(t.phase).toBe("tie-speech");
      expect(t.left()).toBe(30_000);
      t.endSpeeches("tie-speech");
      expect(t.phase).toBe("revote");
      expect(t.left()).toBe(10_000 * f);
      t.ballot({ 1: 5, 2: 5, 3: 5, 4: 5, 5: 5, 6: 8, 7: 8, 8: 8, 9: 8, 10: 8 });
      expect(t.phase).toBe("lift-vote");
      expect(t.left()).toBe(10_000 * f);
      for (const s of [1, 2, 3, 4, 5, 6]) t.act(s, { type: "vote-lift", lift: true });
      t.timeout();
      expect(t.phase).toBe("farewell");
      expect(t.left()).toBe(60_000); // §2.7 the farewell keeps its length
    });
  }

  it("the factor is part of the game from its creation: the same seed and inputs give the same deadlines (a replay)", () => {
    const players = Array.from({ length: 10 }, (_, i) => ({ id: `p${i + 1}`, nickname: `N${i + 1}`, bot: false }));
    const run = () => {
      let s = createGame("sport", { autoDeal: true }, players, "replay", 0, { longWindows: true });
      const r = apply(s, { kind: "timeout", phaseSeq: (s as unknown as { phaseSeq: number }).phaseSeq }, 60_000);
      if (!r.ok) throw new Error(r.rejection.code);
      s = r.state;
      return JSON.stringify(s);
    };
    expect(run()).toBe(run());
    expect(JSON.parse(run()).windowFactor).toBe(2);
  });
});

describe("issue 31.2: only the short windows double (flow/stage.ts windowMs, WINDOW_CAP_MS 30 s)", () => {
  const stage = (factor?: number) => ({ id: "x", module: "voting", data: null, ...(factor ? { factor } : {}) });
  it("§2.6 5 s → 10 s, §2.10 7 s → 14 s, §2.6 10 s → 20 s; a §5.5 profile's 20 s turn → 30 s; its 60 s vote keeps 60 s", () => {
    expect([5_000, 7_000, 10_000, 15_000, 20_000, 30_000, 60_000].map((ms) => windowMs(stage(2), ms))).toEqual([10_000, 14_000, 20_000, 30_000, 30_000, 30_000, 60_000]);
  });
  it("without the option every window is the rules' own", () => {
    expect([5_000, 7_000, 20_000, 60_000].map((ms) => windowMs(stage(), ms))).toEqual([5_000, 7_000, 20_000, 60_000]);
  });
});

describe("issue 31.2: a night in turns (RULES.md §3 city) announces each turn with the time it runs", () => {
  /** The first night turn of a city game on the clock alone: its announced ms and its deadline's distance. */
  function firstTurn(longWindows: boolean): { ms: number; runs: number } {
    const players = Array.from({ length: 10 }, (_, i) => ({ id: `p${i + 1}`, nickname: `N${i + 1}`, bot: false }));
    let s = createGame("city", { autoDeal: true }, players, "turns", 0, longWindows ? { longWindows: true } : {});
    let now = 0;
    for (let i = 0; i < 200; i++) {
      const e = s as unknown as { phaseSeq: number; deadline: number | null };
      now = e.deadline ?? now;
      const r = apply(s, { kind: "timeout", phaseSeq: e.phaseSeq }, now);
      if (!r.ok) throw new Error(r.rejection.code);
      s = r.state;
      const turn = r.events.find((x) => x.type === "night-turn");
      if (turn) return { ms: (turn.data as { ms: number }).ms, runs: (s as unknown as { deadline: number }).deadline - now };
    }
    throw new Error("no night turn");
  }
  it("with the option the turn is announced and run at the longer window; without, at the rules' time", () => {
    const rules = firstTurn(false);
    const long = firstTurn(true);
    expect(rules.runs).toBe(rules.ms);
    expect(long.runs).toBe(long.ms);
    expect(long.ms).toBe(Math.max(rules.ms, Math.min(rules.ms * 2, 30_000)));
    expect(long.ms).toBeGreaterThan(rules.ms);
  });
});
