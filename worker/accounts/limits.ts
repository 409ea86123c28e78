/**
 * Brute force: failed password sign-ins are counted in D1 per account and per client address
 * (CF-Connecting-IP bucket, worker/security/address.ts) in fixed windows. Over a limit, every
 * password attempt for that key is refused with 429 until the window ends — checked before the
 * password is even derived. A success clears the account's counter (not the address's).
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

/** Seconds until the first over-limit key's window ends, or 0 when every key may try. */
export async function blockedFor(db: D1Database, keys: LimitKey[], now: number): Promise<number> {
  if (keys.length === 0) return 0;
  const rows = await db
    .prepare(`SELECT key, window_start, failures FROM login_failures WHERE key IN (${keys.map(() => "?").join(",")})`)
    .bind(...keys.map((k) => k.key))
    .all<{ key: string; window_start: number; failures: number }>();
  let wait = 0;
  for (const r of rows.results) {
    const k = keys.find((x) => x.key === r.key)!;
    const ends = r.window_start + k.windowMs;
    if (ends > now && r.failures >= k.max) wait = Math.max(wait, Math.ceil((ends - now) / 1000));
  }
  return wait;
}

/** Count one failure for every key (one batch; a window that ended starts again at 1). */
export async function recordFailure(db: D1Database, keys: LimitKey[], now: number): Promise<void> {
  if (keys.length === 0) return;
  await db.batch(
    keys.map((k) =>
      db
        .prepare(
          `INSERT INTO login_failures (key, window_start, failures) VALUES (?1, ?2, 1)
           ON CONFLICT(key) DO UPDATE SET
             failures = CASE WHEN window_start <= ?2 - ?3 THEN 1 ELSE failures + 1 END,
             window_start = CASE WHEN window_start <= ?2 - ?3 THEN ?2 ELSE window_start END`,
        )
        .bind(k.key, now, k.windowMs),
    ),
  );
}

export async function clearFailures(db: D1Database, key: string): Promise<void> {
  await db.prepare("DELETE FROM login_failures WHERE key = ?").bind(key).run();
}
