/**
 * Cross-site request forgery. SameSite=Lax keeps the session cookie off most
 * cross-site requests, but not all (a top-level form POST right after a navigation, older browsers,
 * a sibling subdomain), and Hono's JSON validator reads a form-encoded or text/plain body as `{}` — so
 * `logout-all`, an evening's `withdraw` or `signup` went through from another site's form. Two checks
 * on every state-changing request (POST, PUT, PATCH, DELETE) under /api, before any route:
 *
 * 1. **The sender is this site.** `Sec-Fetch-Site` (sent by every current browser, unforgeable by a
 *    page) must be `same-origin` or `none` (typed by the user) when present; `Origin` (sent on every
 *    cross-origin POST) must be this origin when present (origin.ts `originAllowed`: the same origin,
 *    or a loopback page talking to a loopback server in development). Else **403 `forbidden-origin`**.
 *    A request with neither header is not from a browser page (bots, tests, curl): it carries no
 *    victim's cookie.
 * 2. **A body is JSON.** A request that has a body must say `application/json` (any parameters); else
 *    **415 `bad-content-type`** — a browser page on another site cannot send that type without a CORS
 *    preflight, which this API never grants. A request without a body (sign out, the web client's
 *    bodiless POSTs) passes. The one route that takes another type, a game recording's upload (audio,
 *    `PUT …/games/:n/recording`, checked by its own handler), is left to that handler.
 */
import type { MiddlewareHandler } from "hono";
import { apiError } from "../api/errors.ts";
import { originAllowed } from "./origin.ts";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const SITE_OK = new Set(["same-origin", "none"]);

/** Whether the request carries a body (a length above zero, or a chunked one). */
function hasBody(request: Request): boolean {
  const length = request.headers.get("content-length");
  if (length !== null) return Number(length) > 0;
  return request.headers.has("transfer-encoding") || request.body !== null;
}

/** `application/json`, with or without parameters (charset), any case. */
export const isJsonType = (type: string | null): boolean => type !== null && type.split(";")[0]!.trim().toLowerCase() === "application/json";

export function sameSiteOnly(options: { otherBodies?: (path: string, method: string) => boolean } = {}): MiddlewareHandler {
  return async (c, next) => {
    const req = c.req.raw;
    if (!STATE_CHANGING.has(req.method)) return next();
    const site = req.headers.get("sec-fetch-site");
    if ((site !== null && !SITE_OK.has(site.toLowerCase())) || !originAllowed(req)) {
      return apiError(c, "forbidden-origin", "Requests that change something are accepted from this site's pages only.");
    }
    if (hasBody(req) && !isJsonType(req.headers.get("content-type")) && !options.otherBodies?.(c.req.path, req.method)) {
      return apiError(c, "bad-content-type", "The request body must be application/json.");
    }
    return next();
  };
}
