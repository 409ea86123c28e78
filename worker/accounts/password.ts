/**
 * Passwords (the fallback to passkeys): PBKDF2-SHA-256 through WebCrypto with a per-user random
 * 16-byte salt and 100,000 iterations — the most Cloudflare's deployed runtime accepts (it throws above
 * 100,000, cloudflare/workerd#1346; the local workerd does not enforce it, so never raise this from a
 * local test alone), and the minimum the brief allows. The iteration count is stored per user so it can be raised later
 * (re-hash on the next successful sign-in). Comparison is constant-time.
 */
import { base64url } from "../security/random.ts";
import { sameDigest } from "../security/hash.ts";

export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;

export interface PasswordHash {
  hash: string;
  salt: string;
  iterations: number;
}

function fromBase64url(s: string): Uint8Array {
  const b64 = s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4);
  return Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
}

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password.normalize("NFC")), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<PasswordHash> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, PBKDF2_ITERATIONS);
  return { hash: base64url(hash), salt: base64url(salt), iterations: PBKDF2_ITERATIONS };
}

/** A fixed hash for unknown nicknames: the same work is done whether or not the account exists. */
const DUMMY: PasswordHash = { hash: "A".repeat(43), salt: "AAAAAAAAAAAAAAAAAAAAAA", iterations: PBKDF2_ITERATIONS };

/** Constant-time check; with `stored` null (no such account / no password) it still derives once and fails. */
export async function verifyPassword(password: string, stored: PasswordHash | null): Promise<boolean> {
  const s = stored ?? DUMMY;
  const candidate = await derive(password, fromBase64url(s.salt), s.iterations);
  const same = sameDigest(candidate, fromBase64url(s.hash));
  return stored !== null && same;
}
