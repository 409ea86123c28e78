/**
 * The ack of an input (docs/PROTOCOL.md "Acks"), over real sockets: an accepted input's sender gets its
 * view of the change with `ack: ref` inside — after every other connection's view of it — and no
 * separate `ack` frame; a separate `ack` frame only where the sender gets no view frame. Nobody else
 * ever sees an ack (RULES.md §1 Secrets: the frames a connection receives tell it nothing of who acted).
 */
import { afterEach, describe, expect, it } from "vitest";
import type { ServerMessage } from "../../shared/protocol/messages.ts";
import type { Client } from "./helpers.ts";
import { openTable, playToEnd, type OpenedTable } from "./play.ts";

let run: OpenedTable | null = null;
afterEach(() => {
  run?.close();
  run = null;
});

type Sent = ServerMessage & { ack?: string };

/** The refs of the `act` frames this client sent, and where in its received frames each was sent. */
function recordSends(c: Client): Array<{ ref: string; at: number }> {
  const sent: Array<{ ref: string; at: number }> = [];
  const send = c.send.bind(c);
  c.send = (msg: unknown) => {
    const m = (typeof msg === "string" ? JSON.parse(msg) : msg) as { type?: string; ref?: string };
    if (m.type === "act" && typeof m.ref === "string") sent.push({ ref: m.ref, at: c.raw.length });
    send(msg);
  };
  return sent;
}

describe("RULES.md §1, §8 the ack rides the sender's view frame", () => {
  it("a whole sport game: every accepted act's sender gets one view frame carrying its ack and no ack frame beside it; no other connection's frame carries an ack", async () => {
    run = await openTable({ seed: "view-ack-1", spectators: 1 });
    const sends = new Map(run.all().map((c) => [c, recordSends(c)]));
    const stats = await playToEnd(run);
    expect(stats.acked, "acts accepted").toBeGreaterThan(30);

    let riding = 0;
    let apart = 0;
    for (const c of run.all()) {
      const frames = c.raw.map((r) => JSON.parse(r) as Sent);
      const mine = new Set(sends.get(c)!.map((s) => s.ref));
      for (const [i, f] of frames.entries()) {
        const ref = f.type === "ack" ? f.ref : f.ack;
        if (ref === undefined) continue;
        // Only the sender's own input is ever acked to it, and only inside a view or patch (or an ack frame).
        expect(mine.has(ref), `${c.name} frame ${i} acks ${ref}, which it did not send`).toBe(true);
        expect(["view", "patch", "ack"], `${c.name} frame ${i}`).toContain(f.type);
        if (f.type === "ack") {
          apart++;
          // An ack frame alone only where the sender got no view frame of that change.
          const sentAt = sends.get(c)!.find((s) => s.ref === ref)!.at;
          const views = frames.slice(sentAt, i).filter((x) => (x.type === "view" || x.type === "patch") && x.version === f.version && x.ack === undefined);
          expect(views, `${c.name}: ack ${ref} apart although a view of version ${f.version} came`).toEqual([]);
        } else riding++;
      }
    }
    // Each accepted act acked once, on one frame.
    expect(riding + apart).toBe(stats.acked);
    // Most acts change what their sender sees: their ack rides that view (one frame fewer each).
    expect(riding, `${riding} acks on a view, ${apart} apart`).toBeGreaterThan(apart);
    for (const c of run.all()) expect(c.schemaFailures, c.name).toEqual([]);
  }, 120_000);
});
