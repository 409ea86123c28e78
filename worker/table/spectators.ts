/**
 * Delayed spectators (table option spectatorDelaySeconds): every version's public view is kept in a
 * small SQLite ring (storage.pushSpectatorView) and shown once it is old enough — on `hello`/`sync`
 * the view as it was N s ago, later ones by the alarm's `spectators` item as they age.
 *
 * A kept view of a finished game was masked for publication when it was kept; it is masked again as it
 * is sent, with the opt-outs known then (RULES.md §8: an opt-out after the game holds from the next
 * reading on; publication.ts).
 */
import type { TableView } from "../../shared/protocol/messages.ts";
import type { AlarmItem, AlarmPort, FanoutPort, MatchPort, PresencePort, PublicationPort, TableCore } from "./ports.ts";
import { dueAt } from "./schedule.ts";
import { maskView } from "./publication.ts";
import type { Sockets } from "./connection.ts";
import type { TableStore } from "./storage.ts";

/** A delayed spectator's frame: the stored view of `version`; serverNow is the moment the view shows. */
export function spectatorFrame(version: number, serverNow: number, view: string): string {
  return `{"type":"view","version":${version},"serverNow":${serverNow},"view":${view}}`;
}

/** What this part uses of the table (each part gets only what it uses; table.ts builds it). */
interface SpectatorsDeps extends Pick<TableCore, "config" | "now"> {
  readonly alarm: Pick<AlarmPort, "sync">;
  readonly fanout: Pick<FanoutPort, "facts" | "sendRaw" | "tableViewFor">;
  readonly match: Pick<MatchPort, "quietKeys">;
  readonly presence: Pick<PresencePort, "openSockets">;
  readonly publication: Pick<PublicationPort, "hiddenNicks">;
  readonly sockets: Pick<Sockets, "all" | "attachmentOf">;
  readonly store: Pick<TableStore, "extras" | "game" | "nextSpectatorDue" | "nextSpectatorVersion" | "pushSpectatorView" | "setSpectatorVersion" | "spectatorViewAt">;
}

export class DelayedSpectators {
  constructor(private readonly t: SpectatorsDeps) {}

  /** The alarm's `spectators` item: the next delayed view is old enough. Given up, the view that failed is skipped; later views are delivered. */
  readonly alarmItem: AlarmItem = {
    kind: "spectators",
    due: () => dueAt("spectators", this.due()),
    run: async (_due, at) => {
      this.deliver(at);
      await this.t.alarm.sync();
    },
    giveUp: () => {
      const store = this.t.store;
      const version = store.nextSpectatorVersion(store.extras().spectatorVersion);
      if (version !== null) store.setSpectatorVersion(version);
    },
  };

  delayMs(): number {
    return this.t.config().spectatorDelaySeconds * 1000;
  }

  /** After a change (inside its transaction): keep the public view of a new version in the ring. */
  record(now: number): void {
    const delayMs = this.delayMs();
    if (delayMs <= 0) return;
    const store = this.t.store;
    if (this.t.match.quietKeys(store.game().version)) return; // quiet changes: nothing public
    const fanout = this.t.fanout;
    const view = fanout.tableViewFor({ kind: "spectator" }, fanout.facts(), delayMs);
    store.pushSpectatorView(store.game().version, now, JSON.stringify(view), delayMs);
  }

  /** A delayed spectator's `hello`/`sync`: the view as it was the delay ago (the oldest kept if younger). */
  sendCurrent(ws: WebSocket, now: number): void {
    const store = this.t.store;
    const delayMs = this.delayMs();
    const old = store.spectatorViewAt(now, delayMs);
    if (!old) return;
    if (old.version > store.extras().spectatorVersion) store.setSpectatorVersion(old.version);
    this.t.fanout.sendRaw(ws, spectatorFrame(old.version, now - delayMs, this.published(old.view)));
  }

  /** A kept view (JSON) as a spectator may read it now: a finished game's masked with today's opt-outs. */
  private published(json: string): string {
    // Only a finished game's view names people the publication rule hides; the others are sent as kept.
    if (!json.includes('"status":"ended"')) return json;
    const view = JSON.parse(json) as TableView;
    if (view.status !== "ended") return json;
    const hidden = this.t.publication.hiddenNicks(view.series.game, { kind: "spectator" });
    return hidden.size === 0 ? json : JSON.stringify(maskView(view, hidden));
  }

  /** The alarm's spectator item: send delayed spectators the newest view that is old enough now. */
  deliver(at: number): void {
    const store = this.t.store;
    const delayMs = this.delayMs();
    const old = store.spectatorViewAt(at, delayMs, true);
    if (!old || old.version <= store.extras().spectatorVersion) return;
    store.setSpectatorVersion(old.version);
    const frame = spectatorFrame(old.version, this.t.now() - delayMs, this.published(old.view));
    for (const ws of this.t.sockets.all()) {
      if (this.t.sockets.attachmentOf(ws, 0).identity?.kind === "spectator") this.t.fanout.sendRaw(ws, frame);
    }
  }

  /** When the alarm's `spectators` item is due: the oldest undelivered view + the delay, while a spectator watches. */
  due(): number | null {
    const delayMs = this.delayMs();
    if (delayMs <= 0 || this.t.presence.openSockets((i) => i.kind === "spectator") === 0) return null;
    return this.t.store.nextSpectatorDue(this.t.store.extras().spectatorVersion, delayMs);
  }
}
