/**
 * "Chat where the floor allows it" (docs/PROTOCOL.md "Chat"): in these formats only the floor
 * speaks during a game (RULES.md §1 Secrets), so text chat has two channels, and a connection is in at
 * most one of them at a time (`access`):
 *
 *   table       while no game runs — the lobby while the table fills, and after a game's end until the
 *               next one starts: every greeted connection reads and writes (players, spectators, the
 *               organizer or live host, consiglieri).
 *   spectators  while a game runs: spectators and the seatless organizer read and write; a dead player
 *               too where the table's option `deadHear` lets the dead hear (as the media floor does,
 *               view.ts withoutDeadListeners); the live host reads (and may mute) but does not write —
 *               they know every secret, and a word from them would spoil the spectators' game.
 *               A living player and any consigliere (they advise a living player) get no chat frame at
 *               all during a game, and their lines are refused (`chat-closed`), nothing stored.
 *
 * Lines are kept in the table's SQLite (migration 5) only: the last CHAT_KEPT per channel, of the
 * current era (the number of games started: the table channel of era n is game n's after-game chat and
 * game n + 1's lobby; when game n + 1 starts, its lobby chat is cleared). They go with the table's
 * storage; nothing reaches D1 or a game's record.
 *
 * Senders are named by a public mute key, never an id or a token: `p<place>` a player, `c<place>` the
 * consigliere of that place, `v<n>` a spectator socket (numbered per socket at its first line; a
 * spectator who reconnects is a new number), `h` the live host, `o` the seatless organizer. The
 * organizer (or live host) mutes and unmutes keys (`chat-mute`); a muted sender's lines are refused
 * (`chat-muted`).
 *
 * A line is one line of visible text (RULES.md §8 Chat): the schema makes it so (chat.ts `chatLine`), and
 * it is shown under the name the table gives it, never one the sender writes. Its budgets (on top of the
 * frame bucket) are the person's (CHAT_RATE_LIMIT by the sender's key: every socket of a seat, of the
 * organizer or of the host spends one budget) and the client address's (chatAddressLimit, over all its
 * senders: spectator sockets cost nothing to open, and each is a new sender).
 *
 * Delivery: a connection gets its channel's history with `reset` when it says hello, asks `sync`, or its
 * channel changes (a game starts or ends, the player dies) — the after-change subscriber `chat`
 * (table.ts) — then each new line. The channel it last got is kept in its attachment (`chat`).
 */
import { chatAddressLimit, chatLine } from "../../shared/protocol/chat.ts";
import { CHAT_KEPT, CHAT_RATE_LIMIT, type ChatAccess, type ChatEntry, type ChatMessage, type ChatMuteMessage, type ServerMessage } from "../../shared/protocol/messages.ts";
import { takeToken, type Attachment, type ConnectionIdentity, type Sockets } from "./connection.ts";
import { viewFor, type GameState } from "./engine.ts";
import type { ConsiglieriPort, FanoutPort, MatchPort, OrganizerPort, Refused, TableCore } from "./ports.ts";
import type { TableStore } from "./storage.ts";
import type { ChatRows } from "./repositories/chat.ts";

/** What the chat uses of the table (each part gets only what it uses; table.ts builds it). */
export interface ChatDeps extends Pick<TableCore, "config" | "now" | "tx"> {
  /** This part's own rows (repositories/chat.ts). */
  readonly chatRows: ChatRows;
  readonly store: Pick<TableStore, "control" | "game" | "players" | "seriesGame">;
  readonly sockets: Pick<Sockets, "all" | "attachmentOf" | "save">;
  readonly match: Pick<MatchPort, "state">;
  readonly fanout: Pick<FanoutPort, "send" | "sendRaw">;
  readonly organizer: Pick<OrganizerPort, "isOrganizer">;
  readonly consiglieri: Pick<ConsiglieriPort, "bound">;
}

/** How many chat budgets the table keeps in memory (persons and addresses). */
const BUDGETS_KEPT = 1024;
/** After this long untouched, every chat budget is full again (the address's refills as fast, relative to its burst). */
const REFILLED_MS = (CHAT_RATE_LIMIT.burst / CHAT_RATE_LIMIT.perSecond) * 1000;

export class TableChat {
  /** The seats alive in a state (public: every view says it), memoised per state object. */
  private living = new WeakMap<GameState, Set<number>>();
  /**
   * The chat budgets, by person (`p:` + the sender's key) and by address (`a:` + its bucket), in memory:
   * an object only hibernates after seconds of silence, and any budget is full again after 10 s.
   */
  private budgets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly t: ChatDeps) {}

  /** The games started so far: a table channel's lines belong to the era they were written in. */
  era(): number {
    const { gameNo } = this.t.store.seriesGame();
    return this.t.store.game().status === "lobby" ? gameNo - 1 : gameNo;
  }

  /** Which chat this connection has now (null: none — a living player or a consigliere during a game). The one
   *  rule: what is sent and accepted here, and what every view tells its page (TableView.chat, fanout.ts). */
  access(identity: ConnectionIdentity): ChatAccess | null {
    const t = this.t;
    if (t.store.game().status !== "playing") return { channel: "table", write: true };
    switch (identity.kind) {
      case "spectator":
      case "organizer":
        return { channel: "spectators", write: true };
      case "host":
        return { channel: "spectators", write: false };
      case "consigliere":
        return null;
      case "player": {
        const { gameNo } = t.store.seriesGame();
        const me = t.store.players().find((p) => p.playerId === identity.playerId);
        if (!me) return null;
        // Not in the running game (left before it started): watching it, like a spectator.
        if (me.gameNo < gameNo) return { channel: "spectators", write: true };
        const state = t.match.state();
        if (!state || me.seat === null || this.livingSeats(state).has(me.seat)) return null;
        return t.store.control().deadHear ? { channel: "spectators", write: true } : null;
      }
    }
  }

  private livingSeats(state: GameState): Set<number> {
    let seats = this.living.get(state);
    if (!seats) {
      seats = new Set(viewFor(state, { kind: "spectator" }, { logAfter: Number.MAX_SAFE_INTEGER }).seats.filter((s) => s.alive).map((s) => s.seat));
      this.living.set(state, seats);
    }
    return seats;
  }

  /** A line from a connection: refused unless its channel is open to it for writing and it is not muted. */
  send(ws: WebSocket, att: Attachment, identity: ConnectionIdentity, msg: ChatMessage, now: number): Refused | null {
    const t = this.t;
    const access = this.access(identity);
    if (!access || !access.write) return { code: "chat-closed", message: "Only the floor speaks during the game; the chat is closed to you now." };
    const sender = this.sender(ws, att, identity);
    if (!sender) return { code: "chat-closed", message: "The chat is closed to you now." };
    if (!this.spend(sender.key, att.address ?? "none", now)) return { code: "rate-limited", message: "Too many chat lines; wait a few seconds." };
    if (this.muted().includes(sender.key)) return { code: "chat-muted", message: "The organizer muted you in this chat." };
    const era = this.era();
    const entry = t.tx(() => {
      const id = t.chatRows.add(access.channel, era, now, sender.name, sender.key, msg.text);
      // The last CHAT_KEPT of the channel; older eras are never shown again.
      t.chatRows.dropBefore(era);
      t.chatRows.keepLast(access.channel, CHAT_KEPT);
      return { id, at: now, name: sender.name, key: sender.key, text: msg.text } satisfies ChatEntry;
    });
    // Every connection whose channel this is: the line (or, if it has not had this channel's history yet, the history).
    const frame = JSON.stringify({ type: "chat", channel: access.channel, entries: [entry] } satisfies ServerMessage);
    for (const other of t.sockets.all()) {
      if (other.readyState !== WebSocket.OPEN) continue;
      const oatt = t.sockets.attachmentOf(other, now);
      if (!oatt.identity) continue;
      const a = this.access(oatt.identity);
      if (!a || a.channel !== access.channel) continue;
      if (oatt.chat === `${a.channel}:${era}`) t.fanout.sendRaw(other, frame);
      else this.sendHistory(other, oatt, oatt.identity, a, era);
    }
    return null;
  }

  /** One line from this person at this address: taken from both budgets, or from neither (false). */
  private spend(person: string, address: string, now: number): boolean {
    const limits = [
      [`p:${person}`, CHAT_RATE_LIMIT],
      [`a:${address}`, chatAddressLimit(this.t.config().seatsPerAddress)],
    ] as const;
    const taken = limits.map(([key, limit]) => ({ key, ...takeToken(this.budgets.get(key) ?? { tokens: limit.burst, at: now }, now, limit) }));
    // A refusal spends nothing: a budget refills by the time passed alone.
    if (!taken.every((x) => x.allowed)) return false;
    for (const x of taken) {
      this.budgets.delete(x.key); // re-inserted: the map's order is the order of last use
      this.budgets.set(x.key, x.bucket);
    }
    if (this.budgets.size > BUDGETS_KEPT) {
      // A budget untouched for REFILLED_MS is full: forgetting it changes nothing. If too many are still in
      // use (many addresses at once), the least recently used go.
      for (const [key, b] of this.budgets) if (now - b.at >= REFILLED_MS || this.budgets.size > BUDGETS_KEPT) this.budgets.delete(key);
    }
    return true;
  }

  /** The organizer (or live host) mutes or unmutes a key; their connections that read a channel get the new list. */
  mute(msg: ChatMuteMessage, now: number): void {
    const t = this.t;
    if (msg.muted) t.chatRows.mute(msg.key);
    else t.chatRows.unmute(msg.key);
    const muted = this.muted();
    for (const ws of t.sockets.all()) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      const identity = t.sockets.attachmentOf(ws, now).identity;
      if (!identity || !t.organizer.isOrganizer(identity)) continue;
      const a = this.access(identity);
      if (a) t.fanout.send(ws, { type: "chat", channel: a.channel, entries: [], muted });
    }
  }

  /**
   * After every change (the subscriber `chat`, table.ts), and for one socket after its hello or `sync`
   * (`force`): each connection whose channel changed gets that channel's history (`reset`); one that
   * lost its chat gets nothing (its page clears the panel by its view).
   */
  refresh(now: number, only?: WebSocket, force = false): void {
    const t = this.t;
    const era = this.era();
    let cleared = false;
    for (const ws of only ? [only] : t.sockets.all()) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      const att = t.sockets.attachmentOf(ws, now);
      if (!att.identity) continue;
      const a = this.access(att.identity);
      const key = a ? `${a.channel}:${era}` : "";
      if (!force && (att.chat ?? "") === key) continue;
      if (!cleared) {
        // A new game started: the last era's lines are gone (the next lobby starts empty).
        t.chatRows.dropBefore(era);
        cleared = true;
      }
      if (a) this.sendHistory(ws, att, att.identity, a, era);
      else if (att.chat !== undefined) {
        delete att.chat;
        t.sockets.save(ws, att);
      }
    }
  }

  private sendHistory(ws: WebSocket, att: Attachment, identity: ConnectionIdentity, a: ChatAccess, era: number): void {
    const rows = this.t.chatRows.history(a.channel, era, CHAT_KEPT);
    // A line stored before lines were made one visible line (chatLine) is made one as it is read.
    const entries: ChatEntry[] = rows
      .map((r) => ({ ...r, text: chatLine(r.text) }))
      .filter((e) => e.text !== "");
    const organizing = this.t.organizer.isOrganizer(identity);
    this.t.fanout.send(ws, { type: "chat", channel: a.channel, entries, reset: true, ...(organizing ? { muted: this.muted() } : {}) });
    att.chat = `${a.channel}:${era}`;
    this.t.sockets.save(ws, att);
  }

  private muted(): string[] {
    return this.t.chatRows.muted();
  }

  /** The sender's public key and name (a spectator socket is numbered at its first line). */
  private sender(ws: WebSocket, att: Attachment, identity: ConnectionIdentity): { key: string; name: string } | null {
    const t = this.t;
    switch (identity.kind) {
      case "host":
        return { key: "h", name: "" };
      case "organizer":
        return { key: "o", name: "" };
      case "spectator": {
        if (att.chatN === undefined) {
          att.chatN = t.chatRows.nextSpectator();
          t.sockets.save(ws, att);
        }
        return { key: `v${att.chatN}`, name: "" };
      }
      case "player":
      case "consigliere": {
        const p = t.store.players().find((x) => x.playerId === identity.playerId);
        if (!p) return null;
        if (identity.kind === "player") return { key: `p${p.place}`, name: p.nickname };
        return { key: `c${p.place}`, name: t.consiglieri.bound(identity.playerId)?.nickname ?? "" };
      }
    }
  }
}
