/** Accounts in the worker tests: requests with a session cookie, sign-up shortcuts. */
import { expect } from "vitest";
import type { MeResponse } from "../../shared/protocol/accounts.ts";
import type { OpenEveningResponse } from "../../shared/protocol/clubs.ts";
import type { JoinResponse } from "../../shared/protocol/http.ts";
import { api, type Client, connectAs, deviceFor, from, ORIGIN } from "./helpers.ts";
import { SoftAuthenticator } from "./webauthn.ts";

/** The `session=…` pair from a response's Set-Cookie, or null. */
export function sessionCookie(res: Response): string | null {
  const header = res.headers.get("set-cookie") ?? "";
  const m = /(?:^|,\s*)session=([^;]*)/.exec(header);
  return m && m[1] ? `session=${m[1]}` : null;
}

export function post(path: string, body: unknown, cookie?: string | null, headers: Record<string, string> = {}): Promise<Response> {
  return api(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}), ...headers },
    body: JSON.stringify(body),
  });
}

/** A response's JSON body, after checking its status (the body is the message when it is not the one expected). */
export async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

export function get(path: string, cookie?: string | null): Promise<Response> {
  return api(path, { headers: cookie ? { cookie } : {} });
}

export async function me(cookie: string | null): Promise<MeResponse> {
  return (await get("/api/me", cookie)).json();
}

let n = 0;
/** A fresh, unique nickname. */
export const nick = (base = "user") => `${base}${Date.now().toString(36).slice(-5)}${++n}`;

export const GOOD_PASSWORD = "correct horse 42";

/** Sign up with a password; returns the session cookie. */
export async function signUp(nickname: string, password = GOOD_PASSWORD): Promise<string> {
  const res = await post("/api/auth/password/register", { nickname, password });
  if (res.status !== 200) throw new Error(`sign-up ${nickname}: ${res.status} ${await res.text()}`);
  return sessionCookie(res)!;
}

/** Sign up with a passkey; returns the authenticator and the cookie. */
export async function signUpWithPasskey(nickname: string): Promise<{ authenticator: SoftAuthenticator; cookie: string; credential: Record<string, unknown> }> {
  const authenticator = await SoftAuthenticator.create();
  const opts = await post("/api/auth/passkey/register/options", { nickname });
  if (opts.status !== 200) throw new Error(`options: ${opts.status} ${await opts.text()}`);
  const { options } = (await opts.json()) as { options: Parameters<SoftAuthenticator["register"]>[0] };
  const credential = await authenticator.register(options, ORIGIN);
  const res = await post("/api/auth/passkey/register/verify", { response: credential });
  if (res.status !== 200) throw new Error(`verify: ${res.status} ${await res.text()}`);
  return { authenticator, cookie: sessionCookie(res)!, credential };
}

/** A signed-in person of the club tests: their nickname and session cookie. */
type Account = { nick: string; cookie: string };

/**
 * `who` sits at table `code` by their account (their own device and address) and connects; the client
 * is added to `keep` (closed by the file's afterEach).
 */
export async function sitByAccount(code: string, who: Account, keep: Client[]): Promise<{ join: JoinResponse; client: Client }> {
  const res = await post(`/api/tables/${code}/join`, { nickname: who.nick, deviceId: deviceFor(who.nick) }, who.cookie, from(who.nick));
  expect(res.status, await res.clone().text()).toBe(200);
  const join = (await res.json()) as JoinResponse;
  const client = await connectAs(code, join.token, who.nick, from(who.nick)["cf-connecting-ip"]);
  keep.push(client);
  return { join, client };
}

/** The owner opens the evening's table as its live host and connects the host screen (added to `keep`). */
export async function openEveningAsHost(c: { owner: Account; evening: string }, keep: Client[]): Promise<{ code: string; host: Client; organizerToken: string }> {
  const o = await json<OpenEveningResponse>(await post(`${c.evening}/open`, {}, c.owner.cookie), 201);
  const host = await connectAs(o.code, o.organizerToken!, "host");
  keep.push(host);
  return { code: o.code, host, organizerToken: o.organizerToken! };
}
