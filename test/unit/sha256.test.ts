/**
 * RULES.md §8 "Verifiable deal": the engine's pure SHA-256 (shared/sha256.ts) gives what every
 * platform's SHA-256 gives — the commitment anyone recomputes with crypto.subtle or `sha256sum`.
 */
import { createHash, webcrypto } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../shared/sha256.ts";

describe("RULES.md §8 shared/sha256.ts", () => {
  it("matches the FIPS 180-4 vectors", () => {
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).toBe("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  });

  it("equals node's and crypto.subtle's SHA-256 at every length across the block boundaries, UTF-8 included", async () => {
    for (let n = 0; n < 200; n++) {
      const text = "ab€д😀".repeat(n).slice(0, n);
      const want = createHash("sha256").update(text, "utf8").digest("hex");
      expect(sha256Hex(text), `length ${n}`).toBe(want);
    }
    const seed = "9f".repeat(32);
    const subtle = Buffer.from(await webcrypto.subtle.digest("SHA-256", new TextEncoder().encode(seed))).toString("hex");
    expect(sha256Hex(seed)).toBe(subtle);
  });
});
