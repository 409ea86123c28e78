/**
 * Middleware in front of every route that takes a table code (summary, join, return, socket): refuses
 * an address bucket that used up its failed lookups (GuessLimiter), and counts each failed lookup —
 * 404 (no such table) or 403 (wrong return code) — in that address's GuessLimiter.
 *
 * Cost: honest traffic never touches the limiter (it is called on failures only). A blocked bucket is
 * also remembered in this isolate's memory, so a blocked client's further requests are refused here
 * without any Durable Object call; another isolate learns it on that client's next failure there (at
 * most one more guess per isolate per window). The limiter failing never fails the request.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { Env } from "../env.ts";
import { apiError } from "../api/errors.ts";
import { addressBucket, clientAddress } from "./address.ts";
import { GUESS_LIMIT } from "./GuessLimiter.ts";

/** bucket → blocked until (epoch ms), this isolate only. Bounded. */
const blockedHere = new Map<string, number>();
const BLOCKED_KEPT = 10_000;

function remember(bucket: string, until: number, now: number): void {
  if (blockedHere.size >= BLOCKED_KEPT) {
    for (const [k, t] of blockedHere) if (t <= now) blockedHere.delete(k);
    if (blockedHere.size >= BLOCKED_KEPT) blockedHere.delete(blockedHere.keys().next().value as string);
  }
  blockedHere.set(bucket, until);
}

function refuse(c: Context, until: number, now: number): Response {
  const res = apiError(c, "rate-limited", "Too many wrong table or return codes from your network; wait and try again.");
  res.headers.set("retry-after", String(Math.max(1, Math.ceil((until - now) / 1000))));
  return res;
}

/** Failed lookups: an unknown table (404) or a wrong return code (403). */
const isFailure = (status: number) => status === 404 || status === 403;

export function guessGuard(): MiddlewareHandler<{ Bindings: Env }> {
  return async (c, next) => {
    const address = clientAddress(c.req.raw);
    if (address === null) return next(); // not behind Cloudflare's edge (local dev, tests): nothing to count by
    const bucket = addressBucket(address);
    const now = Date.now();
    const until = blockedHere.get(bucket);
    if (until !== undefined) {
      if (until > now) return refuse(c, until, now);
      blockedHere.delete(bucket);
    }
    await next();
    if (!isFailure(c.res.status)) return;
    try {
      const limiter = c.env.GUESS_LIMITER.get(c.env.GUESS_LIMITER.idFromName(bucket));
      const verdict = await limiter.fail();
      if (verdict.blocked) {
        remember(bucket, verdict.until, Date.now());
        c.res = refuse(c, verdict.until, Date.now());
      }
    } catch (err) {
      console.warn("guess guard: limiter unavailable", err);
    }
  };
}

export { GUESS_LIMIT };
