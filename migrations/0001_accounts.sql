-- Accounts, sessions, WebAuthn challenges, login limits, game records and ratings (docs/ACCOUNTS.md).
-- Applied by `wrangler d1 migrations apply DB --local` (npm start) and by the tests (test/worker/setup-d1.ts).

-- One row per account. `nick` is shown as typed (NFC, trimmed); `nick_key` (NFC + lower case) is unique,
-- so "Ann" and "ann" cannot both exist. Password columns are NULL for passkey-only accounts.
CREATE TABLE users (
  id             TEXT    PRIMARY KEY,
  nick           TEXT    NOT NULL,
  nick_key       TEXT    NOT NULL UNIQUE,
  -- WebAuthn user handle (random, base64url), sent to authenticators instead of the account id.
  webauthn_id    TEXT    NOT NULL UNIQUE,
  password_hash  TEXT,
  password_salt  TEXT,
  password_iter  INTEGER,
  created_at     INTEGER NOT NULL,
  -- Sport rating (openskill, Plackett-Luce defaults mu 25, sigma 25/3), experience and coins.
  mu             REAL    NOT NULL DEFAULT 25,
  sigma          REAL    NOT NULL DEFAULT 8.333333333333334,
  rated_games    INTEGER NOT NULL DEFAULT 0,
  xp             INTEGER NOT NULL DEFAULT 0,
  coins          INTEGER NOT NULL DEFAULT 0
);

-- Passkeys (one account may hold several).
CREATE TABLE credentials (
  id          TEXT    PRIMARY KEY,          -- credential id, base64url
  user_id     TEXT    NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  public_key  BLOB    NOT NULL,             -- COSE public key
  counter     INTEGER NOT NULL,
  transports  TEXT,                         -- JSON array or NULL
  created_at  INTEGER NOT NULL,
  last_used   INTEGER
);
CREATE INDEX credentials_user ON credentials(user_id);

-- Sessions: only the SHA-256 of the cookie's random id is stored.
CREATE TABLE sessions (
  id_hash     TEXT    PRIMARY KEY,          -- hex SHA-256 of "session:<id>"
  user_id     TEXT    NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);

-- WebAuthn challenges: single use (deleted when consumed), short-lived.
CREATE TABLE challenges (
  challenge   TEXT    PRIMARY KEY,          -- base64url, as sent to the browser
  purpose     TEXT    NOT NULL,             -- 'register' | 'login'
  nick        TEXT,                         -- register: the nickname asked for
  user_id     TEXT,                         -- register: adding a passkey to this signed-in account
  webauthn_id TEXT,                         -- register: the user handle offered to the authenticator
  expires_at  INTEGER NOT NULL
);

-- Failed password logins per key ('account:<user id>' / 'address:<bucket>') in a fixed window.
CREATE TABLE login_failures (
  key           TEXT    PRIMARY KEY,
  window_start  INTEGER NOT NULL,
  failures      INTEGER NOT NULL
);

-- A finished game (sport or city), reported once by its table (id = "<table code>/<started_at>").
CREATE TABLE games (
  id          TEXT    PRIMARY KEY,
  code        TEXT    NOT NULL,
  preset_id   TEXT    NOT NULL,
  started_at  INTEGER NOT NULL,
  ended_at    INTEGER NOT NULL,
  winner      TEXT    NOT NULL,             -- 'red' | 'black' | 'solo' | 'draw'
  reason      TEXT    NOT NULL,
  rated       INTEGER NOT NULL              -- 1: rating, experience and coins were applied (sport)
);

-- Its record: seat — role — nick (and the account, when a signed-in person played the seat to the end).
CREATE TABLE game_players (
  game_id   TEXT    NOT NULL REFERENCES games(id),
  seat      INTEGER NOT NULL,
  role      TEXT    NOT NULL,
  team      TEXT    NOT NULL,
  nickname  TEXT    NOT NULL,
  user_id   TEXT    REFERENCES users(id),
  bot       INTEGER NOT NULL,
  outcome   TEXT    NOT NULL,               -- 'win' | 'loss' | 'draw'
  PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_players_user ON game_players(user_id);

-- One row per rated game per account; (user_id, seq) makes concurrent updates of one account fail and retry.
CREATE TABLE rating_history (
  user_id       TEXT    NOT NULL REFERENCES users(id),
  seq           INTEGER NOT NULL,           -- = users.rated_games after this game
  game_id       TEXT    NOT NULL REFERENCES games(id),
  mu_before     REAL    NOT NULL,
  sigma_before  REAL    NOT NULL,
  mu_after      REAL    NOT NULL,
  sigma_after   REAL    NOT NULL,
  xp            INTEGER NOT NULL,
  coins         INTEGER NOT NULL,
  PRIMARY KEY (user_id, seq),
  UNIQUE (user_id, game_id)
);
