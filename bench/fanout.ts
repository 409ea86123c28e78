/**
 * The table object's own JavaScript per accepted input, in Node (issue 36: "less CPU per input"), against
 * an older tree in the same process. `node --experimental-transform-types bench/fanout.ts [--old <checkout>]
 * [--blocks 10] [--games 20]`, e.g. after `git worktree add --detach /tmp/old <commit>`.
 *
 * What it runs: the real `Match` (worker/table/match.ts: quiet change, state serialization, version) and
 * the real `Fanout` (worker/table/fanout.ts: every connection's view, the patch against what it holds,
 * the frame's text, the sender's ack) over recorded sport games of heuristic bots, 10 player sockets and one spectator,
 * with the runtime replaced by stubs: SQLite statements, `ws.send` and the sockets' list cost nothing
 * here. So it measures exactly the part of workerd's CPU per input that is ours (bench/load.ts measures
 * the whole), without the load bench's ±10 % from run to run: both trees are timed in interleaved blocks
 * on process CPU time (as bench/engine-compare.ts does), on the same games.
 *
 * Prints µs of CPU per input for each side, per block and in total, the bytes each side sent, and
 * whether both sent the same frames (a checksum of their text: a change meant to keep the frames as
 * they were must say "the same text in every block").
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const arg = (name: string, dflt?: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : dflt;
};
const BLOCKS = Number(arg("blocks", "10"));
const GAMES = Number(arg("games", "20"));
const oldDir = arg("old");

interface Side {
  name: string;
  /** Play the recorded games through this tree's Match and Fanout; returns inputs and bytes sent. */
  run(games: Recorded[]): { inputs: number; bytes: number; frames: number; sum: number };
}
interface Recorded {
  start: unknown;
  steps: Array<{ state: unknown; input: unknown; now: number }>;
}

const here = new URL("..", import.meta.url).pathname;

async function side(dir: string, name: string): Promise<Side> {
  const url = (p: string) => pathToFileURL(resolve(dir, p)).href;
  const { Match } = await import(url("worker/table/match.ts"));
  const { Fanout } = await import(url("worker/table/fanout.ts"));
  const players = Array.from({ length: 10 }, (_, i) => ({
    playerId: `p${i + 1}`, nickname: `Player ${i + 1}`, place: i + 1, seat: i + 1, returnHash: null, bot: false, joinedAt: 0,
    deviceHash: null, awaySince: null, userId: null, addressHash: null, gameNo: 1,
  }));
  const config = { code: "BENCH1", presetId: "sport", settings: {}, public: false, seats: { min: 10, max: 10 }, start: "when-full", createdAt: 0, seed: "s", host: "server", spectatorDelaySeconds: 0, seatsPerAddress: 10 };
  const control = { organizerPlayerId: "p1", organizerTokenHash: null, allowSameDevice: true, botAfterMinutes: null, recording: false, deadHear: true, spectatorsHear: false, redrawSeats: false, newEvening: false, botLevel: "strong" };
  let row = { version: 1, status: "playing", startedAt: 0, alarmPhaseSeq: null as number | null, alarmAt: null as number | null };
  let bytes = 0;
  let frames = 0;
  let sum = 2166136261;
  const sockets = [...players.map((p) => ({ id: { kind: "player", playerId: p.playerId, place: p.place } })), { id: { kind: "spectator" } }].map((s) => ({
    att: { v: 1, identity: s.id, refs: [], bucket: { tokens: 10, at: 0 }, connectedAt: 0 },
    send(frame: string) {
      bytes += frame.length;
      frames++;
      // A cheap checksum of every frame's text (FNV-1a over its length and a sample of characters), to tell whether two trees sent the same.
      let h = sum ^ frame.length;
      for (let i = 0; i < frame.length; i += 7) h = Math.imul(h ^ frame.charCodeAt(i), 16777619);
      sum = h >>> 0;
    },
  }));
  const store = {
    game: () => row,
    writeGame: (g: typeof row, _state: string) => { row = { ...g }; },
    appendInput: () => {}, appendEvents: () => {}, endSeries: () => {},
    players: () => players, control: () => control,
    extras: () => ({ botAt: null, pause: null, resumedAt: null, spectatorVersion: 0, presenceAt: null }),
    seriesGame: () => ({ gameNo: 1, seed: null }), series: () => [],
  };
  let match: any;
  let fanout: any;
  const deps = {
    config: () => config, now: () => 0, ctx: {}, tx: <T>(fn: () => T) => fn(), store,
    sockets: { all: () => sockets, attachmentOf: (ws: { att: unknown }) => ws.att },
    get match() { return match; }, get fanout() { return fanout; },
    presence: { hostConnected: () => false, carried: () => {} },
    spectators: { delayMs: () => 0, sendCurrent: () => {} },
    organizer: { isOrganizer: () => false },
    publication: { hiddenNicks: () => new Set() },
    consiglieri: { invited: () => new Set(), missing: () => [], names: () => new Map() },
    media: { peers: () => [] }, sfu: { reconcile: () => {} }, chat: { access: () => null },
    reporter: { nextGame: () => {} },
  };
  match = new Match(deps);
  fanout = new Fanout(deps);
  return {
    name,
    run(games) {
      let inputs = 0;
      bytes = 0;
      frames = 0;
      sum = 2166136261;
      for (const g of games) {
        // Each game starts as a table's does after the deal: every socket gets its full view.
        match.forget();
        (match as { stateCache: unknown }).stateCache = g.start;
        row = { ...row, version: row.version + 1 };
        fanout.forgetLogs();
        fanout.broadcast();
        for (const s of g.steps) {
          match.commit(s.state, [s.input], s.now);
          // As table.ts's "fanout" step: a seat's input is acked — inside its own view frame where this
          // tree's broadcast carries it (it returns true), else by an ack frame after the views.
          const input = s.input as { kind: string; playerId?: string };
          const ws = input.kind === "act" ? sockets[players.findIndex((p) => p.playerId === input.playerId)] : undefined;
          const ack = ws ? { ws, ref: `r${inputs}` } : undefined;
          if (fanout.broadcast(undefined, ack) !== true && ack) fanout.send(ack.ws, { type: "ack", ref: ack.ref, version: row.version });
          inputs++;
        }
      }
      return { inputs, bytes, frames, sum };
    },
  };
}

const { playGame } = await import(pathToFileURL(resolve(here, "shared/bots/index.ts")).href);
function record(seed: string): Recorded {
  const steps: Recorded["steps"] = [];
  playGame({ presetId: "sport", seed, bots: "heuristic", onInput: (state: unknown, input: unknown, now: number) => steps.push({ state, input, now }) });
  // The table starts from the state after the first input (the deal itself has no input to commit).
  return { start: steps[0]!.state, steps: steps.slice(1) };
}

const sides = [await side(here, "new"), ...(oldDir ? [await side(oldDir, "old")] : [])];
const warm = Array.from({ length: 5 }, (_, i) => record(`fan-warm-${i}`));
for (const s of sides) s.run(warm);
const totals = new Map(sides.map((s) => [s.name, { cpu: 0, inputs: 0, bytes: 0, frames: 0 }]));
let differ = 0;
const perBlock: string[] = [];
for (let b = 0; b < BLOCKS; b++) {
  const games = Array.from({ length: GAMES }, (_, i) => record(`fan-${b}-${i}`));
  const order = b % 2 === 0 ? sides : [...sides].reverse();
  const line: string[] = [];
  const sums = new Set<number>();
  for (const s of order) {
    const c0 = process.cpuUsage();
    const r = s.run(games);
    const c = process.cpuUsage(c0);
    const t = totals.get(s.name)!;
    t.cpu += c.user + c.system;
    t.inputs += r.inputs;
    t.bytes += r.bytes;
    t.frames += r.frames;
    sums.add(r.sum);
    line.push(`${s.name} ${((c.user + c.system) / r.inputs).toFixed(1)}`);
  }
  if (sums.size > 1) differ++;
  perBlock.push(`block ${b + 1}: ${line.join(", ")} µs/input`);
}
console.log(perBlock.join("\n"));
for (const [name, t] of totals) {
  console.log(`${name}: ${(t.cpu / t.inputs).toFixed(1)} µs of CPU per input (${t.inputs} inputs, ${sides.length > 1 ? "interleaved blocks" : "one side"}), ${(t.bytes / t.frames).toFixed(0)} B per frame, ${(t.frames / t.inputs).toFixed(2)} frames per input`);
}
if (sides.length > 1) {
  const n = totals.get("new")!;
  const o = totals.get("old")!;
  console.log(`new/old CPU per input: ${(n.cpu / n.inputs / (o.cpu / o.inputs)).toFixed(3)}; bytes sent new/old: ${(n.bytes / o.bytes).toFixed(4)}; frames ${differ === 0 ? "the same text in every block" : `differ in ${differ} of ${BLOCKS} blocks`}`);
}
