/**
 * Issue 15, the signalling relay (docs/MEDIA.md): WebRTC offers, answers and ICE candidates reach the
 * addressed seat's player and nobody else; a spectator can neither send nor receive; a seat of another
 * table, a bot seat, oneself, an empty seat or a disconnected player is refused with `no-peer`;
 * oversized signals are `too-large`; a flood is `rate-limited` on its own budget.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_SIGNAL_BYTES, SIGNAL_RATE_LIMIT, type ServerMessage } from "../../shared/protocol/messages.ts";
import type { Client } from "./helpers.ts";
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

describe("issue 15: the signalling relay", () => {
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

  it("a spectator can neither send nor receive; oneself, an empty seat and a seat of another table are refused", async () => {
    const spectator = run.spectators[0]!;
    const a = run.seated[0]!.client;
    let from = spectator.frames.length;
    signal(spectator, { to: seatOf(a), description: { type: "offer", sdp: SDP } });
    expect(await errorOf(spectator, from)).toBe("not-seated");
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
      [JSON.stringify({ type: "signal", to: 0, description: { type: "offer", sdp: SDP } }), "bad-message"],
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
    for (let i = 0; i < SIGNAL_RATE_LIMIT.burst + 15; i++) signal(a, { to, candidates: [{ candidate: `c${i}` }] });
    await a.next((m) => m.type === "error" && m.code === "rate-limited", from, 5000);
    const refused = a.frames.slice(from).filter((m) => m.type === "error" && m.code === "rate-limited").length;
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThanOrEqual(15 + 5);
    // The general budget is untouched: a sync still gets its view.
    const mark = a.frames.length;
    a.send({ type: "sync" });
    await a.next((m) => m.type === "view", mark);
  });

  it("a seated player's welcome carries the ICE servers (none by default: one machine or a LAN); a spectator's does not", () => {
    const w = run.seated[0]!.client.frames.find((m) => m.type === "welcome");
    expect(w).toMatchObject({ identity: { kind: "player" }, media: { iceServers: [] } });
    const ws = run.spectators[0]!.frames.find((m) => m.type === "welcome");
    expect(ws).toBeDefined();
    expect((ws as { media?: unknown }).media).toBeUndefined();
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
