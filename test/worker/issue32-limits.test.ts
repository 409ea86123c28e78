/**
 * Issue 32, findings 6 and 8: brute-force limits hold under concurrency, and no one can lock a seat.
 * - 120 concurrent password sign-ins to one account from one address evaluate at most 10 passwords
 *   (LOGIN_LIMITS.addressAccount); before, the check-then-count let 66 and 13 through.
 * - 300 concurrent table-code guesses from one address: at most GUESS_LIMIT.max lookups, the rest 429,
 *   and a real code asked after them is refused too; before, all 300 got 404.
 * - Issue 36 stop: an honest burst from one address (a venue's players opening their tables at once)
 *   all gets through: attempts held by lookups in flight make a refusal `busy`, and the guard asks again.
 */
import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { Env } from "../../worker/env.ts";
import { guessGuard } from "../../worker/security/guess-guard.ts";
import { LOGIN_LIMITS } from "../../worker/accounts/limits.ts";
import { GUESS_LIMIT } from "../../worker/security/GuessLimiter.ts";
import { RETURN_ATTEMPTS } from "../../worker/table/return-codes.ts";
import { nick, post, signUp } from "./accounts-helpers.ts";
import { createTable, ORIGIN, worker } from "./helpers.ts";

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((m, s) => ((m[s] = (m[s] ?? 0) + 1), m), {});

describe("issue 32 finding 6: brute-force limits are atomic", () => {
  it("120 concurrent sign-ins with wrong passwords to one account evaluate at most 10 passwords", async () => {
    const name = nick("F6Acct");
    await signUp(name);
    const ip = "203.0.113.66";
    const statuses = await Promise.all(
      Array.from({ length: 120 }, (_, i) => post("/api/auth/password/login", { nickname: name, password: `wrong password ${i}` }, null, { "cf-connecting-ip": ip }).then((r) => r.status)),
    );
    const t = tally(statuses);
    console.log(`finding 6: 120 concurrent sign-ins → ${JSON.stringify(t)} (401 = a password evaluated)`);
    expect((t[401] ?? 0) + (t[200] ?? 0)).toBeLessThanOrEqual(LOGIN_LIMITS.addressAccount.max);
    expect(t[429]).toBeGreaterThanOrEqual(120 - LOGIN_LIMITS.addressAccount.max);
    // The right password is refused too from that address while the window lasts (nothing is evaluated);
    // from another address the owner signs in (test/worker/login-lockout.test.ts).
    expect((await post("/api/auth/password/login", { nickname: name, password: "correct horse 42" }, null, { "cf-connecting-ip": ip })).status).toBe(429);
    expect((await post("/api/auth/password/login", { nickname: name, password: "correct horse 42" }, null, { "cf-connecting-ip": "203.0.113.67" })).status).toBe(200);
  });

  it("120 concurrent sign-ins from one address over several accounts evaluate at most 30 passwords (the address's limit)", async () => {
    const names = [nick("F6A"), nick("F6B"), nick("F6C"), nick("F6D"), nick("F6E"), nick("F6F")];
    await Promise.all(names.map((n) => signUp(n)));
    const ip = "2001:db8:32:6::1";
    const statuses = await Promise.all(
      Array.from({ length: 120 }, (_, i) => post("/api/auth/password/login", { nickname: names[i % names.length], password: `wrong password ${i}` }, null, { "cf-connecting-ip": ip }).then((r) => r.status)),
    );
    const t = tally(statuses);
    console.log(`finding 6: 120 concurrent sign-ins over ${names.length} accounts from one address → ${JSON.stringify(t)}`);
    expect(t[401] ?? 0).toBeLessThanOrEqual(LOGIN_LIMITS.address.max);
  });

  it("300 concurrent code guesses from one address: at most GUESS_LIMIT.max lookups, then 429 — a real code included", async () => {
    const { code } = await createTable();
    const ip = "198.51.100.232";
    const alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXY";
    const statuses = await Promise.all(
      Array.from({ length: 300 }, (_, i) => {
        const guess = `Z${alphabet[i % 30]}${alphabet[Math.floor(i / 30) % 30]}ZZZ`;
        return worker.fetch(new Request(`${ORIGIN}/api/tables/${guess}`, { headers: { "cf-connecting-ip": ip } })).then((r) => r.status);
      }),
    );
    const t = tally(statuses);
    console.log(`finding 6: 300 concurrent code guesses → ${JSON.stringify(t)}`);
    expect(t[404] ?? 0).toBeLessThanOrEqual(GUESS_LIMIT.max);
    expect(t[429]).toBeGreaterThanOrEqual(300 - GUESS_LIMIT.max);
    const real = await worker.fetch(new Request(`${ORIGIN}/api/tables/${code}`, { headers: { "cf-connecting-ip": ip } }));
    expect(real.status).toBe(429);
  });

  it("loopback (wrangler dev on one's own machine; never an address on the edge) is not counted: 40 unknown codes, 40 × 404", async () => {
    for (const ip of ["127.0.0.1", "::1"]) {
      const alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXY";
      const guess = (i: number) => `Y${alphabet[i % 30]}${alphabet[Math.floor(i / 30) % 30]}YYY`;
      const statuses = await Promise.all(Array.from({ length: 40 }, (_, i) => worker.fetch(new Request(`${ORIGIN}/api/tables/${guess(i)}`, { headers: { "cf-connecting-ip": ip } })).then((r) => r.status)));
      expect(tally(statuses), ip).toEqual({ 404: 40 });
    }
  });

  it("an honest burst (60 lookups of a real code at once, one address) all succeed and never lock it: the attempts are given back", async () => {
    const { code } = await createTable();
    const ip = "198.51.100.234";
    const get = () => worker.fetch(new Request(`${ORIGIN}/api/tables/${code}`, { headers: { "cf-connecting-ip": ip } })).then((r) => r.status);
    const statuses = await Promise.all(Array.from({ length: 60 }, get));
    expect(tally(statuses)).toEqual({ 200: 60 });
    for (let i = 0; i < 3; i++) expect(await get()).toBe(200);
  });

  it("a venue's burst (100 players behind one address open their tables at once, each lookup 30 ms): all get through, never more than GUESS_LIMIT.max − 1 in flight", async () => {
    // A tournament round at a club (RULES.md §9): every player's page opens its new table the moment the
    // draw is out. Attempts held by lookups in flight are `busy`, not failures: they wait and ask again.
    let inFlight = 0;
    let most = 0;
    const app = new Hono<{ Bindings: Env }>().use("/t/:code", guessGuard()).get("/t/:code", async (c) => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 30));
      inFlight--;
      return c.json({ code: c.req.param("code") }, 200);
    });
    const ip = "198.51.100.235";
    const statuses = await Promise.all(Array.from({ length: 100 }, (_, i) => Promise.resolve(app.request(`/t/T${i % 10}`, { headers: { "cf-connecting-ip": ip } }, env)).then((r) => r.status)));
    console.log(`venue burst: 100 honest lookups → ${JSON.stringify(tally(statuses))}, at most ${most} in flight`);
    expect(tally(statuses)).toEqual({ 200: 100 });
    expect(most).toBeLessThanOrEqual(GUESS_LIMIT.max - 1);
  });

  it("the limiter tells a window held by lookups in flight (busy: ask again) from one used up by failures (blocked)", async () => {
    const limiter = env.GUESS_LIMITER.get(env.GUESS_LIMITER.idFromName("limiter-busy-test"));
    const room = GUESS_LIMIT.max - 1;
    for (let i = 0; i < room; i++) expect((await limiter.reserve("guess")).allowed).toBe(true);
    // Every attempt still in flight: the next is refused, but busy — they may be given back.
    expect(await limiter.reserve("guess")).toMatchObject({ allowed: false, blocked: false, busy: true });
    // One is given back (its table was found): room for one more.
    await limiter.refund("guess");
    expect((await limiter.reserve("guess")).allowed).toBe(true);
    // All of them fail: counted, no longer in flight — blocked, with nothing to wait for.
    for (let i = 0; i < room; i++) await limiter.fail("guess");
    const verdict = await limiter.reserve("guess");
    expect(verdict).toMatchObject({ allowed: false, blocked: true });
    expect(verdict.busy).toBeUndefined();
  });

  it("the guard decides before the lookup: 300 guesses in flight at once (each lookup 30 ms) run at most GUESS_LIMIT.max lookups", async () => {
    // The same middleware in front of a slow lookup that always fails, so every request is in flight
    // before any has finished (as on the edge, where they land on many isolates at once).
    let lookups = 0;
    const app = new Hono<{ Bindings: Env }>().use("/t/:code", guessGuard()).get("/t/:code", async (c) => {
      lookups++;
      await new Promise((r) => setTimeout(r, 30));
      return c.json({ error: { code: "not-found" } }, 404);
    });
    const ip = "198.51.100.233";
    const statuses = await Promise.all(Array.from({ length: 300 }, (_, i) => Promise.resolve(app.request(`/t/G${i}`, { headers: { "cf-connecting-ip": ip } }, env)).then((r) => r.status)));
    const t = tally(statuses);
    console.log(`finding 6: 300 guesses in flight → ${lookups} lookups, ${JSON.stringify(t)}`);
    expect(lookups).toBeLessThanOrEqual(GUESS_LIMIT.max);
    expect(t[429]).toBeGreaterThanOrEqual(300 - GUESS_LIMIT.max);
  });
});

describe("issue 32 finding 8: no one locks a seat with wrong return codes (the probe: ten /64s × 20)", () => {
  it("IPv6 /64s × 20 wrong codes each (twelve, past the table's 200) do not lock the real player out; the addresses that failed are refused", async () => {
    const { code } = await createTable();
    const res = await post(`/api/tables/${code}/join`, { nickname: "F8Ann", deviceId: "dev-f8-ann-000000000" }, null, { "cf-connecting-ip": "192.0.2.80" });
    expect(res.status).toBe(200);
    const ann = (await res.json()) as { playerId: string; returnCode: string };
    const wrong = ann.returnCode.startsWith("2") ? "3" + ann.returnCode.slice(1) : "2" + ann.returnCode.slice(1);
    const ret = (returnCode: string, ip: string) => post(`/api/tables/${code}/return`, { returnCode }, null, { "cf-connecting-ip": ip });
    // Twelve networks (each stays within its own limit, GUESS_LIMIT.max − 1 lookups) together pass the
    // table's RETURN_ATTEMPTS.max wrong codes per window.
    const seen = (
      await Promise.all(
        Array.from({ length: 12 }, async (_, net) => {
          const out: number[] = [];
          for (let i = 0; i < 20; i++) out.push((await ret(wrong, `2001:db8:8${net.toString(16)}::${i + 1}`)).status);
          return out;
        }),
      )
    ).flat();
    expect(seen.filter((s) => s === 403).length).toBeGreaterThanOrEqual(RETURN_ATTEMPTS.max);
    // The real player, from an address that has not failed, comes back at once.
    const back = await ret(ann.returnCode, "192.0.2.81");
    expect(back.status, await back.clone().text()).toBe(200);
    expect(((await back.json()) as { playerId: string }).playerId).toBe(ann.playerId);
    // An address that guessed here is refused, even with the right code (it would otherwise tell).
    expect((await ret(ann.returnCode, "2001:db8:80::99")).status).toBe(429);
    expect((await ret(ann.returnCode, "2001:db8:8b::99")).status).toBe(429);
  });
});
