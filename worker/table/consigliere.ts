/**
 * RULES.md §7.10 the consigliere: "an experienced advisor bound to a newcomer's seat, with
 * exactly the player's information; they may whisper to the player (privately, never at night nor
 * during the player's speech) and may override the player's vote or night action".
 *
 * Binding: the seated player (their seat token) asks for an invitation and gets a one-time code; the
 * advisor joins with it and gets their own token and return code, like a player. One consigliere per
 * seat; the player may revoke it (the advisor's sockets become a spectator's). Only at a table whose
 * preset has the flag `consigliere` (tatar). The binding is public: every view marks the seat
 * (`lobby[].consigliere`).
 *
 * RULES.md §7.10 (2026-12-06): a consigliere sees the seat's role, teammates and checks and may override
 * its vote, so binding one needs the seat's player's consent on their own device and happens only before
 * the deal. Every way in — the player's invitation, the organizer's (inviteFor), a club member's
 * acceptance of the player's request, and joining with a code — is refused once the game's status has left
 * the lobby (`game-started`), codes minted earlier included — and a code made in one game's lobby never
 * binds in a later game's (`invite_game`). The organizer's invitation for another seat
 * waits for that player's consent (`consent`, from the seat's own token) before its code binds
 * (`consent-required`); until then every view marks the seat (`lobby[].consigliereInvited`).
 *
 * Stored apart from the seats (tables `consiglieri`, `consigliere_tokens`, migrations.ts) and only
 * as digests, like the seats' credentials. A consigliere's connection (identity `consigliere`) gets the
 * seat's own view (fanout.ts), may `act` for the seat (the engine's `by: "consigliere"`) and whisper
 * to the player (whisper()); it takes no part in the table's controls or rematch. In the
 * table's media it is the peer 100 + the seat (worker/table/media.ts, sfu.ts): by day its whisper with
 * the player and what the player hears; nothing at night.
 */
import type { ConsigliereInviteResponse, JoinResponse } from "../../shared/protocol/http.ts";
import type { ErrorCode, ServerMessage, WhisperMessage } from "../../shared/protocol/messages.ts";
import { whisperClosed } from "../../shared/protocol/whisper.ts";
import { digest, findByDigest, sameDigest } from "../security/hash.ts";
import { randomReturnCode, randomToken } from "../security/random.ts";
import { ORGANIZER_DOMAIN, TOKEN_DOMAIN, type Refusal } from "./admission.ts";
import type { ConnectionIdentity } from "./connection.ts";
import { getPreset, viewFor } from "./engine.ts";
import { confusable } from "./confusables.ts";
import { reservedForBots, sameNickname } from "./lobby.ts";
import type { PlayerRow } from "./storage.ts";
import { TOKENS_PER_PLAYER } from "./storage.ts";
import type { SeriesPort, FanoutPort, ListingPort, MatchPort, MediaPort, OrganizerPort, TableCore } from "./ports.ts";
import type { Sockets } from "./connection.ts";
import type { TableStore } from "./storage.ts";
import type { ConsigliereRow, ConsiglieriRows } from "./repositories/consiglieri.ts";
import type { AddressDigests } from "./address-digests.ts";

export type { ConsigliereRow } from "./repositories/consiglieri.ts";


/**
 * RULES.md §7.10 (2026-12-06): who binds — the account the worker read from the advisor's session, and
 * whether it is experienced (worker/api/newcomers.ts advisorOf). Absent: a guest, never experienced.
 */
export interface AdvisorAccount {
  userId: string;
  experienced: boolean;
}

const inviteDomain = (code: string) => `consigliere-invite:${code}`;
/** The seats' own domains: a consigliere's return code and device are digested like a player's. */
const returnDomain = (code: string) => `return:${code}`;
const deviceDomain = (code: string) => `device:${code}`;


export type InviteResult = { ok: true; body: ConsigliereInviteResponse } | Refusal;
export type ConsigliereJoinResult = { ok: true; body: JoinResponse } | Refusal;

const SAME_ADDRESS = "The seat's own address cannot advise it (RULES.md §7.10): advise from another network, or sit at the table from the same one.";

function refusal(code: Refusal["error"]["code"], message: string): Refusal {
  return { ok: false, error: { code, message } };
}

/** What this part uses of the table (each part gets only what it uses; table.ts builds it). */
interface ConsiglieriDeps extends Pick<TableCore, "afterChange" | "config" | "now" | "tx"> {
  /** This part's own rows (repositories/consiglieri.ts). */
  readonly consiglieriRows: ConsiglieriRows;
  readonly series: Pick<SeriesPort, "leaveTable">;
  readonly addressDigests: Pick<AddressDigests, "of">;
  readonly fanout: Pick<FanoutPort, "forgetLog" | "send">;
  readonly listing: Pick<ListingPort, "push">;
  readonly match: Pick<MatchPort, "startIfFull" | "state">;
  readonly media: Pick<MediaPort, "spectatorPeer" | "spectatorsMayListen" | "welcome">;
  readonly sockets: Pick<Sockets, "all" | "attachmentOf" | "save">;
  readonly organizer: Pick<OrganizerPort, "isOrganizer">;
  readonly store: Pick<TableStore, "bumpVersion" | "control" | "game" | "initialized" | "players" | "seriesGame" | "tokens">;
}

/**
 * RULES.md §7.10 *decision*: "players with fewer than 10 games may not sit at a rating table
 * without one … The table does not start while such a seat has no bound consigliere, and says who needs
 * one." The worker opening a club evening's table in a running season names the accounts with fewer than
 * 10 finished games of the format (worker/api/newcomers.ts); they are kept here (the table consigliere_required, migration 4), apart from the config.
 */

export class Consiglieri {
  private cache: ConsigliereRow[] | null = null;
  /** The accounts that need a bound consigliere before the game starts (null: not read yet). */
  private requiredCache: ReadonlySet<string> | null = null;

  /** The accounts named as newcomers at this rating table (read once, cached). */
  required(): ReadonlySet<string> {
    if (this.requiredCache) return this.requiredCache;
    // The table is made by the table's migration 4 (migrations.ts).
    return (this.requiredCache = new Set(this.t.consiglieriRows.required()));
  }

  /** Name the newcomers (the worker, once, when it opens the evening's table). */
  requireFor(userIds: readonly string[]): void {
    const rows = this.t.consiglieriRows;
    this.t.tx(() => {
      for (const id of userIds) rows.require(id);
      this.requiredCache = null;
      this.t.store.bumpVersion();
    });
  }

  /**
   * §7.10: the current game's seated newcomers (player ids) with no bound consigliere — while
   * any is listed the game does not start (match.ts startIfFull, organizer.ts start: `consigliere-required`).
   * Empty at every table that named no newcomer (an unrated table is unchanged).
   */
  missing(): string[] {
    const required = this.required();
    if (required.size === 0) return [];
    const { gameNo } = this.t.store.seriesGame();
    return this.t.store
      .players()
      .filter((p) => !p.bot && p.gameNo >= gameNo && p.userId !== null && p.userId !== undefined && required.has(p.userId) && !this.counts(p.playerId))
      .map((p) => p.playerId);
  }

  /** The accounts of the seated newcomers the table waits for (missing), for the evening page (worker/api/newcomers.ts). */
  waitingAccounts(): string[] {
    const waiting = new Set(this.missing());
    return this.t.store.players().flatMap((p) => (waiting.has(p.playerId) && p.userId ? [p.userId] : []));
  }

  /**
   * RULES.md §7.10 (2026-12-06): the seat's bound consigliere counts for a newcomer only when experienced
   * — an account the worker found experienced, never a guest, never the newcomer's own account.
   */
  private counts(playerId: string): boolean {
    const row = this.bound(playerId);
    const seat = this.seat(playerId);
    return row !== null && row.experienced && row.advisorUserId !== null && row.advisorUserId !== seat?.userId;
  }

  /**
   * RULES.md §7.10: never the newcomer's own address. The advisor's address bucket (digested like the
   * seats', admission.ts) is the seat's own when it matches the address the seat sat down from and no
   * other person seated in this game sat down from it: an address several seats share is a venue's or a
   * household's network (a club evening seats a whole room behind one, `seatsPerAddress`) and says
   * nothing about who is who. Null (no CF-Connecting-IP, or a loopback one from `wrangler dev` on one's
   * own machine: security/address.ts limitBucket) compares nothing.
   */
  private ownAddress(seat: PlayerRow, addressHash: Uint8Array | null): boolean {
    if (!addressHash || !seat.addressHash || !sameDigest(addressHash, seat.addressHash)) return false;
    const { gameNo } = this.t.store.seriesGame();
    const own = seat.addressHash;
    return !this.t.store.players().some((p) => p.playerId !== seat.playerId && !p.bot && p.gameNo >= gameNo && p.addressHash && sameDigest(p.addressHash, own));
  }

  /**
   * Why the table may not start (organizer.ts start), or null: `advisor-not-experienced` when a waiting
   * newcomer has a consigliere bound who does not count (a guest, or an account without the experience),
   * else `consigliere-required` while a newcomer has none.
   */
  startRefusal(): { code: "advisor-not-experienced" | "consigliere-required"; message: string } | null {
    const missing = this.missing();
    if (missing.length === 0) return null;
    const names = (ids: readonly string[]) => this.t.store.players().filter((p) => ids.includes(p.playerId)).map((p) => p.nickname).join(", ");
    const weak = missing.filter((id) => this.bound(id) !== null);
    if (weak.length > 0) {
      return {
        code: "advisor-not-experienced",
        message: `The consigliere of ${names(weak)} does not count (RULES.md §7.10): an advisor is an account with 10 finished games of this format here, or one the club marked experienced — never a guest.`,
      };
    }
    return { code: "consigliere-required", message: `A newcomer at this rating table has no consigliere yet (RULES.md §7.10): ${names(missing)}.` };
  }

  /**
   * RULES.md §7.10 (2026-12-06): the club marked these accounts experienced while the table is open — they
   * need no consigliere here any more, and a consigliere they already are counts from now on. A full table
   * that waited only for them starts.
   */
  async markExperienced(userIds: readonly string[]): Promise<void> {
    const t = this.t;
    if (!t.store.initialized() || userIds.length === 0) return;
    const now = t.now();
    const rows = t.consiglieriRows;
    const dropped = t.tx(() => {
      const released = userIds.some((id) => this.required().has(id));
      for (const id of userIds) {
        rows.release(id);
        if (this.exists()) rows.markAdvisorExperienced(id);
      }
      this.requiredCache = null;
      this.cache = null;
      // The last newcomer marked leaves nobody required: the table that waited for them starts.
      const started = this.startIfWaiting(now, released);
      if (started === null) t.store.bumpVersion();
      return started;
    });
    await this.afterBinding(dropped, now);
  }

  /** The seat's player id and nickname for this seat token (the worker's "ask an advisor"), or a refusal. */
  async seatFor(token: string): Promise<{ ok: true; playerId: string; nickname: string } | Refusal> {
    const p = await this.seatOf(token);
    if ("ok" in p) return p;
    const late = this.afterDeal();
    if (late) return late;
    return { ok: true, playerId: p.playerId, nickname: p.nickname };
  }

  /**
   * An advising club member accepts a newcomer's request (the worker checked the request and the
   * member's session): bound at once, as if they had joined with an invitation code — their own token and
   * return code. A seat that already has a consigliere is refused (`consigliere-taken`).
   */
  async accept(playerId: string, nickname: string, deviceId: string | undefined, advisor: AdvisorAccount, address: string | null = null): Promise<ConsigliereJoinResult> {
    const t = this.t;
    if (!t.store.initialized()) return refusal("not-found", "No table with this code.");
    if (!getPreset(t.config().presetId)?.consigliere) return refusal("no-consigliere", "This format has no consiglieri (RULES.md §7.10: the Tatar club).");
    const config = t.config();
    const token = randomToken();
    const returnCode = randomReturnCode();
    const [tokenHash, returnHash, deviceHash, addressHash] = await Promise.all([
      digest(TOKEN_DOMAIN, token),
      digest(returnDomain(config.code), returnCode),
      deviceId === undefined ? Promise.resolve(null) : digest(deviceDomain(config.code), deviceId),
      address === null ? Promise.resolve(null) : t.addressDigests.of(address),
    ]);
    const now = t.now();
    const outcome = t.tx((): ConsigliereJoinResult & { dropped?: string[] | null } => {
      const late = this.afterDeal();
      if (late) return late;
      const seat = this.seat(playerId);
      if (!seat) return refusal("bad-token", "That seat is not a person's at this table now.");
      if (this.bound(playerId)) return refusal("consigliere-taken", "This seat already has a consigliere.");
      const bad = this.nicknameRefusal(nickname);
      if (bad) return bad;
      if (deviceHash && seat.deviceHash && sameDigest(deviceHash, seat.deviceHash)) return refusal("same-device", "The seat's own device cannot advise it.");
      if (this.ownAddress(seat, addressHash)) return refusal("same-address", SAME_ADDRESS);
      t.consiglieriRows.bindDirect(playerId, { nickname, returnHash, deviceHash, joinedAt: now, advisorUserId: advisor.userId, experienced: advisor.experienced });
      t.consiglieriRows.dropTokens(playerId);
      this.insertToken(tokenHash, playerId, now);
      this.cache = null;
      const dropped = this.startIfWaiting(now);
      if (dropped === null) t.store.bumpVersion();
      return { ok: true, body: { playerId, returnCode, token }, dropped };
    });
    if (!outcome.ok) return outcome;
    await this.afterBinding(outcome.dropped ?? null, now);
    return { ok: true, body: outcome.body };
  }

  /**
   * Inside a binding's transaction — a full rating table in its lobby that waited only for this
   * consigliere starts now (the dropped players, as match.startIfFull); null when nothing started (a game
   * already running is never touched).
   */
  private startIfWaiting(now: number, released = false): string[] | null {
    const t = this.t;
    if (t.store.game().status !== "lobby" || (this.required().size === 0 && !released)) return null;
    return t.match.startIfFull(t.config(), now);
  }

  /** A nickname refusal for a new consigliere (bots' names, taken, confusable), or null. */
  private nicknameRefusal(nickname: string): Refusal | null {
    const t = this.t;
    if (reservedForBots(nickname)) return refusal("nickname-reserved", "Names like \"Bot 3\" belong to the table's bots; choose another.");
    const names = [...t.store.players().map((p) => p.nickname), ...this.rows().flatMap((r) => (r.nickname === null ? [] : [r.nickname]))];
    if (names.some((n) => sameNickname(n, nickname))) return refusal("nickname-taken", "Someone at this table already uses that nickname.");
    const twin = names.find((n) => confusable(n, nickname));
    if (twin) return refusal("nickname-confusable", `That nickname looks like "${twin}", who is already at this table.`);
    return null;
  }

  /** After a binding: a game it let start drops who did not stay, as a join's start does. */
  private async afterBinding(dropped: string[] | null, now: number): Promise<void> {
    if (dropped) this.t.series.leaveTable(dropped, now);
    await this.t.afterChange(now);
    if (dropped) await this.t.listing.push();
  }

  constructor(private readonly t: ConsiglieriDeps) {}

  /** Drop the row cache (a rolled-back transaction, Table.forgetCaches). */
  forget(): void {
    this.cache = null;
    this.requiredCache = null;
  }

  /** Whether the table's schema (with the consiglieri's tables, migration 1) is there: it is initialised. */
  private exists(): boolean {
    return this.t.store.initialized();
  }

  /** Every row (cached; read-only). */
  rows(): readonly ConsigliereRow[] {
    if (this.cache) return this.cache;
    if (!this.exists()) return (this.cache = []);
    return (this.cache = this.t.consiglieriRows.all());
  }

  /** The seat's player, if it is a person in the current game (a bot seat or a player gone has no consigliere). */
  private seat(playerId: string): PlayerRow | null {
    const p = this.t.store.players().find((x) => x.playerId === playerId);
    return p && !p.bot && p.gameNo >= this.t.store.seriesGame().gameNo ? p : null;
  }

  /** The joined consigliere of this seat's player, while the seat is a person's. */
  bound(playerId: string): ConsigliereRow | null {
    const row = this.rows().find((r) => r.playerId === playerId && r.nickname !== null);
    return row && this.seat(playerId) ? row : null;
  }

  /** Public: player id → their consigliere's nickname (every view marks the seat). */
  names(): ReadonlyMap<string, string> {
    const out = new Map<string, string>();
    for (const r of this.rows()) if (r.nickname !== null && this.seat(r.playerId)) out.set(r.playerId, r.nickname);
    return out;
  }

  /**
   * Public, in the lobby: the seats whose organizer's (or host's) invitation waits for their player's
   * consent — the player's page asks them (§7.10); after the deal no invitation counts.
   */
  invited(): ReadonlySet<string> {
    if (this.t.store.game().status !== "lobby") return new Set();
    return new Set(this.rows().filter((r) => r.nickname === null && r.inviteHash !== null && r.awaitingConsent && this.current(r) && this.seat(r.playerId)).map((r) => r.playerId));
  }

  /** A pending invitation made in this game's lobby (one from an earlier game's lobby expired at that deal). */
  private current(r: ConsigliereRow): boolean {
    return r.inviteGame === this.t.store.seriesGame().gameNo;
  }

  /** §7.10: a refusal once the cards are dealt (the game playing or ended), null in the lobby. */
  private afterDeal(): Refusal | null {
    if (this.t.store.game().status === "lobby") return null;
    return refusal("game-started", "A consigliere is bound only before the deal (RULES.md §7.10); this game has started.");
  }

  /** The seat whose consigliere holds this token digest (hello), while bound. */
  tokenOwner(tokenHash: Uint8Array): string | null {
    if (!this.exists()) return null;
    const row = findByDigest(tokenHash, this.t.consiglieriRows.tokens(), (r) => r.tokenHash);
    const playerId = row ? row.playerId : null;
    return playerId !== null && this.bound(playerId) ? playerId : null;
  }

  /** The seat whose consigliere's return code this digest is (POST /return): a fresh token for the consigliere. */
  returnTo(candidate: Uint8Array, tokenHash: Uint8Array, now: number): string | null {
    const row = findByDigest(candidate, this.rows().filter((r) => r.returnHash !== null && this.bound(r.playerId)), (r) => r.returnHash as Uint8Array);
    if (!row) return null;
    this.insertToken(tokenHash, row.playerId, now);
    return row.playerId;
  }

  private insertToken(tokenHash: Uint8Array, playerId: string, now: number): void {
    this.t.consiglieriRows.addToken(tokenHash, playerId, now, TOKENS_PER_PLAYER);
  }

  /** The seated person holding this seat token, or a refusal. */
  private async seatOf(token: string): Promise<PlayerRow | Refusal> {
    const t = this.t;
    if (!t.store.initialized()) return refusal("not-found", "No table with this code.");
    if (!getPreset(t.config().presetId)?.consigliere) return refusal("no-consigliere", "This format has no consiglieri (RULES.md §7.10: the Tatar club).");
    const hash = await digest(TOKEN_DOMAIN, token);
    const row = findByDigest(hash, t.store.tokens(), (r) => r.tokenHash);
    const p = row ? this.seat(row.playerId) : null;
    if (!p) return refusal("bad-token", "This token does not hold a seat here.");
    return p;
  }

  /**
   * The player asks for an invitation: a one-time code for their advisor. A pending one is replaced
   * (its code stops working); a seat that already has a consigliere is refused (`consigliere-taken`).
   */
  async invite(token: string): Promise<InviteResult> {
    const p = await this.seatOf(token);
    if ("ok" in p) return p;
    return this.issueInvite(p, false);
  }

  /**
   * RULES.md §7.10: the organizer (or the live host) invites a consigliere for a seated player —
   * at a rating table, for a newcomer the table waits for — and passes the one-time code on. `token` is the
   * one the organizer's page says hello with: the organizer token, or the seat token of an organizer who
   * plays. Anyone else is refused (`bad-organizer-token`). Only in the lobby, and the code binds only after
   * the seat's player consents from their own seat token (`consent`): the organizer never gets another
   * seat's view by themselves.
   */
  async inviteFor(token: string, nickname: string): Promise<InviteResult> {
    const t = this.t;
    if (!t.store.initialized()) return refusal("not-found", "No table with this code.");
    if (!getPreset(t.config().presetId)?.consigliere) return refusal("no-consigliere", "This format has no consiglieri (RULES.md §7.10: the Tatar club).");
    const [hash, organizerHash] = await Promise.all([digest(TOKEN_DOMAIN, token), digest(ORGANIZER_DOMAIN, token)]);
    const control = t.store.control();
    const seatToken = findByDigest(hash, t.store.tokens(), (r) => r.tokenHash);
    const organizer =
      (control.organizerTokenHash !== null && sameDigest(organizerHash, control.organizerTokenHash)) ||
      (seatToken !== null && seatToken !== undefined && t.organizer.isOrganizer({ kind: "player", playerId: seatToken.playerId }));
    if (!organizer) return refusal("bad-organizer-token", "Only the organizer invites a consigliere for another seat.");
    const late = this.afterDeal();
    if (late) return late;
    const p = t.store.players().find((x) => this.seat(x.playerId) && sameNickname(x.nickname, nickname));
    if (!p) return refusal("not-found", `Nobody called ${nickname} sits at this table.`);
    return this.issueInvite(p, true);
  }

  /**
   * A fresh one-time invitation for this seat's player (replacing a pending one), in the lobby only.
   * `awaitingConsent`: made by someone else for this seat — its code binds once the player consents.
   */
  private async issueInvite(p: PlayerRow, awaitingConsent: boolean): Promise<InviteResult> {
    const t = this.t;
    const code = randomReturnCode();
    const inviteHash = await digest(inviteDomain(t.config().code), code);
    const now = t.now();
    const result = t.tx((): InviteResult => {
      const late = this.afterDeal();
      if (late) return late;
      if (this.bound(p.playerId)) return refusal("consigliere-taken", "This seat already has a consigliere; revoke it first.");
      t.consiglieriRows.invite(p.playerId, inviteHash, awaitingConsent, t.store.seriesGame().gameNo);
      t.consiglieriRows.dropTokens(p.playerId);
      this.cache = null;
      // The public "invited, waiting for consent" mark appears or goes.
      t.store.bumpVersion();
      return { ok: true, body: { code } };
    });
    if (result.ok) await t.afterChange(now);
    return result;
  }

  /**
   * RULES.md §7.10: the seat's player, with their own seat token, consents to the invitation the
   * organizer or host made for their seat (its code binds from now on) or declines it (the code stops
   * working). Only in the lobby; `not-found` when no such invitation waits.
   */
  async consent(token: string, accept: boolean): Promise<{ ok: true } | Refusal> {
    const p = await this.seatOf(token);
    if ("ok" in p) return p;
    const t = this.t;
    const now = t.now();
    const result = t.tx((): { ok: true } | Refusal => {
      const late = this.afterDeal();
      if (late) return late;
      if (!this.invited().has(p.playerId)) return refusal("not-found", "No invitation for your seat waits for your consent.");
      if (accept) t.consiglieriRows.consented(p.playerId);
      else t.consiglieriRows.drop(p.playerId);
      this.cache = null;
      t.store.bumpVersion();
      return { ok: true };
    });
    if (result.ok) await t.afterChange(now);
    return result;
  }

  /** The advisor joins with the code: their own token and return code; the seat is marked for everyone. */
  async join(code: string, nickname: string, deviceId: string | undefined, advisor: AdvisorAccount | null, address: string | null = null): Promise<ConsigliereJoinResult> {
    const t = this.t;
    if (!t.store.initialized()) return refusal("not-found", "No table with this code.");
    const config = t.config();
    const token = randomToken();
    const returnCode = randomReturnCode();
    const [inviteHash, tokenHash, returnHash, deviceHash, addressHash] = await Promise.all([
      digest(inviteDomain(config.code), code),
      digest(TOKEN_DOMAIN, token),
      digest(returnDomain(config.code), returnCode),
      deviceId === undefined ? Promise.resolve(null) : digest(deviceDomain(config.code), deviceId),
      address === null ? Promise.resolve(null) : t.addressDigests.of(address),
    ]);
    const now = t.now();
    const outcome = t.tx((): ConsigliereJoinResult & { dropped?: string[] | null } => {
      // §7.10: a code minted in the lobby and not used before the deal binds nothing afterwards.
      const late = this.afterDeal();
      if (late) return late;
      const row = findByDigest(inviteHash, this.rows().filter((r) => r.inviteHash !== null), (r) => r.inviteHash as Uint8Array);
      const seat = row ? this.seat(row.playerId) : null;
      if (!row || !seat) return refusal("bad-consigliere-code", "That consigliere code is not valid at this table (used, revoked, or never given).");
      if (!this.current(row)) return refusal("game-started", "That code was for a game whose cards are dealt: a consigliere is bound only before the deal (RULES.md §7.10).");
      if (row.awaitingConsent) return refusal("consent-required", "The player has not accepted this invitation on their own device yet (RULES.md §7.10).");
      if (reservedForBots(nickname)) return refusal("nickname-reserved", "Names like \"Bot 3\" belong to the table's bots; choose another.");
      const names = [...t.store.players().map((p) => p.nickname), ...this.rows().flatMap((r) => (r.nickname === null ? [] : [r.nickname]))];
      if (names.some((n) => sameNickname(n, nickname))) return refusal("nickname-taken", "Someone at this table already uses that nickname.");
      const twin = names.find((n) => confusable(n, nickname));
      if (twin) return refusal("nickname-confusable", `That nickname looks like "${twin}", who is already at this table.`);
      if (deviceHash && seat.deviceHash && sameDigest(deviceHash, seat.deviceHash)) return refusal("same-device", "The seat's own device cannot advise it.");
      if (this.ownAddress(seat, addressHash)) return refusal("same-address", SAME_ADDRESS);
      t.consiglieriRows.bindInvited(row.playerId, { nickname, returnHash, deviceHash, joinedAt: now, advisorUserId: advisor?.userId ?? null, experienced: advisor?.experienced === true });
      this.insertToken(tokenHash, row.playerId, now);
      this.cache = null;
      // §7.10: the last newcomer's consigliere lets a full rating table start.
      const dropped = this.startIfWaiting(now);
      if (dropped === null) t.store.bumpVersion(); // the public mark
      return { ok: true, body: { playerId: row.playerId, returnCode, token }, dropped };
    });
    if (!outcome.ok) return outcome;
    await this.afterBinding(outcome.dropped ?? null, now);
    return { ok: true, body: outcome.body };
  }

  /**
   * The player revokes their consigliere (or a pending invitation): the code, tokens and return code stop
   * working at once, and the advisor's open sockets become a spectator's (a new `welcome`).
   */
  async revoke(token: string): Promise<{ ok: true } | Refusal> {
    const p = await this.seatOf(token);
    if ("ok" in p) return p;
    const t = this.t;
    const now = t.now();
    const wasBound = t.tx(() => {
      const bound = this.bound(p.playerId) !== null;
      if (!this.exists()) return false;
      t.consiglieriRows.drop(p.playerId);
      t.consiglieriRows.dropTokens(p.playerId);
      this.cache = null;
      if (bound) t.store.bumpVersion();
      return bound;
    });
    if (!wasBound) return { ok: true };
    // A spectator's welcome carries the media where spectators listen (its own spectator peer).
    const media = t.media.spectatorsMayListen() ? await t.media.welcome() : null;
    for (const ws of t.sockets.all()) {
      const att = t.sockets.attachmentOf(ws, now);
      if (att.identity?.kind !== "consigliere" || att.identity.playerId !== p.playerId) continue;
      att.identity = { kind: "spectator" };
      delete att.credential;
      delete att.media;
      const peer = media ? t.media.spectatorPeer(att) : null;
      t.sockets.save(ws, att);
      t.fanout.forgetLog(ws);
      t.fanout.send(ws, { type: "welcome", identity: { kind: "spectator" }, serverNow: now, ...(media ? { media: { ...media, peer: peer! } } : {}) });
    }
    await t.afterChange(now);
    return { ok: true };
  }

  /**
   * A whisper from a player to their consigliere or back (RULES.md §7.10): delivered to every open
   * socket of the other of the pair only; refused at night and during the player's own speech (read from
   * the seat's own view), `no-peer` when the pair is not complete. Never stored: not part of the game log.
   */
  whisper(identity: ConnectionIdentity, msg: WhisperMessage, now: number): { code: ErrorCode; message: string } | null {
    const t = this.t;
    if (identity.kind !== "player" && identity.kind !== "consigliere") return { code: "not-seated", message: "Only a player and their consigliere whisper." };
    const playerId = identity.playerId;
    if (!getPreset(t.config().presetId)?.consigliere || !this.bound(playerId)) return { code: "no-peer", message: "This seat has no consigliere to whisper with." };
    const state = t.match.state();
    const why = state ? whisperClosed(viewFor(state, { kind: "player", playerId }, { logAfter: Number.MAX_SAFE_INTEGER })) : null;
    if (why === "night") return { code: "whisper-closed", message: "No whispering at night (RULES.md §7.10)." };
    if (why === "speech") return { code: "whisper-closed", message: "No whispering during the player's own speech (RULES.md §7.10)." };
    const to: ConnectionIdentity["kind"] = identity.kind === "player" ? "consigliere" : "player";
    const frame: ServerMessage = { type: "whisper", from: identity.kind, text: msg.text, at: now };
    let delivered = 0;
    for (const ws of t.sockets.all()) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      const other = t.sockets.attachmentOf(ws, now).identity;
      if (!other || other.kind !== to || !("playerId" in other) || other.playerId !== playerId) continue;
      t.fanout.send(ws, frame);
      delivered++;
    }
    return delivered > 0 ? null : { code: "no-peer", message: identity.kind === "player" ? "Your consigliere is not connected." : "The player is not connected." };
  }
}
