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
import type { Refused } from "./frames.ts";
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

  /** Relay `msg` from the player `playerId` to the sockets of the player at seat `msg.to`. */
  relay(playerId: string, msg: SignalMessage): Refused | null {
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
    const out = { type: "signal" as const, from, ...(msg.description ? { description: msg.description } : {}), ...(msg.candidates ? { candidates: msg.candidates } : {}) };
    let sent = 0;
    for (const ws of t.sockets.all()) {
      const id = t.sockets.attachmentOf(ws, now).identity;
      if (id?.kind !== "player" || id.playerId !== target.playerId || ws.readyState !== WebSocket.OPEN) continue;
      t.fanout.send(ws, out);
      sent++;
    }
    return sent ? null : { code: "no-peer", message: `Seat ${msg.to}'s player is not connected.` };
  }
}
