/**
 * Per-client-address limits in front of routes (docs/PERFORMANCE.md "Security decisions"), counted in
 * the address bucket's limiter object (GuessLimiter.ts, one named counter per limit):
 *
 * - `rateLimit("create" | "auth")` — every request counts, *before* the route does its work: table
 *   creation (POST /api/tables) and the anonymous account writes under /api/auth (WebAuthn challenges,
 *   password sign-ups). One object call per such request — acceptable, as these routes are rare (a
 *   person creates a table or signs in once in a while); no other route calls the limiter.
 * - guess-guard.ts — failed code lookups only.
 *
 * Shared by both: the 429 answer (`rate-limited` with `retry-after`) and this isolate's memory of
 * blocked buckets, so a blocked client's further requests are refused without any object call.
 * Without CF-Connecting-IP (not behind Cloudflare's edge: the worker tests) nothing is counted. The
 * limiter failing never fails the request.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { Env } from "../env.ts";
import { apiError } from "../api/errors.ts";
import { limitBucket } from "./address.ts";
import { LIMITS, type LimitName, type LimitVerdict } from "./GuessLimiter.ts";

/** "<limit> <bucket>" → blocked until (epoch ms), this isolate only. Bounded. */
const blockedHere = new Map<string, number>();
const BLOCKED_KEPT = 10_000;

/** When this isolate knows the bucket is blocked for the limit: until when (epoch ms); else 0. */
export function blockedUntil(name: LimitName, bucket: string, now: number): number {
  const key = `${name} ${bucket}`;
  const until = blockedHere.get(key);
  if (until === undefined) return 0;
  if (until > now) return until;
  blockedHere.delete(key);
  return 0;
}

export function rememberBlocked(name: LimitName, bucket: string, until: number, now: number): void {
  if (blockedHere.size >= BLOCKED_KEPT) {
    for (const [k, t] of blockedHere) if (t <= now) blockedHere.delete(k);
    if (blockedHere.size >= BLOCKED_KEPT) blockedHere.delete(blockedHere.keys().next().value as string);
  }
  blockedHere.set(`${name} ${bucket}`, until);
}

/** Count one hit on the bucket's counter in its limiter object (or reserve / refund / fail an attempt, guess-guard.ts). */
export function hitLimiter(env: Env, name: LimitName, bucket: string): Promise<LimitVerdict>;
export function hitLimiter(env: Env, name: LimitName, bucket: string, how: "reserve"): Promise<LimitVerdict & { allowed: boolean }>;
export function hitLimiter(env: Env, name: LimitName, bucket: string, how: "refund" | "fail"): Promise<LimitVerdict>;
export async function hitLimiter(env: Env, name: LimitName, bucket: string, how: "hit" | "reserve" | "refund" | "fail" = "hit"): Promise<LimitVerdict> {
  const stub = env.GUESS_LIMITER.get(env.GUESS_LIMITER.idFromName(bucket));
  return how === "reserve" ? stub.reserve(name) : how === "refund" ? stub.refund(name) : how === "fail" ? stub.fail(name) : stub.hit(name);
}

/** 429 `rate-limited` with `retry-after` (whole seconds until the window ends, at least 1). */
export function refuse(c: Context, message: string, until: number, now: number): Response {
  const res = apiError(c, "rate-limited", message);
  res.headers.set("retry-after", String(Math.max(1, Math.ceil((until - now) / 1000))));
  return res;
}

const minutes = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / 60_000));

const MESSAGES: Record<"create" | "auth", (min: number) => string> = {
  create: (min) => `Too many tables were created from your network; try again in ${min} min.`,
  auth: (min) => `Too many sign-in and sign-up attempts from your network; try again in ${min} min.`,
};

/**
 * Counts every request to the route in the client's address bucket (limit `name`) and refuses it with
 * 429 once the bucket is over the limit — before the route runs, so a refused request creates nothing.
 * Loopback addresses are not counted: on Cloudflare's edge CF-Connecting-IP is never loopback, while
 * `wrangler dev` reports 127.0.0.1 for local tools (the load benchmark creates hundreds of tables).
 */
export function rateLimit(name: "create" | "auth"): MiddlewareHandler<{ Bindings: Env }> {
  const { max } = LIMITS[name];
  return async (c, next) => {
    const bucket = limitBucket(c.req.raw);
    if (bucket === null) return next();
    const now = Date.now();
    const known = blockedUntil(name, bucket, now);
    if (known) return refuse(c, MESSAGES[name](minutes(known, now)), known, now);
    let verdict: LimitVerdict;
    try {
      verdict = await hitLimiter(c.env, name, bucket);
    } catch (err) {
      console.warn(`rate limit ${name}: limiter unavailable`, err);
      return next();
    }
    const after = Date.now();
    // Blocked from the `max`-th hit on (that hit itself is still served): remembered here, so this
    // isolate refuses the next ones without asking the object.
    if (verdict.blocked) rememberBlocked(name, bucket, verdict.until, after);
    if (verdict.count > max) return refuse(c, MESSAGES[name](minutes(verdict.until, after)), verdict.until, after);
    return next();
  };
}
