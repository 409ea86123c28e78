/**
 * Whole games over real sockets inside workerd, for the issue-6 proofs (leak, fuzz, restarts):
 * ten (sport) or 10–12 (city) seated clients each driven by a bot that reads only the view its socket
 * received (exactly what a browser gets), plus spectators; timers by runDurableObjectAlarm, so no real
 * waiting. Every frame is recorded by the Client helper.
 *
 * Version capture: a SQLite trigger installed in the table's own database (test-only) records the
 * state of every version the table ever had, so each recorded view can be checked against the state
 * it was built from — independent of the table object's code, and surviving evictions.
 */
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { apply, createGame, type GameState, type Input } from "../../shared/engine/index.ts";
import { heuristicBot, randomBot, type Bot } from "../../shared/bots/index.ts";
import type { CreateTableResponse, JoinResponse } from "../../shared/protocol/http.ts";
import { RATE_LIMIT } from "../../shared/protocol/messages.ts";
import { nick, post, signUp } from "./accounts-helpers.ts";
import { control } from "./fixture.ts";
import { Client, connectAs, createTable, deviceFor, from, join, tableStub } from "./helpers.ts";

export interface SeatedClient {
  nickname: string;
  join: JoinResponse;
  client: Client;
  bot: Bot;
}

/** The presets these proofs play (issue 6: every preset that exists). */
export const PRESETS = ["sport", "city"] as const;
/** The phone-app profiles (issue 16, RULES.md §5.5): tables of a chosen size (`seats` at creation). */
export const PROFILES = ["classic", "extended", "fast", "dark-city", "custom"] as const;
/** Issues 17–18: the club formats (RULES.md §7 tatar: 12 seats, starts by itself when full, as sport; §4 host-classic: 8–16, §6 club: 12–15, the organizer's start). */
export const CLUBS = ["tatar", "host-classic", "club"] as const;
export type PresetId = (typeof PRESETS)[number] | (typeof PROFILES)[number] | (typeof CLUBS)[number];
/** Presets whose table starts by itself when every seat is taken (sport §2, tatar §7): guests create and fill it. */
const startsWhenFull = (id: PresetId): boolean => id === "sport" || id === "tatar";
/** The fixed table sizes (sport 10, tatar 12). */
const FIXED_SEATS: Partial<Record<PresetId, number>> = { sport: 10, tatar: 12 };
const isProfile = (id: PresetId): boolean => (PROFILES as readonly string[]).includes(id);

export interface TableRun {
  code: string;
  stub: ReturnType<typeof tableStub>;
  /** Seated in join order; the first holds the organizer rights on a city table (it started the game). */
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

/**
 * City settings (RULES.md §3) cycling by game number: sport's switches and the agreement signal, the
 * speech length (30/45/60 s), the Mafia count (default or 1–3), the Maniac's side, the per-role night
 * timers (defaults, the lowest, or others within the bounds).
 */
export function citySettings(g: number): Record<string, unknown> {
  const timers = [
    {},
    { mafiaSeconds: 10, putanaSeconds: 5, doctorSeconds: 5, commissarSeconds: 5, maniacSeconds: 5, donSeconds: 5 },
    { mafiaSeconds: 45, putanaSeconds: 30, doctorSeconds: 15, commissarSeconds: 12, maniacSeconds: 8, donSeconds: 20 },
  ][Math.floor(g / 2) % 3]!;
  // §3: 3 Mafia only at 12 seats (at most 2 at 10–11: no game starts at parity); citySeats(g) gives the seats.
  const mafia = [undefined, 1, 2, citySeats(g) === 12 ? 3 : 2][g % 4];
  return {
    voting: g % 2 ? "closed" : "open",
    autoDeal: g % 5 === 1,
    breakAtZero: g % 3 === 0,
    liftAtZero: g % 4 === 2,
    agreement: g % 7 === 3 ? "silent" : "sound",
    speech: [30, 45, 60][g % 3],
    ...(mafia === undefined ? {} : { mafia }),
    maniac: Math.floor(g / 3) % 2 ? "red" : "solo",
    ...timers,
  };
}

/** City seats by game number: 10, 11 and 12 (§3 "10–12 seats"). */
export const citySeats = (g: number): number => [10, 12, 11][g % 3]!;

/** Record (version → state JSON) of every change of the `game` row, in the table's own SQLite. */
export async function installVersionCapture(code: string): Promise<void> {
  await runInDurableObject(tableStub(code), (_i, state) => {
    // The game of the series whose state the row holds (issue 13): in a rematch lobby still the last one.
    state.storage.sql.exec("CREATE TABLE IF NOT EXISTS _test_versions (version INTEGER PRIMARY KEY, state TEXT, game INTEGER)");
    state.storage.sql.exec(
      `CREATE TRIGGER IF NOT EXISTS _test_capture AFTER UPDATE ON game
       BEGIN INSERT OR REPLACE INTO _test_versions (version, state, game)
         VALUES (NEW.version, NEW.state, CASE WHEN NEW.status = 'lobby' AND NEW.game_no > 1 THEN NEW.game_no - 1 ELSE NEW.game_no END); END`,
    );
  });
}

/** One captured version's whole engine state, parsed once and frozen: every check of every frame shares it. */
export type CapturedState = Readonly<Record<string, unknown>>;

/**
 * Every version's whole state: the captured row joined with the events stored up to that version. Parsed
 * here once per version (the oracles check thousands of frames against a few hundred versions) and
 * deep-frozen, so a check that wrote into the state it was given would throw rather than corrupt the
 * next frame's check.
 */
export async function capturedVersions(code: string): Promise<Map<number, CapturedState | null>> {
  const { chunks, rows } = await runInDurableObject(tableStub(code), (_i, state) => {
    const sql = state.storage.sql;
    // Event chunks: the start's in `events`, each input's in its own input_log row (worker/table/storage.ts).
    // Earlier games of a series have theirs in the archive, under their game number.
    const g = sql.exec("SELECT status, game_no FROM game WHERE id = 1").one();
    const current = g.status === "lobby" && Number(g.game_no) > 1 ? Number(g.game_no) - 1 : Number(g.game_no);
    return {
      chunks: sql
        .exec(
          `SELECT ? AS game, version, first, events FROM events UNION ALL SELECT ? AS game, version, events_first, events FROM input_log WHERE events IS NOT NULL
         UNION ALL SELECT game, version, first, events FROM events_archive UNION ALL SELECT game, version, events_first, events FROM input_log_archive WHERE events IS NOT NULL ORDER BY game, first`,
          current, current,
        )
        .toArray()
        .map((r) => ({ game: Number(r.game), version: Number(r.version), events: String(r.events) })),
      rows: sql
        .exec("SELECT version, state, game FROM _test_versions")
        .toArray()
        .map((r) => ({ version: Number(r.version), state: r.state === null ? null : String(r.state), game: Number(r.game ?? 1) })),
    };
  });
  const parsed = chunks.map((c) => ({ game: c.game, version: c.version, events: JSON.parse(c.events) as unknown[] }));
  return new Map(
    rows.map((r) => {
      if (r.state === null) return [r.version, null] as const;
      const events = parsed.filter((c) => c.game === r.game && c.version <= r.version).flatMap((c) => c.events);
      return [r.version, deepFreeze({ ...(JSON.parse(r.state) as Record<string, unknown>), events })] as const;
    }),
  );
}

function deepFreeze<T>(x: T): T {
  if (x === null || typeof x !== "object" || Object.isFrozen(x)) return x;
  Object.freeze(x);
  for (const v of Object.values(x)) deepFreeze(v);
  return x;
}

/** Marks the harness's own statements in a table's SQLite: test/worker/measure.test.ts does not count them as the table's. */
export const HARNESS = "/* harness */ ";

/** One statement the table ran, with the rows its cursor read and wrote (what Cloudflare bills). */
export interface TracedStatement {
  query: string;
  read: number;
  written: number;
}
type Cursors = Array<{ query: string; cursor: { rowsRead: number; rowsWritten: number } }>;

/**
 * Issue 36: from now on, keep every statement the table's SQLite runs (ctx.storage.sql.exec replaced
 * on the instance; whitespace folded), except the harness's own (HARNESS-marked).
 */
export async function traceStatements(stub: ReturnType<typeof tableStub>): Promise<void> {
  await runInDurableObject(stub, (_i, state) => {
    const sql = state.storage.sql as SqlStorage & { __cursors?: Cursors };
    const exec = sql.exec.bind(sql);
    sql.__cursors = [];
    sql.exec = ((query: string, ...bindings: unknown[]) => {
      const cursor = exec(query, ...bindings);
      if (!query.startsWith(HARNESS)) sql.__cursors!.push({ query: query.replace(/\s+/g, " ").trim(), cursor });
      return cursor;
    }) as typeof sql.exec;
  });
}

/** The statements run since traceStatements, with their rows read and written. */
export async function tracedStatements(stub: ReturnType<typeof tableStub>): Promise<TracedStatement[]> {
  return runInDurableObject(stub, (_i, state) => {
    const cs = (state.storage.sql as SqlStorage & { __cursors?: Cursors }).__cursors ?? [];
    return cs.map(({ query, cursor }) => ({ query, read: cursor.rowsRead, written: cursor.rowsWritten }));
  });
}

/** The stored version and how many timeouts the input log holds. */
async function tableClock(code: string): Promise<{ version: number; timeouts: number }> {
  return runInDurableObject(tableStub(code), (_i, state) => {
    const row = state.storage.sql
      .exec(`${HARNESS}SELECT version, (SELECT COUNT(*) FROM input_log WHERE json_extract(input, '$.kind') = 'timeout') AS timeouts FROM game WHERE id = 1`)
      .one();
    return { version: Number(row.version), timeouts: Number(row.timeouts) };
  });
}

export async function storedVersion(code: string): Promise<number> {
  return runInDurableObject(tableStub(code), (_i, state) => Number(state.storage.sql.exec(`${HARNESS}SELECT version FROM game WHERE id = 1`).one().version));
}

/** A table opened by openTable. */
export interface OpenedTable extends TableRun {
  presetId: PresetId;
  /** Credentials that must never appear in any frame: the organizer token and the session cookies' values. */
  credentials: string[];
}

export interface OpenOptions {
  seed: string;
  /** Default sport. */
  preset?: PresetId;
  settings?: Record<string, unknown>;
  /** City (10–12, default 10) and the profiles (their range; sent as the table's size); sport always seats 10. */
  seats?: number;
  spectators?: number;
  mix?: number;
  capture?: boolean;
  /** City: after everybody sat, before the organizer's start command (e.g. an eviction). */
  beforeStart?: (run: OpenedTable) => Promise<void>;
  /** Before the last seat joins (in the lobby; at a table that starts when full, before the deal): e.g. bind a consigliere (§7.10). */
  beforeLastSeat?: (code: string, seated: readonly SeatedClient[]) => Promise<void>;
}

/**
 * Sport: create → (spectators) → 10 joins each followed by its socket; the 10th join starts the game.
 * City (as the product does it, RULES.md §3, §5.1): a signed-in creator creates the table and sits at
 * place 1 with the organizer token (holding the organizer rights); place 2 joins signed in with its own
 * account, the others as guests; once all sat, the organizer's socket sends the `start` command.
 */
export async function openTable(o: OpenOptions): Promise<OpenedTable> {
  const presetId = o.preset ?? "sport";
  const credentials: string[] = [];
  const cookies: string[] = [];
  let code: string;
  if (startsWhenFull(presetId)) {
    const created = await createTable({ presetId, settings: o.settings ?? {} });
    code = created.code;
    credentials.push(created.organizerToken);
  } else {
    for (const base of ["Org", "Acc"]) {
      const cookie = await signUp(nick(base));
      cookies.push(cookie);
      credentials.push(cookie.slice("session=".length));
    }
    const size = isProfile(presetId) ? { seats: o.seats ?? 10 } : {};
    const res = await post("/api/tables", { presetId, settings: o.settings ?? {}, ...size }, cookies[0]);
    if (res.status !== 201) throw new Error(`create ${presetId}: ${res.status} ${await res.text()}`);
    const created = (await res.json()) as CreateTableResponse;
    code = created.code;
    credentials.push(created.organizerToken);
  }
  if (o.capture !== false) await installVersionCapture(code);
  const spectators: Client[] = [];
  for (let i = 0; i < (o.spectators ?? 1); i++) spectators.push(await connectAs(code, undefined, `spectator ${i + 1}`));
  const seats = FIXED_SEATS[presetId] ?? o.seats ?? 10;
  const seated: SeatedClient[] = [];
  for (let i = 0; i < seats; i++) {
    if (i === seats - 1) await o.beforeLastSeat?.(code, seated);
    const nickname = `P${i + 1} ${o.seed}`.slice(0, 24);
    let j: JoinResponse;
    if (!startsWhenFull(presetId) && i < cookies.length) {
      const person = { nickname, deviceId: deviceFor(nickname) };
      const body = i === 0 ? { ...person, organizerToken: credentials[credentials.length - 1] } : person;
      const res = await post(`/api/tables/${code}/join`, body, cookies[i], from(nickname));
      if (res.status !== 200) throw new Error(`join ${nickname}: ${res.status} ${await res.text()}`);
      j = (await res.json()) as JoinResponse;
    } else {
      j = await join(code, nickname);
    }
    const client = await connectAs(code, j.token, nickname);
    seated.push({ nickname, join: j, client, bot: botFor(o.seed, i, o.mix ?? 0) });
  }
  const run: OpenedTable = {
    code,
    presetId,
    stub: tableStub(code),
    seated,
    credentials,
    spectators,
    all: () => [...seated.map((s) => s.client), ...spectators],
    close: () => {
      for (const c of run.all()) c.close();
    },
  };
  if (!startsWhenFull(presetId)) {
    // Seated, but no game until the organizer says so (start: "organizer-command").
    await syncAll(run, await storedVersion(code));
    for (const c of run.all()) if (c.lastView().game !== null) throw new Error(`${c.name}: a game before the organizer's start`);
    await o.beforeStart?.(run);
    const started = await control(seated[0]!.client, "start", { type: "start" });
    if (started.type !== "ack") throw new Error(`start: ${JSON.stringify(started)}`);
  }
  await syncAll(run, await storedVersion(code));
  return run;
}

/**
 * Ten seats (sport; city: the organizer's start is the caller's) whose first `accounts.length` players join
 * signed in — under their account's name, or `nickname` when given — and the rest as guests (city: the
 * first creates the table and organizes). Rating (issue 7) and publication (issue 19) tests.
 */
export async function openWithAccounts(accounts: Array<{ name: string; cookie: string; nickname?: string }>, seed: string, presetId = "sport", options: Record<string, unknown> = {}): Promise<TableRun> {
  let code: string;
  let organizerToken: string | undefined;
  if (presetId === "sport") code = (await createTable({ presetId, ...options })).code;
  else {
    const res = await post("/api/tables", { presetId }, accounts[0]!.cookie);
    if (res.status !== 201) throw new Error(`create ${presetId}: ${res.status} ${await res.text()}`);
    ({ code, organizerToken } = (await res.json()) as { code: string; organizerToken: string });
  }
  const seated: SeatedClient[] = [];
  for (let i = 0; i < 10; i++) {
    const account = accounts[i];
    const nickname = account ? (account.nickname ?? account.name) : `Guest ${i + 1}`;
    let j: JoinResponse;
    if (account) {
      const res = await post(`/api/tables/${code}/join`, { nickname, deviceId: deviceFor(nickname), ...(i === 0 && organizerToken ? { organizerToken } : {}) }, account.cookie, from(nickname));
      if (res.status !== 200) throw new Error(`join ${nickname}: ${res.status} ${await res.text()}`);
      j = (await res.json()) as JoinResponse;
    } else {
      j = await join(code, nickname);
    }
    seated.push({ nickname, join: j, client: await connectAs(code, j.token, nickname), bot: heuristicBot(`${seed}/${i}`) });
  }
  const run: TableRun = {
    code,
    stub: tableStub(code),
    seated,
    spectators: [],
    all: () => seated.map((s) => s.client),
    close: () => seated.forEach((s) => s.client.close()),
  };
  await syncAll(run, await storedVersion(code));
  return run;
}

export async function syncAll(run: TableRun, version: number, ms = 15_000): Promise<void> {
  await Promise.all(run.all().map((c) => c.viewAtLeast(version, ms)));
}

export interface PlayStats {
  acts: number;
  alarms: number;
  rejections: number;
  /** Each refusal: `code action` (what the bots sent that the server refused). */
  refused: string[];
  /** Refs acknowledged by the server (each must be in the input log exactly once). */
  acked: number;
  /** The most timeouts one alarm delivery added to the input log (a due alarm ends one phase: ≤ 1). */
  maxTimeoutsPerAlarm: number;
  /** Acts answered `rate-limited` and sent again later (the pacing below should keep this at 0). */
  throttled: number;
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
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Pacing as a well-behaved client: a local, conservative copy of the server's per-connection token
 * bucket (RATE_LIMIT: the hello took one token; refilled a little slower than the server does), so a
 * bot that acts often never meets `rate-limited` however fast the machine runs the table.
 */
const buckets = new WeakMap<Client, { tokens: number; at: number }>();
function hasToken(c: Client): boolean {
  const b = buckets.get(c);
  return !b || Math.min(RATE_LIMIT.burst - 1, b.tokens + ((Date.now() - b.at) * RATE_LIMIT.perSecond * 0.9) / 1000) >= 1;
}

async function paced(c: Client): Promise<void> {
  const rate = RATE_LIMIT.perSecond * 0.9;
  const now = Date.now();
  const b = buckets.get(c) ?? { tokens: RATE_LIMIT.burst - 2, at: now };
  const tokens = Math.min(RATE_LIMIT.burst - 1, b.tokens + ((now - b.at) * rate) / 1000);
  if (tokens >= 1) return void buckets.set(c, { tokens: tokens - 1, at: now });
  await sleep(Math.ceil(((1 - tokens) * 1000) / rate));
  buckets.set(c, { tokens: 0, at: Date.now() });
}

async function act(c: Client, action: unknown, stats: PlayStats) {
  await paced(c);
  let reply = await c.act(`r${++refSeq}`, action);
  // A client whose bucket was spent before this harness took it (e.g. by the fuzzer) waits and retries.
  for (let tries = 0; reply.type === "error" && reply.code === "rate-limited" && tries < 5; tries++) {
    stats.throttled++;
    await sleep(1000 / RATE_LIMIT.perSecond + 50);
    reply = await c.act(`r${++refSeq}`, action);
  }
  return reply;
}

/** Play until the game ends: bots act on their own views; when none acts, the alarm runs. */
export async function playToEnd(run: TableRun, hooks: PlayHooks = {}): Promise<PlayStats> {
  const stats: PlayStats = { acts: 0, alarms: 0, rejections: 0, refused: [], acked: 0, throttled: 0, maxTimeoutsPerAlarm: 0, steps: 0 };
  const n = run.seated.length;
  let turn = 0;
  const max = hooks.maxSteps ?? 3000;
  for (; stats.steps < max; stats.steps++) {
    const first = run.seated[0]!.client.lastView().game;
    if (first?.result) return stats;
    if (first && hooks.until?.(first)) return stats;
    let acted = false;
    turn = (turn + 1) % n;
    const tryAct = async (s: SeatedClient, deferred: SeatedClient[] | null): Promise<boolean> => {
      const g = s.client.lastView().game;
      if (!g?.you || g.result || g.you.actions.length === 0) return false;
      if (deferred && !hasToken(s.client)) return void deferred.push(s), false;
      const action = s.bot.decide(g);
      if (!action) return false;
      await hooks.beforeAct?.(stats.steps);
      const reply = await act(s.client, action, stats);
      if (reply.type === "ack") {
        stats.acts++;
        stats.acked++;
        await syncAll(run, reply.version);
        return true;
      }
      stats.rejections++;
      stats.refused.push(`${reply.type === "error" ? reply.code : reply.type} ${JSON.stringify(action)}`);
      return false;
    };
    // A seat whose bucket is empty is asked last (and then waits for its token), so the pacing rarely
    // costs real time; the alarm runs only when no seat at all wants to act.
    const deferred: SeatedClient[] = [];
    for (let k = 0; k < n && !acted; k++) acted = await tryAct(run.seated[(turn + k) % n]!, deferred);
    for (let k = 0; k < deferred.length && !acted; k++) acted = await tryAct(deferred[k]!, null);
    if (acted) continue;
    await hooks.beforeAlarm?.(stats.steps);
    const { version: before, timeouts: t0 } = await tableClock(run.code);
    const ran = await runDurableObjectAlarm(run.stub);
    const { version: after, timeouts: t1 } = await tableClock(run.code);
    if (!ran && after === before) throw new Error(`table ${run.code}: stuck at version ${before} (no move, no alarm)`);
    stats.alarms++;
    stats.maxTimeoutsPerAlarm = Math.max(stats.maxTimeoutsPerAlarm, t1 - t0);
    if (after > before) await syncAll(run, after);
  }
  throw new Error(`table ${run.code}: no result after ${max} steps`);
}

/** The table's rows needed to replay it (docs/ARCHITECTURE.md: config + players + input log replay the game). */
export async function replayRecord(code: string) {
  return runInDurableObject(tableStub(code), (_i, state) => {
    const sql = state.storage.sql;
    const config = sql.exec("SELECT preset_id, settings, seed, long_windows FROM config WHERE id = 1").one();
    const game = sql.exec("SELECT state, started_at, version, status FROM game WHERE id = 1").one();
    const players = sql.exec("SELECT player_id, nickname, bot FROM players ORDER BY place").toArray();
    const log = sql.exec("SELECT seq, at, input FROM input_log ORDER BY seq").toArray();
    // The stored state is the game row without events plus the `events` table (worker/table/storage.ts).
    const events = sql.exec("SELECT version, first, events FROM events UNION ALL SELECT version, events_first, events FROM input_log WHERE events IS NOT NULL ORDER BY first").toArray().flatMap((r) => JSON.parse(String(r.events)) as unknown[]);
    return {
      presetId: String(config.preset_id),
      settings: JSON.parse(String(config.settings)) as Record<string, unknown>,
      seed: String(config.seed),
      // Issue 31.2: the table's "longer windows" are part of what replays the game (createGame's `longWindows`).
      options: config.long_windows === 1 ? { longWindows: true } : {},
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
  let state = createGame(rec.presetId, rec.settings, rec.players.map((p) => ({ ...p, bot: false })), rec.seed, rec.startedAt, rec.options);
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
    /** TEST_DEEP=1 (`npm run test:deep`) or FULL=1: the larger sweeps (test/worker/fuzz.test.ts's random frames). */
    deep: boolean;
    /** Games per preset in test/worker/leak.test.ts (2; TEST_DEEP=1: 10; FULL=1: 50). */
    leakSocketGames: number;
    /** Games per preset in test/worker/restart.test.ts (2; TEST_DEEP=1: 10; FULL=1: 30). */
    restartGames: number;
    /** Rounds of test/worker/entitlement.test.ts's games (1; TEST_DEEP=1: 3; FULL=1: 5). */
    entitlementRounds: number;
    /** Games measured by test/worker/measure.test.ts for bench/cost.ts (0: skipped). */
    measureGames: number;
    /** Games timed event by event by test/worker/human-pace.test.ts for bench/human-pace.ts (0: skipped). */
    humanPaceGames: number;
  }
}
