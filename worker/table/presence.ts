/**
 * Presence: who is connected. `players.away_since` is NULL while a player has a greeted socket open
 * and the time of the last close otherwise (stored, survives eviction); the live host's presence is
 * read from the sockets. The stored change is immediate, its view is coalesced: the first change after
 * a quiet window goes to everyone at once, later ones within PRESENCE_WINDOW_MS wait for the alarm's
 * `presence` item (schedule.ts). Also here: the limit of greeted sockets per credential.
 *
 * The live host's loss during a game is told to the game only once it has lasted HOST_AWAY_GRACE_MS
 * (the `host-away` alarm item; the time of the loss is stored, and the 3 minutes of RULES.md §5.7 count
 * from it): a return within it — a reload, a phone switching networks, a socket closed and reopened
 * again and again — writes nothing to the public log and sends nobody a frame beyond the coalesced
 * presence view. Until then the game goes on as with the host there: its gated stages wait for the
 * host's confirm anyway.
 */
import { CLOSE_CODES, HELLO_TIMEOUT_MS, SOCKETS_PER_CREDENTIAL } from "../../shared/protocol/messages.ts";
import type { ConnectionIdentity } from "./connection.ts";
import { apply, type Input } from "./engine.ts";
import type { ControlAction } from "../../shared/engine/types.ts";
import { dueAt, presenceBroadcastAt } from "./schedule.ts";
import type { AlarmItem, AlarmPort, FanoutPort, MatchPort, OrganizerPort, TableCore } from "./ports.ts";
import type { Sockets } from "./connection.ts";
import type { TableStore } from "./storage.ts";
import type { Keyed } from "./repositories/keyed.ts";

/** How long the live host may be gone before the game is told (RULES.md §5.7: "waiting for the host"). */
export const HOST_AWAY_GRACE_MS = 5000;

/** Where the time of the live host's loss waits while the game is not told yet (survives eviction). */
const HOST_LOST_KEY = "hostLostAt";

/** What this part uses of the table (each part gets only what it uses; table.ts builds it). */
interface PresenceDeps extends Pick<TableCore, "afterChange" | "config" | "now" | "tx"> {
  /** RULES.md §5.7: when the live host's connection was lost, stored (repositories/keyed.ts). */
  readonly hostLost: Keyed<number>;
  readonly alarm: Pick<AlarmPort, "sync">;
  readonly fanout: Pick<FanoutPort, "closeSocket" | "sendCurrentView" | "sendError">;
  readonly match: Pick<MatchPort, "persist" | "state">;
  readonly organizer: Pick<OrganizerPort, "resumeIfAbsenceOf">;
  readonly sockets: Pick<Sockets, "all" | "attachmentOf">;
  readonly store: Pick<TableStore, "bumpVersion" | "extras" | "game" | "initialized" | "players" | "setAwaySince" | "setPresenceAt">;
}

export class Presence {
  /** When this instance last sent everyone a presence change (memory: a fresh instance sends the next
   *  one at once; an object is only evicted after a quiet spell longer than the window anyway). */
  private presenceSentAt: number | null = null;

  constructor(private readonly t: PresenceDeps) {}

  /** The alarm's `hello` item: a socket silent HELLO_TIMEOUT_MS after it opened closes. Given up: that item is left out (they close with the object). */
  readonly helloItem: AlarmItem = {
    kind: "hello",
    due: () => dueAt("hello", this.helloDue()),
    run: async (_due, at) => {
      this.closeSilentSockets(at);
      await this.t.alarm.sync();
    },
  };

  /** The alarm's `presence` item: a coalescing window ended. Given up, the view is dropped; the next change carries the presence. */
  readonly alarmItem: AlarmItem = {
    kind: "presence",
    due: () => dueAt("presence", this.t.store.extras().presenceAt),
    run: (_due, at) => this.flush(at),
    giveUp: () => this.t.store.setPresenceAt(null),
  };

  /**
   * The alarm's `host-away` item, by the table's clock now. Given up, the host's loss is dropped (the
   * game goes on as if the host were there; their next return or loss starts afresh).
   */
  readonly hostAwayItem: AlarmItem = {
    kind: "host-away",
    due: () => dueAt("host-away", this.hostAwayDue()),
    run: (_due, _at, now) => this.hostGone(now),
    giveUp: () => this.forgetHostLoss(),
  };

  /** Close every socket still without a good hello HELLO_TIMEOUT_MS after it opened. */
  private closeSilentSockets(at: number): void {
    const sockets = this.t.sockets;
    for (const ws of sockets.all()) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      const att = sockets.attachmentOf(ws, at);
      if (att.identity === null && att.connectedAt + HELLO_TIMEOUT_MS <= at) this.t.fanout.closeSocket(ws, CLOSE_CODES.policy, "hello timeout");
    }
  }

  /** When the earliest un-greeted open socket's hello timeout ends, or null. */
  private helloDue(): number | null {
    const sockets = this.t.sockets;
    let first: number | null = null;
    for (const ws of sockets.all()) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      const att = sockets.attachmentOf(ws, 0);
      if (att.identity === null && (first === null || att.connectedAt < first)) first = att.connectedAt;
    }
    return first === null ? null : first + HELLO_TIMEOUT_MS;
  }

  /**
   * A socket said a good `hello` (its connection state already names who it is). Beyond
   * SOCKETS_PER_CREDENTIAL the credential's oldest sockets close; a player who was away is back (a
   * pause for their absence ends: a public change, sent at once); then this socket gets its view.
   */
  async greeted(ws: WebSocket, identity: ConnectionIdentity, credential: string | undefined, hostWasConnected: boolean, now: number): Promise<void> {
    const t = this.t;
    if (credential !== undefined) this.closeOldestOf(credential, ws);
    if (identity.kind === "player") {
      const player = t.store.players().find((p) => p.playerId === identity.playerId);
      if (player && player.awaySince !== null) {
        // Back: a pause caused by this player's absence ends by itself (§5.1) — a public change, sent
        // at once; otherwise the presence change is coalesced with others (changed).
        const resumed = t.tx(() => {
          t.store.setAwaySince(player.playerId, null);
          if (player.seat !== null) this.tellEngine({ type: "presence", seat: player.seat, connected: true }, now);
          return t.organizer.resumeIfAbsenceOf(player.playerId, now); // the resume is a new version
        });
        if (resumed) return t.afterChange(now);
        if (await this.changed(now)) return;
      }
    } else if (identity.kind === "host" && !hostWasConnected) {
      if (this.hostLostAt() !== null) {
        // Back within the grace: the game was never told; only the media peers changed (coalesced).
        this.forgetHostLoss();
        if (await this.changed(now)) return;
      } else {
        // RULES.md §5.7 the host is back: the engine stops waiting for them (or takes the hosting back at the next stage).
        if (t.tx(() => this.tellEngine({ type: "host-presence", connected: true }, now))) return t.afterChange(now);
        if (await this.changed(now)) return;
      }
    } else if (identity.kind === "consigliere" && t.match.state() && this.openSockets((i) => i.kind === "consigliere" && i.playerId === identity.playerId, ws) === 0) {
      // A consigliere came: a media peer of the running game (TableView.mediaPeers).
      if (await this.changed(now)) return;
    }
    t.fanout.sendCurrentView(ws, identity, now);
    await t.alarm.sync(); // greeted: no hello timeout for this socket any more
  }

  /**
   * A credential may hold SOCKETS_PER_CREDENTIAL greeted sockets: beyond that the oldest are told
   * `replaced` and closed with 4003 (they are no longer OPEN, so presence does not count them).
   */
  private closeOldestOf(credential: string, newest: WebSocket): void {
    const same: Array<{ ws: WebSocket; at: number }> = [];
    for (const ws of this.t.sockets.all()) {
      if (ws === newest || ws.readyState !== WebSocket.OPEN) continue;
      const att = this.t.sockets.attachmentOf(ws, 0);
      if (att.identity && att.credential === credential) same.push({ ws, at: att.connectedAt });
    }
    same.sort((a, b) => a.at - b.at);
    for (const { ws } of same.slice(0, Math.max(0, same.length + 1 - SOCKETS_PER_CREDENTIAL))) {
      this.t.fanout.sendError(ws, "replaced", "This seat was opened on a newer connection; this one closes.", null);
      this.t.fanout.closeSocket(ws, CLOSE_CODES.replaced, "replaced");
    }
  }

  /**
   * A player's or the live host's presence changed (already stored). The first change after a quiet
   * window goes to everyone at once (returns true: every greeted socket, this one included, got the
   * new view); later ones within the window wait for its end — the `presence` alarm item — so a
   * reconnect flood costs the table one view per window, not one per socket event.
   */
  private async changed(now: number, closing?: WebSocket): Promise<boolean> {
    const store = this.t.store;
    const pending = store.extras().presenceAt;
    const at = presenceBroadcastAt(now, this.presenceSentAt, pending);
    if (at === null) {
      store.bumpVersion();
      this.presenceSentAt = now;
      await this.t.afterChange(now, undefined, closing);
      return true;
    }
    if (pending === null) {
      store.setPresenceAt(at);
      await this.t.alarm.sync();
    }
    return false;
  }

  /**
   * The table's media peers beyond the seats changed (TableView.mediaPeers: a spectator started
   * listening, a listening spectator's or a consigliere's socket closed): a presence change, coalesced.
   */
  async mediaChanged(now: number, closing?: WebSocket): Promise<void> {
    await this.changed(now, closing);
  }

  /** The alarm's presence item: the window ended, one view for every presence change in it. */
  async flush(at: number): Promise<void> {
    this.t.tx(() => {
      this.t.store.setPresenceAt(null);
      this.t.store.bumpVersion();
    });
    this.presenceSentAt = at;
    await this.t.afterChange(at);
  }

  /** When the live host's loss, not told to the game yet, is due to be told (the `host-away` alarm item); null: none. */
  hostAwayDue(): number | null {
    const at = this.hostLostAt();
    return at === null ? null : at + HOST_AWAY_GRACE_MS;
  }

  /**
   * The `host-away` item: the live host has been gone for the grace. RULES.md §5.7: the game is told
   * (gated stages wait for the host; the server takes over 3 minutes after the loss).
   */
  async hostGone(now: number): Promise<void> {
    const t = this.t;
    const since = this.hostLostAt();
    this.forgetHostLoss();
    if (since !== null && !this.hostConnected() && t.tx(() => this.tellEngine({ type: "host-presence", connected: false, since }, now))) return t.afterChange(now);
    await t.alarm.sync();
  }

  /** The host's loss is no longer waiting to be told (back in time, told, or given up). */
  forgetHostLoss(): void {
    this.t.hostLost.delete();
  }

  /**
   * RULES.md §5.7 a new host was named (club-takeover.ts) and has no page open yet: counted as a loss at
   * `now`, so a host who does not come within the grace is waited for with the table's timer again.
   */
  async expectHost(now: number): Promise<void> {
    if (this.hostConnected()) return;
    this.t.hostLost.put(now);
    await this.t.alarm.sync();
  }

  private hostLostAt(): number | null {
    return this.t.hostLost.get() ?? null;
  }

  /** A public broadcast went out: it carries the current presence, so a waiting presence view is not needed. */
  carried(): void {
    if (this.t.store.extras().presenceAt === null) return;
    this.t.store.setPresenceAt(null);
    this.presenceSentAt = this.t.now();
  }

  /** A socket went away: the player is away once their last socket closed (stored, survives eviction). */
  async disconnected(ws: WebSocket): Promise<void> {
    const t = this.t;
    if (!t.store.initialized()) return;
    const now = t.now();
    const identity = t.sockets.attachmentOf(ws, now).identity;
    // Its hello timeout (un-greeted) or the delayed-view item (the last spectator) may go away with it:
    // re-arm, or the alarm set for that item would wake the table and run the next item early.
    if (identity === null || identity.kind === "spectator") {
      // A listening spectator left the table's media (TableView.mediaPeers).
      if (identity?.kind === "spectator" && t.sockets.attachmentOf(ws, now).listening) return void (await this.changed(now, ws));
      return t.alarm.sync();
    }
    if (identity.kind === "player") {
      if (this.openSockets((i) => i.kind === "player" && i.playerId === identity.playerId, ws) > 0) return;
      const player = t.store.players().find((p) => p.playerId === identity.playerId);
      if (!player || player.bot || player.awaySince !== null) return;
      t.tx(() => {
        t.store.setAwaySince(player.playerId, now);
        // RULES.md §5.7 a seat whose connection is lost gets no automatic foul: the engine is told.
        if (player.seat !== null) this.tellEngine({ type: "presence", seat: player.seat, connected: false }, now);
      });
      await this.changed(now, ws);
    } else if (identity.kind === "host") {
      if (this.openSockets((i) => i.kind === "host", ws) > 0) return;
      // RULES.md §5.7 the live host's connection is lost: told to the game after the grace (hostGone).
      if (t.store.game().status === "playing" && this.hostLostAt() === null) {
        t.hostLost.put(now);
        await t.alarm.sync();
      }
      await this.changed(now, ws);
    } else if (identity.kind === "consigliere") {
      // The consigliere's last socket closed: no longer a media peer (TableView.mediaPeers).
      if (!t.match.state() || this.openSockets((i) => i.kind === "consigliere" && i.playerId === identity.playerId, ws) > 0) return;
      await this.changed(now, ws);
    }
  }

  /**
   * RULES.md §5.7 / §5.1: tell the running game who is connected — a seat's presence, the live host's —
   * as an engine control input through the match's commit path (inside the caller's transaction).
   * Returns whether it changed something public (its events: the host away or back; a seat's presence has none).
   */
  private tellEngine(action: Extract<ControlAction, { type: "presence" | "host-presence" }>, now: number): boolean {
    const t = this.t;
    const state = t.store.game().status === "playing" ? t.match.state() : null;
    if (!state) return false;
    const input: Input = { kind: "control", action };
    const result = apply(state, input, now);
    if (!result.ok) return false;
    t.match.persist(result.state, [input], now);
    return result.events.length > 0;
  }

  /** Greeted, open sockets whose identity matches (optionally ignoring one that is closing). */
  openSockets(match: (identity: ConnectionIdentity) => boolean, except?: WebSocket): number {
    let n = 0;
    for (const ws of this.t.sockets.all()) {
      if (ws === except || ws.readyState !== WebSocket.OPEN) continue;
      const att = this.t.sockets.attachmentOf(ws, 0);
      if (att.identity && match(att.identity)) n++;
    }
    return n;
  }

  hostConnected(except?: WebSocket): boolean {
    return this.t.config().host === "live" && this.openSockets((i) => i.kind === "host", except) > 0;
  }
}
