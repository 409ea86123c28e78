/**
 * Whole games over real sockets inside workerd, for the issue-6 proofs (leak, fuzz, restarts):
 * ten seated clients each driven by a bot that reads only the view its socket received (exactly what
 * a browser gets), plus spectators; timers by runDurableObjectAlarm, so no real waiting. Every frame
 * is recorded by the Client helper.
 *
 * Version capture: a SQLite trigger installed in the table's own database (test-only) records the
 * state of every version the table ever had, so each recorded view can be checked against the state
 * it was built from — independent of the table object's code, and surviving evictions.
 */
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { apply, createGame, type GameState, type Input } from "../../shared/engine/index.ts";
import { heuristicBot, randomBot, type Bot } from "../../shared/bots/index.ts";
import type { JoinResponse } from "../../shared/protocol/http.ts";
import { Client, connectAs, createTable, join, tableStub } from "./helpers.ts";

export interface SeatedClient {
  nickname: string;
  join: JoinResponse;
  client: Client;
  bot: Bot;
}

export interface TableRun {
  code: string;
  stub: ReturnType<typeof tableStub>;
  seated: SeatedClient[];
  spectators: Client[];
  all(): Client[];
  close(): void;
}

/** Seeded choice of bot kind per seat: all heuristic, all random, or mixed. */
function botFor(seed: string, i: number, mix: number): Bot {
  const kind = mix === 0 ? "heuristic" : mix === 1 ? "random" : i % 2 ? "random" : "heuristic";
  return kind === "random" ? randomBot(`${seed}/${i}`) : heuristicBot(`${seed}/${i}`);
}

/** Sport settings cycling through the table's switches by game number. */
export function sportSettings(g: number): Record<string, unknown> {
  return { voting: g % 2 ? "open" : "closed", autoDeal: g % 5 === 0, breakAtZero: g % 3 === 0, liftAtZero: g % 4 === 0 };
}

/** Record (version → state JSON) of every change of the `game` row, in the table's own SQLite. */
export async function installVersionCapture(code: string): Promise<void> {
  await runInDurableObject(tableStub(code), (_i, state) => {
    state.storage.sql.exec("CREATE TABLE IF NOT EXISTS _test_versions (version INTEGER PRIMARY KEY, state TEXT)");
    state.storage.sql.exec(
      `CREATE TRIGGER IF NOT EXISTS _test_capture AFTER UPDATE ON game
       BEGIN INSERT OR REPLACE INTO _test_versions (version, state) VALUES (NEW.version, NEW.state); END`,
    );
  });
}

/** Every version's whole state (JSON): the captured row joined with the events stored up to that version. */
export async function capturedVersions(code: string): Promise<Map<number, string | null>> {
  const rows = await runInDurableObject(tableStub(code), (_i, state) => {
    const sql = state.storage.sql;
    const chunks = sql.exec("SELECT version, events FROM events ORDER BY seq").toArray().map((r) => ({ version: Number(r.version), events: JSON.parse(String(r.events)) as unknown[] }));
    return sql.exec("SELECT version, state FROM _test_versions").toArray().map((r) => {
      const version = Number(r.version);
      if (r.state === null) return [version, null] as const;
      const events = chunks.filter((c) => c.version <= version).flatMap((c) => c.events);
      return [version, JSON.stringify({ ...JSON.parse(String(r.state)), events })] as const;
    });
  });
  return new Map(rows);
}

export async function storedVersion(code: string): Promise<number> {
  return runInDurableObject(tableStub(code), (_i, state) => Number(state.storage.sql.exec("SELECT version FROM game WHERE id = 1").one().version));
}

/** create → (spectators) → 10 joins each followed by its socket. The 10th join starts the game. */
export async function openTable(o: { seed: string; settings?: Record<string, unknown>; spectators?: number; mix?: number; capture?: boolean }): Promise<TableRun> {
  const { code } = await createTable({ presetId: "sport", settings: o.settings ?? {} });
  if (o.capture !== false) await installVersionCapture(code);
  const spectators: Client[] = [];
  for (let i = 0; i < (o.spectators ?? 1); i++) spectators.push(await connectAs(code, undefined, `spectator ${i + 1}`));
  const seated: SeatedClient[] = [];
  for (let i = 0; i < 10; i++) {
    const nickname = `P${i + 1} ${o.seed}`.slice(0, 24);
    const j = await join(code, nickname);
    const client = await connectAs(code, j.token, nickname);
    seated.push({ nickname, join: j, client, bot: botFor(o.seed, i, o.mix ?? 0) });
  }
  const run: TableRun = {
    code,
    stub: tableStub(code),
    seated,
    spectators,
    all: () => [...seated.map((s) => s.client), ...spectators],
    close: () => {
      for (const c of run.all()) c.close();
    },
  };
  await syncAll(run, await storedVersion(code));
  return run;
}

export async function syncAll(run: TableRun, version: number, ms = 5000): Promise<void> {
  await Promise.all(run.all().map((c) => c.viewAtLeast(version, ms)));
}

export interface PlayStats {
  acts: number;
  alarms: number;
  rejections: number;
  /** Refs acknowledged by the server (each must be in the input log exactly once). */
  acked: number;
  steps: number;
}

export interface PlayHooks {
  /** Before a bot's act is sent (step index). */
  beforeAct?: (step: number) => Promise<void>;
  /** When nobody wants to act and the alarm is about to run: the alarm is due. */
  beforeAlarm?: (step: number) => Promise<void>;
  maxSteps?: number;
  /** Stop (without error) once this holds for the first seat's latest game view. */
  until?: (game: import("../../shared/engine/types.ts").GameView) => boolean;
}

let refSeq = 0;

/** Play until the game ends: bots act on their own views; when none acts, the alarm runs. */
export async function playToEnd(run: TableRun, hooks: PlayHooks = {}): Promise<PlayStats> {
  const stats: PlayStats = { acts: 0, alarms: 0, rejections: 0, acked: 0, steps: 0 };
  const n = run.seated.length;
  let turn = 0;
  const max = hooks.maxSteps ?? 3000;
  for (; stats.steps < max; stats.steps++) {
    const first = run.seated[0]!.client.lastView().game;
    if (first?.result) return stats;
    if (first && hooks.until?.(first)) return stats;
    let acted = false;
    turn = (turn + 1) % n;
    for (let k = 0; k < n && !acted; k++) {
      const s = run.seated[(turn + k) % n]!;
      const g = s.client.lastView().game;
      if (!g?.you || g.result || g.you.actions.length === 0) continue;
      const action = s.bot.decide(g);
      if (!action) continue;
      await hooks.beforeAct?.(stats.steps);
      const reply = await s.client.act(`r${++refSeq}`, action);
      if (reply.type === "ack") {
        stats.acts++;
        stats.acked++;
        await syncAll(run, reply.version);
        acted = true;
      } else {
        stats.rejections++;
      }
    }
    if (acted) continue;
    await hooks.beforeAlarm?.(stats.steps);
    const before = await storedVersion(run.code);
    const ran = await runDurableObjectAlarm(run.stub);
    const after = await storedVersion(run.code);
    if (!ran && after === before) throw new Error(`table ${run.code}: stuck at version ${before} (no move, no alarm)`);
    stats.alarms++;
    if (after > before) await syncAll(run, after);
  }
  throw new Error(`table ${run.code}: no result after ${max} steps`);
}

/** The table's rows needed to replay it (docs/ARCHITECTURE.md: config + players + input log replay the game). */
export async function replayRecord(code: string) {
  return runInDurableObject(tableStub(code), (_i, state) => {
    const sql = state.storage.sql;
    const config = sql.exec("SELECT preset_id, settings, seed FROM config WHERE id = 1").one();
    const game = sql.exec("SELECT state, started_at, version, status FROM game WHERE id = 1").one();
    const players = sql.exec("SELECT player_id, nickname, bot FROM players ORDER BY place").toArray();
    const log = sql.exec("SELECT seq, at, input FROM input_log ORDER BY seq").toArray();
    // The stored state is the game row without events plus the `events` table (worker/table/storage.ts).
    const events = sql.exec("SELECT events FROM events ORDER BY seq").toArray().flatMap((r) => JSON.parse(String(r.events)) as unknown[]);
    return {
      presetId: String(config.preset_id),
      settings: JSON.parse(String(config.settings)) as Record<string, unknown>,
      seed: String(config.seed),
      startedAt: Number(game.started_at),
      state: JSON.stringify({ ...JSON.parse(String(game.state)), events }),
      status: String(game.status),
      players: players.map((p) => ({ id: String(p.player_id), nickname: String(p.nickname), bot: p.bot === 1 })),
      log: log.map((r) => ({ seq: Number(r.seq), at: Number(r.at), input: JSON.parse(String(r.input)) as Input })),
    };
  });
}

/**
 * Replay a finished table from its seed and input log: every logged input must be accepted in order
 * and the result must equal the stored state. Returns the number of timeouts in the log.
 */
export function replay(rec: Awaited<ReturnType<typeof replayRecord>>): { state: GameState; timeouts: number; acts: number; refused: string[] } {
  // Seats are drawn by the engine from the seed; bot flags at the start were all false (humans).
  let state = createGame(rec.presetId, rec.settings, rec.players.map((p) => ({ ...p, bot: false })), rec.seed, rec.startedAt);
  let timeouts = 0;
  let acts = 0;
  const refused: string[] = [];
  for (const { seq, at, input } of rec.log) {
    const r = apply(state, input, at);
    if (!r.ok) {
      refused.push(`#${seq} ${JSON.stringify(input)}: ${r.rejection.code}`);
      continue;
    }
    state = r.state;
    if (input.kind === "timeout") timeouts++;
    if (input.kind === "act") acts++;
  }
  return { state, timeouts, acts, refused };
}

declare module "vitest" {
  export interface ProvidedContext {
    /** Games in test/worker/leak.test.ts (2; FULL=1: 50). */
    leakSocketGames: number;
    /** Games in test/worker/restart.test.ts (2; FULL=1: 30). */
    restartGames: number;
    /** Games measured by test/worker/measure.test.ts for bench/cost.ts (0: skipped). */
    measureGames: number;
  }
}
