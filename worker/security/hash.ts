/**
 * Only digests of tokens and return codes are stored. Comparison is constant-time over the whole
 * candidate list (no early exit, no index lookup keyed by the secret).
 */

const encoder = new TextEncoder();

/** SHA-256 of `domain:secret`, as bytes. The domain separates token digests from return-code digests. */
export async function digest(domain: string, secret: string): Promise<Uint8Array> {
  const buf = await crypto.subtle.digest("SHA-256", encoder.encode(`${domain}:${secret}`));
  return new Uint8Array(buf);
}

/**
 * HMAC-SHA-256 of `domain:value` under a server-only key, as bytes: for values with little entropy (a
 * client's address) whose plain digest anyone could reverse by hashing every candidate.
 */
export async function keyedDigest(key: string, domain: string, value: string): Promise<Uint8Array> {
  const k = await crypto.subtle.importKey("raw", encoder.encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", k, encoder.encode(`${domain}:${value}`)));
}

/** Constant-time equality of two digests (lengths are public: both are 32 bytes). */
export function sameDigest(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  const subtle = crypto.subtle as SubtleCrypto & { timingSafeEqual?: (x: ArrayBufferView, y: ArrayBufferView) => boolean };
  if (typeof subtle.timingSafeEqual === "function") return subtle.timingSafeEqual(a, b);
  let diff = 0;
  for (let i = 0; i < a.byteLength; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/**
 * The first candidate whose digest equals `needle`, scanning every candidate with a constant-time
 * comparison whatever the outcome.
 */
export function findByDigest<T>(needle: Uint8Array, candidates: Iterable<T>, digestOf: (c: T) => Uint8Array): T | null {
  let found: T | null = null;
  for (const c of candidates) {
    const same = sameDigest(needle, digestOf(c));
    if (same && found === null) found = c;
  }
  return found;
}
