/**
 * What one connection receives: the table around the game (lobby, presence, organizer, pause,
 * options) plus the engine's own view for that viewer. Built up from allowed fields only; the
 * engine's GameView is already an allowlist for its viewer, and nothing from config (seed), players
 * (digests, device digests) or control (the organizer token digest) is copied in except the public
 * fields named here.
 */
import type { TableStatus } from "../../shared/protocol/http.ts";
import type { OrganizerView, TableView } from "../../shared/protocol/messages.ts";
import type { GameView } from "./engine.ts";
import type { ConfigRow, ControlRow, PauseRecord, PlayerRow } from "./storage.ts";

/** Everything about the table (not the game) that views are built from. */
export interface TableFacts {
  config: ConfigRow;
  players: readonly PlayerRow[];
  status: TableStatus;
  control: ControlRow;
  pause: PauseRecord | null;
  hostConnected: boolean;
}

/** Presence as stored: a bot seat counts as connected; a person is connected while awaySince is null. */
export function isConnected(p: Pick<PlayerRow, "bot" | "awaySince">): boolean {
  return p.bot || p.awaySince === null;
}

/**
 * Joined and never connected (issue 13): the join stores awaySince = joinedAt, and the first greeted
 * socket clears it; every later absence starts after the join. A bot seat counts as connected.
 */
export function neverConnected(p: Pick<PlayerRow, "bot" | "awaySince" | "joinedAt">): boolean {
  return !p.bot && p.awaySince !== null && p.awaySince === p.joinedAt;
}

export function organizerOf(config: ConfigRow, control: ControlRow, players: readonly PlayerRow[]): OrganizerView | null {
  if (config.host === "live") return { kind: "host" };
  if (control.organizerPlayerId !== null) {
    const p = players.find((x) => x.playerId === control.organizerPlayerId);
    return p ? { kind: "player", place: p.place } : null;
  }
  return control.organizerTokenHash !== null ? { kind: "creator" } : null;
}

export function buildTableView(
  facts: TableFacts,
  game: GameView | null,
  viewer: { organizing: boolean; delayMs: number },
): TableView {
  const { config, players, status, control, pause } = facts;
  const connectedSeats: number[] = [];
  for (const p of players) {
    if (p.seat !== null && isConnected(p)) connectedSeats.push(p.seat);
  }
  connectedSeats.sort((a, b) => a - b);
  const organizerId = config.host === "live" ? null : control.organizerPlayerId;
  return {
    code: config.code,
    presetId: config.presetId,
    settings: { ...config.settings },
    public: config.public,
    status,
    capacity: { min: config.seats.min, max: config.seats.max },
    lobby: players.map((p) => ({
      place: p.place,
      seat: p.seat,
      nickname: p.nickname,
      bot: p.bot,
      connected: isConnected(p),
      awaySince: p.bot ? null : p.awaySince,
      neverConnected: neverConnected(p),
      organizer: p.playerId === organizerId,
    })),
    game,
    connected: connectedSeats,
    host: config.host,
    hostConnected: config.host === "live" && facts.hostConnected,
    narration: config.host !== "live",
    organizer: organizerOf(config, control, players),
    organizing: viewer.organizing,
    options: {
      botAfterMinutesAway: control.botAfterMinutes,
      spectatorDelaySeconds: config.spectatorDelaySeconds,
      allowSameDevice: control.allowSameDevice,
    },
    pause: pause ? { by: pause.by, reason: pause.reason, absentSeat: pause.absentSeat, since: pause.since } : null,
    delayMs: viewer.delayMs,
  };
}
