import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { ClientMessageSchema } from "../../shared/protocol/messages.ts";

describe("protocol: client messages", () => {
  it("accepts a hello with a token and an act with a ref", () => {
    expect(v.safeParse(ClientMessageSchema, { type: "hello", token: "x".repeat(32) }).success).toBe(true);
    expect(v.safeParse(ClientMessageSchema, { type: "act", ref: "1", action: { type: "nominate", target: 3 } }).success).toBe(true);
  });
  it("refuses unknown keys, wrong types and prototype tricks", () => {
    expect(v.safeParse(ClientMessageSchema, { type: "act", ref: "1", action: { type: "nominate", target: "3" } }).success).toBe(false);
    expect(v.safeParse(ClientMessageSchema, JSON.parse('{"type":"hello","__proto__":{"x":1}}')).success).toBe(false);
    expect(v.safeParse(ClientMessageSchema, { type: "act", ref: "", action: { type: "shout" } }).success).toBe(false);
  });
});
