/** Issue 32: the page binds its acts and host inputs to the stage of the view it acted on (required: without a stage it sends nothing). */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { ClientMessageSchema } from "../../../shared/protocol/messages.ts";
import { intentFrame } from "../../../web/src/table/frame.ts";

describe("intentFrame", () => {
  it("acts and host inputs carry the view's phaseSeq; control and table frames do not; every frame is a valid client message", () => {
    const act = JSON.parse(intentFrame("act", "r1", { type: "vote", target: 3 }, 17)!);
    expect(act).toEqual({ type: "act", ref: "r1", action: { type: "vote", target: 3 }, phaseSeq: 17 });
    expect(JSON.parse(intentFrame("host", "r2", { type: "confirm" }, 4)!)).toMatchObject({ phaseSeq: 4 });
    expect(JSON.parse(intentFrame("control", "r3", { type: "pause" }, 4)!)).not.toHaveProperty("phaseSeq");
    expect(JSON.parse(intentFrame("table", "r4", { type: "play-again" }, 4)!)).not.toHaveProperty("phaseSeq");
    // No game in view: no stage, no input (the table would refuse it as bad-message).
    expect(intentFrame("act", "r5", { type: "end-speech" }, null)).toBeNull();
    expect(intentFrame("host", "r6", { type: "confirm" }, undefined)).toBeNull();
    expect(JSON.parse(intentFrame("control", "r7", { type: "pause" }, null)!)).toEqual({ type: "control", ref: "r7", action: { type: "pause" } });
    for (const f of [act, JSON.parse(intentFrame("host", "r2", { type: "confirm" }, 4)!), JSON.parse(intentFrame("control", "r3", { type: "pause" }, 4)!)]) {
      expect(v.safeParse(ClientMessageSchema, f).success, JSON.stringify(f)).toBe(true);
    }
    // The schema: an act or host frame without phaseSeq is no client message.
    expect(v.safeParse(ClientMessageSchema, { type: "act", ref: "r8", action: { type: "end-speech" } }).success).toBe(false);
    expect(v.safeParse(ClientMessageSchema, { type: "host", ref: "r9", action: { type: "confirm" } }).success).toBe(false);
  });
});
