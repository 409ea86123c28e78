/**
 * Issue 31 item 12, RULES.md §8 (the lobby's voice: friends talk while the table fills; shared/engine/
 * shared/media/floor.ts `lobbyFloor`): before the game the relay carries signals between the lobby's people, each
 * the media peer of their lobby place (join order), so everyone can hear everyone. Spectators and the
 * seatless organizer take no part (`not-seated`); a place nobody holds or oneself is `no-peer`. Once the
 * game starts the peers are the drawn seats, as before.
 */
import { describe, expect, it } from "vitest";
import type { ServerMessage } from "../../shared/protocol/messages.ts";
import { connectAs, createTable, join, type Client } from "./helpers.ts";

const SDP = "v=0\r\no=- 46117317 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\nc=IN IP4 0.0.0.0\r\na=mid:0\r\na=sendrecv\r\na=rtpmap:111 opus/48000/2\r\n";

function signal(c: Client, body: Record<string, unknown>): void {
  c.send(JSON.stringify({ type: "signal", ...body }));
}
async function errorOf(c: Client, from: number): Promise<string> {
  const m = await c.next((f) => f.type === "error", from);
  return (m as Extract<ServerMessage, { type: "error" }>).code;
}
const signals = (c: Client, from = 0) => c.frames.slice(from).filter((m) => m.type === "signal");

describe("issue 31.12, RULES.md §8: the lobby's voice on the relay", () => {
  it("§8 in the lobby the people reach each other by lobby place; spectators and the seatless organizer are not-seated; an empty place or oneself is no-peer", async () => {
    const created = await createTable({ presetId: "sport" });
    const code = created.code;
    const people: Client[] = [];
    for (const name of ["Lobby Ann", "Lobby Bo", "Lobby Cy"]) people.push(await connectAs(code, (await join(code, name)).token, name));
    const watcher = await connectAs(code, undefined, "watcher");
    const organizer = await connectAs(code, created.organizerToken, "organizer");
    const [a, b, c] = people as [Client, Client, Client];
    const view = a.lastView();
    expect(view.status).toBe("lobby");
    expect(view.game).toBeNull();
    const placeOf = (name: string) => view.lobby.find((p) => p.nickname === name)!.place;
    const [pa, pb, pc] = [placeOf("Lobby Ann"), placeOf("Lobby Bo"), placeOf("Lobby Cy")];

    // Before: "The table's media start with the game" (not-seated) for everyone in the lobby. Now:
    const marks = [a, b, c].map((x) => x.frames.length);
    signal(a, { to: pb, hello: true });
    expect(await b.next((m) => m.type === "signal", marks[1])).toEqual({ type: "signal", from: pa, hello: true });
    signal(b, { to: pa, description: { type: "offer", sdp: SDP } });
    expect(await a.next((m) => m.type === "signal", marks[0])).toEqual({ type: "signal", from: pb, description: { type: "offer", sdp: SDP } });
    signal(c, { to: pa, ref: "c1", candidates: [{ candidate: "candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host", sdpMid: "0", sdpMLineIndex: 0 }] });
    expect(await c.next((m) => m.type === "ack" && m.ref === "c1", marks[2])).toMatchObject({ type: "ack", ref: "c1" });
    expect(await a.next((m) => m.type === "signal" && (m as { from: number }).from === pc, marks[0])).toMatchObject({ from: pc, candidates: [{ sdpMid: "0" }] });
    // Only the addressed person got each frame.
    expect(signals(c, marks[2])).toEqual([]);
    expect(signals(b, marks[1]).map((m) => (m as { from: number }).from)).toEqual([pa]);

    // Refusals: oneself, a place nobody holds, a spectator, the seatless organizer.
    let from = a.frames.length;
    signal(a, { to: pa, hello: true });
    expect(await errorOf(a, from)).toBe("no-peer");
    from = a.frames.length;
    signal(a, { to: 9, hello: true });
    expect(await errorOf(a, from)).toBe("no-peer");
    from = watcher.frames.length;
    signal(watcher, { to: pa, hello: true });
    expect(await errorOf(watcher, from)).toBe("not-seated");
    from = organizer.frames.length;
    signal(organizer, { to: pa, hello: true });
    expect(await errorOf(organizer, from)).toBe("not-seated");
    expect(signals(a, marks[0]).every((m) => (m as { from: number }).from !== 0)).toBe(true);
    for (const x of [a, b, c, watcher, organizer]) {
      expect(x.schemaFailures).toEqual([]);
      x.close();
    }
  });
});
