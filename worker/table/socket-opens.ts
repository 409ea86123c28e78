/**
 * Which upgrades may open a socket: the table exists, it is an upgrade, and the client address is
 * within its socket opens (SOCKET_OPENS).
 */
import { addressOf } from "../security/address.ts";
import { jsonResponse } from "./admission.ts";
import { countOpen, type OpenWindow } from "./connection.ts";
import type { TableCore } from "./ports.ts";
import type { TableStore } from "./storage.ts";

/**
 * Socket opens (upgrades) one client address may make at a table per fixed window: `perSeat` for each
 * seat the address may hold (seatsPerAddress; 20 with the default 2), then 429 until the window ends.
 */
export const SOCKET_OPENS = { perSeat: 10, windowMs: 10_000 } as const;

/** What this part uses of the table (each part gets only what it uses; table.ts builds it). */
interface SocketOpensDeps extends Pick<TableCore, "config" | "now"> {
  readonly store: Pick<TableStore, "initialized">;
}

export class SocketOpens {
  /** Address bucket → socket opens in its current window (memory; SOCKET_OPENS). */
  private socketOpens = new Map<string, OpenWindow>();

  constructor(private readonly t: SocketOpensDeps) {}

  /**
   * May this upgrade open a socket? Not for an unknown table (404), not without the upgrade (426), and
   * not beyond the address's socket opens (SOCKET_OPENS, 429): a reconnect flood is refused before any
   * socket exists. Counted in memory: a flood keeps the object awake, and an object is only evicted
   * after a quiet spell longer than the window — storing each open would hold every 101 behind a write.
   */
  socketRefusal(request: Request): Response | null {
    const t = this.t;
    if (!t.store.initialized()) return jsonResponse(404, { error: { code: "not-found", message: "No table with this code." } });
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return jsonResponse(426, { error: { code: "upgrade-required", message: "Expected a WebSocket upgrade." } });
    }
    const config = t.config();
    const now = t.now();
    const counted = countOpen(this.socketOpens, addressOf(request), now, SOCKET_OPENS.windowMs);
    if (counted.opens > SOCKET_OPENS.perSeat * config.seatsPerAddress) {
      const res = jsonResponse(429, { error: { code: "rate-limited", message: "Too many connections to this table from your network; wait a few seconds." } });
      res.headers.set("retry-after", String(Math.max(1, Math.ceil((counted.until - now) / 1000))));
      return res;
    }
    return null;
  }
}
