/**
 * Accounts (issue 7; RULES.md §8 "Accounts: guests can play; creating a city table requires an
 * account"; docs/ACCOUNTS.md): password sign-up and sign-in, sessions, duplicate names, weak passwords,
 * brute-force limits. Passkeys: accounts-passkey.test.ts. City: accounts-city.test.ts.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { GOOD_PASSWORD, get, me, nick, post, sessionCookie, signUp } from "./accounts-helpers.ts";

const DB = env.DB;

describe("password sign-up and sign-in", () => {
  it("signs up, sets a HttpOnly Secure SameSite=Lax cookie on Path=/, and stores only the session's digest", async () => {
    const name = nick("Ann");
    const res = await post("/api/auth/password/register", { nickname: name, password: GOOD_PASSWORD });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { nickname: string; hasPassword: boolean; passkeys: number; rating: { games: number; ordinal: number } } };
    expect(body.user).toMatchObject({ nickname: name, hasPassword: true, passkeys: 0, rating: { games: 0 } });
    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^session=[A-Za-z0-9_-]{43};/);
    for (const attr of ["HttpOnly", "Secure", "SameSite=Lax", "Path=/"]) expect(setCookie).toContain(attr);
    const cookie = sessionCookie(res)!;
    expect((await me(cookie)).user?.nickname).toBe(name);

    const id = cookie.slice("session=".length);
    const rows = await DB.prepare("SELECT id_hash FROM sessions").all<{ id_hash: string }>();
    expect(rows.results.some((r) => r.id_hash.includes(id))).toBe(false);
    const user = await DB.prepare("SELECT password_hash, password_salt, password_iter FROM users WHERE nick = ?").bind(name).first<Record<string, unknown>>();
    // ≥ 100,000 (the brief) and ≤ 100,000 (Cloudflare's deployed runtime refuses more; local workerd does not check).
    expect(user!.password_iter).toBe(100_000);
    expect(String(user!.password_hash)).not.toContain(GOOD_PASSWORD);
  });

  it("signs in with the right password (any case of the nickname) and refuses a wrong one or an unknown name alike", async () => {
    const name = nick("Bob");
    await signUp(name);
    const ok = await post("/api/auth/password/login", { nickname: name.toUpperCase(), password: GOOD_PASSWORD });
    expect(ok.status).toBe(200);
    expect((await me(sessionCookie(ok))).user?.nickname).toBe(name);

    const wrong = await post("/api/auth/password/login", { nickname: name, password: "wrong password 1" });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe("bad-credentials");
    expect(sessionCookie(wrong)).toBeNull();
    const unknown = await post("/api/auth/password/login", { nickname: nick("nobody"), password: GOOD_PASSWORD });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual(await (await post("/api/auth/password/login", { nickname: nick("nobody"), password: GOOD_PASSWORD })).json());
  });

  it("refuses a duplicate nickname with 409, case-insensitively and after NFC normalisation, and stores nothing", async () => {
    const base = nick("zoe");
    const composed = `Zo\u00eb${base}`;
    const decomposed = `zoe\u0308${base.toUpperCase()}`;
    await signUp(composed);
    const before = await DB.prepare("SELECT COUNT(*) AS n FROM users").first<{ n: number }>();
    for (const name of [composed, composed.toLowerCase(), decomposed]) {
      const res = await post("/api/auth/password/register", { nickname: name, password: GOOD_PASSWORD });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("nickname-taken");
      const passkey = await post("/api/auth/passkey/register/options", { nickname: name });
      expect(passkey.status).toBe(409);
    }
    expect(await DB.prepare("SELECT COUNT(*) AS n FROM users").first<{ n: number }>()).toEqual(before);
  });

  it("refuses weak passwords with a clear reason and stores nothing", async () => {
    const name = nick("Weak");
    const cases: Array<[string, RegExp]> = [
      ["Short1!", /at least 10 characters/],
      ["abcdefghijkl", /two kinds of characters/],
      ["1234567890123", /two kinds of characters/],
      ["aaaaaaaaaaaaA", /too few different characters/],
      [`${name}1234`, /must not contain the nickname/],
    ];
    for (const [password, reason] of cases) {
      const res = await post("/api/auth/password/register", { nickname: name, password });
      expect(res.status, password).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("weak-password");
      expect(body.error.message).toMatch(reason);
    }
    expect(await DB.prepare("SELECT COUNT(*) AS n FROM users WHERE nick = ?").bind(name).first<{ n: number }>()).toEqual({ n: 0 });
    expect((await post("/api/auth/password/register", { nickname: name, password: "long enough 7" })).status).toBe(200);
  });
});

describe("sessions", () => {
  it("an expired session is no session: /api/me says null, the row is deleted and the cookie cleared", async () => {
    const cookie = await signUp(nick("Exp"));
    await DB.prepare("UPDATE sessions SET expires_at = ? WHERE user_id = (SELECT user_id FROM sessions ORDER BY created_at DESC LIMIT 1)").bind(Date.now() - 1).run();
    const res = await get("/api/me", cookie);
    expect(await res.json()).toEqual({ user: null });
    expect(res.headers.get("set-cookie")).toMatch(/session=;.*Max-Age=0/);
    expect((await post("/api/auth/logout-all", {}, cookie)).status).toBe(401);
  });

  it("sign out ends this session only; sign out everywhere ends every session of the account", async () => {
    const name = nick("Multi");
    const first = await signUp(name);
    const login = async () => sessionCookie(await post("/api/auth/password/login", { nickname: name, password: GOOD_PASSWORD }))!;
    const second = await login();
    const third = await login();

    const out = await post("/api/auth/logout", {}, first);
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/session=;/);
    expect((await me(first)).user).toBeNull();
    expect((await me(second)).user?.nickname).toBe(name);

    const all = await post("/api/auth/logout-all", {}, second);
    expect(all.status).toBe(200);
    expect((await me(second)).user).toBeNull();
    expect((await me(third)).user).toBeNull();
    const left = await DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE user_id = (SELECT id FROM users WHERE nick = ?)").bind(name).first<{ n: number }>();
    expect(left!.n).toBe(0);
  });

  it("a forged or unknown cookie is no session", async () => {
    expect((await me("session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).user).toBeNull();
  });
});

describe("brute force (failed password sign-ins, D1 counters)", () => {
  it("per address and account: after 10 failures in 15 min even the right password gets 429 there until the window ends", async () => {
    const name = nick("Target");
    await signUp(name);
    for (let i = 0; i < 10; i++) {
      expect((await post("/api/auth/password/login", { nickname: name, password: `wrong guess ${i}` })).status).toBe(401);
    }
    const blocked = await post("/api/auth/password/login", { nickname: name, password: GOOD_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { error: { code: string } }).error.code).toBe("rate-limited");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // The window ends → allowed again, and a success clears the account's counter.
    await DB.prepare("UPDATE login_failures SET window_start = window_start - 16 * 60000 WHERE key LIKE '%' || (SELECT id FROM users WHERE nick = ?)").bind(name).run();
    expect((await post("/api/auth/password/login", { nickname: name, password: GOOD_PASSWORD })).status).toBe(200);
    expect(await DB.prepare("SELECT COUNT(*) AS n FROM login_failures WHERE key LIKE '%' || (SELECT id FROM users WHERE nick = ?)").bind(name).first()).toEqual({ n: 0 });
  });

  it("per client address: 30 failures over many accounts block that address, not others", async () => {
    const victim = nick("Victim");
    await signUp(victim);
    const attacker = { "cf-connecting-ip": "203.0.113.77" };
    for (let i = 0; i < 30; i++) {
      const res = await post("/api/auth/password/login", { nickname: nick("spray"), password: `guess number ${i}` }, null, attacker);
      expect(res.status).toBe(401);
    }
    const blocked = await post("/api/auth/password/login", { nickname: victim, password: GOOD_PASSWORD }, null, attacker);
    expect(blocked.status).toBe(429);
    const elsewhere = await post("/api/auth/password/login", { nickname: victim, password: GOOD_PASSWORD }, null, { "cf-connecting-ip": "198.51.100.4" });
    expect(elsewhere.status).toBe(200);
  });
});
