/**
 * docs/MEDIA.md §5: short-lived Cloudflare TURN credentials, minted by the table object
 * from the long-term TURN key (Worker secrets TURN_KEY_ID, TURN_KEY_API_TOKEN):
 *
 *   POST https://rtc.live.cloudflare.com/v1/turn/keys/{TURN_KEY_ID}/credentials/generate-ice-servers
 *   Authorization: Bearer {TURN_KEY_API_TOKEN}   {"ttl": 14400}   → 201 {"iceServers": [...]}
 *
 * URLs on port 53 are dropped (browsers block that port). A table reuses its credential while at least
 * REUSE_MIN_LEFT_S of its lifetime is left, so every seated player gets one valid for hours, at most
 * one call an hour per table. Any failure is logged and the game goes on with the static list: the
 * game never waits on TURN longer than TURN_TIMEOUT_MS.
 */
import * as v from "valibot";
import { IceServerSchema, type IceServer } from "../../shared/protocol/messages.ts";

/** A credential's lifetime: a game and a rematch fit in 4 hours. */
export const TURN_TTL_S = 14_400;
/** A cached credential is handed out only while this much of its lifetime is left. */
export const REUSE_MIN_LEFT_S = 3 * 3600;
/** The welcome waits at most this long for a new credential. */
export const TURN_TIMEOUT_MS = 3000;

const Response201 = v.object({ iceServers: v.array(v.object({ urls: v.union([v.string(), v.array(v.string())]), username: v.optional(v.string()), credential: v.optional(v.string()) })) });

/** Whether an ICE URL names port 53 (`turn:host:53?transport=udp`, `stun:host:53`). */
export function onPort53(url: string): boolean {
  return /^[a-z]+:(\[[^\]]*\]|[^:?/]*):53(\?|$)/i.test(url);
}

/** The servers with every port-53 URL dropped (a server left without URLs is dropped too). */
export function withoutPort53(servers: ReadonlyArray<{ urls: string | string[]; username?: string; credential?: string }>): IceServer[] {
  const out: IceServer[] = [];
  for (const s of servers) {
    const urls = (Array.isArray(s.urls) ? s.urls : [s.urls]).filter((u) => !onPort53(u));
    if (!urls.length) continue;
    const server = { urls, ...(s.username !== undefined ? { username: s.username } : {}), ...(s.credential !== undefined ? { credential: s.credential } : {}) };
    const checked = v.safeParse(IceServerSchema, server);
    if (checked.success) out.push(checked.output);
  }
  return out;
}

export class TurnCredentials {
  private cached: { servers: IceServer[]; until: number } | null = null;
  private pending: Promise<IceServer[]> | null = null;
  /** Calls made (tests read it). */
  calls = 0;

  constructor(
    private readonly keyId: string,
    private readonly token: string,
    private readonly base: string,
    private readonly now: () => number,
    private readonly fetcher: (input: string, init: RequestInit) => Promise<Response> = (input, init) => fetch(input, init),
  ) {}

  /** The minted servers (cached while REUSE_MIN_LEFT_S is left), or [] after a failure (logged). */
  async servers(): Promise<IceServer[]> {
    const now = this.now();
    if (this.cached && this.cached.until - now >= REUSE_MIN_LEFT_S * 1000) return this.cached.servers;
    this.pending ??= this.mint(now).finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async mint(now: number): Promise<IceServer[]> {
    this.calls++;
    try {
      const res = await this.fetcher(`${this.base}/turn/keys/${encodeURIComponent(this.keyId)}/credentials/generate-ice-servers`, {
        method: "POST",
        headers: { Authorization: `Bearer ${this.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ ttl: TURN_TTL_S }),
        signal: AbortSignal.timeout(TURN_TIMEOUT_MS),
      });
      if (res.status !== 201 && res.status !== 200) throw new Error(`status ${res.status}`);
      const parsed = v.safeParse(Response201, await res.json());
      if (!parsed.success) throw new Error("unexpected response");
      const servers = withoutPort53(parsed.output.iceServers);
      this.cached = { servers, until: now + TURN_TTL_S * 1000 };
      return servers;
    } catch (err) {
      console.error("TURN credentials could not be minted; the static ICE servers only", err instanceof Error ? err.message : err);
      return [];
    }
  }
}
