/**
 * Issue 15, the signalling relay (docs/MEDIA.md): WebRTC offers, answers and ICE candidates reach the
 * addressed seat's player and nobody else; a spectator can neither send nor receive; a seat of another
 * table, a bot seat, oneself, an empty seat or a disconnected player is refused with `no-peer`;
 * oversized signals are `too-large`; a flood is `rate-limited` on its own budget.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_SIGNAL_BYTES, SIGNAL_RATE_LIMIT, type ServerMessage } from "../../shared/protocol/messages.ts";
import { connectAs, type Client } from "./helpers.ts";
import { iceServers } from "../../worker/table/media.ts";
import { openTable, type OpenedTable } from "./play.ts";

const SDP = "v=0\r\no=- 46117317 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\nc=IN IP4 0.0.0.0\r\na=mid:0\r\na=sendrecv\r\na=rtpmap:111 opus/48000/2\r\n";

let run: OpenedTable;
let other: OpenedTable;

/** The seat a client holds in the game. */
function seatOf(c: Client): number {
  return c.lastView().game!.you!.seat;
}
/** Send a signal frame exactly as the web client spells it. */
function signal(c: Client, body: Record<string, unknown>): void {
  c.send(JSON.stringify({ type: "signal", ...body }));
}
const signals = (c: Client, from = 0) => c.frames.slice(from).filter((m): m is Extract<ServerMessage, { type: "signal" }> => m.type === "signal");
async function errorOf(c: Client, from: number): Promise<string> {
  const m = await c.next((f) => f.type === "error", from);
  return (m as Extract<ServerMessage, { type: "error" }>).code;
}

beforeAll(async () => {
  run = await openTable({ seed: "signal", spectators: 1 });
  other = await openTable({ seed: "signal-b", spectators: 0 });
});
afterAll(() => {
  run?.close();
  other?.close();
});

describe("issue 15, RULES.md §8 media: the signalling relay", () => {
  it("an offer, an answer and candidates reach the addressed player only, marked with the sender's seat", async () => {
    const [a, b, c] = run.seated.map((s) => s.client);
    const [sa, sb] = [seatOf(a!), seatOf(b!)];
    const marks = run.all().map((x) => x.frames.length);
    signal(a!, { to: sb, description: { type: "offer", sdp: SDP } });
    const got = await b!.next((m) => m.type === "signal", marks[1]);
    expect(got).toEqual({ type: "signal", from: sa, description: { type: "offer", sdp: SDP } });
    signal(b!, { to: sa, description: { type: "answer", sdp: SDP }, candidates: [{ candidate: "candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host", sdpMid: "0", sdpMLineIndex: 0 }] });
    const back = await a!.next((m) => m.type === "signal", marks[0]);
    expect(back).toMatchObject({ from: sb, description: { type: "answer" }, candidates: [{ sdpMid: "0" }] });
    // Nobody else — the other players, the spectator — received a signal.
    await c!.next((m) => m.type === "view", 0); // the socket is alive
    run.all().forEach((x, i) => {
      if (x === a || x === b) return;
      expect(signals(x, marks[i]), x.name).toEqual([]);
    });
    expect(a!.schemaFailures).toEqual([]);
    expect(b!.schemaFailures).toEqual([]);
  });

  it("a spectator is never heard and gets nothing before it listens; oneself, an empty seat and a seat of another table are refused", async () => {
    const spectator = run.spectators[0]!;
    const a = run.seated[0]!.client;
    // RULES.md §8 spectators are never heard (issue 30): a description that sends media is refused.
    let from = spectator.frames.length;
    const am = a.frames.length;
    signal(spectator, { to: seatOf(a), description: { type: "offer", sdp: SDP } });
    expect(await errorOf(spectator, from)).toBe("media-closed");
    // A spectator that has not said hello is no listening peer: nobody reaches it.
    const watcher = (spectator.frames.find((m) => m.type === "welcome") as { media?: { peer?: number } }).media!.peer!;
    from = a.frames.length;
    signal(a, { to: watcher, candidates: [{ candidate: "to-a-spectator" }] });
    expect(await errorOf(a, from)).toBe("no-peer");
    expect(signals(a, am)).toEqual([]);
    expect(signals(spectator)).toEqual([]);
    from = a.frames.length;
    signal(a, { to: seatOf(a), description: { type: "offer", sdp: SDP } });
    expect(await errorOf(a, from)).toBe("no-peer");
    from = a.frames.length;
    signal(a, { to: 11, description: { type: "offer", sdp: SDP } });
    expect(await errorOf(a, from)).toBe("no-peer");
    // Seat numbers name players of the sender's own game: a player of another table reaches only its own table.
    const stranger = other.seated[0]!.client;
    const target = (seatOf(stranger) % 10) + 1;
    const peer = other.seated.map((x) => x.client).find((x) => seatOf(x) === target)!;
    const marks = run.all().map((x) => x.frames.length);
    const peerMark = peer.frames.length;
    signal(stranger, { to: target, candidates: [{ candidate: "from-another-table" }] });
    expect(await peer.next((m) => m.type === "signal", peerMark)).toMatchObject({ from: seatOf(stranger), candidates: [{ candidate: "from-another-table" }] });
    run.all().forEach((x, i) => expect(signals(x, marks[i]), x.name).toEqual([]));
  });

  it("hostile signals: wrong shape, oversized, unknown keys, not starting as the client sends it — typed errors, nothing relayed", async () => {
    const a = run.seated[0]!.client;
    const b = run.seated[1]!.client;
    const to = seatOf(b);
    const seen = b.frames.length;
    const cases: Array<[string, string]> = [
      [JSON.stringify({ type: "signal", to, description: { type: "offer", sdp: "x".repeat(MAX_SIGNAL_BYTES) } }), "too-large"],
      [JSON.stringify({ type: "signal", to, description: { type: "pranswer", sdp: SDP } }), "bad-message"],
      [JSON.stringify({ type: "signal", to }), "bad-message"],
      [JSON.stringify({ type: "signal", to, candidates: Array.from({ length: 33 }, () => ({ candidate: "c" })) }), "bad-message"],
      [JSON.stringify({ type: "signal", to, description: { type: "offer", sdp: SDP }, __proto__: { admin: true }, extra: 1 }), "bad-message"],
      [JSON.stringify({ to, type: "signal", description: { type: "offer", sdp: SDP } }), "bad-message"],
      [JSON.stringify({ type: "signal", to: -1, description: { type: "offer", sdp: SDP } }), "bad-message"],
      [JSON.stringify({ type: "signal", to: 1_000_001, description: { type: "offer", sdp: SDP } }), "bad-message"],
      [JSON.stringify({ type: "signal", to: 1.5, description: { type: "offer", sdp: SDP } }), "bad-message"],
      // Issue 30: `from` is the server's to stamp, never the sender's.
      [JSON.stringify({ type: "signal", to, from: 0, description: { type: "offer", sdp: SDP } }), "bad-message"],
      // Issue 30: no live host at a sport table, no consigliere, no listening spectator: nobody to reach.
      [JSON.stringify({ type: "signal", to: 0, description: { type: "offer", sdp: SDP } }), "no-peer"],
      [JSON.stringify({ type: "signal", to: 100 + to, description: { type: "offer", sdp: SDP } }), "no-peer"],
      [JSON.stringify({ type: "signal", to: 5000, description: { type: "offer", sdp: SDP } }), "no-peer"],
    ];
    for (const [frame, code] of cases) {
      const from = a.frames.length;
      a.send(frame);
      expect(await errorOf(a, from), frame.slice(0, 80)).toBe(code);
    }
    expect(signals(b, seen)).toEqual([]);
  });

  it("a flood of signals is rate-limited on its own budget, and the game's own frames still pass", async () => {
    const a = run.seated[2]!.client;
    const to = seatOf(run.seated[3]!.client);
    const from = a.frames.length;
    // Every signal carries a ref, so each gets its answer (an ack or an error): the test waits for the
    // answers, never for a time. The bucket refills while the table works through the frames (20 a
    // second), so on a slow machine the first burst may all pass: then more, until one is refused.
    let sent = 0;
    const answered = () => a.frames.slice(from).filter((m) => (m.type === "ack" || m.type === "error") && String(m.ref ?? "").startsWith("flood-")).length;
    const refusedNow = () => a.frames.slice(from).filter((m) => m.type === "error" && m.code === "rate-limited").length;
    const batch = (n: number) => {
      for (let i = 0; i < n; i++) signal(a, { to, ref: `flood-${sent++}`, candidates: [{ candidate: `c${sent}` }] });
    };
    batch(SIGNAL_RATE_LIMIT.burst + 15);
    for (let round = 0; ; round++) {
      const want = sent;
      await a.next(() => answered() >= want, from, 20_000);
      if (refusedNow() > 0 || round >= 10) break;
      batch(30);
    }
    const refused = refusedNow();
    expect(refused).toBeGreaterThan(0);
    // Only the frames beyond the budget are refused: far fewer than were sent.
    expect(refused).toBeLessThan(sent - SIGNAL_RATE_LIMIT.burst + 1);
    // The general budget is untouched: a sync still gets its view.
    const mark = a.frames.length;
    a.send({ type: "sync" });
    await a.next((m) => m.type === "view", mark);
  });

  it("a hello (the explicit frame kind) is relayed alone, marked with the sender's seat; with anything else it is a bad shape", async () => {
    const a = run.seated[4]!.client;
    const b = run.seated[5]!.client;
    const mark = b.frames.length;
    signal(a, { to: seatOf(b), hello: true });
    expect(await b.next((m) => m.type === "signal", mark)).toEqual({ type: "signal", from: seatOf(a), hello: true });
    for (const body of [{ hello: true, candidates: [{ candidate: "c" }] }, { hello: true, description: { type: "offer", sdp: SDP } }, { hello: false }, { hello: "yes" }]) {
      const from = a.frames.length;
      signal(a, { to: seatOf(b), ...body });
      expect(await errorOf(a, from), JSON.stringify(body)).toBe("bad-message");
    }
    // The old stopgap (an end-of-candidates marker with sdpMid "mafia-hello") is only a candidate now.
    expect(signals(b, mark).filter((m) => m.hello)).toHaveLength(1);
  });

  it("two tabs of one player: the socket of the latest hello holds the media; the other is told and refused, and gets them back when it closes", async () => {
    const a = run.seated[6]!.client;
    const first = run.seated[7]!.client;
    const sa = seatOf(a);
    const sb = seatOf(first);
    // Tab 1 joins voice: its hello makes it B's media socket.
    signal(first, { to: sa, hello: true });
    await a.next((m) => m.type === "signal" && m.hello === true && m.from === sb);
    // Tab 2 of the same player (same seat token) opens: signals to B still reach tab 1 only.
    const second = await connectAs(run.code, run.seated[7]!.join.token, "B tab 2");
    try {
      let m1 = first.frames.length;
      let m2 = second.frames.length;
      signal(a, { to: sb, candidates: [{ candidate: "to-tab-1" }] });
      await first.next((m) => m.type === "signal" && m.candidates?.[0]?.candidate === "to-tab-1", m1);
      // A signal from the tab without the media is refused, typed; nothing is relayed.
      let ma = a.frames.length;
      signal(second, { to: sa, candidates: [{ candidate: "from-tab-2" }] });
      expect(await errorOf(second, m2)).toBe("media-elsewhere");
      // Tab 2 joins voice (takes over): tab 1 is told, unasked; signals now reach tab 2 only, and tab 1 is refused.
      m1 = first.frames.length;
      m2 = second.frames.length;
      signal(second, { to: sa, hello: true });
      await a.next((m) => m.type === "signal" && m.hello === true && m.from === sb, ma);
      expect(await first.next((m) => m.type === "error", m1)).toMatchObject({ code: "media-elsewhere", ref: null });
      signal(a, { to: sb, candidates: [{ candidate: "to-tab-2" }] });
      await second.next((m) => m.type === "signal" && m.candidates?.[0]?.candidate === "to-tab-2", m2);
      m1 = first.frames.length;
      signal(first, { to: sa, description: { type: "offer", sdp: SDP } });
      expect(await errorOf(first, m1)).toBe("media-elsewhere");
      // Tab 1's signals were never relayed after the take-over, and it got none of A's.
      expect(signals(a, ma).filter((m) => m.from === sb && m.description)).toEqual([]);
      expect(signals(first, m1)).toEqual([]);
      // Tab 2 closes: B has no media socket, so signals reach B's open sockets (tab 1) again, and tab 1 may signal.
      ma = a.frames.length;
      second.close();
      await expect
        .poll(async () => {
          const mark = first.frames.length;
          signal(a, { to: sb, candidates: [{ candidate: "after-close" }] });
          return first.next((m) => m.type === "signal", mark, 300).then(() => true, () => false);
        }, { timeout: 5000 })
        .toBe(true);
      signal(first, { to: sa, candidates: [{ candidate: "tab-1-again" }] });
      await a.next((m) => m.type === "signal" && m.candidates?.[0]?.candidate === "tab-1-again", ma);
    } finally {
      second.close();
    }
  });

  it("a seated player's welcome carries the ICE servers (none by default: one machine or a LAN), and so does a spectator's with its own peer number (issue 30)", async () => {
    const w = run.seated[0]!.client.frames.find((m) => m.type === "welcome");
    expect(w).toMatchObject({ identity: { kind: "player" }, media: { mode: "mesh", iceServers: [] } });
    const ws = run.spectators[0]!.frames.find((m) => m.type === "welcome") as { media?: { peer?: number } } | undefined;
    expect(ws?.media).toMatchObject({ mode: "mesh", iceServers: [] });
    expect(ws!.media!.peer).toBeGreaterThanOrEqual(1000);
    // A player greeted in the running game learns its peer: its seat.
    const again = await connectAs(run.code, run.seated[0]!.join.token, "A again");
    try {
      expect(again.frames.find((m) => m.type === "welcome")).toMatchObject({ media: { peer: seatOf(run.seated[0]!.client) } });
    } finally {
      again.close();
    }
    // MEDIA_ICE_SERVERS: a JSON array of RTCIceServer; anything else means none (and is logged).
    expect(iceServers('[{"urls":"stun:stun.cloudflare.com:3478"},{"urls":["turn:turn.example:3478"],"username":"u","credential":"c"}]')).toEqual([
      { urls: "stun:stun.cloudflare.com:3478" },
      { urls: ["turn:turn.example:3478"], username: "u", credential: "c" },
    ]);
    expect(iceServers("not json")).toEqual([]);
    expect(iceServers('{"urls":"stun:x"}')).toEqual([]);
    expect(iceServers('[{"urls":"stun:x","extra":1}]')).toEqual([]);
    expect(iceServers(undefined)).toEqual([]);
  });
});
