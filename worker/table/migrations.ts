import { DEFAULT_BOT_LEVEL } from "../../shared/bots/levels.ts";
import { addColumns, migrate, migrateStored, type Migration } from "../storage/migrations.ts";

/**
 * The table object's SQLite schema as numbered migrations, run by the one runner of every object
 * (worker/storage/migrations.ts). Every table a table's Durable Object holds is created here and nowhere
 * else. A table created by today's code runs every migration at `init`; a table stored earlier runs those
 * it has not run when its object first starts (TableStore's constructor), and a cold start of a current
 * table costs one read of `schema_version`.
 *
 * Migration 1 is the schema as it stood when the table first migrated by number. It also brings level a
 * table stored before it (no `schema_version`): the columns added while tables were probed on every cold
 * start, and the tables other files created on first use.
 */

/**
 * The table's series: one row per game played here (seed, start and the players in the
 * order they were given to the engine — enough to replay it with its archived input log — and, once
 * over, its result); the input log and event chunks of earlier games, keyed by game number.
 */
const SERIES_DDL = `
CREATE TABLE IF NOT EXISTS series (
  game        INTEGER PRIMARY KEY,
  seed        TEXT    NOT NULL,
  started_at  INTEGER NOT NULL,
  players     TEXT    NOT NULL,
  ended_at    INTEGER,
  winner      TEXT,
  reason      TEXT,
  immune      TEXT,
  first_out   TEXT,
  settings    TEXT,
  keep_order  INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS input_log_archive (
  game   INTEGER NOT NULL,
  seq    INTEGER NOT NULL,
  at     INTEGER NOT NULL,
  input  TEXT    NOT NULL,
  version      INTEGER,
  events_first INTEGER,
  events       TEXT,
  PRIMARY KEY (game, seq)
);
CREATE TABLE IF NOT EXISTS events_archive (
  game    INTEGER NOT NULL,
  seq     INTEGER NOT NULL,
  version INTEGER NOT NULL,
  first   INTEGER NOT NULL,
  events  TEXT    NOT NULL,
  PRIMARY KEY (game, seq)
);
`;

const CORE_DDL = `
CREATE TABLE IF NOT EXISTS config (
  id          INTEGER PRIMARY KEY CHECK (id = 1),
  code        TEXT    NOT NULL,
  preset_id   TEXT    NOT NULL,
  settings    TEXT    NOT NULL,
  public      INTEGER NOT NULL,
  seats_min   INTEGER NOT NULL,
  seats_max   INTEGER NOT NULL,
  start_rule  TEXT    NOT NULL,
  created_at  INTEGER NOT NULL,
  seed        TEXT    NOT NULL,
  host        TEXT    NOT NULL DEFAULT 'server',
  spectator_delay_s INTEGER NOT NULL DEFAULT 0,
  creator_user_id TEXT,
  seats_per_address INTEGER NOT NULL DEFAULT 2,
  address_key TEXT,
  reserved_for TEXT
);
CREATE TABLE IF NOT EXISTS players (
  player_id   TEXT    PRIMARY KEY,
  nickname    TEXT    NOT NULL,
  place       INTEGER NOT NULL UNIQUE,
  seat        INTEGER,
  return_hash BLOB,
  bot         INTEGER NOT NULL DEFAULT 0,
  joined_at   INTEGER NOT NULL,
  device_hash BLOB,
  away_since  INTEGER,
  user_id     TEXT,
  address_hash BLOB,
  game_no     INTEGER NOT NULL DEFAULT 1,
  bot_level   TEXT
);
CREATE TABLE IF NOT EXISTS tokens (
  token_hash  BLOB    PRIMARY KEY,
  player_id   TEXT    NOT NULL REFERENCES players(player_id),
  created_at  INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS game (
  id              INTEGER PRIMARY KEY CHECK (id = 1),
  version         INTEGER NOT NULL,
  status          TEXT    NOT NULL,
  state           TEXT,
  started_at      INTEGER,
  alarm_phase_seq INTEGER,
  alarm_at        INTEGER,
  bot_at          INTEGER,
  pause           TEXT,
  resumed_at      INTEGER,
  spectator_version INTEGER NOT NULL DEFAULT 0,
  presence_at     INTEGER,
  game_no         INTEGER NOT NULL DEFAULT 1,
  seed            TEXT
);
CREATE TABLE IF NOT EXISTS control (
  id                    INTEGER PRIMARY KEY CHECK (id = 1),
  organizer_player_id   TEXT,
  organizer_token_hash  BLOB,
  allow_same_device     INTEGER NOT NULL,
  bot_after_minutes     INTEGER,
  recording             INTEGER NOT NULL DEFAULT 0,
  dead_hear             INTEGER NOT NULL DEFAULT 1,
  spectators_hear       INTEGER NOT NULL DEFAULT 0,
  redraw_seats          INTEGER NOT NULL DEFAULT 0,
  new_evening           INTEGER NOT NULL DEFAULT 0,
  bot_level             TEXT    NOT NULL DEFAULT '${DEFAULT_BOT_LEVEL}'
);
CREATE TABLE IF NOT EXISTS spectator_views (
  version INTEGER PRIMARY KEY,
  at      INTEGER NOT NULL,
  view    TEXT    NOT NULL
);
CREATE TABLE IF NOT EXISTS input_log (
  seq    INTEGER PRIMARY KEY,
  at     INTEGER NOT NULL,
  input  TEXT    NOT NULL,
  version      INTEGER,
  events_first INTEGER,
  events       TEXT
);
CREATE TABLE IF NOT EXISTS events (
  seq     INTEGER PRIMARY KEY,
  version INTEGER NOT NULL,
  first   INTEGER NOT NULL,
  events  TEXT    NOT NULL
);
${SERIES_DDL}
CREATE TABLE IF NOT EXISTS return_guard (
  id            INTEGER PRIMARY KEY CHECK (id = 1),
  window_start  INTEGER NOT NULL,
  failures      INTEGER NOT NULL
);
`;

const ALARM_FAILURES_DDL = `CREATE TABLE IF NOT EXISTS alarm_failures (
  kind      TEXT    PRIMARY KEY,
  item      TEXT    NOT NULL,
  failures  INTEGER NOT NULL,
  retry_at  INTEGER,
  skipped   INTEGER NOT NULL DEFAULT 0
)`;

/** RULES.md §7.10 the consiglieri. */
const CONSIGLIERE_DDL = `
CREATE TABLE IF NOT EXISTS consiglieri (
  player_id   TEXT PRIMARY KEY,
  nickname    TEXT,
  invite_hash BLOB,
  return_hash BLOB,
  device_hash BLOB,
  joined_at   INTEGER
);
CREATE TABLE IF NOT EXISTS consigliere_tokens (
  token_hash  BLOB NOT NULL,
  player_id   TEXT NOT NULL,
  created_at  INTEGER NOT NULL
);
`;

/** Players hidden from a finished game's public record (publication.ts). */
const PUBLICATION_DDL = "CREATE TABLE IF NOT EXISTS publication_hidden (game INTEGER PRIMARY KEY, players TEXT NOT NULL, complete INTEGER NOT NULL)";

/** RULES.md §6.11: each game's recording and its uploaded chunks (recordings.ts). */
const RECORDINGS_DDL = `CREATE TABLE IF NOT EXISTS recordings (
  game        INTEGER PRIMARY KEY,
  key         TEXT    NOT NULL,
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL,
  deleted_at  INTEGER,
  given_up    INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS recording_chunks (
  game        INTEGER NOT NULL,
  i           INTEGER NOT NULL,
  size        INTEGER NOT NULL,
  stored      INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (game, i)
)`;

/** The ended game's report to D1 (report.ts). */
const REPORT_DDL = `CREATE TABLE IF NOT EXISTS game_report (
  id        INTEGER PRIMARY KEY CHECK (id = 1),
  ended_at  INTEGER NOT NULL,
  attempts  INTEGER NOT NULL,
  next_at   INTEGER,
  done_at   INTEGER,
  report    TEXT
)`;

/**
 * Reports of earlier games of the series that had not reached D1 when the next game
 * started: the built report (JSON) waits here for its retries, keyed by its game id.
 */
const REPORT_BACKLOG_DDL = `CREATE TABLE IF NOT EXISTS report_backlog (
  game_id   TEXT    PRIMARY KEY,
  report    TEXT    NOT NULL,
  attempts  INTEGER NOT NULL,
  next_at   INTEGER
)`;

/** The sources that gave a wrong return code in the guard's current window. */
const RETURN_SOURCES_DDL = "CREATE TABLE IF NOT EXISTS return_sources (source BLOB PRIMARY KEY) WITHOUT ROWID";

/**
 * The table's chat. `channel` "table" (no game running) or "spectators" (during one); `era`:
 * the number of games started when the line was written (worker/table/chat.ts: the table channel of
 * era n is the after-game chat of game n and the lobby of game n + 1). `chat_muted`: the public keys the
 * organizer muted. `chat_counter`: the last spectator number given.
 */
const CHAT_DDL = `CREATE TABLE IF NOT EXISTS chat (
  id      INTEGER PRIMARY KEY AUTOINCREMENT,
  channel TEXT    NOT NULL,
  era     INTEGER NOT NULL,
  at      INTEGER NOT NULL,
  name    TEXT    NOT NULL,
  key     TEXT    NOT NULL,
  text    TEXT    NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_by_channel ON chat (channel, era, id);
CREATE TABLE IF NOT EXISTS chat_muted (key TEXT PRIMARY KEY) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS chat_counter (id INTEGER PRIMARY KEY CHECK (id = 1), spectators INTEGER NOT NULL);
`;

export const TABLE_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    why: "the schema as it stood when tables first migrated by number, every table in one place; a table stored earlier gets the columns added while tables were probed on cold start, the events store, the tables other files created on first use and the report's body",
    up(sql) {
      sql.exec(CORE_DDL);
      // Tables stored before the columns below existed (CREATE … IF NOT EXISTS left them as they were).
      addColumns(sql, "config", [["seats_per_address", "INTEGER NOT NULL DEFAULT 2"], ["address_key", "TEXT"], ["reserved_for", "TEXT"]]);
      addColumns(sql, "players", [["address_hash", "BLOB"], ["game_no", "INTEGER NOT NULL DEFAULT 1"], ["bot_level", "TEXT"]]);
      addColumns(sql, "game", [["presence_at", "INTEGER"], ["game_no", "INTEGER NOT NULL DEFAULT 1"], ["seed", "TEXT"]]);
      addColumns(sql, "control", [
        ["recording", "INTEGER NOT NULL DEFAULT 0"], ["dead_hear", "INTEGER NOT NULL DEFAULT 1"], ["spectators_hear", "INTEGER NOT NULL DEFAULT 0"],
        ["redraw_seats", "INTEGER NOT NULL DEFAULT 0"], ["new_evening", "INTEGER NOT NULL DEFAULT 0"],
        ["bot_level", `TEXT NOT NULL DEFAULT '${DEFAULT_BOT_LEVEL}'`],
      ]);
      addColumns(sql, "series", [["immune", "TEXT"], ["first_out", "TEXT"], ["settings", "TEXT"], ["keep_order", "INTEGER NOT NULL DEFAULT 0"]]);
      addColumns(sql, "input_log", [["version", "INTEGER"], ["events_first", "INTEGER"], ["events", "TEXT"]]);
      sql.exec(ALARM_FAILURES_DDL);
      sql.exec(CONSIGLIERE_DDL);
      sql.exec(PUBLICATION_DDL);
      sql.exec(RECORDINGS_DDL);
      sql.exec(REPORT_DDL);
      addColumns(sql, "game_report", [["report", "TEXT"]]);
      sql.exec(REPORT_BACKLOG_DDL);
      sql.exec(RETURN_SOURCES_DDL);
    },
  },
  {
    version: 2,
    why: "the club's named host of an evening's table (config.host_user_id) — the one account that may take its host screen",
    up(sql) {
      addColumns(sql, "config", [["host_user_id", "TEXT"]]);
    },
  },
  {
    version: 3,
    why: "the table option \"Longer windows for beginners\" (config.long_windows), fixed at creation; tables before it keep the rules' windows",
    up(sql) {
      addColumns(sql, "config", [["long_windows", "INTEGER NOT NULL DEFAULT 0"]]);
    },
  },
  {
    version: 4,
    why: "RULES.md §7.10: the accounts a rating table named as newcomers (consigliere_required) — the table does not start while one sits without a bound consigliere",
    up(sql) {
      sql.exec("CREATE TABLE IF NOT EXISTS consigliere_required (user_id TEXT PRIMARY KEY)");
    },
  },
  {
    version: 5,
    why: "the table's chat (worker/table/chat.ts) — its lines per channel and game era (the last CHAT_KEPT of each channel kept), the muted senders' keys, and the spectators' chat numbers",
    up(sql) {
      sql.exec(CHAT_DDL);
    },
  },
  {
    version: 6,
    why: "a club evening's hold on its seats (config.evening_hold: the reserve list and the start; from the start the reserve moves up into no-shows' seats)",
    up(sql) {
      addColumns(sql, "config", [["evening_hold", "TEXT"]]);
    },
  },
  {
    version: 7,
    why: "RULES.md §7.10 (2026-12-06): a consigliere is bound only before the deal of the game its invitation was made for (consiglieri.invite_game), and an invitation the organizer or host made for another seat waits for that player's consent on their own device (consiglieri.awaiting_consent)",
    up(sql) {
      addColumns(sql, "consiglieri", [["awaiting_consent", "INTEGER NOT NULL DEFAULT 0"], ["invite_game", "INTEGER"]]);
    },
  },
  {
    version: 8,
    why: "RULES.md §7.10 (2026-12-06): a bound consigliere satisfies a rating table's newcomer only when experienced — an account with 10 finished games of the format here or marked experienced by the club (consiglieri.advisor_user_id, consiglieri.experienced), never a guest",
    up(sql) {
      addColumns(sql, "consiglieri", [["advisor_user_id", "TEXT"], ["experienced", "INTEGER NOT NULL DEFAULT 0"]]);
    },
  },
  {
    version: 9,
    why: "RULES.md §9.3: a table opened by a tournament keeps its slot of the draw (tournament_link: the tournament, round, slot and seats; worker/table/tournament.ts); an ordinary table's stays empty. A tournament table stored earlier already has it (it was created with the link)",
    up(sql) {
      sql.exec("CREATE TABLE IF NOT EXISTS tournament_link (id INTEGER PRIMARY KEY CHECK (id = 1), link TEXT NOT NULL)");
    },
  },
  {
    version: 10,
    why: "the test clocks' skew (test_clock, worker/table/clock.ts): only a test build moves the table's clock and writes its row; in production it stays empty and the skew 0. A table whose clock a test moved already has it",
    up(sql) {
      sql.exec("CREATE TABLE IF NOT EXISTS test_clock (id INTEGER PRIMARY KEY CHECK (id = 1), skew INTEGER NOT NULL)");
    },
  },
];

/** Brings a stored table to the current schema when its object starts; an empty database stays empty. */
export const upgradeTable = (storage: DurableObjectStorage): number[] => migrateStored(storage, TABLE_MIGRATIONS);

/** Creates (or completes) the table's schema: `init`, inside its transaction. */
export const migrateTable = (storage: DurableObjectStorage): number[] => migrate(storage, TABLE_MIGRATIONS);
