-- Issue 34, tournaments (RULES.md §9; docs/TOURNAMENTS.md). The tournament's own object
-- (worker/tournaments/TournamentObject.ts) holds the rounds and decides; these rows are what the pages
-- list, written by the object after each change (registrations by the routes, through the object).
CREATE TABLE tournaments (
  id            TEXT    PRIMARY KEY,
  name          TEXT    NOT NULL,
  organizer_id  TEXT    NOT NULL REFERENCES users(id),
  preset_id     TEXT    NOT NULL,
  seats         INTEGER NOT NULL,
  rounds        INTEGER NOT NULL,
  final_games   INTEGER NOT NULL DEFAULT 0,
  status        TEXT    NOT NULL,
  seed          TEXT,
  created_at    INTEGER NOT NULL
);
CREATE INDEX tournaments_created ON tournaments(created_at);

-- Registrations: an account, or (a practice tournament) a bot with no account.
CREATE TABLE tournament_players (
  tournament_id TEXT    NOT NULL REFERENCES tournaments(id),
  entrant       INTEGER NOT NULL,
  user_id       TEXT    REFERENCES users(id),
  nickname      TEXT    NOT NULL,
  bot           INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (tournament_id, entrant)
);
CREATE UNIQUE INDEX tournament_players_user ON tournament_players(tournament_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX tournament_players_by_user ON tournament_players(user_id) WHERE user_id IS NOT NULL;

CREATE TABLE tournament_judges (
  tournament_id TEXT NOT NULL REFERENCES tournaments(id),
  user_id       TEXT NOT NULL REFERENCES users(id),
  PRIMARY KEY (tournament_id, user_id)
);

-- One row per table of a round (the final's games are rounds after the qualifying ones).
CREATE TABLE tournament_games (
  tournament_id TEXT    NOT NULL REFERENCES tournaments(id),
  round         INTEGER NOT NULL,
  slot          INTEGER NOT NULL,
  table_code    TEXT,
  judge_id      TEXT,
  status        TEXT    NOT NULL,
  winner        TEXT,
  ended_at      INTEGER,
  PRIMARY KEY (tournament_id, round, slot)
);

-- The standings as last computed (§9.5), total in hundredths.
CREATE TABLE tournament_standings (
  tournament_id TEXT    NOT NULL REFERENCES tournaments(id),
  entrant       INTEGER NOT NULL,
  rank          INTEGER NOT NULL,
  total         INTEGER NOT NULL,
  games         INTEGER NOT NULL,
  wins          INTEGER NOT NULL,
  PRIMARY KEY (tournament_id, entrant)
);
