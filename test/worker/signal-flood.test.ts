/**
 * RULES.md §8 media, docs/MEDIA.md "Limits": a flood of answers and ICE candidates. Offers were capped
 * per link, but answers and candidate batches were not counted: a seated player streamed 15.5 kB answers
 * (~271 KiB/s) and candidate batches (~278 KiB/s) at a victim for as long as they liked, and so could an
 * anonymous spectator (spectators listen by default). Now each link has a budget of answers and of
 * candidates, and each sender one of bytes (worker/table/signal-budget.ts); past it the frame is refused
 * `rate-limited` to the sender and reaches nobody.
 *
 * A seated player and an anonymous spectator each stream answers and candidates at one victim for 10 s
 * (real time: the budgets run on the table's clock, which only the end-to-end clock moves by skipping
 * phases). A sender the table closes for its refusals (REFUSAL_LIMIT) comes back at once, as an attacker
 * would — the spectator on a new socket, with a new peer number.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_SIGNAL_BYTES, type ServerMessage } from "../../shared/protocol/messages.ts";
import { connectAs, sleep, type Client } from "./helpers.ts";
import { openTable, playToEnd, type OpenedTable } from "./play.ts";

/** worker/table/signal-budget.ts, written out (the test must load on the code before it). */
const ANSWERS = { burst: 8, perSecond: 0.25 };
const CANDIDATES = { burst: 64, perSecond: 1 };
const BYTES = { burst: 384 * 1024, perSecond: 32 * 1024 };
const FLOOD_MS = 10_000;

let run: OpenedTable;
beforeAll(async () => {
  run = await openTable({ seed: "signal-flood", spectators: 1 });
});
afterAll(() => run?.close());

const seatOf = (c: Client) => c.lastView().game!.you!.seat;
/** An answer of ~15.5 kB that sends nothing (a spectator's may not send media). */
const answer = (n: number) =>
  `v=0\r\no=- ${n} 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=mid:0\r\na=recvonly\r\na=fingerprint:sha-256 ${String(n).padStart(4, "0")}\r\na=x:${"y".repeat(MAX_SIGNAL_BYTES - 1200)}\r\n`;
/** A batch of 14 candidates of 1,000 characters (~14.5 kB, under the frame's limit). */
const batch = (n: number) => Array.from({ length: 14 }, (_, i) => ({ candidate: `candidate:${n} ${i} udp 1 10.0.0.1 5000 typ host ${"z".repeat(960)}`, sdpMid: "0", sdpMLineIndex: 0 }));

type Signal = Extract<ServerMessage, { type: "signal" }>;

/** Stream answers and candidate batches at `to` for FLOOD_MS at the whole signal frame budget (20 frames/s); the last socket stays open. */
async function flood(open: () => Promise<Client>, to: number, until: number): Promise<{ sent: number; reopened: number }> {
  let c = await open();
  let sent = 0;
  let reopened = 0;
  while (Date.now() < until) {
    if (c.closed) {
      c = await open();
      reopened++;
    }
    const n = sent++;
    c.send(JSON.stringify(n % 2 === 0 ? { type: "signal", to, description: { type: "answer", sdp: answer(n) } } : { type: "signal", to, candidates: batch(n) }));
    await sleep(50);
  }
  return { sent, reopened };
}

describe("RULES.md §8 media: answers and candidates are counted per link, bytes per sender", () => {
  it("a seated player and an anonymous spectator stream answers and candidates at a victim for 10 s: the victim gets at most the budgets, the table plays on", async () => {
    const attacker = run.seated[0]!;
    const victim = run.seated[1]!.client;
    const sv = seatOf(victim);
    const sa = seatOf(attacker.client);
    const since = victim.frames.length;
    const versionBefore = victim.lastVersion();
    const phaseBefore = victim.lastView().game!.phaseSeq;
    attacker.client.close();
    run.spectators[0]!.close();
    const started = Date.now();
    const until = started + FLOOD_MS;
    const [player, spectator] = await Promise.all([
      flood(async () => (attacker.client = await connectAs(run.code, attacker.join.token, attacker.nickname)), sv, until),
      flood(async () => (run.spectators[0] = await connectAs(run.code, undefined, "spectator 1")), sv, until),
    ]);
    await sleep(500); // the last frames in flight
    const seconds = (Date.now() - started) / 1000;
    const got = victim.frames.slice(since).filter((m): m is Signal => m.type === "signal");
    const raw = victim.raw.filter((t) => t.startsWith('{"type":"signal"'));
    const bySender = (spectators: boolean) => {
      const mine = got.filter((m) => (spectators ? m.from >= 1000 : m.from === sa));
      const bytes = raw.filter((t) => (JSON.parse(t) as Signal).from >= 1000 === spectators && (spectators || (JSON.parse(t) as Signal).from === sa)).reduce((n, t) => n + t.length, 0);
      return { answers: mine.filter((m) => m.description?.type === "answer").length, candidates: mine.reduce((n, m) => n + (m.candidates?.length ?? 0), 0), frames: mine.length, bytes };
    };
    const fromPlayer = bySender(false);
    const fromSpectators = bySender(true);
    console.log(`signal flood ${seconds.toFixed(1)} s: player sent ${player.sent} frames (reopened ${player.reopened}), victim got ${JSON.stringify(fromPlayer)}; spectator sent ${spectator.sent} (reopened ${spectator.reopened}), victim got ${JSON.stringify(fromSpectators)}`);
    for (const [who, got] of [["player", fromPlayer], ["spectators", fromSpectators]] as const) {
      expect(got.answers, `${who}: answers`).toBeLessThanOrEqual(Math.floor(ANSWERS.burst + ANSWERS.perSecond * seconds));
      expect(got.candidates, `${who}: candidates`).toBeLessThanOrEqual(Math.floor(CANDIDATES.burst + CANDIDATES.perSecond * seconds));
      // What the relay carries (SDP and candidates) is bounded by the sender's bytes; each frame adds its framing.
      expect(got.bytes, `${who}: bytes`).toBeLessThanOrEqual(BYTES.burst + BYTES.perSecond * seconds + 200 * got.frames);
    }
    // Both flooders were refused and told so (or closed for their refusals and came back).
    expect(player.sent).toBeGreaterThan(100);
    expect(spectator.sent).toBeGreaterThan(100);

    // The table plays on: the victim's socket is open, a game input is accepted and the phase moves on.
    expect(victim.closed).toBe(false);
    // The flooders' last sockets may still be answered for frames in flight, or be closed for their
    // refusals after the flood: the seat and the spectator come back on fresh connections, as a page does.
    attacker.client.close();
    run.spectators[0]!.close();
    // The object has worked through the flood once it answers a sync sent after it (a loaded machine
    // may take seconds; the bound is generous, the wait is on the answer).
    const drainedFrom = victim.frames.length;
    victim.send({ type: "sync" });
    await victim.next((m) => m.type === "view", drainedFrom, 30_000);
    attacker.client = await connectAs(run.code, attacker.join.token, attacker.nickname);
    run.spectators[0] = await connectAs(run.code, undefined, "spectator 1, back");
    const stats = await playToEnd(run, { until: (g) => g.phaseSeq > phaseBefore, maxSteps: 200 });
    expect(stats.rejections).toBe(0);
    expect(stats.acked).toBeGreaterThan(0);
    await victim.viewAtLeast(versionBefore + 1);
    expect(victim.schemaFailures).toEqual([]);
  }, 60_000);
});
