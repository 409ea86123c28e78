/**
 * Middleware in front of every route that takes a table code (summary, join, return, socket): refuses
 * an address bucket that used up its failed lookups (the limiter's "guess" counter, GuessLimiter.ts).
 * Every lookup is counted *before* it runs, in one atomic step of the address's
 * limiter object (`reserve`: count and decide at once), and a lookup that did not fail — anything but
 * 404 (no such table) or 403 (wrong return code) — gives its attempt back (`refund`). So 300 guesses
 * in flight at once run at most GUESS_LIMIT.max − 1 lookups, and a real code asked once the window is
 * used up is refused like any other.
 *
 * Lookups in flight hold attempts until they end, so a burst of honest lookups from one address — a
 * tournament round at a venue behind one Wi-Fi address, every player's page opening its new table at
 * once — could find the window full of attempts that are about to be given back. Such a refusal is
 * `busy` (the failures alone leave room): the attempt waits and asks again, a few times with growing
 * pauses (BUSY_WAITS_MS, ≈ 2.5 s at most), and only then gets 429. A failed lookup settles its attempt
 * (`fail`: counted, no longer in flight). At no instant do more lookups run than the window allows.
 *
 * Cost: two limiter calls per code lookup (reserve, then refund or fail) — the price of deciding
 * before; a refused attempt costs one per try. Nothing is remembered in the isolate. The limiter failing
 * never fails the request.
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

/** The pauses before asking again after a `busy` refusal (each ×0.5–1.5 at random, so a burst spreads out). */
export const BUSY_WAITS_MS = [40, 80, 160, 320, 640, 1280] as const;
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms * (0.5 + Math.random())));

export function guessGuard(): MiddlewareHandler<{ Bindings: Env }> {
  return async (c, next) => {
    // Not behind Cloudflare's edge (no address, or loopback from `wrangler dev`): nothing to count by.
    const bucket = limitBucket(c.req.raw);
    if (bucket === null) return next();
    // Count the attempt and decide in one step of the address's limiter object,
    // before the lookup — concurrent guesses cannot all pass a check made before any was counted.
    let reserved = false;
    try {
      for (let tries = 0; ; tries++) {
        const verdict = await hitLimiter(c.env, "guess", bucket, "reserve");
        if (verdict.allowed) break;
        // Not remembered in the isolate: lookups in flight hold attempts too, and give them back — a
        // refusal that only they cause is asked again after a pause.
        if (!verdict.busy || tries >= BUSY_WAITS_MS.length) return refuse(c, verdict.until, Date.now());
        await pause(BUSY_WAITS_MS[tries]!);
      }
      reserved = true;
    } catch (err) {
      console.warn("guess guard: limiter unavailable", err);
    }
    await next();
    if (!reserved) return;
    // The table was found (or the request failed for another reason): the attempt is given back;
    // a failed lookup's stays counted.
    try {
      await hitLimiter(c.env, "guess", bucket, isFailure(c.res.status) ? "fail" : "refund");
    } catch (err) {
      console.warn("guess guard: limiter unavailable", err);
    }
  };
}

