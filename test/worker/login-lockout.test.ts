/**
 * Account lockout as a weapon. Before, 10 wrong passwords from any addresses refused the account's
 * password sign-in for 15 min to everyone, the owner with the right password included — and nicknames
 * are public, so anyone could keep anyone locked out. Now the failing addresses are locked (10 on one
 * account, 30 over all), the account's own limit is ten times higher, and a device that proved itself —
 * a valid session of the account, or the `device` cookie of an earlier sign-in — is counted apart
 * (worker/accounts/limits.ts, docs/ACCOUNTS.md "Brute force").
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Env } from "../../worker/env.ts";
import { LOGIN_LIMITS } from "../../worker/accounts/limits.ts";
import { GOOD_PASSWORD, nick, post, sessionCookie } from "./accounts-helpers.ts";
import { ORIGIN } from "./helpers.ts";
import { SoftAuthenticator } from "./webauthn.ts";

const DB = (env as unknown as Env).DB;

/** The `device=…` pair from a response's Set-Cookie, or null. */
function deviceCookie(res: Response): string | null {
  const m = /(?:^|,\s*)device=([^;]*)/.exec(res.headers.get("set-cookie") ?? "");
  return m && m[1] ? `device=${m[1]}` : null;
}
const login = (nickname: string, password: string, ip: string, cookie?: string | null) => post("/api/auth/password/login", { nickname, password }, cookie, { "cf-connecting-ip": ip });
const codeOf = async (res: Response) => ((await res.json()) as { error?: { code: string } }).error?.code;

describe("brute force locks the failing addresses, never the owner", () => {
  it("an attacker fails 10 times from each of 5 addresses: each address is refused 429 rate-limited, the owner signs in from another address with the right password", async () => {
    const name = nick("Owner");
    expect((await post("/api/auth/password/register", { nickname: name, password: GOOD_PASSWORD })).status).toBe(200);
    const attackers = ["203.0.113.10", "203.0.113.11", "203.0.113.12", "2001:db8:49:1::5", "2001:db8:49:2::5"];
    for (const ip of attackers) {
      for (let i = 0; i < LOGIN_LIMITS.addressAccount.max; i++) expect((await login(name, `wrong guess ${ip} ${i}`, ip)).status, ip).toBe(401);
    }
    // 50 failures in all. Each failing address is refused on this account — the right password too.
    for (const ip of [attackers[0]!, "2001:db8:49:1::77" /* the same /64 */]) {
      const refused = await login(name, GOOD_PASSWORD, ip);
      expect(refused.status, ip).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await codeOf(refused)).toBe("rate-limited");
    }
    // The owner, from an address that never failed, without any cookie, signs in.
    const owner = await login(name, GOOD_PASSWORD, "198.51.100.49");
    expect(owner.status).toBe(200);
    expect(sessionCookie(owner)).not.toBeNull();
    // The success cleared the account's counters, not the attackers' addresses.
    expect((await login(name, GOOD_PASSWORD, attackers[1]!)).status).toBe(429);
  });

  it("failures from many addresses past the account's own limit refuse new devices only: the owner's device cookie and session still sign in", async () => {
    const name = nick("Target");
    const signup = await post("/api/auth/password/register", { nickname: name, password: GOOD_PASSWORD });
    expect(signup.status).toBe(200);
    const device = deviceCookie(signup);
    const session = sessionCookie(signup);
    expect(device).not.toBeNull();
    // The account's limit reached from many addresses (the counter is set as 99 failures would leave it).
    const userId = (await DB.prepare("SELECT id FROM users WHERE nick = ?").bind(name).first<{ id: string }>())!.id;
    await DB.prepare("INSERT INTO login_failures (key, window_start, failures) VALUES (?, ?, ?)").bind(`account:${userId}`, Date.now(), LOGIN_LIMITS.account.max - 1).run();
    expect((await login(name, "one more wrong guess", "192.0.2.200")).status).toBe(401); // the 100th
    // A new device (no cookie) is refused now, even with the right password…
    expect((await login(name, GOOD_PASSWORD, "192.0.2.201")).status).toBe(429);
    // …but not the owner's device (its cookie from the sign-up), nor a device with the account's session.
    expect((await login(name, GOOD_PASSWORD, "192.0.2.202", device)).status).toBe(200);
    expect((await login(name, GOOD_PASSWORD, "192.0.2.203", session)).status).toBe(200);
    // A device cookie of another account proves nothing here.
    const other = deviceCookie(await post("/api/auth/password/register", { nickname: nick("Other"), password: GOOD_PASSWORD }));
    await DB.prepare("UPDATE login_failures SET failures = ? WHERE key = ?").bind(LOGIN_LIMITS.account.max + 1, `account:${userId}`).run();
    expect((await login(name, GOOD_PASSWORD, "192.0.2.204", other)).status).toBe(429);
  });

  it("a stolen device cookie guesses no faster: 10 failures on one device refuse that device", async () => {
    const name = nick("Stolen");
    const device = deviceCookie(await post("/api/auth/password/register", { nickname: name, password: GOOD_PASSWORD }));
    for (let i = 0; i < LOGIN_LIMITS.device.max; i++) expect((await login(name, `wrong ${i}`, `192.0.2.${10 + i}`, device)).status).toBe(401);
    expect((await login(name, GOOD_PASSWORD, "192.0.2.99", device)).status).toBe(429);
    // The owner elsewhere is not affected.
    expect((await login(name, GOOD_PASSWORD, "198.51.100.7")).status).toBe(200);
  });

  it("a passkey signs in whatever the password failures: the account's and the address's limits past, the passkey's sign-in from that address is 200", async () => {
    const name = nick("Keyed");
    const signup = await post("/api/auth/password/register", { nickname: name, password: GOOD_PASSWORD });
    const authenticator = await SoftAuthenticator.create();
    const regOpts = ((await (await post("/api/auth/passkey/register/options", {}, sessionCookie(signup))).json()) as { options: Parameters<SoftAuthenticator["register"]>[0] }).options;
    expect((await post("/api/auth/passkey/register/verify", { response: await authenticator.register(regOpts, ORIGIN) }, sessionCookie(signup))).status).toBe(200);
    const ip = "192.0.2.150";
    for (let i = 0; i < LOGIN_LIMITS.addressAccount.max; i++) expect((await login(name, `wrong ${i}`, ip)).status).toBe(401);
    const userId = (await DB.prepare("SELECT id FROM users WHERE nick = ?").bind(name).first<{ id: string }>())!.id;
    await DB.prepare("UPDATE login_failures SET failures = ? WHERE key = ?").bind(LOGIN_LIMITS.account.max + 1, `account:${userId}`).run();
    expect((await login(name, GOOD_PASSWORD, ip)).status).toBe(429);
    const opts = ((await (await post("/api/auth/passkey/login/options", { nickname: name }, null, { "cf-connecting-ip": ip })).json()) as { options: Parameters<SoftAuthenticator["authenticate"]>[0] }).options;
    const res = await post("/api/auth/passkey/login/verify", { response: await authenticator.authenticate(opts, ORIGIN) }, null, { "cf-connecting-ip": ip });
    expect(res.status).toBe(200);
    expect(sessionCookie(res)).not.toBeNull();
  });
});
