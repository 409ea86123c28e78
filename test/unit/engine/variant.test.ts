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
import { city as cityPreset } from "../../../shared/engine/presets/city.ts";
import { CITY10 } from "./city-helpers.ts";
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

/**
 * A second data-only day (RULES.md §6.4–§6.5, §7.2–§7.4): free talk first (1 min on day 1, 2 min after),
 * speeches with up to two nominations each that all count, candidates by tiers (most and second-most
 * nominations; more than four: no vote), a vote by voters in turn from the seat after the first speaker,
 * never for oneself, unused votes lost; a tie gets defence speeches and one revote, and a second tie is a
 * peaceful day.
 */
const dayVariant: Preset = {
  ...sport,
  id: "variant-day",
  flow: {
    start: "deal",
    entries: [
      entry("deal"),
      entry("acquaintance"),
      { ...entry("day"), next: { started: "free-talk" } },
      { id: "free-talk", module: "free-talk", params: { ms: 120_000, dayOneMs: 60_000, earlyVote: { supporters: 2 } }, next: { done: "day-speeches", "early-vote": "early-voting" } },
      {
        ...entry("day-speeches"),
        params: { ...params("day-speeches"), ms: 30_000, nominations: { perSpeech: 2, self: false, unique: false }, earlyVote: { supporters: 2 } },
        next: { ...entry("day-speeches").next, "early-vote": "early-voting" },
      },
      {
        id: "early-voting", module: "voting",
        params: { name: "voting", round: "first", mode: "in-turn", perVoterMs: 10_000, closedMs: 10_000, openMsPerCandidate: 5_000, candidates: "living", selfVote: false, unusedVote: "none", singleCandidate: "vote", late: { extraMs: 5_000 } },
        next: { out: "farewell", leader: "night", tie: "defence", none: "night", cancelled: "night" },
      },
      {
        id: "voting", module: "voting",
        params: { name: "voting", round: "first", mode: "in-turn", perVoterMs: 10_000, closedMs: 10_000, openMsPerCandidate: 5_000, candidates: "tiers", maxCandidates: 4, selfVote: false, unusedVote: "none", singleCandidate: "vote" },
        next: { out: "farewell", leader: "night", tie: "defence", none: "night", cancelled: "night" },
      },
      { id: "defence", module: "speeches", params: { name: "defence", purpose: "defence", ms: 30_000, speakers: "living" }, next: { done: "revote", cancelled: "night" } },
      {
        id: "revote", module: "voting",
        params: { name: "revote", round: "revote", mode: "in-turn", perVoterMs: 10_000, closedMs: 10_000, openMsPerCandidate: 5_000, candidates: "given", selfVote: false, unusedVote: "none", singleCandidate: "vote" },
        next: { out: "farewell", leader: "night", tie: "night", none: "night", cancelled: "night" },
      },
      entry("farewell"),
      entry("night"),
      entry("last-words"),
    ],
  },
};
registerPreset(dayVariant);

describe("issue 14: day procedures from data — free talk, tiers, voting in turn, defence, a peaceful day", () => {
  it("free talk opens every living microphone; nominations count by tiers; voters are called in turn and never vote for themselves", () => {
    const t = new Table({ preset: "variant-day", roles: LAYOUT });
    expect(t.phase).toBe("free-talk");
    expect(t.left()).toBe(60_000);
    expect(t.spectator().floor.channels).toEqual([{ id: "table", speakers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], video: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], listeners: "everyone" }]);
    t.timeout();
    expect(t.phase).toBe("speech");
    t.act(1, { type: "nominate", target: 5 });
    t.act(1, { type: "nominate", target: 6 });
    t.end(1);
    t.act(2, { type: "nominate", target: 5 }); // a second nomination of 5 counts (not unique)
    t.reject(2, { type: "nominate", target: 5 }, "illegal-target"); // but not twice in one speech
    t.act(2, { type: "nominate", target: 7 });
    t.end(2);
    t.act(3, { type: "nominate", target: 5 });
    t.act(3, { type: "nominate", target: 6 });
    t.end(3);
    t.act(4, { type: "nominate", target: 8 });
    t.endSpeeches("speech");
    // 5 has three nominations, 6 two, 7 and 8 one: the first two tiers are the candidates.
    expect(t.phase).toBe("voting");
    expect(t.spectator().ballot).toMatchObject({ kind: "elimination", mode: "in-turn", candidates: [5, 6], voter: 2 });
    t.reject(3, { type: "vote", target: 5 }, "not-your-turn");
    const order: number[] = [];
    const ballots: Record<number, number> = { 2: 5, 3: 5, 4: 5, 5: 6, 6: 5, 7: 6, 8: 6, 9: 6, 10: 6, 1: 5 };
    for (let i = 0; i < 10; i++) {
      const b = t.spectator().ballot!;
      const voter = b.kind === "lift" ? 0 : (b.voter as number);
      order.push(voter);
      if (voter === 5) t.reject(5, { type: "vote", target: 5 }, "illegal-target");
      t.act(voter, { type: "vote", target: ballots[voter]! });
    }
    expect(order).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 1]);
    // 5 : 5 — the tied defend, then one revote in turn; a second tie is a peaceful day.
    expect(t.phase).toBe("defence");
    expect(t.speaker).toBe(5);
    t.endSpeeches("defence");
    expect(t.phase).toBe("revote");
    for (let i = 0; i < 10; i++) {
      const b = t.spectator().ballot!;
      const voter = b.kind === "lift" ? 0 : (b.voter as number);
      t.act(voter, { type: "vote", target: ballots[voter]! });
    }
    expect(t.phase).toBe("night-shot");
    expect(t.living()).toHaveLength(10);
  });

  it("more than four candidates: nobody leaves, night falls (§6.5); a voter who lets the time run out has no vote (§7.3)", () => {
    const t = new Table({ preset: "variant-day", roles: LAYOUT });
    t.timeout();
    for (const [seat, target] of [[1, 5], [2, 6], [3, 7], [4, 8], [5, 9]] as const) {
      t.act(seat, { type: "nominate", target });
      t.end(seat);
    }
    t.endSpeeches("speech");
    expect(t.spectator().log.filter((e) => e.type === "too-many-candidates").map((e) => e.data)).toEqual([{ seats: [5, 6, 7, 8, 9] }]);
    expect(t.phase).toBe("night-shot");
    t.timeout();
    t.timeout();
    t.endSpeeches("last-words");
    expect(t.phase).toBe("free-talk");
    expect(t.left()).toBe(120_000);
    t.timeout();
    const first = t.speaker!;
    t.act(first, { type: "nominate", target: t.living().find((x) => x !== first)! });
    t.endSpeeches("speech");
    expect(t.phase).toBe("voting");
    const calls = t.spectator().log.filter((e) => e.type === "voter-called").length;
    t.timeout(); // the first voter's 10 s run out
    expect(t.spectator().log.filter((e) => e.type === "voter-called").length).toBe(calls + 1);
    expect(t.spectator().ballot).toMatchObject({ votes: [] });
  });

  it("§7.5 an early vote: asked in free talk or in one's own speech; with two supporters the town votes at once, against any living player", () => {
    const t = new Table({ preset: "variant-day", roles: LAYOUT });
    expect(t.view(3).you!.actions).toContainEqual({ type: "early-vote", open: false });
    t.act(3, { type: "early-vote" });
    t.reject(3, { type: "early-vote" }, "already-acted");
    expect(t.view(4).you!.actions).toContainEqual({ type: "early-vote", open: true });
    t.act(4, { type: "early-vote" });
    expect(t.phase).toBe("free-talk");
    t.act(5, { type: "early-vote" });
    expect(t.spectator().log.filter((e) => e.type.startsWith("early-vote")).map((e) => [e.type, e.data])).toEqual([
      ["early-vote-asked", { seat: 3, needed: 2 }],
      ["early-vote-supported", { seat: 4, supporters: 1, needed: 2 }],
      ["early-vote-supported", { seat: 5, supporters: 2, needed: 2 }],
      ["early-vote-passed", { by: 3 }],
    ]);
    expect(t.phase).toBe("voting");
    expect(t.spectator().ballot).toMatchObject({ mode: "in-turn", candidates: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], voter: 2 });
    expect(t.view(2).you!.actions).toContainEqual({ type: "vote", targets: [1, 3, 4, 5, 6, 7, 8, 9, 10] });
  });

  it("§7.5 in the speeches only the speaker asks; the request lapses with the speech", () => {
    const t = new Table({ preset: "variant-day", roles: LAYOUT });
    t.timeout();
    expect(t.speaker).toBe(1);
    t.reject(2, { type: "early-vote" }, "not-your-turn");
    expect(t.view(2).you!.actions.some((a) => a.type === "early-vote")).toBe(false);
    t.act(1, { type: "early-vote" });
    t.act(2, { type: "early-vote" });
    t.end(1);
    expect(t.view(3).you!.actions.some((a) => a.type === "early-vote")).toBe(false);
    t.act(2, { type: "early-vote" });
    t.act(3, { type: "early-vote" });
    t.act(4, { type: "early-vote" });
    expect(t.phase).toBe("voting");
  });
});

/**
 * A data-only night (RULES.md §5.2, §5.6): city's roles, but the mafia settles its shot by a tally until
 * agreement and never names its own team, and the Doctor heals himself once a game.
 */
const nightVariant: Preset = {
  ...cityPreset,
  id: "variant-night",
  flow: {
    start: "deal",
    entries: cityPreset.flow.entries.map((e): FlowEntry => {
      if (e.id !== "night") return e;
      const p = e.params as { abilities: Record<string, object> };
      return { ...e, params: { ...p, abilities: { ...p.abilities, "mafia-shot": { consensus: "tally", targets: { side: "other" } }, heal: { skip: true, targets: { selfTimes: 1 } } } } };
    }),
  },
};
registerPreset(nightVariant);

describe("issue 14: night rules from data — a tally until agreement (§5.2), never one's own team, a self-heal once a game (§5.6)", () => {
  it("the mafia sees an anonymous tally, may change its choice, and the step ends as soon as they agree", () => {
    const t = new Table({ preset: "variant-night", roles: CITY10 });
    t.speeches();
    expect(t.phase).toBe("night-shot");
    const shot = t.view(1).you!.actions.find((a) => a.type === "use");
    expect(shot).toMatchObject({ ability: "mafia-shot", targets: { seats: [4, 5, 6, 7, 8, 9, 10] } });
    t.reject(1, { type: "use", ability: "mafia-shot", targets: [2] }, "illegal-target");
    t.act(1, { type: "use", ability: "mafia-shot", targets: [7] });
    t.act(2, { type: "use", ability: "mafia-shot", targets: [8] });
    expect(t.phase).toBe("night-shot");
    // Still offered: a choice may change until they agree.
    expect(t.view(1).you!.actions.some((a) => a.type === "use")).toBe(true);
    t.act(1, { type: "use", ability: "mafia-shot", targets: [8] });
    expect(t.phase).toBe("night-freeze");
    expect(t.view(2).log.filter((e) => e.type === "shot-tally").map((e) => e.data)).toEqual([
      { tally: [{ seat: 7, votes: 1 }], agreed: false },
      { tally: [{ seat: 7, votes: 1 }, { seat: 8, votes: 1 }], agreed: false },
      { tally: [{ seat: 8, votes: 2 }], agreed: true },
    ]);
    // Anonymous, and for the shooters only: no "shot" events, nothing for Putana, the town or spectators.
    expect(t.view(2).log.some((e) => e.type === "shot")).toBe(false);
    for (const v of [t.view(3), t.view(7), t.spectator()]) expect(v.log.some((e) => e.type === "shot-tally")).toBe(false);
    t.restOfNight();
    expect(t.spectator().seats[7]!.alive).toBe(false);
  });

  it("no agreement when the time runs out: no kill", () => {
    const t = new Table({ preset: "variant-night", roles: CITY10 });
    t.speeches();
    t.act(1, { type: "use", ability: "mafia-shot", targets: [7] });
    t.act(2, { type: "use", ability: "mafia-shot", targets: [8] });
    t.timeout();
    t.restOfNight();
    expect(t.spectator().log.some((e) => e.type === "nobody-killed")).toBe(true);
  });

  it("§5.6 the Doctor heals himself once a game", () => {
    const t = new Table({ preset: "variant-night", roles: CITY10 });
    const heal = () => (t.view(5).you!.actions.find((a) => a.type === "use") as { targets: { seats: number[] } }).targets.seats;
    t.speeches();
    t.timeout(); // the shot: nobody chooses
    t.timeout(); // Putana: skips
    expect(heal()).toContain(5);
    t.act(5, t.use(5, 5));
    t.restOfNight();
    t.speeches();
    t.timeout();
    t.timeout();
    expect(heal()).not.toContain(5); // not two nights in a row — and not again this game
    t.act(5, t.use(5, 7));
    t.restOfNight();
    t.speeches();
    t.timeout();
    t.timeout();
    expect(heal()).not.toContain(5);
    expect(heal()).toContain(8);
  });

});

describe("issue 14: fouls with automatic consequences — a late vote in turn (§7.3)", () => {
  it("a voter who lets the time run out gets a foul and 5 s more, again, until the foul that removes them; the vote goes on", () => {
    const t = new Table({ preset: "variant-day", roles: LAYOUT, settings: {} });
    for (const s of [3, 4, 5]) t.act(s, { type: "early-vote" });
    expect(t.phase).toBe("voting");
    expect(t.spectator().ballot).toMatchObject({ voter: 2 });
    t.timeout();
    expect(t.left()).toBe(5_000);
    expect(t.spectator().ballot).toMatchObject({ voter: 2 });
    expect(t.spectator().seats[1]!.fouls).toBe(1);
    t.timeout(); // sport's limit: the second foul removes the player (§2.13)
    expect(t.spectator().seats[1]).toMatchObject({ alive: false, out: "removed", fouls: 2 });
    expect(t.spectator().ballot).toMatchObject({ voter: 3 });
    t.act(3, { type: "vote", target: 7 });
    expect(t.spectator().ballot).toMatchObject({ voter: 4 });
  });
});
