import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { ClientMessageSchema } from "../../shared/protocol/messages.ts";

describe("protocol: client messages", () => {
  it("accepts a hello with a token and an act with a ref and its stage (phaseSeq, required)", () => {
    expect(v.safeParse(ClientMessageSchema, { type: "hello", token: "x".repeat(32) }).success).toBe(true);
    expect(v.safeParse(ClientMessageSchema, { type: "act", ref: "1", action: { type: "nominate", target: 3 }, phaseSeq: 4 }).success).toBe(true);
    expect(v.safeParse(ClientMessageSchema, { type: "act", ref: "1", action: { type: "nominate", target: 3 } }).success).toBe(false);
    for (const phaseSeq of [-1, 1.5, "4", null]) expect(v.safeParse(ClientMessageSchema, { type: "host", ref: "1", action: { type: "confirm" }, phaseSeq }).success).toBe(false);
  });
  it("refuses unknown keys, wrong types and prototype tricks", () => {
    expect(v.safeParse(ClientMessageSchema, { type: "act", ref: "1", action: { type: "nominate", target: "3" }, phaseSeq: 0 }).success).toBe(false);
    expect(v.safeParse(ClientMessageSchema, JSON.parse('{"type":"hello","__proto__":{"x":1}}')).success).toBe(false);
    expect(v.safeParse(ClientMessageSchema, { type: "act", ref: "", action: { type: "shout" }, phaseSeq: 0 }).success).toBe(false);
  });
});

describe("protocol: issue 20 public claims", () => {
  const act = (claim: unknown) => v.safeParse(ClientMessageSchema, { type: "act", ref: "1", action: { type: "claim", claim }, phaseSeq: 3 }).success;
  it("accepts each kind of claim in its closed vocabulary", () => {
    expect(act({ kind: "role", role: "sheriff" })).toBe(true);
    expect(act({ kind: "check", target: 3, result: "black" })).toBe(true);
    expect(act({ kind: "opinion", target: 2, result: "red" })).toBe(true);
    expect(act({ kind: "vote", target: 5 })).toBe(true);
  });
  it("refuses a claim with an extra field, an unknown kind, a 500-character role, a colour outside red/black, a seat outside 1–30", () => {
    expect(act({ kind: "role", role: "sheriff", seat: 4 })).toBe(false);
    expect(act({ kind: "vote", target: 5, text: "trust me" })).toBe(false);
    expect(act({ kind: "check", target: 3, result: "black", night: 1 })).toBe(false);
    expect(act({ kind: "speech", text: "hello" })).toBe(false);
    expect(act({ kind: "role", role: "s".repeat(500) })).toBe(false);
    expect(act({ kind: "role", role: "" })).toBe(false);
    expect(act({ kind: "opinion", target: 2, result: "green" })).toBe(false);
    expect(act({ kind: "vote", target: 31 })).toBe(false);
    expect(act({ kind: "vote", target: 2.5 })).toBe(false);
    expect(act(null)).toBe(false);
    expect(v.safeParse(ClientMessageSchema, { type: "act", ref: "1", action: { type: "claim", claim: { kind: "vote", target: 5 }, extra: 1 }, phaseSeq: 3 }).success).toBe(false);
  });
});
