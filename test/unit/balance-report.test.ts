/**
 * Issue 20, the balance report's arithmetic (bench/balance/report.ts, docs/BALANCE.md): the ± (a 95 %
 * Wilson half-interval), the stopping rule (±1 point or the cap), the counting of rule paths from a
 * hand-made event log, the sums per table size, and the document's sections (a re-run replaces only its
 * own preset under its own label).
 */
import { describe, expect, it } from "vitest";
import {
  addGame, countPaths, emptyAgg, gamesNeeded, mergeAgg, nextTotal, PATHS, share, summarize, upsertSection, widest, withHead, WORST_CASE_GAMES, headlinesOf, compareRows,
  type Agg, type GameSummary, type PresetSection,
} from "../../bench/balance/report.ts";
import { planOf, PLANS } from "../../bench/balance/variants.ts";
import { allPresetIds } from "../../shared/engine/presets/index.ts";
import type { GameEvent } from "../../shared/engine/types.ts";

const PUBLIC = { kind: "public" } as const;
let seq = 0;
/** A hand-made log event (the engine's shape: seq, at, day, type, audience, data). */
const ev = (type: GameEvent["type"], data: unknown, day = 1): GameEvent => ({ seq: ++seq, at: 0, day, type, audience: PUBLIC, data }) as GameEvent;

const agg = (o: Partial<Agg["outcomes"]>): Agg => {
  const a = emptyAgg();
  Object.assign(a.outcomes, o);
  a.games = Object.values(a.outcomes).reduce((s, n) => s + n, 0);
  return a;
};

describe("issue 20 balance report: the ± and the stopping rule", () => {
  it("± is the 95 % Wilson half-interval in points: 50 of 100 → 50 ± 9.6; 500 of 1000 → ± 3.1", () => {
    expect(share(50, 100).pct).toBe(50);
    expect(share(50, 100).pm).toBeCloseTo(9.62, 1);
    expect(share(500, 1000).pm).toBeCloseTo(3.08, 1);
    expect(share(0, 0)).toEqual({ pct: 0, pm: 100 });
  });
  it("games needed for ±1 point: z²·p(1−p)/0.01² — 9604 at ½, 1825 at 5 %, 0 at 0", () => {
    expect(gamesNeeded(0.5)).toBe(9604);
    expect(WORST_CASE_GAMES).toBe(9604);
    expect(gamesNeeded(0.05)).toBe(1825);
    expect(gamesNeeded(0)).toBe(0);
    // at the worst-case count the widest Wilson half-interval is within a point whatever the shares
    expect(share(4802, 9604).pm).toBeLessThanOrEqual(1);
  });
  it("the widest half-interval is over every outcome (town, mafia, solo, draw, unfinished)", () => {
    const a = agg({ red: 300, black: 650, solo: 50 });
    const w = widest(a);
    expect(w.p).toBeCloseTo(0.65, 5);
    expect(w.pm).toBeCloseTo(share(650, 1000).pm, 10);
    expect(w.pm).toBeGreaterThan(share(300, 1000).pm);
  });
  it("plays a first batch, then what the widest share needs, and stops at ±1 point or at the cap", () => {
    const rule = { first: 1000, step: 500, cap: 9604, points: 1 };
    expect(nextTotal(emptyAgg(), rule)).toBe(1000);
    // 5 % / 95 % after 1000: ±1.4 → needs 1825 in all
    expect(nextTotal(agg({ red: 50, black: 950 }), rule)).toBe(1825);
    // close to the target: still at least `step` more
    expect(nextTotal(agg({ red: 90, black: 1710 }), rule)).toBe(2300);
    // within ±1 point: stop
    expect(share(100, 2000).pm).toBeLessThanOrEqual(1);
    expect(nextTotal(agg({ red: 100, black: 1900 }), rule)).toBeNull();
    // 50/50 after 1000: needs 9604, the cap
    expect(nextTotal(agg({ red: 500, black: 500 }), rule)).toBe(9604);
    // a smaller cap stops the run even though ± is still wide
    expect(nextTotal(agg({ red: 500, black: 500 }), { ...rule, cap: 1000 })).toBeNull();
    expect(nextTotal(agg({ red: 250, black: 250 }), { ...rule, cap: 1000 })).toBe(1000);
  });
});

describe("issue 20 balance report: rule paths from the event log", () => {
  const log: GameEvent[] = [
    ev("tie", { seats: [3, 5] }),
    ev("voting-started", { round: "revote", mode: "closed", candidates: [3, 5], calling: null }),
    ev("voting-started", { round: "first", mode: "closed", candidates: [3, 5, 7], calling: null }),
    ev("tie", { seats: [3, 5] }),
    ev("vote-counted", { round: "revote", ballots: [], tally: [], leaders: [3, 5] }),
    ev("vote-counted", { round: "first", ballots: [], tally: [], leaders: [3, 5] }), // a first-round tie is `tie`, not a tied revote
    ev("vote-counted", { round: "revote", ballots: [], tally: [], leaders: [3] }),
    ev("lift-vote-started", { candidates: [3, 5], mode: "closed", needed: 5 }), // §2.9: no `question` = the lift vote
    ev("lift-counted", { candidates: [3, 5], ballots: [], inFavour: 6, needed: 5, passed: true }),
    ev("left", { seat: 3, how: "lifted" }),
    ev("left", { seat: 5, how: "lifted" }),
    ev("lift-vote-started", { candidates: [2, 4], mode: "open", needed: 4, question: "car-crash" }), // §4.7
    ev("lift-counted", { candidates: [2, 4], ballots: [], inFavour: 1, needed: 4, passed: false, question: "car-crash" }),
    ev("lift-vote-started", { candidates: [1], mode: "open", needed: 4, question: "expel-anyone" }), // §6.6
    ev("lift-counted", { candidates: [1], ballots: [], inFavour: 5, needed: 4, passed: true, question: "expel-anyone" }),
    ev("shot-missed", {}),
    ev("nobody-killed", {}),
    ev("left", { seat: 8, how: "killed" }),
    ev("left", { seat: 9, how: "removed" }),
    ev("peaceful-day", { why: "tie-again" }),
    ev("game-over", { winner: "draw", reason: "three-quiet-rounds" }),
  ];
  it("counts each path as often as it happened, the yes/no votes told apart by their question", () => {
    expect(countPaths(log)).toEqual({
      tie: 2, revote: 1, "revote-tied": 1, "lift-vote": 1, "lift-passed": 1, lifted: 2, "car-crash": 1, "expel-anyone": 1, "expel-anyone-passed": 1,
      "quiet-night": 2, killed: 1, removed: 1, "peaceful-day": 1, draw: 1,
    });
  });
  it("a failed vote is not a passed one, a won game is not a draw, private events count too", () => {
    const c = countPaths([
      ev("lift-counted", { candidates: [3], ballots: [], inFavour: 1, needed: 5, passed: false }),
      ev("game-over", { winner: "red", reason: "town-eliminated-mafia" }),
      { ...ev("left", { seat: 2, how: "voted-out" }), audience: { kind: "seats", seats: [2] } } as GameEvent,
    ]);
    expect(c).toEqual({ "voted-out": 1 });
  });
  it("summarizes a final state and adds games up per game and per time", () => {
    const state = { result: { winner: "draw", reason: "three-quiet-rounds" }, day: 4, round: 5, events: log };
    const g = summarize(state, 10, 120);
    expect(g).toMatchObject({ seats: 10, winner: "draw", reason: "three-quiet-rounds", days: 4, rounds: 5, inputs: 120 });
    expect(summarize({ result: null, day: 9, round: 9, events: [] }, 10, 5000).winner).toBe("none");
    const a = addGame(addGame(emptyAgg(), g), { ...g, winner: "black", reason: "mafia-parity", paths: { tie: 1 } });
    expect(a.games).toBe(2);
    expect(a.outcomes).toEqual({ red: 0, black: 1, solo: 0, draw: 1, none: 0 });
    expect(a.pathGames.tie).toBe(2); // in both games
    expect(a.pathTimes.tie).toBe(3); // 2 + 1
    expect(a.pathGames.lifted).toBe(1);
    expect(a.days).toBe(8);
    expect(a.reasons).toEqual({ "three-quiet-rounds": 1, "mafia-parity": 1 });
  });
  it("merging the halves of a run gives the sums of the whole, whatever the split (worker threads)", () => {
    const games: GameSummary[] = Array.from({ length: 7 }, (_, i) => ({
      seats: 10, winner: (["red", "black", "solo"] as const)[i % 3] as GameSummary["winner"], reason: "r", days: i, rounds: i + 1, inputs: 10 * i, paths: (i % 2 ? { tie: i } : {}) as Record<string, number>,
    }));
    const whole = games.reduce(addGame, emptyAgg());
    for (const cut of [0, 3, 7]) expect(mergeAgg(games.slice(0, cut).reduce(addGame, emptyAgg()), games.slice(cut).reduce(addGame, emptyAgg()))).toEqual(whole);
  });
  it("every preset has a plan, its variants have unique keys, and every path it lists exists", () => {
    const ids = new Set(PATHS.map((p) => p.id));
    expect(PLANS.map((p) => p.preset).sort()).toEqual(allPresetIds().slice().sort());
    for (const id of allPresetIds()) {
      const plan = planOf(id);
      expect(plan.variants[0]?.settings).toEqual({});
      expect(new Set(plan.variants.map((v) => v.key)).size).toBe(plan.variants.length);
      for (const p of plan.paths) expect(ids.has(p), `${id}: ${p}`).toBe(true);
    }
  });
});

describe("issue 20 balance report: the document", () => {
  const sec = (preset: string, town: number, text: string): PresetSection => ({
    preset, headline: { town, mafia: 100 - town, solo: null, draw: 0, pm: 0.9, games: 2000 }, markdown: `### ${preset}\n\n${text}\n`,
  });
  const order = ["sport", "city", "club"];
  it("a re-run replaces only its preset under its label; other presets and labels stay; the summary follows", () => {
    let doc = upsertSection("", "heuristic", "Bots: heuristic", sec("city", 4, "city v1"), order, "intro");
    doc = upsertSection(doc, "heuristic", "Bots: heuristic", sec("sport", 5, "sport v1"), order, "intro");
    doc = upsertSection(doc, "strong", "Bots: strong", sec("sport", 48, "sport strong"), order, "intro");
    doc = upsertSection(doc, "heuristic", "Bots: heuristic", sec("city", 7, "city v2"), order, "intro");
    expect(doc).toContain("sport v1");
    expect(doc).toContain("city v2");
    expect(doc).not.toContain("city v1");
    expect(doc).toContain("sport strong");
    // sport before city (the order given), each once; the strong section after the heuristic one
    expect(doc.indexOf("### sport")).toBeLessThan(doc.indexOf("### city"));
    expect(doc.split("### city").length).toBe(2);
    expect(doc.indexOf("Bots: heuristic")).toBeLessThan(doc.indexOf("Bots: strong"));
    expect(doc).toMatch(/\| city \| 7\.0 \| 93\.0 \| — \| 0\.0 \| ±0\.90 \| 2000 \|/);
    expect(doc).not.toMatch(/\| city \| 4\.0 \|/);
    expect(doc).toMatch(/\| sport \| 48\.0 \|/);
  });
  it("the head is replaced, the sections kept", () => {
    const doc = upsertSection("old head\n", "heuristic", "Bots: heuristic", sec("club", 15, "club"), order, "intro");
    const next = withHead(doc, "# new head\n");
    expect(next.startsWith("# new head\n\n<!-- balance:heuristic:begin -->")).toBe(true);
    expect(next).not.toContain("old head");
    expect(next).toContain("### club");
  });
  it("before and after: the compare table reads both labels' headlines; the novice-seat change shows in the strong summary and the compare table", () => {
    let doc = upsertSection("", "heuristic", "Bots: heuristic", sec("sport", 4.1, "before"), order, "intro");
    doc = upsertSection(doc, "heuristic", "Bots: heuristic", sec("city", 4, "before"), order, "intro");
    const strong = { ...sec("sport", 45.5, "after"), headline: { ...sec("sport", 45.5, "").headline, novice: -6.72 } };
    doc = upsertSection(doc, "strong", "Bots: strong", strong, order, "intro");
    expect(headlinesOf(doc, "strong").get("sport")?.novice).toBe(-6.72);
    expect(headlinesOf(doc, "heuristic").get("city")?.town).toBe(4);
    // the strong summary has the novice column; city was not played by strong: not compared
    expect(doc).toMatch(/\| sport \| 45\.5 \| 54\.5 \| — \| 0\.0 \| ±0\.90 \| 2000 \| −6\.7 \|/);
    const rows = compareRows(doc, "heuristic", "strong", order);
    expect(rows.slice(2)).toEqual(["| sport | 4.1 / 95.9 | 45.5 / 54.5 | −6.7 |"]);
    expect(compareRows(doc, "heuristic", "novice", order)).toEqual([]);
  });
  it("the novice-seat measure: the first player's side and whether it won are added up per side and merge by sums", () => {
    const g = (team: string, won: boolean) => ({ seats: 10, winner: (won ? team : "red") as "red", reason: null, days: 1, rounds: 1, inputs: 1, paths: {}, p1: { team, won } });
    const a = addGame(addGame(addGame(emptyAgg(), g("red", true)), g("black", false)), g("black", true));
    const b = addGame(emptyAgg(), g("red", false));
    expect(mergeAgg(a, b).p1).toEqual({ red: [2, 1], black: [2, 1] });
  });
});
