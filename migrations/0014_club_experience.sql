-- RULES.md §7.10 (2026-12-06), for clubs that move here with their players: the club's owner or a club
-- host marks a member "experienced" in a format with consiglieri (tatar). The mark counts the member's
-- games elsewhere: it lifts the consigliere requirement for that member at the club's rating tables, and
-- lets them advise a newcomer there (worker/api/newcomers.ts). One row per member and format while marked.
CREATE TABLE club_experience (
  club_id    TEXT    NOT NULL REFERENCES clubs(id),
  user_id    TEXT    NOT NULL REFERENCES users(id),
  preset_id  TEXT    NOT NULL,
  marked_by  TEXT    NOT NULL REFERENCES users(id),
  marked_at  INTEGER NOT NULL,
  PRIMARY KEY (club_id, user_id, preset_id)
);

-- The log §7.10 asks for: every mark and unmark, who did it and when (kept when the mark is taken back).
CREATE TABLE club_experience_log (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  club_id      TEXT    NOT NULL REFERENCES clubs(id),
  user_id      TEXT    NOT NULL REFERENCES users(id),
  preset_id    TEXT    NOT NULL,
  experienced  INTEGER NOT NULL,                 -- 1 marked, 0 unmarked
  by_user      TEXT    NOT NULL REFERENCES users(id),
  at           INTEGER NOT NULL
);
CREATE INDEX club_experience_log_club ON club_experience_log(club_id, at);
