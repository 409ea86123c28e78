/**
 * One table = one Durable Object (ENGINEERING.md "The shape"): a thin adapter between sockets and the
 * pure rules engine. It authenticates connections, validates every frame, hands inputs to the engine,
 * persists the state and its input log in SQLite, keeps exactly one alarm at the earliest of the
 * things it waits for (the engine's next deadline, the bots' next move, an away player's bot
 * takeover, the next delayed spectator view), and sends every connection its own view.
 *
 * Nothing that matters lives only in memory: config, players (with presence), token digests, the
 * organizer's rights and options, state, version, the pause record and every pending clock are in
 * SQLite; a socket's identity, recent refs and rate-limit bucket are in its hibernation attachment.
 * The in-memory caches below are rebuilt lazily after an eviction.
 */
import { DurableObject } from "cloudflare:workers";
import * as v from "valibot";
import { SEATS_PER_ADDRESS, type HttpErrorCode, type JoinResponse, type ReturnResponse, type TableListing, type TableStatus, type TableSummary } from "../../shared/protocol/http.ts";
import {
  CLOSE_CODES,
  ClientMessageSchema,
  HELLO_TIMEOUT_MS,
  MAX_CLIENT_MESSAGE_BYTES,
  SOCKETS_PER_CREDENTIAL,
  type ControlRequest,
  type ErrorCode,
  type Identity,
  type ServerMessage,
  type TableAction,
  type TableView,
} from "../../shared/protocol/messages.ts";
import { DIRECTORY_NAME, type Env } from "../env.ts";
import { addressOf } from "../security/address.ts";
import { digest, findByDigest, keyedDigest, sameDigest } from "../security/hash.ts";
import { randomPlayerId, randomReturnCode, randomSeed, randomToken } from "../security/random.ts";
import { botMove, botThinkMs, anyBotWantsToMove } from "./bots.ts";
import { countOpen, countRefusal, readAttachment, newAttachment, rememberRef, takeToken, type Attachment, type ConnectionIdentity, type OpenWindow } from "./connection.ts";
import {
  apply, createGame, eventCount, eventsFrom, getPreset, isOver, nextDeadline, seatOf, seatedPlayers, seatRange, startRefusal, viewFor, withEvents, withoutEvents,
  type GameEvent, type GameState, type Input, type Viewer,
} from "./engine.ts";
import { addressFull, checkJoin, checkStart, deviceTaken, fillTarget, nextBotNickname, rematchKeepsSeats, startsByItself } from "./lobby.ts";
import { buildReport, GameReporter } from "./report.ts";
import { AlarmFailures, ALARM_MAX_FAILURES } from "./alarm-failures.ts";
import { earliest, nextTakeover, presenceBroadcastAt, type Due, type DueKind } from "./schedule.ts";
import { TableStore, type ConfigRow, type ControlRow, type GameRow, type PauseRecord, type PlayerRow } from "./storage.ts";
import { buildTableView, currentPlayers, organizerPlayerId, type TableFacts } from "./view.ts";

/**
 * Wrong return codes allowed per table (the *target* of the guessing) per window, then 429 for every
 * return at this table until the window ends — the right code included, or the limit would tell. Guessing
 * is counted first per client address (worker/security/guess-guard.ts: 20 failed lookups per 10 min),
 * so one address can never reach this; it stops only a guesser spread over more than ten addresses,
 * and a single attacker can no longer lock a player out of coming back (issue 12, finding 3). A return
 * code has ≈ 49.5 bits: 200 guesses per 10 minutes at a table of 10 seats hit with p ≈ 2.5·10⁻¹².
 */
export const RETURN_ATTEMPTS = { max: 200, windowMs: 10 * 60_000 } as const;

/** The end-to-end test clock (TableObject.advanceClock): only with the worker variable E2E_CLOCK=1. */
export const testClockEnabled = (env: { E2E_CLOCK?: string }): boolean => env.E2E_CLOCK === "1";

const TEST_CLOCK_SCHEMA = "CREATE TABLE IF NOT EXISTS test_clock (id INTEGER PRIMARY KEY CHECK (id = 1), skew INTEGER NOT NULL)";

function readSkew(sql: SqlStorage): number {
  sql.exec(TEST_CLOCK_SCHEMA);
  const row = sql.exec("SELECT skew FROM test_clock WHERE id = 1").toArray()[0];
  return row ? Number(row.skew) : 0;
}

function writeSkew(sql: SqlStorage, skew: number): void {
  sql.exec(TEST_CLOCK_SCHEMA);
  sql.exec("INSERT INTO test_clock (id, skew) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET skew = excluded.skew", skew);
}

/**
 * Socket opens (upgrades) one client address may make at a table per fixed window: `perSeat` for each
 * seat the address may hold (seatsPerAddress; 20 with the default 2), then 429 until the window ends.
 */
export const SOCKET_OPENS = { perSeat: 10, windowMs: 10_000 } as const;

export interface InitRequest {
  code: string;
  presetId: string;
  /** Already validated against the preset's settings schema by the worker. */
  settings: Record<string, unknown>;
  public: boolean;
  /** Table options (POST /api/tables); defaults: server host, no delay, one seat per device, no away limit. */
  host?: "server" | "live";
  spectatorDelaySeconds?: number;
  allowSameDevice?: boolean;
  /** Seats one client address may hold (default SEATS_PER_ADDRESS). */
  seatsPerAddress?: number;
  botAfterMinutesAway?: number | null;
  /** The signed-in account creating the table (docs/ACCOUNTS.md); absent/null for a guest. */
  creatorUserId?: string | null;
}

export type InitResult = { ok: true; organizerToken: string } | { ok: false; reason: "in-use" | "unknown-preset" };

export type Refusal = { ok: false; error: { code: HttpErrorCode; message: string }; retryAfterSeconds?: number };
export type JoinResult = { ok: true; body: JoinResponse } | Refusal;
export type ReturnResult = { ok: true; body: ReturnResponse } | Refusal;

export interface JoinOptions {
  /** This browser's device id (required by the protocol): one device, one seat unless allowed. */
  deviceId: string;
  /** The client's address bucket (security/address.ts addressOf): seats per address. */
  address: string;
  organizerToken?: string;
  /** The signed-in account sitting down (session cookie, read by the worker): the seat is linked to it. */
  userId?: string;
}

const TOKEN_DOMAIN = "token";
const ORGANIZER_DOMAIN = "organizer";
const returnDomain = (code: string) => `return:${code}`;
const deviceDomain = (code: string) => `device:${code}`;
/** Addresses are few (2^32 IPv4): their digests are keyed with the table's server-only seed. */
const addressDomain = (code: string) => `address:${code}`;
const NO_DIGEST = new Uint8Array(0);

const encoder = new TextEncoder();
function utf8Length(s: string): number {
  if (s.length > MAX_CLIENT_MESSAGE_BYTES) return s.length; // at least one byte per UTF-16 unit
  if (s.length * 3 <= MAX_CLIENT_MESSAGE_BYTES) return s.length; // cannot exceed the cap
  return encoder.encode(s).byteLength;
}

/** The `ref` of a frame, if it has a usable one (for error replies to frames we otherwise refuse). */
function refOf(raw: unknown): string | null {
  if (raw && typeof raw === "object" && !Array.isArray(raw)) {
    const r = (raw as Record<string, unknown>).ref;
    if (typeof r === "string" && r.length > 0 && r.length <= 64) return r;
  }
  return null;
}

function refOfText(text: string): string | null {
  if (text.length > MAX_CLIENT_MESSAGE_BYTES) return null;
  try {
    return refOf(JSON.parse(text));
  } catch {
    return null;
  }
}

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8" } });

/** A refusal of a socket command: answered to the sender only, nothing changed. */
type Refused = { code: ErrorCode; message: string };

/** What handling one frame came to: REFUSED when the sender got an error answer (counted, REFUSAL_LIMIT). */
const REFUSED = "refused";
type FrameOutcome = void | typeof REFUSED;

/** What a decoder puts in place of invalid UTF-8 (U+FFFD). */
const REPLACEMENT_CHARACTER = "\ufffd";

/** Whether a binary frame is valid UTF-8 (invalid data closes the socket with 1007). */
const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
function isUtf8(data: ArrayBuffer): boolean {
  try {
    strictUtf8.decode(data);
    return true;
  } catch {
    return false;
  }
}

export class TableObject extends DurableObject<Env> {
  private readonly store: TableStore;
  /** Reports the finished game to D1 (records, rating) — worker/table/report.ts. */
  private readonly reporter: GameReporter;
  /** Failure counts of the alarm's items, for retry and give-up (worker/table/alarm-failures.ts). */
  private readonly alarmFailures: AlarmFailures;
  /**
   * Tests only (issue 11): the next n runs of an alarm item kind throw before handling it. Honoured
   * only when the vitest config sets TEST_ALARM_FAULTS; set through `runInDurableObject` — no frame,
   * request or RPC method reaches it.
   */
  readonly testAlarmFaults = new Map<DueKind, number>();
  /** Config never changes after init. */
  private configCache: ConfigRow | null = null;
  /** The parsed state as last written by this instance (only this object writes its storage). */
  private stateCache: GameState | null = null;
  /** How many of the cached state's events are already in the `events` table. */
  private storedEvents = 0;
  /** How many log entries each socket's last frame held (log deltas, docs/PROTOCOL.md). Memory only:
   *  after an eviction every socket simply gets a full log again. */
  private sentLog = new WeakMap<WebSocket, number>();
  /** Each socket's attachment as last read or written by this instance (memory; see attachmentOf). */
  private attachments = new WeakMap<WebSocket, Attachment>();
  /** What changed since the last broadcast (memory only): quiet changes name the viewers they concern. */
  private changeSet: { version: number; public: boolean; keys: Set<string> } | null = null;

  /** The viewers concerned when everything since the last broadcast was quiet; null: everyone. */
  private quietKeys(version: number): Set<string> | null {
    const cs = this.changeSet;
    return cs && !cs.public && cs.version === version ? cs.keys : null;
  }
  /** The runtime alarm as this instance last set it (null: none); undefined: not known (fresh
   *  instance, or an alarm has fired since), so the next sync sets it whatever it is. */
  private armedAt: number | null | undefined = undefined;
  /** The status last pushed to the directory by this instance. */
  private listedStatus: TableStatus | null = null;
  /**
   * The table's clock: real time plus `skew`, which only the end-to-end test clock moves (always 0
   * unless the worker runs with E2E_CLOCK=1; see advanceClock). Every time the table reads or stores
   * is on this clock; the runtime alarm is set in real time (table time − skew).
   */
  private skew = 0;
  /** Address bucket → its keyed digest (memory, bounded): a joining client's HMAC is made once. */
  private addressDigests = new Map<string, Uint8Array>();
  /** Address bucket → socket opens in its current window (memory; SOCKET_OPENS). */
  private socketOpens = new Map<string, OpenWindow>();
  /** When this instance last sent everyone a presence change (memory: a fresh instance sends the next
   *  one at once; an object is only evicted after a quiet spell longer than the window anyway). */
  private presenceSentAt: number | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new TableStore(ctx.storage.sql);
    this.reporter = new GameReporter(ctx.storage.sql);
    this.alarmFailures = new AlarmFailures(ctx.storage.sql);
    // Keep-alives are answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    if (testClockEnabled(env)) this.skew = readSkew(ctx.storage.sql);
  }

  /** The table's clock (real time unless the test clock has moved it). */
  private now(): number {
    return Date.now() + this.skew;
  }

  /**
   * The end-to-end test clock (issue 11: browser games independent of wall-clock phase lengths). Only
   * when the worker runs with E2E_CLOCK=1 — a variable that only the browser suite's `wrangler dev`
   * sets (test/browser/harness.ts); `npm start` and wrangler.toml never do — otherwise refused.
   *
   * If the table is still in phase `phaseSeq` and that phase has a deadline, the table's clock jumps
   * forward through everything that was due before it, in order, exactly as the alarm would have
   * handled it (bots' moves, spectator views, …) and then the deadline itself. Nothing is skipped and
   * no rule changes: the game only lives through the waiting faster. Clients follow the jump through
   * `serverNow` in every frame (web/src/lib/clock.ts), so their timers stay right.
   */
  async advanceClock(phaseSeq: number): Promise<{ ok: boolean; phaseSeq: number | null; reason?: string }> {
    if (!testClockEnabled(this.env)) return { ok: false, phaseSeq: null, reason: "test clock disabled" };
    const first = this.state();
    if (!first) return { ok: false, phaseSeq: null, reason: "no game" };
    const target = nextDeadline(first);
    if (first.phaseSeq !== phaseSeq || target === null) return { ok: false, phaseSeq: first.phaseSeq, reason: target === null ? "no deadline" : "stale phase" };
    // Bounded: each step handles one due item (a phase has a handful: bots' moves, spectator views).
    for (let step = 0; step < 1000; step++) {
      const state = this.state();
      if (!state || state.phaseSeq !== phaseSeq) break;
      const due = earliest(this.dues());
      if (!due || due.at > target) break;
      if (due.at > this.now()) await this.setSkew(due.at - Date.now());
      await this.alarm();
    }
    return { ok: true, phaseSeq: this.state()?.phaseSeq ?? null };
  }

  /** Moves the table's clock; the runtime alarm (real time) moves with it. */
  private async setSkew(skew: number): Promise<void> {
    this.skew = skew;
    writeSkew(this.ctx.storage.sql, skew);
    this.armedAt = undefined;
    await this.syncAlarm();
  }

  /* ---------------------------------------------------------------- RPC from the worker */

  /** Create the table here. Refused if this object was ever initialised: the worker then draws another code. */
  async init(req: InitRequest): Promise<InitResult> {
    if (this.store.initialized()) return { ok: false, reason: "in-use" };
    const preset = getPreset(req.presetId);
    if (!preset) return { ok: false, reason: "unknown-preset" };
    const organizerToken = randomToken();
    const organizerTokenHash = await digest(ORGANIZER_DOMAIN, organizerToken);
    const now = this.now();
    const inserted = this.tx(() => {
      if (this.store.initialized()) return false;
      this.store.createSchema();
      this.store.insertConfig({
        code: req.code,
        presetId: preset.id,
        settings: req.settings,
        public: req.public,
        // RULES.md §3: the seat counts this composition may start with (city, 3 Mafia: 12 only).
        seats: seatRange(preset.id, req.settings) ?? { min: preset.seats.min, max: preset.seats.max },
        start: preset.start,
        createdAt: now,
        seed: randomSeed(),
        host: req.host ?? "server",
        spectatorDelaySeconds: req.spectatorDelaySeconds ?? 0,
        creatorUserId: req.creatorUserId ?? null,
        seatsPerAddress: req.seatsPerAddress ?? SEATS_PER_ADDRESS,
      });
      this.store.insertControl({
        organizerPlayerId: null,
        organizerTokenHash,
        allowSameDevice: req.allowSameDevice ?? false,
        botAfterMinutes: req.botAfterMinutesAway ?? null,
      });
      this.recordSpectatorView(now);
      return true;
    });
    if (!inserted) return { ok: false, reason: "in-use" };
    await this.afterListingChange();
    return { ok: true, organizerToken };
  }

  /**
   * The public summary for a join page; null for a code that was never created. With a spectator delay
   * it shows the table as a delayed spectator sees it now (status, seats taken, phase of the view at
   * least N s old), so that HTTP does not reveal what the delay hides (issue 12, finding 6).
   */
  summary(): TableSummary | null {
    if (!this.store.initialized()) return null;
    const config = this.config();
    const delayMs = this.spectatorDelayMs();
    const delayed = delayMs > 0 ? this.store.spectatorViewAt(this.now(), delayMs) : null;
    let shown: { status: TableStatus; taken: number; phase: string; game: number };
    if (delayed) {
      const view = JSON.parse(delayed.view) as TableView;
      shown = { status: view.status, taken: view.lobby.length, phase: view.game?.phase ?? "lobby", game: view.series?.game ?? 1 };
    } else {
      const state = this.state();
      shown = {
        status: this.store.game().status, taken: this.currentPlayers().length, phase: state ? viewFor(state, { kind: "spectator" }).phase : "lobby",
        game: this.store.seriesGame().gameNo,
      };
    }
    return {
      code: config.code,
      presetId: config.presetId,
      settings: { ...config.settings },
      public: config.public,
      status: shown.status,
      seats: { taken: shown.taken, min: config.seats.min, max: config.seats.max },
      phase: shown.phase,
      start: config.start,
      createdAt: config.createdAt,
      host: config.host,
      spectatorDelaySeconds: config.spectatorDelaySeconds,
      game: shown.game,
    };
  }

  /**
   * Sit down with a nickname (already normalised by the protocol schema). With the organizer token the
   * creator sits down as the organizing player (one identity: the token is spent). A second seat for
   * the same device is refused unless the organizer allows it; an address holds at most the table's
   * seatsPerAddress seats; a signed-in account holds one.
   */
  async join(nickname: string, opts: JoinOptions): Promise<JoinResult> {
    if (!this.store.initialized()) return notFound();
    const config = this.config();
    // Secrets and digests first (async); everything after is synchronous and therefore atomic.
    const token = randomToken();
    const returnCode = randomReturnCode();
    const [tokenHash, returnHash, deviceHash, organizerHash, addressHash] = await Promise.all([
      digest(TOKEN_DOMAIN, token),
      digest(returnDomain(config.code), returnCode),
      digest(deviceDomain(config.code), opts.deviceId),
      opts.organizerToken === undefined ? Promise.resolve(null) : digest(ORGANIZER_DOMAIN, opts.organizerToken),
      this.addressDigest(opts.address),
    ]);

    const now = this.now();
    const outcome = this.tx((): JoinResult & { started?: boolean; organizes?: boolean; dropped?: string[] } => {
      const all = this.store.players();
      const { gameNo } = this.store.seriesGame();
      // A rematch lobby (issue 13): those who have not pressed "play again" keep their nickname, device
      // and account (they may still press) but take no seat of the count.
      const players = currentPlayers(all, gameNo);
      const row = this.store.game();
      const control = this.store.control();
      const check = checkJoin(row.status, players, config, nickname, all.filter((p) => p.gameNo < gameNo));
      if (!check.ok) return { ok: false, error: check.refusal };
      let organizes = false;
      if (organizerHash) {
        if (config.host === "live") {
          return { ok: false, error: { code: "host-cannot-sit", message: "The live host takes no seat (RULES.md §5.7)." } };
        }
        if (!control.organizerTokenHash || !sameDigest(organizerHash, control.organizerTokenHash)) {
          return { ok: false, error: { code: "bad-organizer-token", message: "That organizer token is not valid at this table." } };
        }
        organizes = true;
      }
      if (deviceTaken(all, deviceHash, control.allowSameDevice, sameDigest)) {
        return { ok: false, error: { code: "same-device", message: "This device already holds a seat at this table." } };
      }
      if (opts.userId !== undefined && all.some((p) => p.userId === opts.userId)) {
        return { ok: false, error: { code: "account-seated", message: "Your account already holds a seat at this table." } };
      }
      if (addressFull(players, addressHash, config.seatsPerAddress, sameDigest)) {
        const n = config.seatsPerAddress;
        return {
          ok: false,
          error: { code: "address-limit", message: `Your network already holds ${n} seat${n === 1 ? "" : "s"} at this table (the organizer sets how many at creation).` },
        };
      }
      if (findByDigest(returnHash, players, (p) => p.returnHash ?? NO_DIGEST)) throw new Error("return code collision");
      const playerId = randomPlayerId();
      const player: PlayerRow = {
        playerId, nickname, place: check.place, seat: null, returnHash, bot: false, joinedAt: now, deviceHash, awaySince: now,
        userId: opts.userId ?? null, addressHash, gameNo,
      };
      this.store.insertPlayer(player);
      this.store.insertToken(tokenHash, playerId, now);
      if (organizes) this.store.writeControl({ ...control, organizerPlayerId: playerId, organizerTokenHash: null });
      const dropped = this.startIfFull(config, now);
      if (dropped === null) this.store.bumpVersion();
      return { ok: true, body: { playerId, returnCode, token }, started: dropped !== null, organizes, dropped: dropped ?? [] };
    });
    if (!outcome.ok) return outcome;
    if (outcome.organizes) this.closeSeatlessOrganizer();
    if (outcome.dropped) this.leaveTable(outcome.dropped, now);
    await this.afterChange(now);
    await this.afterListingChange();
    return { ok: true, body: outcome.body };
  }

  /** A fresh token for the seat whose return code this is (another device). Earlier tokens stay valid. */
  async returnToSeat(returnCode: string): Promise<ReturnResult> {
    if (!this.store.initialized()) return notFound();
    const config = this.config();
    const token = randomToken();
    const [candidate, tokenHash] = await Promise.all([digest(returnDomain(config.code), returnCode), digest(TOKEN_DOMAIN, token)]);
    const now = this.now();
    return this.tx((): ReturnResult => {
      let guard = this.store.returnGuard();
      if (now - guard.windowStart >= RETURN_ATTEMPTS.windowMs) guard = { windowStart: now, failures: 0 };
      if (guard.failures >= RETURN_ATTEMPTS.max) {
        const retryAfterSeconds = Math.max(1, Math.ceil((guard.windowStart + RETURN_ATTEMPTS.windowMs - now) / 1000));
        const minutes = Math.ceil(retryAfterSeconds / 60);
        return { ok: false, error: { code: "rate-limited", message: `Too many wrong return codes at this table; try again in ${minutes} min.` }, retryAfterSeconds };
      }
      // A seat handed to a bot has no return digest any more: its old code matches nothing.
      const player = findByDigest(candidate, this.store.players(), (p) => p.returnHash ?? NO_DIGEST);
      if (!player || player.bot) {
        this.store.writeReturnGuard({ windowStart: guard.windowStart, failures: guard.failures + 1 });
        return { ok: false, error: { code: "bad-return-code", message: "That return code does not belong to a seat at this table." } };
      }
      this.store.insertToken(tokenHash, player.playerId, now);
      return { ok: true, body: { playerId: player.playerId, token } };
    });
  }

  /* ---------------------------------------------------------------- WebSocket */

  override async fetch(request: Request): Promise<Response> {
    if (!this.store.initialized()) return jsonResponse(404, { error: { code: "not-found", message: "No table with this code." } });
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return jsonResponse(426, { error: { code: "upgrade-required", message: "Expected a WebSocket upgrade." } });
    }
    // Socket opens per client address (SOCKET_OPENS): a reconnect flood is refused before any socket
    // exists. Counted in memory: a flood keeps the object awake, and an object is only evicted after
    // a quiet spell longer than the window — storing each open would hold every 101 behind a write.
    const config = this.config();
    const now = this.now();
    const counted = countOpen(this.socketOpens, addressOf(request), now, SOCKET_OPENS.windowMs);
    if (counted.opens > SOCKET_OPENS.perSeat * config.seatsPerAddress) {
      const res = jsonResponse(429, { error: { code: "rate-limited", message: "Too many connections to this table from your network; wait a few seconds." } });
      res.headers.set("retry-after", String(Math.max(1, Math.ceil((counted.until - now) / 1000))));
      return res;
    }
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server);
    this.saveAttachment(server, newAttachment(now));
    await this.syncAlarm(); // the hello timeout (schedule.ts "hello")
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    try {
      if ((await this.onMessage(ws, message)) === REFUSED) this.onRefused(ws);
    } catch (err) {
      this.stateCache = null; // re-read what was really committed
      console.error("table: message handler failed", err);
      this.sendError(ws, "internal", "The server failed to handle that message; nothing changed.", null);
    }
  }

  override async webSocketClose(ws: WebSocket, code: number, _reason: string, _wasClean: boolean): Promise<void> {
    try {
      try {
        ws.close(code === 1005 || code === 1006 ? 1000 : code, "bye");
      } catch {
        /* already closed */
      }
      await this.onDisconnect(ws);
    } catch (err) {
      console.error("table: close handler failed", err);
    }
  }

  override async webSocketError(ws: WebSocket, error: unknown): Promise<void> {
    console.warn("table: socket error", error);
    try {
      await this.onDisconnect(ws);
    } catch (err) {
      console.error("table: error handler failed", err);
    }
  }

  private async onMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<FrameOutcome> {
    const now = this.now();
    const att = this.attachmentOf(ws, now);

    // 1. Flood control first: every frame costs a token, garbage included.
    // The bucket lives in the cached attachment (memory); it is stored with the next ref below. After a
    // hibernation it restarts from the stored one, refilled by the time passed — and an object only
    // hibernates after seconds of silence, in which any bucket refills completely.
    const taken = takeToken(att.bucket, now);
    att.bucket = taken.bucket;
    if (!taken.allowed) {
      return this.refuse(ws, "rate-limited", "Too many messages; slow down.", typeof message === "string" ? refOfText(message) : null);
    }

    // 2. Shape: text, size before parsing, JSON, schema.
    if (typeof message !== "string") {
      if (!isUtf8(message)) return this.closeSocket(ws, CLOSE_CODES.invalidData, "invalid UTF-8");
      return this.refuse(ws, "bad-message", "Binary frames are not accepted.", null);
    }
    if (utf8Length(message) > MAX_CLIENT_MESSAGE_BYTES) {
      return this.refuse(ws, "too-large", `A message may be at most ${MAX_CLIENT_MESSAGE_BYTES} bytes.`, null);
    }
    // The runtime hands over a text frame of invalid UTF-8 with U+FFFD in place of the bad bytes (seen on
    // wrangler dev); no client message has a use for U+FFFD, so its presence is taken as invalid data.
    if (message.includes(REPLACEMENT_CHARACTER)) return this.closeSocket(ws, CLOSE_CODES.invalidData, "invalid UTF-8");
    let raw: unknown;
    try {
      raw = JSON.parse(message);
    } catch {
      return this.refuse(ws, "bad-json", "The message is not valid JSON.", null);
    }
    const parsed = v.safeParse(ClientMessageSchema, raw);
    if (!parsed.success) {
      const first = parsed.issues[0];
      const where = first?.path?.map((p) => String(p.key)).join(".") || "message";
      return this.refuse(ws, "bad-message", `Invalid ${where}: ${first?.message ?? "unknown shape"}`, refOf(raw));
    }
    const msg = parsed.output;

    // 3. Who is speaking.
    if (msg.type === "hello") return this.onHello(ws, att, msg.token);
    const identity = att.identity;
    if (!identity) return this.refuse(ws, "hello-first", "Send hello first.", msg.ref ?? null);

    if (msg.type === "sync") return this.sendCurrentView(ws, identity, now);

    // 4. The sender's right to send this kind of frame, then a fresh ref.
    if (msg.type === "act" && identity.kind !== "player") {
      return this.refuse(ws, "not-seated", "Only a seated player can act.", msg.ref);
    }
    if (msg.type === "control" && !this.isOrganizer(identity)) {
      return this.refuse(ws, "not-organizer", "Only the organizer can do that.", msg.ref);
    }
    if (msg.type === "host" && !(identity.kind === "host" && this.config().host === "live")) {
      return this.refuse(ws, "not-host", "Only the live host can do that.", msg.ref);
    }
    if (msg.type === "table" && identity.kind !== "player") {
      return this.refuse(ws, "not-seated", "Only a seated player can do that.", msg.ref);
    }
    const remembered = rememberRef(att.refs, msg.ref);
    if (!remembered.fresh) return this.refuse(ws, "duplicate-ref", "This ref was already used on this connection.", msg.ref);
    att.refs = remembered.refs;
    this.saveAttachment(ws, att);

    if (msg.type === "control") {
      const refused = await this.onControl(ws, identity, msg.ref, msg.action, now);
      if (refused) return this.refuse(ws, refused.code, refused.message, msg.ref);
      return;
    }
    if (msg.type === "table" && identity.kind === "player") {
      const refused = await this.onTableAction(ws, identity.playerId, msg.ref, msg.action, now);
      if (refused) return this.refuse(ws, refused.code, refused.message, msg.ref);
      return;
    }

    // 5. The engine decides (a player's action, or the live host's confirmation).
    const state = this.state();
    if (!state) return this.refuse(ws, "phase-closed", "The game has not started yet.", msg.ref);
    const input: Input =
      msg.type === "act" && identity.kind === "player"
        ? { kind: "act", playerId: identity.playerId, action: msg.action }
        : { kind: "host", action: (msg as { action: { type: "confirm" } }).action };
    const result = apply(state, input, now);
    if (!result.ok) return this.refuse(ws, result.rejection.code, result.rejection.message, msg.ref);
    this.commit(result.state, [input], now);
    await this.afterChange(now, { ws, ref: msg.ref });
  }

  private async onHello(ws: WebSocket, att: Attachment, token: string | undefined): Promise<FrameOutcome> {
    if (att.identity) return this.refuse(ws, "already-hello", "This connection already said hello.", null);
    let identity: ConnectionIdentity = { kind: "spectator" };
    let nickname = "";
    let credential: string | undefined;
    if (token !== undefined) {
      const [hash, organizerHash] = await Promise.all([digest(TOKEN_DOMAIN, token), digest(ORGANIZER_DOMAIN, token)]);
      const row = findByDigest(hash, this.store.tokens(), (t) => t.tokenHash);
      const player = row ? this.store.players().find((p) => p.playerId === row.playerId) : undefined;
      const control = this.store.control();
      if (row && player && !player.bot) {
        identity = { kind: "player", playerId: player.playerId };
        nickname = player.nickname;
        credential = credentialKey(hash);
      } else if (control.organizerTokenHash && sameDigest(organizerHash, control.organizerTokenHash)) {
        identity = this.config().host === "live" ? { kind: "host" } : { kind: "organizer" };
        credential = "organizer";
      } else {
        return this.refuse(ws, "bad-token", "This token does not hold a seat here; use your return code or join.", null);
      }
    }
    // Re-read after the await: other frames on this socket may have updated the attachment meanwhile.
    const current = this.attachmentOf(ws, this.now());
    if (current.identity) return this.refuse(ws, "already-hello", "This connection already said hello.", null);
    const now = this.now();
    const hostWasConnected = identity.kind === "host" && this.hostConnected();
    current.identity = identity;
    if (credential !== undefined) current.credential = credential;
    this.saveAttachment(ws, current);

    const welcome: Identity = identity.kind === "player" ? { kind: "player", playerId: identity.playerId, nickname } : { kind: identity.kind };
    this.send(ws, { type: "welcome", identity: welcome, serverNow: now });
    if (credential !== undefined) this.closeOldestOf(credential, ws);

    if (identity.kind === "player") {
      const player = this.store.players().find((p) => p.playerId === identity.playerId);
      if (player && player.awaySince !== null) {
        // Back: a pause caused by this player's absence ends by itself (§5.1) — a public change, sent
        // at once; otherwise the presence change is coalesced with others (presenceChanged).
        const resumed = this.tx(() => {
          this.store.setAwaySince(player.playerId, null);
          return this.resumeIfAbsenceOf(player.playerId, now); // the resume is a new version
        });
        if (resumed) return this.afterChange(now);
        if (await this.presenceChanged(now)) return;
      }
    } else if (identity.kind === "host" && !hostWasConnected) {
      if (await this.presenceChanged(now)) return;
    }
    this.sendCurrentView(ws, identity, now);
    await this.syncAlarm(); // greeted: no hello timeout for this socket any more
  }

  /** The keyed digest of a client's address bucket (security/address.ts addressOf), as stored. */
  private async addressDigest(bucket: string): Promise<Uint8Array> {
    const known = this.addressDigests.get(bucket);
    if (known) return known;
    const config = this.config();
    const hash = await keyedDigest(config.seed, addressDomain(config.code), bucket);
    if (this.addressDigests.size >= 256) this.addressDigests.clear();
    this.addressDigests.set(bucket, hash);
    return hash;
  }

  /**
   * A credential may hold SOCKETS_PER_CREDENTIAL greeted sockets: beyond that the oldest are told
   * `replaced` and closed with 4003 (they are no longer OPEN, so presence does not count them).
   */
  private closeOldestOf(credential: string, newest: WebSocket): void {
    const same: Array<{ ws: WebSocket; at: number }> = [];
    for (const ws of this.ctx.getWebSockets()) {
      if (ws === newest || ws.readyState !== WebSocket.OPEN) continue;
      const att = this.attachmentOf(ws, 0);
      if (att.identity && att.credential === credential) same.push({ ws, at: att.connectedAt });
    }
    same.sort((a, b) => a.at - b.at);
    for (const { ws } of same.slice(0, Math.max(0, same.length + 1 - SOCKETS_PER_CREDENTIAL))) {
      this.sendError(ws, "replaced", "This seat was opened on a newer connection; this one closes.", null);
      this.closeSocket(ws, CLOSE_CODES.replaced, "replaced");
    }
  }

  /**
   * A player's or the live host's presence changed (already stored). The first change after a quiet
   * window goes to everyone at once (returns true: every greeted socket, this one included, got the
   * new view); later ones within the window wait for its end — the `presence` alarm item — so a
   * reconnect flood costs the table one view per window, not one per socket event.
   */
  private async presenceChanged(now: number, closing?: WebSocket): Promise<boolean> {
    const pending = this.store.extras().presenceAt;
    const at = presenceBroadcastAt(now, this.presenceSentAt, pending);
    if (at === null) {
      this.store.bumpVersion();
      this.presenceSentAt = now;
      await this.afterChange(now, undefined, closing);
      return true;
    }
    if (pending === null) {
      this.store.setPresenceAt(at);
      await this.syncAlarm();
    }
    return false;
  }

  /** The presence window ended: one view for every presence change in it. */
  private async flushPresence(at: number): Promise<void> {
    this.tx(() => {
      this.store.setPresenceAt(null);
      this.store.bumpVersion();
    });
    this.presenceSentAt = at;
    await this.afterChange(at);
  }

  /** A socket went away: the player is away once their last socket closed (stored, survives eviction). */
  private async onDisconnect(ws: WebSocket): Promise<void> {
    if (!this.store.initialized()) return;
    const now = this.now();
    const att = this.attachmentOf(ws, now);
    const identity = att.identity;
    // Its hello timeout (un-greeted) or the delayed-view item (the last spectator) may go away with it:
    // re-arm, or the alarm set for that item would wake the table and run the next item early.
    if (identity === null || identity.kind === "spectator") return this.syncAlarm();
    if (identity?.kind === "player") {
      if (this.openSockets((i) => i.kind === "player" && i.playerId === identity.playerId, ws) > 0) return;
      const player = this.store.players().find((p) => p.playerId === identity.playerId);
      if (!player || player.bot || player.awaySince !== null) return;
      this.store.setAwaySince(player.playerId, now);
      await this.presenceChanged(now, ws);
    } else if (identity?.kind === "host") {
      if (this.openSockets((i) => i.kind === "host", ws) > 0) return;
      await this.presenceChanged(now, ws);
    }
  }

  /* ---------------------------------------------------------------- the organizer (RULES.md §5.1) */

  /** Does this connection hold the organizer rights now? The live host always does on a live table. */
  private isOrganizer(identity: ConnectionIdentity): boolean {
    const config = this.config();
    if (config.host === "live") return identity.kind === "host";
    const control = this.store.control();
    if (identity.kind === "player") return organizerPlayerId(control, this.store.players(), this.store.seriesGame().gameNo) === identity.playerId;
    if (identity.kind === "organizer") return control.organizerPlayerId === null && control.organizerTokenHash !== null;
    return false;
  }

  /** The public label of who paused: the organizer's nickname, "host" or "organizer". */
  private labelOf(identity: ConnectionIdentity): string {
    if (identity.kind === "player") return this.store.players().find((p) => p.playerId === identity.playerId)?.nickname ?? "organizer";
    return identity.kind === "host" ? "host" : "organizer";
  }

  /** An organizer's command. Returns a refusal (nothing changed) or null after the change was committed and acked. */
  private async onControl(ws: WebSocket, identity: ConnectionIdentity, ref: string, action: ControlRequest, now: number): Promise<Refused | null> {
    const config = this.config();
    const ack = { ws, ref };
    switch (action.type) {
      case "start": {
        const players = this.currentPlayers();
        const row = this.store.game();
        // RULES.md §3: below the preset's own minimum the count alone refuses; from it, the composition may.
        const presetMin = getPreset(config.presetId)?.seats.min ?? config.seats.min;
        const parity = players.length >= presetMin ? startRefusal(config.presetId, config.settings, players.length) : null;
        const check = checkStart(row.status, config, players.length, parity);
        if (!check.ok) return { code: check.code, message: check.message };
        const dropped = this.tx(() => this.startGame(config, players, this.store.game(), now));
        this.leaveTable(dropped, now);
        await this.afterChange(now, ack);
        await this.afterListingChange();
        return null;
      }
      case "add-bot":
      case "fill-bots":
      case "remove-bot":
        return this.onLobbyBots(action, now, ack);
      case "options": {
        this.tx(() => {
          const control = this.store.control();
          this.store.writeControl({
            ...control,
            allowSameDevice: action.allowSameDevice ?? control.allowSameDevice,
            botAfterMinutes: action.botAfterMinutesAway === undefined ? control.botAfterMinutes : action.botAfterMinutesAway,
          });
          this.store.bumpVersion();
        });
        await this.afterChange(now, ack);
        return null;
      }
      case "transfer-organizer": {
        if (config.host === "live") return { code: "not-allowed", message: "At a live table the host keeps the organizer rights." };
        const target = this.currentPlayers().find((p) => p.place === action.place);
        if (!target) return { code: "illegal-target", message: "Nobody sits at that place." };
        if (target.bot) return { code: "not-allowed", message: "A bot cannot organize." };
        if (identity.kind === "player" && identity.playerId === target.playerId) return { code: "not-allowed", message: "You already organize this table." };
        this.tx(() => {
          this.store.writeControl({ ...this.store.control(), organizerPlayerId: target.playerId, organizerTokenHash: null });
          this.store.bumpVersion();
        });
        await this.afterChange(now, ack);
        if (identity.kind === "organizer") this.closeSeatlessOrganizer();
        return null;
      }
      case "pause":
      case "resume":
      case "seat-to-bot":
        return this.onGameControl(identity, action, now, ack);
    }
  }

  /** The seats of the current game of the series (issue 13). */
  private currentPlayers(): PlayerRow[] {
    return currentPlayers(this.store.players(), this.store.seriesGame().gameNo);
  }

  /**
   * Bots in the lobby (issue 13): the organizer seats a bot, fills the free seats with bots
   * (lobby.ts fillTarget) or takes a bot away, before the start. A bot seat is a `players` row with
   * the bot flag and nothing else: no token, no return code, no device or address (it counts for no
   * one's seats-per-address or device limit). Seating the last seat of a table that starts when full
   * starts the game in the same transaction, exactly as the last person's join does (RULES.md §2).
   */
  private async onLobbyBots(
    action: Extract<ControlRequest, { type: "add-bot" | "fill-bots" | "remove-bot" }>,
    now: number,
    ack: { ws: WebSocket; ref: string },
  ): Promise<Refused | null> {
    const config = this.config();
    const outcome = this.tx((): Refused | { dropped: string[] | null } => {
      if (this.store.game().status !== "lobby") return { code: "not-in-lobby", message: "Bots can be seated or taken away only before the game starts." };
      const { gameNo } = this.store.seriesGame();
      const current = this.currentPlayers();
      if (action.type === "remove-bot") {
        const target = current.find((p) => p.place === action.place);
        if (!target || !target.bot) return { code: "not-a-bot", message: "No bot sits at that place." };
        this.store.deletePlayer(target.playerId);
        this.store.bumpVersion();
        return { dropped: null };
      }
      const target = Math.min(config.seats.max, action.type === "add-bot" ? current.length + 1 : fillTarget(config, current.length));
      if (target <= current.length) return { code: "table-full", message: `The table is full (${config.seats.max} seats).` };
      for (let n = current.length; n < target; n++) this.insertBot(gameNo, now);
      const dropped = this.startIfFull(config, now);
      if (dropped === null) this.store.bumpVersion();
      return { dropped };
    });
    if ("code" in outcome) return outcome;
    if (outcome.dropped) this.leaveTable(outcome.dropped, now);
    await this.afterChange(now, ack);
    await this.afterListingChange();
    return null;
  }

  /** A bot seat at the next place (inside the caller's transaction). */
  private insertBot(gameNo: number, now: number): void {
    const all = this.store.players();
    this.store.insertPlayer({
      playerId: randomPlayerId(), nickname: nextBotNickname(all), place: all.reduce((m, p) => Math.max(m, p.place), 0) + 1,
      returnHash: null, bot: true, joinedAt: now, deviceHash: null, awaySince: null, userId: null, addressHash: null, gameNo,
    });
  }

  /**
   * Inside a transaction: start the game if the table starts by itself and its seats are all taken now.
   * Returns the players dropped from the table by the start (see startGame), or null if it did not start.
   */
  private startIfFull(config: ConfigRow, now: number): string[] | null {
    const players = this.currentPlayers();
    if (!startsByItself(config, players.length)) return null;
    return this.startGame(config, players, this.store.game(), now);
  }

  /**
   * "Play again at this table" (issue 13; docs/PROTOCOL.md "Rematch and series"), from a seated player.
   * After the end, the first press opens the table's next game: status `lobby`, game number + 1, a fresh
   * seed; the presser and every bot of the last game sit in it with the same rows (same player ids,
   * tokens and return codes). Later presses sit down while there is room. Nobody's seat is reserved:
   * newcomers join by code and the organizer seats bots meanwhile. A table that starts when full starts
   * as soon as a press fills it. Refused: `not-ended` (the game is on, or none was played), `already-in`,
   * `table-full`, `not-seated`; a refused press changes nothing.
   */
  private async onTableAction(ws: WebSocket, playerId: string, ref: string, action: TableAction, now: number): Promise<Refused | null> {
    void action; // one kind so far: play-again
    const config = this.config();
    // The last game's D1 record is built (and kept) before its seats change (report.ts).
    if (this.store.game().status === "ended") await this.reportGame(now);
    const outcome = this.tx((): Refused | { dropped: string[] | null } => {
      const row = this.store.game();
      const { gameNo } = this.store.seriesGame();
      const me = this.store.players().find((p) => p.playerId === playerId);
      if (!me || me.bot) return { code: "not-seated", message: "You do not hold a seat at this table." };
      if (row.status === "playing") return { code: "not-ended", message: "The game is still on." };
      if (row.status === "ended") {
        const next = gameNo + 1;
        this.store.openNextGame(next, randomSeed());
        for (const kind of ["deadline", "bots", "takeover", "presence"] as const) this.alarmFailures.clear(kind);
        for (const p of this.store.players()) if (p.bot || p.playerId === playerId) this.store.setGameNo(p.playerId, next);
        return { dropped: this.startIfFull(config, now) };
      }
      if (me.gameNo >= gameNo) {
        return this.store.series().length === 0
          ? { code: "not-ended", message: "No game has been played at this table yet." }
          : { code: "already-in", message: "You already sit in the next game." };
      }
      if (this.currentPlayers().length >= config.seats.max) return { code: "table-full", message: `The next game is full (${config.seats.max} seats).` };
      this.store.setGameNo(playerId, gameNo);
      const dropped = this.startIfFull(config, now);
      if (dropped === null) this.store.bumpVersion();
      return { dropped };
    });
    if ("code" in outcome) return outcome;
    if (outcome.dropped) this.leaveTable(outcome.dropped, now);
    await this.afterChange(now, { ws, ref });
    await this.afterListingChange();
    return null;
  }

  /**
   * The next game started without these players (they never pressed "play again"): their rows and
   * tokens are gone; their open sockets stay as spectators' — each gets a new `welcome` (spectator) and
   * from then on the public view, so they can watch the new game.
   */
  private leaveTable(playerIds: readonly string[], now: number): void {
    if (playerIds.length === 0) return;
    const gone = new Set(playerIds);
    for (const ws of this.ctx.getWebSockets()) {
      const att = this.attachmentOf(ws, now);
      if (att.identity?.kind !== "player" || !gone.has(att.identity.playerId)) continue;
      att.identity = { kind: "spectator" };
      delete att.credential;
      this.saveAttachment(ws, att);
      this.sentLog.delete(ws);
      this.send(ws, { type: "welcome", identity: { kind: "spectator" }, serverNow: now });
    }
  }

  /** Pause, resume and seat-to-bot: engine control inputs through the same commit path as every input. */
  private async onGameControl(
    identity: ConnectionIdentity,
    action: Extract<ControlRequest, { type: "pause" | "resume" | "seat-to-bot" }>,
    now: number,
    ack: { ws: WebSocket; ref: string },
  ): Promise<Refused | null> {
    const state = this.state();
    if (!state) return { code: "phase-closed", message: "The game has not started yet." };
    const players = this.store.players();
    if (action.type === "pause") {
      let absent: PlayerRow | undefined;
      if (action.absentSeat !== undefined) {
        absent = players.find((p) => p.seat === action.absentSeat);
        if (!absent || absent.bot) return { code: "illegal-target", message: "No person sits at that seat." };
        if (absent.awaySince === null) return { code: "not-allowed", message: "That player is connected." };
      }
      const by = this.labelOf(identity);
      const reason = absent ? "absence" : "organizer";
      const input: Input = {
        kind: "control",
        action: absent ? { type: "pause", by, reason, absentSeat: absent.seat! } : { type: "pause", by, reason },
      };
      const result = apply(state, input, now);
      if (!result.ok) return result.rejection;
      const record: PauseRecord = { by, reason, absentPlayerId: absent?.playerId ?? null, absentSeat: absent?.seat ?? null, since: now };
      this.tx(() => {
        this.persist(result.state, [input], now);
        this.store.setPause(record);
      });
      await this.afterChange(now, ack);
      return null;
    }
    if (action.type === "resume") {
      const input: Input = { kind: "control", action: { type: "resume" } };
      const result = apply(state, input, now);
      if (!result.ok) return result.rejection;
      this.tx(() => {
        this.persist(result.state, [input], now);
        this.store.setPause(null, now);
      });
      await this.afterChange(now, ack);
      return null;
    }
    const target = players.find((p) => p.seat === action.seat);
    if (!target) return { code: "illegal-target", message: "No one sits at that seat." };
    if (target.bot) return { code: "already-acted", message: "That seat is already played by a bot." };
    if (this.store.control().organizerPlayerId === target.playerId) {
      return { code: "not-allowed", message: "Hand the organizer rights to someone else first." };
    }
    const refused = this.handToBot(target, now);
    if (refused) return refused;
    await this.afterChange(now, ack);
    return null;
  }

  /**
   * Irrevocable bot takeover of a person's seat (organizer's command or the away limit): the engine
   * marks the seat a bot; in the same transaction every token and the return digest of that seat are
   * deleted; a pause for this player's absence ends. Then any socket still open for the seat gets an
   * error frame and is closed with 4001.
   */
  private handToBot(target: PlayerRow, now: number): Refused | null {
    const state = this.state();
    if (!state || target.seat === null) return { code: "phase-closed", message: "The game has not started yet." };
    const input: Input = { kind: "control", action: { type: "seat-to-bot", seat: target.seat } };
    const result = apply(state, input, now);
    if (!result.ok) return result.rejection;
    this.tx(() => {
      this.persist(result.state, [input], now);
      this.store.handToBot(target.playerId);
      const control = this.store.control();
      if (control.organizerPlayerId === target.playerId) {
        // The organizing seat went to a bot (away limit): the rights pass to the first person, connected first.
        const people = this.store.players().filter((p) => !p.bot);
        const next = people.find((p) => p.awaySince === null) ?? people[0];
        this.store.writeControl({ ...control, organizerPlayerId: next?.playerId ?? null });
      }
      this.resumeIfAbsenceOf(target.playerId, now);
    });
    for (const ws of this.ctx.getWebSockets()) {
      const att = this.attachmentOf(ws, now);
      if (att.identity?.kind !== "player" || att.identity.playerId !== target.playerId) continue;
      this.sendError(ws, "seat-taken-by-bot", "Your seat was handed to a bot; this device can no longer play it.", null);
      try {
        ws.close(CLOSE_CODES.seatTakenByBot, "seat handed to a bot");
      } catch {
        /* already closing */
      }
    }
    return null;
  }

  /**
   * Inside a transaction: if the game is paused for this player's absence, resume it (the engine's
   * resume gives every timer its remaining time back). Returns whether it resumed.
   */
  private resumeIfAbsenceOf(playerId: string, now: number): boolean {
    const pause = this.store.extras().pause;
    const state = this.state();
    if (!state || !pause || pause.reason !== "absence" || pause.absentPlayerId !== playerId) return false;
    const input: Input = { kind: "control", action: { type: "resume" } };
    const result = apply(state, input, now);
    if (!result.ok) return false;
    this.persist(result.state, [input], now);
    this.store.setPause(null, now);
    return true;
  }

  /** The organizer token was spent (the creator sat down) or the rights moved: close the seatless organizer's sockets. */
  private closeSeatlessOrganizer(): void {
    for (const ws of this.ctx.getWebSockets()) {
      const att = this.attachmentOf(ws, 0);
      if (att.identity?.kind !== "organizer") continue;
      this.sendError(ws, "organizer-transferred", "The organizer rights moved to a seat; this connection closes.", null);
      try {
        ws.close(CLOSE_CODES.organizerTransferred, "organizer rights transferred");
      } catch {
        /* already closing */
      }
    }
  }

  /* ---------------------------------------------------------------- alarm */

  /**
   * One alarm for every clock of the table (worker/table/schedule.ts): the earliest due item is handled,
   * then the alarm is re-armed for the next. The engine's deadline keeps its own protection: the alarm
   * names the phase instance it was set for (alarm_phase_seq) and the engine refuses a stale one, so a
   * repeated or late alarm changes nothing. A call while the scheduled alarm is still in the future (a
   * duplicate delivery) does nothing. An item delivered early (tests) runs at its due time.
   *
   * A table never freezes (issue 11): if handling the item throws, the failure is counted for that
   * item and the alarm is re-armed for its retry after a growing delay (worker/table/alarm-failures.ts);
   * after ALARM_MAX_FAILURES in a row the table gives up on that item alone (`giveUp`). Only if even
   * that bookkeeping fails (or the failure comes before the item is known) does the handler rethrow,
   * so that the runtime retries the alarm (a bounded number of times, with its own backoff).
   */
  override async alarm(): Promise<void> {
    this.armedAt = undefined; // the runtime consumed the alarm that woke us
    let due: Due | null = null;
    try {
      if (!this.store.initialized()) return;
      const scheduled = await this.ctx.storage.getAlarm();
      const now = this.now();
      if (scheduled !== null && scheduled + this.skew > now) return; // the runtime's alarm is in real time
      due = earliest(this.dues());
      if (!due) return void (await this.ctx.storage.deleteAlarm());
      await this.runDue(due, now);
      if (due.kind === "presence" && due.at > now) {
        // Delivered before anything was due (tests): the presence view went out early and the run
        // goes on to the item the alarm was meant for.
        due = earliest(this.dues());
        if (due) await this.runDue(due, now);
      }
    } catch (err) {
      this.forgetCaches();
      this.armedAt = undefined;
      if (!due) throw err;
      await this.onAlarmFailure(due, err);
    }
  }

  /** Handle one due item; handled, its failure count (if any) goes and a retry time no longer holds the alarm back. */
  private async runDue(due: Due, now: number): Promise<void> {
    this.injectedFault(due.kind);
    await this.handleDue(due, Math.max(now, due.at), now);
    if (this.alarmFailures.clear(due.kind, due.key)) await this.syncAlarm();
  }

  private async handleDue(due: Due, at: number, now: number): Promise<void> {
    switch (due.kind) {
      case "deadline":
        return this.onDeadline(now);
      case "takeover": {
        const target = this.store.players().find((p) => p.playerId === due.playerId);
        if (target && !target.bot && target.awaySince !== null) {
          const refused = this.handToBot(target, at);
          if (refused) console.warn(`table ${this.config().code}: takeover refused (${refused.code})`);
        }
        return this.afterChange(at);
      }
      case "bots":
        return this.runBots(at);
      case "spectators":
        this.deliverSpectators(at);
        return this.syncAlarm();
      case "report":
        await this.reportGame(at);
        await this.reporter.retryBacklog(at, this.env.DB, this.config().code);
        return this.syncAlarm();
      case "hello":
        this.closeSilentSockets(at);
        return this.syncAlarm();
      case "presence":
        return this.flushPresence(at);
    }
  }

  /** Tests only: throw if a fault is armed for this kind (see testAlarmFaults). */
  private injectedFault(kind: DueKind): void {
    if (this.env.TEST_ALARM_FAULTS !== "1") return;
    const n = this.testAlarmFaults.get(kind) ?? 0;
    if (n <= 0) return;
    this.testAlarmFaults.set(kind, n - 1);
    throw new Error(`injected failure of the alarm item "${kind}"`);
  }

  /** Handling `due` threw: count it, give up on it after too many, re-arm. Throws only if this fails too. */
  private async onAlarmFailure(due: Due, err: unknown): Promise<void> {
    const code = this.config().code;
    const at = Math.max(this.now(), due.at);
    const { failures, retryAt } = this.alarmFailures.failed(due, at);
    if (retryAt === null) {
      console.error(`table ${code}: alarm item "${due.kind}" failed ${failures} times in a row; giving up on it`, err);
      await this.giveUp(due, at);
    } else {
      console.error(`table ${code}: alarm item "${due.kind}" failed (${failures} of ${ALARM_MAX_FAILURES}); retry in ${retryAt - at} ms`, err);
    }
    await this.syncAlarm();
  }

  /**
   * After ALARM_MAX_FAILURES failures in a row of one item, keep the table alive without it:
   * - deadline: the game cannot go on by itself, so it ends now — the engine's `abort` (a draw with
   *   reason "server-error", every role shown, unrated), committed and broadcast like any change;
   *   if even that fails, the deadline is dropped so the other clocks keep running;
   * - takeover: that seat's takeover is left out (the player can still come back; the organizer can
   *   still hand the seat over);
   * - bots: the pending move is dropped; the bots move again after the next change;
   * - spectators: the view that failed is skipped; later views are delivered;
   * - report: no more retries (as after REPORT_MAX_ATTEMPTS).
   */
  private async giveUp(due: Due, at: number): Promise<void> {
    switch (due.kind) {
      case "deadline": {
        this.alarmFailures.clear("deadline");
        try {
          await this.abortGame(at);
        } catch (err) {
          this.forgetCaches();
          console.error(`table ${this.config().code}: ending the game after the deadline failures failed too; the deadline is dropped`, err);
          this.store.setDeadlineAlarm(null, null);
        }
        return;
      }
      case "takeover":
        return this.alarmFailures.skip(due);
      case "bots":
        this.alarmFailures.clear("bots");
        return this.store.setBotAt(null);
      case "spectators": {
        this.alarmFailures.clear("spectators");
        const version = this.store.nextSpectatorVersion(this.store.extras().spectatorVersion);
        if (version !== null) this.store.setSpectatorVersion(version);
        return;
      }
      case "report":
        this.alarmFailures.clear("report");
        return this.reporter.giveUp(this.config().code);
      case "hello":
        // Closing the silent sockets keeps failing: leave that item out (they close with the object).
        return this.alarmFailures.skip(due);
      case "presence":
        // The coalesced presence view keeps failing: drop it; the next change carries the presence.
        this.alarmFailures.clear("presence");
        return this.store.setPresenceAt(null);
      default: {
        const never: never = due.kind;
        throw new Error(`no give-up rule for alarm item ${String(never)}`);
      }
    }
  }

  /** End the game now: the engine's abort (issue 11), through the same commit path as every input. */
  private async abortGame(at: number): Promise<void> {
    const state = this.state();
    if (!state || isOver(state)) return this.store.setDeadlineAlarm(null, null);
    const input: Input = { kind: "control", action: { type: "abort", reason: "server-error" } };
    const result = apply(state, input, at);
    if (!result.ok) throw new Error(`abort refused (${result.rejection.code})`);
    this.tx(() => {
      this.persist(result.state, [input], at);
      this.store.setPause(null);
    });
    await this.afterChange(at);
  }

  /** The engine's deadline has come (or the stored alarm is stale / moved). */
  private async onDeadline(now: number): Promise<void> {
    const row = this.store.game();
    const state = this.state();
    if (!state || row.alarmPhaseSeq === null || row.alarmAt === null) return this.syncAlarm();
    const deadline = nextDeadline(state);
    if (deadline === null) return this.clearDeadline();
    if (deadline > row.alarmAt) return this.armDeadline(deadline, state.phaseSeq); // moved later (e.g. resumed)

    // The deadline has come; if the alarm is delivered early (tests) the engine still sees the deadline.
    const at = Math.max(now, row.alarmAt);
    const input: Input = { kind: "timeout", phaseSeq: row.alarmPhaseSeq };
    const result = apply(state, input, at);
    if (!result.ok) {
      console.log(`table ${this.config().code}: alarm for phase ${row.alarmPhaseSeq} refused (${result.rejection.code})`);
      return this.armDeadline(deadline, state.phaseSeq);
    }
    this.commit(result.state, [input], at);
    await this.afterChange(at);
  }

  /**
   * The bots' turn: every bot seat that wants to move (deciding from its own view) sends its input, in
   * seat order, each on the state the previous one left. Then the next bot move is scheduled.
   */
  private async runBots(at: number): Promise<void> {
    const state = this.state();
    const seed = this.gameSeed();
    this.store.setBotAt(null);
    if (!state || isOver(state)) return this.afterChange(at);
    let accepted = 0;
    const bots = this.store.players().filter((p) => p.bot && p.seat !== null).sort((a, b) => a.seat! - b.seat!);
    for (const bot of bots) {
      const current = this.state()!;
      if (isOver(current)) break;
      const action = botMove(current, bot.playerId, seed);
      if (!action) continue;
      const input: Input = { kind: "act", playerId: bot.playerId, action };
      const result = apply(current, input, at);
      if (!result.ok) {
        console.warn(`table ${this.config().code}: bot at seat ${bot.seat} refused (${result.rejection.code})`);
        continue;
      }
      this.commit(result.state, [input], at);
      accepted++;
    }
    // A pass where every bot was refused does not repeat until something else changes.
    await this.afterChange(at, undefined, undefined, accepted === 0);
  }

  /** Everything the table's one alarm may be waiting for. */
  private dues(): Array<Due | null> {
    const row = this.store.game();
    const extras = this.store.extras();
    const config = this.config();
    const control = this.store.control();
    const paused = extras.pause !== null;
    const delayMs = config.spectatorDelaySeconds * 1000;
    const failures = this.alarmFailures;
    const items: Array<Due | null> = [
      row.alarmAt === null ? null : { kind: "deadline", at: row.alarmAt },
      nextTakeover(this.store.players(), control.botAfterMinutes, row.status === "playing", paused, extras.resumedAt, (d) => failures.adjust(d) === null),
      extras.botAt === null ? null : { kind: "bots", at: extras.botAt },
      delayMs > 0 && this.openSockets((i) => i.kind === "spectator") > 0
        ? (() => {
            const at = this.store.nextSpectatorDue(extras.spectatorVersion, delayMs);
            return at === null ? null : { kind: "spectators" as const, at };
          })()
        : null,
      (() => {
        const last = row.status === "playing" ? null : this.lastState();
        const at = this.reporter.due(last !== null && isOver(last));
        return at === null ? null : { kind: "report" as const, at };
      })(),
      (() => {
        const at = this.helloDue();
        return at === null ? null : { kind: "hello" as const, at };
      })(),
      extras.presenceAt === null ? null : { kind: "presence" as const, at: extras.presenceAt },
    ];
    // Keyed for the failure count; an item waiting for its retry is due at the retry time (issue 11).
    return items.map((d) => failures.adjust(d));
  }

  /** Make the runtime's alarm the earliest due item (or none). */
  private async syncAlarm(): Promise<void> {
    const at = earliest(this.dues())?.at ?? null;
    if (at === this.armedAt) return; // already set (or already none) by this instance
    if (at === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(at - this.skew); // the runtime's alarm is in real time
    this.armedAt = at;
  }

  private async armDeadline(at: number, phaseSeq: number): Promise<void> {
    this.store.setDeadlineAlarm(phaseSeq, at);
    await this.syncAlarm();
  }

  private async clearDeadline(): Promise<void> {
    this.store.setDeadlineAlarm(null, null);
    await this.syncAlarm();
  }

  /* ---------------------------------------------------------------- connections */

  /** A socket's attachment, read once per instance and then kept in memory with every change we make. */
  private attachmentOf(ws: WebSocket, now: number): Attachment {
    let att = this.attachments.get(ws);
    if (!att) {
      att = readAttachment(ws.deserializeAttachment(), now);
      this.attachments.set(ws, att);
    }
    return att;
  }

  /** Store a socket's attachment (survives hibernation and eviction) and keep it in memory. */
  private saveAttachment(ws: WebSocket, att: Attachment): void {
    ws.serializeAttachment(att);
    this.attachments.set(ws, att);
  }

  /* ---------------------------------------------------------------- state */

  /**
   * One SQLite transaction. If it throws, SQLite rolled it back: the row caches and the parsed state
   * may hold what was never committed, so they are dropped and read again on next use.
   */
  private tx<T>(fn: () => T): T {
    try {
      return this.ctx.storage.transactionSync(fn);
    } catch (err) {
      this.forgetCaches();
      throw err;
    }
  }

  private forgetCaches(): void {
    this.store.invalidate();
    this.stateCache = null;
    this.storedEvents = 0;
  }

  private config(): ConfigRow {
    return (this.configCache ??= this.store.config());
  }

  /** The game being played or just ended; null in a lobby (a rematch lobby included). */
  private state(): GameState | null {
    if (this.store.game().status === "lobby") return null;
    return this.lastState();
  }

  /** The current game's secret seed (game 1: the table's own; each later game of the series its own). */
  private gameSeed(): string {
    return this.store.seriesGame().seed ?? this.config().seed;
  }

  /** The state in the `game` row whatever the status: in a rematch lobby, the last game's end (issue 13). */
  private lastState(): GameState | null {
    if (this.stateCache) return this.stateCache;
    const stored = this.store.loadState();
    if (stored === null) return null;
    const core = JSON.parse(stored.core) as GameState;
    const events: GameEvent[] = [];
    for (const chunk of stored.chunks) {
      if (chunk.first !== events.length) throw new Error(`table: event chunk starts at ${chunk.first}, expected ${events.length}`);
      for (const e of JSON.parse(chunk.events) as GameEvent[]) events.push(e);
    }
    // A state written before events had their own table carries them inline; the next write stores them.
    const inline = eventCount(core);
    this.stateCache = stored.chunks.length === 0 && inline > 0 ? core : withEvents(core, events);
    this.storedEvents = stored.chunks.length === 0 && inline > 0 ? 0 : events.length;
    return this.stateCache;
  }

  /**
   * Write the game row (the state without events) and the events not yet stored: with the input that
   * produced them, in its log row (2 row writes per accepted input), or — the start, which has no
   * input — in the `events` table.
   */
  private writeState(row: GameRow, state: GameState, inputs: Input[] = [], at = 0): void {
    const total = eventCount(state);
    const added = total > this.storedEvents ? { first: this.storedEvents, json: JSON.stringify(eventsFrom(state, this.storedEvents)) } : null;
    inputs.forEach((input, i) => this.store.appendInput(at, input, row.version, i === inputs.length - 1 ? added : null));
    if (added && inputs.length === 0) this.store.appendEvents(row.version, added.first, added.json);
    this.store.writeGame(row, JSON.stringify(withoutEvents(state)));
    this.storedEvents = total;
    this.stateCache = state;
  }

  /**
   * Create the game from the lobby (inside the caller's transaction). A later game of the series
   * (issue 13) first puts the last game away: its report, if it has not reached D1, goes to the backlog;
   * its input log and events go to the archive under its number; those who did not press "play again"
   * are dropped (returned: their sockets become spectators', leaveTable); an organizer among them leaves
   * the rights to the first person who stayed. Sport draws the seats again (RULES.md §1 Seat); other
   * formats keep them: the last game's seats first, in order, then newcomers in join order.
   */
  private startGame(config: ConfigRow, players: readonly PlayerRow[], row: GameRow, now: number): string[] {
    const { gameNo } = this.store.seriesGame();
    const seed = this.gameSeed();
    let dropped: string[] = [];
    let order: readonly PlayerRow[] = players;
    if (gameNo > 1) {
      const last = this.lastState();
      const lastGame = this.store.series().find((g) => g.game === gameNo - 1);
      if (last && lastGame) this.reporter.nextGame(() => buildReport(config, this.store.players(), last, lastGame.startedAt, lastGame.endedAt ?? now), now);
      const all = this.store.players();
      const control = this.store.control();
      const organizer = organizerPlayerId(control, all, gameNo);
      if (organizer !== control.organizerPlayerId) this.store.writeControl({ ...control, organizerPlayerId: organizer });
      dropped = all.filter((p) => p.gameNo < gameNo).map((p) => p.playerId);
      this.store.archiveGame(gameNo - 1, gameNo);
      order = [...players].sort((a, b) => (a.seat ?? Infinity) - (b.seat ?? Infinity) || a.place - b.place);
      // Places restart at 1 in that order, so they stay within the table's size over a long series.
      this.store.renumberPlaces(order.map((p) => p.playerId));
      this.sentLog = new WeakMap(); // a new game's log starts again: every socket gets the whole log
    }
    const specs = order.map((p) => ({ id: p.playerId, nickname: p.nickname, bot: p.bot }));
    // RULES.md §5.7: with a live host, night, voting and revoting wait for the host's confirmation.
    const state = createGame(config.presetId, config.settings, specs, seed, now, { host: config.host, keepOrder: gameNo > 1 && rematchKeepsSeats(config.presetId) });
    this.store.insertSeries({ game: gameNo, seed, startedAt: now, players: specs });
    for (const p of players) this.store.setSeat(p.playerId, seatOf(state, p.playerId));
    const deadline = nextDeadline(state);
    this.storedEvents = 0;
    this.writeState(
      { version: row.version + 1, status: this.statusOf(state), startedAt: now, alarmPhaseSeq: deadline === null ? null : state.phaseSeq, alarmAt: deadline },
      state,
    );
    return dropped;
  }

  /**
   * Write accepted inputs and their resulting state (inside the caller's transaction): one log row per
   * input and the `game` row (state, version, status and the engine's deadline together).
   */
  private persist(next: GameState, inputs: Input[], at: number): number {
    const deadline = nextDeadline(next);
    const row = this.store.game();
    const prev = this.state();
    // A quiet change (nothing public moved: a night action, a closed ballot) keeps the version, so
    // that the version numbers the table sees cannot count hidden inputs (RULES.md §1 Secrets), and
    // the next broadcast reaches only the connections whose own view it changed.
    const quiet = prev !== null && quietChange(prev, next);
    const version = quiet ? row.version : row.version + 1;
    const pending = this.changeSet?.version === version ? this.changeSet : null;
    if (quiet) {
      // A public change still waiting for its broadcast stays public: everyone gets that frame.
      if (!pending?.public) {
        const cs = pending ?? { version, public: false, keys: new Set<string>() };
        for (const key of changedViewers(prev!, next)) cs.keys.add(key);
        this.changeSet = cs;
      }
    } else {
      this.changeSet = { version, public: true, keys: new Set() };
    }
    const status = this.statusOf(next);
    if (status === "ended" && row.status !== "ended") {
      const result = viewFor(next, { kind: "spectator" }).result;
      if (result) this.store.endSeries(this.store.seriesGame().gameNo, at, result.winner, result.reason);
    }
    this.writeState(
      { version, status, startedAt: row.startedAt, alarmPhaseSeq: deadline === null ? null : next.phaseSeq, alarmAt: deadline },
      next,
      inputs,
      at,
    );
    return version;
  }

  /** Persist an accepted input and its resulting state in one transaction (2 row writes). */
  private commit(next: GameState, inputs: Input[], at: number): number {
    return this.tx(() => this.persist(next, inputs, at));
  }

  private statusOf(state: GameState): TableStatus {
    return isOver(state) ? "ended" : "playing";
  }

  /**
   * After every change of the table (version bumped): schedule the bots' next move, remember the
   * public view for delayed spectators, send every connection its view (then the sender's ack), and
   * re-arm the alarm. `closing`: a socket that is going away and gets nothing.
   */
  private async afterChange(now: number, ack?: { ws: WebSocket; ref: string }, closing?: WebSocket, botsIdle = false): Promise<void> {
    this.tx(() => {
      this.scheduleBots(now, botsIdle);
      this.recordSpectatorView(now);
    });
    this.broadcast(closing);
    if (ack) this.send(ack.ws, { type: "ack", ref: ack.ref, version: this.store.game().version });
    if (this.store.game().status === "ended") await this.reportGame(now);
    await this.syncAlarm();
    const status = this.store.game().status;
    if (status === "ended" && this.listedStatus !== "ended") await this.afterListingChange();
  }

  /** The game is over: its record (and, for sport, ratings) goes to D1 once (worker/table/report.ts). */
  private async reportGame(now: number): Promise<void> {
    const state = this.lastState();
    if (!state || !isOver(state)) return;
    // In a rematch lobby the game row no longer holds the start: the series does (issue 13).
    const startedAt = this.store.series().find((g) => g.game === this.store.stateGame())?.startedAt ?? this.store.game().startedAt;
    if (startedAt === null) return;
    const config = this.config();
    await this.reporter.report(now, this.env.DB, (endedAt) => buildReport(config, this.store.players(), state, startedAt, endedAt), config.code);
  }

  /** Bots move a think delay after a change, if any bot seat has something to do (a pending move keeps its time). */
  private scheduleBots(now: number, idle: boolean): void {
    const state = this.state();
    const current = this.store.extras().botAt;
    const botIds = this.store.players().filter((p) => p.bot && p.seat !== null).map((p) => p.playerId);
    let next: number | null = null;
    if (!idle && state && !isOver(state) && botIds.length > 0 && anyBotWantsToMove(state, botIds, this.gameSeed())) {
      next = current ?? now + botThinkMs(this.env);
    }
    if (next !== current) this.store.setBotAt(next);
  }

  /* ---------------------------------------------------------------- views */

  /** Greeted, open sockets whose identity matches (optionally ignoring one that is closing). */
  private openSockets(match: (identity: ConnectionIdentity) => boolean, except?: WebSocket): number {
    let n = 0;
    for (const ws of this.ctx.getWebSockets()) {
      if (ws === except || ws.readyState !== WebSocket.OPEN) continue;
      const att = this.attachmentOf(ws, 0);
      if (att.identity && match(att.identity)) n++;
    }
    return n;
  }

  private hostConnected(except?: WebSocket): boolean {
    return this.config().host === "live" && this.openSockets((i) => i.kind === "host", except) > 0;
  }

  private facts(except?: WebSocket): TableFacts {
    return {
      config: this.config(),
      players: this.store.players(),
      status: this.store.game().status,
      control: this.store.control(),
      pause: this.store.extras().pause,
      hostConnected: this.hostConnected(except),
      gameNo: this.store.seriesGame().gameNo,
      series: this.store.series(),
    };
  }

  /** The engine's viewer for a connection: a seatless organizer sees what a spectator sees. */
  private viewerOf(identity: ConnectionIdentity): Viewer {
    if (identity.kind === "player") return { kind: "player", playerId: identity.playerId };
    if (identity.kind === "host") return { kind: "host" };
    return { kind: "spectator" };
  }

  /** `logAfter`: the length of the log this connection already holds (a delta frame), or null (full). */
  private tableViewFor(identity: ConnectionIdentity, facts: TableFacts, delayMs = 0, logAfter: number | null = null): TableView {
    // A player who has not pressed "play again" keeps the last game's end in view (issue 13).
    const behind = identity.kind === "player" && facts.players.some((p) => p.playerId === identity.playerId && p.gameNo < facts.gameNo);
    const state = behind ? this.lastState() : this.state();
    const game = state ? viewFor(state, this.viewerOf(identity), { logAfter }) : null;
    return buildTableView(facts, game, { organizing: this.isOrganizer(identity), delayMs, behind });
  }

  private spectatorDelayMs(): number {
    return this.config().spectatorDelaySeconds * 1000;
  }

  /** This connection's view of the current version (delayed spectators: the view as it was then). */
  private sendCurrentView(ws: WebSocket, identity: ConnectionIdentity, now: number): void {
    const delayMs = this.spectatorDelayMs();
    if (identity.kind === "spectator" && delayMs > 0) {
      const old = this.store.spectatorViewAt(now, delayMs);
      if (old) {
        if (old.version > this.store.extras().spectatorVersion) this.store.setSpectatorVersion(old.version);
        this.sendRaw(ws, spectatorFrame(old.version, now - delayMs, old.view));
      }
      return;
    }
    const view = this.tableViewFor(identity, this.facts());
    this.send(ws, { type: "view", version: this.store.game().version, serverNow: now, view });
    if (view.game) this.sentLog.set(ws, view.game.logUpTo);
  }

  /**
   * Send every greeted connection its own view of the current version: one `viewFor` per player, one
   * for the host, one shared by live spectators and the seatless organizer's public one. Delayed
   * spectators get nothing here: their views come from the ring when they are old enough.
   */
  private broadcast(except?: WebSocket): void {
    const facts = this.facts(except);
    const version = this.store.game().version;
    // After quiet changes only (same version, nothing else happened since): only the connections
    // whose own view changed get a frame, so frame timing does not tell the town that someone acted
    // at night (RULES.md §1 Secrets). Anything else, or no record of it: every connection.
    const quiet = this.quietKeys(version);
    this.changeSet = null;
    if (!quiet && this.store.extras().presenceAt !== null) {
      // Every connection gets the current presence with this view: the waiting presence view is not needed.
      this.store.setPresenceAt(null);
      this.presenceSentAt = this.now();
    }
    const sockets = this.ctx.getWebSockets().filter((ws) => ws !== except);
    if (sockets.length === 0) return;
    const changedFor = (identity: ConnectionIdentity): boolean => !quiet || quiet.has(viewerKey(identity));
    const delayed = this.spectatorDelayMs() > 0;
    const now = this.now();
    // One frame per (viewer, log length already held): a delta after the entries the socket has.
    const frames = new Map<string, { frame: string; logUpTo: number | null }>();
    const frameFor = (identity: ConnectionIdentity, logAfter: number | null) => {
      const key = `${identity.kind === "player" ? `p:${identity.playerId}` : identity.kind}:${logAfter}`;
      let built = frames.get(key);
      if (built === undefined) {
        const view = this.tableViewFor(identity, facts, 0, logAfter);
        built = { frame: JSON.stringify({ type: "view", version, serverNow: now, view } satisfies ServerMessage), logUpTo: view.game?.logUpTo ?? null };
        frames.set(key, built);
      }
      return built;
    };
    for (const ws of sockets) {
      const att = this.attachmentOf(ws, now);
      if (!att.identity) continue;
      if (att.identity.kind === "spectator" && delayed) continue;
      if (!changedFor(att.identity)) continue;
      const built = frameFor(att.identity, this.sentLog.get(ws) ?? null);
      this.sendRaw(ws, built.frame);
      if (built.logUpTo === null) this.sentLog.delete(ws);
      else this.sentLog.set(ws, built.logUpTo);
    }
  }

  /**
   * Delayed spectators (table option spectatorDelaySeconds): every version's public view is kept in a
   * small SQLite ring (storage.pushSpectatorView) and shown once it is old enough.
   */
  private recordSpectatorView(now: number): void {
    const delayMs = this.spectatorDelayMs();
    if (delayMs <= 0) return;
    if (this.quietKeys(this.store.game().version)) return; // quiet changes: nothing public
    const view = this.tableViewFor({ kind: "spectator" }, this.facts(), delayMs);
    this.store.pushSpectatorView(this.store.game().version, now, JSON.stringify(view), delayMs);
  }

  /** The alarm's spectator item: send delayed spectators the newest view that is old enough now. */
  private deliverSpectators(at: number): void {
    const delayMs = this.spectatorDelayMs();
    const old = this.store.spectatorViewAt(at, delayMs, true);
    if (!old || old.version <= this.store.extras().spectatorVersion) return;
    this.store.setSpectatorVersion(old.version);
    const frame = spectatorFrame(old.version, this.now() - delayMs, old.view);
    for (const ws of this.ctx.getWebSockets()) {
      const att = this.attachmentOf(ws, 0);
      if (att.identity?.kind === "spectator") this.sendRaw(ws, frame);
    }
  }

  private send(ws: WebSocket, msg: ServerMessage): void {
    this.sendRaw(ws, JSON.stringify(msg));
  }

  private sendRaw(ws: WebSocket, frame: string): void {
    try {
      ws.send(frame);
    } catch {
      /* closing socket */
    }
  }

  private sendError(ws: WebSocket, code: ErrorCode, message: string, ref: string | null): void {
    this.send(ws, { type: "error", code, message, ref });
  }

  /** Answer a refused frame with its error (nothing changed); the caller counts it (onRefused). */
  private refuse(ws: WebSocket, code: ErrorCode, message: string, ref: string | null): typeof REFUSED {
    this.sendError(ws, code, message, ref);
    return REFUSED;
  }

  /** One more refused frame on this socket: the REFUSAL_LIMIT-th within its window closes it (1008). */
  private onRefused(ws: WebSocket): void {
    if (ws.readyState !== WebSocket.OPEN) return;
    const now = this.now();
    const att = this.attachmentOf(ws, now);
    const counted = countRefusal(att.refusals, now);
    att.refusals = counted.refusals;
    this.saveAttachment(ws, att);
    if (counted.close) this.closeSocket(ws, CLOSE_CODES.policy, "too many refused messages");
  }

  /** Close a socket for breaking a rule (presence follows in webSocketClose, as for any close). */
  private closeSocket(ws: WebSocket, code: number, reason: string): void {
    try {
      ws.close(code, reason);
    } catch {
      /* already closing */
    }
  }

  /** The alarm's hello item: close every socket still without a good hello HELLO_TIMEOUT_MS after it opened. */
  private closeSilentSockets(at: number): void {
    for (const ws of this.ctx.getWebSockets()) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      const att = this.attachmentOf(ws, at);
      if (att.identity === null && att.connectedAt + HELLO_TIMEOUT_MS <= at) this.closeSocket(ws, CLOSE_CODES.policy, "hello timeout");
    }
  }

  /** When the earliest un-greeted open socket's hello timeout ends, or null. */
  private helloDue(): number | null {
    let first: number | null = null;
    for (const ws of this.ctx.getWebSockets()) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      const att = this.attachmentOf(ws, 0);
      if (att.identity === null && (first === null || att.connectedAt < first)) first = att.connectedAt;
    }
    return first === null ? null : first + HELLO_TIMEOUT_MS;
  }

  /* ---------------------------------------------------------------- directory */

  /**
   * Push this table's listing to the public directory (public tables only). Never fails the caller.
   * It carries the table's version: the directory ignores a push older than the one it holds, so
   * pushes overtaking each other on their way cannot show a started or ended table as open again.
   */
  private async afterListingChange(): Promise<void> {
    const config = this.config();
    if (!config.public) return;
    const row = this.store.game();
    this.listedStatus = row.status;
    const listing: TableListing = {
      code: config.code,
      presetId: config.presetId,
      status: row.status,
      seats: { taken: this.currentPlayers().length, max: config.seats.max },
      updatedAt: Date.now(), // real time: the directory's clock, not the table's
    };
    const directory = this.env.DIRECTORY.get(this.env.DIRECTORY.idFromName(DIRECTORY_NAME));
    try {
      await directory.upsert(listing, row.version);
    } catch (err) {
      console.warn("table: directory update failed", err);
    }
  }
}

/** A delayed spectator's frame: the stored view of `version`; serverNow is the moment the view shows. */
function spectatorFrame(version: number, serverNow: number, view: string): string {
  return `{"type":"view","version":${version},"serverNow":${serverNow},"view":${view}}`;
}

function notFound(): Refusal {
  return { ok: false, error: { code: "not-found", message: "No table with this code." } };
}

/** A seat token's key for the sockets-per-credential limit: a prefix of its digest (no secret). */
function credentialKey(tokenHash: Uint8Array): string {
  let hex = "";
  for (const b of tokenHash.subarray(0, 8)) hex += b.toString(16).padStart(2, "0");
  return `t:${hex}`;
}

/** The key under which broadcast frames and quiet change sets name a viewer. */
function viewerKey(identity: ConnectionIdentity): string {
  return identity.kind === "player" ? `p:${identity.playerId}` : identity.kind;
}

/**
 * A viewer's view of a state without its log entries (the log only grows, so its length — `logUpTo`,
 * inside the key — tells whether it changed), as JSON: two states look the same to a viewer iff
 * their keys are equal. Memoised per state object, so each input builds the keys of the new state
 * only: the previous state's are already known from the input before.
 */
const viewKeys = new WeakMap<GameState, Map<string, string>>();
function viewKey(state: GameState, key: string, viewer: Viewer): string {
  let memo = viewKeys.get(state);
  if (!memo) viewKeys.set(state, (memo = new Map()));
  let k = memo.get(key);
  if (k === undefined) memo.set(key, (k = JSON.stringify(viewFor(state, viewer, { logAfter: Number.MAX_SAFE_INTEGER }))));
  return k;
}

function viewChanged(prev: GameState, next: GameState, key: string, viewer: Viewer): boolean {
  return viewKey(prev, key, viewer) !== viewKey(next, key, viewer);
}

/** The viewers (seated players, the host) whose own view differs between two states. */
function changedViewers(prev: GameState, next: GameState): string[] {
  const out: string[] = [];
  const viewers: Array<[string, Viewer]> = seatedPlayers(next).map((p) => [`p:${p.playerId}`, { kind: "player", playerId: p.playerId }]);
  viewers.push(["host", { kind: "host" }]);
  for (const [key, viewer] of viewers) if (viewChanged(prev, next, key, viewer)) out.push(key);
  return out;
}

/** Nothing public changed between two states: the spectator's view (phase, timers, seats, public log) is the same. */
function quietChange(prev: GameState, next: GameState): boolean {
  return !viewChanged(prev, next, "spectator", { kind: "spectator" });
}
