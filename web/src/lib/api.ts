/**
 * The HTTP API (worker/api, shapes in shared/protocol/http.ts — imported as types only, so valibot
 * stays out of the bundle). Errors arrive as `{ error: { code, message } }` and are thrown as ApiError.
 */
import { deviceId } from "./device.ts";
import type { ConsigliereInviteResponse, CreateTableRequest, CreateTableResponse, JoinResponse, ReturnResponse, TableListing, TableListResponse, TableSummary } from "../../../shared/protocol/http.ts";

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    /** Seconds to wait (a 429's `retry-after`), or null. */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

/** A `rate-limited` refusal's wait in whole minutes (at least 1), or null when it is not one or says no wait. */
export function rateLimitMinutes(e: unknown): number | null {
  if (!(e instanceof ApiError) || e.code !== "rate-limited" || e.retryAfter === null) return null;
  return Math.max(1, Math.ceil(e.retryAfter / 60));
}

export async function call<T>(method: "GET" | "POST" | "PUT", path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError("network", String(e), 0);
  }
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    /* empty or not JSON */
  }
  if (!res.ok) {
    const err = (data as { error?: { code?: string; message?: string } } | null)?.error;
    const retryAfter = Number(res.headers.get("retry-after") ?? NaN);
    throw new ApiError(err?.code ?? (res.status === 404 ? "not-found" : "generic"), err?.message ?? res.statusText, res.status, Number.isFinite(retryAfter) ? retryAfter : null);
  }
  return data as T;
}

export type PublicTable = TableListing;

const enc = encodeURIComponent;

export const api = {
  createTable: (body: CreateTableRequest) => call<CreateTableResponse>("POST", "/api/tables", body),
  join: (code: string, nickname: string, organizerToken?: string | null) =>
    call<JoinResponse>("POST", `/api/tables/${enc(code)}/join`, organizerToken ? { nickname, deviceId: deviceId(), organizerToken } : { nickname, deviceId: deviceId() }),
  summary: (code: string) => call<TableSummary>("GET", `/api/tables/${enc(code)}`),
  comeBack: (code: string, returnCode: string) => call<ReturnResponse>("POST", `/api/tables/${enc(code)}/return`, { returnCode }),
  /** RULES.md §7.10: the seated player's one-time code for a consigliere; revoke; the advisor joins. */
  consigliereInvite: (code: string, token: string) => call<ConsigliereInviteResponse>("POST", `/api/tables/${enc(code)}/consigliere/invite`, { token }),
  /** The organizer's invitation for a newcomer's consigliere (the organizer's own hello token). */
  consigliereInviteFor: (code: string, token: string, nickname: string) => call<ConsigliereInviteResponse>("POST", `/api/tables/${enc(code)}/consigliere/invite-for`, { token, nickname }),
  /** RULES.md §7.10: the seat's player accepts or declines the organizer's invitation for their seat. */
  consigliereConsent: (code: string, token: string, accept: boolean) => call<Record<string, never>>("POST", `/api/tables/${enc(code)}/consigliere/consent`, { token, accept }),
  consigliereRevoke: (code: string, token: string) => call<Record<string, never>>("POST", `/api/tables/${enc(code)}/consigliere/revoke`, { token }),
  /** A club evening's advising members (the newcomer's candidates), and the newcomer's request to one. */
  advisors: (code: string) => call<{ candidates: string[] }>("GET", `/api/tables/${enc(code)}/advisors`),
  consigliereAsk: (code: string, token: string, nickname: string) => call<{ asked: string }>("POST", `/api/tables/${enc(code)}/consigliere/ask`, { token, nickname }),
  consigliereJoin: (code: string, inviteCode: string, nickname: string) =>
    call<JoinResponse>("POST", `/api/tables/${enc(code)}/consigliere`, { code: inviteCode, nickname, deviceId: deviceId() }),
  publicTables: async (): Promise<PublicTable[]> => {
    const data = await call<TableListResponse>("GET", "/api/tables");
    return data?.tables ?? [];
  },
};

export function socketUrl(code: string): string {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  return `${proto}//${location.host}/api/tables/${enc(code)}/socket`;
}
