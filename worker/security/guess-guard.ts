/**
 * Middleware in front of every route that takes a table code (summary, join, return, socket): refuses
 * an address bucket that used up its failed lookups (the limiter's "guess" counter, GuessLimiter.ts),
 * and counts each failed lookup — 404 (no such table) or 403 (wrong return code) — in that address's
 * limiter object.
 *
 * Cost: honest traffic never touches the limiter (it is called on failures only). A blocked bucket is
 * also remembered in this isolate's memory (rate-limit.ts), so a blocked client's further requests are
 * refused here without any Durable Object call; another isolate learns it on that client's next
 * failure there (at most one more guess per isolate per window). The limiter failing never fails the
 * request.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { Env } from "../env.ts";
import { addressBucket, clientAddress } from "./address.ts";
import { GUESS_LIMIT } from "./GuessLimiter.ts";
import { blockedUntil, hitLimiter, refuse as refuseWith, rememberBlocked } from "./rate-limit.ts";

const refuse = (c: Context, until: number, now: number): Response =>
  refuseWith(c, "Too many wrong table or return codes from your network; wait and try again.", until, now);

/** Failed lookups: an unknown table (404) or a wrong return code (403). */
const isFailure = (status: number) => status === 404 || status === 403;

export function guessGuard(): MiddlewareHandler<{ Bindings: Env }> {
  return async (c, next) => {
    const address = clientAddress(c.req.raw);
    if (address === null) return next(); // not behind Cloudflare's edge (local dev, tests): nothing to count by
    const bucket = addressBucket(address);
    const now = Date.now();
    const until = blockedUntil("guess", bucket, now);
    if (until) return refuse(c, until, now);
    await next();
    if (!isFailure(c.res.status)) return;
    try {
      const verdict = await hitLimiter(c.env, "guess", bucket);
      if (verdict.blocked) {
        rememberBlocked("guess", bucket, verdict.until, Date.now());
        c.res = refuse(c, verdict.until, Date.now());
      }
    } catch (err) {
      console.warn("guess guard: limiter unavailable", err);
    }
  };
}

export { GUESS_LIMIT };
