/**
 * Issue 36: the fraction of wall time a table object is busy at human pace, and the true cost of a
 * game-hour (object, storage, Worker, D1, R2, media). `node bench/human-pace.ts [--games 3] [--seed 1]
 * [--video-large K] [--video-small K] [--audio-talking K] [--audio-silent K]` (kbit/s per link: measured defaults).
 *
 * Method (docs/PERFORMANCE.md "Issue 36"): whole sport games are played inside workerd by bots as fast
 * as they go (test/worker/human-pace.test.ts), and every event the table handles is timed on its own —
 * an act from sending it to the last of 11 connections holding its version, an alarm from its delivery
 * to the same; alarms that end a phase of ≥ 20 s run on an evicted (fresh) instance, so a wake-up is
 * measured. The same games are then laid out at human pace (think times below; a speech uses 85–100 %
 * of its time) to get each game's wall time. Busy fraction = Σ measured event durations / wall time.
 * Duration is billed only for the busy time: Cloudflare bills "idle and eligible for hibernation" as
 * nothing (durable-objects/platform/pricing), and test/worker/hibernation.test.ts proves eligibility.
 * Rows, bytes and storage per game come from test/worker/measure.test.ts, run in the same vitest run.
 */
import { spawnSync } from "node:child_process";
import { PRICES } from "./prices.ts";
import { RECORDING_CHUNK_MS } from "../shared/protocol/recordings.ts";

const args = process.argv.slice(2);
const arg = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : dflt;
};
const GAMES = Number(arg("games", "3"));
let seed = Number(arg("seed", "1")) >>> 0;

/* ---------------------------------------------------------------------------------- think times */

/** Human think times: log-normal, by median and 90th percentile (seconds). Assumptions, stated in the doc. */
const THINK = {
  vote: { median: 3, p90: 8 }, // a ballot, a lift vote, a technical vote
  night: { median: 6, p90: 15 }, // a shot, a check, a heal, a skip, the shooting plan, a side
  card: { median: 4, p90: 10 }, // taking a card at the deal
  other: { median: 5, p90: 12 },
} as const;
/** A speech (and a farewell, last words, a defence) lasts this share of its time, uniformly. */
const SPEECH_USE = [0.85, 1.0] as const;
/** A gap this long and the runtime has likely evicted the object: the next event pays a wake-up. */
const HIBERNATE_AFTER_S = 10;

function rand(): number {
  // mulberry32: the schedule is reproducible for a seed.
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
function gauss(): number {
  return Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}
const Z90 = 1.2816;
function think(kind: keyof typeof THINK): number {
  const { median, p90 } = THINK[kind];
  return median * Math.exp((Math.log(p90 / median) / Z90) * gauss());
}
function kindOf(action: string): keyof typeof THINK {
  if (action.startsWith("vote") || action === "tech-vote") return "vote";
  if (["use", "skip", "shooting-plan", "choose-side", "best-move"].includes(action)) return "night";
  if (action === "take-card") return "card";
  return "other";
}
const isSpeech = (phase: string) => /speech|farewell|last-words|defence|extra-word|introductions/.test(phase);
const isNight = (phase: string) => phase === "acquaintance" || phase.startsWith("night-");

/* --------------------------------------------------------------------------------- measurement */

interface PacedEvent { k: "act" | "alarm"; a: string; ph: string; seq: number; tm: number | null; ms: number; cold: boolean; moved: boolean }
interface PacedGame { events: PacedEvent[]; dbBytes: number; hellos: number }

const root = new URL("..", import.meta.url).pathname;
const r = spawnSync("npx", ["vitest", "run", "--config", "vitest.worker.config.ts", "test/worker/human-pace.test.ts", "test/worker/measure.test.ts"], {
  cwd: root,
  env: { ...process.env, HUMAN_PACE_GAMES: String(GAMES), MEASURE_GAMES: String(GAMES) },
  encoding: "utf8",
  maxBuffer: 256 * 2 ** 20,
});
const out = `${r.stdout}\n${r.stderr}`;
const jsonAfter = (tag: string) => {
  const line = out.split("\n").find((l) => l.includes(`${tag} `));
  return line ? JSON.parse(line.slice(line.indexOf(`${tag} `) + tag.length + 1)) : null;
};
const games = jsonAfter("HUMAN_PACE_JSON") as PacedGame[] | null;
const m = jsonAfter("MEASURE_JSON") as Record<string, number> | null;
if (!games || !m) {
  console.log(r.stdout.slice(-3000), r.stderr.slice(-3000));
  console.log("human-pace: the measurement did not run");
  process.exit(1);
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const pct = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))]! : 0; };
const all = games.flatMap((g) => g.events);
const acts = all.filter((e) => e.k === "act");
const warmAlarms = all.filter((e) => e.k === "alarm" && !e.cold);
const coldAlarms = all.filter((e) => e.k === "alarm" && e.cold);
const wakeMs = Math.max(0, mean(coldAlarms.map((e) => e.ms)) - mean(warmAlarms.map((e) => e.ms)));

/* --------------------------------------------------------------------------- the human schedule */

let wallS = 0;
let busyS = 0;
let speechS = 0;
let nightS = 0;
let wakes = 0;
for (const g of games) {
  // Phase instances in order, with their events.
  const phases = new Map<number, PacedEvent[]>();
  for (const e of g.events) phases.set(e.seq, [...(phases.get(e.seq) ?? []), e]);
  for (const evs of phases.values()) {
    const { ph, tm } = evs[0]!;
    const timer = tm === null ? Infinity : tm / 1000;
    const endedByTimer = evs.some((e) => e.k === "alarm" && e.moved);
    let s: number;
    if (isSpeech(ph) && Number.isFinite(timer)) s = timer * (SPEECH_USE[0] + (SPEECH_USE[1] - SPEECH_USE[0]) * rand());
    else if (endedByTimer && Number.isFinite(timer)) s = timer;
    else {
      // Simultaneous choices (ballots, night actions): the phase lasts as long as its slowest chooser, within its timer.
      const thinks = evs.filter((e) => e.k === "act").map((e) => think(kindOf(e.a)));
      s = Math.min(timer, Math.max(0, ...thinks));
      // The first act after a long think meets a hibernated object.
      wakes += thinks.filter((t) => t >= HIBERNATE_AFTER_S).length;
    }
    // An act in a speech comes after the speaker has talked a while (a nomination, the end of the speech): a wake each.
    if (isSpeech(ph) && s >= HIBERNATE_AFTER_S) wakes += evs.filter((e) => e.k === "act").length;
    wallS += s;
    if (isSpeech(ph)) speechS += s;
    if (isNight(ph)) nightS += s;
    busyS += evs.reduce((a, e) => a + e.ms, 0) / 1000; // cold alarms include their own wake-up
  }
  busyS += (g.hellos * mean(acts.map((e) => e.ms))) / 1000; // each connection's hello: as an act (upper bound)
}
busyS += (wakes * wakeMs) / 1000;
const perGame = (x: number) => x / games.length;
const gameS = perGame(wallS);
const busyPerGameS = perGame(busyS);
const busyFraction = busyS / wallS;
const gph = 3600 / gameS;

/* -------------------------------------------------------------------------------------- costs */

// Per game, from measure.test.ts (same counts as bench/cost.ts).
const mg = (x: number) => x / m.games!;
const framesIn = mg(m.framesIn!);
const alarmsPerGame = perGame(all.filter((e) => e.k === "alarm").length);
const RPC = 2 + 10 * 2 + 11; // create (init), joins (+listing), socket upgrades, per game
const pingsPerHour = 11 * (3600 / 20); // keep-alives, auto-answered (upper bound: counted as incoming messages)
const rowsWrittenGame = mg(m.rowsWritten!) + 10 * 4 + 6;
const rowsReadGame = mg(m.rowsRead!);
const storedGbGame = mg(m.dbBytes!) / 2 ** 30;

/** D1 per game, counted from the worker's D1 calls (worker/accounts/records.ts, sessions.ts): a rated club
 *  game, 10 accounts. Written: games 1, game_players 10, evenings 1, rating_history 10, users 10,
 *  leaderboard all/club/season 30 = 62 rows, doubled for index entries (D1 counts them) → 124.
 *  Read: the game's existence 1, the 10 accounts 10, the sessions at 10 joins (session + user) 20,
 *  the club/season look-ups 20, the record's publication 11 ≈ 62, ×2 for index pages → 124. */
const D1 = { written: 124, read: 124 };

/** R2 for a recorded game (club evenings that record, RULES.md §6.11): web/src/record/TableRecorder.tsx
 *  records 32 kbit/s Opus and stores a chunk per RECORDING_CHUNK_MS (30 s); kept 72 h (docs/CLUBS.md);
 *  one full listen assumed (a list of the chunks, Class A, and a read per chunk, Class B). */
const REC = { kbps: 32, chunkS: RECORDING_CHUNK_MS / 1000, keptHours: 72, listens: 1 };

function objectCost(activeSeconds: number) {
  const requests = (framesIn * gph + pingsPerHour) / PRICES.wsIncomingRatio + alarmsPerGame * gph + RPC * gph;
  return {
    requests: (requests * PRICES.doRequestPerM) / 1e6,
    duration: (activeSeconds * PRICES.doGbPerObject * PRICES.doGbSecondPerM) / 1e6,
    rowsWritten: (rowsWrittenGame * gph * PRICES.rowsWrittenPerM) / 1e6,
    rowsRead: (rowsReadGame * gph * PRICES.rowsReadPerM) / 1e6,
    storage: storedGbGame * gph * PRICES.storageGbMonth,
  };
}
const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);

// BEFORE: today's formula (bench/cost.ts): a 45-min game, the object active the whole hour.
const gphBefore = 60 / 45;
const before = (() => {
  const requests = (framesIn * gphBefore + pingsPerHour) / PRICES.wsIncomingRatio + mg(m.timeouts!) * gphBefore * 1.5 + RPC * gphBefore;
  return {
    requests: (requests * PRICES.doRequestPerM) / 1e6,
    duration: (3600 * PRICES.doGbPerObject * PRICES.doGbSecondPerM) / 1e6,
    rowsWritten: (rowsWrittenGame * gphBefore * PRICES.rowsWrittenPerM) / 1e6,
    rowsRead: (rowsReadGame * gphBefore * PRICES.rowsReadPerM) / 1e6,
    storage: storedGbGame * gphBefore * PRICES.storageGbMonth,
    worker: (RPC * gphBefore * PRICES.workerRequestPerM) / 1e6,
  };
})();

// AFTER: the object billed for its measured busy time only.
const object = objectCost(busyPerGameS * gph);
const worker = (RPC * gph * PRICES.workerRequestPerM) / 1e6;
const d1 = ((D1.written * PRICES.d1RowsWrittenPerM + D1.read * PRICES.d1RowsReadPerM) * gph) / 1e6;
const recChunks = 3600 / REC.chunkS;
const recGb = (REC.kbps * 1000 * 3600) / 8 / 1e9;
const r2 = ((recChunks + REC.listens) * PRICES.r2ClassAPerM) / 1e6 + ((REC.listens * (recChunks + 1)) * PRICES.r2ClassBPerM) / 1e6 + recGb * (REC.keptHours / 730) * PRICES.r2GbMonth;
// The recording's uploads also pass through the Worker (1 request a chunk) and the table (2 RPCs a chunk).
const recRequests = (recChunks * PRICES.workerRequestPerM + 2 * recChunks * PRICES.doRequestPerM) / 1e6;

/* ---------------------------------------------------------------------------------------- media */

// Per-receiver kbit/s (RTP + headers). Audio, measured with the shipped Opus settings (DTX, mono, FEC,
// 32 kbit/s; docs/PERFORMANCE.md "One link alone, and the quality cost", bench/media-opus.ts): a talking
// link 44.4, a silent one 1.1 (DTX; 1.0–1.3 a link in bench/media-mesh.ts). `--audio-talking K --audio-silent K`
// price other figures (the browser's own Opus: 43.8 and 12.1).
// Video, measured per link (docs/PERFORMANCE.md "Video at the size it is shown": bench/media-mesh.ts
// --host --people 4 --window 8, a day speech, 2026-12-07, load average 37 / 28 / 25): a camera sent large
// (320×240, ≤ 250 kbit/s) — the speaker's 390 kbit/s of video up on its 4 links ≈ 98 a link — and small
// (160×120, ≤ 100 kbit/s) — three listeners' 230–246 on 4 links ≈ 60 a link. Encoders starved by the
// load send below their caps: `--video-large 265 --video-small 108` prices the caps with headers (docs/MEDIA.md §4). A receiver sees every
// other living camera by day (CAMERAS, nobody eliminated: the upper bound), nothing at night but the black
// team (left out, as before).
const AUDIO_TALKING = Number(arg("audio-talking", "44.4"));
const AUDIO_SILENT = Number(arg("audio-silent", "1.1"));
const VIDEO_LARGE = Number(arg("video-large", "98"));
const VIDEO_SMALL = Number(arg("video-small", "60"));
const CAMERAS = 9;
const RECEIVERS = 11; // 10 seats + 1 spectator listening through the SFU
const dayS = gameS - perGame(nightS);
const speechShare = perGame(speechS) / gameS;
const nightShare = perGame(nightS) / gameS;
const gbPerHour = (kbps: number, share: number) => (RECEIVERS * kbps * 1000 * 3600 * share) / 8 / 1e9;
const media = {
  audioFloor: gbPerHour(AUDIO_TALKING, speechShare), // only the speaker is pulled, only during speeches
  audioNoFloor: gbPerHour(AUDIO_TALKING + 8 * AUDIO_SILENT, 1), // every microphone to every receiver, all game: one talks, eight are silent
  // The figure this table used before it was measured: computed (docs/MEDIA.md §4), a listener 1,200 kbit/s by day.
  videoComputed: gbPerHour(AUDIO_TALKING, speechShare) + gbPerHour(1200 - AUDIO_TALKING, 1 - nightShare),
  // One layer (before simulcast): the SFU forwards each camera as published, the full 320×240, to every tile.
  videoOneLayer: gbPerHour(AUDIO_TALKING, speechShare) + gbPerHour(CAMERAS * VIDEO_LARGE, 1 - nightShare),
  // Simulcast: the spotlight's high layer during a speech, every tile's low layer; by day outside speeches all low.
  videoFloor: gbPerHour(AUDIO_TALKING, speechShare) + gbPerHour(VIDEO_LARGE + (CAMERAS - 1) * VIDEO_SMALL, speechShare) + gbPerHour(CAMERAS * VIDEO_SMALL, 1 - nightShare - speechShare),
  videoNoFloor: gbPerHour(AUDIO_TALKING + 8 * AUDIO_SILENT + CAMERAS * VIDEO_SMALL, 1), // every camera small and every microphone to everyone, all game
};
void dayS;
const TURN_SHARE = 0.2; // players behind NATs that need a relay (callstats.io: 22 %; Twilio: ~15 %)
// Mesh (the default plane): no SFU; TURN bills what it relays to the relayed players (their download).
const meshTurn = {
  audioFloor: TURN_SHARE * media.audioFloor,
  videoFloor: TURN_SHARE * media.videoFloor,
};
const usd = (gb: number) => gb * PRICES.realtimeEgressPerGb;

/* ---------------------------------------------------------------------------------------- print */

const f = (x: number, d = 6) => `$${x.toFixed(d)}`;
console.log(`games timed: ${games.length} (sport, 10 heuristic bots + 1 spectator), events: ${all.length} (${acts.length} acts, ${warmAlarms.length + coldAlarms.length} alarms, ${coldAlarms.length} on a fresh instance)`);
console.log(`event duration (driver: send → all 11 views), ms: act mean ${mean(acts.map((e) => e.ms)).toFixed(2)} p50 ${pct(acts.map((e) => e.ms), 0.5)} p99 ${pct(acts.map((e) => e.ms), 0.99)}; alarm warm mean ${mean(warmAlarms.map((e) => e.ms)).toFixed(2)}, cold mean ${mean(coldAlarms.map((e) => e.ms)).toFixed(2)} (wake-up ≈ ${wakeMs.toFixed(1)} ms)`);
console.log(`human-paced game: ${(gameS / 60).toFixed(1)} min wall (speeches ${(speechShare * 100).toFixed(0)} %, night ${(nightShare * 100).toFixed(0)} %), busy ${busyPerGameS.toFixed(2)} s, wake-ups ${(wakes / games.length).toFixed(0)} per game`);
console.log(`ACTIVE_FRACTION ${(busyFraction * 100).toFixed(3)} % of wall time busy (could not hibernate)`);
console.log();
console.log("Cost per game-hour, USD         BEFORE (whole game active)   AFTER (measured busy time)");
const rows: Array<[string, number | null, number]> = [
  ["object: requests", before.requests, object.requests],
  ["object: duration", before.duration, object.duration],
  ["object: SQLite rows written", before.rowsWritten, object.rowsWritten],
  ["object: SQLite rows read", before.rowsRead, object.rowsRead],
  ["object: SQLite storage (a month)", before.storage, object.storage],
  ["Worker requests", before.worker, worker],
];
for (const [k, b, a] of rows) console.log(`  ${k.padEnd(34)} ${(b === null ? "—" : f(b)).padStart(12)}   ${f(a).padStart(12)}`);
const objectTotal = sum(object);
console.log(`  ${"object + storage".padEnd(34)} ${f(sum(before) - before.worker, 5).padStart(12)}   ${f(objectTotal, 5).padStart(12)}   (target ≤ $0.002)`);
console.log(`  ${"D1 (a rated club game, 10 accounts)".padEnd(34)} ${"—".padStart(12)}   ${f(d1).padStart(12)}`);
console.log(`  ${"R2 recording + its uploads".padEnd(34)} ${"—".padStart(12)}   ${f(r2 + recRequests).padStart(12)}   (recorded games only: ${(recGb * 1000).toFixed(1)} MB, ${recChunks} chunks an hour)`);
const platform = objectTotal + worker + d1;
console.log(`  ${"platform total (no media)".padEnd(34)} ${f(sum(before), 5).padStart(12)}   ${f(platform, 5).padStart(12)}`);
console.log();
console.log("Media per game-hour (Realtime SFU egress at $0.05/GB; the 1,000 GB free a month ignored):");
const mrow = (k: string, gb: number) => console.log(`  ${k.padEnd(52)} ${gb.toFixed(3).padStart(7)} GB  ${f(usd(gb), 4).padStart(9)}`);
mrow("SFU, audio only, with the floor", media.audioFloor);
mrow("SFU, audio only, everyone to everyone", media.audioNoFloor);
mrow("SFU, video (normal), with the floor, computed 1,200", media.videoComputed);
mrow("SFU, video (normal), with the floor, one layer", media.videoOneLayer);
mrow("SFU, video (normal), with the floor, simulcast", media.videoFloor);
mrow("SFU, video (normal), everyone to everyone", media.videoNoFloor);
mrow(`mesh + TURN for ${TURN_SHARE * 100} % of players, audio, with the floor`, meshTurn.audioFloor);
mrow(`mesh + TURN for ${TURN_SHARE * 100} % of players, video, with the floor`, meshTurn.videoFloor);
console.log("  (TURN with the SFU: TURN↔SFU traffic is not charged twice, so a relayed player adds nothing.)");
console.log();
console.log(`the whole, per game-hour: audio via SFU ${f(platform + usd(media.audioFloor), 4)} (no floor ${f(platform + usd(media.audioNoFloor), 4)}, the floor saves ${((1 - media.audioFloor / media.audioNoFloor) * 100).toFixed(0)} %); video via SFU ${f(platform + usd(media.videoFloor), 4)} (no floor ${f(platform + usd(media.videoNoFloor), 4)}, saves ${((1 - media.videoFloor / media.videoNoFloor) * 100).toFixed(0)} %)`);
console.log(`HUMAN_PACE ${JSON.stringify({ activeFraction: busyFraction, gameMinutes: gameS / 60, objectPerGameHour: objectTotal, beforePerGameHour: sum(before), platformPerGameHour: platform, audioFloorPerGameHour: platform + usd(media.audioFloor), audioNoFloorPerGameHour: platform + usd(media.audioNoFloor), videoFloorPerGameHour: platform + usd(media.videoFloor), videoOneLayerPerGameHour: platform + usd(media.videoOneLayer), videoNoFloorPerGameHour: platform + usd(media.videoNoFloor) })}`);
