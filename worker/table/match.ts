/**
 * The match: the game being played at the table and how it is kept. The parsed state is a memory
 * cache of the `game` row and the event rows (rebuilt on first use after an eviction); an accepted
 * input is written with its log row and the new state in one transaction (2 row writes); the version
 * counts public changes only — a quiet change (nothing public moved: a night action, a closed ballot)
 * keeps it and names the viewers whose own view changed (RULES.md §1 Secrets).
 */
import type { TableStatus } from "../../shared/protocol/http.ts";
import {
  createGame, eventCount, eventsFrom, firstEliminated, gameViewOf, isOver, nextDeadline, seatOf, seatedPlayers, sharedOf, viewFor, withEvents, withoutEvents,
  type GameEvent, type GameState, type Input, type Viewer,
} from "./engine.ts";
import { sameJson } from "../../shared/protocol/view-patch.ts";
import { ENTITLEMENT } from "../../shared/entitlement.ts";
import type { ConnectionIdentity } from "./connection.ts";
import { rematchKeepsSeats, startsByItself } from "./lobby.ts";
import { eveningImmunity } from "./evening.ts";
import { drawOrder } from "./tournament.ts";
import type { TournamentLinkRows } from "./repositories/tournament-link.ts";
import { buildReport } from "./report.ts";
import type { ConfigRow, GameRow, PlayerRow } from "./storage.ts";
import type { ConsiglieriPort, FanoutPort, TableCore } from "./ports.ts";
import type { GameReporter } from "./report.ts";
import type { TableStore } from "./storage.ts";
import { currentPlayers, organizerPlayerId } from "./view.ts";

/** What this part uses of the table (each part gets only what it uses; table.ts builds it). */
interface MatchDeps extends Pick<TableCore, "config" | "tx"> {
  readonly tournamentLink: Pick<TournamentLinkRows, "read">;
  readonly consiglieri: Pick<ConsiglieriPort, "missing">;
  readonly fanout: Pick<FanoutPort, "forgetLogs">;
  readonly reporter: Pick<GameReporter, "nextGame">;
  readonly store: Pick<TableStore, "appendEvents" | "appendInput" | "archiveGame" | "control" | "endSeries" | "game" | "insertSeries" | "loadState" | "players" | "renumberPlaces" | "series" | "seriesGame" | "setSeat" | "writeControl" | "writeGame">;
}

export class Match {
  /** The parsed state as last written by this instance (only this object writes its storage). */
  private stateCache: GameState | null = null;
  /** How many of the cached state's events are already in the `events` table. */
  private storedEvents = 0;
  /** What changed since the last broadcast (memory only): quiet changes name the viewers they concern. */
  private changeSet: { version: number; public: boolean; keys: Set<string> } | null = null;

  constructor(private readonly t: MatchDeps) {}

  /** Drop the parsed state (a rolled-back transaction, a failed handler): read again on next use. */
  forget(): void {
    this.stateCache = null;
    this.storedEvents = 0;
  }

  /** The viewers concerned when everything since the last broadcast was quiet; null: everyone. */
  quietKeys(version: number): Set<string> | null {
    const cs = this.changeSet;
    return cs && !cs.public && cs.version === version ? cs.keys : null;
  }

  /** The broadcast went out: what changed since is recorded afresh. */
  clearChanges(): void {
    this.changeSet = null;
  }

  /** The game being played or just ended; null in a lobby (a rematch lobby included). */
  state(): GameState | null {
    if (this.t.store.game().status === "lobby") return null;
    return this.lastState();
  }

  /** The current game's secret seed (game 1: the table's own; each later game of the series its own). */
  gameSeed(): string {
    return this.t.store.seriesGame().seed ?? this.t.config().seed;
  }

  /** The seats of the current game of the series. */
  currentPlayers(): PlayerRow[] {
    return currentPlayers(this.t.store.players(), this.t.store.seriesGame().gameNo);
  }

  /** The state in the `game` row whatever the status: in a rematch lobby, the last game's end. */
  lastState(): GameState | null {
    if (this.stateCache) return this.stateCache;
    const stored = this.t.store.loadState();
    if (stored === null) return null;
    const core = JSON.parse(stored.core) as GameState;
    const events: GameEvent[] = [];
    for (const chunk of stored.chunks) {
      if (chunk.first !== events.length) throw new Error(`table: event chunk starts at ${chunk.first}, expected ${events.length}`);
      for (const e of JSON.parse(chunk.events) as GameEvent[]) events.push(e);
    }
    // A state written before events had their own table carries them inline; the next write stores them.
    const inline = eventCount(core);
    this.stateCache = stored.chunks.length === 0 && inline > 0 ? core : withEvents(core, events);
    this.storedEvents = stored.chunks.length === 0 && inline > 0 ? 0 : events.length;
    return this.stateCache;
  }

  /**
   * Write the game row (the state without events) and the events not yet stored: with the input that
   * produced them, in its log row (2 row writes per accepted input), or — the start, which has no
   * input — in the `events` table.
   */
  private writeState(row: GameRow, state: GameState, inputs: Input[] = [], at = 0): void {
    const store = this.t.store;
    const total = eventCount(state);
    const added = total > this.storedEvents ? { first: this.storedEvents, json: JSON.stringify(eventsFrom(state, this.storedEvents)) } : null;
    inputs.forEach((input, i) => store.appendInput(at, input, row.version, i === inputs.length - 1 ? added : null));
    if (added && inputs.length === 0) store.appendEvents(row.version, added.first, added.json);
    store.writeGame(row, JSON.stringify(withoutEvents(state)));
    this.storedEvents = total;
    this.stateCache = state;
  }

  /**
   * Inside a transaction: start the game if the table starts by itself and its seats are all taken now.
   * Returns the players dropped from the table by the start (see startGame), or null if it did not start.
   */
  startIfFull(config: ConfigRow, now: number): string[] | null {
    const players = this.currentPlayers();
    if (!startsByItself(config, players.length)) return null;
    // RULES.md §7.10: a rating table waits while a seated newcomer has no bound consigliere.
    if (this.t.consiglieri.missing().length > 0) return null;
    return this.startGame(config, players, this.t.store.game(), now);
  }

  /**
   * Create the game from the lobby (inside the caller's transaction). A later game of the series
   * first puts the last game away: its report, if it has not reached D1, goes to the backlog;
   * its input log and events go to the archive under its number; those who did not press "play again"
   * are dropped (returned: their sockets become spectators', Admission.leaveTable); an organizer among
   * them leaves the rights to the first person who stayed. Sport draws the seats again (RULES.md §1
   * Seat); other formats keep them: the last game's seats first, in order, then newcomers in join order.
   */
  startGame(config: ConfigRow, players: readonly PlayerRow[], row: GameRow, now: number): string[] {
    const store = this.t.store;
    const { gameNo } = store.seriesGame();
    const seed = this.gameSeed();
    let dropped: string[] = [];
    let order: readonly PlayerRow[] = players;
    if (gameNo > 1) {
      const last = this.lastState();
      const lastGame = store.series().find((g) => g.game === gameNo - 1);
      if (last && lastGame) this.t.reporter.nextGame(() => buildReport(config, store.players(), last, lastGame.game, lastGame.startedAt, lastGame.endedAt ?? now), now);
      const all = store.players();
      const control = store.control();
      const organizer = organizerPlayerId(control, all, gameNo);
      if (organizer !== control.organizerPlayerId) store.writeControl({ ...control, organizerPlayerId: organizer });
      dropped = all.filter((p) => p.gameNo < gameNo).map((p) => p.playerId);
      store.archiveGame(gameNo - 1, gameNo);
      order = [...players].sort((a, b) => (a.seat ?? Infinity) - (b.seat ?? Infinity) || a.place - b.place);
      // Places restart at 1 in that order, so they stay within the table's size over a long series.
      store.renumberPlaces(order.map((p) => p.playerId));
      this.t.fanout.forgetLogs(); // a new game's log starts again: every socket gets the whole log
    }
    // RULES.md §9.2–§9.3: a tournament's table seats each player where the draw put them.
    const link = this.t.tournamentLink.read();
    if (link && gameNo === 1) order = drawOrder(link, players);
    const specs = order.map((p) => ({ id: p.playerId, nickname: p.nickname, bot: p.bot }));
    // The organizer's choices for this game (new seats, a new evening) are used up by it.
    const control = store.control();
    const immunity = gameNo > 1 ? eveningImmunity(config.presetId, store.series().find((g) => g.game === gameNo - 1), !!control.newEvening) : [];
    const keepOrder = (link !== null && gameNo === 1) || (gameNo > 1 && rematchKeepsSeats(config.presetId) && !control.redrawSeats);
    if (control.redrawSeats || control.newEvening) store.writeControl({ ...control, redrawSeats: false, newEvening: false });
    // RULES.md §5.7: with a live host, night, voting and revoting wait for the host's confirmation.
    // RULES.md §6.10: the evening's last game's first eliminated are immune on day 1 and night 1.
    const state = createGame(config.presetId, config.settings, specs, seed, now, { host: config.host, keepOrder, ...(immunity.length ? { immunity } : {}), ...(config.longWindows ? { longWindows: true } : {}), ...(link ? { bestMove: true } : {}) });
    // Each seat's account is kept with the game (publication opt-out in its record, worker/table/record.ts).
    const accounts = order.map((p) => ({ id: p.playerId, nickname: p.nickname, bot: p.bot, userId: p.userId ?? null }));
    store.insertSeries({ game: gameNo, seed, startedAt: now, players: accounts, immune: immunity.filter((id) => specs.some((p) => p.id === id)), settings: config.settings, keepOrder });
    for (const p of players) store.setSeat(p.playerId, seatOf(state, p.playerId));
    const deadline = nextDeadline(state);
    this.storedEvents = 0;
    this.writeState(
      { version: row.version + 1, status: statusOf(state), startedAt: now, alarmPhaseSeq: deadline === null ? null : state.phaseSeq, alarmAt: deadline },
      state,
    );
    return dropped;
  }

  /**
   * Write accepted inputs and their resulting state (inside the caller's transaction): one log row per
   * input and the `game` row (state, version, status and the engine's deadline together).
   */
  persist(next: GameState, inputs: Input[], at: number): number {
    const store = this.t.store;
    const deadline = nextDeadline(next);
    const row = store.game();
    const prev = this.state();
    // A quiet change (nothing public moved: a night action, a closed ballot) keeps the version, so
    // that the version numbers the table sees cannot count hidden inputs (RULES.md §1 Secrets), and
    // the next broadcast reaches only the connections whose own view it changed.
    // The new state's public part shares the unchanged seats of the one before (engine.ts sharedOf).
    if (prev !== null) sharedOf(next, prev);
    const quiet = prev !== null && quietChange(prev, next);
    const version = quiet ? row.version : row.version + 1;
    const pending = this.changeSet?.version === version ? this.changeSet : null;
    if (quiet) {
      // A public change still waiting for its broadcast stays public: everyone gets that frame.
      if (!pending?.public) {
        const cs = pending ?? { version, public: false, keys: new Set<string>() };
        for (const key of changedViewers(prev!, next, this.t.config().host === "live")) cs.keys.add(key);
        this.changeSet = cs;
      }
    } else {
      this.changeSet = { version, public: true, keys: new Set() };
    }
    const status = statusOf(next);
    if (status === "ended" && row.status !== "ended") {
      const result = viewFor(next, { kind: "spectator" }).result;
      if (result) store.endSeries(store.seriesGame().gameNo, at, result.winner, result.reason, firstEliminated(next));
    }
    this.writeState(
      { version, status, startedAt: row.startedAt, alarmPhaseSeq: deadline === null ? null : next.phaseSeq, alarmAt: deadline },
      next,
      inputs,
      at,
    );
    return version;
  }

  /** Persist an accepted input and its resulting state in one transaction (2 row writes). */
  commit(next: GameState, inputs: Input[], at: number): number {
    return this.t.tx(() => this.persist(next, inputs, at));
  }
}

export function statusOf(state: GameState): TableStatus {
  return isOver(state) ? "ended" : "playing";
}

/**
 * The engine's viewer for a connection, as the entitlement table says (shared/entitlement.ts): a seat's
 * view for a player and for its consigliere (§7.10), every card for the live host, the public game for
 * the seatless organizer and spectators. A kind sees the same in a day and at night (the night's secrets
 * are in the seat's own view); the end reveals all to every viewer (the engine's `over`).
 */
export function viewerOf(identity: ConnectionIdentity): Viewer {
  const sight = ENTITLEMENT[identity.kind].sees.day;
  if (sight === "seat" && (identity.kind === "player" || identity.kind === "consigliere")) return { kind: "player", playerId: identity.playerId };
  if (sight === "all") return { kind: "host" };
  return { kind: "spectator" };
}

/** The key under which broadcast frames and quiet change sets name a viewer. */
export function viewerKey(identity: ConnectionIdentity): string {
  return identity.kind === "player" || identity.kind === "consigliere" ? `p:${identity.playerId}` : identity.kind;
}

/**
 * Two states look the same to a viewer iff its views of them without log entries are equal as JSON
 * (`sameJson`, which stops at the first difference and serializes nothing): the log only grows, so its
 * length (`logUpTo`) tells whether it changed. The views are kept per state (engine.ts gameViewOf), so
 * each input builds the views of the new state only — the previous state's were built for the input
 * before, by this check or by its frames.
 */
function viewChanged(prev: GameState, next: GameState, viewer: Viewer): boolean {
  const a = gameViewOf(prev, viewer);
  const b = gameViewOf(next, viewer);
  // Most changes show in the length of the viewer's log or its clock; the whole views are compared only when these agree.
  return a.logUpTo !== b.logUpTo || a.deadline !== b.deadline || !sameJson(a, b);
}

/**
 * The viewers (seated players, the live host) whose own view differs between two states. Only a table
 * with a live host has a connection that sees as the host (frames.ts): elsewhere that view is not built.
 */
function changedViewers(prev: GameState, next: GameState, liveHost: boolean): string[] {
  const out: string[] = [];
  const viewers: Array<[string, Viewer]> = seatedPlayers(next).map((p) => [`p:${p.playerId}`, { kind: "player", playerId: p.playerId }]);
  if (liveHost) viewers.push(["host", { kind: "host" }]);
  for (const [key, viewer] of viewers) if (viewChanged(prev, next, viewer)) out.push(key);
  return out;
}

/** Nothing public changed between two states: the spectator's view (phase, timers, seats, public log) is the same. */
function quietChange(prev: GameState, next: GameState): boolean {
  // A new stage is public (the stage number is in every view): no view needs building to know that.
  if (prev.phaseSeq !== next.phaseSeq) return false;
  return !viewChanged(prev, next, { kind: "spectator" });
}
