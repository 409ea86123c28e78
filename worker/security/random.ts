/**
 * Secrets and codes from crypto.getRandomValues. No Math.random anywhere in the worker.
 */
import { CODE_ALPHABET, RETURN_CODE_LENGTH, TABLE_CODE_LENGTH } from "../../shared/protocol/codes.ts";

/**
 * `length` symbols drawn uniformly from `alphabet` by rejection sampling: a byte is used only when it
 * falls below the largest multiple of the alphabet size (248 for 31 symbols), so no symbol is more
 * likely than another (no modulo bias).
 */
export function randomString(length: number, alphabet: string = CODE_ALPHABET): string {
  const n = alphabet.length;
  if (n < 2 || n > 256) throw new RangeError("alphabet size must be 2..256");
  const limit = 256 - (256 % n);
  let out = "";
  const buf = new Uint8Array(Math.min(4096, Math.max(16, length * 2)));
  while (out.length < length) {
    crypto.getRandomValues(buf);
    for (const byte of buf) {
      if (byte >= limit) continue;
      out += alphabet[byte % n];
      if (out.length === length) break;
    }
  }
  return out;
}

export const randomTableCode = (): string => randomString(TABLE_CODE_LENGTH);
export const randomReturnCode = (): string => randomString(RETURN_CODE_LENGTH);

export function base64url(bytes: Uint8Array): string {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** 32 random bytes, base64url (43 characters): a seat's bearer token. */
export function randomToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** A player id: not a secret (it names a participant in welcome frames and the log), just unique. */
export function randomPlayerId(): string {
  return "p_" + base64url(crypto.getRandomValues(new Uint8Array(9)));
}

/** The game's seed: 32 random bytes as hex. Server-only; never sent to a client. */
export function randomSeed(): string {
  return [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, "0")).join("");
}
