/**
 * Per-address limits on the two rare routes that create things for anyone who asks (docs/PERFORMANCE.md
 * "Security decisions"): table creation (each is a Durable Object) and the anonymous account writes
 * under /api/auth (WebAuthn challenge rows, new accounts). Both are counted in the address bucket's
 * limiter object (worker/security/GuessLimiter.ts), each in its own named counter, next to the
 * room-code guessing counter, which must behave as before.
 */
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TableListResponse } from "../../shared/protocol/http.ts";
import { addressBucket, isLoopback } from "../../worker/security/address.ts";
import { AUTH_LIMIT, CREATE_LIMIT, GUESS_LIMIT, type GuessLimiter, type LimitName } from "../../worker/security/GuessLimiter.ts";
import { GOOD_PASSWORD, nick } from "./accounts-helpers.ts";
import { ORIGIN, createTable, worker } from "./helpers.ts";

const WINDOW_S = (limit: { windowMs: number }) => limit.windowMs / 1000;

function postFrom(ip: string | null, path: string, body: unknown): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (ip !== null) headers["cf-connecting-ip"] = ip;
  return worker.fetch(new Request(ORIGIN + path, { method: "POST", headers, body: JSON.stringify(body) }));
}
const getFrom = (ip: string, path: string) => worker.fetch(new Request(ORIGIN + path, { headers: { "cf-connecting-ip": ip } }));

const limiter = (ip: string) => env.GUESS_LIMITER.get(env.GUESS_LIMITER.idFromName(addressBucket(ip)));

/** Use a counter up directly in the object (no request, so this isolate has not seen the block). */
async function useUp(ip: string, name: LimitName, max: number): Promise<void> {
  const stub = limiter(ip);
  for (let i = 0; i < max; i++) await stub.hit(name);
  expect((await stub.status(name)).blocked).toBe(true);
}

/** Public tables are listed in the directory: their number shows whether a request created one. */
async function publicTables(): Promise<number> {
  const res = await worker.fetch(new Request(`${ORIGIN}/api/tables`));
  return ((await res.json()) as TableListResponse).tables.length;
}

async function challengeRows(): Promise<number> {
  return (await env.DB.prepare("SELECT COUNT(*) AS n FROM challenges").first<{ n: number }>())!.n;
}
async function accountRows(): Promise<number> {
  return (await env.DB.prepare("SELECT COUNT(*) AS n FROM users").first<{ n: number }>())!.n;
}

async function expectRateLimited(res: Response, limit: { windowMs: number }): Promise<void> {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(WINDOW_S(limit) - 60);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_S(limit));
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe("rate-limited");
  expect(body.error.message).toMatch(/try again in \d+ min/);
}

/** The window ends: move the clock past it and run the limiter's alarm, which must leave no storage. */
async function endWindow(ip: string, limit: { windowMs: number }): Promise<void> {
  vi.setSystemTime(Date.now() + limit.windowMs + 1_000);
  const stub = limiter(ip);
  expect(await runDurableObjectAlarm(stub)).toBe(true);
  const tables = await runInDurableObject(stub, (_i: GuessLimiter, state) =>
    state.storage.sql.exec("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'").one().n,
  );
  expect(tables).toBe(0);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("table creation is limited per client address", () => {
  it(`${CREATE_LIMIT.max} tables per address per window; the next is 429 rate-limited with retry-after and creates no table; another address is unaffected`, async () => {
    const ip = "198.51.100.21";
    for (let i = 0; i < CREATE_LIMIT.max; i++) {
      const res = await postFrom(ip, "/api/tables", { presetId: "sport", public: true });
      expect(res.status, `creation ${i + 1}`).toBe(201);
    }
    const before = await publicTables();
    await expectRateLimited(await postFrom(ip, "/api/tables", { presetId: "sport", public: true }), CREATE_LIMIT);
    expect(await publicTables()).toBe(before);
    expect((await limiter(ip).status("create")).count).toBe(CREATE_LIMIT.max);
    // Someone else creates as usual.
    expect((await postFrom("198.51.100.22", "/api/tables", { presetId: "sport", public: true })).status).toBe(201);
    expect(await publicTables()).toBe(before + 1);
  });

  it("a bucket another isolate used up is refused by the object itself (count past the limit), and nothing is created", async () => {
    const ip = "198.51.100.23";
    await useUp(ip, "create", CREATE_LIMIT.max);
    const before = await publicTables();
    await expectRateLimited(await postFrom(ip, "/api/tables", { presetId: "sport", public: true }), CREATE_LIMIT);
    expect(await publicTables()).toBe(before);
    expect((await limiter(ip).status("create")).count).toBe(CREATE_LIMIT.max + 1);
  });

  it("this isolate remembers a blocked bucket: further requests are refused without asking the object", async () => {
    const ip = "198.51.100.24";
    await useUp(ip, "create", CREATE_LIMIT.max);
    await expectRateLimited(await postFrom(ip, "/api/tables", { presetId: "sport" }), CREATE_LIMIT);
    await runInDurableObject(limiter(ip), (_i: GuessLimiter, state) => void state.storage.sql.exec("DELETE FROM counters"));
    await expectRateLimited(await postFrom(ip, "/api/tables", { presetId: "sport" }), CREATE_LIMIT);
    expect((await limiter(ip).status("create")).count).toBe(0);
  });

  it("after the window ends (the limiter's alarm), the address creates tables again", async () => {
    const ip = "198.51.100.25";
    await useUp(ip, "create", CREATE_LIMIT.max);
    await expectRateLimited(await postFrom(ip, "/api/tables", { presetId: "sport" }), CREATE_LIMIT);
    await endWindow(ip, CREATE_LIMIT);
    expect((await postFrom(ip, "/api/tables", { presetId: "sport" })).status).toBe(201);
    expect((await limiter(ip).status("create")).count).toBe(1);
  });

  it("IPv6 is counted per /64", async () => {
    await useUp("2001:db8:cc:1::1", "create", CREATE_LIMIT.max);
    await expectRateLimited(await postFrom("2001:db8:cc:1:abcd::7", "/api/tables", { presetId: "sport" }), CREATE_LIMIT);
    expect((await postFrom("2001:db8:cc:2::1", "/api/tables", { presetId: "sport" })).status).toBe(201);
  });

  it("loopback (wrangler dev's 127.0.0.1 for local tools) and requests without CF-Connecting-IP are not counted", async () => {
    for (const ip of ["127.0.0.1", "::1"]) {
      for (let i = 0; i < 2; i++) expect((await postFrom(ip, "/api/tables", { presetId: "sport" })).status).toBe(201);
      expect(await limiter(ip).status("create")).toEqual({ blocked: false, until: 0, count: 0 });
    }
    expect(isLoopback("127.8.9.10")).toBe(true);
    expect(isLoopback("::ffff:127.0.0.1")).toBe(true);
    expect(isLoopback("0:0:0:0:0:0:0:1")).toBe(true);
    expect(isLoopback("128.0.0.1")).toBe(false);
    expect(isLoopback("::2")).toBe(false);
    expect(isLoopback("2001:db8::1")).toBe(false);
    expect((await postFrom(null, "/api/tables", { presetId: "sport" })).status).toBe(201);
  });
});

describe("account writes under /api/auth are limited per client address", () => {
  it(`${AUTH_LIMIT.max} challenge and sign-up requests per address per window (all three routes share it); the next stores no challenge and no account; another address is unaffected`, async () => {
    const ip = "203.0.113.31";
    const routes = [
      () => postFrom(ip, "/api/auth/passkey/login/options", {}),
      () => postFrom(ip, "/api/auth/passkey/register/options", { nickname: nick("pk") }),
    ];
    for (let i = 0; i < AUTH_LIMIT.max - 2; i++) {
      const res = await routes[i % 2]!();
      expect(res.status, `request ${i + 1}`).toBe(200);
    }
    const users = await accountRows();
    for (let i = 0; i < 2; i++) expect((await postFrom(ip, "/api/auth/password/register", { nickname: nick("pw"), password: GOOD_PASSWORD })).status).toBe(200);
    expect(await accountRows()).toBe(users + 2);

    const challenges = await challengeRows();
    await expectRateLimited(await postFrom(ip, "/api/auth/passkey/login/options", {}), AUTH_LIMIT);
    await expectRateLimited(await postFrom(ip, "/api/auth/passkey/register/options", { nickname: nick("pk") }), AUTH_LIMIT);
    expect(await challengeRows()).toBe(challenges);
    const refused = nick("pw");
    await expectRateLimited(await postFrom(ip, "/api/auth/password/register", { nickname: refused, password: GOOD_PASSWORD }), AUTH_LIMIT);
    expect(await accountRows()).toBe(users + 2);

    expect((await postFrom("203.0.113.32", "/api/auth/passkey/login/options", {})).status).toBe(200);
    expect(await challengeRows()).toBe(challenges + 1);
    // The refused nickname is still free.
    expect((await postFrom("203.0.113.32", "/api/auth/password/register", { nickname: refused, password: GOOD_PASSWORD })).status).toBe(200);
  });

  it("a used-up bucket is refused by the object too; after the window ends (the limiter's alarm) challenges are served again", async () => {
    const ip = "203.0.113.33";
    await useUp(ip, "auth", AUTH_LIMIT.max);
    const challenges = await challengeRows();
    await expectRateLimited(await postFrom(ip, "/api/auth/passkey/register/options", { nickname: nick("pk") }), AUTH_LIMIT);
    expect(await challengeRows()).toBe(challenges);
    await endWindow(ip, AUTH_LIMIT);
    expect((await postFrom(ip, "/api/auth/passkey/register/options", { nickname: nick("pk") })).status).toBe(200);
    expect((await limiter(ip).status("auth")).count).toBe(1);
  });

  it("other account routes do not count: /api/me, profiles, password sign-in (limited by its own failure counters)", async () => {
    const ip = "203.0.113.34";
    await getFrom(ip, "/api/me");
    await getFrom(ip, "/api/users/nobody");
    await postFrom(ip, "/api/auth/password/login", { nickname: "nobody", password: GOOD_PASSWORD });
    await postFrom(ip, "/api/auth/logout", {});
    expect(await limiter(ip).status("auth")).toEqual({ blocked: false, until: 0, count: 0 });
  });
});

describe("the counters of one address are separate", () => {
  it("a bucket at its creation and auth limits still looks up codes (guess counter untouched), and guessing does not use up creation", async () => {
    const ip = "192.0.2.77";
    const { code } = await createTable();
    await useUp(ip, "create", CREATE_LIMIT.max);
    await useUp(ip, "auth", AUTH_LIMIT.max);
    expect((await getFrom(ip, `/api/tables/${code}`)).status).toBe(200);
    expect((await getFrom(ip, "/api/tables/ZZZZZZ")).status).toBe(404);
    expect((await limiter(ip).status("guess")).count).toBe(1);

    const other = "192.0.2.78";
    for (let i = 0; i < GUESS_LIMIT.max; i++) await getFrom(other, "/api/tables/ZZZZZZ");
    expect((await getFrom(other, `/api/tables/${code}`)).status).toBe(429);
    expect((await postFrom(other, "/api/tables", { presetId: "sport" })).status).toBe(201);
    expect((await postFrom(other, "/api/auth/passkey/login/options", {})).status).toBe(200);
    expect(await limiter(other).status("create")).toMatchObject({ blocked: false, count: 1 });
  });

  it("one alarm serves every counter: it drops only the ended windows and re-arms for the next", async () => {
    const ip = "192.0.2.79";
    const stub = limiter(ip);
    const t0 = Date.now();
    vi.setSystemTime(t0);
    await stub.hit("create");
    vi.setSystemTime(t0 + 5 * 60_000);
    await stub.hit("auth");
    const alarm = await runInDurableObject(stub, (_i: GuessLimiter, state) => state.storage.getAlarm());
    expect(alarm).toBe(t0 + CREATE_LIMIT.windowMs);
    vi.setSystemTime(t0 + CREATE_LIMIT.windowMs);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await stub.status("create")).count).toBe(0);
    expect(await stub.status("auth")).toMatchObject({ count: 1, until: t0 + 5 * 60_000 + AUTH_LIMIT.windowMs });
    expect(await runInDurableObject(stub, (_i: GuessLimiter, state) => state.storage.getAlarm())).toBe(t0 + 5 * 60_000 + AUTH_LIMIT.windowMs);
  });
});
