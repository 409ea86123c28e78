/**
 * Issue 32, finding 5: type confusion in the signal fast path. A frame that starts like a signal
 * (`{"type":"signal"`) got the signal budget (burst 60) and the 16 kB limit before it was parsed: a
 * duplicate key (`{"type":"signal","type":"sync"}`) made it a `sync` (60 views in a burst where plain
 * sync is cut at 20), and a 10 kB `act` passed as a signal. The budget and the limit now follow the
 * parsed type, and duplicate keys are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_CLIENT_MESSAGE_BYTES, RATE_LIMIT, type ServerMessage } from "../../shared/protocol/messages.ts";
import { openTable, type OpenedTable } from "./play.ts";

let run: OpenedTable;
beforeAll(async () => {
  run = await openTable({ seed: "issue32-frames", spectators: 0 });
});
afterAll(() => run?.close());

const errors = (frames: ServerMessage[], from: number) => frames.slice(from).filter((m): m is Extract<ServerMessage, { type: "error" }> => m.type === "error");

describe("issue 32 finding 5: the signal fast path", () => {
  it("a sync dressed as a signal spends the general budget: at most RATE_LIMIT.burst views in a burst", async () => {
    const c = run.seated[0]!.client;
    const from = c.frames.length;
    for (let i = 0; i < 60; i++) c.send(`{"type":"signal","type":"sync"}`);
    c.send({ type: "sync" }); // the marker: answered after the burst (or refused)
    await new Promise((r) => setTimeout(r, 600));
    const views = c.frames.slice(from).filter((m) => m.type === "view").length;
    expect(views, "views answered to a burst of 60 disguised syncs").toBeLessThanOrEqual(RATE_LIMIT.burst + 2);
    expect(errors(c.frames, from).length).toBeGreaterThan(0);
  });

  it("duplicate keys are refused (bad-message), whatever they are", async () => {
    const c = run.seated[1]!.client;
    await new Promise((r) => setTimeout(r, 1200)); // a fresh bucket
    const from = c.frames.length;
    c.send(`{"type":"sync","type":"sync"}`);
    c.send(`{"type":"act","ref":"d1","action":{"type":"vote","target":1},"ref":"d2"}`);
    c.send(`{"type":"act","ref":"d3","action":{"type":"vote","type":"vote","target":1}}`);
    c.send(`{"type":"sync","\\u0074ype":"sync"}`);
    await c.next((m) => m.type === "error", from);
    await new Promise((r) => setTimeout(r, 300));
    const got = errors(c.frames, from);
    expect(got.map((e) => e.code)).toEqual(["bad-message", "bad-message", "bad-message", "bad-message"]);
    expect(c.frames.slice(from).some((m) => m.type === "view")).toBe(false);
  });

  it("an act over the general size limit is refused even when it starts like a signal", async () => {
    const c = run.seated[2]!.client;
    await new Promise((r) => setTimeout(r, 1200));
    const from = c.frames.length;
    const pad = " ".repeat(10_000); // JSON whitespace: the act itself stays valid
    c.send(`{"type":"signal","type":"act",${pad}"ref":"big","action":{"type":"vote","target":1}}`);
    const e = await c.next((m) => m.type === "error", from);
    expect(["too-large", "bad-message"]).toContain((e as Extract<ServerMessage, { type: "error" }>).code);
    // Without the duplicate: an act of 10 kB is over the act limit.
    const from2 = c.frames.length;
    c.send(`{"type":"act",${pad}"ref":"big2","action":{"type":"vote","target":1}}`);
    expect(pad.length).toBeGreaterThan(MAX_CLIENT_MESSAGE_BYTES);
    expect(((await c.next((m) => m.type === "error", from2)) as Extract<ServerMessage, { type: "error" }>).code).toBe("too-large");
  });
});
