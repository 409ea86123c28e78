/**
 * Account requests (docs/ACCOUNTS.md, docs/PROTOCOL.md "Accounts"). Passkeys go through
 * @simplewebauthn/browser: this module is only reached from the lazy account chunk, so the library
 * never weighs on the initial bundle.
 */
import { browserSupportsWebAuthn, startAuthentication, startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import type { Me, MeResponse, PasskeyOptionsResponse } from "../../../shared/protocol/accounts.ts";
import { call } from "../lib/api.ts";
import { setMe } from "../lib/account.ts";

/** A passkey ceremony that the browser ended without a credential (cancelled, timed out, unsupported). */
export class PasskeyError extends Error {
  constructor(
    readonly cancelled: boolean,
    message: string,
  ) {
    super(message);
  }
}

const signed = (r: MeResponse): Me | null => {
  setMe(r.user);
  return r.user;
};

export const passkeysSupported = (): boolean => browserSupportsWebAuthn();

async function ceremony<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (!(e instanceof Error)) throw e;
    const cause = e instanceof WebAuthnError ? ((e.cause as Error | undefined)?.name ?? "") : "";
    const cancelled = e.name === "NotAllowedError" || e.name === "AbortError" || cause === "NotAllowedError" || (e instanceof WebAuthnError && e.code === "ERROR_CEREMONY_ABORTED");
    throw new PasskeyError(cancelled, e.message);
  }
}

export async function signUpWithPasskey(nickname: string): Promise<Me | null> {
  const { options } = await call<PasskeyOptionsResponse>("POST", "/api/auth/passkey/register/options", { nickname });
  const response = await ceremony(() => startRegistration({ optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]["optionsJSON"] }));
  return signed(await call<MeResponse>("POST", "/api/auth/passkey/register/verify", { response }));
}

export async function signInWithPasskey(nickname?: string): Promise<Me | null> {
  const { options } = await call<PasskeyOptionsResponse>("POST", "/api/auth/passkey/login/options", nickname ? { nickname } : {});
  const response = await ceremony(() => startAuthentication({ optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]["optionsJSON"] }));
  return signed(await call<MeResponse>("POST", "/api/auth/passkey/login/verify", { response }));
}

export async function signUpWithPassword(nickname: string, password: string): Promise<Me | null> {
  return signed(await call<MeResponse>("POST", "/api/auth/password/register", { nickname, password }));
}

export async function signInWithPassword(nickname: string, password: string): Promise<Me | null> {
  return signed(await call<MeResponse>("POST", "/api/auth/password/login", { nickname, password }));
}

export async function signOut(everywhere = false): Promise<void> {
  await call<MeResponse>("POST", everywhere ? "/api/auth/logout-all" : "/api/auth/logout", {});
  setMe(null);
}
