-- Issue 35, club evenings you can manage (RULES.md §6.11; docs/CLUBS.md "Managing an evening").
--
-- Notices gain kinds: 'changed' (the owner or a host edited the evening: its time, place or seats),
-- 'cancelled' (the evening was cancelled), 'unconfirmed' (the confirmation deadline passed without the
-- player's confirmation: their seat went to the reserve's end). SQLite cannot change a CHECK in place: the
-- table is rebuilt (nothing references it).
CREATE TABLE notices_v2 (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id     TEXT    NOT NULL REFERENCES users(id),
  kind        TEXT    NOT NULL CHECK (kind IN ('promoted', 'changed', 'cancelled', 'unconfirmed')),
  club_id     TEXT    NOT NULL REFERENCES clubs(id),
  evening_id  TEXT    REFERENCES evenings(id),
  created_at  INTEGER NOT NULL,
  read_at     INTEGER
);
INSERT INTO notices_v2 (id, user_id, kind, club_id, evening_id, created_at, read_at)
  SELECT id, user_id, kind, club_id, evening_id, created_at, read_at FROM notices;
DROP TABLE notices;
ALTER TABLE notices_v2 RENAME TO notices;
CREATE INDEX notices_user ON notices(user_id, read_at);

-- The confirmation deadline: seated players confirm at least `confirm_hours` before the start (NULL: no
-- deadline). `confirm_token`: set once, by the request that applies the deadline (every statement of that
-- batch checks it, so a second request applying it at the same moment changes nothing).
ALTER TABLE evenings ADD COLUMN confirm_hours INTEGER;
ALTER TABLE evenings ADD COLUMN confirm_token TEXT;
-- Weekly repeat: the next evening names the one it repeats; the unique index makes its creation idempotent.
ALTER TABLE evenings ADD COLUMN repeat_of TEXT;
CREATE UNIQUE INDEX evenings_repeat ON evenings(repeat_of) WHERE repeat_of IS NOT NULL;

-- Test only (read only when the worker runs with E2E_CLOCK=1 or TEST_CLUBS_CLOCK=1): a club's clock skew,
-- so the browser and worker suites move one club's time (a confirmation deadline, a weekly evening's end)
-- without touching other clubs.
CREATE TABLE clubs_test_clock (club_id TEXT PRIMARY KEY, skew INTEGER NOT NULL);
