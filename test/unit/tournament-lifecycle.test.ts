/**
 * RULES.md §9 the tournament's decisions without its object (shared/tournaments/lifecycle.ts): the object
 * only loads, hands over and persists, so what it decides is checked here on a plain document.
 */
import { describe, expect, it } from "vitest";
import type { GameFacts } from "../../shared/tournaments/facts.ts";
import * as rules from "../../shared/tournaments/lifecycle.ts";

const ORG = "org";

function drawn(players = 20, rounds = 2): rules.TournamentDoc {
  const made = rules.create(null, {
    id: "t1", name: "Cup", organizerId: ORG, presetId: "sport", settings: {}, seats: 10, rounds, finalGames: 0, finalFromZero: false, host: "server", createdAt: 0,
  });
  if (!made.ok) throw new Error(made.message);
  const d = made.doc;
  expect(rules.fillBots(d, ORG, players)).toEqual({ ok: true, added: expect.any(Array) });
  expect(rules.closeRegistration(d, ORG)).toEqual({ ok: true });
  expect(rules.draw(d, ORG, "seed-1", () => "unused").ok).toBe(true);
  return d;
}

const facts = (seats: number): GameFacts => ({
  winner: "red",
  seats: Array.from({ length: seats }, (_v, i) => ({ seat: i + 1, role: i < 3 ? "mafia" : "citizen", team: i < 3 ? ("black" as const) : ("red" as const), removed: false })),
  bestMove: null,
});

function openNow(d: rules.TournamentDoc, n: number): rules.Round {
  const r = rules.openRound(d, ORG, n, undefined, 1_000);
  if (!r.ok || !("open" in r)) throw new Error(`round ${n} did not open: ${JSON.stringify(r)}`);
  rules.claimRound(d, r.open).forEach((o, i) => rules.tableOpened(d, o, `R${n}T${i}`));
  rules.roundOpened(r.open);
  return r.open;
}

describe("RULES.md §9 the tournament's decisions, pure", () => {
  it("§9.1 only the organizer closes registration; a second registration by the same account adds nobody", () => {
    const d = rules.create(null, { id: "t2", name: "Cup", organizerId: ORG, presetId: "sport", settings: {}, seats: 10, rounds: 1, finalGames: 0, finalFromZero: false, host: "server", createdAt: 0 });
    if (!d.ok) throw new Error("not created");
    expect(rules.register(d.doc, "u1", "Ann")).toMatchObject({ ok: true, added: { entrant: 1 } });
    expect(rules.register(d.doc, "u1", "Ann")).toEqual({ ok: true, added: null });
    expect(rules.closeRegistration(d.doc, "u1")).toMatchObject({ ok: false, code: "not-allowed" });
    expect(rules.create(d.doc, d.doc)).toMatchObject({ ok: false, code: "bad-request" });
  });

  it("§9.3 round 2 waits for round 1; a scheduled round is due at its time once the round before has ended", () => {
    const d = drawn();
    const r1 = openNow(d, 1);
    expect(d.status).toBe("running");
    expect(rules.openRound(d, ORG, 2, undefined, 1_000)).toMatchObject({ ok: false, code: "tournament-state" });
    const later = rules.openRound(d, ORG, 2, 5_000, 1_000);
    expect(later).toMatchObject({ ok: true, scheduled: { round: 2, scheduledAt: 5_000 } });
    expect(rules.nextAlarm(d)).toBe(5_000);
    const r2 = d.schedule[1]!;
    expect(rules.isDue(d, r2, 6_000)).toBe(false); // round 1 still playing
    for (const t of r1.tables) rules.applyEnd(d, { tournamentId: d.id, round: 1, slot: t.slot, code: t.code!, endedAt: 2_000, facts: facts(t.entrants.length) });
    expect(r1.status).toBe("ended");
    expect(rules.isDue(d, r2, 4_999)).toBe(false);
    expect(rules.isDue(d, r2, 5_000)).toBe(true);
  });

  it("§9.3 a table's end is applied once; a repeated report changes nothing; the last round's last table finishes the tournament", () => {
    const d = drawn(10, 1);
    const r1 = openNow(d, 1);
    const t = r1.tables[0]!;
    const end = { tournamentId: d.id, round: 1, slot: t.slot, code: t.code!, endedAt: 2_000, facts: facts(t.entrants.length) };
    expect(rules.applyEnd(d, end)).toEqual({ ok: true, applied: true, roundEnded: true });
    expect(d.status).toBe("finished");
    const before = JSON.stringify(d);
    expect(rules.applyEnd(d, { ...end, endedAt: 9_999, facts: { ...end.facts, winner: "black" } })).toEqual({ ok: true, applied: false });
    expect(JSON.stringify(d)).toBe(before);
    expect(rules.applyEnd(d, { ...end, code: "ZZZZZZ" })).toMatchObject({ ok: false });
    // §9.5 the winners' side leads the standings.
    expect(rules.standingsOf(d)[0]!.total).toBeGreaterThan(0);
  });
});
