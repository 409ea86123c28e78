/**
 * Security headers on every response the worker produces (API JSON, the SPA shell when it is served
 * through the worker). Static assets served directly by the assets layer get the same headers from
 * web/public/_headers (copied to web/dist by vite); keep the two in step (test/worker/http-security
 * compares them).
 *
 * The page policy fits the Solid SPA: scripts and styles only from our origin (vite emits files, no
 * inline script; Solid sets styles through the CSSOM, which CSP does not restrict), the socket and the
 * API on our origin (`connect-src 'self'` covers ws:/wss: to the same host in CSP Level 3 browsers),
 * the favicon is a data: URL, no framing at all.
 */
import type { MiddlewareHandler } from "hono";

/** The SPA's Content-Security-Policy. */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'self' blob: mediastream:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** API responses are data, never documents: nothing may load from them or frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Headers every response carries (pages, API and assets alike). */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  // Table codes are in page URLs (/t/K7QX3M): never hand them to another site in a Referer.
  "referrer-policy": "no-referrer",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  // Video mafia needs the camera and the microphone on our own origin only; nothing else.
  "permissions-policy": "camera=(self), microphone=(self), display-capture=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
};

/** Set the security headers on a response (a copy if its headers are immutable). 101 is left alone. */
export function withSecurityHeaders(res: Response, url: URL, csp: string): Response {
  if (res.status === 101 || res.webSocket) return res; // the upgrade response must stay the runtime's own object
  let out = res;
  try {
    out.headers.set("x-content-type-options", "nosniff");
  } catch {
    out = new Response(res.body, res); // e.g. a response from ASSETS.fetch: immutable headers
  }
  for (const [k, v] of Object.entries(COMMON_HEADERS)) out.headers.set(k, v);
  out.headers.set("content-security-policy", csp);
  if (url.protocol === "https:") out.headers.set("strict-transport-security", "max-age=31536000; includeSubDomains");
  return out;
}

/** Hono middleware: the API's headers (strict CSP) or the page headers, by path. */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const url = new URL(c.req.url);
    const csp = url.pathname.startsWith("/api/") || url.pathname === "/api" ? API_CSP : PAGE_CSP;
    c.res = withSecurityHeaders(c.res, url, csp);
  };
}
