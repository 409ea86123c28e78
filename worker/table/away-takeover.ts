/**
 * A casual table's away players: a seat whose player has been away for the table's
 * botAfterMinutesAway goes to a bot (RULES.md §5.1) — the alarm's `takeover` item (schedule.ts
 * nextTakeover). The countdown holds while the game is paused.
 */
import type { AlarmItem, OrganizerPort, TableCore } from "./ports.ts";
import { nextTakeover } from "./schedule.ts";
import type { TableStore } from "./storage.ts";

/** What this part uses of the table (each part gets only what it uses; table.ts builds it). */
interface AwayTakeoverDeps extends Pick<TableCore, "afterChange" | "config"> {
  readonly organizer: Pick<OrganizerPort, "handToBot">;
  readonly store: Pick<TableStore, "control" | "extras" | "game" | "players">;
}

export class AwayTakeover {
  constructor(private readonly t: AwayTakeoverDeps) {}

  /**
   * The alarm's `takeover` item: the first away seat due to go to a bot. Given up, that seat's
   * takeover is left out (the player can still come back; the organizer can still hand the seat over).
   */
  readonly alarmItem: AlarmItem = {
    kind: "takeover",
    due: (skipped) => {
      const store = this.t.store;
      const extras = store.extras();
      return nextTakeover(store.players(), store.control().botAfterMinutes, store.game().status === "playing", extras.pause !== null, extras.resumedAt, skipped);
    },
    run: (due, at) => this.handOver(due.playerId, at),
  };

  private async handOver(playerId: string | undefined, at: number): Promise<void> {
    const t = this.t;
    const target = t.store.players().find((p) => p.playerId === playerId);
    if (target && !target.bot && target.awaySince !== null) {
      const refused = t.organizer.handToBot(target, at);
      if (refused) console.warn(`table ${t.config().code}: takeover refused (${refused.code})`);
    }
    return t.afterChange(at);
  }
}
