/**
 * Admission: creating the table (the organizer token) and sitting down (`join`, which starts a table
 * that fills). The other ways to the table have a file each: coming back with a return code and its
 * guessing limit (return-codes.ts), a socket's open (socket-opens.ts), the named host's claim
 * (host-claim.ts), the series' next game (series.ts).
 */
import { DEFAULT_BOT_LEVEL, type BotLevel } from "../../shared/bots/levels.ts";
import { SEATS_PER_ADDRESS, type HttpErrorCode, type JoinResponse, type ReturnResponse } from "../../shared/protocol/http.ts";
import { digest, findByDigest, sameDigest } from "../security/hash.ts";
import { randomPlayerId, randomReturnCode, randomSeed, randomToken } from "../security/random.ts";
import { testClockEnabled } from "./clock.ts";
import { getPreset, seatRange } from "./engine.ts";
import type { AddressDigests } from "./address-digests.ts";
import type { ListingPort, MatchPort, OrganizerPort, SeriesPort, SpectatorsPort, TableCore } from "./ports.ts";
import { addressFull, checkJoin, deviceTaken } from "./lobby.ts";
import { eveningJoinAllowed, writeBackMoveUp } from "./evening.ts";
import type { EveningHold, PlayerRow } from "./storage.ts";
import type { TableStore } from "./storage.ts";
import { currentPlayers } from "./view.ts";
import type { TournamentLink } from "./tournament.ts";
import type { TournamentLinkRows } from "./repositories/tournament-link.ts";

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
export const returnDomain = (code: string) => `return:${code}`;
const deviceDomain = (code: string) => `device:${code}`;
const NO_DIGEST = new Uint8Array(0);

export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8" } });

export function notFound(): Refusal {
  return { ok: false, error: { code: "not-found", message: "No table with this code." } };
}

/** What this part uses of the table (each part gets only what it uses; table.ts builds it). */
interface AdmissionDeps extends Pick<TableCore, "afterChange" | "config" | "env" | "now" | "tx"> {
  readonly tournamentLink: Pick<TournamentLinkRows, "write">;
  readonly addressDigests: Pick<AddressDigests, "of">;
  readonly listing: Pick<ListingPort, "push">;
  readonly match: Pick<MatchPort, "currentPlayers" | "startIfFull">;
  readonly organizer: Pick<OrganizerPort, "closeSeatlessOrganizer">;
  readonly series: Pick<SeriesPort, "leaveTable">;
  readonly spectators: Pick<SpectatorsPort, "record">;
  readonly store: Pick<TableStore, "bumpVersion" | "control" | "createSchema" | "game" | "initialized" | "insertConfig" | "insertControl" | "insertPlayer" | "insertToken" | "players" | "seriesGame" | "writeControl">;
}

export class Admission {
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
      t.addressDigests.of(opts.address),
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
    if (outcome.dropped) t.series.leaveTable(outcome.dropped, now);
    await t.afterChange(now);
    await t.listing.push();
    // After the evening's start, a reserve who sat down in a no-show's seat is on the evening's seated list (evening.ts).
    if (opts.userId !== undefined && config.eveningHold) await writeBackMoveUp(t.env.DB, config.eveningHold, t.match.currentPlayers().map((p) => p.userId), now);
    return { ok: true, body: outcome.body };
  }
}
