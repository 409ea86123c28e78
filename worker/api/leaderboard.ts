/** GET /api/leaderboard?scope=all|club:<id>|season:<id>&page=n (worker/accounts/leaderboard.ts). */
import { Hono } from "hono";
import * as v from "valibot";
import { toIssues } from "../../shared/protocol/http.ts";
import { LeaderboardQuerySchema } from "../../shared/protocol/leaderboard.ts";
import { leaderboardPage } from "../accounts/leaderboard.ts";
import { readSession } from "../accounts/sessions.ts";
import type { Env } from "../env.ts";
import { apiError } from "./errors.ts";

export const leaderboard = new Hono<{ Bindings: Env }>().get("/", async (c) => {
  const query = v.safeParse(LeaderboardQuerySchema, { scope: c.req.query("scope"), page: c.req.query("page") });
  if (!query.success) return apiError(c, "bad-request", "The query is invalid.", toIssues(query.issues));
  const session = await readSession(c);
  const body = await leaderboardPage(c.env.DB, query.output.scope, query.output.page, session?.user.id ?? null);
  if (!body) return apiError(c, "not-found", "No such club or season.");
  // The board is read from its summary table; a browser may keep a page for a short while (the viewer's own
  // line differs per person, so only privately).
  c.header("Cache-Control", "private, max-age=30");
  return c.json(body, 200);
});
