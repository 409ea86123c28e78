/**
 * Fan-out: after every change of the table, each greeted connection gets its own view of the new
 * version (one `viewFor` per player, one for the host, one shared by live spectators and the seatless
 * organizer), then the sender its ack; and every other frame the table sends goes through here.
 */
import type { ErrorCode, ServerMessage, TableView } from "../../shared/protocol/messages.ts";
import type { ConnectionIdentity } from "./connection.ts";
import { viewFor } from "./engine.ts";
import { viewerKey, viewerOf } from "./match.ts";
import type { Sockets } from "./connection.ts";
import type { ChatPort, ConsiglieriPort, MatchPort, MediaPort, OrganizerPort, PresencePort, PublicationPort, SfuPort, SpectatorsPort, TableCore } from "./ports.ts";
import type { TableStore } from "./storage.ts";
import { maskView } from "./publication.ts";
import { buildTableView, type TableFacts } from "./view.ts";

/** What the fan-out uses of the table (issue 33: no part sees the whole table). */
export interface FanoutDeps extends Pick<TableCore, "now" | "config"> {
  readonly store: Pick<TableStore, "game" | "players" | "control" | "extras" | "seriesGame" | "series">;
  readonly sockets: Pick<Sockets, "all" | "attachmentOf">;
  readonly match: Pick<MatchPort, "state" | "lastState" | "quietKeys" | "clearChanges">;
  readonly presence: Pick<PresencePort, "hostConnected" | "carried">;
  readonly spectators: Pick<SpectatorsPort, "delayMs" | "sendCurrent">;
  readonly organizer: Pick<OrganizerPort, "isOrganizer">;
  readonly publication: Pick<PublicationPort, "hiddenNicks">;
  readonly consiglieri: Pick<ConsiglieriPort, "missing" | "names">;
  readonly media: Pick<MediaPort, "peers">;
  readonly sfu: Pick<SfuPort, "reconcile">;
  readonly chat: Pick<ChatPort, "access">;
}

export class Fanout {
  /** How many log entries each socket's last frame held (log deltas, docs/PROTOCOL.md). Memory only:
   *  after an eviction every socket simply gets a full log again. */
  private sentLog = new WeakMap<WebSocket, number>();

  constructor(private readonly t: FanoutDeps) {}

  /** A new game's log starts again: every socket gets the whole log. */
  forgetLogs(): void {
    this.sentLog = new WeakMap();
  }

  /** This socket gets the whole log with its next view (it now sees another viewer's). */
  forgetLog(ws: WebSocket): void {
    this.sentLog.delete(ws);
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
      mediaPeers: this.t.media.peers(except),
    };
  }

  /** `logAfter`: the length of the log this connection already holds (a delta frame), or null (full). */
  tableViewFor(identity: ConnectionIdentity, facts: TableFacts, delayMs = 0, logAfter: number | null = null): TableView {
    const match = this.t.match;
    // A player who has not pressed "play again" keeps the last game's end in view (issue 13).
    // §7.10 a consigliere's view is the seat's (`advises`: the envelope says whose).
    const seatOf = identity.kind === "player" || identity.kind === "consigliere" ? identity.playerId : null;
    const behind = seatOf !== null && facts.players.some((p) => p.playerId === seatOf && p.gameNo < facts.gameNo);
    const state = behind ? match.lastState() : match.state();
    const game = state ? viewFor(state, viewerOf(identity), { logAfter }) : null;
    const advises = identity.kind === "consigliere" ? identity.playerId : undefined;
    const chat = this.t.chat.access(identity);
    const view = buildTableView(facts, game, { organizing: this.t.organizer.isOrganizer(identity), chat, delayMs, behind, ...(advises ? { advises } : {}) });
    // Issue 32, finding 1: a finished game names an opted-out account to nobody but themself (publication.ts).
    if (view.status !== "ended") return view;
    return maskView(view, this.t.publication.hiddenNicks(behind ? facts.gameNo - 1 : facts.gameNo, identity));
  }

  /** This connection's view of the current version (delayed spectators: the view as it was then). */
  sendCurrentView(ws: WebSocket, identity: ConnectionIdentity, now: number): void {
    if (identity.kind === "spectator" && this.t.spectators.delayMs() > 0) return this.t.spectators.sendCurrent(ws, now);
    const view = this.tableViewFor(identity, this.facts());
    this.send(ws, { type: "view", version: this.t.store.game().version, serverNow: now, view });
    if (view.game) this.sentLog.set(ws, view.game.logUpTo);
  }

  /**
   * Send every greeted connection its own view of the current version: one `viewFor` per player, one
   * for the host, one shared by live spectators and the seatless organizer's public one. Delayed
   * spectators get nothing here: their views come from the ring when they are old enough.
   */
  broadcast(except?: WebSocket): void {
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
    // One frame per (viewer, log length already held): a delta after the entries the socket has.
    const frames = new Map<string, { frame: string; logUpTo: number | null }>();
    const frameFor = (identity: ConnectionIdentity, logAfter: number | null) => {
      // A consigliere's frame is the seat's view in its own envelope (`advising`, never `organizing`).
      const key = `${identity.kind === "consigliere" ? "c:" : ""}${viewerKey(identity)}:${logAfter}`;
      let built = frames.get(key);
      if (built === undefined) {
        const view = this.tableViewFor(identity, facts, 0, logAfter);
        built = { frame: JSON.stringify({ type: "view", version, serverNow: now, view } satisfies ServerMessage), logUpTo: view.game?.logUpTo ?? null };
        frames.set(key, built);
      }
      return built;
    };
    for (const ws of t.sockets.all()) {
      if (ws === except) continue;
      const att = t.sockets.attachmentOf(ws, now);
      if (!att.identity) continue;
      if (att.identity.kind === "spectator" && delayed) continue;
      if (!changedFor(att.identity)) continue;
      const built = frameFor(att.identity, this.sentLog.get(ws) ?? null);
      this.sendRaw(ws, built.frame);
      if (built.logUpTo === null) this.sentLog.delete(ws);
      else this.sentLog.set(ws, built.logUpTo);
    }
    // Issue 15, the SFU plane: every listener's pulls follow the floor of the views just sent.
    t.sfu.reconcile();
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
