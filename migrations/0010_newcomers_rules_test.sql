-- Issue 37, a club's newcomers (RULES.md §7.10–§7.11; docs/NEWCOMERS.md): the rules test and the
-- consigliere requirement at rating tables.
--
-- One attempt at a format's rules test: the ten questions were drawn from `seed` (shared/rules-test
-- drawQuestions), so the stored seed is the attempt's questions and their option order. `answers` and
-- `score` are written once, when the attempt is answered (finished_at); a second answer changes nothing.
CREATE TABLE rules_test_attempts (
  id           TEXT    PRIMARY KEY,              -- "r" + random base64url
  user_id      TEXT    NOT NULL REFERENCES users(id),
  preset_id    TEXT    NOT NULL,
  seed         TEXT    NOT NULL,
  started_at   INTEGER NOT NULL,
  finished_at  INTEGER,
  answers      TEXT,                             -- JSON array of option indexes
  score        INTEGER,
  passed       INTEGER
);
-- The account's attempts of a format, newest first (the retake wait reads the last one).
CREATE INDEX rules_test_attempts_user ON rules_test_attempts(user_id, preset_id, started_at);

-- A pass, kept per account and format (§7.11): the best score reached (≥ the pass mark of its attempt).
CREATE TABLE rules_test_passes (
  user_id    TEXT    NOT NULL REFERENCES users(id),
  preset_id  TEXT    NOT NULL,
  score      INTEGER NOT NULL,
  passed_at  INTEGER NOT NULL,
  PRIMARY KEY (user_id, preset_id)
);

-- The club's setting "rules test required for evenings" (owner), and its pass mark (8 of 10 unless the
-- club sets 9 or 10: §7.11 "the club may set the mark"; a pass with a lower score does not count there).
ALTER TABLE clubs ADD COLUMN rules_test_required INTEGER NOT NULL DEFAULT 0;
ALTER TABLE clubs ADD COLUMN rules_test_mark INTEGER NOT NULL DEFAULT 8;

-- A member's setting: offers to advise newcomers as a consigliere (§7.10); listed as a candidate.
ALTER TABLE club_members ADD COLUMN advises INTEGER NOT NULL DEFAULT 0;

-- A newcomer's (or the organizer's) request to an advising member to be a seat's consigliere at a
-- table; the member accepts from their evening page and is bound to the seat (worker/table/consigliere.ts).
CREATE TABLE advise_requests (
  table_code  TEXT    NOT NULL,
  player_id   TEXT    NOT NULL,                  -- the newcomer's seat at that table
  user_id     TEXT    NOT NULL REFERENCES users(id),  -- the advising member asked
  evening_id  TEXT    NOT NULL REFERENCES evenings(id),
  nickname    TEXT    NOT NULL,                  -- the newcomer's nickname at the table (shown to the member)
  created_at  INTEGER NOT NULL,
  PRIMARY KEY (table_code, player_id, user_id)
);
CREATE INDEX advise_requests_user ON advise_requests(user_id);
