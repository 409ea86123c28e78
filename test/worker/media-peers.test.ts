/**
 * Issue 30 (RULES.md §8 media with a live host, the consigliere, spectators; docs/MEDIA.md "The relay"):
 * the mesh relay over media peers through the real table object — a seat is its seat, the live host 0,
 * seat N's consigliere 100 + N, a listening spectator 1000 and up; `from` is stamped by the server from
 * the sender's identity. Hostile cases are refused with a typed error and change nothing; the positive
 * paths relay; TableView.mediaPeers names the connected peers beyond the seats in everyone's view.
 */
import { runDurableObjectAlarm } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameView } from "../../shared/engine/types.ts";
import { HOST_PEER, MESH_LISTENERS_MAX, SPECTATOR_PEER_BASE } from "../../shared/media/peers.ts";
import type { JoinResponse } from "../../shared/protocol/http.ts";
import type { ServerMessage } from "../../shared/protocol/messages.ts";
import { sdpSends } from "../../worker/table/media.ts";
import { withoutDeadListeners } from "../../worker/table/view.ts";
import { Client, connectAs, createTable, everyoneConnected, evict, postJson, tableStub } from "./helpers.ts";
import { control, fullTable, gameOf, hostInput, joinOk, logOf, settle } from "./fixture.ts";

/** An SDP with one audio section of the given direction (none: no direction attribute, i.e. sendrecv). */
const sdp = (direction: string | null, session: string | null = null) =>
  `v=0\r\no=- 46117317 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n${session ? `a=${session}\r\n` : ""}a=group:BUNDLE 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\nc=IN IP4 0.0.0.0\r\na=mid:0\r\n${direction ? `a=${direction}\r\n` : ""}a=rtpmap:111 opus/48000/2\r\n`;
const SENDRECV = sdp("sendrecv");
const RECVONLY = sdp("recvonly");

type Signal = Extract<ServerMessage, { type: "signal" }>;
const signals = (c: Client, from = 0) => c.frames.slice(from).filter((m): m is Signal => m.type === "signal");

let refs = 0;
/** Send a signal with a ref; resolves with its ack or error. */
async function signal(c: Client, body: Record<string, unknown>): Promise<ServerMessage> {
  const ref = `sig${++refs}`;
  const from = c.frames.length;
  c.send({ type: "signal", ...body, ref });
  return c.next((m) => (m.type === "ack" || m.type === "error") && m.ref === ref, from);
}
const codeOf = (m: ServerMessage) => (m.type === "error" ? m.code : m.type);

/** Wait until `c`'s latest view names exactly these media peers beyond the seats. */
const peersSeen = (c: Client, want: number[], ms = 10_000) => c.next(() => JSON.stringify(c.lastView().mediaPeers ?? []) === JSON.stringify(want), 0, ms);
const welcomeOf = (c: Client) => c.frames.find((m) => m.type === "welcome") as Extract<ServerMessage, { type: "welcome" }>;

interface HostTable {
  code: string;
  organizerToken: string;
  host: Client;
  players: Client[];
  joins: JoinResponse[];
  spectators: Client[];
  everyone: () => Client[];
}

/** A live-host tatar table (RULES.md §7: 12 seats, starts when full) with a host socket and `spectators` spectators, dealing. */
async function tatarWithHost(name: string, spectators: number, create: Record<string, unknown> = {}, beforeLastSeat?: (code: string, first: JoinResponse) => Promise<void>): Promise<HostTable> {
  const created = await createTable({ presetId: "tatar", host: "live", ...create });
  const host = await connectAs(created.code, created.organizerToken, `${name} host`);
  const players: Client[] = [];
  const joins: JoinResponse[] = [];
  for (let i = 1; i <= 12; i++) {
    if (i === 12) await beforeLastSeat?.(created.code, joins[0]!);
    const j = await joinOk(created.code, { nickname: `${name}${i}` });
    joins.push(j);
    players.push(await connectAs(created.code, j.token, `${name}${i}`));
  }
  const watchers: Client[] = [];
  for (let i = 0; i < spectators; i++) watchers.push(await connectAs(created.code, undefined, `${name} spectator ${i}`));
  await everyoneConnected(players, 12);
  const t: HostTable = { code: created.code, organizerToken: created.organizerToken, host, players, joins, spectators: watchers, everyone: () => [host, ...players, ...watchers] };
  await settle(t.code, t.everyone());
  expect(gameOf(host).phase).toBe("dealing");
  return t;
}

/** Run the table's alarm until the host's view shows `phase` (the cards' time and the acquaintance need no host). */
async function toPhase(t: HostTable, phase: string): Promise<void> {
  for (let i = 0; i < 5 && gameOf(t.host).phase !== phase; i++) {
    await runDurableObjectAlarm(tableStub(t.code));
    await settle(t.code, t.everyone());
  }
  expect(gameOf(t.host).phase).toBe(phase);
}

const seatOf = (c: Client) => gameOf(c).you!.seat;
const bySeat = (t: HostTable, seat: number) => t.players.find((c) => seatOf(c) === seat)!;

describe("issue 30, RULES.md §8: the relay over media peers at a live-host table", () => {
  let t: HostTable;
  let cons: Client;
  let consToken: string;
  /** The seat whose player has a consigliere. */
  let advised: number;
  let black: number[];
  let red: number[];

  beforeAll(async () => {
    // Seat of the first joiner gets a consigliere (RULES.md §7.10), bound in the lobby (before the deal) and connected while the cards are dealt.
    const bound: { joined?: JoinResponse } = {};
    t = await tatarWithHost("MP", 1, {}, async (table, first) => {
      const inv = await postJson(`/api/tables/${table}/consigliere/invite`, { token: first.token });
      const code = ((await inv.json()) as { code: string }).code;
      bound.joined = (await (await postJson(`/api/tables/${table}/consigliere`, { code, nickname: "MP Mentor" })).json()) as JoinResponse;
    });
    consToken = bound.joined!.token;
    cons = await connectAs(t.code, consToken, "MP Mentor");
    advised = seatOf(t.players[0]!);
  }, 120_000);
  afterAll(() => {
    for (const c of [...t.everyone(), cons]) c.close();
  });

  it("welcome.media names each connection's peer: the host 0, a seat its seat, the consigliere 100 + N, a spectator 1000 and up", async () => {
    expect(welcomeOf(t.host).media).toMatchObject({ mode: "mesh", peer: HOST_PEER });
    expect(welcomeOf(cons).media).toMatchObject({ mode: "mesh", peer: 100 + advised });
    expect(welcomeOf(t.spectators[0]!).media!.peer).toBeGreaterThanOrEqual(SPECTATOR_PEER_BASE);
    // A player greeted during the game learns its seat as its peer (those greeted in the lobby read it from the view).
    const again = await connectAs(t.code, t.joins[1]!.token, "MP2 again");
    try {
      expect(welcomeOf(again).media).toMatchObject({ peer: seatOf(t.players[1]!) });
    } finally {
      again.close();
    }
    // mediaPeers in everyone's view: the host and the consigliere (no spectator listens yet).
    for (const c of [...t.everyone(), cons]) await peersSeen(c, [HOST_PEER, 100 + advised]);
  });

  it("a player's signal always arrives stamped with their own seat; a frame carrying `from` is bad-message and relays nothing", async () => {
    const a = t.players[2]!;
    const [sa, sb, sc] = [seatOf(a), seatOf(t.players[3]!), seatOf(t.players[4]!)];
    const hm = t.host.frames.length;
    const bm = t.players[3]!.frames.length;
    expect(codeOf(await signal(a, { to: HOST_PEER, from: HOST_PEER, description: { type: "offer", sdp: SENDRECV } }))).toBe("bad-message");
    expect(codeOf(await signal(a, { to: sb, from: sc, candidates: [{ candidate: "c" }] }))).toBe("bad-message");
    expect(signals(t.players[3]!, bm)).toEqual([]);
    expect(codeOf(await signal(a, { to: HOST_PEER, candidates: [{ candidate: "stamped" }] }))).toBe("ack");
    const got = await t.host.next((m) => m.type === "signal" && m.candidates?.[0]?.candidate === "stamped", hm);
    expect(got).toMatchObject({ from: sa });
    expect(signals(t.host, hm)).toHaveLength(1);
  });

  it("the host's mute: a player's (or a spectator's, or the consigliere's) is refused with not-host and changes nothing; the host's reaches every view's floor and is logged as a remark", async () => {
    const target = seatOf(t.players[5]!);
    const before = logOf(t.host, "remarked").length;
    for (const c of [t.players[2]!, t.spectators[0]!, cons]) {
      expect(await hostInput(c, `mute-${c.name}`, { type: "mute", seat: target })).toMatchObject({ type: "error", code: "not-host" });
    }
    await settle(t.code, t.everyone());
    for (const c of t.everyone()) expect(gameOf(c).floor.muted).toBeUndefined();
    expect(logOf(t.host, "remarked")).toHaveLength(before);
    expect(await hostInput(t.host, "mute", { type: "mute", seat: target })).toMatchObject({ type: "ack" });
    await settle(t.code, [...t.everyone(), cons]);
    for (const c of [...t.everyone(), cons]) {
      expect(gameOf(c).floor.muted, c.name).toEqual([target]);
      expect(logOf(c, "remarked").at(-1)!.data).toEqual({ seat: target, cause: "muted" });
    }
    // A muted seat is a speaker of no channel (but its whisper) while the stage lasts.
    for (const ch of gameOf(t.host).floor.channels) if (!ch.id.startsWith("whisper-")) expect(ch.speakers).not.toContain(target);
  });

  it("at night (the acquaintance): a consigliere's links are closed both ways (media-closed); a black seat's offer to the host is relayed, and the host's back", async () => {
    await toPhase(t, "acquaintance");
    await settle(t.code, [cons]);
    black = gameOf(t.host).floor.channels.find((c) => c.id === "black-team")!.speakers.slice();
    red = gameOf(t.host).seats.map((s) => s.seat).filter((s) => !black.includes(s));
    expect(black).toHaveLength(4);
    expect(gameOf(cons).floor.advisers).toBe(false);
    const me = bySeat(t, advised);
    const marks = [me.frames.length, cons.frames.length, t.host.frames.length];
    expect(codeOf(await signal(cons, { to: advised, hello: true }))).toBe("media-closed");
    expect(codeOf(await signal(cons, { to: HOST_PEER, description: { type: "offer", sdp: SENDRECV } }))).toBe("media-closed");
    expect(codeOf(await signal(me, { to: 100 + advised, candidates: [{ candidate: "night" }] }))).toBe("media-closed");
    expect(codeOf(await signal(t.host, { to: 100 + advised, hello: true }))).toBe("media-closed");
    expect(signals(me, marks[0])).toEqual([]);
    expect(signals(cons, marks[1])).toEqual([]);
    // The host hears the black team's night channel (RULES.md §8): a black page offers to the host.
    const b = bySeat(t, black[0]!);
    expect(gameOf(t.host).floor.channels.find((c) => c.id === "black-team")?.listeners).toContain(HOST_PEER);
    expect(codeOf(await signal(b, { to: HOST_PEER, description: { type: "offer", sdp: SENDRECV } }))).toBe("ack");
    expect(await t.host.next((m) => m.type === "signal" && m.from === black[0] && m.description?.type === "offer", marks[2])).toBeTruthy();
    const bm = b.frames.length;
    expect(codeOf(await signal(t.host, { to: black[0], description: { type: "answer", sdp: SENDRECV } }))).toBe("ack");
    expect(await b.next((m) => m.type === "signal", bm)).toMatchObject({ from: HOST_PEER, description: { type: "answer" } });
  });

  it("by day: the consigliere and its seat signal each other, and the host; never a spectator or another consigliere; host ↔ any seat", async () => {
    await toPhase(t, "free-talk");
    await settle(t.code, [cons]);
    expect(gameOf(cons).floor.advisers).toBe(true);
    const me = bySeat(t, advised);
    let m = me.frames.length;
    expect(codeOf(await signal(cons, { to: advised, hello: true }))).toBe("ack");
    expect(await me.next((f) => f.type === "signal", m)).toEqual({ type: "signal", from: 100 + advised, hello: true });
    const cm = cons.frames.length;
    expect(codeOf(await signal(me, { to: 100 + advised, description: { type: "offer", sdp: SENDRECV } }))).toBe("ack");
    expect(await cons.next((f) => f.type === "signal", cm)).toMatchObject({ from: advised, description: { type: "offer" } });
    // By day a consigliere hears what its player hears: links to other seats and to the host too (mayLink).
    const other = red.find((s) => s !== advised)!;
    m = bySeat(t, other).frames.length;
    expect(codeOf(await signal(cons, { to: other, candidates: [{ candidate: "day" }] }))).toBe("ack");
    expect(await bySeat(t, other).next((f) => f.type === "signal", m)).toMatchObject({ from: 100 + advised });
    expect(codeOf(await signal(cons, { to: HOST_PEER, hello: true }))).toBe("ack");
    // Never: a spectator (not linked), a consigliere of a seat without one, a seat number beyond the table.
    const watcherPeer = welcomeOf(t.spectators[0]!).media!.peer!;
    expect(codeOf(await signal(cons, { to: watcherPeer, candidates: [{ candidate: "x" }] }))).toBe("no-peer");
    expect(codeOf(await signal(me, { to: 100 + other, candidates: [{ candidate: "x" }] }))).toBe("no-peer");
    expect(codeOf(await signal(t.host, { to: 13, candidates: [{ candidate: "x" }] }))).toBe("no-peer");
    // The host reaches every seat.
    for (const s of [black[1]!, red[2]!]) {
      const c = bySeat(t, s);
      const mark = c.frames.length;
      expect(codeOf(await signal(t.host, { to: s, hello: true }))).toBe("ack");
      expect(await c.next((f) => f.type === "signal", mark)).toEqual({ type: "signal", from: HOST_PEER, hello: true });
    }
  });

  it("spectators: the first hello makes a spectator listening (mediaPeers in everyone's view); it is never heard; beyond MESH_LISTENERS_MAX: media-full; its socket's close takes it out", async () => {
    const spectators = [t.spectators[0]!];
    for (let i = 1; i <= MESH_LISTENERS_MAX; i++) spectators.push(await connectAs(t.code, undefined, `MP listener ${i}`));
    const peers = spectators.map((s) => welcomeOf(s).media!.peer!);
    expect(new Set(peers).size).toBe(peers.length);
    const seat = red[0]!;
    const player = bySeat(t, seat);
    // Before its hello a spectator is no peer: nobody reaches it.
    expect(codeOf(await signal(player, { to: peers[0], candidates: [{ candidate: "early" }] }))).toBe("no-peer");
    // Spectators never link with each other.
    expect(codeOf(await signal(spectators[0]!, { to: peers[1], hello: true }))).toBe("no-peer");
    for (let i = 0; i < MESH_LISTENERS_MAX; i++) {
      const mark = player.frames.length;
      expect(codeOf(await signal(spectators[i]!, { to: seat, hello: true }))).toBe("ack");
      expect(await player.next((f) => f.type === "signal", mark)).toEqual({ type: "signal", from: peers[i], hello: true });
    }
    const listening = peers.slice(0, MESH_LISTENERS_MAX).sort((a, b) => a - b);
    for (const c of [...t.everyone(), cons]) await peersSeen(c, [HOST_PEER, 100 + advised, ...listening]);
    // One more: the mesh is full; nothing relayed, nothing changed.
    const mark = player.frames.length;
    expect(codeOf(await signal(spectators[MESH_LISTENERS_MAX]!, { to: seat, hello: true }))).toBe("media-full");
    expect(signals(player, mark)).toEqual([]);
    // Never heard: a sending description (an answer with sendrecv, an offer without any direction) is refused; a receive-only answer passes.
    expect(codeOf(await signal(spectators[0]!, { to: seat, description: { type: "answer", sdp: SENDRECV } }))).toBe("media-closed");
    expect(codeOf(await signal(spectators[0]!, { to: seat, description: { type: "offer", sdp: sdp(null) } }))).toBe("media-closed");
    expect(codeOf(await signal(spectators[0]!, { to: HOST_PEER, description: { type: "answer", sdp: sdp("sendonly") } }))).toBe("media-closed");
    expect(signals(player, mark)).toEqual([]);
    expect(codeOf(await signal(spectators[0]!, { to: seat, description: { type: "answer", sdp: RECVONLY } }))).toBe("ack");
    expect(await player.next((f) => f.type === "signal", mark)).toMatchObject({ from: peers[0], description: { type: "answer", sdp: RECVONLY } });
    // Seats and the host reach a listening spectator.
    const sm = spectators[1]!.frames.length;
    expect(codeOf(await signal(t.host, { to: peers[1], description: { type: "offer", sdp: SENDRECV } }))).toBe("ack");
    expect(await spectators[1]!.next((f) => f.type === "signal", sm)).toMatchObject({ from: HOST_PEER });
    // A listener leaves: out of everyone's mediaPeers, and the next spectator may listen.
    spectators[1]!.close();
    const left = listening.filter((p) => p !== peers[1]);
    for (const c of [...t.everyone(), cons]) await peersSeen(c, [HOST_PEER, 100 + advised, ...left]);
    expect(codeOf(await signal(spectators[MESH_LISTENERS_MAX]!, { to: seat, hello: true }))).toBe("ack");
    await peersSeen(t.host, [HOST_PEER, 100 + advised, ...[...left, peers[MESH_LISTENERS_MAX]!].sort((a, b) => a - b)]);
    for (const s of spectators.slice(1)) s.close();
    await peersSeen(t.host, [HOST_PEER, 100 + advised, peers[0]!]);
  });

  it("spectatorsHear off (the organizer's switch): spectators are told (a welcome without media), refused (not-seated) and leave mediaPeers; on again, a welcome with media and the same peer, and their next hello listens", async () => {
    const watcher = t.spectators[0]!;
    const peer = welcomeOf(watcher).media!.peer!;
    let mark = watcher.frames.length;
    expect(await control(t.host, "sh-off", { type: "options", spectatorsHear: false })).toMatchObject({ type: "ack" });
    const off = (await watcher.next((m) => m.type === "welcome", mark)) as Extract<ServerMessage, { type: "welcome" }>;
    expect(off).toMatchObject({ identity: { kind: "spectator" } });
    expect(off.media).toBeUndefined();
    await peersSeen(t.host, [HOST_PEER, 100 + advised]);
    const seat = red[0]!;
    expect(codeOf(await signal(watcher, { to: seat, hello: true }))).toBe("not-seated");
    expect(codeOf(await signal(bySeat(t, seat), { to: peer, candidates: [{ candidate: "x" }] }))).toBe("no-peer");
    mark = watcher.frames.length;
    expect(await control(t.host, "sh-on", { type: "options", spectatorsHear: true })).toMatchObject({ type: "ack" });
    expect(await watcher.next((m) => m.type === "welcome", mark)).toMatchObject({ identity: { kind: "spectator" }, media: { mode: "mesh", peer } });
    // Not listening until it says hello again.
    expect(codeOf(await signal(bySeat(t, seat), { to: peer, candidates: [{ candidate: "x" }] }))).toBe("no-peer");
    expect(codeOf(await signal(watcher, { to: seat, hello: true }))).toBe("ack");
    await peersSeen(t.host, [HOST_PEER, 100 + advised, peer]);
  });

  it("a spectator's peer and listening survive an eviction (its socket's attachment); the counter is stored: a later spectator gets a new number", async () => {
    const watcher = t.spectators[0]!;
    const peer = welcomeOf(watcher).media!.peer!;
    await evict(tableStub(t.code));
    const mark = t.host.frames.length;
    t.host.send({ type: "sync" });
    const view = (await t.host.next((m) => m.type === "view", mark)) as Extract<ServerMessage, { type: "view" }>;
    expect(view.view.mediaPeers).toEqual([HOST_PEER, 100 + advised, peer]);
    const seat = red[0]!;
    const player = bySeat(t, seat);
    const pm = watcher.frames.length;
    expect(codeOf(await signal(player, { to: peer, candidates: [{ candidate: "after eviction" }] }))).toBe("ack");
    expect(await watcher.next((m) => m.type === "signal", pm)).toMatchObject({ from: seat });
    const later = await connectAs(t.code, undefined, "MP later");
    try {
      expect(welcomeOf(later).media!.peer).toBeGreaterThan(SPECTATOR_PEER_BASE + MESH_LISTENERS_MAX);
    } finally {
      later.close();
    }
  });

  it("two tabs of the host and of the consigliere: the latest hello holds the media; the other is told and refused (media-elsewhere)", async () => {
    const seat = red[0]!;
    for (const [first, token, name] of [[t.host, t.organizerToken, "host tab 2"], [cons, consToken, "cons tab 2"]] as const) {
      expect(codeOf(await signal(first, { to: seat, hello: true }))).toBe("ack");
      const second = await connectAs(t.code, token, name);
      try {
        const m1 = first.frames.length;
        expect(codeOf(await signal(second, { to: seat, candidates: [{ candidate: "tab 2" }] }))).toBe("media-elsewhere");
        expect(codeOf(await signal(second, { to: seat, hello: true }))).toBe("ack");
        expect(await first.next((m) => m.type === "error", m1)).toMatchObject({ code: "media-elsewhere", ref: null });
        expect(codeOf(await signal(first, { to: seat, candidates: [{ candidate: "tab 1" }] }))).toBe("media-elsewhere");
        // Signals to that peer reach the new tab only.
        const player = bySeat(t, seat);
        const m2 = second.frames.length;
        const from = welcomeOf(second).media!.peer!;
        expect(codeOf(await signal(player, { to: from, candidates: [{ candidate: "to tab 2" }] }))).toBe("ack");
        await second.next((m) => m.type === "signal", m2);
        expect(signals(first, m1)).toEqual([]);
      } finally {
        second.close();
      }
    }
  });

  it("the host's socket closes: 0 leaves everyone's mediaPeers, and signals to it are refused (no-peer); so does the consigliere's", async () => {
    t.host.close();
    // (The close reaches the table object when the runtime delivers it; the view follows in the presence window.)
    await peersSeen(t.players[0]!, [100 + advised, welcomeOf(t.spectators[0]!).media!.peer!], 15_000);
    expect(codeOf(await signal(t.players[0]!, { to: HOST_PEER, hello: true }))).toBe("no-peer");
    for (const c of [...t.players, ...t.spectators, cons]) expect(c.schemaFailures, c.name).toEqual([]);
    // The consigliere's socket closes: 100 + N leaves too.
    cons.close();
    await peersSeen(t.players[0]!, [welcomeOf(t.spectators[0]!).media!.peer!], 15_000);
    expect(codeOf(await signal(t.players[0]!, { to: 100 + advised, hello: true }))).toBe("no-peer");
  });
});

describe("issue 30: spectators at other tables, and the pure parts", () => {
  const extra: Client[] = [];
  afterAll(() => {
    for (const c of extra) c.close();
  });

  it("a table created with spectatorsHear off: a spectator's signal is refused (not-seated); a delayed table lets spectators listen (the page delays)", async () => {
    const off = await fullTable({ spectatorsHear: false });
    extra.push(...off.open);
    const watcher = await connectAs(off.code, undefined, "MPoff watcher");
    extra.push(watcher);
    expect(watcher.lastView().options.spectatorsHear).toBe(false);
    const seat = gameOf(off.seated[0]!.client).you!.seat;
    expect(codeOf(await signal(watcher, { to: seat, hello: true }))).toBe("not-seated");
    expect(watcher.lastView().mediaPeers).toEqual([]);

    const delayed = await fullTable({ spectatorDelaySeconds: 30 });
    extra.push(...delayed.open);
    const late = await connectAs(delayed.code, undefined, "MPdelay watcher");
    extra.push(late);
    const player = delayed.seated[0]!.client;
    const s = gameOf(player).you!.seat;
    const peer = welcomeOf(late).media!.peer!;
    const mark = player.frames.length;
    expect(codeOf(await signal(late, { to: s, hello: true }))).toBe("ack");
    expect(await player.next((m) => m.type === "signal", mark)).toEqual({ type: "signal", from: peer, hello: true });
    await peersSeen(player, [peer]);
  }, 120_000);

  it("sdpSends: a section's own direction, else the session's, else sendrecv (RFC 8866)", () => {
    expect(sdpSends(sdp("sendrecv"))).toBe(true);
    expect(sdpSends(sdp("sendonly"))).toBe(true);
    expect(sdpSends(sdp(null))).toBe(true);
    expect(sdpSends(sdp("recvonly"))).toBe(false);
    expect(sdpSends(sdp("inactive"))).toBe(false);
    expect(sdpSends(sdp(null, "recvonly"))).toBe(false);
    expect(sdpSends(sdp(null, "sendrecv"))).toBe(true);
    expect(sdpSends(sdp("recvonly", "sendrecv"))).toBe(false);
    // Two sections, one of them sending.
    expect(sdpSends(sdp("recvonly") + "m=video 9 UDP/TLS/RTP/SAVPF 96\r\na=mid:1\r\na=sendonly\r\n")).toBe(true);
    expect(sdpSends("v=0\r\n")).toBe(false);
  });

  it("deadHear off keeps the live host a listener of the public channels and keeps the floor's advisers and muted", () => {
    const game = {
      result: null,
      seats: [1, 2, 3].map((seat) => ({ seat, alive: seat !== 2 })),
      floor: {
        channels: [
          { id: "table", speakers: [1], video: [1, 3], listeners: "everyone" },
          { id: "host", speakers: [0], video: [0], listeners: "everyone" },
          { id: "whisper-3", speakers: [3, 103], video: [], listeners: [3, 103] },
        ],
        advisers: true,
        muted: [2],
      },
    } as unknown as GameView;
    const out = withoutDeadListeners(game).floor;
    expect(out.channels.map((c) => [c.id, c.listeners])).toEqual([["table", [1, 3, HOST_PEER]], ["host", [1, 3, HOST_PEER]], ["whisper-3", [3, 103]]]);
    expect(out.advisers).toBe(true);
    expect(out.muted).toEqual([2]);
    // Without a live host (no `host` channel): the living seats only, as before.
    const plain = { ...game, floor: { channels: [game.floor.channels[0]!] } } as GameView;
    expect(withoutDeadListeners(plain).floor.channels[0]!.listeners).toEqual([1, 3]);
  });
});
