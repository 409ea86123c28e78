/**
 * Hostile clients (issue 6): random and crafted frames against a live table in the middle of a game —
 * wrong types, huge and odd Unicode, `__proto__` / constructor keys, replayed refs and frames, actions
 * dressed up for other seats, commands only an organizer or host may send, binary frames, floods.
 * Every frame gets exactly one typed answer; a refused frame changes nothing (stored state, version,
 * alarm and input log compared); nothing throws (no `internal`); honest players keep playing to the
 * end; floods are rate-limited, and a socket refused REFUSAL_LIMIT times is closed (1008); invalid
 * UTF-8 closes with 1007. Issue 12 adds prototype keys as message/action types and create bodies with
 * random and prototype settings keys (typed 400, never 500). docs/PROTOCOL.md "Errors" is the contract.
 */
import { runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, inject, it } from "vitest";
import { botRng, type BotRng } from "../../shared/bots/index.ts";
import { ErrorResponseSchema, SEATS_PER_ADDRESS } from "../../shared/protocol/http.ts";
import { CLOSE_CODES, RATE_LIMIT, REFUSAL_LIMIT, SIGNAL_PREFIX, SOCKETS_PER_CREDENTIAL, type ServerMessage } from "../../shared/protocol/messages.ts";
import * as v from "valibot";
import { PRESENCE_WINDOW_MS } from "../../worker/table/schedule.ts";
import { Client, ORIGIN, api, connect, connectAs, createTable, postJson, tableStub, worker } from "./helpers.ts";
import { openTable, playToEnd, type TableRun } from "./play.ts";

const ERROR_CODES = new Set([
  "bad-json", "bad-message", "too-large", "rate-limited", "duplicate-ref", "hello-first", "already-hello", "bad-token",
  "not-seated", "not-organizer", "not-host", "seat-taken-by-bot", "organizer-transferred", "no-peer", "media-elsewhere", "media-mode", "media-unavailable",
  // the engine's rejections
  "not-a-player", "not-your-turn", "phase-closed", "illegal-target", "already-acted", "already-voted", "no-shouts-left",
  "not-allowed", "stale", "stale-timeout", "game-over", "paused",
  // issue 13: lobby bots and play-again
  "not-in-lobby", "table-full", "not-a-bot", "not-ended", "already-in",
  // issue 17: the consigliere's whispers (RULES.md §7.10)
  "whisper-closed",
  // issue 30: media peers (RULES.md §8: a consigliere at night, a spectator sending, the mesh's listeners full)
  "media-closed", "media-full",
  // issue 18: the organizer's composition for the next game (RULES.md §6)
  "bad-settings",
]);

/** Random frames and create bodies: 60 each in `npm test` (after every crafted frame), 150 and 120 with TEST_DEEP=1 (vitest.worker.config.ts). */
const DEEP = inject("deep");
const RANDOM_FRAMES = DEEP ? 150 : 60;
const RANDOM_BODIES = DEEP ? 120 : 60;

let run: TableRun | null = null;
const extra: Client[] = [];
afterEach(() => {
  run?.close();
  run = null;
  for (const c of extra.splice(0)) c.close();
});

/** What must not change when a frame is refused. */
/** A snapshot without the version (a presence change bumps it and nothing else). */
const sansVersion = (snap: string): string => {
  const o = JSON.parse(snap) as { g: Record<string, unknown> };
  delete o.g.version;
  return JSON.stringify(o);
};

async function snapshot(run: TableRun): Promise<string> {
  return runInDurableObject(run.stub, (_i, state) => {
    const sql = state.storage.sql;
    const g = sql.exec("SELECT version, status, state, alarm_phase_seq, alarm_at FROM game WHERE id = 1").one();
    const log = sql.exec("SELECT COUNT(*) AS n FROM input_log").one().n;
    const events = sql.exec("SELECT COUNT(*) AS n, MAX(seq) AS last FROM events").one();
    const players = sql.exec("SELECT player_id, seat, bot FROM players ORDER BY place").toArray();
    return JSON.stringify({ g, log, events, players });
  });
}

const ODD_STRINGS = [
  "", " ", "\u0000", "\ud800", "\udfff", "\ud83d\ude00", "\u202e\u0635", "\u200b\u200d\ufeff", "🂡".repeat(300), "ж".repeat(1500),
  "<script>alert(1)</script>", "${jndi:ldap://x}", "'; DROP TABLE game; --", "%00", "\\u0000", "NaN", "-0", "1e309",
  "x".repeat(65), "x".repeat(64),
];
const KEYS = ["type", "ref", "action", "token", "target", "card", "plan", "kind", "in_favour", "lift", "seat", "playerId", "__proto__", "constructor", "prototype", "version"];
const TYPES = ["hello", "act", "sync", "control", "host", "table", "ping", "view", "ack", "error", "welcome", "", "ACT", "act "];
const ACTIONS = ["take-card", "end-speech", "nominate", "shout", "vote", "vote-lift", "use", "skip", "shooting-plan", "tech-vote-start", "tech-vote", "confirm", "pause", "resume", "seat-to-bot", "start", "add-bot", "fill-bots", "remove-bot", "play-again", "__proto__"];

function randomValue(r: BotRng, depth = 0): unknown {
  switch (r.int(depth > 2 ? 6 : 9)) {
    case 0: return null;
    case 1: return r.pick([0, -1, 1, 3, 10, 11, 2 ** 31, -(2 ** 53), 1.5, 1e308, Number.MAX_SAFE_INTEGER]);
    case 2: return r.pick([true, false]);
    case 3: return r.pick(ODD_STRINGS);
    case 4: return r.pick(TYPES);
    case 5: return r.pick(ACTIONS);
    case 6: return Array.from({ length: r.int(4) }, () => randomValue(r, depth + 1));
    default: {
      const o: Record<string, unknown> = {};
      for (let i = r.int(4); i > 0; i--) o[r.pick(KEYS)] = randomValue(r, depth + 1);
      return o;
    }
  }
}

/** A frame that looks like a message but is wrong somewhere (the interesting half of the fuzz). */
function nearMiss(r: BotRng): unknown {
  const action: Record<string, unknown> = { type: r.pick(ACTIONS) };
  for (let i = r.int(3); i > 0; i--) action[r.pick(KEYS)] = randomValue(r, 2);
  const msg: Record<string, unknown> = { type: r.pick(["act", "act", "control", "host", "table", "sync", "hello"]), ref: r.next() < 0.8 ? `fz${r.int(1e9)}` : randomValue(r, 2), action };
  if (r.next() < 0.2) msg[r.pick(KEYS)] = randomValue(r, 2);
  return msg;
}

/** A well-formed act with random (schema-valid) fields: it reaches the engine, which decides. Some are
 *  issue 13's table and lobby commands instead (play-again mid-game, bots from a non-organizer). */
function wellFormed(r: BotRng): unknown {
  if (r.next() < 0.15) return { type: "table", ref: `wt${r.int(1e9)}`, action: { type: "play-again" } };
  if (r.next() < 0.15) {
    const action = r.pick<Record<string, unknown>>([{ type: "add-bot" }, { type: "fill-bots" }, { type: "remove-bot", place: 1 + r.int(10) }]);
    return { type: "control", ref: `wc${r.int(1e9)}`, action };
  }
  const seat = 1 + r.int(10);
  const action = r.pick<Record<string, unknown>>([
    { type: "take-card", card: r.int(10) }, { type: "end-speech" }, { type: "nominate", target: seat }, { type: "shout" },
    { type: "vote", target: seat }, { type: "vote-lift", lift: r.next() < 0.5 }, { type: "use", ability: r.next() < 0.5 ? "mafia-shot" : "sheriff-check", targets: [seat] }, { type: "skip", ability: "heal" },
    { type: "shooting-plan", plan: [seat] }, { type: "tech-vote-start", kind: r.pick(["foul", "defeat", "removal"]), target: seat },
    { type: "tech-vote", in_favour: r.next() < 0.5 },
  ]);
  return { type: "act", ref: `wf${r.int(1e9)}`, action, phaseSeq: STAGE };
}

/** In a frame's text, the stage (phaseSeq, required on act and host) of the view the sending socket holds — filled in as it is sent. */
const STAGE = "@stage";
const withStage = (frame: string | ArrayBuffer, c: Client): string | ArrayBuffer =>
  typeof frame === "string" ? frame.replaceAll(`"phaseSeq":"${STAGE}"`, `"phaseSeq":${c.stage()}`) : frame;

/** Crafted frames: each a known trick. `self` is the hostile player's seat, `other` someone else's. */
function crafted(self: number, other: number, token: string): Array<string | ArrayBuffer> {
  const act = (action: unknown, extra: Record<string, unknown> = {}) => JSON.stringify({ type: "act", ref: `c${Math.random().toString(36).slice(2)}`, action, phaseSeq: STAGE, ...extra });
  return [
    '{"type":"act","ref":"p1","action":{"type":"end-speech"},"__proto__":{"admin":true}}',
    '{"type":"act","ref":"p2","action":{"type":"vote","target":1,"__proto__":{"target":2}}}',
    '{"__proto__":{"type":"sync"}}',
    '{"constructor":{"prototype":{"polluted":"yes"}},"type":"sync"}',
    '{"type":"sync","ref":"p3","constructor":{"prototype":{"polluted":"yes"}}}',
    '{"type":"act","ref":"p4","action":{"type":"nominate","target":1,"constructor":{"name":"x"}}}',
    // Prototype keys as message, action and command types (issue 12, finding 1).
    '{"type":"constructor"}',
    '{"type":"__proto__","ref":"p5"}',
    '{"type":"toString","ref":"p6"}',
    '{"type":"act","ref":"p7","action":{"type":"hasOwnProperty"}}',
    '{"type":"act","ref":"p8","action":{"type":"constructor","target":1}}',
    '{"type":"control","ref":"p9","action":{"type":"valueOf"}}',
    '{"type":"host","ref":"p10","action":{"type":"__proto__"}}',
    act({ type: "vote", target: other }, { seat: other }),
    act({ type: "vote", target: other }, { playerId: "p_someoneelse" }),
    act({ type: "use", ability: "mafia-shot", targets: [other], seat: other }),
    // Issue 14 abilities: prototype keys, unknown ids, too many / repeated / no targets, a skip that is not offered.
    act({ type: "use", ability: "__proto__", targets: [other] }),
    act({ type: "use", ability: "constructor", targets: [other] }),
    act({ type: "use", ability: "mafia-shot", targets: [other, other] }),
    act({ type: "use", ability: "mafia-shot", targets: [] }),
    act({ type: "use", ability: "mafia-shot", targets: [1, 2, 3, 4, 5] }),
    act({ type: "use", ability: "x".repeat(41), targets: [other] }),
    act({ type: "skip", ability: "mafia-shot" }),
    act({ type: "skip", ability: "toString" }),
    // Issue 15 signalling: oversized SDP, a seat of nobody, oneself, bad shapes, prototype keys, a flood's worth.
    `{"type":"signal","to":${other},"description":{"type":"offer","sdp":"${"x".repeat(17_000)}"}}`,
    `{"type":"signal","to":${self},"ref":"sg1","candidates":[{"candidate":"c"}]}`,
    '{"type":"signal","to":29,"ref":"sg2","candidates":[{"candidate":"c"}]}',
    `{"type":"signal","to":${other}}`,
    `{"type":"signal","to":${other},"description":{"type":"rollback","sdp":"x"}}`,
    `{"type":"signal","to":${other},"candidates":[{"candidate":"c","__proto__":{"x":1}}]}`,
    `{"to":${other},"type":"signal","candidates":[{"candidate":"c"}]}`,
    `{"type":"signal","to":"${other}","candidates":[]}`,
    // The hello frame kind: alone it is relayed; with anything else, or not `true`, it is a bad shape.
    `{"type":"signal","to":${other},"ref":"sgh","hello":true}`,
    `{"type":"signal","to":${other},"hello":true,"candidates":[{"candidate":"c"}]}`,
    `{"type":"signal","to":${other},"hello":false}`,
    `{"type":"signal","to":${other},"hello":1,"description":{"type":"offer","sdp":"x"}}`,
    // Issue 30, media peers: `from` is the server's to stamp; no live host, consigliere or listening spectator here; beyond the peers; the host's mute from a player.
    `{"type":"signal","to":${other},"from":0,"candidates":[{"candidate":"c"}]}`,
    `{"type":"signal","to":${other},"from":${other},"hello":true}`,
    '{"type":"signal","to":0,"ref":"sg3","hello":true}',
    `{"type":"signal","to":${100 + other},"ref":"sg4","candidates":[{"candidate":"c"}]}`,
    '{"type":"signal","to":1000,"ref":"sg5","description":{"type":"offer","sdp":"v=0"}}',
    '{"type":"signal","to":1000001,"candidates":[{"candidate":"c"}]}',
    '{"type":"signal","to":-1,"candidates":[{"candidate":"c"}]}',
    JSON.stringify({ type: "host", ref: "h2", action: { type: "mute", seat: other }, phaseSeq: STAGE }),
    JSON.stringify({ type: "host", ref: "h3", action: { type: "mute", seat: self, extra: 1 }, phaseSeq: STAGE }),
    ...Array.from({ length: 70 }, (_, i) => `{"type":"signal","to":${other},"ref":"fl${i}","candidates":[{"candidate":"flood-${i}"}]}`),
    // Issue 15, the SFU plane's frames (this table is on the mesh): oversized, bad shapes, prototype keys, well-formed ones (media-mode).
    `{"type":"sfu","op":"join","offer":{"type":"offer","sdp":"${"x".repeat(17_000)}"},"tracks":[{"mid":"0","kind":"audio"}]}`,
    '{"type":"sfu","op":"join","ref":"sf1","tracks":[]}',
    '{"type":"sfu","op":"join","ref":"sf2","offer":{"type":"offer","sdp":"v=0"},"tracks":[{"mid":"0","kind":"audio"},{"mid":"1","kind":"video"}]}',
    '{"type":"sfu","op":"answer","ref":"sf3","pull":1,"answer":{"type":"answer","sdp":"v=0"}}',
    '{"type":"sfu","op":"join","tracks":[{"mid":"0","kind":"audio"}]}',
    '{"type":"sfu","op":"join","offer":{"type":"offer","sdp":"v=0"},"tracks":[{"mid":"0","kind":"screen"}]}',
    '{"type":"sfu","op":"join","tracks":[],"__proto__":{"x":1}}',
    '{"type":"sfu","op":"answer","pull":0,"answer":{"type":"answer","sdp":"v=0"}}',
    '{"type":"sfu","op":"constructor"}',
    '{"type":"sfu","op":"leave","sessionId":"0123456789abcdef"}',
    '{"op":"leave","type":"sfu"}',
    act({ type: "end-speech", by: other }),
    act({ type: "take-card", card: 0 }, { as: other }),
    act({ type: "nominate", target: self }),
    act({ type: "shooting-plan", plan: [other, other] }),
    act({ type: "shooting-plan", plan: Array.from({ length: 31 }, (_, i) => i + 1) }),
    act({ type: "take-card", card: -1 }),
    act({ type: "take-card", card: 1.5 }),
    act({ type: "vote", target: "1" }),
    act({ type: "vote", target: 31 }),
    act({ type: "vote", target: 0 }),
    act({ type: "tech-vote-start", kind: "defeat", target: self }),
    act({ type: "tech-vote", in_favour: "yes" }),
    JSON.stringify({ type: "control", ref: "ctl1", action: { type: "pause" } }),
    JSON.stringify({ type: "control", ref: "ctl2", action: { type: "seat-to-bot", seat: other } }),
    JSON.stringify({ type: "host", ref: "h1", action: { type: "confirm" }, phaseSeq: STAGE }),
    // An act without its stage (required): bad-message.
    JSON.stringify({ type: "act", ref: "nostage", action: { type: "end-speech" } }),
    // Issue 13: play-again while the game is on, with extra keys, and lobby bot commands from a player.
    JSON.stringify({ type: "table", ref: "t1", action: { type: "play-again" } }),
    JSON.stringify({ type: "table", ref: "t2", action: { type: "play-again", seat: other } }),
    JSON.stringify({ type: "table", ref: "t3", action: { type: "fill-bots" } }),
    JSON.stringify({ type: "table", ref: "t4" }),
    JSON.stringify({ type: "control", ref: "ctl3", action: { type: "fill-bots" } }),
    JSON.stringify({ type: "control", ref: "ctl4", action: { type: "remove-bot", place: 0 } }),
    JSON.stringify({ type: "control", ref: "ctl5", action: { type: "add-bot", nickname: "Bot 1" } }),
    JSON.stringify({ type: "hello", token }),
    JSON.stringify({ type: "hello" }),
    JSON.stringify({ type: "act", ref: "x".repeat(65), action: { type: "shout" } }),
    JSON.stringify({ type: "act", ref: "", action: { type: "shout" } }),
    JSON.stringify({ type: "sync", ref: "\ud800" }),
    JSON.stringify({ type: "sync", pad: "a".repeat(5000) }),
    JSON.stringify({ type: "sync", ref: "🂡".repeat(16) }),
    JSON.stringify([{ type: "sync" }]),
    JSON.stringify("sync"),
    "null", "0", "[]", "{}", "true", '""', "{", "}", "\u0000", "   ", "PING", "pong",
    '{"type":"sync","type":"act"}',
    '{"type":"act","ref":"dup","action":{"type":"shout"},"ref":"dup2"}',
    new Uint8Array([0x7b, 0x7d]).buffer as ArrayBuffer, // "{}" as a binary frame
    new ArrayBuffer(0),
    new Uint8Array(5000).buffer as ArrayBuffer,
  ];
}

/** A frame that may be a well-formed `sync` (answered with a view rather than an error). */
function maybeSync(frame: string | ArrayBuffer): boolean {
  if (typeof frame !== "string") return false;
  try {
    const m = JSON.parse(frame) as { type?: unknown };
    return !!m && typeof m === "object" && m.type === "sync";
  } catch {
    return false;
  }
}

/** Send one frame and wait for its one answer (an error; an ack for a legal act or a relayed signal; a view for a sync; a welcome for a good hello). */
async function answer(c: Client, frame: string | ArrayBuffer): Promise<ServerMessage> {
  const from = c.frames.length;
  const sync = maybeSync(frame);
  c.ws.send(frame);
  return c.next((m) => m.type === "error" || m.type === "ack" || m.type === "welcome" || (sync && m.type === "view"), from, 15_000);
}

describe("hostile clients against a live table", () => {
  it("random and crafted frames: one typed answer each, refusals change nothing, nothing throws, honest players finish the game", async () => {
    run = await openTable({ seed: "fuzz", settings: { voting: "closed" }, spectators: 1, mix: 0 });
    // Into the first day: speeches, nominations, shouts are possible now.
    await playToEnd(run, { until: (g) => g.phase === "speech" && g.day === 1 });
    const r = botRng("fuzz-frames");
    const hostile = run.seated[3]!;
    const me = hostile.client.lastView().game!.you!.seat;
    const other = (me % 10) + 1;
    // The hostile connections use a second device's token (return code): a seat token holds at most
    // SOCKETS_PER_CREDENTIAL sockets, so reconnecting with it replaces only the hostile's own sockets
    // (tested below), never the honest client of the same seat.
    const second = (await (await postJson(`/api/tables/${run.code}/return`, { returnCode: hostile.join.returnCode })).json()) as { token: string };
    let sock: Client = await connectAs(run.code, second.token, "hostile");
    extra.push(sock);
    const stranger = await connect(run.code, "stranger"); // never says hello
    extra.push(stranger);
    const watcher = await connectAs(run.code, undefined, "watcher");
    extra.push(watcher);

    const frames: Array<string | ArrayBuffer> = [...crafted(me, other, hostile.join.token)];
    for (let i = 0; i < RANDOM_FRAMES; i++) {
      const p = r.next();
      frames.push(JSON.stringify(p < 0.4 ? nearMiss(r) : p < 0.7 ? randomValue(r) : wellFormed(r)));
    }
    const counts = new Map<string, number>();
    let before = await snapshot(run);
    let sent = 0;
    let accepted = 0;
    for (const frame of frames) {
      // A fresh connection before the bucket runs dry, so these frames reach the parser (floods: below).
      if (sent > 0 && sent % (RATE_LIMIT.burst - 2) === 0) {
        sock = await connectAs(run.code, second.token, "hostile");
        extra.push(sock);
      }
      sent++;
      // Every 7th frame comes from a socket that never said hello, every 11th from a spectator.
      const target = sent % 7 === 0 ? stranger : sent % 11 === 0 ? watcher : sock;
      const reply = await answer(target, withStage(frame, target));
      const after = await snapshot(run);
      if (reply.type === "welcome") {
        // A well-formed hello on a socket that had not said one (the stranger): a spectator now.
        expect(after, "a hello changed the table").toBe(before);
        counts.set("welcome", (counts.get("welcome") ?? 0) + 1);
        continue;
      }
      if (reply.type === "view") {
        expect(after, "a sync changed the table").toBe(before);
        counts.set("sync", (counts.get("sync") ?? 0) + 1);
        continue;
      }
      if (reply.type === "ack" && typeof frame === "string" && frame.startsWith(SIGNAL_PREFIX)) {
        // A well-formed signal to another seated player is relayed (issue 15); the table does not change —
        // but for the spectator's first hello (issue 30): it listens, a presence change (TableView.mediaPeers).
        if (target === watcher) {
          expect(sansVersion(after), "a relayed signal changed the table").toBe(sansVersion(before));
          before = after;
        } else expect(after, "a relayed signal changed the table").toBe(before);
        counts.set("relayed", (counts.get("relayed") ?? 0) + 1);
        continue;
      }
      if (reply.type === "ack") {
        accepted++; // a legal move of the hostile player's own seat: allowed, and it is the game moving
        before = after;
        await Promise.all(run.all().map((c) => c.viewAtLeast(reply.version)));
        continue;
      }
      expect(reply.type).toBe("error");
      const code = (reply as Extract<ServerMessage, { type: "error" }>).code;
      expect(ERROR_CODES.has(code), `untyped or internal error "${code}" for ${String(frame).slice(0, 200)}`).toBe(true);
      expect(after, `refused (${code}) but the table changed: ${String(frame).slice(0, 200)}`).toBe(before);
      counts.set(code, (counts.get(code) ?? 0) + 1);
    }
    // Well-formed frames from the wrong kind of connection.
    for (const [c, frame, code] of [
      [stranger, { type: "act", ref: "s1", action: { type: "shout" }, phaseSeq: 0 }, "hello-first"],
      [stranger, { type: "sync" }, "hello-first"],
      [watcher, { type: "act", ref: "w1", action: { type: "vote", target: other }, phaseSeq: watcher.stage() }, "not-seated"],
      [watcher, { type: "control", ref: "w2", action: { type: "pause" } }, "not-organizer"],
      [watcher, { type: "table", ref: "w3", action: { type: "play-again" } }, "not-seated"],
      [watcher, { type: "control", ref: "w4", action: { type: "add-bot" } }, "not-organizer"],
      [watcher, { type: "sfu", op: "join", tracks: [] }, "not-seated"],
      // Issue 30: a spectator is never heard (a sending SDP), never the host (`from`), never mutes.
      [watcher, { type: "signal", to: other, ref: "w5", description: { type: "offer", sdp: "v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=sendrecv\r\n" } }, "media-closed"],
      [watcher, { type: "signal", to: other, from: 0, hello: true }, "bad-message"],
      [watcher, { type: "host", ref: "w6", action: { type: "mute", seat: other }, phaseSeq: watcher.stage() }, "not-host"],
    ] as const) {
      const fresh = await connect(run.code, "fresh");
      extra.push(fresh);
      const viaFresh = c === watcher ? await connectAs(run.code, undefined, "fresh watcher") : fresh;
      extra.push(viaFresh);
      const reply = await answer(viaFresh, JSON.stringify(frame));
      expect(reply, JSON.stringify(frame)).toMatchObject({ type: "error", code });
      counts.set(code, (counts.get(code) ?? 0) + 1);
      expect(await snapshot(run)).toBe(before);
    }
    // The fuzz reached every layer: shape, identity, sequencing and the engine.
    for (const code of ["bad-json", "bad-message", "too-large", "hello-first", "already-hello", "not-seated", "not-organizer", "not-ended", "no-peer", "media-mode", "relayed"]) {
      expect(counts.get(code) ?? 0, `${code} never answered: ${JSON.stringify([...counts])}`).toBeGreaterThan(0);
    }
    expect(accepted).toBeLessThan(10);

    // Replays: the same ref again on the same connection, and an honest player's exact frame replayed
    // by the hostile connection (it can only ever act as itself).
    // (A ref is remembered before the engine decides, so the replay is refused whatever the first answer was.)
    const honest = run.seated.find((s) => s.client.lastView().game?.you?.actions.some((a) => a.type === "shout")) ?? run.seated[0]!;
    const rf = JSON.stringify({ type: "act", ref: "same-ref", action: { type: "shout" }, phaseSeq: honest.client.stage() });
    const firstReply = await answer(honest.client, rf);
    if (firstReply.type === "ack") await Promise.all(run.all().map((c) => c.viewAtLeast(firstReply.version)));
    const snap = await snapshot(run);
    expect(await answer(honest.client, rf)).toMatchObject({ type: "error", code: "duplicate-ref", ref: "same-ref" });
    const replayed = await answer(sock, rf);
    if (replayed.type === "error") expect(await snapshot(run)).toBe(snap);

    // No prototype was polluted inside the object.
    const polluted = await runInDurableObject(run.stub, () => [Object.keys(Object.prototype), ({} as Record<string, unknown>).polluted, ({} as Record<string, unknown>).admin]);
    expect(polluted).toEqual([[], undefined, undefined]);
    // Every frame the hostile sockets got is a protocol frame.
    for (const c of [sock, stranger, watcher]) expect(c.schemaFailures).toEqual([]);

    // Honest players keep playing, to the end.
    await playToEnd(run);
    expect(run.seated[0]!.client.lastView().game!.result).not.toBeNull();
  }, 120_000);

  it(`a flood is rate-limited after the burst and the flooder is closed after ${REFUSAL_LIMIT.max} refusals (1008); the table keeps serving everyone else at once`, async () => {
    run = await openTable({ seed: "flood", spectators: 0, mix: 0, capture: false });
    await playToEnd(run, { until: (g) => g.phase === "speech" });
    const flooder = await connectAs(run.code, run.seated[5]!.join.token, "flooder");
    extra.push(flooder);
    const before = await snapshot(run);
    const from = flooder.frames.length;
    const N = 300;
    for (let i = 0; i < N; i++) flooder.send(i % 3 === 0 ? "{garbage" : { type: "act", ref: `f${i}`, action: { type: "vote", target: 1 }, phaseSeq: flooder.stage() });
    // Meanwhile the speaker ends their speech and is served.
    const speaker = run.seated.find((s) => s.client.lastView().game?.you?.actions.some((a) => a.type === "end-speech"))!;
    const t0 = Date.now();
    const ok = await speaker.client.act("honest-during-flood", { type: "end-speech" });
    expect(ok.type, JSON.stringify(ok)).toBe("ack");
    const servedMs = Date.now() - t0;
    await flooder.next(() => flooder.closed, from, 20_000);
    expect(flooder.closeCode).toBe(CLOSE_CODES.policy);
    expect(flooder.closeReason).toBe("too many refused messages");
    const errors = flooder.frames.slice(from).filter((m): m is Extract<ServerMessage, { type: "error" }> => m.type === "error");
    // Exactly the limit: every refusal is answered until the one that closes the socket, none after.
    expect(errors).toHaveLength(REFUSAL_LIMIT.max);
    const limited = errors.filter((e) => e.code === "rate-limited").length;
    expect(limited).toBeGreaterThanOrEqual(REFUSAL_LIMIT.max - RATE_LIMIT.burst - 10); // a few tokens refill while the flood is parsed
    expect(errors.filter((e) => !ERROR_CODES.has(e.code)).map((e) => e.code)).toEqual([]);
    // The flood changed nothing beyond the honest speaker's move (and the flooder's presence: its own
    // seat still has the player's first socket, so nothing at all).
    const after = JSON.parse(await snapshot(run));
    expect(after.log).toBe(JSON.parse(before).log + 1);
    expect(servedMs).toBeLessThan(5000);
    // The player may reconnect at once and is served.
    const again = await connectAs(run.code, run.seated[5]!.join.token, "flooder again");
    extra.push(again);
    expect(again.closed).toBe(false);
  }, 60_000);

  it("binary frames: valid UTF-8 is refused (bad-message), invalid UTF-8 closes the socket with 1007; nothing changes", async () => {
    run = await openTable({ seed: "binary", spectators: 0, mix: 0, capture: false });
    await playToEnd(run, { until: (g) => g.phase === "speech" });
    const r = botRng("fuzz-binary");
    const before = await snapshot(run);
    for (let i = 0; i < 12; i++) {
      const c = await connectAs(run.code, i % 2 ? run.seated[i % 10]!.join.token : undefined, `binary ${i}`);
      extra.push(c);
      // Valid UTF-8 first (refused, the socket stays), then random bytes with an invalid sequence in them.
      const valid = await answer(c, new TextEncoder().encode(JSON.stringify({ type: "sync", ref: `b${i}` })).buffer as ArrayBuffer);
      expect(valid).toMatchObject({ type: "error", code: "bad-message" });
      const bytes = Array.from({ length: 1 + r.int(64) }, () => r.int(256));
      bytes.splice(r.int(bytes.length + 1), 0, r.pick([0xff, 0xfe, 0xc0, 0xc1, 0xf5]), r.int(128)); // never valid in UTF-8
      c.ws.send(new Uint8Array(bytes).buffer as ArrayBuffer);
      await c.next(() => c.closed, 0, 15_000);
      expect(c.closeCode).toBe(CLOSE_CODES.invalidData);
      expect(c.schemaFailures).toEqual([]);
    }
    const after = JSON.parse(await snapshot(run));
    expect({ ...after, players: undefined }).toEqual({ ...JSON.parse(before), players: undefined });
    expect(after.players).toEqual(JSON.parse(before).players);
  }, 60_000);

  it("create bodies with random and prototype settings keys: a typed 400 each (bad-settings / bad-request), never a 500", async () => {
    const r = botRng("fuzz-settings");
    const SETTING_KEYS = ["voting", "autoDeal", "agreement", "breakAtZero", "liftAtZero", "speech", "mafia", ...KEYS];
    const statuses = new Map<string, number>();
    for (let i = 0; i < RANDOM_BODIES; i++) {
      // Raw JSON text, so that "__proto__" stays a key (an object literal would set the prototype).
      const entries = Array.from({ length: 1 + r.int(4) }, () => `${JSON.stringify(r.pick(SETTING_KEYS))}:${JSON.stringify(randomValue(r, 2))}`);
      const presetId = r.next() < 0.85 ? "sport" : r.pick(["constructor", "__proto__", "toString", "hasOwnProperty", "city", "poker"]);
      const body = `{"presetId":${JSON.stringify(presetId)},"settings":{${entries.join(",")}}}`;
      const res = await worker.fetch(new Request(`${ORIGIN}/api/tables`, { method: "POST", headers: { "content-type": "application/json" }, body }));
      const prototypeKey = ["__proto__", "constructor", "prototype"].some((key) => body.includes(`"${key}":`));
      if (res.status === 201) {
        // A valid combination of known keys; a prototype key is never silently dropped into a table.
        expect(prototypeKey, body).toBe(false);
        continue;
      }
      expect(res.status, body).toBeLessThan(500);
      const err = v.parse(ErrorResponseSchema, await res.json());
      expect(["bad-settings", "bad-request", "unknown-preset", "sign-in-required"], body).toContain(err.error.code);
      if (err.error.code === "bad-settings") expect(err.error.issues?.[0]?.path, body).toMatch(/^settings\./);
      statuses.set(err.error.code, (statuses.get(err.error.code) ?? 0) + 1);
    }
    expect(statuses.get("bad-settings") ?? 0).toBeGreaterThan(10);
  }, 60_000);

  it("hostile joins (no device id, odd ones, repeats, from few networks) and reconnect cycles: typed answers, limits hold, honest views stay few", async () => {
    const r = botRng("fuzz-joins");
    const { code, organizerToken } = await createTable({ presetId: "sport", public: true });
    const watcher = await connectAs(code, undefined, "honest watcher", "192.0.2.250");
    extra.push(watcher);
    const networks = ["203.0.113.1", "203.0.113.2", "2001:db8:9:9::1", "2001:db8:9:9::2", null];
    const devices = Array.from({ length: 4 }, (_, i) => `fuzz-device-${i}-${"x".repeat(8)}`);
    const deviceIds: unknown[] = [...devices, "short", "with space in it!!", "x".repeat(65), 12345678901234567, null, "", "\u0000".repeat(4)];
    const JOIN_CODES = new Set(["bad-request", "same-device", "address-limit", "nickname-taken", "table-full", "table-started", "bad-organizer-token"]);
    const seated: Array<{ token: string; network: string | null }> = [];
    let attempts = 0;
    for (let batch = 0; batch < 16; batch++) {
      // Five at once: concurrent joins must not get around a limit either.
      const tries = Array.from({ length: 5 }, () => {
        const body: Record<string, unknown> = { nickname: r.next() < 0.15 ? r.pick(ODD_STRINGS) : `J${r.int(40)}` };
        if (r.next() < 0.8) body.deviceId = r.pick(deviceIds);
        if (r.next() < 0.1) body.organizerToken = r.next() < 0.5 ? organizerToken.slice(1) + "A" : r.pick(ODD_STRINGS);
        if (r.next() < 0.05) body[r.pick(KEYS)] = randomValue(r, 2);
        const network = r.pick(networks);
        return { body, network };
      });
      const answers = await Promise.all(
        tries.map(({ body, network }) => postJson(`/api/tables/${code}/join`, body, network === null ? {} : { "cf-connecting-ip": network })),
      );
      for (let i = 0; i < answers.length; i++) {
        attempts++;
        const res = answers[i]!;
        const body = (await res.json()) as Record<string, unknown>;
        if (res.status === 200) {
          seated.push({ token: String(body.token), network: tries[i]!.network });
          continue;
        }
        expect(v.is(ErrorResponseSchema, body), JSON.stringify(body)).toBe(true);
        const err = (body as { error: { code: string } }).error.code;
        expect(JOIN_CODES.has(err), `${err} for ${JSON.stringify(tries[i]!.body).slice(0, 200)}`).toBe(true);
        // A join without a valid device id never reaches the table.
        if (typeof tries[i]!.body.deviceId !== "string" || !devices.includes(tries[i]!.body.deviceId as string)) expect(err).toBe("bad-request");
      }
    }
    // What the table holds: every seat from a valid device, no device twice, no network over its seats.
    const rows = await runInDurableObject(tableStub(code), (_i, state) =>
      state.storage.sql.exec("SELECT hex(device_hash) AS d, hex(address_hash) AS a FROM players").toArray().map((x) => [String(x.d), String(x.a)]),
    );
    expect(rows).toHaveLength(seated.length);
    expect(new Set(rows.map(([d]) => d)).size).toBe(rows.length);
    const perNetwork = new Map<string, number>();
    for (const [, a] of rows) perNetwork.set(a!, (perNetwork.get(a!) ?? 0) + 1);
    for (const n of perNetwork.values()) expect(n).toBeLessThanOrEqual(SEATS_PER_ADDRESS);
    expect(seated.length).toBeGreaterThan(0);
    expect(seated.length).toBeLessThanOrEqual(devices.length); // one seat per device, whatever else was tried

    // Reconnect cycles with the seats' tokens, from those networks: open, hello, sometimes stay open.
    const mark = watcher.frames.length;
    const held: Client[] = [];
    const t0 = Date.now();
    let refused = 0;
    for (let i = 0; i < 60; i++) {
      const seat = r.pick(seated);
      const res = await api(`/api/tables/${code}/socket`, { headers: { Upgrade: "websocket", ...(seat.network === null ? {} : { "cf-connecting-ip": seat.network }) } });
      if (res.status === 429) {
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe("rate-limited");
        refused++;
        continue;
      }
      expect(res.status).toBe(101);
      res.webSocket!.accept();
      const c = new Client(res.webSocket!, `cycle ${i}`);
      extra.push(c);
      c.send({ type: "hello", token: seat.token });
      await c.next((m) => m.type === "welcome");
      if (r.next() < 0.3) held.push(c);
      else c.close();
    }
    const cycleMs = Date.now() - t0;
    // Presence settles: the watcher ends up with the stored version.
    const settled = async () => runInDurableObject(tableStub(code), (_i, state) => state.storage.sql.exec("SELECT version, presence_at FROM game").one());
    for (let g = await settled(); ; g = await settled()) {
      if (g.presence_at === null) {
        await watcher.viewAtLeast(Number(g.version));
        break;
      }
      await new Promise((res) => setTimeout(res, 50));
    }
    const views = watcher.frames.slice(mark).filter((m) => m.type === "view").length;
    expect(views).toBeLessThanOrEqual(2 + Math.ceil(cycleMs / PRESENCE_WINDOW_MS));
    // Sockets held open beyond a credential's allowance were replaced, with the typed reason.
    for (const c of held) if (c.closed) expect(c.closeCode).toBe(CLOSE_CODES.replaced);
    const stillOpen = new Map<string, number>();
    for (const c of held.filter((h) => !h.closed)) {
      const id = (c.frames.find((m) => m.type === "welcome") as Extract<ServerMessage, { type: "welcome" }>).identity;
      const key = id.kind === "player" ? id.playerId : id.kind;
      stillOpen.set(key, (stillOpen.get(key) ?? 0) + 1);
    }
    for (const n of stillOpen.values()) expect(n).toBeLessThanOrEqual(SOCKETS_PER_CREDENTIAL);
    for (const c of [watcher, ...held]) expect(c.schemaFailures).toEqual([]);
    console.log(`fuzz joins: ${attempts} attempts → ${seated.length} seats; 60 reconnect cycles in ${cycleMs} ms (${refused} refused 429) → ${views} views to an honest watcher`);
  }, 60_000);
});
