/**
 * Middleware in front of every route that takes a table code (summary, join, return, socket): refuses
 * an address bucket that used up its failed lookups (the limiter's "guess" counter, GuessLimiter.ts).
 * Issue 32, finding 6: every lookup is counted *before* it runs, in one atomic step of the address's
 * limiter object (`reserve`: count and decide at once), and a lookup that did not fail — anything but
 * 404 (no such table) or 403 (wrong return code) — gives its attempt back (`refund`). So 300 guesses
 * in flight at once run at most GUESS_LIMIT.max − 1 lookups, and a real code asked once the window is
 * used up is refused like any other.
 *
 * Cost: two limiter calls per code lookup (reserve, refund) — the price of deciding before; a refused
 * attempt costs one. Nothing is remembered in the isolate (lookups in flight hold attempts too, and give
 * them back). The limiter failing never fails the request.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { Env } from "../env.ts";
import { limitBucket } from "./address.ts";
import { GUESS_LIMIT } from "./GuessLimiter.ts";
import { hitLimiter, refuse as refuseWith } from "./rate-limit.ts";

const refuse = (c: Context, until: number, now: number): Response =>
  refuseWith(c, "Too many wrong table or return codes from your network; wait and try again.", until, now);

/** Failed lookups: an unknown table (404) or a wrong return code (403). */
const isFailure = (status: number) => status === 404 || status === 403;

export function guessGuard(): MiddlewareHandler<{ Bindings: Env }> {
  return async (c, next) => {
    // Not behind Cloudflare's edge (no address, or loopback from `wrangler dev`): nothing to count by.
    const bucket = limitBucket(c.req.raw);
    if (bucket === null) return next();
    // Issue 32, finding 6: count the attempt and decide in one step of the address's limiter object,
    // before the lookup — concurrent guesses cannot all pass a check made before any was counted.
    let reserved = false;
    try {
      const verdict = await hitLimiter(c.env, "guess", bucket, "reserve");
      // Not remembered in the isolate: lookups in flight hold attempts too, and give them back.
      if (!verdict.allowed) return refuse(c, verdict.until, Date.now());
      reserved = true;
    } catch (err) {
      console.warn("guess guard: limiter unavailable", err);
    }
    await next();
    if (!reserved || isFailure(c.res.status)) return;
    // The table was found (or the request failed for another reason): the attempt is given back.
    try {
      await hitLimiter(c.env, "guess", bucket, "refund");
    } catch (err) {
      console.warn("guess guard: limiter unavailable", err);
    }
  };
}

