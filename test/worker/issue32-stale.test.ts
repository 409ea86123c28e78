/**
 * Issue 32, "inputs bound to their stage": every act and host frame may carry the `phaseSeq` of the
 * view it was made on (boardgame.io's `_stateID`); the engine refuses a stale one with `stale` and
 * changes nothing. So a second host tab or a late retry cannot confirm the next stage, and a vote sent
 * for a ballot that has just closed cannot land in the revote. It is required (docs/PROTOCOL.md): a frame
 * without it is `bad-message` and changes nothing.
 */
import { runDurableObjectAlarm } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import type { ServerMessage } from "../../shared/protocol/messages.ts";
import { bySeat, fullTable, gameOf, settle, type Table } from "./fixture.ts";
import { connectAs, storedGame, tableStub, type Client } from "./helpers.ts";

let open: Client[] = [];
afterEach(() => {
  for (const c of open) c.close();
  open = [];
});

let refs = 0;
/** Send a frame with a fresh ref and wait for its ack or error. */
async function send(c: Client, frame: Record<string, unknown>): Promise<ServerMessage> {
  const ref = `s${++refs}`;
  const from = c.frames.length;
  c.send({ ...frame, ref });
  return c.next((m) => (m.type === "ack" || m.type === "error") && m.ref === ref, from);
}

/** Day 1 of a sport table: seats 1 and 2 nominate 3 and 5, everyone ends their speech: the vote opens. */
async function toVoting(t: Table, everyone: () => Client[]): Promise<void> {
  const stub = tableStub(t.code);
  for (let i = 0; i < 3 && gameOf(t.seated[0]!.client).phase !== "speech"; i++) {
    await runDurableObjectAlarm(stub);
    await settle(t.code, everyone());
  }
  expect(gameOf(t.seated[0]!.client).phase).toBe("speech");
  for (let seat = 1; seat <= 10; seat++) {
    const c = bySeat(t, seat).client;
    if (seat === 1) await c.act("n1", { type: "nominate", target: 3 });
    if (seat === 2) await c.act("n2", { type: "nominate", target: 5 });
    expect(await c.act(`e${seat}`, { type: "end-speech" })).toMatchObject({ type: "ack" });
    await settle(t.code, everyone());
  }
}

/** A live-host table (the host not seated) with its live host's socket, played to the first voting. */
async function hostedAtVoting() {
  const t = await fullTable({ host: "live", settings: { autoDeal: true } }, { creatorSits: false });
  open.push(...t.open);
  const host = await connectAs(t.code, t.organizerToken, "host");
  open.push(host);
  const everyone = () => [host, ...t.seated.map((s) => s.client)];
  await toVoting(t, everyone);
  expect(gameOf(host).phase).toBe("voting");
  return { t, host, everyone };
}

describe("issue 32: inputs bound to their stage (phaseSeq)", () => {
  it("two host confirms in a row with the same phaseSeq advance one stage only; the second is `stale`", async () => {
    const { t, host, everyone } = await hostedAtVoting();
    for (let seat = 1; seat <= 10; seat++) expect(await bySeat(t, seat).client.act(`v${seat}`, { type: "vote", target: seat <= 6 ? 3 : 5 })).toMatchObject({ type: "ack" });
    await settle(t.code, everyone());
    const seen = gameOf(host).phaseSeq;
    const log = gameOf(host).log.length;
    // The host's second tab (or a retry) sends the same confirm twice, made on the same view.
    expect(await send(host, { type: "host", action: { type: "confirm" }, phaseSeq: seen })).toMatchObject({ type: "ack" });
    await settle(t.code, everyone());
    const after = gameOf(host);
    expect(after.phase).toBe("leader-speech");
    const again = await send(host, { type: "host", action: { type: "confirm" }, phaseSeq: seen });
    expect(again).toMatchObject({ type: "error", code: "stale" });
    await settle(t.code, everyone());
    expect(gameOf(host).phase).toBe("leader-speech");
    expect(gameOf(host).phaseSeq).toBe(after.phaseSeq);
    expect(gameOf(host).log.length).toBe(after.log.length);
    expect(after.log.length).toBeGreaterThan(log);
    // The current phaseSeq is accepted (here the stage has nothing to confirm: the engine's own answer).
    expect(await send(host, { type: "host", action: { type: "confirm" }, phaseSeq: after.phaseSeq })).toMatchObject({ type: "error", code: "phase-closed" });
  });

  it("a vote sent for a ballot that has just closed does not count in the revote", async () => {
    const t = await fullTable();
    open.push(...t.open);
    const everyone = () => t.seated.map((s) => s.client);
    await toVoting(t, everyone);
    const first = gameOf(t.seated[0]!.client);
    expect(first.phase).toBe("voting");
    // A 5–5 tie between seats 3 and 5: seats 1–5 vote for 3, seats 6–9 for 5 …
    for (let seat = 1; seat <= 9; seat++) expect(await bySeat(t, seat).client.act(`v${seat}`, { type: "vote", target: seat <= 5 ? 3 : 5 })).toMatchObject({ type: "ack" });
    // … and seat 10's vote closes the ballot; seat 10 presses again a moment later, on the same view.
    const ten = bySeat(t, 10).client;
    expect(await send(ten, { type: "act", action: { type: "vote", target: 5 }, phaseSeq: first.phaseSeq })).toMatchObject({ type: "ack" });
    await settle(t.code, everyone());
    const stub = tableStub(t.code);
    for (let i = 0; i < 12 && gameOf(ten).phase !== "revote"; i++) {
      await runDurableObjectAlarm(stub);
      await settle(t.code, everyone());
    }
    const revote = gameOf(ten);
    expect(revote.phase).toBe("revote");
    // The late press, made on the first ballot's view, arrives now: refused, the revote unchanged.
    const late = await send(ten, { type: "act", action: { type: "vote", target: 5 }, phaseSeq: first.phaseSeq });
    expect(late).toMatchObject({ type: "error", code: "stale" });
    await settle(t.code, everyone());
    expect(gameOf(ten).phaseSeq).toBe(revote.phaseSeq);
    expect(gameOf(ten).log.length).toBe(revote.log.length);
    expect(gameOf(ten).you!.actions.some((a) => a.type === "vote")).toBe(true); // seat 10 may still vote in the revote
    // With the revote's own phaseSeq the same vote counts.
    expect(await send(ten, { type: "act", action: { type: "vote", target: 5 }, phaseSeq: revote.phaseSeq })).toMatchObject({ type: "ack" });
  });

  it("an act or a host frame without phaseSeq is bad-message (typed, its ref echoed) and changes nothing; the same input with it goes through", async () => {
    const { t, host, everyone } = await hostedAtVoting();
    const one = bySeat(t, 1).client;
    // A player's vote without its stage.
    let before = await storedGame(t.code);
    expect(await send(one, { type: "act", action: { type: "vote", target: 3 } })).toMatchObject({ type: "error", code: "bad-message", ref: expect.any(String) });
    expect(await storedGame(t.code)).toEqual(before);
    expect(gameOf(one).you!.actions.some((a) => a.type === "vote")).toBe(true);
    for (let seat = 1; seat <= 10; seat++) expect(await bySeat(t, seat).client.act(`v${seat}`, { type: "vote", target: seat <= 6 ? 3 : 5 })).toMatchObject({ type: "ack" });
    await settle(t.code, everyone());
    // The host's confirm without its stage.
    const voted = gameOf(host);
    before = await storedGame(t.code);
    expect(await send(host, { type: "host", action: { type: "confirm" } })).toMatchObject({ type: "error", code: "bad-message" });
    expect(await storedGame(t.code)).toEqual(before);
    expect(gameOf(host).phaseSeq).toBe(voted.phaseSeq);
    expect(await send(host, { type: "host", action: { type: "confirm" }, phaseSeq: voted.phaseSeq })).toMatchObject({ type: "ack" });
  });
});
