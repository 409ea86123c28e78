/**
 * RULES.md §3 preset `city`: table, settings, the day as in sport, the night in turns with per-role
 * timers. Scenario tests read like game records (seats, inputs, public and private outcomes).
 */
import { describe, expect, it } from "vitest";
import { apply, createGame, getPreset, seatRange, startRefusal, viewFor } from "../../../shared/engine/index.ts";
import { makePlayers } from "../../../shared/bots/index.ts";
import { Table } from "./harness.ts";
import { CITY10, CITY11, alive, city, morning, toNight, voteOut } from "./city-helpers.ts";

function dealt(seats: number, settings: Record<string, unknown> = {}): Array<{ role: string; team: string }> {
  const s = createGame("city", { autoDeal: true, ...settings }, makePlayers(seats), `deal-${seats}`, 0);
  return (s as unknown as { players: Array<{ role: string; team: string }> }).players;
}
function counts(seats: number, settings: Record<string, unknown> = {}): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of dealt(seats, settings)) out[p.role] = (out[p.role] ?? 0) + 1;
  return out;
}

describe("§3 the city table", () => {
  it("§3 10–12 seats; the creator starts it (decision: organizer's command, seats drawn at random)", () => {
    const p = getPreset("city")!;
    expect(p.seats).toEqual({ min: 10, max: 12 });
    expect(p.start).toBe("organizer-command");
    expect(p.seatDraw).toBe("random");
    // §3 only a signed-in creator; no coins, experience or rating (read by the worker)
    expect(p.requiresAccount).toBe(true);
    expect(p.rewards).toBe(false);
    expect(getPreset("sport")!.rewards).toBe(true);
    expect(() => createGame("city", {}, makePlayers(9), "x", 0)).toThrow();
    expect(() => createGame("city", {}, makePlayers(13), "x", 0)).toThrow();
  });
  it("§3 default compositions: 10 = Don, Mafia, Putana, Commissar, Doctor, Maniac, 4 Civilians", () => {
    expect(counts(10)).toEqual({ don: 1, mafia: 1, putana: 1, commissar: 1, doctor: 1, maniac: 1, civilian: 4 });
  });
  it("§3 default compositions: 11 = Don, 2 Mafia, Putana, Commissar, Doctor, Maniac, 4 Civilians", () => {
    expect(counts(11)).toEqual({ don: 1, mafia: 2, putana: 1, commissar: 1, doctor: 1, maniac: 1, civilian: 4 });
  });
  it("§3 default compositions: 12 = the same with 5 Civilians", () => {
    expect(counts(12)).toEqual({ don: 1, mafia: 2, putana: 1, commissar: 1, doctor: 1, maniac: 1, civilian: 5 });
  });
  it("§3 the creator may set 1–3 Mafia within 10–12 seats (Civilians fill the rest); 0 or 4 is refused", () => {
    expect(counts(12, { mafia: 3 })).toEqual({ don: 1, mafia: 3, putana: 1, commissar: 1, doctor: 1, maniac: 1, civilian: 4 });
    expect(counts(10, { mafia: 2 })).toEqual({ don: 1, mafia: 2, putana: 1, commissar: 1, doctor: 1, maniac: 1, civilian: 3 });
    expect(counts(12, { mafia: 1 })).toEqual({ don: 1, mafia: 1, putana: 1, commissar: 1, doctor: 1, maniac: 1, civilian: 6 });
    expect(() => createGame("city", { mafia: 4 }, makePlayers(10), "x", 0)).toThrow();
    expect(() => createGame("city", { mafia: 0 }, makePlayers(10), "x", 0)).toThrow();
  });
  it("§3 no game starts at parity: at most 2 Mafia at 10 and 11 seats, 3 at 12 (the black team smaller than the red at the deal)", () => {
    // 10 seats, 3 Mafia: Don + 3 Mafia + Putana = 5 black against Commissar, Doctor, 2 Civilians = 4 red.
    expect(startRefusal("city", { mafia: 3 }, 10)).toMatch(/at most 2 Mafia/);
    // 11 seats, 3 Mafia: 5 black against 5 red (the solo Maniac is not counted) — parity.
    expect(startRefusal("city", { mafia: 3 }, 11)).toMatch(/at most 2 Mafia/);
    // The list holds with a red Maniac too (§3 states the numbers: at most 2 at 11 seats).
    expect(startRefusal("city", { mafia: 3, maniac: "red" }, 11)).toMatch(/at most 2 Mafia/);
    expect(startRefusal("city", { mafia: 3 }, 12)).toBeNull();
    for (const seats of [10, 11, 12]) for (const mafia of [1, 2]) expect(startRefusal("city", { mafia }, seats)).toBeNull();
    for (const seats of [10, 11, 12]) expect(startRefusal("city", {}, seats)).toBeNull();
    // The table's seats follow: 3 Mafia → exactly 12; otherwise 10–12.
    expect(seatRange("city", { mafia: 3 })).toEqual({ min: 12, max: 12 });
    expect(seatRange("city", { mafia: 2 })).toEqual({ min: 10, max: 12 });
    expect(seatRange("sport", {})).toEqual({ min: 10, max: 10 });
    // The engine never deals such a game, whoever asks.
    expect(() => createGame("city", { mafia: 3 }, makePlayers(10), "x", 0)).toThrow(/at most 2 Mafia/);
    expect(() => createGame("city", { mafia: 3 }, makePlayers(11), "x", 0)).toThrow(/at most 2 Mafia/);
    expect(() => createGame("city", { mafia: 3 }, makePlayers(12), "x", 0)).not.toThrow();
  });
  it("§3 Putana is black, the Maniac solo by default; setting red: he plays for the town", () => {
    const solo = dealt(10);
    expect(solo.find((p) => p.role === "putana")!.team).toBe("black");
    expect(solo.find((p) => p.role === "maniac")!.team).toBe("solo");
    expect(dealt(10, { maniac: "red" }).find((p) => p.role === "maniac")!.team).toBe("red");
  });
  it("§3 the black team (Don, Mafia, Putana) meets at the acquaintance night; the Maniac does not", () => {
    const t = city({ stopAt: "acquaintance" });
    expect(t.view(3).you!.teammates).toEqual([1, 2]);
    expect(t.view(1).you!.teammates).toEqual([2, 3]);
    expect(t.view(6).you!.teammates).toEqual([]);
    expect(t.view(6).seats.filter((s) => s.role !== undefined).map((s) => s.seat)).toEqual([6]);
  });
  it("§3 settings: speech 30/45/60 only; timers within bounds (mafia 10–60 s, others 5–30 s)", () => {
    expect(() => createGame("city", { speech: 50 }, makePlayers(10), "x", 0)).toThrow();
    expect(() => createGame("city", { mafiaSeconds: 5 }, makePlayers(10), "x", 0)).toThrow();
    expect(() => createGame("city", { doctorSeconds: 31 }, makePlayers(10), "x", 0)).toThrow();
    expect(() => createGame("city", { maniac: "black" }, makePlayers(10), "x", 0)).toThrow();
    expect(getPreset("city")!.defaultSettings).toMatchObject({ speech: 60, maniac: "solo", mafiaSeconds: 20, donSeconds: 10 });
  });
});

describe("§3 the day: speech length chosen by the table, otherwise as sport", () => {
  it("§3 the table chooses the day speech length (30, 45 or 60 s); default 60 s", () => {
    expect(city().left()).toBe(60_000);
    for (const speech of [30, 45]) {
      const t = city({ settings: { speech } });
      expect(t.phase).toBe("speech");
      expect(t.left()).toBe(speech * 1000);
    }
  });
  it("§3 day as sport: nominations, a single candidate on day 1 stays (§2.8), ties speak and revote (§2.9)", () => {
    const t = city();
    t.speeches({ 1: 7 });
    expect(t.publicTypes()).toContain("single-candidate-stays");
    expect(t.phase).toBe("night-shot");
    t.turns();
    // day 2: two candidates, a tie, tie speeches, revote, the leader leaves with a farewell
    t.speeches({ 2: 7, 3: 8 });
    expect(t.phase).toBe("voting");
    t.ballot({ 1: 7, 2: 7, 3: 7, 4: 7, 5: 7, 6: 8, 7: 8, 8: 8, 9: 8, 10: 8 });
    expect(t.phase).toBe("tie-speech");
    t.endSpeeches("tie-speech");
    t.ballot({ 1: 7, 2: 7, 3: 7, 4: 7, 5: 7, 6: 7, 7: 8, 8: 8, 9: 8, 10: 8 });
    expect(t.phase).toBe("farewell");
    expect(alive(t, 7)).toBe(false);
  });
  it("§3 day as sport: shouts (§2.5) and technical votes (§2.13) work at a city table", () => {
    const t = city();
    t.act(5, { type: "shout" });
    expect((t.spectator() as { shout?: unknown }).shout).toMatchObject({ seat: 5 });
    t.act(4, { type: "tech-vote-start", kind: "removal", target: 9 });
    for (const s of [1, 2, 3, 5, 6]) t.act(s, { type: "tech-vote", in_favour: true });
    expect(alive(t, 9)).toBe(false);
    expect(t.spectator().seats[8]!.out).toBe("removed");
  });
  it("§2.13 decision for city: a technical defeat against the solo Maniac removes him (he has no team to lose with)", () => {
    const t = city();
    t.act(4, { type: "tech-vote-start", kind: "defeat", target: 6 });
    for (const s of [1, 2, 3, 5, 7]) t.act(s, { type: "tech-vote", in_favour: true });
    expect(t.result()).toBeNull();
    expect(t.spectator().seats[5]!.out).toBe("removed");
  });
});

describe("§3 the night in turns, each role with its own timer", () => {
  it("§3 order: mafia shot → Putana → Doctor → Commissar → Maniac → Don's check; mafia 20 s, others 10 s", () => {
    const t = city();
    toNight(t);
    const seen: Array<[string, number]> = [];
    for (let i = 0; i < 6; i++) { seen.push([t.phase, t.left()]); t.timeout(); }
    expect(seen).toEqual([["night-shot", 20_000], ["night-freeze", 10_000], ["night-heal", 10_000], ["night-check", 10_000], ["night-kill", 10_000], ["night-don-check", 10_000]]);
    expect(t.phase).toBe("speech");
    expect(t.spectator().log.filter((e) => e.type === "night-turn").map((e) => e.data.step)).toEqual(["mafia-shot", "freeze", "heal", "commissar-check", "kill", "don-check"]);
  });
  it("§3 settings may change the timers", () => {
    const t = city({ settings: { mafiaSeconds: 30, putanaSeconds: 5, doctorSeconds: 15, commissarSeconds: 20, maniacSeconds: 8, donSeconds: 12 } });
    toNight(t);
    const ms: number[] = [];
    for (let i = 0; i < 6; i++) { ms.push(t.left()); t.timeout(); }
    expect(ms).toEqual([30_000, 5_000, 15_000, 20_000, 8_000, 12_000]);
  });
  it("§3 only the role of the turn acts: Don and Mafia shoot, Putana freezes, Doctor heals, Commissar checks, Maniac kills, Don checks", () => {
    const t = city();
    toNight(t);
    const acts = (seat: number) => t.view(seat).you!.actions.filter((a) => a.type === "use").map((a) => (a as { ability: string }).ability);
    const table: string[][] = [];
    for (let i = 0; i < 6; i++) {
      table.push([1, 2, 3, 4, 5, 6, 7].map((s) => acts(s).join("") || "-"));
      t.timeout();
    }
    expect(table).toEqual([
      ["mafia-shot", "mafia-shot", "-", "-", "-", "-", "-"],
      ["-", "-", "freeze", "-", "-", "-", "-"],
      ["-", "-", "-", "-", "heal", "-", "-"],
      ["-", "-", "-", "commissar-check", "-", "-", "-"],
      ["-", "-", "-", "-", "-", "kill", "-"],
      ["don-commissar-check", "-", "-", "-", "-", "-", "-"],
    ]);
  });
  it("§3 the mafia shot is unanimous as in sport: Don and Mafia on the same player kill; one different or missing choice is a miss", () => {
    const t = city();
    toNight(t);
    t.turns({ shot: { 1: 7, 2: 8 } });
    expect(t.publicTypes()).toContain("nobody-killed");
    t.speeches();
    t.turns({ shot: { 1: 7 } });
    expect(alive(t, 7)).toBe(true);
    t.speeches();
    t.turns({ shot: { 1: 7, 2: 7 } });
    expect(alive(t, 7)).toBe(false);
    expect(t.spectator().seats[6]!.out).toBe("killed");
  });
  it("§3 the living black team, Putana included, sees the shot choices; the town does not", () => {
    const t = city();
    toNight(t);
    t.act(1, t.use(1, 7));
    expect(t.seen(3, "shot")).toEqual([["shot", { seat: 1, target: 7 }]]);
    for (const s of [4, 5, 6, 7]) expect(t.seen(s, "shot")).toEqual([]);
  });
  it("§1 Secrets: night turns never end early — every choice made, each turn still runs its full time", () => {
    const t = city();
    toNight(t);
    t.act(1, t.use(1, 7));
    t.act(2, t.use(2, 7));
    expect(t.phase).toBe("night-shot");
    t.timeout();
    t.act(3, t.use(3, 8));
    expect(t.phase).toBe("night-freeze");
    expect(t.left()).toBe(10_000 - 100);
  });
  it("§1 Secrets: a turn whose role is dead still runs its time (the Doctor voted out: the heal turn lasts 10 s, nobody acts)", () => {
    const t = city({ settings: { breakAtZero: true } });
    voteOut(t, 5);
    t.timeout(); // shot
    expect(t.phase).toBe("night-freeze");
    t.timeout();
    expect(t.phase).toBe("night-heal");
    expect(t.left()).toBe(10_000);
    for (let s = 1; s <= 10; s++) expect(t.view(s).you!.actions).toEqual([]);
    t.timeout();
    expect(t.phase).toBe("night-check");
  });
  it("§7.6 choices after the deadline do not count: a turn that has passed refuses its role", () => {
    const t = city();
    toNight(t);
    t.timeout(); // the shot turn ran out
    t.reject(1, t.use(1, 7), "not-allowed");
    t.timeout(); // Putana's turn ran out
    t.reject(3, t.use(3, 7), "not-allowed");
  });
  it("§2.10 one choice per turn, final; targets must be legal", () => {
    const t = city();
    toNight(t);
    t.act(1, t.use(1, 7));
    t.reject(1, t.use(1, 8), "already-acted");
    t.reject(2, t.use(2, 11), "illegal-target");
    t.reject(4, t.use(4, 1), "not-allowed");
  });
  it("§5.7 a live host confirms every night turn: none ends by itself", () => {
    const t = new Table({ preset: "city", roles: CITY10, host: "live" });
    toNight(t);
    for (const phase of ["night-shot", "night-freeze", "night-heal", "night-check", "night-kill", "night-don-check"]) {
      expect(t.phase).toBe(phase);
      t.timeout(); // time is up: the turn waits for the host
      expect(t.phase).toBe(phase);
      expect(t.deadline).toBeNull();
      expect(viewFor(t.state, { kind: "host" }).host).toMatchObject({ canConfirm: true, waiting: true });
      t.confirm();
    }
    expect(t.phase).toBe("speech");
  });
  it("RULES.md §5.7 the live host confirms a turn before its time once its actors have chosen; a turn whose actors have not is ended only by end-now, counted in the log; the choices made count", () => {
    const t = new Table({ preset: "city", roles: CITY10, host: "live" });
    toNight(t);
    t.act(1, t.use(1, 9));
    t.act(2, t.use(2, 9));
    t.confirm(); // the shot: every shooter chose
    for (let i = 0; i < 5; i++) {
      const r = apply(t.state, { kind: "host", action: { type: "confirm" } }, t.now);
      expect(r.ok ? "ok" : r.rejection.code).toBe("actors-remain");
      t.host({ type: "end-now" });
    }
    expect(alive(t, 9)).toBe(false);
    // Counted, never named at night (who acts is a secret).
    expect(t.spectator().log.filter((e) => e.type === "ended-early").map((e) => e.data)).toEqual(
      ["night-freeze", "night-heal", "night-check", "night-kill", "night-don-check"].map((phase) => ({ phase, count: 1 })),
    );
  });
});

describe("§3/§7.7 morning", () => {
  it("§3 morning: all the killed are named (seat order, no cause), each with last words, then the day", () => {
    const t = city();
    toNight(t);
    const from = t.spectator().log.length;
    t.turns({ shot: { 1: 9, 2: 9 }, kill: { 6: 7 } });
    const pub = t.spectator().log.slice(from);
    expect(pub.filter((e) => e.type === "killed").map((e) => e.data)).toEqual([{ seat: 7 }, { seat: 9 }]);
    expect(t.phase).toBe("last-words");
    expect(t.speaker).toBe(7);
    expect(t.left()).toBe(60_000);
    t.act(7, { type: "end-speech" });
    expect(t.speaker).toBe(9);
    t.act(9, { type: "end-speech" });
    expect(t.phase).toBe("speech");
  });
  it("§3 decision: the morning announces only public outcomes — who died; a save is not announced", () => {
    const t = city();
    toNight(t);
    const from = t.spectator().log.length;
    t.turns({ shot: { 1: 9, 2: 9 }, freeze: { 3: 4 }, heal: { 5: 9 }, check: { 4: 1 }, kill: { 6: 8 }, don: { 1: 4 } });
    const types = t.spectator().log.slice(from).map((e) => e.type);
    expect(new Set(types)).toEqual(new Set(["night-turn", "killed", "left", "speech-started"]));
    expect(alive(t, 9)).toBe(true);
    expect(alive(t, 8)).toBe(false);
  });
  it("§3 a night without deaths: 'nobody-killed', the day begins at once", () => {
    const t = city();
    toNight(t);
    t.turns({});
    expect(t.publicTypes()).toContain("nobody-killed");
    expect(t.phase).toBe("speech");
    morning(t);
  });
  it("§3 11 seats: three shooters must agree", () => {
    const t = new Table({ preset: "city", roles: CITY11 });
    toNight(t);
    t.turns({ shot: { 1: 9, 2: 9 } });
    expect(alive(t, 9)).toBe(true);
    t.speeches();
    t.turns({ shot: { 1: 9, 2: 9, 3: 9 } });
    expect(alive(t, 9)).toBe(false);
  });
});
