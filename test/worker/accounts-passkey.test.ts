/**
 * Passkeys (issue 7; docs/ACCOUNTS.md): registration and sign-in with crafted credentials (an ES256
 * key made in the test, 'none' attestation), challenges stored in D1 — single use, expiring — so a
 * replayed registration or assertion is refused.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { me, nick, post, sessionCookie, signUp, signUpWithPasskey } from "./accounts-helpers.ts";
import { ORIGIN } from "./helpers.ts";
import { SoftAuthenticator, type Options } from "./webauthn.ts";

const DB = env.DB;

async function options(path: string, body: Record<string, unknown> = {}, cookie?: string): Promise<Options & Record<string, unknown>> {
  const res = await post(path, body, cookie);
  expect(res.status).toBe(200);
  return ((await res.json()) as { options: Options & Record<string, unknown> }).options;
}

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;
const errorCode = async (res: Response) => (await errorOf(res)).code;

describe("passkey registration", () => {
  it("creates the account with its passkey and signs it in; the options name this site as the relying party", async () => {
    const name = nick("Key");
    const authenticator = await SoftAuthenticator.create();
    const opts = await options("/api/auth/passkey/register/options", { nickname: name });
    expect(opts).toMatchObject({ rp: { id: "mafia.test", name: "Mafia" }, user: { name }, attestation: "none" });
    expect(opts.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
    const res = await post("/api/auth/passkey/register/verify", { response: await authenticator.register(opts, ORIGIN) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { nickname: string; passkeys: number; hasPassword: boolean } };
    expect(body.user).toMatchObject({ nickname: name, passkeys: 1, hasPassword: false });
    expect((await me(sessionCookie(res))).user?.nickname).toBe(name);
    const cred = await DB.prepare("SELECT user_id FROM credentials WHERE id = ?").bind(authenticator.id).first();
    expect(cred).not.toBeNull();
    // The challenge was consumed.
    expect(await DB.prepare("SELECT COUNT(*) AS n FROM challenges WHERE challenge = ?").bind(opts.challenge).first()).toEqual({ n: 0 });
  });

  it("refuses a replayed registration (the same signed challenge twice): challenge-invalid, nothing stored", async () => {
    const name = nick("Replay");
    const { credential } = await signUpWithPasskey(name);
    const users = await DB.prepare("SELECT COUNT(*) AS n FROM users").first();
    const again = await post("/api/auth/passkey/register/verify", { response: credential });
    expect(again.status).toBe(400);
    expect(await errorCode(again)).toBe("challenge-invalid");
    expect(await DB.prepare("SELECT COUNT(*) AS n FROM users").first()).toEqual(users);
  });

  it("refuses an expired challenge, a response for another origin, and a missing user verification", async () => {
    const authenticator = await SoftAuthenticator.create();
    const expired = await options("/api/auth/passkey/register/options", { nickname: nick("Late") });
    await DB.prepare("UPDATE challenges SET expires_at = ? WHERE challenge = ?").bind(Date.now() - 1, expired.challenge).run();
    const late = await post("/api/auth/passkey/register/verify", { response: await authenticator.register(expired, ORIGIN) });
    expect(late.status).toBe(400);
    expect(await errorCode(late)).toBe("challenge-invalid");

    const phish = await options("/api/auth/passkey/register/options", { nickname: nick("Phish") });
    const wrongOrigin = await post("/api/auth/passkey/register/verify", { response: await authenticator.register(phish, "https://evil.example") });
    expect(wrongOrigin.status).toBe(400);
    expect(await errorOf(wrongOrigin)).toMatchObject({ code: "passkey-invalid", message: expect.stringMatching(/origin "https:\/\/evil.example"/) });

    const noUv = await options("/api/auth/passkey/register/options", { nickname: nick("NoUV") });
    const res = await post("/api/auth/passkey/register/verify", { response: await authenticator.register(noUv, ORIGIN, 0x41 /* UP | AT */) });
    expect(await errorOf(res)).toMatchObject({ code: "passkey-invalid", message: expect.stringMatching(/User verification was required/) });
    expect(await DB.prepare("SELECT COUNT(*) AS n FROM credentials WHERE id = ?").bind(authenticator.id).first()).toEqual({ n: 0 });
  });

  it("a signed-in account adds a second passkey (no nickname in the options)", async () => {
    const cookie = await signUp(nick("Both"));
    expect((await post("/api/auth/passkey/register/options", {})).status).toBe(401);
    const authenticator = await SoftAuthenticator.create();
    const opts = await options("/api/auth/passkey/register/options", {}, cookie);
    const res = await post("/api/auth/passkey/register/verify", { response: await authenticator.register(opts, ORIGIN) }, cookie);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { passkeys: number; hasPassword: boolean } }).user).toMatchObject({ passkeys: 1, hasPassword: true });
  });
});

describe("passkey sign-in", () => {
  it("signs in with a discoverable passkey and with the nickname's allow-list; the signature counter is kept", async () => {
    const name = nick("Login");
    const { authenticator } = await signUpWithPasskey(name);

    const discoverable = await options("/api/auth/passkey/login/options");
    expect(discoverable).toMatchObject({ rpId: "mafia.test", userVerification: "required" });
    const res = await post("/api/auth/passkey/login/verify", { response: await authenticator.authenticate(discoverable, ORIGIN) });
    expect(res.status).toBe(200);
    expect((await me(sessionCookie(res))).user?.nickname).toBe(name);

    const named = await options("/api/auth/passkey/login/options", { nickname: name.toLowerCase() });
    expect(named.allowCredentials).toEqual([{ id: authenticator.id, type: "public-key", transports: ["internal"] }]);
    const again = await post("/api/auth/passkey/login/verify", { response: await authenticator.authenticate(named, ORIGIN) });
    expect(again.status).toBe(200);
    expect(await DB.prepare("SELECT counter FROM credentials WHERE id = ?").bind(authenticator.id).first()).toEqual({ counter: 2 });
  });

  it("refuses a replayed assertion (challenge-invalid) and an assertion signed by another key", async () => {
    const { authenticator } = await signUpWithPasskey(nick("Replay2"));
    const opts = await options("/api/auth/passkey/login/options");
    const assertion = await authenticator.authenticate(opts, ORIGIN);
    expect((await post("/api/auth/passkey/login/verify", { response: assertion })).status).toBe(200);
    const replay = await post("/api/auth/passkey/login/verify", { response: assertion });
    expect(replay.status).toBe(400);
    expect(await errorCode(replay)).toBe("challenge-invalid");
    expect(sessionCookie(replay)).toBeNull();

    // A thief's key under the victim's credential id: the signature does not verify.
    const thief = await SoftAuthenticator.create();
    (thief as unknown as { credentialId: Uint8Array }).credentialId.set(authenticator.credentialId);
    thief.userHandle = authenticator.userHandle;
    thief.counter = 10;
    const forged = await post("/api/auth/passkey/login/verify", { response: await thief.authenticate(await options("/api/auth/passkey/login/options"), ORIGIN) });
    expect(forged.status).toBe(400);
    expect(await errorOf(forged)).toEqual({ code: "passkey-invalid", message: "The passkey was not accepted." });
  });

  it("an unknown passkey gets bad-credentials; a registration challenge cannot be used to sign in", async () => {
    const stranger = await SoftAuthenticator.create();
    const res = await post("/api/auth/passkey/login/verify", { response: await stranger.authenticate(await options("/api/auth/passkey/login/options"), ORIGIN) });
    expect(res.status).toBe(401);
    expect(await errorCode(res)).toBe("bad-credentials");

    const { authenticator } = await signUpWithPasskey(nick("Cross"));
    const reg = await options("/api/auth/passkey/register/options", { nickname: nick("Other") });
    const cross = await post("/api/auth/passkey/login/verify", { response: await authenticator.authenticate({ challenge: reg.challenge }, ORIGIN) });
    expect(await errorCode(cross)).toBe("challenge-invalid");
  });
});
