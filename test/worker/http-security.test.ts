/**
 * HTTP hardening (issue 6 "HTTP"): security headers on pages, assets and the API; WebSocket upgrades
 * check Origin; room-code and return-code guessing is limited per client address (CF-Connecting-IP).
 * RULES.md §1 Secrets: a table code is the key to a table, a return code the key to a seat.
 */
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import headersFile from "../../web/public/_headers?raw";
import { addressBucket } from "../../worker/security/address.ts";
import { GUESS_LIMIT, type GuessLimiter } from "../../worker/security/GuessLimiter.ts";
import { API_CSP, COMMON_HEADERS, PAGE_CSP } from "../../worker/security/headers.ts";
import { ORIGIN, api, createTable, deviceFor, join, worker } from "./helpers.ts";

function expectSecurityHeaders(res: Response, csp: string) {
  expect(res.headers.get("content-security-policy")).toBe(csp);
  expect(res.headers.get("x-frame-options")).toBe("DENY");
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("referrer-policy")).toBe("no-referrer");
}

describe("security headers", () => {
  it("API responses: a data-only CSP, no framing, nosniff, no referrer — on success and on error", async () => {
    const { code } = await createTable();
    expectSecurityHeaders(await api(`/api/tables/${code}`), API_CSP);
    expectSecurityHeaders(await api("/api/tables/ZZZZZZ"), API_CSP);
    expectSecurityHeaders(await api("/api/nothing-here"), API_CSP);
    expectSecurityHeaders(await api("/api/tables", { method: "POST", body: "{" }), API_CSP);
  });

  it("pages served through the worker carry the SPA's CSP (frame-ancestors 'none', scripts from our origin only)", async () => {
    const res = await api("/t/K7QX3M");
    expectSecurityHeaders(res, PAGE_CSP);
    expect(PAGE_CSP).toContain("default-src 'self'");
    expect(PAGE_CSP).toContain("frame-ancestors 'none'");
    expect(PAGE_CSP).toContain("connect-src 'self'");
    expect(PAGE_CSP).not.toContain("unsafe-inline");
    expect(PAGE_CSP).not.toContain("unsafe-eval");
    for (const [k, v] of Object.entries(COMMON_HEADERS)) expect(res.headers.get(k)).toBe(v);
  });

  it("web/public/_headers (assets served without the worker) says exactly what the worker says", () => {
    const rules = new Map<string, string>();
    let path = "";
    for (const line of headersFile.split("\n")) {
      if (!line.trim() || line.startsWith("#")) continue;
      if (!line.startsWith(" ")) path = line.trim();
      else if (path === "/*") {
        const i = line.indexOf(":");
        rules.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
      }
    }
    expect(rules.get("content-security-policy")).toBe(PAGE_CSP);
    for (const [k, v] of Object.entries(COMMON_HEADERS)) expect(rules.get(k), k).toBe(v);
  });

  it("HSTS only over https", async () => {
    const res = await worker.fetch(new Request("https://mafia.test/api/tables/ZZZZZZ"));
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect((await api("/api/tables/ZZZZZZ")).headers.get("strict-transport-security")).toBeNull();
  });
});

describe("WebSocket upgrades check Origin", () => {
  const upgrade = (code: string, origin: string | null, base = ORIGIN) =>
    worker.fetch(new Request(`${base}/api/tables/${code}/socket`, { headers: origin === null ? { Upgrade: "websocket" } : { Upgrade: "websocket", Origin: origin } }));

  it("same origin and non-browser clients (no Origin) are accepted; other sites, `null` and garbage are refused with 403 forbidden-origin", async () => {
    const { code } = await createTable();
    for (const origin of [ORIGIN, null]) {
      const res = await upgrade(code, origin);
      expect(res.status, String(origin)).toBe(101);
      res.webSocket!.accept();
      res.webSocket!.close(1000, "done");
    }
    for (const origin of ["https://evil.example", "http://mafia.test.evil.example", "https://mafia.test", "http://mafia.test:8080", "null", "not a url", "file://", "chrome-extension://abc"]) {
      const res = await upgrade(code, origin);
      expect(res.status, origin).toBe(403);
      expect(res.webSocket).toBeFalsy();
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("forbidden-origin");
    }
  });

  it("development: a loopback page (vite on localhost:5173) may reach a loopback server, never a public one", async () => {
    const { code } = await createTable();
    const ok = await upgrade(code, "http://localhost:5173", "http://127.0.0.1:8787");
    expect(ok.status).toBe(101);
    ok.webSocket!.accept();
    ok.webSocket!.close(1000, "done");
    expect((await upgrade(code, "http://localhost:5173")).status).toBe(403);
  });
});

describe("code guessing is limited per client address", () => {
  const from = (ip: string, path: string, init: RequestInit = {}) =>
    worker.fetch(new Request(ORIGIN + path, { ...init, headers: { ...(init.headers as Record<string, string>), "cf-connecting-ip": ip } }));
  const postFrom = (ip: string, path: string, body: unknown) =>
    from(ip, path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  it(`after ${GUESS_LIMIT.max} unknown codes the address gets 429 (retry-after) for every code, a real one included; other addresses are unaffected`, async () => {
    const { code } = await createTable();
    const ip = "198.51.100.7";
    const statuses: number[] = [];
    for (let i = 0; i < GUESS_LIMIT.max; i++) {
      const guess = `ZZZZ${"23456789ABCDEFGHJKMNPQRSTUVWXY"[i]}Z`;
      statuses.push((await from(ip, `/api/tables/${guess}`)).status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429); // the failure that used the window up
    const blocked = await from(ip, `/api/tables/${code}`);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(GUESS_LIMIT.windowMs / 1000 - 60);
    expect(((await blocked.json()) as { error: { code: string } }).error.code).toBe("rate-limited");
    expect((await postFrom(ip, `/api/tables/${code}/join`, { nickname: "Eve", deviceId: deviceFor("Eve") })).status).toBe(429);
    expect((await from(ip, `/api/tables/${code}/socket`, { headers: { Upgrade: "websocket" } })).status).toBe(429);
    // Creating tables and the lobby are not code lookups.
    expect((await postFrom(ip, "/api/tables", { presetId: "sport" })).status).toBe(201);
    // Someone else is served as usual.
    expect((await from("198.51.100.8", `/api/tables/${code}`)).status).toBe(200);
  });

  it("honest traffic never counts: successful lookups, joins and sockets from one address any number of times", async () => {
    const { code } = await createTable();
    const ip = "192.0.2.44";
    for (let i = 0; i < GUESS_LIMIT.max * 2; i++) expect((await from(ip, `/api/tables/${code}`)).status).toBe(200);
    expect((await postFrom(ip, `/api/tables/${code}/join`, { nickname: "Ann", deviceId: deviceFor("Ann") })).status).toBe(200);
    const stub = env.GUESS_LIMITER.get(env.GUESS_LIMITER.idFromName(addressBucket(ip)));
    expect(await stub.status("guess")).toEqual({ blocked: false, until: 0, count: 0 });
  });

  it("wrong return codes count as failures too (seat guessing), across tables", async () => {
    const ip = "203.0.113.50";
    const codes = [];
    for (let i = 0; i < 3; i++) {
      const { code } = await createTable();
      await join(code, "Ann");
      codes.push(code);
    }
    const statuses: number[] = [];
    // Spread over three tables: the address is counted across tables.
    for (let i = 0; i < GUESS_LIMIT.max; i++) statuses.push((await postFrom(ip, `/api/tables/${codes[i % 3]}/return`, { returnCode: "ABCDEFGHJK" })).status);
    expect(statuses.slice(0, -1).every((s) => s === 403)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await postFrom(ip, `/api/tables/${codes[0]}/return`, { returnCode: "ABCDEFGHJK" })).status).toBe(429);
  });

  it("IPv6 is counted per /64: rotating addresses inside one /64 does not help", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < GUESS_LIMIT.max; i++) statuses.push((await from(`2001:db8:aa:1::${(i + 1).toString(16)}`, "/api/tables/ZZZZZZ")).status);
    expect(statuses.at(-1)).toBe(429);
    expect((await from("2001:db8:aa:1:ffff:1:2:3", "/api/tables/ZZZZZZ")).status).toBe(429);
    expect((await from("2001:db8:aa:2::1", "/api/tables/ZZZZZZ")).status).toBe(404);
  });

  it("address buckets: v4 as is, v6 by /64, v4-mapped v6 as v4", () => {
    expect(addressBucket("203.0.113.5")).toBe("v4:203.0.113.5");
    expect(addressBucket("2001:db8::1")).toBe("v6:2001:db8:0:0::/64");
    expect(addressBucket("2001:0db8:0000:0000:abcd::1")).toBe("v6:2001:db8:0:0::/64");
    expect(addressBucket("2001:DB8:0:1:2:3:4:5")).toBe("v6:2001:db8:0:1::/64");
    expect(addressBucket("::ffff:198.51.100.3")).toBe("v4:198.51.100.3");
    expect(addressBucket("fe80::1%eth0")).toBe("v6:fe80:0:0:0::/64");
    expect(addressBucket("garbage")).toBe("other:garbage");
  });

  it("the window ends: the limiter's alarm forgets the address and leaves no storage", async () => {
    const bucket = addressBucket("192.0.2.200");
    const stub = env.GUESS_LIMITER.get(env.GUESS_LIMITER.idFromName(bucket));
    for (let i = 0; i < GUESS_LIMIT.max; i++) await stub.hit("guess");
    expect((await stub.status("guess")).blocked).toBe(true);
    // The alarm is set for the window's end; move the clock there before running it.
    vi.setSystemTime(Date.now() + GUESS_LIMIT.windowMs);
    try {
      expect(await runDurableObjectAlarm(stub)).toBe(true);
      const tables = await runInDurableObject(stub, (_i: GuessLimiter, state) => state.storage.sql.exec("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'counters'").one().n);
      expect(tables).toBe(0);
      expect(await stub.status("guess")).toEqual({ blocked: false, until: 0, count: 0 });
    } finally {
      vi.useRealTimers();
    }
  });
});
