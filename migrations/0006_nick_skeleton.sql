-- Issue 32, finding 4: account nicknames get the table's look-alike check (UTS #39 skeletons,
-- worker/table/confusables.ts). Two nicks clash when their skeletons are equal, as they are or lower-cased
-- (`confusable`): "Vіctim" (Cyrillic і) beside "Victim", "lvan" beside "Ivan". The unique indexes make a
-- concurrent sign-up of two look-alikes fail at the insert (like nick_key). NULL on accounts created before
-- this migration (NULLs never clash); worker/accounts/users.ts fills them in as it meets those accounts.
ALTER TABLE users ADD COLUMN nick_skel TEXT;
ALTER TABLE users ADD COLUMN nick_skel_lc TEXT;
CREATE UNIQUE INDEX users_nick_skel ON users (nick_skel);
CREATE UNIQUE INDEX users_nick_skel_lc ON users (nick_skel_lc);
