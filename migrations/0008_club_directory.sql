-- Issue 35, clubs you can find (RULES.md §6.11, §8; docs/CLUBS.md "The directory"): GET /api/clubs lists
-- the public clubs with search and pages; a private club is left out of it and is reached by its link only
-- (its id is 96 random bits).
--
-- `listed`: 1 (the default) = the club is in the public directory; 0 = private, unlisted. The owner sets it
-- when creating the club or in the club's settings.
ALTER TABLE clubs ADD COLUMN listed INTEGER NOT NULL DEFAULT 1;
-- `search_key`: the name and city folded for search ("kyiv nord · kyiv"), written by the worker (JavaScript's
-- toLowerCase folds Cyrillic, SQLite's lower() only ASCII). NULL for clubs made before this migration: the
-- directory writes it on its first read of them (worker/clubs/directory.ts).
ALTER TABLE clubs ADD COLUMN search_key TEXT;
-- The directory's page: the listed clubs in name order.
CREATE INDEX clubs_listed ON clubs(listed, search_key, id);
