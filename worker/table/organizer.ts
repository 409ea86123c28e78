/**
 * The organizer's commands (RULES.md §5.1): start, bots in the lobby, options, handing the rights on,
 * pause, resume and seat-to-bot — and the bot takeover of a seat, which the away limit triggers too.
 * Pause, resume and seat-to-bot are engine `control` inputs through the match's commit path.
 */
import * as v from "valibot";
import type { BotLevel } from "../../shared/bots/levels.ts";
import { CLOSE_CODES, type ControlRequest } from "../../shared/protocol/messages.ts";
import { randomPlayerId } from "../security/random.ts";
import type { ConnectionIdentity } from "./connection.ts";
import { apply, getPreset, seatRange, startRefusal, type Input } from "./engine.ts";
import type { Ack, SeriesPort, ConsiglieriPort, FanoutPort, ListingPort, MatchPort, MediaPort, Refused, TableCore } from "./ports.ts";
import { checkStart, fillTarget, nextBotNickname } from "./lobby.ts";
import type { PauseRecord, PlayerRow } from "./storage.ts";
import type { Sockets } from "./connection.ts";
import type { TableStore } from "./storage.ts";
import { organizerPlayerId } from "./view.ts";

/** What this part uses of the table (each part gets only what it uses; table.ts builds it). */
interface OrganizerDeps extends Pick<TableCore, "afterChange" | "config" | "forgetConfig" | "tx"> {
  readonly series: Pick<SeriesPort, "leaveTable" | "nextGame">;
  readonly consiglieri: Pick<ConsiglieriPort, "startRefusal">;
  readonly fanout: Pick<FanoutPort, "closeSocket" | "sendError">;
  readonly listing: Pick<ListingPort, "push">;
  readonly match: Pick<MatchPort, "commit" | "currentPlayers" | "persist" | "startGame" | "startIfFull" | "state">;
  readonly media: Pick<MediaPort, "spectatorsSwitched">;
  readonly sockets: Pick<Sockets, "all" | "attachmentOf">;
  readonly store: Pick<TableStore, "bumpVersion" | "control" | "deletePlayer" | "extras" | "game" | "handToBot" | "insertPlayer" | "players" | "seriesGame" | "setPause" | "updateComposition" | "writeControl">;
}

export class Organizer {
  constructor(private readonly t: OrganizerDeps) {}

  /** Does this connection hold the organizer rights now? The live host always does on a live table. */
  isOrganizer(identity: ConnectionIdentity): boolean {
    const t = this.t;
    if (t.config().host === "live") return identity.kind === "host";
    const control = t.store.control();
    if (identity.kind === "player") return organizerPlayerId(control, t.store.players(), t.store.seriesGame().gameNo) === identity.playerId;
    if (identity.kind === "organizer") return control.organizerPlayerId === null && control.organizerTokenHash !== null;
    return false;
  }

  /** The public label of who paused: the organizer's nickname, "host" or "organizer". */
  private labelOf(identity: ConnectionIdentity): string {
    if (identity.kind === "player") return this.t.store.players().find((p) => p.playerId === identity.playerId)?.nickname ?? "organizer";
    return identity.kind === "host" ? "host" : "organizer";
  }

  /** An organizer's command. Returns a refusal (nothing changed) or null after the change was committed and acked. */
  async command(identity: ConnectionIdentity, action: ControlRequest, now: number, ack: Ack): Promise<Refused | null> {
    const t = this.t;
    const config = t.config();
    switch (action.type) {
      case "start": {
        // §5.5 Fast: the organizer plays and takes a seat — a creator who holds the rights without a seat must sit down first.
        if (identity.kind !== "player" && getPreset(config.presetId)?.organizerPlays) {
          return { code: "not-allowed", message: "At this table the organizer plays: take a seat first, then start the game." };
        }
        const players = t.match.currentPlayers();
        const row = t.store.game();
        // RULES.md §3: below the preset's own minimum the count alone refuses; from it, the composition may.
        const presetMin = getPreset(config.presetId)?.seats.min ?? config.seats.min;
        const parity = players.length >= presetMin ? startRefusal(config.presetId, config.settings, players.length) : null;
        // RULES.md §7.10: not while a seated newcomer at a rating table has no bound consigliere,
        // nor while such a consigliere does not count (`advisor-not-experienced`). Said first, so a
        // full table that starts by itself tells its organizer what it waits for.
        const waiting = row.status === "lobby" ? t.consiglieri.startRefusal() : null;
        if (waiting) return waiting;
        const check = checkStart(row.status, config, players.length, parity);
        if (!check.ok) return { code: check.code, message: check.message };
        const dropped = t.tx(() => t.match.startGame(config, players, t.store.game(), now));
        t.series.leaveTable(dropped, now);
        await t.afterChange(now, ack);
        await t.listing.push();
        return null;
      }
      case "next-game":
        return t.series.nextGame(now, ack);
      case "add-bot":
      case "fill-bots":
      case "remove-bot":
        return this.lobbyBots(action, now, ack);
      case "composition":
        return this.composition(action.counts, now, ack);
      case "options": {
        const hearing = t.store.control().spectatorsHear;
        t.tx(() => {
          const control = t.store.control();
          t.store.writeControl({
            ...control,
            allowSameDevice: action.allowSameDevice ?? control.allowSameDevice,
            botAfterMinutes: action.botAfterMinutesAway === undefined ? control.botAfterMinutes : action.botAfterMinutesAway,
            recording: action.recording ?? control.recording,
            deadHear: action.deadHear ?? control.deadHear,
            spectatorsHear: action.spectatorsHear ?? control.spectatorsHear,
            redrawSeats: action.redrawSeats ?? control.redrawSeats ?? false,
            newEvening: action.newEvening ?? control.newEvening ?? false,
            // Every bot without a level of its own plays at this level from its next move (bot-move.ts).
            botLevel: action.botLevel ?? control.botLevel,
          });
          t.store.bumpVersion();
        });
        await t.afterChange(now, ack);
        // Spectators' media follow the switch (a new welcome, with or without media).
        if (t.store.control().spectatorsHear !== hearing) await t.media.spectatorsSwitched();
        return null;
      }
      case "transfer-organizer": {
        if (config.host === "live") return { code: "not-allowed", message: "At a live table the host keeps the organizer rights." };
        const target = t.match.currentPlayers().find((p) => p.place === action.place);
        if (!target) return { code: "illegal-target", message: "Nobody sits at that place." };
        if (target.bot) return { code: "not-allowed", message: "A bot cannot organize." };
        if (identity.kind === "player" && identity.playerId === target.playerId) return { code: "not-allowed", message: "You already organize this table." };
        t.tx(() => {
          t.store.writeControl({ ...t.store.control(), organizerPlayerId: target.playerId, organizerTokenHash: null });
          t.store.bumpVersion();
        });
        await t.afterChange(now, ack);
        if (identity.kind === "organizer") this.closeSeatlessOrganizer();
        return null;
      }
      case "pause":
      case "resume":
      case "seat-to-bot":
        return this.gameControl(identity, action, now, ack);
      case "server-hosts": {
        // RULES.md §5.7 "the organizer may hand it over sooner": the server hosts the rest of the game.
        const state = t.match.state();
        if (!state) return { code: "phase-closed", message: "The game has not started yet." };
        const input: Input = { kind: "control", action: { type: "server-hosts" } };
        const result = apply(state, input, now);
        if (!result.ok) return result.rejection;
        t.match.commit(result.state, [input], now);
        await t.afterChange(now, ack);
        return null;
      }
    }
  }

  /**
   * RULES.md §6 "the composition is set for each game by the creator": new role counts in a
   * lobby (the first game's, or the next game's of an evening). Checked as at creation (worker/api
   * tables.ts): the preset's schema, a size at which it starts (seatRange) — which becomes the table's
   * seats — and room for everyone already sitting.
   */
  private async composition(counts: Record<string, number>, now: number, ack: Ack): Promise<Refused | null> {
    const t = this.t;
    const config = t.config();
    const preset = getPreset(config.presetId);
    if (!preset?.roleCounts) return { code: "not-allowed", message: "This format has no role counts to set." };
    if (t.store.game().status !== "lobby") return { code: "not-in-lobby", message: "The composition can be changed only between games." };
    if (Object.keys(counts).some((k) => !preset.roleCounts!.includes(k as never))) return { code: "bad-settings", message: `Only these roles are counted: ${preset.roleCounts.join(", ")}.` };
    const parsed = v.safeParse(preset.settingsSchema, { ...config.settings, ...counts });
    if (!parsed.success) return { code: "bad-settings", message: `These counts do not fit: ${parsed.issues[0].message}.` };
    const range = seatRange(config.presetId, parsed.output as Record<string, unknown>);
    if (!range) return { code: "bad-settings", message: "No game can start with these counts (no Boss, too many roles, or the black team as large as the red)." };
    const sitting = t.match.currentPlayers().length;
    if (sitting > range.max) return { code: "bad-settings", message: `These counts play with at most ${range.max}; ${sitting} already sit.` };
    t.tx(() => {
      t.store.updateComposition(parsed.output as Record<string, unknown>, range);
      t.store.bumpVersion();
    });
    t.forgetConfig();
    await t.afterChange(now, ack);
    await t.listing.push();
    return null;
  }

  /**
   * Bots in the lobby: the organizer seats a bot, fills the free seats with bots
   * (lobby.ts fillTarget) or takes a bot away, before the start. A bot seat is a `players` row with
   * the bot flag and nothing else: no token, no return code, no device or address (it counts for no
   * one's seats-per-address or device limit). Seating the last seat of a table that starts when full
   * starts the game in the same transaction, exactly as the last person's join does (RULES.md §2).
   */
  private async lobbyBots(action: Extract<ControlRequest, { type: "add-bot" | "fill-bots" | "remove-bot" }>, now: number, ack: Ack): Promise<Refused | null> {
    const t = this.t;
    const config = t.config();
    const outcome = t.tx((): Refused | { dropped: string[] | null } => {
      if (t.store.game().status !== "lobby") return { code: "not-in-lobby", message: "Bots can be seated or taken away only before the game starts." };
      const { gameNo } = t.store.seriesGame();
      const current = t.match.currentPlayers();
      if (action.type === "remove-bot") {
        const target = current.find((p) => p.place === action.place);
        if (!target || !target.bot) return { code: "not-a-bot", message: "No bot sits at that place." };
        t.store.deletePlayer(target.playerId);
        t.store.bumpVersion();
        return { dropped: null };
      }
      const target = Math.min(config.seats.max, action.type === "add-bot" ? current.length + 1 : fillTarget(config, current.length));
      if (target <= current.length) return { code: "table-full", message: `The table is full (${config.seats.max} seats).` };
      for (let n = current.length; n < target; n++) this.insertBot(gameNo, now);
      const dropped = t.match.startIfFull(config, now);
      if (dropped === null) t.store.bumpVersion();
      return { dropped };
    });
    if ("code" in outcome) return outcome;
    if (outcome.dropped) t.series.leaveTable(outcome.dropped, now);
    await t.afterChange(now, ack);
    await t.listing.push();
    return null;
  }

  /** A bot seat at the next place (inside the caller's transaction). */
  private insertBot(gameNo: number, now: number): void {
    const all = this.t.store.players();
    this.t.store.insertPlayer({
      playerId: randomPlayerId(), nickname: nextBotNickname(all), place: all.reduce((m, p) => Math.max(m, p.place), 0) + 1,
      returnHash: null, bot: true, joinedAt: now, deviceHash: null, awaySince: null, userId: null, addressHash: null, gameNo,
    });
  }

  /** Pause, resume and seat-to-bot: engine control inputs through the same commit path as every input. */
  private async gameControl(
    identity: ConnectionIdentity,
    action: Extract<ControlRequest, { type: "pause" | "resume" | "seat-to-bot" }>,
    now: number,
    ack: Ack,
  ): Promise<Refused | null> {
    const t = this.t;
    const state = t.match.state();
    if (!state) return { code: "phase-closed", message: "The game has not started yet." };
    const players = t.store.players();
    if (action.type === "pause") {
      let absent: PlayerRow | undefined;
      if (action.absentSeat !== undefined) {
        absent = players.find((p) => p.seat === action.absentSeat);
        if (!absent || absent.bot) return { code: "illegal-target", message: "No person sits at that seat." };
        if (absent.awaySince === null) return { code: "not-allowed", message: "That player is connected." };
      }
      const by = this.labelOf(identity);
      const reason = absent ? "absence" : "organizer";
      const input: Input = {
        kind: "control",
        action: absent ? { type: "pause", by, reason, absentSeat: absent.seat! } : { type: "pause", by, reason },
      };
      const result = apply(state, input, now);
      if (!result.ok) return result.rejection;
      const record: PauseRecord = { by, reason, absentPlayerId: absent?.playerId ?? null, absentSeat: absent?.seat ?? null, since: now };
      t.tx(() => {
        t.match.persist(result.state, [input], now);
        t.store.setPause(record);
      });
      await t.afterChange(now, ack);
      return null;
    }
    if (action.type === "resume") {
      const input: Input = { kind: "control", action: { type: "resume" } };
      const result = apply(state, input, now);
      if (!result.ok) return result.rejection;
      t.tx(() => {
        t.match.persist(result.state, [input], now);
        t.store.setPause(null, now);
      });
      await t.afterChange(now, ack);
      return null;
    }
    const target = players.find((p) => p.seat === action.seat);
    if (!target) return { code: "illegal-target", message: "No one sits at that seat." };
    if (target.bot) return { code: "already-acted", message: "That seat is already played by a bot." };
    if (t.store.control().organizerPlayerId === target.playerId) {
      return { code: "not-allowed", message: "Hand the organizer rights to someone else first." };
    }
    const refused = this.handToBot(target, now, action.level ?? null);
    if (refused) return refused;
    await t.afterChange(now, ack);
    return null;
  }

  /**
   * Irrevocable bot takeover of a person's seat (organizer's command or the away limit): the engine
   * marks the seat a bot; in the same transaction every token and the return digest of that seat are
   * deleted; a pause for this player's absence ends. Then any socket still open for the seat gets an
   * error frame and is closed with 4001. `level`, the bot's own level (the organizer's
   * seat-to-bot `level`); null: the seat plays at the table's level, whatever it is at each move.
   */
  handToBot(target: PlayerRow, now: number, level: BotLevel | null = null): Refused | null {
    const t = this.t;
    const state = t.match.state();
    if (!state || target.seat === null) return { code: "phase-closed", message: "The game has not started yet." };
    const input: Input = { kind: "control", action: { type: "seat-to-bot", seat: target.seat } };
    const result = apply(state, input, now);
    if (!result.ok) return result.rejection;
    t.tx(() => {
      t.match.persist(result.state, [input], now);
      t.store.handToBot(target.playerId, level);
      const control = t.store.control();
      if (control.organizerPlayerId === target.playerId) {
        // The organizing seat went to a bot (away limit): the rights pass to the first person, connected first.
        const people = t.store.players().filter((p) => !p.bot);
        const next = people.find((p) => p.awaySince === null) ?? people[0];
        t.store.writeControl({ ...control, organizerPlayerId: next?.playerId ?? null });
      }
      this.resumeIfAbsenceOf(target.playerId, now);
    });
    for (const ws of t.sockets.all()) {
      const att = t.sockets.attachmentOf(ws, now);
      if (att.identity?.kind !== "player" || att.identity.playerId !== target.playerId) continue;
      t.fanout.sendError(ws, "seat-taken-by-bot", "Your seat was handed to a bot; this device can no longer play it.", null);
      t.fanout.closeSocket(ws, CLOSE_CODES.seatTakenByBot, "seat handed to a bot");
    }
    return null;
  }

  /**
   * Inside a transaction: if the game is paused for this player's absence, resume it (the engine's
   * resume gives every timer its remaining time back). Returns whether it resumed.
   */
  resumeIfAbsenceOf(playerId: string, now: number): boolean {
    const t = this.t;
    const pause = t.store.extras().pause;
    const state = t.match.state();
    if (!state || !pause || pause.reason !== "absence" || pause.absentPlayerId !== playerId) return false;
    const input: Input = { kind: "control", action: { type: "resume" } };
    const result = apply(state, input, now);
    if (!result.ok) return false;
    t.match.persist(result.state, [input], now);
    t.store.setPause(null, now);
    return true;
  }

  /** The organizer token was spent (the creator sat down) or the rights moved: close the seatless organizer's sockets. */
  closeSeatlessOrganizer(): void {
    const t = this.t;
    for (const ws of t.sockets.all()) {
      if (t.sockets.attachmentOf(ws, 0).identity?.kind !== "organizer") continue;
      t.fanout.sendError(ws, "organizer-transferred", "The organizer rights moved to a seat; this connection closes.", null);
      t.fanout.closeSocket(ws, CLOSE_CODES.organizerTransferred, "organizer rights transferred");
    }
  }
}
