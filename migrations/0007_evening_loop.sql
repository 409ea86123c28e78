-- Issue 38.5, the club evening's loop (RULES.md §6.11, §7.11; docs/CLUBS.md "The evening's loop").
--
-- The club's points for a win: the host's review starts every winning seat at this many points (the host
-- adds the extras). 1 by default; the owner sets it with the club's settings.
ALTER TABLE clubs ADD COLUMN win_points REAL NOT NULL DEFAULT 1;

-- The named host of an evening whose opener chose to play (NULL: the opener hosts, or the server does).
-- Only this account may take the table's host screen (POST …/evenings/:eid/host).
ALTER TABLE evenings ADD COLUMN host_id TEXT REFERENCES users(id);

-- The games the evening's table has reported, and when the last one ended while no next game was opened:
-- an evening with `ended_at` is over (the club page lists it under "Past"); "next game of the evening"
-- clears it again.
ALTER TABLE evenings ADD COLUMN games INTEGER NOT NULL DEFAULT 0;
ALTER TABLE evenings ADD COLUMN ended_at INTEGER;
-- The table's report finds its evening by code (worker/accounts/records.ts).
CREATE INDEX evenings_table ON evenings(table_code) WHERE table_code IS NOT NULL;
