/**
 * The Worker: a thin Hono router in front of one Durable Object per table (docs/ARCHITECTURE.md).
 * /api/* is handled here; everything else is the web client from web/dist (the assets binding).
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { auth, me, users } from "./api/auth.ts";
import { clubs } from "./api/clubs.ts";
import { leaderboard } from "./api/leaderboard.ts";
import { newcomerClubs, newcomerTables } from "./api/newcomers.ts";
import { rulesTest } from "./api/rules-test.ts";
import { seasons } from "./api/seasons.ts";
import { apiError } from "./api/errors.ts";
import { tables } from "./api/tables.ts";
import { tournaments } from "./api/tournaments.ts";
import { testClock } from "./api/test-clock.ts";
import type { Env } from "./env.ts";
import { sweepRecordings } from "./recordings/sweep.ts";
import { sameSiteOnly } from "./security/csrf.ts";
import { guessGuard } from "./security/guess-guard.ts";
import { noPrototypeKeys } from "./security/prototype-keys.ts";
import { securityHeaders } from "./security/headers.ts";
import { originAllowed } from "./security/origin.ts";

export { TableObject } from "./table/TableObject.ts";
export { Directory } from "./directory/Directory.ts";
export { GuessLimiter } from "./security/GuessLimiter.ts";
export { TournamentObject } from "./tournaments/TournamentObject.ts";

/** Every API body but a recording's upload: 16 KiB. */
const smallBodies = bodyLimit({ maxSize: 16 * 1024, onError: (c) => apiError(c, "bad-request", "The request body is too large.") });
const RECORDING_UPLOAD = /^\/api\/tables\/[^/]+\/games\/[^/]+\/recording(\/chunks\/[^/]+)?\/?$/;

const api = new Hono<{ Bindings: Env }>()
  .use(async (c, next) => {
    await next();
    c.header("x-content-type-options", "nosniff");
    if (!c.res.headers.has("cache-control")) c.header("cache-control", "no-store");
  })
  .use(async (c, next) => {
    // A game's recording is uploaded as audio, checked against its own limit (worker/recordings/api.ts).
    if (c.req.method === "PUT" && RECORDING_UPLOAD.test(c.req.path)) return next();
    return smallBodies(c, next);
  })
  // CSRF: a state-changing request only from this site's pages (or a non-browser
  // client), and a body only as JSON — but a recording's audio upload (worker/security/csrf.ts).
  .use(sameSiteOnly({ otherBodies: (path, method) => method === "PUT" && RECORDING_UPLOAD.test(path) }))
  // A prototype key anywhere in a JSON body is refused before any route (worker/security/prototype-keys.ts).
  .use(noPrototypeKeys())
  // Cross-site WebSocket hijacking: a socket only from our own pages or from non-browser clients.
  .use("/tables/:code/socket", async (c, next) => {
    if (!originAllowed(c.req.raw)) return apiError(c, "forbidden-origin", "WebSocket connections are accepted from this site's pages only.");
    return next();
  })
  // Room-code and return-code guessing, limited per client address (worker/security/guess-guard.ts).
  // ("/tables/:code/*" also matches "/tables/:code" itself.)
  .use("/tables/:code/*", guessGuard())
  .route("/tables", tables)
  // Accounts (docs/ACCOUNTS.md).
  .route("/auth", auth)
  .route("/me", me)
  .route("/users", users)
  // Clubs, evenings, sign-ups (docs/CLUBS.md).
  .route("/clubs", clubs)
  .route("/clubs", seasons)
  // The sport rating's leaderboards (overall, a club's, a season's).
  .route("/leaderboard", leaderboard)
  // The rules test, the club's newcomer settings, asking an advisor (docs/NEWCOMERS.md).
  .route("/rules-test", rulesTest)
  .route("/clubs", newcomerClubs)
  .route("/tables", newcomerTables)
  // Tournaments (RULES.md §9, docs/TOURNAMENTS.md).
  .route("/tournaments", tournaments)
  // Test only (404 unless E2E_CLOCK=1): the browser suite's clock (worker/api/test-clock.ts).
  .route("/test-clock", testClock)
  .all("*", (c) => apiError(c, "not-found", "No such API endpoint."))
  .onError((err, c) => {
    if (err instanceof HTTPException && err.status === 400) return apiError(c, "bad-request", err.message || "Malformed request.");
    console.error("api: unhandled error", err);
    return apiError(c, "internal", "The server failed; nothing changed.");
  });

export const app = new Hono<{ Bindings: Env }>()
  // CSP, no framing, nosniff, no referrer on every response the worker makes (assets: web/public/_headers).
  .use(securityHeaders())
  .route("/api", api)
  // Outside /api (only reached when run_worker_first matches or no asset exists): the web client.
  .all("*", (c) => c.env.ASSETS.fetch(c.req.raw));

export default {
  fetch: app.fetch,
  /** The Cron Trigger (wrangler.toml): the backstop sweep of recordings past 72 h (worker/recordings/sweep.ts). */
  async scheduled(controller, env) {
    const gone = await sweepRecordings(env, controller.scheduledTime);
    if (gone > 0) console.log(`recordings: swept ${gone} past 72 h`);
  },
} satisfies ExportedHandler<Env>;
