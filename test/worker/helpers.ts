/**
 * Test helpers inside workerd: the worker is fetched through `exports.default` (SELF is deprecated),
 * sockets are real WebSockets from the worker's upgrade response, and every frame a socket receives
 * is recorded and checked against the protocol's ServerMessageSchema.
 */
import { env, exports } from "cloudflare:workers";
import * as v from "valibot";
import type { CreateTableResponse, JoinResponse, TableSummary } from "../../shared/protocol/http.ts";
import { ServerMessageSchema, TableViewSchema, type ServerMessage, type TableView } from "../../shared/protocol/messages.ts";
import { applyViewFrame, type HeldView } from "../../shared/protocol/view-patch.ts";

export const worker = (exports as unknown as { default: Fetcher }).default;
export const ORIGIN = "http://mafia.test";

export function api(path: string, init?: RequestInit): Promise<Response> {
  return worker.fetch(new Request(ORIGIN + path, init));
}

export function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return api(path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
}

/** FNV-1a of a string (salted), for test identities derived from names. */
function fnv(s: string, salt: number): number {
  let h = (0x811c9dc5 ^ salt) >>> 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * A test person's device id, derived from their name: like real players, every person at a table has
 * their own phone (docs/PROTOCOL.md join `deviceId`).
 */
export function deviceFor(name: string): string {
  return `dev-${fnv(name, 1).toString(16).padStart(8, "0")}${fnv(name, 2).toString(16).padStart(8, "0")}`;
}

/**
 * A test person's network address (CF-Connecting-IP, as Cloudflare's edge sets it), derived from their
 * name: like real players, every person comes from their own network (10.0.0.0/8, one address each).
 */
export function addressFor(name: string): string {
  const h = fnv(name, 3);
  return `10.${(h >>> 16) & 255}.${(h >>> 8) & 255}.${h & 255}`;
}

/** The CF-Connecting-IP header of a test person. */
export const from = (name: string): Record<string, string> => ({ "cf-connecting-ip": addressFor(name) });

export async function createTable(body: Record<string, unknown> = { presetId: "sport" }): Promise<CreateTableResponse> {
  const res = await postJson("/api/tables", body);
  if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Join as a person of that nickname: their own device and network (deviceFor, addressFor). */
export async function join(code: string, nickname: string): Promise<JoinResponse> {
  const res = await joinWith(code, { nickname });
  if (res.status !== 200) throw new Error(`join ${nickname}: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * POST /join with any body (deviceId, organizerToken); returns the raw response. Without a `deviceId`
 * key the body gets the nickname's device (deviceFor); the request comes from `address`, by default
 * the nickname's own network (addressFor). A body that must lack a device id goes through postJson.
 */
export function joinWith(code: string, body: Record<string, unknown>, address?: string): Promise<Response> {
  const name = String(body.nickname ?? "");
  const full = "deviceId" in body ? body : { ...body, deviceId: deviceFor(name) };
  return postJson(`/api/tables/${code}/join`, full, { "cf-connecting-ip": address ?? addressFor(name) });
}

/**
 * How long a wait for something that will come may take before the test fails: a bound, not a pace. The
 * waits end as soon as their condition holds; the bound only has to outlast a starved two-core machine (a
 * fresh clone's browser steps beside the worker suite kept 100 chat lines from 20 sockets, and ten seats'
 * connects, past 3–4 s). A wait that proves something does *not* come names its own short bound.
 */
export const WAIT_MS = 15_000;

/** Wait until `pred` holds (polling), e.g. for a socket to be closed. */
export async function until(pred: () => boolean, ms = WAIT_MS, what = "condition"): Promise<void> {
  const deadline = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function summary(code: string): Promise<TableSummary> {
  return (await api(`/api/tables/${code}`)).json();
}

export function tableStub(code: string) {
  return env.TABLE.get(env.TABLE.idFromName(code));
}

/** One client connection with every frame it ever received. */
export class Client {
  readonly frames: ServerMessage[] = [];
  readonly raw: string[] = [];
  readonly schemaFailures: string[] = [];
  closed = false;
  /** The close code and reason the server closed this socket with (e.g. 4001 when the seat went to a bot). */
  closeCode: number | null = null;
  closeReason = "";
  private waiters: Array<() => void> = [];
  /** The full view as of the last frame (log deltas merged in, patches applied). */
  private held: HeldView | null = null;
  /** Issue 36: patch frames received (each also recorded in `frames` as the view it made). */
  patches = 0;
  /** Acks that came inside a view or patch frame, by the index in `frames` of the frame that carried each. */
  readonly viewAcks = new Map<number, Extract<ServerMessage, { type: "ack" }>>();

  constructor(readonly ws: WebSocket, readonly name: string) {
    ws.addEventListener("message", (e) => {
      const text = typeof e.data === "string" ? e.data : new TextDecoder().decode(e.data as ArrayBuffer);
      this.raw.push(text);
      const data = JSON.parse(text) as unknown;
      const parsed = v.safeParse(ServerMessageSchema, data);
      if (!parsed.success) this.schemaFailures.push(`${JSON.stringify(parsed.issues.map((i) => [i.path?.map((p) => p.key).join("."), i.message]))}`);
      let msg = data as ServerMessage;
      if (msg.type === "view" || msg.type === "patch") {
        // Log deltas and patches (issue 36): keep every frame as the full view the client would hold
        // (shared/protocol/view-patch.ts), a patch recorded as the `view` frame it makes.
        const held = applyViewFrame(this.held, msg);
        if (held === null) this.schemaFailures.push(`a ${msg.type} frame of version ${msg.version} does not follow the view held (${this.held?.version})`);
        else {
          this.held = held;
          if (msg.type === "patch") {
            this.patches++;
            const checked = v.safeParse(TableViewSchema, held.view);
            if (!checked.success) this.schemaFailures.push(`patched view: ${JSON.stringify(checked.issues.map((i) => [i.path?.map((p) => p.key).join("."), i.message]))}`);
            msg = { type: "view", version: msg.version, serverNow: msg.serverNow, view: held.view };
          } else (msg as { view: TableView }).view = held.view;
        }
      }
      // The ack riding the sender's view frame (docs/PROTOCOL.md "Acks") stands for an `ack` frame right
      // after that view: `next` finds it as one, so tests wait for an input's ack either way. `frames`
      // keeps one entry per frame received (aligned with `raw`).
      const ack = (data as { ack?: unknown }).ack;
      if ((msg.type === "view" || msg.type === "patch") && typeof ack === "string") this.viewAcks.set(this.frames.length, { type: "ack", ref: ack, version: msg.version });
      this.frames.push(msg);
      for (const w of this.waiters.splice(0)) w();
    });
    ws.addEventListener("close", (e) => {
      this.closed = true;
      this.closeCode = (e as CloseEvent).code;
      this.closeReason = (e as CloseEvent).reason;
      for (const w of this.waiters.splice(0)) w();
    });
  }

  send(msg: unknown): void {
    this.ws.send(typeof msg === "string" ? msg : JSON.stringify(msg));
  }

  /** Wait for a frame (received after index `from`) matching `pred`; an ack inside a view frame counts as an `ack` frame after it. */
  async next(pred: (m: ServerMessage) => boolean, from = 0, ms = WAIT_MS): Promise<ServerMessage> {
    const deadline = Date.now() + ms;
    for (;;) {
      for (let i = from; i < this.frames.length; i++) {
        if (pred(this.frames[i]!)) return this.frames[i]!;
        const ack = this.viewAcks.get(i);
        if (ack && pred(ack)) return ack;
      }
      if (Date.now() > deadline) throw new Error(`${this.name}: timed out; frames: ${this.raw.slice(-5).join(" | ").slice(0, 2000)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 50);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  views(): Array<Extract<ServerMessage, { type: "view" }>> {
    return this.frames.filter((m): m is Extract<ServerMessage, { type: "view" }> => m.type === "view");
  }

  lastView(): TableView {
    const views = this.views();
    const last = views[views.length - 1];
    if (!last) throw new Error(`${this.name}: no view yet`);
    return last.view;
  }

  lastVersion(): number {
    return Math.max(0, ...this.views().map((m) => m.version));
  }

  /** Wait until this client holds a view of at least `version`. */
  async viewAtLeast(version: number, ms = WAIT_MS): Promise<TableView> {
    const m = await this.next((f) => f.type === "view" && f.version >= version, 0, ms);
    return (m as Extract<ServerMessage, { type: "view" }>).view;
  }

  /** The stage (GameView.phaseSeq) of the game in the view this client holds; 0 before any game. Every act and host frame names it. */
  stage(): number {
    return this.held?.view.game?.phaseSeq ?? 0;
  }

  /** Send and wait for the ack or error carrying `ref` (the act names the stage of the view held, as the page does). */
  async act(ref: string, action: unknown, phaseSeq = this.stage()): Promise<ServerMessage> {
    const from = this.frames.length;
    this.send({ type: "act", ref, action, phaseSeq });
    return this.next((m) => (m.type === "ack" || m.type === "error") && m.ref === ref, from);
  }

  close(): void {
    try {
      this.ws.close(1000, "test done");
    } catch {
      /* already closed */
    }
  }
}

/**
 * Everything the server sent `c` before this call has arrived: a refused act's error comes back on the
 * same socket, which keeps its order (a reported condition for "nothing more came", instead of a sleep).
 */
export async function drained(c: Client): Promise<void> {
  const reply = await c.act(`drained-${c.frames.length}`, { type: "no-such-action" });
  if (reply.type !== "error") throw new Error(`${c.name}: the probe was not refused (${reply.type})`);
}

/** Open a socket from the network of the person `name` (addressFor) unless `address` says otherwise. */
export async function connect(code: string, name = "client", address?: string): Promise<Client> {
  const res = await api(`/api/tables/${code}/socket`, { headers: { Upgrade: "websocket", "cf-connecting-ip": address ?? addressFor(name) } });
  if (res.status !== 101 || !res.webSocket) throw new Error(`socket: ${res.status} ${await res.text()}`);
  res.webSocket.accept();
  return new Client(res.webSocket, name);
}

/** Connect and say hello; resolves after the welcome and the first view. */
export async function connectAs(code: string, token: string | undefined, name = "client", address?: string): Promise<Client> {
  const c = await connect(code, name, address);
  c.send(token === undefined ? { type: "hello" } : { type: "hello", token });
  await c.next((m) => m.type === "welcome");
  await c.next((m) => m.type === "view");
  return c;
}

/**
 * Wait until each client's view shows `count` seats connected. Presence is coalesced (docs/PROTOCOL.md
 * "Presence and returning"): the last of several quick connects reaches everyone at the end of the
 * window, and until then the table's alarm waits for that view.
 */
export async function everyoneConnected(clients: Client[], count = clients.length, ms = WAIT_MS): Promise<void> {
  await Promise.all(
    clients.map((c) => c.next((m) => m.type === "view" && m.view.lobby.filter((p) => p.connected).length >= count, 0, ms)),
  );
}

/** The table's stored row of game state (version, status, state JSON, pending alarm), read inside the object. */
export async function storedGame(code: string): Promise<{ version: number; status: string; state: string | null; events: number; alarm_phase_seq: number | null; alarm_at: number | null }> {
  const { runInDurableObject } = await import("cloudflare:test");
  return runInDurableObject(tableStub(code), (_instance, state) => {
    // The state row holds the state without its events; they are counted from their own table.
    return state.storage.sql.exec("SELECT version, status, state, ((SELECT COUNT(*) FROM events) + (SELECT COUNT(events) FROM input_log)) AS events, alarm_phase_seq, alarm_at FROM game WHERE id = 1").one() as never;
  });
}

export async function scheduledAlarm(code: string): Promise<number | null> {
  const { runInDurableObject } = await import("cloudflare:test");
  return runInDurableObject(tableStub(code), (_instance, state) => state.storage.getAlarm());
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Evict a table's object so the next call meets a fresh instance. An object that is not running
 * (hibernated, or already gone while the suite's one workerd was busy) is as evicted as it gets:
 * the runtime refuses to evict it ("not currently running"), which is not a failure here.
 */
export async function evict(stub: DurableObjectStub): Promise<void> {
  const { evictDurableObject } = await import("cloudflare:test");
  try {
    await evictDurableObject(stub);
  } catch (err) {
    if (!/not currently running/.test(String(err))) throw err;
  }
}
