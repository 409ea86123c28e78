/**
 * Fan-out: after every change of the table, each greeted connection gets its own view of the new
 * version (one `viewFor` per player, one for the host, one shared by live spectators and the seatless
 * organizer) — as a patch against the view it last received — the sender's last, carrying
 * its ack (`ack: ref`; docs/PROTOCOL.md "Acks"); and every other frame the table sends goes through here.
 */
import type { ErrorCode, ServerMessage, TableView } from "../../shared/protocol/messages.ts";
import type { Ack } from "./after-change.ts";
import { logAfterFor, viewFrame, type SentView } from "../../shared/protocol/view-patch.ts";
import type { ConnectionIdentity } from "./connection.ts";
import { gameViewFor } from "./engine.ts";
import { viewerKey, viewerOf } from "./match.ts";
import type { Sockets } from "./connection.ts";
import type { ChatPort, ConsiglieriPort, MatchPort, MediaPort, OrganizerPort, PresencePort, PublicationPort, SfuPort, SpectatorsPort, TableCore } from "./ports.ts";
import type { TableStore } from "./storage.ts";
import { maskView } from "./publication.ts";
import { ENTITLEMENT } from "../../shared/entitlement.ts";
import { buildTableView, tableParts, type TableFacts, type TableParts } from "./view.ts";

/** What the fan-out uses of the table (no part sees the whole table). */
export interface FanoutDeps extends Pick<TableCore, "now" | "config"> {
  readonly store: Pick<TableStore, "game" | "players" | "control" | "extras" | "seriesGame" | "series">;
  readonly sockets: Pick<Sockets, "all" | "attachmentOf">;
  readonly match: Pick<MatchPort, "state" | "lastState" | "quietKeys" | "clearChanges">;
  readonly presence: Pick<PresencePort, "hostConnected" | "carried">;
  readonly spectators: Pick<SpectatorsPort, "delayMs" | "sendCurrent">;
  readonly organizer: Pick<OrganizerPort, "isOrganizer">;
  readonly publication: Pick<PublicationPort, "hiddenNicks">;
  readonly consiglieri: Pick<ConsiglieriPort, "invited" | "missing" | "names">;
  readonly media: Pick<MediaPort, "peers">;
  readonly sfu: Pick<SfuPort, "reconcile">;
  readonly chat: Pick<ChatPort, "access">;
}

/** A `view` or `patch` frame's text (a JSON object) with `"ack": ref` added as its last key. */
function withAck(frame: string, ref: string): string {
  return `${frame.slice(0, -1)},"ack":${JSON.stringify(ref)}}`;
}

/** The facts table parts are built from (tableParts: all but `hostConnected`), the same. */
function sameFacts(a: TableFacts, b: TableFacts): boolean {
  return a.config === b.config && sameList(a.players, b.players) && a.status === b.status && a.control === b.control && a.pause === b.pause &&
    a.gameNo === b.gameNo && sameList(a.series, b.series) && sameMap(a.consiglieri, b.consiglieri) && sameSet(a.needsConsigliere, b.needsConsigliere) &&
    sameSet(a.consigliereInvited, b.consigliereInvited) && sameList(a.mediaPeers, b.mediaPeers);
}
function sameMap(a: ReadonlyMap<string, string> | undefined, b: ReadonlyMap<string, string> | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}
function sameSet(a: ReadonlySet<string> | undefined, b: ReadonlySet<string> | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.size !== b.size) return false;
  for (const k of a) if (!b.has(k)) return false;
  return true;
}
/** Two lists of the same values (numbers, or the store's row objects) in the same order. */
function sameList(a: readonly unknown[] | undefined, b: readonly unknown[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export class Fanout {
  /**
   * The last view each socket received (its version and the view minus its log), the base of
   * its next `patch` frame (docs/PROTOCOL.md "View patches"). Memory only: a socket with no entry gets a
   * full view — after an eviction or a hibernation's wake this object is new (and the runtime's
   * WebSocket objects too), so every socket's next frame is a full view with its whole log.
   */
  private sent = new WeakMap<WebSocket, SentView>();

  /**
   * The table parts of the last broadcast's views (view.ts tableParts). The next broadcast's
   * unchanged parts are these very objects, so each connection's patch skips them by identity.
   */
  private parts: TableParts | null = null;

  /** The facts the last broadcast's parts were built from (`partsFor`). */
  private partsFacts: TableFacts | null = null;

  constructor(private readonly t: FanoutDeps) {}

  /**
   * This broadcast's table parts: the last broadcast's very object when they were built from the same
   * facts — the store's rows are cached and replaced, never changed in place, on a write (storage.ts), so
   * the same row objects and equal small sets are the same facts — else built and compared (tableParts).
   */
  private partsFor(facts: TableFacts): TableParts {
    const last = this.partsFacts;
    this.partsFacts = facts;
    if (this.parts !== null && last !== null && sameFacts(last, facts)) return this.parts;
    return tableParts(facts, false, this.parts);
  }

  /** A new game's log starts again: every socket gets a full view with the whole log. */
  forgetLogs(): void {
    this.sent = new WeakMap();
  }

  /** This socket gets a full view with the whole log next (it now sees another viewer's). */
  forgetLog(ws: WebSocket): void {
    this.sent.delete(ws);
  }

  facts(except?: WebSocket): TableFacts {
    const store = this.t.store;
    return {
      config: this.t.config(),
      players: store.players(),
      status: store.game().status,
      control: store.control(),
      pause: store.extras().pause,
      hostConnected: this.t.presence.hostConnected(except),
      gameNo: store.seriesGame().gameNo,
      series: store.series(),
      consiglieri: this.t.consiglieri.names(),
      needsConsigliere: new Set(this.t.consiglieri.missing()),
      consigliereInvited: this.t.consiglieri.invited(),
      mediaPeers: this.t.media.peers(except),
    };
  }

  /** `logAfter`: the length of the log this connection already holds (a delta frame), or null (full). */
  tableViewFor(identity: ConnectionIdentity, facts: TableFacts, delayMs = 0, logAfter: number | null = null, parts?: TableParts): TableView {
    const match = this.t.match;
    // A player who has not pressed "play again" keeps the last game's end in view.
    // §7.10 a consigliere's view is the seat's (`advises`: the envelope says whose).
    const seatOf = identity.kind === "player" || identity.kind === "consigliere" ? identity.playerId : null;
    const behind = seatOf !== null && facts.players.some((p) => p.playerId === seatOf && p.gameNo < facts.gameNo);
    const state = behind ? match.lastState() : match.state();
    // The viewer's view of the state is built once (the public part once for all viewers), and each frame takes its log's tail.
    const game = state ? gameViewFor(state, viewerOf(identity), logAfter) : null;
    const advises = identity.kind === "consigliere" ? identity.playerId : undefined;
    const chat = this.t.chat.access(identity);
    const view = buildTableView(facts, game, { organizing: this.t.organizer.isOrganizer(identity), chat, delayMs, behind, ...(advises ? { advises } : {}) }, parts);
    // A finished game names an opted-out account to nobody but themself (publication.ts).
    if (view.status !== "ended") return view;
    return maskView(view, this.t.publication.hiddenNicks(behind ? facts.gameNo - 1 : facts.gameNo, identity));
  }

  /** This connection's view of the current version (delayed spectators: the view as it was then). */
  sendCurrentView(ws: WebSocket, identity: ConnectionIdentity, now: number): void {
    this.sent.delete(ws);
    if (ENTITLEMENT[identity.kind].delayed && this.t.spectators.delayMs() > 0) return this.t.spectators.sendCurrent(ws, now);
    const built = viewFrame(undefined, this.t.store.game().version, now, this.tableViewFor(identity, this.facts()));
    this.sendRaw(ws, built.frame);
    this.sent.set(ws, built.sent);
  }

  /**
   * Send every greeted connection its own view of the current version: one `viewFor` per player, one
   * for the host, one shared by live spectators and the seatless organizer's public one. Delayed
   * spectators get nothing here: their views come from the ring when they are old enough.
   *
   * `ack`: the input this change answers. Its sender's frame goes after everyone else's (an ack still
   * means "every view of this version was sent") and carries `ack: ref`; true when it did. A sender
   * that gets no frame here (a quiet change that left its own view as it was, RULES.md §1 Secrets; a
   * delayed spectator; a closing socket) is acked apart by the caller.
   */
  broadcast(except?: WebSocket, ack?: Ack): boolean {
    const t = this.t;
    const facts = this.facts(except);
    const version = t.store.game().version;
    // After quiet changes only (same version, nothing else happened since): only the connections
    // whose own view changed get a frame, so frame timing does not tell the town that someone acted
    // at night (RULES.md §1 Secrets). Anything else, or no record of it: every connection.
    const quiet = t.match.quietKeys(version);
    t.match.clearChanges();
    if (!quiet) t.presence.carried();
    const changedFor = (identity: ConnectionIdentity): boolean => !quiet || quiet.has(viewerKey(identity));
    const delayed = t.spectators.delayMs() > 0;
    const now = t.now();
    // One frame per (viewer, view the socket holds): a patch against it, or the full view
    // with the log's tail when that is smaller. Sockets of one viewer that got the same frames share it.
    const frames = new Map<string, Map<SentView | undefined, { frame: string; sent: SentView }>>();
    // The table's parts of every view, once for this broadcast (a player still seeing the last game's end builds their own).
    const parts = (this.parts = this.partsFor(facts));
    const frameFor = (identity: ConnectionIdentity, sent: SentView | undefined) => {
      // A consigliere's frame is the seat's view in its own envelope (`advising`, never `organizing`).
      const key = `${identity.kind === "consigliere" ? "c:" : ""}${viewerKey(identity)}`;
      let byBase = frames.get(key);
      if (byBase === undefined) frames.set(key, (byBase = new Map()));
      let built = byBase.get(sent);
      if (built === undefined) {
        built = viewFrame(sent, version, now, this.tableViewFor(identity, facts, 0, logAfterFor(sent), parts));
        byBase.set(sent, built);
      }
      return built;
    };
    let sender: { ws: WebSocket; identity: ConnectionIdentity } | null = null;
    for (const ws of t.sockets.all()) {
      if (ws === except) continue;
      const att = t.sockets.attachmentOf(ws, now);
      if (!att.identity) continue;
      // Delayed spectators' frames come from the ring (full views): no patch base is kept for them.
      if (ENTITLEMENT[att.identity.kind].delayed && delayed) {
        this.sent.delete(ws);
        continue;
      }
      if (!changedFor(att.identity)) continue;
      if (ws === ack?.ws) {
        sender = { ws, identity: att.identity };
        continue;
      }
      const built = frameFor(att.identity, this.sent.get(ws));
      this.sendRaw(ws, built.frame);
      this.sent.set(ws, built.sent);
    }
    if (sender !== null) {
      const built = frameFor(sender.identity, this.sent.get(sender.ws));
      this.sendRaw(sender.ws, withAck(built.frame, ack!.ref));
      this.sent.set(sender.ws, built.sent);
    }
    // The SFU plane: every listener's pulls follow the floor of the views just sent.
    t.sfu.reconcile();
    return sender !== null;
  }

  send(ws: WebSocket, msg: ServerMessage): void {
    this.sendRaw(ws, JSON.stringify(msg));
  }

  sendRaw(ws: WebSocket, frame: string): void {
    try {
      ws.send(frame);
    } catch {
      /* closing socket */
    }
  }

  sendError(ws: WebSocket, code: ErrorCode, message: string, ref: string | null): void {
    this.send(ws, { type: "error", code, message, ref });
  }

  /** Close a socket (presence follows in the close hook, as for any close). */
  closeSocket(ws: WebSocket, code: number, reason: string): void {
    try {
      ws.close(code, reason);
    } catch {
      /* already closing */
    }
  }
}
