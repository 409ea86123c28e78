/**
 * The table's SQLite schema and every statement the table runs. Synchronous (Durable Object SQLite),
 * so a read-check-write sequence with no `await` in between is atomic.
 *
 * Rows written per accepted input: one `input_log` insert (the input, the version it made and the
 * events it produced) and one `game` update (state, version and the pending alarm in the same row).
 *
 * The state is kept without its event list (`game.state`, ~2 kB whatever the game's length); the
 * events of each input go into its own `input_log` row, and those of the start (no input) into
 * `events` (the list only grows: shared/engine `eventsFrom`).
 *
 * Reads are served from memory after the first: this object is the only writer of its database, so
 * each row is cached as last read or written here (every write updates or drops its cache after the
 * statement succeeded). A transaction that throws rolls SQLite back: the caller then calls
 * `invalidate()` (TableObject.tx) so nothing is served that the database no longer holds.
 */
import { BOT_LEVELS, DEFAULT_BOT_LEVEL, type BotLevel } from "../../shared/bots/levels.ts";
import type { TableStatus } from "../../shared/protocol/http.ts";
import type { StartRule } from "./lobby.ts";
import { migrateTable, upgradeTable } from "./migrations.ts";
import { schemaVersion } from "../storage/migrations.ts";


/**
 * RULES.md §6.11 "when full, the player goes to a reserve list and moves up automatically when a seat
 * frees": the evening's hold on its table's seats. `reserve` is the evening's reserve list (accounts in
 * order) when the table was opened, `until` the evening's start (table time).
 */
export interface EveningHold {
  reserve: string[];
  until: number;
  /** The evening's id (D1), for writing the move-up back to its lists (tables opened before this have none). */
  evening?: string;
}

export interface ConfigRow {
  code: string;
  presetId: string;
  settings: Record<string, unknown>;
  public: boolean;
  seats: { min: number; max: number };
  start: StartRule;
  createdAt: number;
  /** Server-only. */
  seed: string;
  /** RULES.md §1 host kind. */
  host: "server" | "live";
  /** Spectators see views this many seconds late (0: live). */
  spectatorDelaySeconds: number;
  /** The signed-in account that created the table (docs/ACCOUNTS.md); null for a guest. */
  creatorUserId?: string | null;
  /** Seats one client address may hold here (create option `seatsPerAddress`). */
  seatsPerAddress: number;
  /**
   * Server-only: the key of the address digests (apart from the seed, which a finished game's
   * public record shows). Null on tables created before it: their digests keep using the seed.
   */
  addressKey?: string | null;
  /** A club evening's table — the accounts that may sit (JSON user ids); absent: anyone. */
  reservedFor?: string[];
  /** The evening's reserve list and start (worker/table/evening.ts eveningJoinAllowed). */
  eveningHold?: EveningHold;
  /** A club evening's named host (the opener plays): the account that may take the host screen. */
  hostUserId?: string | null;
  /** "Longer windows for beginners" (fixed at creation): every game's createGame `longWindows`. */
  longWindows?: boolean;
}

/** The organizer rights and the options the organizer may change (one row). */
export interface ControlRow {
  /** The player holding the organizer rights, or null. */
  organizerPlayerId: string | null;
  /** Digest of the organizer token while it is valid (the seatless creator, or the live host). */
  organizerTokenHash: Uint8Array | null;
  allowSameDevice: boolean;
  botAfterMinutes: number | null;
  /** The media options (docs/MEDIA.md "Table options"): the organizer's recording switch. */
  recording: boolean;
  /** Dead players hear and see the public floor. */
  deadHear: boolean;
  /** Spectators hear and see the public floor where the media plane can serve them (not delayed). */
  spectatorsHear: boolean;
  /** The next game of the series draws the seats again (formats that keep them by default). */
  redrawSeats?: boolean;
  /** RULES.md §6.10: the next game starts a new evening (no immunity carried over). */
  newEvening?: boolean;
  /** The level of every bot seat without a level of its own (tables before it: DEFAULT_BOT_LEVEL). */
  botLevel: BotLevel;
}

/** The table's record of a pause (the engine holds the timers; this holds who, why and whose return ends it). */
export interface PauseRecord {
  by: string;
  reason: "organizer" | "absence";
  absentPlayerId: string | null;
  absentSeat: number | null;
  since: number;
}

export interface PlayerRow {
  playerId: string;
  nickname: string;
  place: number;
  seat: number | null;
  /** null once the seat went to a bot (the code no longer works). */
  returnHash: Uint8Array | null;
  bot: boolean;
  joinedAt: number;
  deviceHash: Uint8Array | null;
  /** null while connected (or a bot); else when the last socket closed / when they joined. */
  awaySince: number | null;
  /** The signed-in account that joined this seat (D1 users.id); null for a guest. */
  userId?: string | null;
  /** Keyed digest of the joining client's address bucket (seats per address); null: none (a bot's seat, a row stored without it). */
  addressHash?: Uint8Array | null;
  /**
   * The game of the series this seat belongs to. Equal to the table's current game number
   * for everyone in it; lower only while a rematch lobby is open, for those who have not pressed
   * "play again" yet (they are dropped when that game starts).
   */
  gameNo: number;
  /** A bot seat's own level (seat-to-bot `level`); null/absent: the table's level at each move. */
  botLevel?: BotLevel | null;
}

/** One game of the table's series. */
export interface SeriesRow {
  game: number;
  /** Server-only: the game's secret seed. */
  seed: string;
  startedAt: number;
  /**
   * The engine's player specs in the order given to createGame (replay). `userId`, the seat's
   * account when the game started (absent before; never sent to clients) — a record masks the nicks of
   * accounts that opted out of publication (worker/accounts/publication.ts), even after the player left.
   */
  players: Array<{ id: string; nickname: string; bot: boolean; userId?: string | null }>;
  endedAt: number | null;
  winner: string | null;
  reason: string | null;
  /** RULES.md §6.10 the players (ids) immune in this game (createGame's input; replay needs it). */
  immune?: string[];
  /** RULES.md §6.10 this game's first eliminated (ids), written at its end: the next game's immune. */
  firstOut?: string[];
  /** The settings this game was created with (the composition may change between games); absent in a row stored without them. */
  settings?: Record<string, unknown>;
  /** createGame kept the players' order (a rematch that keeps the seats) instead of drawing. */
  keepOrder?: boolean;
}

export interface TokenRow {
  tokenHash: Uint8Array;
  playerId: string;
}

export interface GameRow {
  version: number;
  status: TableStatus;
  startedAt: number | null;
  /** The phase instance and time the pending alarm was set for. */
  alarmPhaseSeq: number | null;
  alarmAt: number | null;
}

/** Table-side scheduling and pause bookkeeping in the game row (not part of the engine's state). */
export interface GameExtras {
  /** When the bots' next move is due (think delay), or null. */
  botAt: number | null;
  pause: PauseRecord | null;
  /** When the last pause ended (the away countdown for bot takeover restarts there). */
  resumedAt: number | null;
  /** The last version sent to delayed spectators. */
  spectatorVersion: number;
  /** A presence change waits for its broadcast until then (coalescing window), or null. */
  presenceAt: number | null;
}

/** Tokens kept per player (devices); the oldest beyond this are dropped. */
export const TOKENS_PER_PLAYER = 5;

const toBytes = (v: unknown): Uint8Array => new Uint8Array(v as ArrayBuffer);
const toBuffer = (b: Uint8Array): ArrayBuffer => b.slice().buffer as ArrayBuffer;
/** A stored bot level, or null (none stored, or a value this version does not know). */
const botLevelOf = (v: unknown): BotLevel | null => ((BOT_LEVELS as readonly unknown[]).includes(v) ? (v as BotLevel) : null);

/** What `loadState` returns: the stored state without events, and the event chunks in order. */
export interface StoredState {
  core: string;
  chunks: Array<{ first: number; events: string }>;
}

export class TableStore {
  /** Once true, true forever (a table is never un-initialised). */
  private known = false;
  /** Read-through caches of single rows (see the file comment). */
  private cfg: ConfigRow | null = null;
  private ctl: ControlRow | null = null;
  private row: GameRow | null = null;
  private ext: GameExtras | null = null;
  private roster: PlayerRow[] | null = null;
  private serie: { gameNo: number; seed: string | null } | null = null;
  private games: SeriesRow[] | null = null;

  private readonly sql: SqlStorage;

  /**
   * A table stored by an earlier release runs the migrations it has not run when its object first
   * starts, before anything reads it; an empty database stays empty (a probe for an unknown code
   * creates nothing).
   */
  constructor(private readonly storage: DurableObjectStorage) {
    this.sql = storage.sql;
    upgradeTable(storage);
  }

  /** Forget every cached row (after a rolled-back transaction). */
  invalidate(): void {
    this.cfg = this.ctl = this.row = this.ext = this.roster = this.serie = this.games = null;
  }

  /**
   * Whether `init` ever ran here: the schema is there (the runner's version, read without writing, so a
   * probe for an unknown code leaves no object behind) and holds the config row. Every table of
   * migrations.ts exists once this is true.
   */
  initialized(): boolean {
    if (this.known) return true;
    this.known = schemaVersion(this.sql) > 0 && this.sql.exec("SELECT 1 FROM config").toArray().length > 0;
    return this.known;
  }

  /** Tables are created only by `init`, never for a probe (every migration: migrations.ts). */
  createSchema(): void {
    migrateTable(this.storage);
  }

  insertConfig(c: ConfigRow): void {
    this.sql.exec(
      `INSERT INTO config (id, code, preset_id, settings, public, seats_min, seats_max, start_rule, created_at, seed, host, spectator_delay_s, creator_user_id, seats_per_address, address_key, reserved_for, host_user_id, long_windows, evening_hold)
       VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      c.code, c.presetId, JSON.stringify(c.settings), c.public ? 1 : 0, c.seats.min, c.seats.max, c.start, c.createdAt, c.seed,
      c.host, c.spectatorDelaySeconds, c.creatorUserId ?? null, c.seatsPerAddress, c.addressKey ?? null, c.reservedFor?.length ? JSON.stringify(c.reservedFor) : null,
      c.hostUserId ?? null, c.longWindows ? 1 : 0, c.eveningHold ? JSON.stringify(c.eveningHold) : null,
    );
    this.sql.exec("INSERT INTO game (id, version, status) VALUES (1, 1, 'lobby')");
  }

  config(): ConfigRow {
    return (this.cfg ??= this.readConfig());
  }

  /** RULES.md §6: the next game's composition (the organizer's counts) and the seats it fits. */
  updateComposition(settings: Record<string, unknown>, seats: { min: number; max: number }): void {
    this.sql.exec("UPDATE config SET settings = ?, seats_min = ?, seats_max = ? WHERE id = 1", JSON.stringify(settings), seats.min, seats.max);
    this.cfg = null;
  }

  private readConfig(): ConfigRow {
    const r = this.sql.exec("SELECT * FROM config WHERE id = 1").one();
    return {
      code: String(r.code),
      presetId: String(r.preset_id),
      settings: JSON.parse(String(r.settings)) as Record<string, unknown>,
      public: r.public === 1,
      seats: { min: Number(r.seats_min), max: Number(r.seats_max) },
      start: String(r.start_rule) as StartRule,
      createdAt: Number(r.created_at),
      seed: String(r.seed),
      host: r.host === "live" ? "live" : "server",
      spectatorDelaySeconds: Number(r.spectator_delay_s),
      creatorUserId: r.creator_user_id === null || r.creator_user_id === undefined ? null : String(r.creator_user_id),
      seatsPerAddress: Number(r.seats_per_address),
      addressKey: typeof r.address_key === "string" ? r.address_key : null,
      ...(typeof r.reserved_for === "string" ? { reservedFor: JSON.parse(r.reserved_for) as string[] } : {}),
      ...(typeof r.host_user_id === "string" ? { hostUserId: r.host_user_id } : {}),
      ...(typeof r.evening_hold === "string" ? { eveningHold: JSON.parse(r.evening_hold) as EveningHold } : {}),
      longWindows: r.long_windows === 1,
    };
  }

  insertControl(c: ControlRow): void {
    this.sql.exec(
      "INSERT INTO control (id, organizer_player_id, organizer_token_hash, allow_same_device, bot_after_minutes, recording, dead_hear, spectators_hear, bot_level) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?)",
      c.organizerPlayerId, c.organizerTokenHash ? toBuffer(c.organizerTokenHash) : null, c.allowSameDevice ? 1 : 0, c.botAfterMinutes,
      c.recording ? 1 : 0, c.deadHear ? 1 : 0, c.spectatorsHear ? 1 : 0, c.botLevel,
    );
  }

  control(): ControlRow {
    return (this.ctl ??= this.readControl());
  }

  private readControl(): ControlRow {
    const r = this.sql.exec("SELECT * FROM control WHERE id = 1").one();
    return {
      organizerPlayerId: r.organizer_player_id === null ? null : String(r.organizer_player_id),
      organizerTokenHash: r.organizer_token_hash === null ? null : toBytes(r.organizer_token_hash),
      allowSameDevice: r.allow_same_device === 1,
      botAfterMinutes: r.bot_after_minutes === null ? null : Number(r.bot_after_minutes),
      recording: r.recording === 1,
      deadHear: r.dead_hear === 1,
      spectatorsHear: r.spectators_hear === 1,
      redrawSeats: r.redraw_seats === 1,
      newEvening: r.new_evening === 1,
      botLevel: botLevelOf(r.bot_level) ?? DEFAULT_BOT_LEVEL,
    };
  }

  writeControl(c: ControlRow): void {
    this.sql.exec(
      "UPDATE control SET organizer_player_id = ?, organizer_token_hash = ?, allow_same_device = ?, bot_after_minutes = ?, recording = ?, dead_hear = ?, spectators_hear = ?, redraw_seats = ?, new_evening = ?, bot_level = ? WHERE id = 1",
      c.organizerPlayerId, c.organizerTokenHash ? toBuffer(c.organizerTokenHash) : null, c.allowSameDevice ? 1 : 0, c.botAfterMinutes,
      c.recording ? 1 : 0, c.deadHear ? 1 : 0, c.spectatorsHear ? 1 : 0, c.redrawSeats ? 1 : 0, c.newEvening ? 1 : 0, c.botLevel,
    );
    this.ctl = { ...c };
  }

  /** Every player in joining order (cached: treat as read-only). */
  players(): readonly PlayerRow[] {
    return (this.roster ??= this.readPlayers());
  }

  private readPlayers(): PlayerRow[] {
    return this.sql.exec("SELECT * FROM players ORDER BY place").toArray().map((r) => ({
      playerId: String(r.player_id),
      nickname: String(r.nickname),
      place: Number(r.place),
      seat: r.seat === null ? null : Number(r.seat),
      returnHash: r.return_hash === null ? null : toBytes(r.return_hash),
      bot: r.bot === 1,
      joinedAt: Number(r.joined_at),
      deviceHash: r.device_hash === null ? null : toBytes(r.device_hash),
      awaySince: r.away_since === null ? null : Number(r.away_since),
      userId: r.user_id === null || r.user_id === undefined ? null : String(r.user_id),
      addressHash: r.address_hash === null || r.address_hash === undefined ? null : toBytes(r.address_hash),
      gameNo: r.game_no === null || r.game_no === undefined ? 1 : Number(r.game_no),
      botLevel: botLevelOf(r.bot_level),
    }));
  }

  insertPlayer(p: Omit<PlayerRow, "seat">): void {
    this.sql.exec(
      `INSERT INTO players (player_id, nickname, place, seat, return_hash, bot, joined_at, device_hash, away_since, user_id, address_hash, game_no, bot_level)
       VALUES (?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      p.playerId, p.nickname, p.place, p.returnHash ? toBuffer(p.returnHash) : null, p.bot ? 1 : 0, p.joinedAt,
      p.deviceHash ? toBuffer(p.deviceHash) : null, p.awaySince, p.userId ?? null, p.addressHash ? toBuffer(p.addressHash) : null, p.gameNo,
      p.botLevel ?? null,
    );
    this.roster = null;
  }

  /** A bot seat removed from the lobby. */
  deletePlayer(playerId: string): void {
    this.sql.exec("DELETE FROM tokens WHERE player_id = ?", playerId);
    this.sql.exec("DELETE FROM players WHERE player_id = ?", playerId);
    this.roster = null;
  }

  /** The seat is in game `gameNo` of the series (pressed "play again", or a bot that stays). */
  setGameNo(playerId: string, gameNo: number): void {
    this.sql.exec("UPDATE players SET game_no = ? WHERE player_id = ?", gameNo, playerId);
    this.roster = null;
  }

  /** The current game number and its seed (null: the table's own seed, as for game 1). */
  seriesGame(): { gameNo: number; seed: string | null } {
    return (this.serie ??= this.readSeriesGame());
  }

  private readSeriesGame(): { gameNo: number; seed: string | null } {
    const r = this.sql.exec("SELECT game_no, seed FROM game WHERE id = 1").one();
    return { gameNo: Number(r.game_no ?? 1), seed: r.seed === null || r.seed === undefined ? null : String(r.seed) };
  }

  /**
   * The next game of the series opens: a lobby with game number `gameNo` and a fresh seed;
   * every table-side clock and the pause are cleared. The last game's state stays in the row (those
   * who have not pressed "play again" still see its end) until the next game starts over it. The
   * delayed spectators' ring is kept: versions only grow, so a delayed spectator still sees the end of
   * the last game, then the new lobby and the new game, each as late as everything else.
   */
  openNextGame(gameNo: number, seed: string): number {
    const version = Number(
      this.sql.exec(
        `UPDATE game SET version = version + 1, status = 'lobby', started_at = NULL, alarm_phase_seq = NULL, alarm_at = NULL,
           bot_at = NULL, pause = NULL, resumed_at = NULL, presence_at = NULL, game_no = ?, seed = ? WHERE id = 1 RETURNING version`,
        gameNo, seed,
      ).one().version,
    );
    this.row = this.ext = this.serie = null;
    return version;
  }

  /**
   * The next game starts: the last game's input log and event chunks move to the archive
   * under its number, and those who did not press "play again" are dropped with their tokens.
   */
  archiveGame(lastGame: number, gameNo: number): void {
    this.sql.exec("INSERT INTO input_log_archive (game, seq, at, input, version, events_first, events) SELECT ?, seq, at, input, version, events_first, events FROM input_log", lastGame);
    this.sql.exec("INSERT INTO events_archive (game, seq, version, first, events) SELECT ?, seq, version, first, events FROM events", lastGame);
    this.sql.exec("DELETE FROM input_log");
    this.sql.exec("DELETE FROM events");
    this.sql.exec("DELETE FROM tokens WHERE player_id IN (SELECT player_id FROM players WHERE game_no < ?)", gameNo);
    this.sql.exec("DELETE FROM players WHERE game_no < ?", gameNo);
    this.roster = null;
  }

  /** Places 1…n in this order (a later game of the series starts: join order = the game's order). */
  renumberPlaces(playerIds: readonly string[]): void {
    this.sql.exec("UPDATE players SET place = -place"); // place is UNIQUE: out of the way first
    playerIds.forEach((id, i) => this.sql.exec("UPDATE players SET place = ? WHERE player_id = ?", i + 1, id));
    this.roster = null;
  }

  insertSeries(row: Pick<SeriesRow, "game" | "seed" | "startedAt" | "players" | "immune" | "settings" | "keepOrder">): void {
    this.sql.exec(
      "INSERT OR REPLACE INTO series (game, seed, started_at, players, immune, settings, keep_order) VALUES (?, ?, ?, ?, ?, ?, ?)",
      row.game, row.seed, row.startedAt, JSON.stringify(row.players), row.immune?.length ? JSON.stringify(row.immune) : null,
      row.settings ? JSON.stringify(row.settings) : null, row.keepOrder ? 1 : 0,
    );
    this.games = null;
  }

  endSeries(game: number, endedAt: number, winner: string, reason: string, firstOut: readonly string[]): void {
    this.sql.exec(
      "UPDATE series SET ended_at = ?, winner = ?, reason = ?, first_out = ? WHERE game = ? AND ended_at IS NULL",
      endedAt, winner, reason, firstOut.length ? JSON.stringify(firstOut) : null, game,
    );
    this.games = null;
  }

  /** Every game of the series, oldest first (cached: treat as read-only). */
  series(): readonly SeriesRow[] {
    return (this.games ??= this.sql.exec("SELECT * FROM series ORDER BY game").toArray().map((r) => ({
      game: Number(r.game),
      seed: String(r.seed),
      startedAt: Number(r.started_at),
      players: JSON.parse(String(r.players)) as SeriesRow["players"],
      endedAt: r.ended_at === null ? null : Number(r.ended_at),
      winner: r.winner === null ? null : String(r.winner),
      reason: r.reason === null ? null : String(r.reason),
      ...(typeof r.immune === "string" ? { immune: JSON.parse(r.immune) as string[] } : {}),
      ...(typeof r.first_out === "string" ? { firstOut: JSON.parse(r.first_out) as string[] } : {}),
      ...(typeof r.settings === "string" ? { settings: JSON.parse(r.settings) as Record<string, unknown> } : {}),
      keepOrder: r.keep_order === 1,
    })));
  }

  /**
   * The accepted inputs of game `game` of the series in order — the current game's log, or an
   * earlier game's archive (a finished game's record replays from them).
   */
  inputsOf(game: number): Array<{ at: number; input: string }> {
    const rows = game === this.stateGame()
      ? this.sql.exec("SELECT at, input FROM input_log ORDER BY seq").toArray()
      : this.sql.exec("SELECT at, input FROM input_log_archive WHERE game = ? ORDER BY seq", game).toArray();
    return rows.map((r) => ({ at: Number(r.at), input: String(r.input) }));
  }

  /**
   * RULES.md §8 Verifiable deal: the events of game `game` of the series as the table stored them when it
   * published them (the current game's chunks, or an earlier game's archive), oldest first, as JSON chunks.
   */
  eventsOf(game: number): Array<{ first: number; events: string }> {
    const current = game === this.stateGame();
    const rows = current
      ? [
          ...this.sql.exec("SELECT first, events FROM events").toArray(),
          ...this.sql.exec("SELECT events_first AS first, events FROM input_log WHERE events IS NOT NULL").toArray(),
        ]
      : [
          ...this.sql.exec("SELECT first, events FROM events_archive WHERE game = ?", game).toArray(),
          ...this.sql.exec("SELECT events_first AS first, events FROM input_log_archive WHERE game = ? AND events IS NOT NULL", game).toArray(),
        ];
    return rows.map((c) => ({ first: Number(c.first), events: String(c.events) })).sort((a, b) => a.first - b.first);
  }

  /** The game whose state the `game` row holds: in a rematch lobby still the last one played. */
  stateGame(): number {
    const { gameNo } = this.seriesGame();
    return this.game().status === "lobby" && gameNo > 1 ? gameNo - 1 : gameNo;
  }


  /** Presence: null = connected now; a time = away since then. */
  setAwaySince(playerId: string, awaySince: number | null): void {
    this.sql.exec("UPDATE players SET away_since = ? WHERE player_id = ?", awaySince, playerId);
    this.roster = null;
  }

  /**
   * Bot takeover (irrevocable): the seat is a bot; its return code and every token stop working.
   * `level`, the bot's own level (null: the table's level at each of its moves).
   */
  handToBot(playerId: string, level: BotLevel | null = null): void {
    this.sql.exec("UPDATE players SET bot = 1, return_hash = NULL, away_since = NULL, bot_level = ? WHERE player_id = ?", level, playerId);
    this.sql.exec("DELETE FROM tokens WHERE player_id = ?", playerId);
    this.roster = null;
  }

  setSeat(playerId: string, seat: number | null): void {
    this.sql.exec("UPDATE players SET seat = ? WHERE player_id = ?", seat, playerId);
    this.roster = null;
  }

  tokens(): TokenRow[] {
    return this.sql.exec("SELECT token_hash, player_id FROM tokens").toArray().map((r) => ({
      tokenHash: toBytes(r.token_hash),
      playerId: String(r.player_id),
    }));
  }

  /** Add a token for a player and drop that player's oldest beyond TOKENS_PER_PLAYER. */
  insertToken(tokenHash: Uint8Array, playerId: string, at: number): void {
    this.sql.exec("INSERT INTO tokens (token_hash, player_id, created_at) VALUES (?, ?, ?)", toBuffer(tokenHash), playerId, at);
    this.sql.exec(
      `DELETE FROM tokens WHERE player_id = ?1 AND rowid NOT IN
         (SELECT rowid FROM tokens WHERE player_id = ?1 ORDER BY created_at DESC, rowid DESC LIMIT ?2)`,
      playerId, TOKENS_PER_PLAYER,
    );
  }

  game(): GameRow {
    return (this.row ??= this.readGame());
  }

  private readGame(): GameRow {
    const r = this.sql.exec("SELECT version, status, started_at, alarm_phase_seq, alarm_at FROM game WHERE id = 1").one();
    return {
      version: Number(r.version),
      status: String(r.status) as TableStatus,
      startedAt: r.started_at === null ? null : Number(r.started_at),
      alarmPhaseSeq: r.alarm_phase_seq === null ? null : Number(r.alarm_phase_seq),
      alarmAt: r.alarm_at === null ? null : Number(r.alarm_at),
    };
  }

  /** One row write: the new state (without events), its version, status and the alarm it needs. */
  writeGame(g: GameRow, state: string): void {
    this.sql.exec(
      "UPDATE game SET version = ?, status = ?, state = ?, started_at = ?, alarm_phase_seq = ?, alarm_at = ? WHERE id = 1",
      g.version, g.status, state, g.startedAt, g.alarmPhaseSeq, g.alarmAt,
    );
    this.row = { ...g };
  }

  /** One row write: the events of one change, the first at index `first` of the game's list. */
  appendEvents(version: number, first: number, events: string): void {
    this.sql.exec("INSERT INTO events (version, first, events) VALUES (?, ?, ?)", version, first, events);
  }

  /** The stored state and its event chunks in order, or null in the lobby. */
  loadState(): StoredState | null {
    const r = this.sql.exec("SELECT state FROM game WHERE id = 1").one();
    if (r.state === null) return null;
    const chunks = [
      ...this.sql.exec("SELECT first, events FROM events").toArray(),
      ...this.sql.exec("SELECT events_first AS first, events FROM input_log WHERE events IS NOT NULL").toArray(),
    ].map((c) => ({ first: Number(c.first), events: String(c.events) }));
    chunks.sort((a, b) => a.first - b.first);
    return { core: String(r.state), chunks };
  }

  /** The pending deadline alarm moved (resumed later) or is gone. */
  setDeadlineAlarm(phaseSeq: number | null, at: number | null): void {
    this.sql.exec("UPDATE game SET alarm_phase_seq = ?, alarm_at = ? WHERE id = 1", phaseSeq, at);
    if (this.row) this.row = { ...this.row, alarmPhaseSeq: phaseSeq, alarmAt: at };
  }



  extras(): GameExtras {
    return (this.ext ??= this.readExtras());
  }

  private readExtras(): GameExtras {
    const r = this.sql.exec("SELECT bot_at, pause, resumed_at, spectator_version, presence_at FROM game WHERE id = 1").one();
    return {
      botAt: r.bot_at === null ? null : Number(r.bot_at),
      pause: r.pause === null ? null : (JSON.parse(String(r.pause)) as PauseRecord),
      resumedAt: r.resumed_at === null ? null : Number(r.resumed_at),
      spectatorVersion: Number(r.spectator_version),
      presenceAt: r.presence_at === null ? null : Number(r.presence_at),
    };
  }

  /** Presence coalescing: a presence change is broadcast at `at` (null: nothing waiting). */
  setPresenceAt(at: number | null): void {
    this.sql.exec("UPDATE game SET presence_at = ? WHERE id = 1", at);
    if (this.ext) this.ext = { ...this.ext, presenceAt: at };
  }

  setBotAt(at: number | null): void {
    this.sql.exec("UPDATE game SET bot_at = ? WHERE id = 1", at);
    if (this.ext) this.ext = { ...this.ext, botAt: at };
  }

  setPause(pause: PauseRecord | null, resumedAt?: number): void {
    if (resumedAt === undefined) this.sql.exec("UPDATE game SET pause = ? WHERE id = 1", pause ? JSON.stringify(pause) : null);
    else this.sql.exec("UPDATE game SET pause = ?, resumed_at = ? WHERE id = 1", pause ? JSON.stringify(pause) : null, resumedAt);
    this.ext = null;
  }

  setSpectatorVersion(version: number): void {
    this.sql.exec("UPDATE game SET spectator_version = ? WHERE id = 1", version);
    if (this.ext) this.ext = { ...this.ext, spectatorVersion: version };
  }

  /* Delayed spectators: a ring of recent public views (only on tables with a spectator delay). */

  /** Remember the public view of `version` and drop views no delayed spectator can still need. */
  pushSpectatorView(version: number, at: number, view: string, delayMs: number): void {
    this.sql.exec("INSERT OR REPLACE INTO spectator_views (version, at, view) VALUES (?, ?, ?)", version, at, view);
    // Keep the newest view that is already old enough (what a spectator sees now) and everything newer.
    this.sql.exec(
      `DELETE FROM spectator_views WHERE version < (
         SELECT COALESCE(MAX(version), 0) FROM spectator_views WHERE at <= ?)`,
      at - delayMs,
    );
  }

  /** The view a delayed spectator sees at `now`: the newest one at least `delayMs` old, else (not `strict`)
   *  the oldest kept — a table younger than the delay shows as it was created. */
  spectatorViewAt(now: number, delayMs: number, strict = false): { version: number; at: number; view: string } | null {
    const rows = this.sql.exec(
      "SELECT version, at, view FROM spectator_views WHERE at <= ? ORDER BY version DESC LIMIT 1", now - delayMs,
    ).toArray();
    const r = rows[0] ?? (strict ? undefined : this.sql.exec("SELECT version, at, view FROM spectator_views ORDER BY version ASC LIMIT 1").toArray()[0]);
    return r ? { version: Number(r.version), at: Number(r.at), view: String(r.view) } : null;
  }

  /** The first view newer than `version` (the one a failing delivery skips), or null. */
  nextSpectatorVersion(version: number): number | null {
    const r = this.sql.exec("SELECT MIN(version) AS v FROM spectator_views WHERE version > ?", version).one();
    return r.v === null ? null : Number(r.v);
  }

  /** When the first view newer than `version` becomes old enough to show, or null. */
  nextSpectatorDue(version: number, delayMs: number): number | null {
    const r = this.sql.exec("SELECT MIN(at) AS at FROM spectator_views WHERE version > ?", version).one();
    return r.at === null ? null : Number(r.at) + delayMs;
  }

  bumpVersion(): number {
    const version = Number(this.sql.exec("UPDATE game SET version = version + 1 WHERE id = 1 RETURNING version").one().version);
    if (this.row) this.row = { ...this.row, version };
    return version;
  }

  /** One row write: an accepted input, the version it made and the events it produced (first: their index in the game's list). */
  appendInput(at: number, input: unknown, version: number, events: { first: number; json: string } | null): void {
    this.sql.exec(
      "INSERT INTO input_log (at, input, version, events_first, events) VALUES (?, ?, ?, ?, ?)",
      at, JSON.stringify(input), version, events?.first ?? null, events?.json ?? null,
    );
  }

  /** Failed return-code attempts in the current window. */
  returnGuard(): { windowStart: number; failures: number } {
    const rows = this.sql.exec("SELECT window_start, failures FROM return_guard WHERE id = 1").toArray();
    const r = rows[0];
    return r ? { windowStart: Number(r.window_start), failures: Number(r.failures) } : { windowStart: 0, failures: 0 };
  }

  /**
   * The sources (keyed address digests) that gave a wrong return code at this table
   * in the guard's current window; emptied when a new window starts.
   */
  returnSourceFailed(source: Uint8Array): boolean {
    return this.sql.exec("SELECT 1 FROM return_sources WHERE source = ?", source).toArray().length > 0;
  }

  addReturnSource(source: Uint8Array): void {
    this.sql.exec("INSERT OR IGNORE INTO return_sources (source) VALUES (?)", source);
  }

  clearReturnSources(): void {
    this.sql.exec("DELETE FROM return_sources");
  }

  writeReturnGuard(g: { windowStart: number; failures: number }): void {
    this.sql.exec(
      "INSERT INTO return_guard (id, window_start, failures) VALUES (1, ?1, ?2) ON CONFLICT(id) DO UPDATE SET window_start = ?1, failures = ?2",
      g.windowStart, g.failures,
    );
  }
}
