/**
 * The signed-in account as the whole app sees it (header, create form): `GET /api/me` once at start,
 * refreshed after sign-in / sign-out. Tiny on purpose — the account screens and
 * @simplewebauthn/browser are lazy chunks (web/src/account/). Shapes: shared/protocol/accounts.ts
 * (types only, so valibot stays out of the bundle).
 */
import { createSignal } from "solid-js";
import type { Me, MeResponse } from "../../../shared/protocol/accounts.ts";

const [me, setMe] = createSignal<Me | null>(null);
const [meKnown, setMeKnown] = createSignal(false);
export { me, meKnown, setMe };

export async function refreshMe(): Promise<Me | null> {
  try {
    const res = await fetch("/api/me", { credentials: "same-origin" });
    if (res.ok) setMe(((await res.json()) as MeResponse).user ?? null);
  } catch {
    /* offline: stay as we were */
  } finally {
    setMeKnown(true);
  }
  return me();
}

void refreshMe();
