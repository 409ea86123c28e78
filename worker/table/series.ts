/**
 * The series' next game: a seated player's "play again", the organizer's "next game of the evening",
 * and the sockets of those the next game left out, which stay as spectators'.
 */
import type { TableAction } from "../../shared/protocol/messages.ts";
import { randomSeed } from "../security/random.ts";
import type { AlarmFailures } from "./alarm-failures.ts";
import type { Sockets } from "./connection.ts";
import type { Ack, FanoutPort, ListingPort, MatchPort, Refused, ReportPort, TableCore } from "./ports.ts";
import type { TableStore } from "./storage.ts";

/** What this part uses of the table (each part gets only what it uses; table.ts builds it). */
interface SeriesDeps extends Pick<TableCore, "afterChange" | "config" | "env" | "tx"> {
  readonly alarmFailures: Pick<AlarmFailures, "clear">;
  readonly fanout: Pick<FanoutPort, "forgetLog" | "send">;
  readonly listing: Pick<ListingPort, "push">;
  readonly match: Pick<MatchPort, "currentPlayers" | "startIfFull">;
  readonly report: Pick<ReportPort, "reportGame">;
  readonly sockets: Pick<Sockets, "all" | "attachmentOf" | "save">;
  readonly store: Pick<TableStore, "bumpVersion" | "game" | "openNextGame" | "players" | "series" | "seriesGame" | "setGameNo">;
}

export class Series {
  constructor(private readonly t: SeriesDeps) {}

  /**
   * "Play again at this table" (docs/PROTOCOL.md "Rematch and series"), from a seated player.
   * After the end, the first press opens the table's next game: status `lobby`, game number + 1, a fresh
   * seed; the presser and every bot of the last game sit in it with the same rows (same player ids,
   * tokens and return codes). Later presses sit down while there is room. Nobody's seat is reserved:
   * newcomers join by code and the organizer seats bots meanwhile. A table that starts when full starts
   * as soon as a press fills it. Refused: `not-ended` (the game is on, or none was played), `already-in`,
   * `table-full`, `not-seated`; a refused press changes nothing.
   */
  async playAgain(playerId: string, action: TableAction, now: number, ack: Ack): Promise<Refused | null> {
    void action; // one kind so far: play-again
    const t = this.t;
    const store = t.store;
    const config = t.config();
    // The last game's D1 record is built (and kept) before its seats change (report.ts).
    if (store.game().status === "ended") await t.report.reportGame(now);
    const outcome = t.tx((): Refused | { dropped: string[] | null } => {
      const row = store.game();
      const { gameNo } = store.seriesGame();
      const me = store.players().find((p) => p.playerId === playerId);
      if (!me || me.bot) return { code: "not-seated", message: "You do not hold a seat at this table." };
      if (row.status === "playing") return { code: "not-ended", message: "The game is still on." };
      if (row.status === "ended") {
        const next = gameNo + 1;
        this.openNext(next);
        for (const p of store.players()) if (p.bot || p.playerId === playerId) store.setGameNo(p.playerId, next);
        return { dropped: t.match.startIfFull(config, now) };
      }
      if (me.gameNo >= gameNo) {
        return store.series().length === 0
          ? { code: "not-ended", message: "No game has been played at this table yet." }
          : { code: "already-in", message: "You already sit in the next game." };
      }
      if (t.match.currentPlayers().length >= config.seats.max) return { code: "table-full", message: `The next game is full (${config.seats.max} seats).` };
      store.setGameNo(playerId, gameNo);
      return { dropped: this.startOrBump(now) };
    });
    return this.seatsChanged(outcome, now, ack);
  }

  /** Open the series' game `gameNo` (a lobby, a fresh seed); the last game's alarm failures are forgotten. */
  private openNext(gameNo: number): void {
    this.t.store.openNextGame(gameNo, randomSeed());
    for (const kind of ["deadline", "bots", "takeover", "presence"] as const) this.t.alarmFailures.clear(kind);
  }

  /** The next game's lobby changed: it starts if now full (the players it left out), else its version moves. */
  private startOrBump(now: number): string[] | null {
    const dropped = this.t.match.startIfFull(this.t.config(), now);
    if (dropped === null) this.t.store.bumpVersion();
    return dropped;
  }

  /** After a next game's seats changed (play again, next game of the evening): the dropped watch, everyone sees it, the list too. */
  private async seatsChanged(outcome: Refused | { dropped: string[] | null }, now: number, ack: Ack): Promise<Refused | null> {
    if ("code" in outcome) return outcome;
    if (outcome.dropped) this.leaveTable(outcome.dropped, now);
    await this.t.afterChange(now, ack);
    await this.t.listing.push();
    return null;
  }

  /**
   * "next game of the evening" (RULES.md §6.11; docs/PROTOCOL.md "Rematch and series"): the
   * organizer of a live-host or club evening's table opens the series' next game after the end with every
   * seat of the last game in it — people and bots, the same rows, tokens and return codes, so everyone
   * keeps their place (formats that keep seats keep the order, lobby.ts rematchKeepsSeats). The game then
   * starts as any: by the host's start, or by itself once full. The evening is no longer over (its D1 row's
   * ended_at is cleared, best effort: the club page only lists it). Refused `not-ended` while a game is on
   * or before the first, `not-allowed` at a table of neither kind (there each player presses "play again").
   */
  async nextGame(now: number, ack: Ack): Promise<Refused | null> {
    const t = this.t;
    const store = t.store;
    const config = t.config();
    if (config.host !== "live" && !config.reservedFor?.length) {
      return { code: "not-allowed", message: "Here each player chooses to play again; the next game of an evening is for a host's or a club's table." };
    }
    if (store.game().status === "ended") await t.report.reportGame(now);
    const outcome = t.tx((): Refused | { dropped: string[] | null } => {
      const row = store.game();
      const { gameNo } = store.seriesGame();
      if (row.status === "playing") return { code: "not-ended", message: "The game is still on." };
      // The last game's seats: after its end, they open the next one; in a lobby a player's "play again"
      // opened already (a next game), those who have not pressed are added while there is room.
      let last: number;
      if (row.status === "ended") {
        last = gameNo;
        this.openNext(gameNo + 1);
      } else {
        last = gameNo - 1;
        if (last < 1 || !store.players().some((p) => p.gameNo === last)) {
          return { code: "not-ended", message: gameNo === 1 ? "No game has been played at this table yet." : "The next game is already open with everyone: start it." };
        }
      }
      const target = store.seriesGame().gameNo;
      let room = config.seats.max - t.match.currentPlayers().length;
      for (const p of store.players()) {
        if (p.gameNo !== last || room <= 0) continue;
        store.setGameNo(p.playerId, target);
        room--;
      }
      return { dropped: this.startOrBump(now) };
    });
    const refused = await this.seatsChanged(outcome, now, ack);
    if (refused) return refused;
    await t.env.DB?.prepare("UPDATE evenings SET ended_at = NULL WHERE table_code = ?").bind(config.code).run().catch(() => undefined);
    return null;
  }

  /**
   * The next game started without these players (they never pressed "play again"): their rows and
   * tokens are gone; their open sockets stay as spectators' — each gets a new `welcome` (spectator) and
   * from then on the public view, so they can watch the new game.
   */
  leaveTable(playerIds: readonly string[], now: number): void {
    if (playerIds.length === 0) return;
    const t = this.t;
    const gone = new Set(playerIds);
    for (const ws of t.sockets.all()) {
      const att = t.sockets.attachmentOf(ws, now);
      if (att.identity?.kind !== "player" || !gone.has(att.identity.playerId)) continue;
      att.identity = { kind: "spectator" };
      delete att.credential;
      t.sockets.save(ws, att);
      t.fanout.forgetLog(ws);
      t.fanout.send(ws, { type: "welcome", identity: { kind: "spectator" }, serverNow: now });
    }
  }
}
