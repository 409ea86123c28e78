/**
 * WebSocket upgrades check Origin (cross-site WebSocket hijacking): browsers always send Origin on a
 * WebSocket handshake and page scripts cannot forge it, so a browser page on another site cannot
 * open a socket to a table. Accepted:
 *   - the same origin as the request (the web client served by this worker);
 *   - no Origin header at all: a non-browser client (bots, the load benchmark, tests). They cannot
 *     ride on a victim's browser, and credentials are in the first frame, not in cookies, anyway;
 *   - development only: a loopback page talking to a loopback server (vite's dev server on
 *     localhost:5173 proxies /api to `wrangler dev` on 127.0.0.1:8787 with the page's Origin). Both
 *     hosts must be loopback, so this can never match in production.
 * Everything else (another site, `null` from sandboxed frames or file: pages, garbage) is refused.
 */

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

function isLoopback(hostname: string): boolean {
  return LOOPBACK.has(hostname) || hostname.endsWith(".localhost");
}

export function originAllowed(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin === null) return true;
  let from: URL;
  try {
    from = new URL(origin);
  } catch {
    return false;
  }
  if (from.protocol !== "http:" && from.protocol !== "https:") return false;
  const self = new URL(request.url);
  if (from.origin === self.origin) return true;
  return isLoopback(from.hostname) && isLoopback(self.hostname);
}
