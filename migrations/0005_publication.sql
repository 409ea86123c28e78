-- Issue 19 (RULES.md §6.11, §8 "a player may opt out of publication"): a person's choice whether their
-- nick is published in finished games' records (docs/CLUBS.md "Publication"). 1: published (the default);
-- 0: every record and API shows others "Player N" (N = the seat in that game) instead of the nick, and
-- never sends the nick or the account (worker/accounts/publication.ts). Read at every request, so a
-- change applies to past games at once. Live tables are not affected.
ALTER TABLE users ADD COLUMN publish_nick INTEGER NOT NULL DEFAULT 1;

-- The account that joined each seat of a recorded game, even when a bot finished the seat (game_players.
-- user_id links only a person who played to the end, for the profile's games and the rating; the seat
-- still shows that person's nick). NULL: a guest, or a game recorded before this migration (then user_id).
ALTER TABLE game_players ADD COLUMN named_user_id TEXT REFERENCES users(id);
