-- Recordings of club games for review (issue 19, RULES.md §6.11: "Games are audio-recorded for review;
-- recordings are deleted after 72 hours"; docs/CLUBS.md "Recordings"). The audio itself is in R2 (the
-- RECORDINGS bucket, key `rec/<table code>/<game>`); this row says whose it is and when it goes.

-- The club's setting "record games for review": tables opened from its evenings start with the table's
-- recording switch on (the players are told: every client shows the "Recording" mark). Default off.
ALTER TABLE clubs ADD COLUMN record_games INTEGER NOT NULL DEFAULT 0;

-- One recording per game of a table. `players`: a JSON array of the account ids that played that game
-- (who may listen, with the club's owner and hosts). `expires_at` = `created_at` + 72 h: the table
-- object's alarm deletes the object and this row then, and the hourly sweep (worker/recordings/sweep.ts)
-- deletes whatever is past it in case an alarm did not.
CREATE TABLE recordings (
  key           TEXT    PRIMARY KEY,               -- the R2 key, 'rec/<code>/<game>'
  table_code    TEXT    NOT NULL,
  game          INTEGER NOT NULL,
  club_id       TEXT    NOT NULL REFERENCES clubs(id),
  players       TEXT    NOT NULL,                  -- JSON array of users.id
  size          INTEGER NOT NULL,
  content_type  TEXT    NOT NULL,                  -- 'audio/webm' | 'audio/ogg' (with codecs)
  created_at    INTEGER NOT NULL,
  expires_at    INTEGER NOT NULL,
  UNIQUE (table_code, game)
);
-- The sweep: everything past its time.
CREATE INDEX recordings_expiry ON recordings(expires_at);

-- The upload finds the club of a table through the evening it was opened from.
CREATE INDEX IF NOT EXISTS evenings_table_code ON evenings(table_code);
