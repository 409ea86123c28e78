/**
 * The table object of a code. Routers and services both reach tables through it, so it sits outside
 * worker/api/: a service that calls a table (worker/newcomers) then imports no router.
 */
import { isTableCode, normalizeCode } from "../shared/protocol/codes.ts";
import type { Env } from "./env.ts";

/** The table's stub for a path code, or null when the code cannot exist (no object is touched). */
export function tableStub(env: Pick<Env, "TABLE">, rawCode: string, locationHint?: DurableObjectLocationHint) {
  const code = normalizeCode(rawCode);
  if (!isTableCode(code)) return null;
  const id = env.TABLE.idFromName(code);
  return { code, stub: locationHint ? env.TABLE.get(id, { locationHint }) : env.TABLE.get(id) };
}
