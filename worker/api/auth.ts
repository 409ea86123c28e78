/**
 * /api/auth/* — sign up and sign in with passkeys (WebAuthn, @simplewebauthn/server) or a password;
 * sign out; sign out everywhere. /api/me — the signed-in account. /api/users/:nick — a profile.
 * docs/ACCOUNTS.md describes the flows and every decision.
 *
 * CSRF: every state-changing route takes a JSON body (`content-type: application/json` cannot be
 * sent cross-site without a CORS preflight, which the API never grants) and the session cookie is
 * SameSite=Lax.
 *
 * Every route that stores a challenge row or a new account row for an anonymous caller (passkey
 * register/login options, password sign-up) is limited per client address (rateLimit("auth"),
 * worker/security/rate-limit.ts). Passkey verification needs a stored challenge, so it is bounded by them.
 */
import { vValidator } from "@hono/valibot-validator";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { Hono, type Context } from "hono";
import {
  PasskeyLoginOptionsRequestSchema,
  PasskeyRegisterOptionsRequestSchema,
  PasskeyVerifyRequestSchema,
  PasswordLoginRequestSchema,
  PasswordRegisterRequestSchema,
  PasswordSetRequestSchema,
  PublicationRequestSchema,
  passwordProblem,
  type MeResponse,
  type PasskeyOptionsResponse,
} from "../../shared/protocol/accounts.ts";
import { challengeOf, consumeChallenge, storeChallenge } from "../accounts/challenges.ts";
import { credentialById, credentialsOf, credentialUsed, insertCredential } from "../accounts/credentials.ts";
import { limitKeys, reserveAttempt, setDeviceCookie, succeeded } from "../accounts/limits.ts";
import { hashPassword, verifyPassword } from "../accounts/password.ts";
import { profileOf } from "../accounts/profile.ts";
import { setPublication } from "../accounts/publication.ts";
import { clearSessionCookie, endAllSessions, endSession, readSession, sessionUserId, setSessionCookie } from "../accounts/sessions.ts";
import { openSession } from "../accounts/sign-in.ts";
import { insertUser, isUniqueViolation, meOf, nickClash, passwordOf, setPassword, userById, userByNick } from "../accounts/users.ts";
import type { Env } from "../env.ts";
import { base64url } from "../security/random.ts";
import { rateLimit } from "../security/rate-limit.ts";
import { apiError, invalidBody } from "./errors.ts";

type AppEnv = { Bindings: Env };

const RP_NAME = "Mafia";

/** The relying party is this site: rpID = the host name of the request, origin = its origin. */
function relyingParty(c: Context): { rpID: string; origin: string } {
  const url = new URL(c.req.url);
  return { rpID: url.hostname, origin: url.origin };
}

const randomId = (prefix: string) => prefix + base64url(crypto.getRandomValues(new Uint8Array(12)));

const nickTaken = (c: Context, nick: string) => apiError(c, "nickname-taken", `The nickname "${nick}" is already taken.`);

/** A new account's nick is refused when taken or when it looks like another account's (UTS #39). */
async function nickRefused(c: Context<AppEnv>, nick: string): Promise<Response | null> {
  const clash = await nickClash(c.env.DB, nick);
  if (!clash) return null;
  if (clash.kind === "taken") return nickTaken(c, nick);
  return apiError(c, "nickname-confusable", `The nickname "${nick}" looks like "${clash.nick}", which is already taken.`);
}

/**
 * Sign the account in: a session row (after the caller's statements, in one batch) and the cookie, and this
 * device remembered as the account's (others' failed passwords never lock it out here: accounts/limits.ts).
 */
async function signedIn(c: Context<AppEnv>, userId: string, now: number, first: D1PreparedStatement[] = []): Promise<Response> {
  const { sessionId, deviceId } = await openSession(c.env.DB, userId, now, first);
  setSessionCookie(c, sessionId);
  setDeviceCookie(c, deviceId);
  const user = await userById(c.env.DB, userId);
  const body: MeResponse = { user: user ? await meOf(c.env.DB, user) : null };
  return c.json(body, 200);
}

export const auth = new Hono<AppEnv>()
  /* ------------------------------------------------------------------ passwords */

  .post("/password/register", rateLimit("auth"), vValidator("json", PasswordRegisterRequestSchema, invalidBody), async (c) => {
    const { nickname, password } = c.req.valid("json");
    const problem = passwordProblem(password, nickname);
    if (problem) return apiError(c, "weak-password", problem);
    const refused = await nickRefused(c, nickname);
    if (refused) return refused;
    const now = Date.now();
    const id = randomId("u_");
    const hash = await hashPassword(password);
    try {
      return await signedIn(c, id, now, [insertUser(c.env.DB, { id, nick: nickname, webauthnId: randomId(""), password: hash, now })]);
    } catch (err) {
      if (isUniqueViolation(err)) return nickTaken(c, nickname);
      throw err;
    }
  })

  .post("/password/login", vValidator("json", PasswordLoginRequestSchema, invalidBody), async (c) => {
    const { nickname, password } = c.req.valid("json");
    const now = Date.now();
    const user = await userByNick(c.env.DB, nickname);
    const session = user ? await readSession(c, now) : null;
    const keys = await limitKeys(c, c.env.DB, user?.id ?? null, now, session && user && session.user.id === user.id ? session.idHash : null);
    // Counted and judged at once, before the password is derived.
    const wait = await reserveAttempt(c.env.DB, keys, now);
    if (wait > 0) {
      c.header("retry-after", String(wait));
      return apiError(c, "rate-limited", `Too many failed sign-ins; try again in ${Math.ceil(wait / 60)} min, or sign in with a passkey.`);
    }
    const ok = await verifyPassword(password, passwordOf(user));
    if (!ok || !user) return apiError(c, "bad-credentials", "Wrong nickname or password.");
    await succeeded(c.env.DB, keys);
    return signedIn(c, user.id, now);
  })

  /** Signed in: add a fallback password, or change it (then the current one is required). */
  .post("/password/set", vValidator("json", PasswordSetRequestSchema, invalidBody), async (c) => {
    const session = await readSession(c);
    if (!session) return apiError(c, "sign-in-required", "Sign in first.");
    const { password, currentPassword } = c.req.valid("json");
    const now = Date.now();
    const current = passwordOf(session.user);
    if (current) {
      const keys = await limitKeys(c, c.env.DB, session.user.id, now, session.idHash);
      const wait = await reserveAttempt(c.env.DB, keys, now);
      if (wait > 0) {
        c.header("retry-after", String(wait));
        return apiError(c, "rate-limited", "Too many wrong passwords; try again later.");
      }
      if (currentPassword === undefined || !(await verifyPassword(currentPassword, current))) {
        return apiError(c, "bad-credentials", "The current password is wrong.");
      }
      await succeeded(c.env.DB, keys);
    }
    const problem = passwordProblem(password, session.user.nick);
    if (problem) return apiError(c, "weak-password", problem);
    const hash = await hashPassword(password);
    await setPassword(c.env.DB, session.user.id, hash);
    const body: MeResponse = { user: await meOf(c.env.DB, (await userById(c.env.DB, session.user.id))!) };
    return c.json(body, 200);
  })

  /* ------------------------------------------------------------------ passkeys */

  /** Options for navigator.credentials.create: a new account (nickname) or, signed in, one more passkey. */
  .post("/passkey/register/options", rateLimit("auth"), vValidator("json", PasskeyRegisterOptionsRequestSchema, invalidBody), async (c) => {
    const { nickname } = c.req.valid("json");
    const session = await readSession(c);
    const { rpID } = relyingParty(c);
    const now = Date.now();
    let userName: string;
    let webauthnId: string;
    let exclude: { id: string; transports?: string[] }[] = [];
    if (nickname === undefined) {
      if (!session) return apiError(c, "sign-in-required", "Choose a nickname, or sign in to add a passkey to your account.");
      userName = session.user.nick;
      webauthnId = session.user.webauthn_id;
      exclude = await credentialsOf(c.env.DB, session.user.id);
    } else {
      const refused = await nickRefused(c, nickname);
      if (refused) return refused;
      userName = nickname;
      webauthnId = randomId("");
    }
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID,
      userName,
      userID: new TextEncoder().encode(webauthnId) as Uint8Array<ArrayBuffer>,
      userDisplayName: userName,
      attestationType: "none",
      excludeCredentials: exclude,
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      timeout: 300_000,
    });
    await storeChallenge(
      c.env.DB,
      { challenge: options.challenge, purpose: "register", nick: nickname ?? null, userId: nickname === undefined ? session!.user.id : null, webauthnId },
      now,
    );
    const body: PasskeyOptionsResponse = { options: options as unknown as Record<string, unknown> };
    return c.json(body, 200);
  })

  .post("/passkey/register/verify", vValidator("json", PasskeyVerifyRequestSchema, invalidBody), async (c) => {
    const response = c.req.valid("json").response as unknown as RegistrationResponseJSON;
    const now = Date.now();
    const challenge = challengeOf(response.response.clientDataJSON);
    if (!challenge) return apiError(c, "passkey-invalid", "The passkey response is malformed.");
    const row = await consumeChallenge(c.env.DB, challenge, "register", now);
    if (!row || !row.webauthn_id) return apiError(c, "challenge-invalid", "This sign-up attempt is unknown, already used or expired; start again.");
    const { rpID, origin } = relyingParty(c);
    let verified;
    try {
      verified = await verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: true });
    } catch (err) {
      return apiError(c, "passkey-invalid", `The passkey was not accepted: ${(err as Error).message}`);
    }
    if (!verified.verified) return apiError(c, "passkey-invalid", "The passkey was not accepted.");
    const cred = verified.registrationInfo.credential;
    const credential = (userId: string) => insertCredential(c.env.DB, userId, cred, now);
    try {
      if (row.user_id) {
        // One more passkey for the signed-in account that asked for the options.
        const session = await readSession(c);
        if (!session || session.user.id !== row.user_id) return apiError(c, "sign-in-required", "Sign in to the account that started adding this passkey.");
        await credential(row.user_id).run();
        const body: MeResponse = { user: await meOf(c.env.DB, session.user) };
        return c.json(body, 200);
      }
      const nick = row.nick!;
      const id = randomId("u_");
      return await signedIn(c, id, now, [insertUser(c.env.DB, { id, nick, webauthnId: row.webauthn_id, password: null, now }), credential(id)]);
    } catch (err) {
      if (isUniqueViolation(err)) {
        return /credentials/.test(String(err)) ? apiError(c, "passkey-invalid", "This passkey is already registered.") : nickTaken(c, row.nick ?? "");
      }
      throw err;
    }
  })

  /** Options for navigator.credentials.get: with a nickname, that account's passkeys; without, any discoverable passkey. */
  .post("/passkey/login/options", rateLimit("auth"), vValidator("json", PasskeyLoginOptionsRequestSchema, invalidBody), async (c) => {
    const { nickname } = c.req.valid("json");
    const { rpID } = relyingParty(c);
    const now = Date.now();
    let allow: { id: string; transports?: string[] }[] = [];
    if (nickname !== undefined) {
      const user = await userByNick(c.env.DB, nickname);
      if (user) {
        allow = await credentialsOf(c.env.DB, user.id);
      }
    }
    const options = await generateAuthenticationOptions({ rpID, allowCredentials: allow, userVerification: "required", timeout: 300_000 });
    await storeChallenge(c.env.DB, { challenge: options.challenge, purpose: "login" }, now);
    const body: PasskeyOptionsResponse = { options: options as unknown as Record<string, unknown> };
    return c.json(body, 200);
  })

  .post("/passkey/login/verify", vValidator("json", PasskeyVerifyRequestSchema, invalidBody), async (c) => {
    const response = c.req.valid("json").response as unknown as AuthenticationResponseJSON;
    const now = Date.now();
    const challenge = challengeOf(response.response.clientDataJSON);
    if (!challenge) return apiError(c, "passkey-invalid", "The passkey response is malformed.");
    const row = await consumeChallenge(c.env.DB, challenge, "login", now);
    if (!row) return apiError(c, "challenge-invalid", "This sign-in attempt is unknown, already used or expired; start again.");
    const cred = await credentialById(c.env.DB, response.id);
    if (!cred) return apiError(c, "bad-credentials", "This passkey is not registered here.");
    const user = await userById(c.env.DB, cred.user_id);
    if (!user) return apiError(c, "bad-credentials", "This passkey is not registered here.");
    const handle = response.response.userHandle;
    if (handle && handle !== base64url(new TextEncoder().encode(user.webauthn_id))) {
      return apiError(c, "bad-credentials", "This passkey belongs to another account.");
    }
    const { rpID, origin } = relyingParty(c);
    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
        credential: {
          id: cred.id,
          publicKey: new Uint8Array(cred.public_key),
          counter: cred.counter,
          ...(cred.transports ? { transports: JSON.parse(cred.transports) as string[] } : {}),
        },
      });
    } catch (err) {
      return apiError(c, "passkey-invalid", `The passkey was not accepted: ${(err as Error).message}`);
    }
    if (!verified.verified) return apiError(c, "passkey-invalid", "The passkey was not accepted.");
    return signedIn(c, user.id, now, [credentialUsed(c.env.DB, cred.id, verified.authenticationInfo.newCounter, now)]);
  })

  /* ------------------------------------------------------------------ sign out */

  .post("/logout", async (c) => {
    const session = await readSession(c);
    if (session) await endSession(c.env.DB, session.idHash);
    clearSessionCookie(c);
    const body: MeResponse = { user: null };
    return c.json(body, 200);
  })

  /** Every session of the account ends (other devices included). */
  .post("/logout-all", async (c) => {
    const session = await readSession(c);
    if (!session) return apiError(c, "sign-in-required", "Sign in first.");
    await endAllSessions(c.env.DB, session.user.id);
    clearSessionCookie(c);
    const body: MeResponse = { user: null };
    return c.json(body, 200);
  });

/** GET /api/me — the signed-in account, or `{user: null}`. */
export const me = new Hono<AppEnv>()
  .get("/", async (c) => {
    const session = await readSession(c);
    const body: MeResponse = { user: session ? await meOf(c.env.DB, session.user) : null };
    return c.json(body, 200);
  })

  /**
   * POST /api/me/publication {publish} — RULES.md §8 ("a player may opt out of publication"):
   * publish one's nick in finished games' records, or be "Player N" there to everyone else
   * (docs/CLUBS.md "Publication"). Applies to past games at once. Answers the account.
   */
  .post("/publication", vValidator("json", PublicationRequestSchema, invalidBody), async (c) => {
    const session = await readSession(c);
    if (!session) return apiError(c, "sign-in-required", "Sign in first.");
    await setPublication(c.env.DB, session.user.id, c.req.valid("json").publish);
    const user = await userById(c.env.DB, session.user.id);
    const body: MeResponse = { user: user ? await meOf(c.env.DB, user) : null };
    return c.json(body, 200);
  });

/**
 * GET /api/users/:nick — a public profile: rating, experience, coins, games by side, game records
 * (with the publication opt-out applied for this caller, worker/accounts/profile.ts).
 */
export const users = new Hono<AppEnv>().get("/:nick", async (c) => {
  const nick = c.req.param("nick");
  if (nick.length > 200) return apiError(c, "not-found", "No such player.");
  const profile = await profileOf(c.env.DB, nick.normalize("NFC").trim(), await sessionUserId(c));
  if (!profile) return apiError(c, "not-found", "No such player.");
  return c.json(profile, 200);
});
