/**
 * The table's media signalling (docs/MEDIA.md "The relay"): WebRTC offers, answers and
 * ICE candidates relayed between the media peers of the running game (shared/media/peers.ts). Each
 * connection's peer comes from its identity — never from the frame: a seated player is its seat, the
 * live host 0, a consigliere 100 + the advised seat, a listening spectator 1000 + k (k a per-table
 * counter, kept in storage and in the socket's attachment). A pair may signal only where `mayLink`
 * allows and the target is connected; never to or from the seatless organizer, a bot seat, oneself, or
 * across tables. On top (RULES.md §8):
 *   - a consigliere's links are closed at night (`media-closed`: the floor's `advisers` is false);
 *   - spectators take part only where the table's `spectatorsHear` is on; a spectator's first hello makes
 *     its socket listening (at most MESH_LISTENERS_MAX at once: `media-full`), and it is never heard —
 *     a description of its with a sending media section is refused (`media-closed`);
 *   - one media socket per person (the latest hello; `media-elsewhere`), for the host and consiglieri too.
 * What each link carries is the floor's business (GameView.floor): honest clients attach and play only
 * what it allows; this part only decides who may reach whom.
 */
import * as v from "valibot";
import { CONSIGLIERE_PEER_BASE, HOST_PEER, MESH_LISTENERS_MAX, SPECTATOR_PEER_BASE, consiglierePeer, isConsiglierePeer, isHostPeer, isSeatPeer, isSpectatorPeer, mayLink, type MediaPeer } from "../../shared/media/peers.ts";
import { IceServerSchema, type IceServer, type SignalMessage, type WelcomeMedia } from "../../shared/protocol/messages.ts";
import { apiBase } from "../media/sfu-api.ts";
import { TurnCredentials } from "../media/turn.ts";
import { seatOf, seatedPlayers, tableFloor, type GameState } from "./engine.ts";
import type { Attachment, ConnectionIdentity } from "./connection.ts";
import type { ConsiglieriPort, FanoutPort, MatchPort, PresencePort, Refused, TableCore } from "./ports.ts";
import { SignalBudget, type SpentBudget } from "./signal-budget.ts";
import { sfuConfigured } from "./sfu.ts";
import type { Sockets } from "./connection.ts";
import type { TableStore } from "./storage.ts";
import type { Keyed } from "./repositories/keyed.ts";

/** The ICE servers from the MEDIA_ICE_SERVERS variable (a JSON array); none when absent or invalid. */
export function iceServers(raw: string | undefined): IceServer[] {
  if (!raw) return [];
  try {
    const parsed = v.safeParse(v.array(IceServerSchema), JSON.parse(raw));
    if (parsed.success) return parsed.output;
  } catch {
    /* below */
  }
  console.error("MEDIA_ICE_SERVERS is not a JSON array of ICE servers: media use none");
  return [];
}

/**
 * Whether an SDP sends media in some section (RULES.md §8 "spectators are never heard"): a media
 * section's direction is its own `a=` direction attribute, else the session's, else sendrecv (RFC 8866
 * §6.7); `sendrecv` and `sendonly` send.
 */
export function sdpSends(sdp: string): boolean {
  const lines = sdp.split(/\r?\n/);
  const direction = (from: number, to: number): string | null => {
    for (let i = from; i < to; i++) {
      const m = /^a=(sendrecv|sendonly|recvonly|inactive)\s*$/.exec(lines[i]!);
      if (m) return m[1]!;
    }
    return null;
  };
  const sections: number[] = [];
  lines.forEach((l, i) => l.startsWith("m=") && sections.push(i));
  const session = direction(0, sections[0] ?? lines.length);
  return sections.some((at, i) => {
    const d = direction(at + 1, sections[i + 1] ?? lines.length) ?? session ?? "sendrecv";
    return d === "sendrecv" || d === "sendonly";
  });
}

/** The sender's refusal when a signal is over one of its budgets (signal-budget.ts). */
function overBudget(spent: SpentBudget, to: MediaPeer): Refused {
  const what = spent === "bytes" ? "Too much signalling from you" : spent === "candidates" ? `Too many ICE candidates to peer ${to}` : `Too many ${spent}s to peer ${to}`;
  return { code: "rate-limited", message: `${what}; wait a few seconds.` };
}

/** The key of a person's media among the table's sockets: one media socket per key ("Two tabs of one player"). */
function personKey(identity: ConnectionIdentity | null): string | null {
  if (!identity) return null;
  if (identity.kind === "player" || identity.kind === "consigliere") return `${identity.kind}:${identity.playerId}`;
  return identity.kind === "host" ? "host" : null;
}


/** What this part uses of the table (each part gets only what it uses; table.ts builds it). */
interface MediaDeps extends Pick<TableCore, "config" | "env" | "now"> {
  /** The per-table spectator counter, stored (its next k: spectator peers are SPECTATOR_PEER_BASE + k). */
  readonly spectatorSeq: Keyed<number>;
  readonly consiglieri: Pick<ConsiglieriPort, "bound">;
  readonly fanout: Pick<FanoutPort, "send" | "sendError">;
  readonly match: Pick<MatchPort, "currentPlayers" | "state">;
  readonly presence: Pick<PresencePort, "mediaChanged">;
  readonly sockets: Pick<Sockets, "all" | "attachmentOf" | "save">;
  readonly store: Pick<TableStore, "control" | "game">;
}

export class Media {
  constructor(private readonly t: MediaDeps) {}

  private ice: IceServer[] | null = null;
  /** Offers, answers and candidates per link, bytes per sender (signal-budget.ts). */
  private readonly budget = new SignalBudget();
  private turnCache: TurnCredentials | null | undefined;

  /** Short-lived TURN credentials, when the TURN key's secrets are set (docs/MEDIA.md §5). */
  get turn(): TurnCredentials | null {
    if (this.turnCache === undefined) {
      const env = this.t.env;
      this.turnCache = env.TURN_KEY_ID && env.TURN_KEY_API_TOKEN ? new TurnCredentials(env.TURN_KEY_ID, env.TURN_KEY_API_TOKEN, apiBase(env.SFU_API_BASE), () => this.t.now()) : null;
    }
    return this.turnCache;
  }

  /**
   * What a media peer's welcome carries for the table's media: the plane (the SFU when its secrets are
   * set, else the mesh), the ICE servers — the static MEDIA_ICE_SERVERS list (read once per instance) and,
   * with a TURN key, minted TURN credentials (none after a failure: logged) — and the connection's media
   * peer when it has one now (a seat in the lobby has none yet: its view's seat says it once drawn).
   */
  async welcome(peer: MediaPeer | null = null): Promise<WelcomeMedia> {
    this.ice ??= iceServers(this.t.env.MEDIA_ICE_SERVERS);
    const minted = this.turn ? await this.turn.servers() : [];
    return { mode: sfuConfigured(this.t.env) ? "sfu" : "mesh", iceServers: [...this.ice, ...minted], ...(peer !== null ? { peer } : {}) };
  }

  /** A spectator socket's peer: given once (the per-table counter, stored), kept in its attachment (the caller saves it). */
  spectatorPeer(att: Attachment): MediaPeer {
    if (att.peer === undefined) {
      const seq = this.t.spectatorSeq;
      const k = seq.get() ?? 0;
      seq.put(k + 1);
      att.peer = SPECTATOR_PEER_BASE + k;
    }
    return att.peer;
  }

  /**
   * The media peer of a greeted connection in the running game `state`, from its identity alone: a seated
   * player's seat, the live host 0, a bound consigliere's 100 + seat, a spectator's own number (given
   * here if it has none; the caller saves `att`). Null: no media here (the seatless organizer, a player
   * or consigliere without a seat in this game).
   */
  peerOf(identity: ConnectionIdentity, att: Attachment, state: GameState | null): MediaPeer | null {
    switch (identity.kind) {
      case "player":
        return state ? seatOf(state, identity.playerId) : null;
      case "host":
        return this.t.config().host === "live" ? HOST_PEER : null;
      case "consigliere": {
        const seat = state && this.t.consiglieri.bound(identity.playerId) ? seatOf(state, identity.playerId) : null;
        return seat === null ? null : consiglierePeer(seat);
      }
      case "spectator":
        return this.spectatorPeer(att);
      default:
        return null;
    }
  }

  /**
   * TableView.mediaPeers: the connected media peers beyond the seats, sorted — 0 while the live host has
   * an open socket, 100 + N for a connected consigliere of seat N, each listening spectator (mesh).
   * Empty before the game. `except`: a socket that is closing.
   */
  peers(except?: WebSocket): MediaPeer[] {
    const t = this.t;
    const state = t.match.state();
    if (!state) return [];
    const out = new Set<MediaPeer>();
    const live = t.config().host === "live";
    const hears = this.spectatorsMayListen();
    for (const ws of t.sockets.all()) {
      if (ws === except || ws.readyState !== WebSocket.OPEN) continue;
      const att = t.sockets.attachmentOf(ws, 0);
      const id = att.identity;
      if (!id) continue;
      if (id.kind === "host" && live) out.add(HOST_PEER);
      else if (id.kind === "consigliere") {
        const p = this.peerOf(id, att, state);
        if (p !== null) out.add(p);
      } else if (id.kind === "spectator" && att.listening && att.peer !== undefined && hears) out.add(att.peer);
    }
    return [...out].sort((a, b) => a - b);
  }

  /** Spectators may take part in the mesh: the table's option `spectatorsHear` (RULES.md §8; a delayed table too: the page delays). */
  spectatorsMayListen(): boolean {
    return this.t.store.control().spectatorsHear;
  }

  /**
   * The organizer switched `spectatorsHear`: every open spectator socket gets a new `welcome`
   * (as a revoked consigliere's does) — with the table's media and its peer when spectators may listen
   * now, without media when not; switched off, no spectator listens any more (its page stops; on again,
   * its next hello listens again).
   */
  async spectatorsSwitched(): Promise<void> {
    const t = this.t;
    const on = this.spectatorsMayListen();
    const now = t.now();
    const sockets = [...t.sockets.all()].filter((ws) => ws.readyState === WebSocket.OPEN && t.sockets.attachmentOf(ws, now).identity?.kind === "spectator");
    const base = on ? await this.welcome() : null;
    for (const ws of sockets) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      const att = t.sockets.attachmentOf(ws, now);
      if (!on) delete att.listening;
      const peer = on ? this.spectatorPeer(att) : null;
      t.sockets.save(ws, att);
      t.fanout.send(ws, { type: "welcome", identity: { kind: "spectator" }, serverNow: t.now(), ...(base ? { media: { ...base, peer: peer! } } : {}) });
    }
  }

  /** Spectator sockets listening on the mesh now (MESH_LISTENERS_MAX). */
  private listeners(): number {
    let n = 0;
    for (const ws of this.t.sockets.all()) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      const att = this.t.sockets.attachmentOf(ws, 0);
      if (att.identity?.kind === "spectator" && att.listening) n++;
    }
    return n;
  }

  /** Whether the floor keeps consiglieri closed now (RULES.md §8: at night a consigliere hears nothing and is heard by nobody). */
  private consiglieriClosed(state: GameState): boolean {
    return !tableFloor(state).advisers;
  }

  /** A spectator started listening in the last relay: the views' mediaPeers changed (afterRelay sends them). */
  private listeningChanged = false;

  /**
   * Relay `msg` from the connection on socket `ws` (identity `identity`, attachment `att`, saved by the
   * caller) to the media peer `msg.to`; `from` is stamped here from the sender's identity.
   *
   * Two tabs of one person (docs/MEDIA.md): a person's media live on one socket only. A signal `hello`
   * makes its socket the person's media socket (the newest hello wins: a second tab or device that joins
   * voice takes over, and the socket that held the media is told `media-elsewhere`). While a person has
   * an open media socket, signals to them go to that socket only, and signals from their other sockets
   * are refused with `media-elsewhere`. A person without one (never said hello, or that socket closed)
   * gets signals on every open socket, as before. Players, the live host and consiglieri alike.
   */
  relay(ws: WebSocket, att: Attachment, identity: ConnectionIdentity, msg: SignalMessage): Refused | null {
    const t = this.t;
    if (identity.kind === "organizer") return { code: "not-seated", message: "Only the people at the table take part in its media." };
    if (identity.kind === "spectator" && !this.spectatorsMayListen()) return { code: "not-seated", message: "This table does not let spectators listen." };
    if (sfuConfigured(t.env)) return { code: "media-mode", message: "This table's media run on the SFU: send sfu frames." };
    const state = t.match.state();
    if (!state) return this.relayInLobby(ws, att, identity, msg);
    const from = this.peerOf(identity, att, state);
    if (from === null) return { code: "not-seated", message: identity.kind === "consigliere" ? "The seat you advise is not in this game." : "You hold no seat in this game." };
    const to = msg.to;
    if (to === from) return { code: "no-peer", message: "A signal goes to another peer, not to yourself." };
    if (!mayLink(from, to)) return { code: "no-peer", message: `Peer ${to} is never linked with you.` };
    const now = t.now();
    const targets = this.socketsOfPeer(to, state, now);
    if (targets === null) return { code: "no-peer", message: `Peer ${to} is no person at this table's game.` };
    if ((isConsiglierePeer(from) || isConsiglierePeer(to)) && this.consiglieriClosed(state)) {
      return { code: "media-closed", message: "A consigliere hears nothing and is heard by nobody at night." };
    }
    if (isSpectatorPeer(from) && msg.description && sdpSends(msg.description.sdp)) return { code: "media-closed", message: "Spectators are never heard." };
    if (isSpectatorPeer(from) && msg.hello && !att.listening && targets.length) {
      if (this.listeners() >= MESH_LISTENERS_MAX) return { code: "media-full", message: `At most ${MESH_LISTENERS_MAX} spectators listen on this table's media.` };
      att.listening = true;
      this.listeningChanged = true;
    }
    const spent = this.budget.take(from, to, msg, now);
    if (spent) return overBudget(spent, to);
    return this.deliver(ws, att, identity, msg, from, to, targets, now);
  }

  /**
   * RULES.md §8: the lobby's voice (shared/media/floor.ts `lobbyFloor`: everyone
   * to everyone while the table fills). Before the game the people are media peers by their lobby place
   * (join order; LobbySeatView.place, 1…99), and the live host is 0, as in the game. Only the people of
   * the lobby (its current game's players: not those still at the last game's end) and the live host take
   * part; spectators, consiglieri and the seatless organizer are `not-seated` here. At the start every page
   * leaves the lobby's links and joins again as its drawn seat (web/src/table/voice.ts).
   */
  private relayInLobby(ws: WebSocket, att: Attachment, identity: ConnectionIdentity, msg: SignalMessage): Refused | null {
    const t = this.t;
    if (t.store.game().status !== "lobby") return { code: "not-seated", message: "The table's media start with the game." };
    const from = this.lobbyPeerOf(identity);
    if (from === null) return { code: "not-seated", message: "Only the people in the lobby and the host take part in the lobby's voice." };
    const to = msg.to;
    if (to === from) return { code: "no-peer", message: "A signal goes to another peer, not to yourself." };
    const now = t.now();
    const targets = this.lobbySocketsOfPeer(to, now);
    if (targets === null) return { code: "no-peer", message: `Peer ${to} is no person in this lobby.` };
    const spent = this.budget.take(from, to, msg, now);
    if (spent) return overBudget(spent, to);
    return this.deliver(ws, att, identity, msg, from, to, targets, now);
  }

  /** A lobby person's media peer (their lobby place), the live host's 0; null for anyone else. */
  private lobbyPeerOf(identity: ConnectionIdentity): MediaPeer | null {
    if (identity.kind === "host") return this.t.config().host === "live" ? HOST_PEER : null;
    if (identity.kind !== "player") return null;
    const p = this.t.match.currentPlayers().find((x) => x.playerId === identity.playerId && !x.bot);
    return p && isSeatPeer(p.place) ? p.place : null;
  }

  /** The open sockets of lobby peer `peer` (a person's place, or the live host); null: nobody is that peer. */
  private lobbySocketsOfPeer(peer: MediaPeer, now: number): Array<{ ws: WebSocket; att: Attachment }> | null {
    if (isHostPeer(peer)) return this.t.config().host === "live" ? this.socketsOf("host", now) : null;
    if (!isSeatPeer(peer)) return null;
    const p = this.t.match.currentPlayers().find((x) => x.place === peer);
    return !p || p.bot ? null : this.socketsOf(`player:${p.playerId}`, now);
  }

  /** The relay's last part, in the game and in the lobby: one media socket per person, then the delivery. */
  private deliver(ws: WebSocket, att: Attachment, identity: ConnectionIdentity, msg: SignalMessage, from: MediaPeer, to: MediaPeer, targets: Array<{ ws: WebSocket; att: Attachment }>, now: number): Refused | null {
    const t = this.t;
    const key = personKey(identity);
    const own = key === null ? [] : this.socketsOf(key, now).filter((s) => s.ws !== ws);
    if (msg.hello) {
      for (const s of own) {
        if (!s.att.media) continue;
        delete s.att.media;
        t.sockets.save(s.ws, s.att);
        t.fanout.sendError(s.ws, "media-elsewhere", "Your voice and video moved to another tab or device.", null);
      }
      if (key !== null) att.media = true;
    } else if (!att.media && own.some((s) => s.att.media)) {
      return { code: "media-elsewhere", message: "Your voice and video are on in another tab or device." };
    }
    const out = {
      type: "signal" as const, from,
      ...(msg.description ? { description: msg.description } : {}),
      ...(msg.candidates ? { candidates: msg.candidates } : {}),
      ...(msg.hello ? { hello: true as const } : {}),
    };
    const media = targets.filter((s) => s.att.media);
    for (const s of media.length ? media : targets) t.fanout.send(s.ws, out);
    return targets.length ? null : { code: "no-peer", message: `Peer ${to} is not connected.` };
  }

  /** After a relay that made a spectator listening: everyone's view names it (TableView.mediaPeers). */
  async afterRelay(now: number): Promise<void> {
    if (!this.listeningChanged) return;
    this.listeningChanged = false;
    await this.t.presence.mediaChanged(now);
  }

  /**
   * The open sockets of media peer `peer` in the running game, with their attachments; null when no
   * person of this game is that peer (an empty or bot seat, no live host, a seat without a consigliere).
   * A spectator peer: its socket while it listens.
   */
  private socketsOfPeer(peer: MediaPeer, state: GameState, now: number): Array<{ ws: WebSocket; att: Attachment }> | null {
    if (isSeatPeer(peer)) {
      const target = seatedPlayers(state)[peer - 1];
      return !target || target.bot ? null : this.socketsOf(`player:${target.playerId}`, now);
    }
    if (isHostPeer(peer)) return this.t.config().host === "live" ? this.socketsOf("host", now) : null;
    if (isConsiglierePeer(peer)) {
      const target = seatedPlayers(state)[peer - CONSIGLIERE_PEER_BASE - 1];
      return !target || target.bot || !this.t.consiglieri.bound(target.playerId) ? null : this.socketsOf(`consigliere:${target.playerId}`, now);
    }
    if (isSpectatorPeer(peer)) {
      if (!this.spectatorsMayListen()) return null;
      const out: Array<{ ws: WebSocket; att: Attachment }> = [];
      for (const ws of this.t.sockets.all()) {
        if (ws.readyState !== WebSocket.OPEN) continue;
        const att = this.t.sockets.attachmentOf(ws, now);
        if (att.identity?.kind === "spectator" && att.listening && att.peer === peer) out.push({ ws, att });
      }
      return out.length ? out : null;
    }
    return null;
  }

  /** The open sockets of one person (personKey), with their attachments. */
  private socketsOf(key: string, now: number): Array<{ ws: WebSocket; att: Attachment }> {
    const out: Array<{ ws: WebSocket; att: Attachment }> = [];
    for (const ws of this.t.sockets.all()) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      const att = this.t.sockets.attachmentOf(ws, now);
      if (personKey(att.identity) === key) out.push({ ws, att });
    }
    return out;
  }
}
