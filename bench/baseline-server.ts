/**
 * The machine's floor for the load benchmark (bench/load.ts): a minimal Node `ws` server doing the
 * same work per input as the table Durable Object minus the Cloudflare runtime and SQLite — the same
 * rules engine, the same per-connection views (viewFor + the table envelope), the same fan-out, the
 * same timers (setTimeout at nextDeadline). Nothing is persisted; nothing is validated beyond JSON.
 *
 *   node bench/baseline-server.ts PORT
 *
 * Speaks the subset of docs/PROTOCOL.md the load driver uses: POST /api/tables, POST
 * /api/tables/:code/join, WebSocket /api/tables/:code/socket with hello / act / sync; views go as
 * patches (issue 36) built by the same shared/protocol/view-patch.ts as the table object's.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import { WebSocketServer, type WebSocket } from "ws";
import type { TableView } from "../shared/protocol/messages.ts";
import { logAfterFor, viewFrame, type SentView } from "../shared/protocol/view-patch.ts";
import { apply, createGame, getPreset, nextDeadline, viewFor, type GameState, type Input, type PlayerSpec } from "../shared/engine/index.ts";

interface Conn {
  ws: WebSocket;
  playerId: string | null;
  /** The view this connection last received: its next frame is a patch against it (issue 36, as the table object sends them). */
  sent: SentView | undefined;
}
interface Table {
  code: string;
  presetId: string;
  settings: Record<string, unknown>;
  players: Array<PlayerSpec & { token: string }>;
  state: GameState | null;
  version: number;
  conns: Set<Conn>;
  timer: NodeJS.Timeout | null;
}

const tables = new Map<string, Table>();
const port = Number(process.argv[2] ?? 8788);

function body(req: IncomingMessage): Promise<any> {
  return new Promise((resolve) => {
    let s = "";
    req.on("data", (d) => (s += d));
    req.on("end", () => {
      try {
        resolve(JSON.parse(s || "{}"));
      } catch {
        resolve({});
      }
    });
  });
}

function send(t: Table, c: Conn) {
  const game = t.state ? viewFor(t.state, c.playerId ? { kind: "player", playerId: c.playerId } : { kind: "spectator" }, { logAfter: logAfterFor(c.sent) }) : null;
  const view = {
    code: t.code,
    presetId: t.presetId,
    settings: { ...t.settings },
    public: false,
    status: t.state ? "playing" : "lobby",
    capacity: { min: 10, max: 10 },
    lobby: t.players.map((p, i) => ({ place: i + 1, nickname: p.nickname, bot: false, connected: true })),
    game,
    connected: [],
  };
  const built = viewFrame(c.sent, t.version, Date.now(), view as unknown as TableView);
  c.sent = built.sent;
  c.ws.send(built.frame);
}

function broadcast(t: Table) {
  for (const c of t.conns) send(t, c);
}

function arm(t: Table) {
  if (t.timer) clearTimeout(t.timer);
  t.timer = null;
  if (!t.state) return;
  const at = nextDeadline(t.state);
  if (at === null) return;
  const seq = t.state.phaseSeq;
  t.timer = setTimeout(() => step(t, { kind: "timeout", phaseSeq: seq }), Math.max(0, at - Date.now()));
}

function step(t: Table, input: Input): { ok: boolean; code?: string; message?: string } {
  if (!t.state) return { ok: false, code: "phase-closed", message: "no game" };
  const r = apply(t.state, input, Date.now());
  if (!r.ok) return { ok: false, code: r.rejection.code, message: r.rejection.message };
  t.state = r.state;
  t.version++;
  arm(t);
  broadcast(t);
  return { ok: true };
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://x");
  const json = (status: number, b: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(b));
  };
  if (req.method === "POST" && url.pathname === "/api/tables") {
    const b = await body(req);
    const preset = getPreset(b.presetId ?? "sport");
    if (!preset) return json(400, { error: { code: "unknown-preset" } });
    const code = randomBytes(4).toString("hex").toUpperCase().slice(0, 6);
    tables.set(code, {
      code,
      presetId: preset.id,
      settings: { ...preset.defaultSettings, ...(b.settings ?? {}) },
      players: [],
      state: null,
      version: 0,
      conns: new Set(),
      timer: null,
    });
    return json(201, { code, url: `/t/${code}` });
  }
  const m = /^\/api\/tables\/([A-Z0-9]+)\/join$/.exec(url.pathname);
  if (req.method === "POST" && m) {
    const t = tables.get(m[1]!);
    if (!t) return json(404, { error: { code: "not-found" } });
    if (t.players.length >= 10) return json(409, { error: { code: "table-full" } });
    const b = await body(req);
    const p = { id: `p${t.players.length + 1}`, nickname: String(b.nickname ?? "?"), bot: false, token: randomBytes(24).toString("base64url") };
    t.players.push(p);
    if (t.players.length === 10) {
      t.state = createGame(t.presetId, t.settings, t.players.map(({ id, nickname, bot }) => ({ id, nickname, bot })), randomBytes(16).toString("hex"), Date.now());
      t.version++;
      arm(t);
      broadcast(t);
    }
    return json(200, { playerId: p.id, returnCode: "UNUSED00", token: p.token });
  }
  json(404, { error: { code: "not-found" } });
});

// Compression: workerd negotiates permessage-deflate with every client that offers it (compatibility
// flag web_socket_compression) and compresses every frame inline. The load driver normally does not
// offer it, so both servers send the same plain frames; with `--deflate` both compress (`ws` then
// deflates every frame, threshold 0, on libuv's thread pool — 10 at a time, so it is no floor).
const DEFLATE = process.argv.includes("--deflate");
const wss = new WebSocketServer({ noServer: true, maxPayload: 4096, perMessageDeflate: DEFLATE ? { threshold: 0 } : false });
server.on("upgrade", (req, socket, head) => {
  const m = /^\/api\/tables\/([A-Z0-9]+)\/socket$/.exec(new URL(req.url ?? "/", "http://x").pathname);
  const t = m ? tables.get(m[1]!) : undefined;
  if (!t) return socket.destroy();
  wss.handleUpgrade(req, socket, head, (ws) => {
    const c: Conn = { ws, playerId: null, sent: undefined };
    ws.on("message", (data) => {
      let msg: any;
      try {
        msg = JSON.parse(String(data));
      } catch {
        return ws.send(JSON.stringify({ type: "error", code: "bad-json", message: "", ref: null }));
      }
      if (msg.type === "hello") {
        c.playerId = t.players.find((p) => p.token === msg.token)?.id ?? null;
        t.conns.add(c);
        ws.send(JSON.stringify({ type: "welcome", identity: c.playerId ? { kind: "player", playerId: c.playerId } : { kind: "spectator" }, serverNow: Date.now() }));
        send(t, c);
      } else if (msg.type === "sync") {
        c.sent = undefined; // a full view (issue 36: the driver asks after a frame that does not follow)
        send(t, c);
      } else if (msg.type === "act" && c.playerId) {
        const r = step(t, { kind: "act", playerId: c.playerId, action: msg.action });
        ws.send(JSON.stringify(r.ok ? { type: "ack", ref: msg.ref, version: t.version } : { type: "error", code: r.code, message: r.message, ref: msg.ref }));
      }
    });
    ws.on("close", () => t.conns.delete(c));
  });
});

server.listen(port, "127.0.0.1", () => console.log(`baseline listening on ${port}`));
