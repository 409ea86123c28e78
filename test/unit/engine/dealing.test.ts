import { describe, expect, it } from "vitest";
import { createGame, getPreset, listPresets, viewFor } from "../../../shared/engine/index.ts";
import { LAYOUT, Table } from "./harness.ts";

const players = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, nickname: `N${i + 1}`, bot: false }));

describe("§2 table and settings", () => {
  it("§2 sport: exactly 10 seats, starts when full, random seat draw, settings with defaults", () => {
    const p = getPreset("sport")!;
    expect(p.seats).toEqual({ min: 10, max: 10 });
    expect(p.start).toBe("when-full");
    expect(p.seatDraw).toBe("random");
    expect(p.defaultSettings).toEqual({ autoDeal: false, agreement: "sound", voting: "closed", breakAtZero: false, liftAtZero: false });
    expect(listPresets().map((x) => x.id)).toContain("sport");
    expect(() => createGame("sport", {}, players(9), "s", 0)).toThrow();
    expect(() => createGame("sport", { voting: "secret" }, players(10), "s", 0)).toThrow();
    expect(() => createGame("sport", { unknown: 1 }, players(10), "s", 0)).toThrow();
  });
  it("§2 every setting is chosen at creation and shown to the table", () => {
    const g = createGame("sport", { autoDeal: true, agreement: "silent", voting: "open", breakAtZero: true, liftAtZero: true }, players(10), "s", 0);
    expect(viewFor(g, { kind: "spectator" }).settings).toEqual({ autoDeal: true, agreement: "silent", voting: "open", breakAtZero: true, liftAtZero: true });
  });
  it("§1 seats are drawn at random from the seed: same seed same seats, other seeds differ", () => {
    const order = (seed: string) => viewFor(createGame("sport", {}, players(10), seed, 0), { kind: "spectator" }).seats.map((s) => s.nickname).join();
    expect(order("a")).toBe(order("a"));
    const distinct = new Set(["a", "b", "c", "d", "e"].map(order));
    expect(distinct.size).toBeGreaterThan(1);
  });
});

describe("§2.1 Dealing, 15 s", () => {
  it("§2.1 ten face-down cards, 15 s; a player sees only their own role", () => {
    const t = new Table();
    expect(t.phase).toBe("dealing");
    expect(t.left()).toBe(15_000);
    const a = t.view(3).you!.actions;
    expect(a).toEqual([{ type: "take-card", cards: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] }]);
    t.act(3, { type: "take-card", card: 4 });
    const v3 = t.view(3);
    expect(v3.you!.role).not.toBeNull();
    expect(v3.seats[2]!.role).toBe(v3.you!.role);
    expect(t.view(5).seats[2]!.role).toBeUndefined();
    expect(t.spectator().seats[2]!.role).toBeUndefined();
    expect(t.view(3).you!.actions).toEqual([]);
  });
  it("§2.1 a card taken is gone for others; one card per player", () => {
    const t = new Table();
    t.act(1, { type: "take-card", card: 0 });
    t.reject(2, { type: "take-card", card: 0 }, "illegal-target");
    t.reject(1, { type: "take-card", card: 1 }, "already-acted");
    t.reject(2, { type: "take-card", card: 10 }, "illegal-target");
    expect(t.view(2).you!.actions).toEqual([{ type: "take-card", cards: [1, 2, 3, 4, 5, 6, 7, 8, 9] }]);
  });
  it("§2.1 whoever has not taken a card at the deadline gets a random remaining card", () => {
    const t = new Table();
    t.act(1, { type: "take-card", card: 9 });
    t.timeout();
    expect(t.phase).toBe("acquaintance");
    const roles = t.spectator().seats.map((_, i) => t.view(i + 1).you!.role);
    expect(roles.every((r) => r !== null)).toBe(true);
    expect(roles.filter((r) => r === "don").length).toBe(1);
    expect(roles.filter((r) => r === "mafia").length).toBe(2);
    expect(roles.filter((r) => r === "sheriff").length).toBe(1);
    expect(t.publicTypes().filter((x) => x === "card-given").length).toBe(9);
  });
  it("§2.1 dealing ends early when all cards are taken", () => {
    const t = new Table({ roles: LAYOUT, stopAt: "acquaintance" });
    expect(t.phase).toBe("acquaintance");
  });
  it("§2.1 auto-deal: roles dealt at once", () => {
    const t = new Table({ settings: { autoDeal: true } });
    expect(t.phase).toBe("acquaintance");
    for (let s = 1; s <= 10; s++) expect(t.view(s).you!.role).not.toBeNull();
  });
});

describe("§2.2 Night of acquaintance, 60 s", () => {
  it("§2.2 the black team learns each other; the town learns nothing", () => {
    const t = new Table({ roles: LAYOUT, stopAt: "acquaintance" });
    expect(t.left()).toBe(60_000);
    const don = t.view(1);
    expect(don.you!.teammates).toEqual([2, 3]);
    expect(don.seats[1]!.role).toBe("mafia");
    expect(don.seats[3]!.role).toBeUndefined();
    const m = t.view(2);
    expect(m.seats[0]!.role).toBe("don");
    expect(m.you!.teammates).toEqual([1, 3]);
    const sheriff = t.view(4);
    expect(sheriff.you!.teammates).toEqual([]);
    expect(sheriff.seats.filter((s) => s.role !== undefined).map((s) => s.seat)).toEqual([4]);
  });
  it("§2.2 no shot, no check; the Don's shooting plan is seen by the black team only", () => {
    const t = new Table({ roles: LAYOUT, stopAt: "acquaintance" });
    t.reject(1, t.use(1, 5), "phase-closed");
    t.reject(2, { type: "shooting-plan", plan: [5] }, "not-allowed");
    expect(t.view(1).you!.actions).toContainEqual({ type: "shooting-plan", targets: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
    t.act(1, { type: "shooting-plan", plan: [5, 6, 7] });
    expect(t.view(1).you!.shootingPlan).toEqual([5, 6, 7]);
    expect(t.view(3).you!.shootingPlan).toEqual([5, 6, 7]);
    expect(t.view(4).you!.shootingPlan).toBeNull();
    expect(JSON.stringify(t.view(4))).not.toContain("shooting-plan");
    expect(JSON.stringify(t.spectator())).not.toContain("shooting-plan");
    t.timeout();
    expect(t.phase).toBe("speech");
    t.reject(1, { type: "shooting-plan", plan: [5] }, "phase-closed");
  });
});
