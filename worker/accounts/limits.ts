/**
 * Brute force: password sign-ins are counted in D1 in fixed windows per client address
 * (CF-Connecting-IP bucket, worker/security/address.ts), per address and account, and per account.
 * Each attempt is counted and judged in one atomic statement per key before the password is even
 * derived (`reserveAttempt`); over a limit, every attempt for that key is refused with 429 until the
 * window ends. A success clears the account's counters and gives the address its attempt back, so
 * failures are what stays counted.
 *
 * Whose attempts are locked: the failing addresses' — 10 failures from one address lock that address
 * out of that account, 30 out of every account. The account's own limit is ten times higher, so only
 * guesses from many addresses reach it, and even then the owner is never locked out on a device that
 * proved itself: a request with the account's valid session, or with a `device` cookie issued at an
 * earlier sign-in of the account (`login_devices`), is counted under that device alone.
 * Passkey sign-in is not limited here: a wrong assertion needs the private key, not a guess.
 */
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { addressBucket, clientAddress } from "../security/address.ts";
import { digest } from "../security/hash.ts";
import { randomToken } from "../security/random.ts";

export const LOGIN_LIMITS = {
  /** Failed password sign-ins from one client address (IPv4, or IPv6 /64) to one account per window. */
  addressAccount: { max: 10, windowMs: 15 * 60_000 },
  /** Failed password sign-ins per client address per window, whatever the account. */
  address: { max: 30, windowMs: 15 * 60_000 },
  /** Failed password sign-ins per account per window, from devices it never signed in on (many addresses). */
  account: { max: 100, windowMs: 15 * 60_000 },
  /** Failed password sign-ins from one of the account's own devices per window (a stolen cookie guesses no faster). */
  device: { max: 10, windowMs: 15 * 60_000 },
} as const;

export interface LimitKey {
  key: string;
  max: number;
  windowMs: number;
}

/** The cookie naming a device where an account signed in; a year, renewed at each sign-in. */
const DEVICE_COOKIE = "device";
const DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;

const hex = (b: Uint8Array) => [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
const deviceHash = async (id: string): Promise<string> => hex(await digest("device", id));

/**
 * A sign-in of `userId` on this device: a new device cookie (set it with `setDeviceCookie` once the
 * sign-in is stored) and the statements that store its digest (for the sign-in's batch), forgetting the
 * account's expired devices.
 */
export async function newDevice(db: D1Database, userId: string, now: number): Promise<{ id: string; statements: D1PreparedStatement[] }> {
  const id = randomToken();
  return {
    id,
    statements: [
      db.prepare("DELETE FROM login_devices WHERE user_id = ? AND expires_at <= ?").bind(userId, now),
      db.prepare("INSERT INTO login_devices (id_hash, user_id, expires_at) VALUES (?, ?, ?)").bind(await deviceHash(id), userId, now + DEVICE_TTL_MS),
    ],
  };
}

/** The device cookie: HttpOnly, only to the sign-in routes. */
export function setDeviceCookie(c: Context, id: string): void {
  setCookie(c, DEVICE_COOKIE, id, { httpOnly: true, secure: true, sameSite: "Lax", path: "/api/auth", maxAge: Math.floor(DEVICE_TTL_MS / 1000) });
}

/** The key of this request's device when it proved itself for `userId` (its device cookie), else null. */
async function knownDevice(c: Context, db: D1Database, userId: string, now: number): Promise<string | null> {
  const id = getCookie(c, DEVICE_COOKIE);
  if (!id || id.length > 128) return null;
  const hash = await deviceHash(id);
  const row = await db.prepare("SELECT 1 AS ok FROM login_devices WHERE id_hash = ? AND user_id = ? AND expires_at > ?").bind(hash, userId, now).first();
  return row ? hash.slice(0, 32) : null;
}

/**
 * The keys a password attempt on `userId` (null: no such account) is counted under. `session`: the
 * digest of the request's valid session when it is `userId`'s. A device of the account's (that session,
 * or its device cookie) is counted under that device only; any other request under its address (when
 * the request has one), its address and the account (header-less requests, local dev, share one
 * "address"), and the account.
 */
export async function limitKeys(c: Context, db: D1Database, userId: string | null, now: number, session: string | null = null): Promise<LimitKey[]> {
  if (userId) {
    const device = session ? `session:${session.slice(0, 32)}` : await knownDevice(c, db, userId, now);
    if (device) return [{ key: `device:${device}`, ...LOGIN_LIMITS.device }];
  }
  const keys: LimitKey[] = [];
  const addr = clientAddress(c.req.raw);
  const bucket = addr ? addressBucket(addr) : null;
  if (bucket) keys.push({ key: `address:${bucket}`, ...LOGIN_LIMITS.address });
  if (userId) {
    keys.push({ key: `address-account:${bucket ?? "none"}:${userId}`, ...LOGIN_LIMITS.addressAccount });
    keys.push({ key: `account:${userId}`, ...LOGIN_LIMITS.account });
  }
  return keys;
}

/**
 * Count this attempt and decide in one statement per key — an upsert that adds the
 * attempt (a window that ended starts again at 1; the count stops at max + 1) and RETURNS the count, all
 * keys in one D1 batch (one transaction). The attempt may evaluate its password only if every key's
 * count, this attempt included, is within its max. Concurrent attempts each get their own count, so
 * 120 at once from one address evaluate at most `max` passwords (a check followed by a
 * later count would let many through). An attempt refused by an earlier key (the keys in limitKeys'
 * order: the address's, then
 * the address's on the account) is not counted under the later ones, so a locked-out address's
 * attempts never count towards the account's limit.
 * Returns the seconds to wait (0: go on). A success gives the attempt back (`succeeded`).
 */
export async function reserveAttempt(db: D1Database, keys: LimitKey[], now: number): Promise<number> {
  if (keys.length === 0) return 0;
  const results = await db.batch<{ failures: number; window_start: number }>(
    keys.map((k, i) => {
      const earlier = keys.slice(0, i);
      // 1 unless an earlier key of this batch is over its max (the batch runs in order, in one transaction).
      const counted = earlier.length
        ? `(CASE WHEN EXISTS (SELECT 1 FROM login_failures WHERE ${earlier.map((_e, j) => `(key = ?${5 + 2 * j} AND failures > ?${6 + 2 * j})`).join(" OR ")}) THEN 0 ELSE 1 END)`
        : "1";
      return db
        .prepare(
          `INSERT INTO login_failures (key, window_start, failures) VALUES (?1, ?2, ${counted})
           ON CONFLICT(key) DO UPDATE SET
             failures = CASE WHEN window_start <= ?2 - ?3 THEN ${counted} ELSE MIN(failures + ${counted}, ?4 + 1) END,
             window_start = CASE WHEN window_start <= ?2 - ?3 THEN ?2 ELSE window_start END
           RETURNING failures, window_start`,
        )
        .bind(k.key, now, k.windowMs, k.max, ...earlier.flatMap((e) => [e.key, e.max]));
    }),
  );
  let wait = 0;
  keys.forEach((k, i) => {
    const r = results[i]?.results[0];
    if (r && r.failures > k.max) wait = Math.max(wait, Math.ceil((r.window_start + k.windowMs - now) / 1000), 1);
  });
  return wait;
}

/**
 * The password was right: the account's counters (its own, this address's on it, this device's) are
 * cleared and the address gets this attempt back (so only failed sign-ins stay counted against it).
 */
export async function succeeded(db: D1Database, keys: LimitKey[]): Promise<void> {
  if (keys.length === 0) return;
  await db.batch(
    keys.map((k) =>
      !k.key.startsWith("address:")
        ? db.prepare("DELETE FROM login_failures WHERE key = ?").bind(k.key)
        : db.prepare("UPDATE login_failures SET failures = MAX(failures - 1, 0) WHERE key = ?").bind(k.key),
    ),
  );
}
