/**
 * Issue 15, the table's media signalling (docs/MEDIA.md): WebRTC offers, answers and ICE candidates
 * relayed between the players' browsers. The table object is the signalling server of the mesh, and
 * relays only between connected, seated people of the running game: never to or from a spectator, the
 * seatless organizer or the live host, never to a bot seat, never to oneself, never across tables. What
 * each link carries is the floor's business (GameView.floor): honest clients attach and play only what
 * it allows; this part only decides who may reach whom.
 */
import * as v from "valibot";
import { IceServerSchema, type IceServer, type SignalMessage, type WelcomeMedia } from "../../shared/protocol/messages.ts";
import { apiBase } from "../media/sfu-api.ts";
import { TurnCredentials } from "../media/turn.ts";
import { seatOf, seatedPlayers } from "./engine.ts";
import type { Attachment } from "./connection.ts";
import type { Refused } from "./frames.ts";
import { OfferBudget } from "./offer-budget.ts";
import { sfuConfigured } from "./sfu.ts";
import type { Table } from "./table.ts";

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

export class Media {
  constructor(private readonly t: Table) {}

  private ice: IceServer[] | null = null;
  /** Issue 32, finding 10: offers per link (offer-budget.ts). */
  private readonly offers = new OfferBudget();
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
   * What a seated player's welcome carries for the table's media: the plane (the SFU when its secrets
   * are set, else the mesh) and the ICE servers — the static MEDIA_ICE_SERVERS list (read once per
   * instance) and, with a TURN key, minted TURN credentials (none after a failure: logged).
   */
  async welcome(): Promise<WelcomeMedia> {
    this.ice ??= iceServers(this.t.env.MEDIA_ICE_SERVERS);
    const minted = this.turn ? await this.turn.servers() : [];
    return { mode: sfuConfigured(this.t.env) ? "sfu" : "mesh", iceServers: [...this.ice, ...minted] };
  }

  /**
   * Relay `msg` from the player `playerId` (on socket `ws`, attachment `att`, saved by the caller) to the
   * player at seat `msg.to`.
   *
   * Two tabs of one player (docs/MEDIA.md): a player's media live on one socket only. A signal `hello`
   * makes its socket the player's media socket (the newest hello wins: a second tab or device that joins
   * voice takes over, and the socket that held the media is told `media-elsewhere`). While a player has
   * an open media socket, signals to them go to that socket only, and signals from their other sockets
   * are refused with `media-elsewhere`. A player without one (never said hello, or that socket closed)
   * gets signals on every open socket, as before.
   */
  relay(ws: WebSocket, att: Attachment, playerId: string, msg: SignalMessage): Refused | null {
    const t = this.t;
    if (sfuConfigured(t.env)) return { code: "media-mode", message: "This table's media run on the SFU: send sfu frames." };
    const state = t.match.state();
    if (!state) return { code: "not-seated", message: "The table's media start with the game." };
    const from = seatOf(state, playerId);
    if (from === null) return { code: "not-seated", message: "You hold no seat in this game." };
    if (msg.to === from) return { code: "no-peer", message: "A signal goes to another player, not to yourself." };
    const target = seatedPlayers(state)[msg.to - 1];
    if (!target || target.bot) return { code: "no-peer", message: `Seat ${msg.to} holds no person in this game.` };
    const now = t.now();
    if (msg.description?.type === "offer" && !this.offers.take(from, msg.to, now)) {
      return { code: "rate-limited", message: `Too many offers to seat ${msg.to}; wait a few seconds.` };
    }
    const own = this.socketsOf(playerId, now).filter((s) => s.ws !== ws);
    if (msg.hello) {
      for (const s of own) {
        if (!s.att.media) continue;
        delete s.att.media;
        t.sockets.save(s.ws, s.att);
        t.fanout.sendError(s.ws, "media-elsewhere", "Your voice and video moved to another tab or device.", null);
      }
      att.media = true;
    } else if (!att.media && own.some((s) => s.att.media)) {
      return { code: "media-elsewhere", message: "Your voice and video are on in another tab or device." };
    }
    const out = {
      type: "signal" as const, from,
      ...(msg.description ? { description: msg.description } : {}),
      ...(msg.candidates ? { candidates: msg.candidates } : {}),
      ...(msg.hello ? { hello: true as const } : {}),
    };
    const sockets = this.socketsOf(target.playerId, now);
    const media = sockets.filter((s) => s.att.media);
    for (const s of media.length ? media : sockets) t.fanout.send(s.ws, out);
    return sockets.length ? null : { code: "no-peer", message: `Seat ${msg.to}'s player is not connected.` };
  }

  /** The open sockets of one player, with their attachments. */
  private socketsOf(playerId: string, now: number): Array<{ ws: WebSocket; att: Attachment }> {
    const out: Array<{ ws: WebSocket; att: Attachment }> = [];
    for (const ws of this.t.sockets.all()) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      const att = this.t.sockets.attachmentOf(ws, now);
      if (att.identity?.kind === "player" && att.identity.playerId === playerId) out.push({ ws, att });
    }
    return out;
  }
}
