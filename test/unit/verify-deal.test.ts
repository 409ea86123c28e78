/**
 * RULES.md §8 "Verifiable deal" (shared/verify-deal.ts): a finished game's record verifies against the
 * commitment published at the deal and its replay; an altered seed, role, draw or input shows where.
 * The leak oracle (test/unit/engine/entitlement.ts) takes the commitment as public and the seed as secret.
 */
import { webcrypto } from "node:crypto";
import { describe, expect, it } from "vitest";
import { makePlayers, playGame } from "../../shared/bots/index.ts";
import { apply, createGame, eventsFrom, nextDeadline, seatedPlayers, viewFor, type GameView } from "../../shared/engine/index.ts";
import type { TableGameRecord } from "../../shared/protocol/http.ts";
import { replayRecord } from "../../shared/replay.ts";
import { checkDeal, dealOf } from "../../shared/verify-deal.ts";
import { assertEntitled } from "./engine/entitlement.ts";

/** The platform's own SHA-256 (what a browser's crypto.subtle gives), not the engine's. */
async function sha256(text: string): Promise<string> {
  return Buffer.from(await webcrypto.subtle.digest("SHA-256", new TextEncoder().encode(text))).toString("hex");
}

/** A sport game played by random bots, as the table's record would publish it. */
function recordOf(seed: string, settings: Record<string, unknown> = {}): TableGameRecord {
  const r = playGame({ presetId: "sport", settings, seed, mode: "fast", bots: "random", claimRate: 0 });
  const end = viewFor(r.state, { kind: "spectator" }).result!;
  const seats = new Map(seatedPlayers(r.state).map((s) => [s.playerId, s.seat]));
  return {
    code: "ABCDE", game: 1, presetId: "sport", settings, host: "server", seed, startedAt: 1_000_000, endedAt: r.inputs.at(-1)!.now,
    winner: end.winner, reason: end.reason, keepOrder: false,
    players: r.players.map((p) => ({ id: p.id, seat: seats.get(p.id)!, nickname: p.nickname, hidden: false, bot: p.bot })),
    immune: [], inputs: r.inputs.map(({ input, now }) => ({ at: now, input })),
    ...dealOf(eventsFrom(r.state, 0)),
  };
}

async function check(rec: TableGameRecord) {
  return checkDeal(rec, replayRecord(rec), await sha256(rec.seed));
}

describe("RULES.md §8 Verifiable deal: checkDeal", () => {
  const seed = "5e".repeat(32);
  const rec = recordOf(seed);

  it("the record carries SHA-256 of its seed as published at the deal, the ten roles dealt, and verifies", async () => {
    expect(rec.dealCommitment).toBe(await sha256(seed));
    expect(rec.deal!.map((d) => d.seat)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await check(rec)).toEqual({ ok: true });
  });

  it("an altered seed shows the commitment mismatch", async () => {
    const out = await check({ ...rec, seed: "00" + seed.slice(2) });
    expect(out).toMatchObject({ ok: false, where: "commitment", published: rec.dealCommitment });
  });

  it("a seat's role altered in the record shows that seat", async () => {
    const deal = rec.deal!.map((d) => (d.seat === 3 ? { seat: 3, role: d.role === "civilian" ? "mafia" : "civilian" } : d));
    expect(await check({ ...rec, deal })).toMatchObject({ ok: false, where: "role", seat: 3, replayed: rec.deal![2]!.role });
  });

  it("a player moved to another seat shows the seat", async () => {
    const players = rec.players.map((p) => (p.seat === 1 ? { ...p, seat: 2 } : p.seat === 2 ? { ...p, seat: 1 } : p));
    expect(await check({ ...rec, players })).toMatchObject({ ok: false, where: "seat" });
  });

  it("a random draw altered in the record shows the step whose replay draws otherwise", async () => {
    // Nobody takes a card: at the deal's timeout (the record's first input) each seat gets one at random (card-given).
    const start = 1_000_000;
    const players = makePlayers(10);
    const created = createGame("sport", {}, players, seed, start);
    const at = nextDeadline(created)!;
    const r = apply(created, { kind: "timeout", phaseSeq: created.phaseSeq }, at);
    if (!r.ok) throw new Error(r.rejection.code);
    const seats = new Map(seatedPlayers(created).map((x) => [x.playerId, x.seat]));
    const short: TableGameRecord = {
      ...rec, endedAt: at, players: players.map((p) => ({ id: p.id, seat: seats.get(p.id)!, nickname: p.nickname, hidden: false, bot: true })),
      inputs: [{ at, input: { kind: "timeout", phaseSeq: created.phaseSeq } }], ...dealOf(eventsFrom(r.state, 0)),
    };
    expect(short.draws!.filter((d) => d.type === "card-given")).toHaveLength(10);
    // Its deal and draws match: what differs next is the result (this record stops at the deal).
    expect(await check(short)).toEqual({ ok: false, where: "result" });
    const draws = short.draws!.map((d, i) => (i === 4 ? { ...d, data: { ...(d.data as { seat: number; card: number }), card: ((d.data as { card: number }).card + 1) % 10 } } : d));
    expect(await check({ ...short, draws })).toEqual({ ok: false, where: "step", step: 1 });
  });

  it("an input the engine refuses shows its step", async () => {
    const i = rec.inputs.findIndex((x) => x.input.kind === "timeout");
    const inputs = rec.inputs.map((x, k) => (k === i ? { ...x, input: { kind: "timeout" as const, phaseSeq: 9_999 } } : x));
    const out = await check({ ...rec, inputs });
    expect(out).toMatchObject({ ok: false, where: "step" });
    expect((out as { step: number }).step).toBeLessThanOrEqual(i + 1);
  });

  it("a record from before commitments says so", async () => {
    const { dealCommitment: _c, ...old } = rec;
    expect(await check(old)).toEqual({ ok: false, where: "no-commitment" });
  });
});

describe("RULES.md §8 the leak oracle: the commitment is public, the seed is not", () => {
  const r = playGame({ presetId: "sport", seed: "oracle-deal", mode: "fast", bots: "random", claimRate: 0, maxInputs: 3 });
  const view = (): GameView => viewFor(r.state, { kind: "player", playerId: "p1" });

  it("an honest view carries the seed's hash from the first frame and passes", async () => {
    const v = view();
    expect(v.dealCommitment).toBe(await sha256("oracle-deal"));
    expect(v.log[0]).toMatchObject({ type: "seats-drawn", data: { commitment: v.dealCommitment } });
    expect(() => assertEntitled(r.state, "p1", v, 0)).not.toThrow();
  });

  it("a planted leak — the seed under the commitment's name, in the view or in the log — is caught", () => {
    const s = (r.state as unknown as { seed: string }).seed;
    expect(() => assertEntitled(r.state, "p1", { ...view(), dealCommitment: s }, 0)).toThrow(/entitlement/);
    const v = view();
    const log = v.log.map((e, i) => (i === 0 ? { ...e, data: { ...(e.data as object), commitment: s } } : e)) as GameView["log"];
    expect(() => assertEntitled(r.state, "p1", { ...v, log }, 0)).toThrow(/entitlement/);
  });
});
