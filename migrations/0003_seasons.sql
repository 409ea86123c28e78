-- Seasons, the host's review with points per player, the champion table, and the club's finished games
-- (issue 19, RULES.md §6.11, §7.11, §8; docs/CLUBS.md "Seasons"). Sport rating (0001: users.mu/sigma,
-- rating_history) stays separate: nothing here reads or writes it.

-- A game's number in its table's series (issue 13): the record's stable URL is /t/<code>/g/<game_no>.
-- NULL for games recorded before this column.
ALTER TABLE games ADD COLUMN game_no INTEGER;
-- The club page's finished games: the games of the tables opened from its evenings (evenings.table_code).
CREATE INDEX games_code ON games(code, game_no);

-- Club settings. `reviews_private`: the host's reviews are shown only to the club's owner and hosts and to
-- the game's players instead of being published with the record (§8). `tatar_bonus`: §7.11 "games played in
-- Tatar earn extra points" — the points added to every player's score of a `tatar` game at its review.
ALTER TABLE clubs ADD COLUMN reviews_private INTEGER NOT NULL DEFAULT 0;
ALTER TABLE clubs ADD COLUMN tatar_bonus REAL NOT NULL DEFAULT 0;

-- A season (§7.11): `games_total` rating games (N, 15), of which each player's best `best_of` count (K, 12);
-- then the top `champion_size` (12) play a champion table of `champion_games` (M, 4) games, started by the
-- owner. status: 'open' (rating games count) → 'champion' (the champion table is on) → 'closed'.
CREATE TABLE seasons (
  id              TEXT    PRIMARY KEY,            -- "s" + random base64url
  club_id         TEXT    NOT NULL REFERENCES clubs(id),
  name            TEXT    NOT NULL,
  games_total     INTEGER NOT NULL DEFAULT 15,
  best_of         INTEGER NOT NULL DEFAULT 12,
  champion_size   INTEGER NOT NULL DEFAULT 12,
  champion_games  INTEGER NOT NULL DEFAULT 4,
  status          TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'champion', 'closed')),
  champion_evening_id TEXT REFERENCES evenings(id),
  created_by      TEXT    NOT NULL REFERENCES users(id),
  created_at      INTEGER NOT NULL,
  closed_at       INTEGER,
  CHECK (best_of >= 1 AND best_of <= games_total),
  CHECK (champion_size >= 2 AND champion_games >= 1)
);
-- At most one season of a club is running (open or at its champion table); the club page reads it.
CREATE UNIQUE INDEX seasons_running ON seasons(club_id) WHERE status != 'closed';
CREATE INDEX seasons_club ON seasons(club_id, created_at);

-- The evening that is a season's champion table: its sign-ups are the season's top players, seated by the
-- server; its games count for the champion table, not the season.
ALTER TABLE evenings ADD COLUMN champion_season_id TEXT REFERENCES seasons(id);

-- The champion table's players: the season's top `champion_size`, frozen when the owner starts it (§7.11).
CREATE TABLE champion_players (
  season_id  TEXT    NOT NULL REFERENCES seasons(id),
  user_id    TEXT    NOT NULL REFERENCES users(id),
  rank       INTEGER NOT NULL,                    -- 1 = the season's winner
  total      REAL    NOT NULL,                    -- the season total (best K) they entered with
  PRIMARY KEY (season_id, user_id),
  UNIQUE (season_id, rank)
);

-- The host's review of one finished game of the club (§6.11 "each a separate record and review", §7.11 "the
-- host awards points at the review"). `stage`: which table of the season the game counts for — 'rating' (one
-- of the season's N) or 'champion' — or NULL with `season_id` NULL when it counts for none (no season running,
-- or the season's N rating games were already reviewed). Written again when the host edits it.
CREATE TABLE reviews (
  game_id     TEXT    PRIMARY KEY REFERENCES games(id),
  club_id     TEXT    NOT NULL REFERENCES clubs(id),
  evening_id  TEXT    REFERENCES evenings(id),
  season_id   TEXT    REFERENCES seasons(id),
  stage       TEXT    CHECK (stage IN ('rating', 'champion')),
  host_id     TEXT    NOT NULL REFERENCES users(id),
  notes       TEXT    NOT NULL DEFAULT '',
  created_at  INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL,
  CHECK ((season_id IS NULL) = (stage IS NULL))
);
-- The club page's reviewed games (latest first) and a season's games per stage (the counts and the tables).
CREATE INDEX reviews_club ON reviews(club_id, created_at);
CREATE INDEX reviews_season ON reviews(season_id, stage);

-- Points per seat of a reviewed game, with the host's reason. `user_id`: the account that played the seat
-- (games_players.user_id); seats without one (guests, bots) get points in the review but no season line.
-- `bonus`: §7.11's Tatar extra, added by the server from the club's setting; the score is points + bonus.
CREATE TABLE points (
  game_id  TEXT    NOT NULL REFERENCES reviews(game_id),
  seat     INTEGER NOT NULL,
  user_id  TEXT    REFERENCES users(id),
  points   REAL    NOT NULL,
  bonus    REAL    NOT NULL DEFAULT 0,
  reason   TEXT    NOT NULL,
  PRIMARY KEY (game_id, seat)
);
-- A player's points across games (the season table sums them per account).
CREATE INDEX points_user ON points(user_id, game_id);
