/**
 * Brute force: password sign-ins are counted in D1 per account and per client address
 * (CF-Connecting-IP bucket, worker/security/address.ts) in fixed windows. Each attempt is counted and
 * judged in one atomic statement per key before the password is even derived (issue 32: `reserveAttempt`);
 * over a limit, every attempt for that key is refused with 429 until the window ends. A success clears
 * the account's counter and gives the address its attempt back, so failures are what stays counted.
 * Passkey sign-in is not limited here: a wrong assertion needs the private key, not a guess.
 */
import { addressBucket, clientAddress } from "../security/address.ts";

export const LOGIN_LIMITS = {
  /** Failed password sign-ins per account per window. */
  account: { max: 10, windowMs: 15 * 60_000 },
  /** Failed password sign-ins per client address (IPv4, or IPv6 /64) per window, whatever the account. */
  address: { max: 30, windowMs: 15 * 60_000 },
} as const;

export interface LimitKey {
  key: string;
  max: number;
  windowMs: number;
}

export function limitKeys(request: Request, userId: string | null): LimitKey[] {
  const keys: LimitKey[] = [];
  const addr = clientAddress(request);
  if (addr) keys.push({ key: `address:${addressBucket(addr)}`, ...LOGIN_LIMITS.address });
  if (userId) keys.push({ key: `account:${userId}`, ...LOGIN_LIMITS.account });
  return keys;
}

/**
 * Issue 32, finding 6: count this attempt and decide in one statement per key — an upsert that adds the
 * attempt (a window that ended starts again at 1; the count stops at max + 1) and RETURNS the count, all
 * keys in one D1 batch (one transaction). The attempt may evaluate its password only if every key's
 * count, this attempt included, is within its max. Concurrent attempts each get their own count, so
 * 120 at once evaluate at most `max` passwords (before, a check then a later count let 66 through).
 * Returns the seconds to wait (0: go on). A success gives the attempt back (`succeeded`).
 */
export async function reserveAttempt(db: D1Database, keys: LimitKey[], now: number): Promise<number> {
  if (keys.length === 0) return 0;
  const results = await db.batch<{ failures: number; window_start: number }>(
    keys.map((k) =>
      db
        .prepare(
          `INSERT INTO login_failures (key, window_start, failures) VALUES (?1, ?2, 1)
           ON CONFLICT(key) DO UPDATE SET
             failures = CASE WHEN window_start <= ?2 - ?3 THEN 1 ELSE MIN(failures + 1, ?4 + 1) END,
             window_start = CASE WHEN window_start <= ?2 - ?3 THEN ?2 ELSE window_start END
           RETURNING failures, window_start`,
        )
        .bind(k.key, now, k.windowMs, k.max),
    ),
  );
  let wait = 0;
  keys.forEach((k, i) => {
    const r = results[i]?.results[0];
    if (r && r.failures > k.max) wait = Math.max(wait, Math.ceil((r.window_start + k.windowMs - now) / 1000), 1);
  });
  return wait;
}

/**
 * The password was right: the account's counter is cleared and the address gets this attempt back
 * (so only failed sign-ins stay counted against an address, as before).
 */
export async function succeeded(db: D1Database, keys: LimitKey[]): Promise<void> {
  if (keys.length === 0) return;
  await db.batch(
    keys.map((k) =>
      k.key.startsWith("account:")
        ? db.prepare("DELETE FROM login_failures WHERE key = ?").bind(k.key)
        : db.prepare("UPDATE login_failures SET failures = MAX(failures - 1, 0) WHERE key = ?").bind(k.key),
    ),
  );
}
