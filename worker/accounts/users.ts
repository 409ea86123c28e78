/** Account rows in D1 (migrations/0001_accounts.sql) and the `Me` the API returns. */
import type { Me } from "../../shared/protocol/accounts.ts";
import { skeleton } from "../table/confusables.ts";
import type { PasswordHash } from "./password.ts";

/** Unique key of a nickname: NFC, lower case. "Ann", "ANN" and "ann" are one account name. */
export const nickKey = (nick: string): string => nick.normalize("NFC").toLowerCase();

export interface UserRow {
  id: string;
  nick: string;
  nick_key: string;
  webauthn_id: string;
  password_hash: string | null;
  password_salt: string | null;
  password_iter: number | null;
  created_at: number;
  mu: number;
  sigma: number;
  rated_games: number;
  xp: number;
  coins: number;
  /** migrations/0005_publication.sql: 1 = the nick is published in records; 0 = "Player N" to others. */
  publish_nick: number;
}

export const userByNick = (db: D1Database, nick: string) =>
  db.prepare("SELECT * FROM users WHERE nick_key = ?").bind(nickKey(nick)).first<UserRow>();

export const userById = (db: D1Database, id: string) => db.prepare("SELECT * FROM users WHERE id = ?").bind(id).first<UserRow>();

export function passwordOf(u: UserRow | null): PasswordHash | null {
  if (!u || u.password_hash === null || u.password_salt === null || u.password_iter === null) return null;
  return { hash: u.password_hash, salt: u.password_salt, iterations: u.password_iter };
}

/** The two skeleton keys of a nick (migrations/0006_nick_skeleton.sql), as the table's `confusable` compares them. */
export const nickSkeletons = (nick: string): { skel: string; skelLc: string } => ({ skel: skeleton(nick), skelLc: skeleton(nick.toLocaleLowerCase("en")) });

/**
 * Whether a new account may take `nick`: "taken" (the same nick, any case), "confusable" (another
 * account's nick looks the same: equal UTS #39 skeletons), or null. Accounts made before the skeleton
 * columns get theirs filled in here when they first come up as the same-case-insensitive key; the rest
 * are filled a few at a time by `backfillSkeletons` (called from sign-ups).
 */
export async function nickClash(db: D1Database, nick: string): Promise<{ kind: "taken" | "confusable"; nick: string } | null> {
  await backfillSkeletons(db);
  const { skel, skelLc } = nickSkeletons(nick);
  const row = await db
    .prepare("SELECT nick, nick_key FROM users WHERE nick_key = ?1 OR nick_skel = ?2 OR nick_skel_lc = ?3 LIMIT 1")
    .bind(nickKey(nick), skel, skelLc)
    .first<{ nick: string; nick_key: string }>();
  if (!row) return null;
  return { kind: row.nick_key === nickKey(nick) ? "taken" : "confusable", nick: row.nick };
}

/** Accounts from before migration 0006 without skeletons: up to 50 get theirs per call (a clash between two old ones leaves one NULL). */
async function backfillSkeletons(db: D1Database): Promise<void> {
  const old = await db.prepare("SELECT id, nick FROM users WHERE nick_skel IS NULL LIMIT 50").all<{ id: string; nick: string }>();
  for (const u of old.results) {
    const { skel, skelLc } = nickSkeletons(u.nick);
    try {
      await db.prepare("UPDATE users SET nick_skel = ?, nick_skel_lc = ? WHERE id = ?").bind(skel, skelLc, u.id).run();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
}

export function insertUser(
  db: D1Database,
  u: { id: string; nick: string; webauthnId: string; password: PasswordHash | null; now: number },
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO users (id, nick, nick_key, webauthn_id, password_hash, password_salt, password_iter, created_at, nick_skel, nick_skel_lc)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(u.id, u.nick, nickKey(u.nick), u.webauthnId, u.password?.hash ?? null, u.password?.salt ?? null, u.password?.iterations ?? null, u.now, ...Object.values(nickSkeletons(u.nick)));
}

/** openskill's ordinal: mu − 3·sigma, rounded for display. */
export const ordinalOf = (mu: number, sigma: number): number => Math.round((mu - 3 * sigma) * 100) / 100;

export const ratingOf = (u: UserRow) => ({ mu: u.mu, sigma: u.sigma, ordinal: ordinalOf(u.mu, u.sigma), games: u.rated_games });

export async function meOf(db: D1Database, u: UserRow): Promise<Me> {
  const row = await db.prepare("SELECT COUNT(*) AS n FROM credentials WHERE user_id = ?").bind(u.id).first<{ n: number }>();
  return {
    id: u.id,
    nickname: u.nick,
    createdAt: u.created_at,
    passkeys: row?.n ?? 0,
    hasPassword: u.password_hash !== null,
    rating: ratingOf(u),
    xp: u.xp,
    coins: u.coins,
    publishNick: u.publish_nick !== 0,
  };
}

/** A D1 error from a UNIQUE constraint (e.g. a nickname taken between our check and our insert). */
export const isUniqueViolation = (err: unknown): boolean => /UNIQUE constraint failed/i.test(String((err as Error)?.message ?? err));

/** Add or change the account's fallback password. */
export async function setPassword(db: D1Database, userId: string, hash: PasswordHash): Promise<void> {
  await db.prepare("UPDATE users SET password_hash = ?, password_salt = ?, password_iter = ? WHERE id = ?").bind(hash.hash, hash.salt, hash.iterations, userId).run();
}

/** The account's nickname, or null when there is no such account. */
export const nickOf = async (db: D1Database, id: string): Promise<string | null> =>
  (await db.prepare("SELECT nick FROM users WHERE id = ?").bind(id).first<{ nick: string }>())?.nick ?? null;
