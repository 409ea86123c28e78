/**
 * Admission: who may be at the table. Creating it (the organizer token), sitting down (`join`, which
 * starts a table that fills), coming back on another device (`returnToSeat`), opening a socket (opens
 * per address), and sitting in the series' next game ("play again") — and the sockets of
 * those the next game left out, which stay as spectators'.
 */
import { DEFAULT_BOT_LEVEL, type BotLevel } from "../../shared/bots/levels.ts";
import { SEATS_PER_ADDRESS, type HttpErrorCode, type JoinResponse, type ReturnResponse } from "../../shared/protocol/http.ts";
import type { TableAction } from "../../shared/protocol/messages.ts";
import { addressOf } from "../security/address.ts";
import { digest, findByDigest, keyedDigest, sameDigest } from "../security/hash.ts";
import { randomPlayerId, randomReturnCode, randomSeed, randomToken } from "../security/random.ts";
import { testClockEnabled } from "./clock.ts";
import { countOpen, type OpenWindow } from "./connection.ts";
import { getPreset, seatRange } from "./engine.ts";
import type { Ack, ConsiglieriPort, FanoutPort, ListingPort, MatchPort, OrganizerPort, Refused, ReportPort, SpectatorsPort, TableCore } from "./ports.ts";
import { addressFull, checkJoin, deviceTaken } from "./lobby.ts";
import { eveningJoinAllowed, writeBackMoveUp } from "./evening.ts";
import type { EveningHold, PlayerRow } from "./storage.ts";
import type { AlarmFailures } from "./alarm-failures.ts";
import type { Sockets } from "./connection.ts";
import type { TableStore } from "./storage.ts";
import { currentPlayers } from "./view.ts";
import type { TournamentLink } from "./tournament.ts";
import type { TournamentLinkRows } from "./repositories/tournament-link.ts";

/**
 * Wrong return codes per table (the *target* of the guessing) per window. Guessing is counted first per
 * client address (worker/security/guess-guard.ts: 20 failed lookups per 10 min). Past this many at one
 * table in a window, every *source that gave a wrong code here* in that window is refused (429, the right
 * code included, or the limit would tell) until the window ends — but never the seat itself: a source
 * that has not failed here is always served, so a guesser spread over ten IPv6 /64s cannot lock
 * the real player out. A return
 * code has ≈ 49.5 bits: even one guess per fresh address is hopeless.
 */
export const RETURN_ATTEMPTS = { max: 200, windowMs: 10 * 60_000 } as const;

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
  /** The table's bot level (default DEFAULT_BOT_LEVEL). */
  botLevel?: BotLevel;
  /** Media options (defaults: not recording, the dead hear, spectators do not). */
  recording?: boolean;
  deadHear?: boolean;
  spectatorsHear?: boolean;
  /** "Longer windows for beginners": every vote and night-step window doubles (default off; the
   *  worker decides the default and refuses it at a rated table, worker/api/tables.ts). Fixed at creation. */
  longWindows?: boolean;
  /** The signed-in account creating the table (docs/ACCOUNTS.md); absent/null for a guest. */
  creatorUserId?: string | null;
  /** §5.1: exactly this many seats (checked by the worker against the preset and settings). */
  seats?: number;
  /**
   * A table opened from a club evening — only these accounts (the evening's seated sign-ups)
   * may sit down, each signed in (`not-invited` otherwise). Bots the organizer seats are not joins.
   */
  reservedFor?: string[];
  /** The evening's reserve list and start: from the start, no-shows' seats go to the reserve in order (evening.ts). */
  eveningHold?: EveningHold;
  /** A club evening's named host (the opener plays): only this account may take the host screen (`claimHost`). */
  hostUserId?: string;
  /**
   * RULES.md §9.3: a tournament's table for one slot of the draw (tournament.ts): its accounts
   * are the held seats (`reservedFor`), its bots are seated at once, the draw's seats are kept.
   */
  tournament?: TournamentLink;
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

export const TOKEN_DOMAIN = "token";
export const ORGANIZER_DOMAIN = "organizer";
const returnDomain = (code: string) => `return:${code}`;
const deviceDomain = (code: string) => `device:${code}`;
/** Addresses are few (2^32 IPv4): their digests are keyed with the table's server-only seed. */
const addressDomain = (code: string) => `address:${code}`;
const NO_DIGEST = new Uint8Array(0);

export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8" } });

function notFound(): Refusal {
  return { ok: false, error: { code: "not-found", message: "No table with this code." } };
}

/** What this part uses of the table (each part gets only what it uses; table.ts builds it). */
interface AdmissionDeps extends Pick<TableCore, "afterChange" | "config" | "env" | "now" | "tx"> {
  readonly tournamentLink: TournamentLinkRows;
  readonly alarmFailures: Pick<AlarmFailures, "clear">;
  readonly consiglieri: Pick<ConsiglieriPort, "returnTo">;
  readonly fanout: Pick<FanoutPort, "forgetLog" | "send">;
  readonly listing: Pick<ListingPort, "push">;
  readonly match: Pick<MatchPort, "currentPlayers" | "startIfFull">;
  readonly organizer: Pick<OrganizerPort, "closeSeatlessOrganizer">;
  readonly report: Pick<ReportPort, "reportGame">;
  readonly sockets: Pick<Sockets, "all" | "attachmentOf" | "save">;
  readonly spectators: Pick<SpectatorsPort, "record">;
  readonly store: Pick<TableStore, "addReturnSource" | "bumpVersion" | "clearReturnSources" | "control" | "createSchema" | "game" | "initialized" | "insertConfig" | "insertControl" | "insertPlayer" | "insertToken" | "openNextGame" | "players" | "returnGuard" | "returnSourceFailed" | "series" | "seriesGame" | "setGameNo" | "writeControl" | "writeReturnGuard">;
}

export class Admission {
  /** Address bucket → its keyed digest (memory, bounded): a joining client's HMAC is made once. */
  private addressDigests = new Map<string, Uint8Array>();
  /** Address bucket → socket opens in its current window (memory; SOCKET_OPENS). */
  private socketOpens = new Map<string, OpenWindow>();

  constructor(private readonly t: AdmissionDeps) {}

  /** Create the table here. Refused if this object was ever initialised: the worker then draws another code. */
  async init(req: InitRequest): Promise<InitResult> {
    const t = this.t;
    if (t.store.initialized()) return { ok: false, reason: "in-use" };
    const preset = getPreset(req.presetId);
    if (!preset) return { ok: false, reason: "unknown-preset" };
    const organizerToken = randomToken();
    const organizerTokenHash = await digest(ORGANIZER_DOMAIN, organizerToken);
    const now = t.now();
    // A tournament's table holds its seats for the draw's accounts (the club evening's mechanism).
    const reservedFor = req.tournament ? req.tournament.seats.flatMap((s) => (s.userId ? [s.userId] : [])) : (req.reservedFor ?? []);
    const inserted = t.tx(() => {
      if (t.store.initialized()) return false;
      t.store.createSchema();
      t.store.insertConfig({
        code: req.code,
        presetId: preset.id,
        settings: req.settings,
        public: req.public,
        // RULES.md §3: the seat counts this composition may start with (city, 3 Mafia: 12 only).
        // §5.1: a size the creator chose is both bounds (the game starts when every seat is taken).
        seats: req.seats !== undefined ? { min: req.seats, max: req.seats } : (seatRange(preset.id, req.settings) ?? { min: preset.seats.min, max: preset.seats.max }),
        start: preset.start,
        createdAt: now,
        // The browser suite's fixed deal (E2E_TABLE_SEED, only with the test clock): a known seating and deck.
        seed: (testClockEnabled(t.env) && t.env.E2E_TABLE_SEED) || randomSeed(),
        host: req.host ?? "server",
        spectatorDelaySeconds: req.spectatorDelaySeconds ?? 0,
        creatorUserId: req.creatorUserId ?? null,
        seatsPerAddress: req.seatsPerAddress ?? SEATS_PER_ADDRESS,
        // The address digests get their own key (a finished game's record shows its seed).
        addressKey: randomSeed(),
        ...(reservedFor.length ? { reservedFor } : {}),
        ...(reservedFor.length && req.eveningHold ? { eveningHold: req.eveningHold } : {}),
        ...(req.hostUserId ? { hostUserId: req.hostUserId } : {}),
        longWindows: req.longWindows === true,
      });
      t.store.insertControl({
        organizerPlayerId: null,
        organizerTokenHash,
        allowSameDevice: req.allowSameDevice ?? false,
        botAfterMinutes: req.botAfterMinutesAway ?? null,
        recording: req.recording ?? false,
        deadHear: req.deadHear ?? true,
        spectatorsHear: req.spectatorsHear ?? true,
        botLevel: req.botLevel ?? DEFAULT_BOT_LEVEL,
      });
      t.spectators.record(now);
      if (req.tournament) {
        t.tournamentLink.write(req.tournament);
        // The tournament's bots sit down at once, named as in the tournament (no device, no address). Their
        // ids (not secrets, only unique) come from the slot and the entrant: with a fixed table seed
        // (E2E_TABLE_SEED) a tournament table's bots decide the same way every run (bot-move.ts seeds by id).
        const link = req.tournament;
        link.seats.forEach((s, i) => {
          if (s.userId !== null) return;
          t.store.insertPlayer({
            playerId: `p_t${link.round}s${link.slot}e${s.entrant}`, nickname: s.nickname, place: i + 1, returnHash: null, bot: true, joinedAt: now,
            deviceHash: null, awaySince: null, userId: null, addressHash: null, gameNo: 1,
          });
        });
        // A table of bots only starts now (RULES.md §2: when full).
        t.match.startIfFull(t.config(), now);
      }
      return true;
    });
    if (!inserted) return { ok: false, reason: "in-use" };
    if (req.tournament) await t.afterChange(now);
    await t.listing.push();
    return { ok: true, organizerToken };
  }

  /**
   * Sit down with a nickname (already normalised by the protocol schema). With the organizer token the
   * creator sits down as the organizing player (one identity: the token is spent). A second seat for
   * the same device is refused unless the organizer allows it; an address holds at most the table's
   * seatsPerAddress seats; a signed-in account holds one.
   */
  async join(nickname: string, opts: JoinOptions): Promise<JoinResult> {
    const t = this.t;
    if (!t.store.initialized()) return notFound();
    const config = t.config();
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

    const now = t.now();
    const outcome = t.tx((): JoinResult & { started?: boolean; organizes?: boolean; dropped?: string[] } => {
      const all = t.store.players();
      const { gameNo } = t.store.seriesGame();
      // A rematch lobby: those who have not pressed "play again" keep their nickname, device
      // and account (they may still press) but take no seat of the count.
      const players = currentPlayers(all, gameNo);
      const row = t.store.game();
      const control = t.store.control();
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
      // A club evening's table seats the evening's signed-up accounts only.
      // Each seated sign-up's seat is held until the start; then the reserve moves up into no-shows' seats.
      if (config.reservedFor?.length && !eveningJoinAllowed(config.reservedFor, config.eveningHold, opts.userId, players.map((p) => p.userId), now)) {
        return { ok: false, error: { code: "not-invited", message: "This table is a club evening's: only its signed-up players sit here, signed in. You may watch." } };
      }
      if (opts.userId !== undefined && all.some((p) => p.userId === opts.userId)) {
        return { ok: false, error: { code: "account-seated", message: "Your account already holds a seat at this table." } };
      }
      // RULES.md §5.7, §9.1: the account named to host this live table (an evening's host, a tournament's
      // judge) takes no seat at it — the host screen sees every role (claimHost refuses the other order).
      if (opts.userId !== undefined && config.host === "live" && config.hostUserId === opts.userId) {
        return { ok: false, error: { code: "host-cannot-sit", message: "The account named to host this table takes no seat at it (RULES.md §5.7, §9.1)." } };
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
      t.store.insertPlayer(player);
      t.store.insertToken(tokenHash, playerId, now);
      if (organizes) t.store.writeControl({ ...control, organizerPlayerId: playerId, organizerTokenHash: null });
      const dropped = t.match.startIfFull(config, now);
      if (dropped === null) t.store.bumpVersion();
      return { ok: true, body: { playerId, returnCode, token }, started: dropped !== null, organizes, dropped: dropped ?? [] };
    });
    if (!outcome.ok) return outcome;
    if (outcome.organizes) t.organizer.closeSeatlessOrganizer();
    if (outcome.dropped) this.leaveTable(outcome.dropped, now);
    await t.afterChange(now);
    await t.listing.push();
    // After the evening's start, a reserve who sat down in a no-show's seat is on the evening's seated list (evening.ts).
    if (opts.userId !== undefined && config.eveningHold) await writeBackMoveUp(t.env.DB, config.eveningHold, t.match.currentPlayers().map((p) => p.userId), now);
    return { ok: true, body: outcome.body };
  }

  /**
   * RULES.md §5.7, §6.11: the club evening's named host takes the host screen — a fresh host
   * token for the account the table was opened for (`hostUserId`, checked by the worker's session). The
   * token replaces the last one (the opener's, never used: they play), so exactly one credential hosts;
   * a host socket already open keeps its identity until it closes. Refused `not-allowed` for anyone else
   * or at a table without a named host; a host who asks again gets a new token (another device).
   * RULES.md §9.1 (2026-12-06): a judge never hosts a table at which they play — the host screen sees every
   * role — so an account seated here, or holding one of a tournament table's seats of the draw, is refused
   * (`plays-here`) even when it is the table's named host.
   */
  async claimHost(userId: string): Promise<{ ok: true; token: string } | Refusal> {
    const t = this.t;
    if (!t.store.initialized()) return notFound();
    const config = t.config();
    if (config.host !== "live" || !config.hostUserId || config.hostUserId !== userId) {
      return { ok: false, error: { code: "not-allowed", message: "Only the evening's named host takes this table's host screen." } };
    }
    const seated = t.store.players().some((p) => !p.bot && p.userId === userId);
    const drawn = t.tournamentLink.read()?.seats.some((s) => s.userId === userId) === true;
    if (seated || drawn) return { ok: false, error: { code: "plays-here", message: "This account plays at this table, so it cannot host it (RULES.md §9.1)." } };
    const token = randomToken();
    const hash = await digest(ORGANIZER_DOMAIN, token);
    t.tx(() => t.store.writeControl({ ...t.store.control(), organizerTokenHash: hash }));
    return { ok: true, token };
  }

  /** A fresh token for the seat whose return code this is (another device). Earlier tokens stay valid. */
  async returnToSeat(returnCode: string, address = "none"): Promise<ReturnResult> {
    const t = this.t;
    if (!t.store.initialized()) return notFound();
    const config = t.config();
    const token = randomToken();
    const [candidate, tokenHash, source] = await Promise.all([digest(returnDomain(config.code), returnCode), digest(TOKEN_DOMAIN, token), this.addressDigest(address)]);
    const now = t.now();
    return t.tx((): ReturnResult => {
      let guard = t.store.returnGuard();
      if (now - guard.windowStart >= RETURN_ATTEMPTS.windowMs) {
        guard = { windowStart: now, failures: 0 };
        t.store.clearReturnSources();
      }
      // Over the table's threshold only the sources that failed here are refused.
      if (guard.failures >= RETURN_ATTEMPTS.max && t.store.returnSourceFailed(source)) {
        const retryAfterSeconds = Math.max(1, Math.ceil((guard.windowStart + RETURN_ATTEMPTS.windowMs - now) / 1000));
        const minutes = Math.ceil(retryAfterSeconds / 60);
        return { ok: false, error: { code: "rate-limited", message: `Too many wrong return codes at this table; try again in ${minutes} min.` }, retryAfterSeconds };
      }
      // A seat handed to a bot has no return digest any more: its old code matches nothing.
      const player = findByDigest(candidate, t.store.players(), (p) => p.returnHash ?? NO_DIGEST);
      // §7.10: a consigliere's return code gives a fresh consigliere token for that seat.
      const advised = !player || player.bot ? t.consiglieri.returnTo(candidate, tokenHash, now) : null;
      if (advised !== null) return { ok: true, body: { playerId: advised, token } };
      if (!player || player.bot) {
        t.store.writeReturnGuard({ windowStart: guard.windowStart, failures: guard.failures + 1 });
        t.store.addReturnSource(source);
        return { ok: false, error: { code: "bad-return-code", message: "That return code does not belong to a seat at this table." } };
      }
      t.store.insertToken(tokenHash, player.playerId, now);
      return { ok: true, body: { playerId: player.playerId, token } };
    });
  }

  /**
   * May this upgrade open a socket? Not for an unknown table (404), not without the upgrade (426), and
   * not beyond the address's socket opens (SOCKET_OPENS, 429): a reconnect flood is refused before any
   * socket exists. Counted in memory: a flood keeps the object awake, and an object is only evicted
   * after a quiet spell longer than the window — storing each open would hold every 101 behind a write.
   */
  socketRefusal(request: Request): Response | null {
    const t = this.t;
    if (!t.store.initialized()) return jsonResponse(404, { error: { code: "not-found", message: "No table with this code." } });
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return jsonResponse(426, { error: { code: "upgrade-required", message: "Expected a WebSocket upgrade." } });
    }
    const config = t.config();
    const now = t.now();
    const counted = countOpen(this.socketOpens, addressOf(request), now, SOCKET_OPENS.windowMs);
    if (counted.opens > SOCKET_OPENS.perSeat * config.seatsPerAddress) {
      const res = jsonResponse(429, { error: { code: "rate-limited", message: "Too many connections to this table from your network; wait a few seconds." } });
      res.headers.set("retry-after", String(Math.max(1, Math.ceil((counted.until - now) / 1000))));
      return res;
    }
    return null;
  }

  /** The keyed digest of a client's address bucket (security/address.ts addressOf), as stored. */
  private async addressDigest(bucket: string): Promise<Uint8Array> {
    const known = this.addressDigests.get(bucket);
    if (known) return known;
    const config = this.t.config();
    const hash = await keyedDigest(config.addressKey ?? config.seed, addressDomain(config.code), bucket);
    if (this.addressDigests.size >= 256) this.addressDigests.clear();
    this.addressDigests.set(bucket, hash);
    return hash;
  }

  /**
   * "Play again at this table" (docs/PROTOCOL.md "Rematch and series"), from a seated player.
   * After the end, the first press opens the table's next game: status `lobby`, game number + 1, a fresh
   * seed; the presser and every bot of the last game sit in it with the same rows (same player ids,
   * tokens and return codes). Later presses sit down while there is room. Nobody's seat is reserved:
   * newcomers join by code and the organizer seats bots meanwhile. A table that starts when full starts
   * as soon as a press fills it. Refused: `not-ended` (the game is on, or none was played), `already-in`,
   * `table-full`, `not-seated`; a refused press changes nothing.
   */
  async playAgain(playerId: string, action: TableAction, now: number, ack: Ack): Promise<Refused | null> {
    void action; // one kind so far: play-again
    const t = this.t;
    const store = t.store;
    const config = t.config();
    // The last game's D1 record is built (and kept) before its seats change (report.ts).
    if (store.game().status === "ended") await t.report.reportGame(now);
    const outcome = t.tx((): Refused | { dropped: string[] | null } => {
      const row = store.game();
      const { gameNo } = store.seriesGame();
      const me = store.players().find((p) => p.playerId === playerId);
      if (!me || me.bot) return { code: "not-seated", message: "You do not hold a seat at this table." };
      if (row.status === "playing") return { code: "not-ended", message: "The game is still on." };
      if (row.status === "ended") {
        const next = gameNo + 1;
        this.openNext(next);
        for (const p of store.players()) if (p.bot || p.playerId === playerId) store.setGameNo(p.playerId, next);
        return { dropped: t.match.startIfFull(config, now) };
      }
      if (me.gameNo >= gameNo) {
        return store.series().length === 0
          ? { code: "not-ended", message: "No game has been played at this table yet." }
          : { code: "already-in", message: "You already sit in the next game." };
      }
      if (t.match.currentPlayers().length >= config.seats.max) return { code: "table-full", message: `The next game is full (${config.seats.max} seats).` };
      store.setGameNo(playerId, gameNo);
      return { dropped: this.startOrBump(now) };
    });
    return this.seatsChanged(outcome, now, ack);
  }

  /** Open the series' game `gameNo` (a lobby, a fresh seed); the last game's alarm failures are forgotten. */
  private openNext(gameNo: number): void {
    this.t.store.openNextGame(gameNo, randomSeed());
    for (const kind of ["deadline", "bots", "takeover", "presence"] as const) this.t.alarmFailures.clear(kind);
  }

  /** The next game's lobby changed: it starts if now full (the players it left out), else its version moves. */
  private startOrBump(now: number): string[] | null {
    const dropped = this.t.match.startIfFull(this.t.config(), now);
    if (dropped === null) this.t.store.bumpVersion();
    return dropped;
  }

  /** After a next game's seats changed (play again, next game of the evening): the dropped watch, everyone sees it, the list too. */
  private async seatsChanged(outcome: Refused | { dropped: string[] | null }, now: number, ack: Ack): Promise<Refused | null> {
    if ("code" in outcome) return outcome;
    if (outcome.dropped) this.leaveTable(outcome.dropped, now);
    await this.t.afterChange(now, ack);
    await this.t.listing.push();
    return null;
  }

  /**
   * "next game of the evening" (RULES.md §6.11; docs/PROTOCOL.md "Rematch and series"): the
   * organizer of a live-host or club evening's table opens the series' next game after the end with every
   * seat of the last game in it — people and bots, the same rows, tokens and return codes, so everyone
   * keeps their place (formats that keep seats keep the order, lobby.ts rematchKeepsSeats). The game then
   * starts as any: by the host's start, or by itself once full. The evening is no longer over (its D1 row's
   * ended_at is cleared, best effort: the club page only lists it). Refused `not-ended` while a game is on
   * or before the first, `not-allowed` at a table of neither kind (there each player presses "play again").
   */
  async nextGame(now: number, ack: Ack): Promise<Refused | null> {
    const t = this.t;
    const store = t.store;
    const config = t.config();
    if (config.host !== "live" && !config.reservedFor?.length) {
      return { code: "not-allowed", message: "Here each player chooses to play again; the next game of an evening is for a host's or a club's table." };
    }
    if (store.game().status === "ended") await t.report.reportGame(now);
    const outcome = t.tx((): Refused | { dropped: string[] | null } => {
      const row = store.game();
      const { gameNo } = store.seriesGame();
      if (row.status === "playing") return { code: "not-ended", message: "The game is still on." };
      // The last game's seats: after its end, they open the next one; in a lobby a player's "play again"
      // opened already (a next game), those who have not pressed are added while there is room.
      let last: number;
      if (row.status === "ended") {
        last = gameNo;
        this.openNext(gameNo + 1);
      } else {
        last = gameNo - 1;
        if (last < 1 || !store.players().some((p) => p.gameNo === last)) {
          return { code: "not-ended", message: gameNo === 1 ? "No game has been played at this table yet." : "The next game is already open with everyone: start it." };
        }
      }
      const target = store.seriesGame().gameNo;
      let room = config.seats.max - t.match.currentPlayers().length;
      for (const p of store.players()) {
        if (p.gameNo !== last || room <= 0) continue;
        store.setGameNo(p.playerId, target);
        room--;
      }
      return { dropped: this.startOrBump(now) };
    });
    const refused = await this.seatsChanged(outcome, now, ack);
    if (refused) return refused;
    await t.env.DB?.prepare("UPDATE evenings SET ended_at = NULL WHERE table_code = ?").bind(config.code).run().catch(() => undefined);
    return null;
  }

  /**
   * The next game started without these players (they never pressed "play again"): their rows and
   * tokens are gone; their open sockets stay as spectators' — each gets a new `welcome` (spectator) and
   * from then on the public view, so they can watch the new game.
   */
  leaveTable(playerIds: readonly string[], now: number): void {
    if (playerIds.length === 0) return;
    const t = this.t;
    const gone = new Set(playerIds);
    for (const ws of t.sockets.all()) {
      const att = t.sockets.attachmentOf(ws, now);
      if (att.identity?.kind !== "player" || !gone.has(att.identity.playerId)) continue;
      att.identity = { kind: "spectator" };
      delete att.credential;
      t.sockets.save(ws, att);
      t.fanout.forgetLog(ws);
      t.fanout.send(ws, { type: "welcome", identity: { kind: "spectator" }, serverNow: now });
    }
  }
}
