/**
 * One table = one Durable Object (ENGINEERING.md "The shape"): the runtime's hooks, handed over to the
 * table's parts (table.ts). Load: the parts are built on the object's SQLite and sockets, and rebuild
 * their caches lazily after an eviction. Hand over: RPC from the worker, the socket upgrade, each
 * frame, each close and the alarm go to the part whose job they are. Persist: every part writes
 * through the table's store (storage.ts) in transactions; sockets keep who they are in their
 * hibernation attachments (connection.ts).
 */
import { DurableObject } from "cloudflare:workers";
import type { TableSummary } from "../../shared/protocol/http.ts";
import type { Env } from "../env.ts";
import type { InitRequest, InitResult, JoinOptions, JoinResult, Refusal, ReturnResult } from "./admission.ts";
import type { TakeoverOffer, TakeoverResult } from "./club-takeover.ts";
import type { AdvisorAccount, ConsigliereJoinResult, InviteResult } from "./consigliere.ts";
import { addressOf } from "../security/address.ts";
import { HibernatingSockets, newAttachment } from "./connection.ts";
import { gameOver, gameRecord, type AccountRecord, type RecordRefusal } from "./record.ts";
import type { RecordingRefusalCode, UploadGrant } from "./recordings.ts";
import type { DueKind } from "./schedule.ts";
import type { TableStore } from "./storage.ts";
import { Table } from "./table.ts";

export { type InitRequest, type InitResult, type JoinOptions, type JoinResult, type ReturnResult } from "./admission.ts";

export class TableObject extends DurableObject<Env> {
  private readonly sockets: HibernatingSockets;
  private readonly table: Table;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sockets = new HibernatingSockets(ctx);
    this.table = new Table(ctx, () => this.env, this.sockets);
    // Keep-alives are answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  /** The table's SQLite store (tests drop its row caches after writing behind its back). */
  get store(): TableStore {
    return this.table.store;
  }

  /** Tests only: alarm faults to inject (TableAlarm.testAlarmFaults). */
  get testAlarmFaults(): Map<DueKind, number> {
    return this.table.alarm.testAlarmFaults;
  }

  /* ---------------------------------------------------------------- RPC from the worker */

  /** Create the table here. Refused if this object was ever initialised: the worker then draws another code. */
  init(req: InitRequest): Promise<InitResult> {
    return this.table.admission.init(req);
  }

  /** The club evening's named host takes the host screen (host-claim.ts). */
  claimHost(userId: string): Promise<{ ok: true; token: string } | Refusal> {
    return this.table.hostClaim.claimHost(userId);
  }

  /** RULES.md §5.7: what the table offers a club's owner or host now (club-takeover.ts; the worker checked who they are). */
  takeoverOffer(userId: string): TakeoverOffer | null {
    return this.table.takeover.offer(userId);
  }

  /** RULES.md §5.7: a club's owner or host hands the table to the server or takes over as its host (club-takeover.ts). */
  takeover(userId: string, by: string, as: "server" | "host"): Promise<TakeoverResult> {
    return this.table.takeover.take(userId, by, as);
  }

  /** The public summary for a join page; null for a code that was never created. */
  summary(): TableSummary | null {
    return this.table.listing.summary();
  }

  /** A finished game's record with its players' accounts (record.ts; the Worker masks and publishes it), or why not. */
  record(game: number): AccountRecord | RecordRefusal {
    return gameRecord(this.table, game);
  }

  /** Whether game `game` is over (record.ts gameOver): a recording is heard only then (RULES.md §8). */
  gameOver(game: number): "ended" | RecordRefusal {
    return gameOver(this.table, game);
  }

  /** RULES.md §6.11: may this organizer token upload game `game`'s recording now (recordings.ts)? */
  recordingGrant(token: string, game: number): Promise<UploadGrant> {
    return this.table.recordings.grant(token, game);
  }

  /** May this organizer token upload chunk `i` of game `game`'s recording now (recordings.ts)? */
  recordingChunkGrant(token: string, game: number, i: number, length: number, maxTotal: number): Promise<UploadGrant> {
    return this.table.recordings.chunkGrant(token, game, i, length, maxTotal);
  }

  /** Chunk `i` is stored in R2; the chunks stored and the contiguous bytes from chunk 0. */
  recordingChunkStored(game: number, i: number): { have: number[]; size: number } {
    return this.table.recordings.chunkStored(game, i);
  }

  /** The chunks stored so far, for the uploader (a reopened page resumes). */
  recordingChunks(token: string, game: number): Promise<{ ok: true; have: number[] } | { ok: false; code: RecordingRefusalCode; message: string }> {
    return this.table.recordings.chunks(token, game);
  }

  /** Sit down with a nickname (admission.ts). */
  join(nickname: string, opts: JoinOptions): Promise<JoinResult> {
    return this.table.admission.join(nickname, opts);
  }

  /** A fresh token for the seat whose return code this is (another device). */
  /** `address`: the caller's address bucket (security/address.ts addressOf). */
  returnToSeat(returnCode: string, address?: string): Promise<ReturnResult> {
    return this.table.returns.returnToSeat(returnCode, address);
  }

  /** RULES.md §7.10: the seated player's invitation for a consigliere (consigliere.ts). */
  consigliereInvite(token: string): Promise<InviteResult> {
    return this.table.consiglieri.invite(token);
  }

  /** RULES.md §7.10: the organizer's invitation for another seat's consigliere (a newcomer's). */
  consigliereInviteFor(token: string, nickname: string): Promise<InviteResult> {
    return this.table.consiglieri.inviteFor(token, nickname);
  }

  /** The advisor joins with the invitation's code: their own token and return code. */
  consigliereJoin(code: string, nickname: string, deviceId: string | undefined, advisor: AdvisorAccount | null, address: string | null = null): Promise<ConsigliereJoinResult> {
    return this.table.consiglieri.join(code, nickname, deviceId, advisor, address);
  }

  /** The worker names a rating table's newcomers (accounts), once, when it opens the table. */
  requireConsiglieri(userIds: string[]): void {
    this.table.consiglieri.requireFor(userIds);
  }

  /** The seat of this token (player id, nickname), for a newcomer's request to an advising member. */
  consigliereSeat(token: string): Promise<{ ok: true; playerId: string; nickname: string } | Refusal> {
    return this.table.consiglieri.seatFor(token);
  }

  /** An advising member accepts (the worker checked the request): bound at once. */
  consigliereAccept(playerId: string, nickname: string, deviceId: string | undefined, advisor: AdvisorAccount, address: string | null = null): Promise<ConsigliereJoinResult> {
    return this.table.consiglieri.accept(playerId, nickname, deviceId, advisor, address);
  }

  /** RULES.md §7.10 (2026-12-06): the accounts of the seated newcomers this rating table still waits for. */
  consigliereWaiting(): string[] {
    return this.table.consiglieri.waitingAccounts();
  }

  /** RULES.md §7.10 (2026-12-06): the club marked these accounts experienced while its table is open. */
  consigliereExperienced(userIds: string[]): Promise<void> {
    return this.table.consiglieri.markExperienced(userIds);
  }

  /** RULES.md §7.10: the seat's player consents to (or declines) the organizer's invitation for their seat. */
  consigliereConsent(token: string, accept: boolean): Promise<{ ok: true } | Refusal> {
    return this.table.consiglieri.consent(token, accept);
  }

  /** The player revokes their consigliere (or a pending invitation). */
  consigliereRevoke(token: string): Promise<{ ok: true } | Refusal> {
    return this.table.consiglieri.revoke(token);
  }

  /** The end-to-end test clock (test-clock.ts; only with E2E_CLOCK=1). */
  advanceClock(phaseSeq: number): Promise<{ ok: boolean; phaseSeq: number | null; reason?: string }> {
    return this.table.testClock.advanceClock(phaseSeq);
  }

  /** The end-to-end test clock's end of the game (test-clock.ts endForTest; only with E2E_CLOCK=1). */
  endForTest(): Promise<{ ok: boolean; reason?: string }> {
    return this.table.testClock.endForTest();
  }

  /* ---------------------------------------------------------------- WebSocket */

  override async fetch(request: Request): Promise<Response> {
    const refused = this.table.socketOpens.socketRefusal(request);
    if (refused) return refused;
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server);
    this.sockets.save(server, { ...newAttachment(this.table.now()), address: addressOf(request) });
    await this.table.alarm.sync(); // the hello timeout (schedule.ts "hello")
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    await this.table.frames.message(ws, message);
  }

  override async webSocketClose(ws: WebSocket, code: number, _reason: string, _wasClean: boolean): Promise<void> {
    try {
      try {
        ws.close(code === 1005 || code === 1006 ? 1000 : code, "bye");
      } catch {
        /* already closed */
      }
      this.table.sfu.socketClosed(ws);
      await this.table.presence.disconnected(ws);
    } catch (err) {
      console.error("table: close handler failed", err);
    }
  }

  override async webSocketError(ws: WebSocket, error: unknown): Promise<void> {
    console.warn("table: socket error", error);
    try {
      await this.table.presence.disconnected(ws);
    } catch (err) {
      console.error("table: error handler failed", err);
    }
  }

  /* ---------------------------------------------------------------- alarm */

  override async alarm(): Promise<void> {
    await this.table.alarm.fired();
  }
}
