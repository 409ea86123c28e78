/**
 * One table = one Durable Object (ENGINEERING.md "The shape"), built on partyserver's `Server`: the
 * runtime's hooks, handed over to the table's parts (table.ts).
 *
 * Load: the parts are built on the object's SQLite and its connections, and rebuild their caches
 * lazily after an eviction. Hand over: RPC from the worker, the socket upgrade (`fetch` → `onConnect`),
 * each frame (`onMessage`), each close (`onClose`/`onError`) and the alarm (`onAlarm`) go to the part
 * whose job they are. Persist: every part writes through the table's store (storage.ts) in
 * transactions; each connection keeps who it is in its state, which survives hibernation
 * (connection.ts).
 *
 * The object's name: partyserver reads it from the id (`idFromName(code)` in worker/api). The table
 * never relies on it — the code is in its own SQLite `config` row, also inside `alarm()`.
 */
import { Server, type Connection, type WSMessage } from "partyserver";
import type { TableSummary } from "../../shared/protocol/http.ts";
import type { Env } from "../env.ts";
import type { InitRequest, InitResult, JoinOptions, JoinResult, ReturnResult } from "./admission.ts";
import { ConnectionSockets, newAttachment } from "./connection.ts";
import type { DueKind } from "./schedule.ts";
import type { TableStore } from "./storage.ts";
import { Table } from "./table.ts";

export { RETURN_ATTEMPTS, SOCKET_OPENS, type InitRequest, type InitResult, type JoinOptions, type JoinResult, type ReturnResult } from "./admission.ts";
export { testClockEnabled } from "./clock.ts";

/** partyserver's Server asks for the global Cloudflare.Env (which the worker tests extend); ours is a part of it. */
type ServerEnv = Env & Cloudflare.Env;

export class TableObject extends Server<ServerEnv> {
  static override options = { hibernate: true };

  private readonly sockets: ConnectionSockets;
  private readonly table: Table;

  constructor(ctx: DurableObjectState, env: ServerEnv) {
    super(ctx, env);
    this.sockets = new ConnectionSockets(this);
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

  /** The public summary for a join page; null for a code that was never created. */
  summary(): TableSummary | null {
    return this.table.listing.summary();
  }

  /** Sit down with a nickname (admission.ts). */
  join(nickname: string, opts: JoinOptions): Promise<JoinResult> {
    return this.table.admission.join(nickname, opts);
  }

  /** A fresh token for the seat whose return code this is (another device). */
  returnToSeat(returnCode: string): Promise<ReturnResult> {
    return this.table.admission.returnToSeat(returnCode);
  }

  /** The end-to-end test clock (alarm.ts; only with E2E_CLOCK=1). */
  advanceClock(phaseSeq: number): Promise<{ ok: boolean; phaseSeq: number | null; reason?: string }> {
    return this.table.alarm.advanceClock(phaseSeq);
  }

  /* ---------------------------------------------------------------- connections */

  /**
   * The socket upgrade (GET /api/tables/:code/socket). Refused before any socket exists: an unknown
   * table (404, and nothing is written), no upgrade (426), too many opens from the address (429).
   * Then partyserver accepts the socket (hibernatable) and calls onConnect. The connection's id is
   * always the server's (the query string is not passed on), and the stored URL stays short.
   */
  override async fetch(request: Request): Promise<Response> {
    const refused = this.table.admission.socketRefusal(request);
    if (refused) return refused;
    const url = new URL(request.url);
    if (this.ctx.id.name === undefined) await this.setName(this.table.config().code);
    return super.fetch(new Request(url.origin + url.pathname, request));
  }

  /** A socket was accepted: un-greeted until its `hello`, which is due within HELLO_TIMEOUT_MS. */
  override async onConnect(connection: Connection): Promise<void> {
    try {
      this.sockets.save(connection, newAttachment(this.table.now()));
      await this.table.alarm.sync(); // the hello timeout (schedule.ts "hello")
    } catch (err) {
      // Handled here: partyserver would answer a throw with the error's stack on the socket.
      console.error("table: connect handler failed", err);
      connection.close(1011, "internal error");
    }
  }

  override onMessage(connection: Connection, message: WSMessage): Promise<void> {
    return this.table.frames.message(connection, message);
  }

  override async onClose(connection: Connection, code: number): Promise<void> {
    try {
      try {
        connection.close(code === 1005 || code === 1006 ? 1000 : code, "bye");
      } catch {
        /* already closed */
      }
      await this.table.presence.disconnected(connection);
    } catch (err) {
      console.error("table: close handler failed", err);
    }
  }

  override async onError(connection: Connection, error: unknown): Promise<void> {
    console.warn("table: socket error", error);
    try {
      await this.table.presence.disconnected(connection);
    } catch (err) {
      console.error("table: error handler failed", err);
    }
  }

  /* ---------------------------------------------------------------- alarm */

  override onAlarm(): Promise<void> {
    return this.table.alarm.fired();
  }
}
