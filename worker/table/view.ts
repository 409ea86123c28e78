/**
 * What one connection receives: the table around the game (lobby, presence, organizer, pause,
 * options) plus the engine's own view for that viewer. Built up from allowed fields only; the
 * engine's GameView is already an allowlist for its viewer, and nothing from config (seed), players
 * (digests, device digests) or control (the organizer token digest) is copied in except the public
 * fields named here.
 */
import { HOST_PEER } from "../../shared/media/peers.ts";
import type { TableStatus } from "../../shared/protocol/http.ts";
import type { ChatAccess, OrganizerView, SeriesView, TableView } from "../../shared/protocol/messages.ts";
import { sameJson } from "../../shared/protocol/view-patch.ts";
import { getPreset, type GameView } from "./engine.ts";
import { eveningImmunity } from "./evening.ts";
import { rematchKeepsSeats } from "./lobby.ts";
import type { ConfigRow, ControlRow, PauseRecord, PlayerRow, SeriesRow } from "./storage.ts";

/** Everything about the table (not the game) that views are built from. */
export interface TableFacts {
  config: ConfigRow;
  players: readonly PlayerRow[];
  status: TableStatus;
  control: ControlRow;
  pause: PauseRecord | null;
  hostConnected: boolean;
  /** The current game of the table's series. */
  gameNo: number;
  series: readonly SeriesRow[];
  /** RULES.md §7.10: player id → the nickname of that seat's consigliere (public). */
  consiglieri?: ReadonlyMap<string, string>;
  /** RULES.md §7.10: the seated newcomers at a rating table with no bound consigliere yet (public). */
  needsConsigliere?: ReadonlySet<string>;
  /** RULES.md §7.10: the seats whose organizer's (or host's) consigliere invitation waits for their player's consent (public, lobby only). */
  consigliereInvited?: ReadonlySet<string>;
  /** The connected media peers beyond the seats (worker/table/media.ts peers), sorted. */
  mediaPeers?: readonly number[];
}

/** The seats of the current game (a rematch lobby leaves out those who have not pressed "play again"). */
export function currentPlayers<P extends Pick<PlayerRow, "gameNo">>(players: readonly P[], gameNo: number): P[] {
  return players.filter((p) => p.gameNo >= gameNo);
}

/**
 * Who holds the organizer rights now. In a rematch lobby an organizer who has not pressed "play again"
 * yet is stood in for by the first person who did; the rights come back when they press,
 * and pass to that person for good if they never do (the next game's start writes it down).
 */
export function organizerPlayerId(control: ControlRow, players: readonly PlayerRow[], gameNo: number): string | null {
  const id = control.organizerPlayerId;
  if (id === null) return null;
  const p = players.find((x) => x.playerId === id);
  if (!p || p.gameNo >= gameNo) return id;
  return players.find((x) => !x.bot && x.gameNo >= gameNo)?.playerId ?? id;
}

/** Presence as stored: a bot seat counts as connected; a person is connected while awaySince is null. */
export function isConnected(p: Pick<PlayerRow, "bot" | "awaySince">): boolean {
  return p.bot || p.awaySince === null;
}

/**
 * Joined and never connected: the join stores awaySince = joinedAt, and the first greeted
 * socket clears it; every later absence starts after the join. A bot seat counts as connected.
 */
export function neverConnected(p: Pick<PlayerRow, "bot" | "awaySince" | "joinedAt">): boolean {
  return !p.bot && p.awaySince !== null && p.awaySince === p.joinedAt;
}

export function organizerOf(config: ConfigRow, control: ControlRow, players: readonly PlayerRow[], gameNo: number): OrganizerView | null {
  if (config.host === "live") return { kind: "host" };
  const id = organizerPlayerId(control, players, gameNo);
  if (id !== null) {
    const p = players.find((x) => x.playerId === id);
    return p ? { kind: "player", place: p.place } : null;
  }
  return control.organizerTokenHash !== null ? { kind: "creator" } : null;
}

/**
 * The table option `deadHear` off (docs/MEDIA.md "Table options"): while the game runs, a
 * public channel (listeners "everyone") is heard by the living seats only — and, at a live-host table,
 * by the host (RULES.md §8: the host hears every channel at every moment; the floor of such a
 * table has the `host` channel). The floor stays the one source of who hears whom: every viewer's floor
 * says so, so honest living senders never send to a dead seat and a dead seat's own client plays
 * nothing. Private channels already list their listeners; `advisers` and `muted` are kept; the end of
 * the game (everyone to everyone) is left open to all. Spectators hear the public channels by their
 * name (shared/media/floor.ts), consiglieri by day what their (living) player hears.
 */
export function withoutDeadListeners(game: GameView): GameView {
  if (game.result !== null || !game.floor.channels.some((c) => c.listeners === "everyone")) return game;
  const living = game.seats.filter((s) => s.alive).map((s) => s.seat);
  const live = game.floor.channels.some((c) => c.id === "host");
  const listeners = live ? [...living, HOST_PEER] : living;
  return {
    ...game,
    floor: { ...game.floor, channels: game.floor.channels.map((c) => (c.listeners === "everyone" ? { ...c, listeners: listeners.slice() } : c)) },
  };
}

/**
 * The parts of a table view that every viewer of one set of facts sees alike (all but the game, the
 * organizer's flag, the spectator delay, the consigliere's envelope and the chat). The
 * fan-out builds them once per broadcast, and `previous` (the last broadcast's) lends each part that
 * did not change its very object — so a connection's next patch skips it by identity (view-patch.ts
 * `diff`: `a === b`) instead of walking it once per connection. Treat as read-only: views share them.
 */
export interface TableParts {
  readonly behind: boolean;
  readonly status: TableStatus;
  readonly settings: TableView["settings"];
  readonly capacity: TableView["capacity"];
  readonly lobby: TableView["lobby"];
  readonly connected: TableView["connected"];
  readonly mediaPeers: TableView["mediaPeers"];
  readonly organizer: TableView["organizer"];
  readonly options: TableView["options"];
  readonly pause: TableView["pause"];
  readonly series: TableView["series"];
}

/** The parts of `facts`' views (`behind`: as a player who has not pressed "play again" sees them), sharing `previous`'s unchanged ones. */
export function tableParts(facts: TableFacts, behind: boolean, previous?: TableParts | null): TableParts {
  const { config, control, pause, gameNo } = facts;
  // `behind`: a player who has not pressed "play again" still sees the end of the last game (its
  // seats) while the next one gathers; everyone else sees the current game's seats.
  const status: TableStatus = behind ? "ended" : facts.status;
  const players = behind ? facts.players.filter((p) => p.seat !== null) : currentPlayers(facts.players, gameNo);
  const lobby = status === "lobby";
  const connectedSeats: number[] = [];
  for (const p of players) {
    if (!lobby && p.seat !== null && isConnected(p)) connectedSeats.push(p.seat);
  }
  connectedSeats.sort((a, b) => a - b);
  const organizerId = config.host === "live" ? null : organizerPlayerId(control, facts.players, gameNo);
  const shown = behind ? gameNo - 1 : gameNo;
  const parts: TableParts = {
    behind,
    status,
    settings: { ...config.settings },
    capacity: { min: config.seats.min, max: config.seats.max },
    lobby: players.map((p) => ({
      place: p.place,
      seat: lobby ? null : p.seat,
      nickname: p.nickname,
      bot: p.bot,
      connected: isConnected(p),
      awaySince: p.bot ? null : p.awaySince,
      neverConnected: neverConnected(p),
      organizer: p.playerId === organizerId,
      ...(facts.consiglieri?.has(p.playerId) ? { consigliere: facts.consiglieri.get(p.playerId) as string } : {}),
      ...(facts.needsConsigliere?.has(p.playerId) ? { needsConsigliere: true as const } : {}),
      ...(facts.consigliereInvited?.has(p.playerId) ? { consigliereInvited: true as const } : {}),
      ...(p.bot && p.botLevel ? { botLevel: p.botLevel } : {}),
    })),
    connected: connectedSeats,
    mediaPeers: lobby ? [] : [...(facts.mediaPeers ?? [])],
    organizer: organizerOf(config, control, facts.players, gameNo),
    options: {
      botAfterMinutesAway: control.botAfterMinutes,
      spectatorDelaySeconds: config.spectatorDelaySeconds,
      allowSameDevice: control.allowSameDevice,
      recording: control.recording,
      deadHear: control.deadHear,
      spectatorsHear: control.spectatorsHear,
      redrawSeats: !!control.redrawSeats,
      newEvening: !!control.newEvening,
      botLevel: control.botLevel,
      longWindows: config.longWindows === true,
    },
    pause: pause ? { by: pause.by, reason: pause.reason, absentSeat: pause.absentSeat, since: pause.since } : null,
    series: {
      game: shown,
      results: facts.series
        .filter((g) => g.game <= shown && g.endedAt !== null && g.winner !== null)
        .map((g) => ({ game: g.game, winner: g.winner as TableView["series"]["results"][number]["winner"], reason: g.reason ?? "" })),
      next: behind ? { game: gameNo, seated: currentPlayers(facts.players, gameNo).length } : null,
      ...eveningOf(config, control, facts.series, status, gameNo),
      ...(rematchKeepsSeats(config.presetId) ? { keepsSeats: true as const } : {}),
    },
  };
  const shared = { ...parts } as Record<keyof TableParts, unknown>;
  for (const k of SHARED_PARTS) {
    if (previous && previous.behind === behind && sameJson(previous[k], parts[k])) shared[k] = previous[k];
    // Frozen: shared by every view of the broadcast (and the next ones), so no view may change it in place.
    else deepFreeze(parts[k]);
  }
  return shared as unknown as TableParts;
}

function deepFreeze(x: unknown): void {
  if (x === null || typeof x !== "object" || Object.isFrozen(x)) return;
  Object.freeze(x);
  for (const v of Object.values(x)) deepFreeze(v);
}

const SHARED_PARTS = ["settings", "capacity", "lobby", "connected", "mediaPeers", "organizer", "options", "pause", "series"] as const;

export function buildTableView(
  facts: TableFacts,
  game: GameView | null,
  /** `advises`: this connection is the consigliere of that player's seat (§7.10). */
  /** `chat`: this connection's chat now (chat.ts `access`). */
  viewer: { organizing: boolean; chat: ChatAccess | null; delayMs: number; behind?: boolean; advises?: string },
  /** This broadcast's parts (tableParts), when the caller built them for the same `behind`. */
  given?: TableParts,
): TableView {
  const { config, control } = facts;
  const behind = viewer.behind === true;
  const parts = given && given.behind === behind ? given : tableParts(facts, behind);
  return {
    code: config.code,
    presetId: config.presetId,
    settings: parts.settings,
    public: config.public,
    status: parts.status,
    capacity: parts.capacity,
    lobby: parts.lobby,
    game: game && !control.deadHear ? withoutDeadListeners(game) : game,
    connected: parts.connected,
    mediaPeers: parts.mediaPeers,
    host: config.host,
    hostConnected: config.host === "live" && facts.hostConnected,
    narration: config.host !== "live",
    ...(config.reservedFor?.length ? { clubEvening: true } : {}),
    organizer: parts.organizer,
    organizing: viewer.organizing,
    options: parts.options,
    pause: parts.pause,
    delayMs: viewer.delayMs,
    series: parts.series,
    ...(viewer.advises === undefined ? {} : advising(behind ? facts.players.filter((p) => p.seat !== null) : currentPlayers(facts.players, facts.gameNo), viewer.advises, parts.status === "lobby")),
    chat: viewer.chat ? { ...viewer.chat } : null,
  };
}

/**
 * RULES.md §6.10: between games of a format with immunity (the end, the next game's lobby),
 * who would be immune in the next game — the last finished game's first eliminated, by nickname.
 */
function eveningOf(config: ConfigRow, control: ControlRow, series: readonly SeriesRow[], status: TableStatus, gameNo: number): Pick<SeriesView, "immune"> {
  if (status === "playing" || (status === "lobby" && gameNo === 1) || !getPreset(config.presetId)?.immunity) return {};
  const last = series.findLast((g) => g.endedAt !== null);
  const ids = eveningImmunity(config.presetId, last, !!control.newEvening);
  return { immune: ids.map((id) => last?.players.find((p) => p.id === id)?.nickname ?? "") };
}

/** §7.10 the envelope of a consigliere's view: the seat they advise (place, seat once drawn, the player's nickname). */
function advising(players: readonly PlayerRow[], playerId: string | undefined, lobby: boolean): Pick<TableView, "advising"> {
  const p = playerId === undefined ? undefined : players.find((x) => x.playerId === playerId);
  return p ? { advising: { place: p.place, seat: lobby ? null : p.seat, nickname: p.nickname } } : {};
}
