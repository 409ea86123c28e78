/**
 * /api/rules-test — RULES.md §7.11 *decision*: "the test is ten questions drawn from a bank for
 * the club's format, each answer explained after; eight right passes; a failed test may be retaken after
 * ten minutes; a pass is kept per account and format" (docs/NEWCOMERS.md).
 *
 *   GET  /api/rules-test/:format                  the account's standing (pass, retake wait, open attempt)
 *   POST /api/rules-test/:format/start      {}    draw ten (or resume the open attempt): questions only
 *   POST /api/rules-test/attempts/:id/answer {answers}  check, store once, keep a pass: now the answers
 *
 * Sessions and errors as worker/api/clubs.ts. The clock is the worker's (`Date.now()`; the worker tests
 * move it with vi.setSystemTime).
 */
import { vValidator } from "@hono/valibot-validator";
import { Hono, type Context } from "hono";
import { RulesTestAnswerRequestSchema } from "../../shared/protocol/rules-test.ts";
import { EmptyRequestSchema } from "../../shared/protocol/clubs.ts";
import { hasBank } from "../../shared/rules-test/index.ts";
import { readSession } from "../accounts/sessions.ts";
import type { Env } from "../env.ts";
import * as store from "../rules-test/store.ts";
import { apiError, invalidBody } from "./errors.ts";

type AppEnv = { Bindings: Env };
type C = Context<AppEnv>;

const noBank = (c: C) => apiError(c, "not-found", "This format has no rules test.");

export const rulesTest = new Hono<AppEnv>()
  .get("/:format", async (c) => {
    const session = await readSession(c);
    if (!session) return apiError(c, "sign-in-required", "Sign in first.");
    const format = c.req.param("format") ?? "";
    if (!hasBank(format)) return noBank(c);
    return c.json(await store.statusOf(c.env.DB, session.user.id, format, Date.now()), 200);
  })

  .post("/:format/start", vValidator("json", EmptyRequestSchema, invalidBody), async (c) => {
    const session = await readSession(c);
    if (!session) return apiError(c, "sign-in-required", "Sign in first.");
    const format = c.req.param("format") ?? "";
    if (!hasBank(format)) return noBank(c);
    const now = Date.now();
    const out = await store.start(c.env.DB, session.user.id, format, now);
    if (!out.ok) {
      const seconds = Math.max(1, Math.ceil((out.retakeAt - now) / 1000));
      c.header("retry-after", String(seconds));
      return apiError(c, "retake-wait", `A failed test may be retaken after ten minutes (RULES.md §7.11): ${seconds} s left.`, [{ path: "retakeAt", message: String(out.retakeAt) }]);
    }
    return c.json(out.attempt, out.fresh ? 201 : 200);
  })

  .post("/attempts/:id/answer", vValidator("json", RulesTestAnswerRequestSchema, invalidBody), async (c) => {
    const session = await readSession(c);
    if (!session) return apiError(c, "sign-in-required", "Sign in first.");
    const id = c.req.param("id") ?? "";
    const row = store.isAttemptId(id) ? await store.attemptById(c.env.DB, id) : null;
    // Another account's attempt reads as none (its questions are not yours to answer).
    if (!row || row.user_id !== session.user.id) return apiError(c, "not-found", "No such attempt.");
    if (row.finished_at !== null) return apiError(c, "test-answered", "This attempt is already answered; start a new one.");
    const out = await store.answer(c.env.DB, row, c.req.valid("json").answers, Date.now());
    if (!out.ok) {
      return out.why === "size"
        ? apiError(c, "bad-request", "Answer every question of the attempt, one option each.", [{ path: "answers", message: "one per question" }])
        : apiError(c, "test-answered", "This attempt is already answered; start a new one.");
    }
    return c.json(out.result, 200);
  });
