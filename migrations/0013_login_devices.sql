-- Devices where an account signed in (the `device` cookie, issued at every sign-in): a password sign-in
-- from one of them is counted apart from the account's failures (worker/accounts/limits.ts), so others'
-- wrong guesses never lock the owner out there. Only the cookie's SHA-256 is kept.
CREATE TABLE login_devices (
  id_hash     TEXT    PRIMARY KEY,
  user_id     TEXT    NOT NULL,
  expires_at  INTEGER NOT NULL
);
CREATE INDEX login_devices_user ON login_devices (user_id);
