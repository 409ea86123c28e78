/** The API's error bodies: `{ error: { code, message, issues? } }` with the status of HTTP_ERRORS. */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { HTTP_ERRORS, type HttpErrorCode, type Issue } from "../../shared/protocol/http.ts";

export function apiError(c: Context, code: HttpErrorCode, message: string, issues?: Issue[]): Response {
  const status = HTTP_ERRORS[code] as ContentfulStatusCode;
  return c.json({ error: issues ? { code, message, issues } : { code, message } }, status);
}
