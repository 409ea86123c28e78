/** Issue 32, finding 5: a client frame may repeat no key (shared/protocol/json-keys.ts). */
import { describe, expect, it } from "vitest";
import { duplicateKey } from "../../shared/protocol/json-keys.ts";

describe("duplicateKey", () => {
  it("finds a repeated key at any depth, escaped or not", () => {
    expect(duplicateKey(`{"type":"signal","type":"sync"}`)).toBe("type");
    expect(duplicateKey(`{"a":{"b":1,"b":2}}`)).toBe("b");
    expect(duplicateKey(`{"a":[{"x":1},{"x":2,"x":3}]}`)).toBe("x");
    expect(duplicateKey(`{"type":"a","\\u0074ype":"b"}`)).toBe("type");
  });
  it("accepts equal keys in different objects, keys inside strings and arrays of strings", () => {
    expect(duplicateKey(`{"a":{"x":1},"b":{"x":1},"s":"\\"a\\":1,\\"a\\"","l":["a","a",{"a":1}]}`)).toBeNull();
    expect(duplicateKey(`[1,"x",{"k":"v"},{"k":"v"}]`)).toBeNull();
    expect(duplicateKey(JSON.stringify({ type: "act", ref: "r", action: { type: "vote", target: 3 } }))).toBeNull();
  });
});
