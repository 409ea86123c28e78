/** The API's error bodies: `{ error: { code, message, issues? } }` with the status of HTTP_ERRORS. */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type * as v from "valibot";
import { HTTP_ERRORS, toIssues, type HttpErrorCode, type Issue } from "../../shared/protocol/http.ts";

export function apiError(c: Context, code: HttpErrorCode, message: string, issues?: Issue[]): Response {
  const status = HTTP_ERRORS[code] as ContentfulStatusCode;
  return c.json({ error: issues ? { code, message, issues } : { code, message } }, status);
}

/** The validators' hook (vValidator's third argument): a 400 `bad-request` with valibot's issues for any failed body. */
export const invalidBody = (result: { success: boolean; issues?: readonly v.BaseIssue<unknown>[] }, c: Context) => {
  if (!result.success) return apiError(c, "bad-request", "The request body is invalid.", toIssues(result.issues ?? []));
};
