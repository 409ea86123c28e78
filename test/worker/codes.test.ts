/**
 * RULES.md §5.1 / §8: tables get a short room code, players a personal return code.
 * The alphabet has no look-alikes; codes are drawn without modulo bias.
 */
import { describe, expect, it } from "vitest";
import { CODE_ALPHABET, RETURN_CODE_LENGTH, RETURN_CODE_PATTERN, TABLE_CODE_LENGTH, isTableCode, normalizeCode } from "../../shared/protocol/codes.ts";
import { findByDigest, digest, sameDigest } from "../../worker/security/hash.ts";
import { randomReturnCode, randomString, randomTableCode, randomToken } from "../../worker/security/random.ts";

describe("code alphabet", () => {
  it("has 31 distinct symbols and none of the look-alikes 0 O 1 I L", () => {
    expect(new Set(CODE_ALPHABET).size).toBe(CODE_ALPHABET.length);
    expect(CODE_ALPHABET.length).toBe(31);
    for (const bad of "0O1IL") expect(CODE_ALPHABET).not.toContain(bad);
    expect(CODE_ALPHABET).toMatch(/^[A-Z2-9]+$/);
  });

  it("table codes are 6 symbols and return codes at least 8, all from the alphabet", () => {
    for (let i = 0; i < 200; i++) {
      const t = randomTableCode();
      const r = randomReturnCode();
      expect(t).toHaveLength(TABLE_CODE_LENGTH);
      expect(r.length).toBeGreaterThanOrEqual(8);
      expect(r).toHaveLength(RETURN_CODE_LENGTH);
      expect(isTableCode(t)).toBe(true);
      expect(RETURN_CODE_PATTERN.test(r)).toBe(true);
    }
  });

  it("draws every symbol about equally often (rejection sampling, no modulo bias)", () => {
    const counts = new Map<string, number>();
    const n = 62_000;
    const s = randomString(n);
    for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(31);
    const expected = n / 31; // 2000
    // chi-square with 30 degrees of freedom: 99.99th percentile ≈ 70
    let chi = 0;
    for (const c of counts.values()) chi += (c - expected) ** 2 / expected;
    expect(chi).toBeLessThan(70);
  });

  it("normalises what people type: case, spaces and dashes do not matter", () => {
    expect(normalizeCode(" ab-c 23d\t")).toBe("ABC23D");
    expect(isTableCode(normalizeCode("abc23d"))).toBe(true);
    expect(isTableCode("ABC1D2")).toBe(false); // 1 is not in the alphabet
    expect(isTableCode("ABCDE")).toBe(false);
    expect(isTableCode("ABCDEFG")).toBe(false);
  });

  it("tokens are 32 random bytes in base64url", () => {
    const t = randomToken();
    expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(t);
  });
});

describe("digests", () => {
  it("compare in constant time and find the matching candidate", async () => {
    const a = await digest("token", "secret-a");
    const b = await digest("token", "secret-b");
    expect(sameDigest(a, await digest("token", "secret-a"))).toBe(true);
    expect(sameDigest(a, b)).toBe(false);
    expect(sameDigest(a, await digest("other", "secret-a"))).toBe(false);
    expect(findByDigest(b, [{ id: 1, h: a }, { id: 2, h: b }], (x) => x.h)?.id).toBe(2);
    expect(findByDigest(await digest("token", "nope"), [{ id: 1, h: a }], (x) => x.h)).toBeNull();
  });
});
