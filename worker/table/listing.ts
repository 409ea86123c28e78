/**
 * The table as others see it from outside: the public summary for a join page (GET /api/tables/:code)
 * and the listing pushed to the public directory (public tables only).
 */
import type { TableListing, TableStatus, TableSummary } from "../../shared/protocol/http.ts";
import type { TableView } from "../../shared/protocol/messages.ts";
import { DIRECTORY_NAME } from "../env.ts";
import { hostingOf, viewFor } from "./engine.ts";
import type { MatchPort, SpectatorsPort, TableCore } from "./ports.ts";
import type { TableStore } from "./storage.ts";

/** What this part uses of the table (each part gets only what it uses; table.ts builds it). */
interface ListingDeps extends Pick<TableCore, "config" | "env" | "now"> {
  readonly match: Pick<MatchPort, "currentPlayers" | "state">;
  readonly spectators: Pick<SpectatorsPort, "delayMs">;
  readonly store: Pick<TableStore, "game" | "initialized" | "seriesGame" | "spectatorViewAt">;
}

export class Listing {
  /** The status last pushed to the directory by this instance. */
  private listedStatus: TableStatus | null = null;
  /** The hosting last pushed by this instance (undefined: not yet known, e.g. after an eviction). */
  private listedHosting: "waiting" | "server" | null | undefined = undefined;

  constructor(private readonly t: ListingDeps) {}

  /**
   * The public summary for a join page; null for a code that was never created. With a spectator delay
   * it shows the table as a delayed spectator sees it now (status, seats taken, phase of the view at
   * least N s old), so that HTTP does not reveal what the delay hides.
   */
  summary(): TableSummary | null {
    const t = this.t;
    if (!t.store.initialized()) return null;
    const config = t.config();
    const delayMs = t.spectators.delayMs();
    const delayed = delayMs > 0 ? t.store.spectatorViewAt(t.now(), delayMs) : null;
    let shown: { status: TableStatus; taken: number; phase: string; game: number };
    if (delayed) {
      const view = JSON.parse(delayed.view) as TableView;
      shown = { status: view.status, taken: view.lobby.length, phase: view.game?.phase ?? "lobby", game: view.series?.game ?? 1 };
    } else {
      const state = t.match.state();
      shown = {
        status: t.store.game().status, taken: t.match.currentPlayers().length, phase: state ? viewFor(state, { kind: "spectator" }).phase : "lobby",
        game: t.store.seriesGame().gameNo,
      };
    }
    return {
      code: config.code,
      presetId: config.presetId,
      settings: { ...config.settings },
      public: config.public,
      status: shown.status,
      seats: { taken: shown.taken, min: config.seats.min, max: config.seats.max },
      phase: shown.phase,
      start: config.start,
      createdAt: config.createdAt,
      host: config.host,
      spectatorDelaySeconds: config.spectatorDelaySeconds,
      game: shown.game,
    };
  }

  private hosting(): "waiting" | "server" | null {
    const state = this.t.store.game().status === "playing" ? this.t.match.state() : null;
    return state ? hostingOf(state) : null;
  }

  /** RULES.md §5.7 a change moved a live table's hosting (the host away, the server hosting, the host back): the directory hears of it. */
  async hostingChange(): Promise<void> {
    if (this.t.config().host !== "live") return;
    if (this.hosting() !== this.listedHosting) await this.push();
  }

  /** A change left the game ended: the directory hears of it once (from this instance). */
  async endedChange(): Promise<void> {
    if (this.listedStatus !== "ended") await this.push();
  }

  /**
   * Push this table's listing to the public directory (public tables only). Never fails the caller.
   * It carries the table's version: the directory ignores a push older than the one it holds, so
   * pushes overtaking each other on their way cannot show a started or ended table as open again.
   */
  async push(): Promise<void> {
    const t = this.t;
    const config = t.config();
    if (!config.public) return;
    const row = t.store.game();
    this.listedStatus = row.status;
    const listing: TableListing = {
      code: config.code,
      presetId: config.presetId,
      status: row.status,
      seats: { taken: t.match.currentPlayers().length, max: config.seats.max },
      updatedAt: Date.now(), // real time: the directory's clock, not the table's
    };
    // RULES.md §5.7 the public list shows a live table waiting for its host, or hosted by the server.
    const hosting = this.hosting();
    this.listedHosting = hosting;
    if (hosting) listing.hosting = hosting;
    const directory = t.env.DIRECTORY.get(t.env.DIRECTORY.idFromName(DIRECTORY_NAME));
    try {
      await directory.upsert(listing, row.version);
    } catch (err) {
      console.warn("table: directory update failed", err);
    }
  }
}
