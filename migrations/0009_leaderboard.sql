-- Issue 35, rating leaderboards (RULES.md §2.14 "sport games award … rating", §8 publication; docs/ACCOUNTS.md
-- "Leaderboards"): a summary table, written in the same batch as a rated game's rating update
-- (worker/accounts/records.ts), so a leaderboard page is one indexed range read — never a pass over every game.
--
-- `scope`: 'all' (the overall board), 'club:<club id>' (the club's board), 'season:<season id>' (a club season's).
-- `score`: what the board ranks by — for 'all' the player's sport rating now (ordinal mu − 3σ, as on the
-- profile); for a club or a season the rating points gained in that scope's rated games (Σ after − before).
-- `games`, `wins`: the player's rated games (and wins) in the scope.
CREATE TABLE leaderboard (
  scope       TEXT    NOT NULL,
  user_id     TEXT    NOT NULL REFERENCES users(id),
  score       REAL    NOT NULL,
  games       INTEGER NOT NULL,
  wins        INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL,
  PRIMARY KEY (scope, user_id)
);
-- A board's page: its rows best first (ties by account id, so pages never overlap).
CREATE INDEX leaderboard_rank ON leaderboard(scope, score DESC, user_id);

-- The overall board from the ratings recorded before this migration.
INSERT INTO leaderboard (scope, user_id, score, games, wins, updated_at)
SELECT 'all', u.id, ROUND((u.mu - 3 * u.sigma) * 100) / 100, u.rated_games,
       (SELECT COUNT(*) FROM game_players gp JOIN games g ON g.id = gp.game_id WHERE gp.user_id = u.id AND g.rated = 1 AND gp.outcome = 'win'),
       u.created_at
  FROM users u
 WHERE u.rated_games > 0;

-- The club boards from the rated games already played at club evenings' tables (evenings.table_code).
INSERT INTO leaderboard (scope, user_id, score, games, wins, updated_at)
SELECT 'club:' || e.club_id, rh.user_id,
       ROUND(SUM((rh.mu_after - 3 * rh.sigma_after) - (rh.mu_before - 3 * rh.sigma_before)) * 100) / 100,
       COUNT(*), SUM(gp.outcome = 'win'), MAX(g.ended_at)
  FROM rating_history rh
  JOIN games g ON g.id = rh.game_id
  JOIN game_players gp ON gp.game_id = g.id AND gp.user_id = rh.user_id
  JOIN (SELECT DISTINCT table_code, club_id FROM evenings WHERE table_code IS NOT NULL) e ON e.table_code = g.code
 GROUP BY e.club_id, rh.user_id;

-- The season boards: those games that ended while a season of the club ran.
INSERT INTO leaderboard (scope, user_id, score, games, wins, updated_at)
SELECT 'season:' || s.id, rh.user_id,
       ROUND(SUM((rh.mu_after - 3 * rh.sigma_after) - (rh.mu_before - 3 * rh.sigma_before)) * 100) / 100,
       COUNT(*), SUM(gp.outcome = 'win'), MAX(g.ended_at)
  FROM rating_history rh
  JOIN games g ON g.id = rh.game_id
  JOIN game_players gp ON gp.game_id = g.id AND gp.user_id = rh.user_id
  JOIN (SELECT DISTINCT table_code, club_id FROM evenings WHERE table_code IS NOT NULL) e ON e.table_code = g.code
  JOIN seasons s ON s.club_id = e.club_id AND g.ended_at >= s.created_at AND (s.closed_at IS NULL OR g.ended_at <= s.closed_at)
 GROUP BY s.id, rh.user_id;
