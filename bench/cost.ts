/**
 * Storage, bytes and the Cloudflare bill (issue 6), measured inside workerd (the real table object
 * with ten bot sockets and a spectator per game; test/worker/measure.test.ts instruments the table's
 * SQLite cursors) and priced here. `node bench/cost.ts [--games 4]`.
 *
 * The price list (bench/prices.ts) and the formula are in docs/PERFORMANCE.md; keep the two in step.
 * This is the BEFORE formula (the object active the whole game); bench/human-pace.ts gives the true cost.
 */
import { spawnSync } from "node:child_process";
import { constants, createDeflateRaw, deflateRawSync } from "node:zlib";
import { PRICES } from "./prices.ts";

const args = process.argv.slice(2);
const arg = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : dflt;
};
const GAMES = Number(arg("games", "4"));
/** A 10-seat sport game with people at it: ~45 min (speeches 60 s × ~30, nights, votes). Assumption, see docs. */
const GAME_MINUTES = Number(arg("game-minutes", "45"));


const root = new URL("..", import.meta.url).pathname;
const r = spawnSync("npx", ["vitest", "run", "--config", "vitest.worker.config.ts", "test/worker/measure.test.ts"], {
  cwd: root,
  env: { ...process.env, MEASURE_GAMES: String(GAMES) },
  encoding: "utf8",
  maxBuffer: 64 * 2 ** 20,
});
const line = `${r.stdout}\n${r.stderr}`.split("\n").find((l) => l.includes("MEASURE_JSON "));
if (!line) {
  console.log(r.stdout.slice(-3000), r.stderr.slice(-3000));
  console.log("cost: the measurement did not run");
  process.exit(1);
}
const m = JSON.parse(line.slice(line.indexOf("MEASURE_JSON ") + 13)) as Record<string, number>;
const per = (x: number) => x / m.games!;

/**
 * Issue 36, permessage-deflate (RFC 7692) estimated with node:zlib on the first game's view frames
 * (bench/cost.ts cannot negotiate it with workerd): "shared" — one raw-deflate context per socket,
 * each frame ended by a sync flush whose 4-byte tail is dropped (context takeover, what browsers and
 * workerd do by default); "alone" — each frame compressed on its own (no context takeover).
 */
async function deflated(sockets: string[][]): Promise<{ shared: number; alone: number; frames: number }> {
  let shared = 0;
  let alone = 0;
  let frames = 0;
  for (const texts of sockets) {
    const z = createDeflateRaw();
    let out = 0;
    z.on("data", (d: Buffer) => (out += d.length));
    for (const text of texts) {
      const before = out;
      z.write(text);
      await new Promise<void>((done) => z.flush(constants.Z_SYNC_FLUSH, () => done()));
      shared += out - before - 4;
      alone += deflateRawSync(Buffer.from(text), { finishFlush: constants.Z_SYNC_FLUSH }).length - 4;
      frames++;
    }
    z.close();
  }
  return { shared, alone, frames };
}
const framesLine = `${r.stdout}\n${r.stderr}`.split("\n").find((l) => l.includes("MEASURE_FRAMES "));
const z = framesLine ? await deflated(JSON.parse(framesLine.slice(framesLine.indexOf("MEASURE_FRAMES ") + 15)) as string[][]) : null;

const inputsPerGame = per(m.inputs!);
const rowsWrittenPerInput = m.rowsWritten! / m.inputs!;
const rowsReadPerInput = m.rowsRead! / m.inputs!;
const gamesPerHour = 60 / GAME_MINUTES;

// Per game-hour (one table playing for an hour), everything counted per game × games per hour.
// Incoming: the players' frames (acts, hellos) + keep-alive pings (auto-answered, do not wake the
// object; counted anyway as an upper bound) 10 sockets × 1 per 20 s.
const pingsPerHour = 11 * (3600 / 20);
const wsIn = per(m.framesIn!) * gamesPerHour + pingsPerHour;
const alarms = per(m.timeouts!) * gamesPerHour * 1.5; // + bot / presence re-arms: bound
const rpc = 2 + 10 * 2 + 11; // create (init), joins (+listing), socket upgrades, per game
const requests = wsIn / PRICES.wsIncomingRatio + alarms + rpc * gamesPerHour;
const gbSeconds = 3600 * PRICES.doGbPerObject; // upper bound: the object never hibernates during play
const rowsWritten = (m.rowsWritten! / m.games! + 10 * 4 + 6) * gamesPerHour; // game + lobby (joins: player, token, game, listing)
const rowsRead = rowsReadPerInput * inputsPerGame * gamesPerHour;
const storedGb = per(m.dbBytes!) / 2 ** 30; // kept for a month
const workerRequests = rpc * gamesPerHour;

const cost = {
  requests: (requests * PRICES.doRequestPerM) / 1e6,
  duration: (gbSeconds * PRICES.doGbSecondPerM) / 1e6,
  rowsWritten: (rowsWritten * PRICES.rowsWrittenPerM) / 1e6,
  rowsRead: (rowsRead * PRICES.rowsReadPerM) / 1e6,
  storage: storedGb * gamesPerHour * PRICES.storageGbMonth,
  worker: (workerRequests * PRICES.workerRequestPerM) / 1e6,
};
const total = Object.values(cost).reduce((a, b) => a + b, 0);

const rows: Array<[string, string]> = [
  ["games measured (heuristic bots, 10 sockets + 1 spectator)", String(m.games)],
  ["accepted inputs per game (acts + timeouts)", `${inputsPerGame.toFixed(0)} (${per(m.acts!).toFixed(0)} + ${per(m.timeouts!).toFixed(0)})`],
  ["SQLite rows written per accepted input", `${rowsWrittenPerInput.toFixed(2)}  (target ≤ 3)`],
  ["SQLite rows read per accepted input", rowsReadPerInput.toFixed(1)],
  ["state row (without events) at the end of a game", `${(per(m.stateBytes!) / 1024).toFixed(1)} kB`],
  ["events per game (in their input log rows)", `${(per(m.eventBytes ?? 0) / 1024).toFixed(1)} kB`],
  ["input log per game", `${(per(m.logBytes!) / 1024).toFixed(1)} kB`],
  ["SQLite database per table (databaseSize)", `${(per(m.dbBytes!) / 1024).toFixed(0)} kB`],
  ["bytes per view message (mean)", `${(m.viewBytes! / m.viewFrames!).toFixed(0)} B`],
  ...(z ? ([["bytes per view message, permessage-deflate (node:zlib estimate, game 1: context per socket / per frame alone)", `${(z.shared / z.frames).toFixed(0)} B / ${(z.alone / z.frames).toFixed(0)} B`]] as Array<[string, string]>) : []),
  ["view messages per game (all connections)", per(m.viewFrames!).toFixed(0)],
  ["bytes sent per game (all connections)", `${(per(m.bytesOut!) / 2 ** 20).toFixed(2)} MiB`],
  ["bytes per game per connection", `${(per(m.bytesOut!) / 11 / 1024).toFixed(0)} kB`],
];
const w = Math.max(...rows.map((x) => x[0].length));
for (const [k, v] of rows) console.log(`${k.padEnd(w)}  ${v}`);
console.log();
console.log(`Cloudflare cost per game-hour (a ${GAME_MINUTES}-min game, object active all the time: upper bound), USD:`);
for (const [k, v] of Object.entries(cost)) console.log(`  ${k.padEnd(12)} ${v.toFixed(6)}`);
console.log(`  ${"total".padEnd(12)} ${total.toFixed(5)} per game-hour = $${(total * 1000).toFixed(2)} per 1,000 game-hours  (target ≤ $0.01 per game-hour)`);
console.log(`MEASURED ${JSON.stringify({ rowsWrittenPerInput, rowsReadPerInput, bytesPerView: m.viewBytes! / m.viewFrames!, bytesPerViewDeflate: z ? z.shared / z.frames : null, bytesPerGame: per(m.bytesOut!), costPerGameHour: total })}`);
