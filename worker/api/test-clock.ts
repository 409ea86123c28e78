/**
 * The end-to-end test clock (docs/ARCHITECTURE.md "Test clock"): the browser suite plays
 * whole games by clicking without waiting out the phases' real lengths. When a page has done all it
 * wants in a phase, the driver asks the table to live through the rest of it at once.
 *
 * Exists only when the worker runs with E2E_CLOCK=1 (test/browser/harness.ts passes it to its own
 * `wrangler dev`); otherwise every path here is the API's ordinary 404.
 */
import { Hono } from "hono";
import * as v from "valibot";
import { isTableCode, normalizeCode } from "../../shared/protocol/codes.ts";
import type { Env } from "../env.ts";
import { testClockEnabled } from "../table/clock.ts";
import { apiError } from "./errors.ts";

const AdvanceSchema = v.strictObject({ phaseSeq: v.pipe(v.number(), v.integer(), v.minValue(0)) });

export const testClock = new Hono<{ Bindings: Env }>().post("/:code/advance", async (c) => {
  if (!testClockEnabled(c.env)) return apiError(c, "not-found", "No such API endpoint.");
  const code = normalizeCode(c.req.param("code"));
  if (!isTableCode(code)) return apiError(c, "not-found", "No such table.");
  const body = v.safeParse(AdvanceSchema, await c.req.json().catch(() => null));
  if (!body.success) return apiError(c, "bad-request", "Expected {phaseSeq}.");
  const stub = c.env.TABLE.get(c.env.TABLE.idFromName(code));
  return c.json(await stub.advanceClock(body.output.phaseSeq));
}).post("/:code/end", async (c) => {
  if (!testClockEnabled(c.env)) return apiError(c, "not-found", "No such API endpoint.");
  const code = normalizeCode(c.req.param("code"));
  if (!isTableCode(code)) return apiError(c, "not-found", "No such table.");
  const stub = c.env.TABLE.get(c.env.TABLE.idFromName(code));
  return c.json(await stub.endForTest());
});
