/**
 * The client's address as Cloudflare reports it (CF-Connecting-IP, set by the edge; a client cannot
 * forge it on Cloudflare) and the bucket it is counted in: an IPv4 address as is, an IPv6 address by
 * its /64 prefix (one subscriber usually holds a whole /64, so counting single v6 addresses would let
 * one attacker rotate through 2^64 of them).
 * No header (local dev, tests that do not set it): null — nothing to count by.
 */

export function clientAddress(request: Request): string | null {
  const raw = request.headers.get("cf-connecting-ip")?.trim();
  return raw ? raw : null;
}

/** Expand an IPv6 address to 8 groups; null if it is not one. */
function ipv6Groups(addr: string): string[] | null {
  let a = addr.toLowerCase();
  const zone = a.indexOf("%");
  if (zone >= 0) a = a.slice(0, zone);
  if (!/^[0-9a-f:.]+$/.test(a) || !a.includes(":")) return null;
  // An embedded IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(a);
  if (v4) {
    const n = v4.slice(1).map(Number);
    if (n.some((x) => x > 255)) return null;
    a = a.slice(0, v4.index) + `${((n[0]! << 8) | n[1]!).toString(16)}:${((n[2]! << 8) | n[3]!).toString(16)}`;
  }
  const halves = a.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => g.replace(/^0+(?=.)/, ""));
}

/** The counting bucket of an address: "v4:1.2.3.4", "v6:2001:db8:0:1::/64", or "other:<text>". */
export function addressBucket(addr: string): string {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(addr)) return `v4:${addr}`;
  const g = ipv6Groups(addr);
  if (g) {
    // An IPv4-mapped address (::ffff:a.b.c.d) is that IPv4 address.
    if (g.slice(0, 5).every((x) => x === "0") && g[5] === "ffff") {
      const a = parseInt(g[6]!, 16), b = parseInt(g[7]!, 16);
      return `v4:${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
    }
    return `v6:${g.slice(0, 4).join(":")}::/64`;
  }
  return `other:${addr.slice(0, 64)}`;
}

/**
 * A loopback address (127.0.0.0/8, ::1, or IPv4-mapped 127.x): only a locally run worker (`wrangler
 * dev`) ever reports one — on Cloudflare's edge CF-Connecting-IP is the client's public address.
 */
export function isLoopback(addr: string): boolean {
  const bucket = addressBucket(addr);
  if (bucket.startsWith("v4:")) return bucket.startsWith("v4:127.");
  const g = ipv6Groups(addr);
  return g !== null && g.slice(0, 7).every((x) => x === "0") && g[7] === "1";
}

/**
 * The bucket a route limiter (rate-limit.ts, guess-guard.ts) counts a request in; null: not counted —
 * no CF-Connecting-IP (never on Cloudflare's edge; the worker tests) or a loopback address (only
 * `wrangler dev` on one's own machine reports one: local tools such as the load bench are not limited).
 */
export function limitBucket(request: Request): string | null {
  const address = clientAddress(request);
  return address === null || isLoopback(address) ? null : addressBucket(address);
}

/**
 * The bucket a table counts a request in (seats per address, socket opens per address). Unlike the
 * route limiters, loopback counts like any address, and a request without CF-Connecting-IP (never on
 * Cloudflare's edge; the worker tests unless they set it) falls in one shared bucket, "none": a
 * missing header is no way around a table's limits.
 */
export function addressOf(request: Request): string {
  const address = clientAddress(request);
  return address === null ? "none" : addressBucket(address);
}
