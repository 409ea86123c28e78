-- Clubs, their hosts, evenings and sign-ups with a reserve list (issue 19, RULES.md §6.11, §7.11, §8;
-- docs/CLUBS.md). Seasons, points, game records with replay and recordings come in later migrations:
-- they hang off clubs(id) (a season's club), evenings(id) (the tables opened from an evening) and
-- games(id) (0001), so nothing here has to change for them.

-- A club. `formats` is a JSON array of preset ids (the formats it plays; never empty). `time_zone` is an
-- IANA name ("Europe/Kyiv"): evenings are set in it and shown in each viewer's own zone. `adults_only`:
-- its evenings need every player's 21+ confirmation (§6.11).
CREATE TABLE clubs (
  id           TEXT    PRIMARY KEY,              -- "c" + random base64url
  name         TEXT    NOT NULL,
  city         TEXT    NOT NULL,
  language     TEXT    NOT NULL,                 -- 'uk' | 'ru' | 'en'
  formats      TEXT    NOT NULL,                 -- JSON array of preset ids
  time_zone    TEXT    NOT NULL,
  adults_only  INTEGER NOT NULL DEFAULT 0,
  owner_id     TEXT    NOT NULL REFERENCES users(id),
  created_at   INTEGER NOT NULL
);
CREATE INDEX clubs_owner ON clubs(owner_id);

-- Who belongs to a club and as what: one owner (the creator), hosts named by the owner, members (everyone
-- who signed up for one of its evenings). The owner's row is written with the club, in one batch.
CREATE TABLE club_members (
  club_id     TEXT    NOT NULL REFERENCES clubs(id),
  user_id     TEXT    NOT NULL REFERENCES users(id),
  role        TEXT    NOT NULL CHECK (role IN ('owner', 'host', 'member')),
  created_at  INTEGER NOT NULL,
  PRIMARY KEY (club_id, user_id)
);
CREATE INDEX club_members_user ON club_members(user_id);

-- One evening (a weekly club night's date, or a one-off). `starts_at` is UTC ms; `time_zone` is the zone it
-- was set in (the club's). `place` is the venue's text, NULL when `online`. The format: `preset_id` and its
-- settings (JSON, checked against the preset). Seats: the players seated are at most `seats_max`; the rest
-- queue on the reserve list. `table_code`: the table opened from this evening (the next step of issue 19).
CREATE TABLE evenings (
  id                TEXT    PRIMARY KEY,          -- "e" + random base64url
  club_id           TEXT    NOT NULL REFERENCES clubs(id),
  starts_at         INTEGER NOT NULL,
  time_zone         TEXT    NOT NULL,
  online            INTEGER NOT NULL DEFAULT 0,
  place             TEXT,
  preset_id         TEXT    NOT NULL,
  settings          TEXT    NOT NULL,             -- JSON object, the preset's full settings
  seats_min         INTEGER NOT NULL,
  seats_max         INTEGER NOT NULL,
  age_check         INTEGER NOT NULL DEFAULT 0,   -- 1: signing up needs the 21+ confirmation
  signup_opens_at   INTEGER NOT NULL,
  signup_closes_at  INTEGER NOT NULL,
  weekly            INTEGER NOT NULL DEFAULT 0,   -- 1: the club's weekly evening (this date of it)
  status            TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed', 'started', 'cancelled')),
  table_code        TEXT,
  created_by        TEXT    NOT NULL REFERENCES users(id),
  created_at        INTEGER NOT NULL,
  CHECK (seats_min >= 1 AND seats_min <= seats_max),
  CHECK (signup_opens_at < signup_closes_at)
);
-- The club page: its evenings by time (upcoming ascending, past descending).
CREATE INDEX evenings_club_time ON evenings(club_id, starts_at);

-- A sign-up ("OK, let's play"). `seq` is the order the sign-ups landed in (1, 2, …, never reused; a
-- withdrawn person who signs up again gets a new one, at the end). The seated list and the reserve list are
-- both in `seq` order; a reserve position is the rank among the evening's reserve rows. `confirmed_at`: the
-- seated person's confirmation of the evening. UNIQUE (evening_id, user_id): a double press cannot make two
-- rows. Every seat decision is taken inside one SQL statement (worker/clubs/signups.ts).
CREATE TABLE signups (
  evening_id     TEXT    NOT NULL REFERENCES evenings(id),
  user_id        TEXT    NOT NULL REFERENCES users(id),
  seq            INTEGER NOT NULL,
  state          TEXT    NOT NULL CHECK (state IN ('seated', 'reserve', 'withdrawn')),
  created_at     INTEGER NOT NULL,
  seated_at      INTEGER,                         -- when the seat became theirs (at sign-up or by promotion)
  confirmed_at   INTEGER,
  age_confirmed  INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (evening_id, user_id),
  UNIQUE (evening_id, seq)
);
-- An evening's lists in order, and the seat count inside the sign-up statement.
CREATE INDEX signups_order ON signups(evening_id, state, seq);
-- A person's sign-ups (the profile's "my evenings").
CREATE INDEX signups_user ON signups(user_id);

-- The next reserve to move up, for every evening that has a free seat and a reserve list: the reserve row
-- with the smallest seq. Read by the withdraw batch (notice, then promotion) inside the same transaction.
CREATE VIEW evening_promotions AS
SELECT s.evening_id AS evening_id, s.user_id AS user_id, e.club_id AS club_id
FROM signups s JOIN evenings e ON e.id = s.evening_id
WHERE s.state = 'reserve'
  AND e.status IN ('open', 'closed')
  AND s.seq = (SELECT MIN(r.seq) FROM signups r WHERE r.evening_id = s.evening_id AND r.state = 'reserve')
  AND (SELECT COUNT(*) FROM signups x WHERE x.evening_id = s.evening_id AND x.state = 'seated') < e.seats_max;

-- Notifications shown in the page (the profile's "my evenings", the evening page). kind 'promoted': moved
-- up from the reserve list to a seat. `read_at` is set when the person dismisses it.
CREATE TABLE notices (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id     TEXT    NOT NULL REFERENCES users(id),
  kind        TEXT    NOT NULL CHECK (kind IN ('promoted')),
  club_id     TEXT    NOT NULL REFERENCES clubs(id),
  evening_id  TEXT    REFERENCES evenings(id),
  created_at  INTEGER NOT NULL,
  read_at     INTEGER
);
CREATE INDEX notices_user ON notices(user_id, read_at);
