/**
 * Issue 32, finding 10: offer floods. One player sent 19 offers of 16 kB a second for 11 s to one victim
 * and was never refused; each new fingerprint rebuilds the victim's link. The relay now keeps a budget
 * of offers per link (sender seat → target seat, LINK_BUDGET.offer): the excess is refused `rate-limited`
 * to the sender and never reaches the victim, while other links and answers (their own budget) are unaffected.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_SIGNAL_BYTES, type ServerMessage } from "../../shared/protocol/messages.ts";
import type { Client } from "./helpers.ts";
import { openTable, type OpenedTable } from "./play.ts";

let run: OpenedTable;
beforeAll(async () => {
  run = await openTable({ seed: "issue32-offers", spectators: 0 });
});
afterAll(() => run?.close());

/** worker/table/signal-budget.ts LINK_BUDGET.offer.burst (written out: the test must load on the code before it). */
const BURST = 8;
const seatOf = (c: Client) => c.lastView().game!.you!.seat;
const sdp = (n: number) => `v=0\r\no=- ${n} 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=fingerprint:sha-256 ${String(n).padStart(4, "0")}\r\na=x:${"y".repeat(MAX_SIGNAL_BYTES - 1200)}\r\n`;
const offersTo = (c: Client, from: number, since: number) => c.frames.slice(since).filter((m) => m.type === "signal" && m.from === from && m.description?.type === "offer").length;

describe("issue 32 finding 10: a budget of offers per link", () => {
  it("a flood of 40 large offers to one victim delivers at most the link's burst; the sender is told rate-limited", async () => {
    const [a, b, c] = run.seated.map((s) => s.client) as [Client, Client, Client];
    const [sa, sb, sc] = [seatOf(a), seatOf(b), seatOf(c)];
    const [fromB, fromA, fromC] = [b.frames.length, a.frames.length, c.frames.length];
    for (let i = 0; i < 40; i++) a.send(JSON.stringify({ type: "signal", to: sb, description: { type: "offer", sdp: sdp(i) } }));
    // The sender is told (its reply to the flood), and another link of the same sender is unaffected.
    await a.next((m) => m.type === "error" && m.code === "rate-limited", fromA);
    a.send(JSON.stringify({ type: "signal", to: sc, description: { type: "offer", sdp: sdp(99) } }));
    await c.next((m) => m.type === "signal" && m.from === sa, fromC);
    // An answer on the flooded link is unaffected; it reaches b after every offer the flood delivered
    // (one sender's messages are handled in order, one socket to b keeps its order): then they are counted.
    a.send(JSON.stringify({ type: "signal", to: sb, description: { type: "answer", sdp: sdp(100) } }));
    const got = (await b.next((m) => m.type === "signal" && m.from === sa && m.description?.type === "answer", fromB)) as Extract<ServerMessage, { type: "signal" }>;
    expect(got.description?.type).toBe("answer");
    const delivered = offersTo(b, sa, fromB);
    console.log(`finding 10: 40 offers sent in a burst → ${delivered} delivered`);
    expect(delivered).toBeLessThanOrEqual(BURST);
    expect(delivered).toBeGreaterThan(0);
    expect(sc).not.toBe(sb);
  });
});
