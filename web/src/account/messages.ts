/** ta(): the account screens' texts (web/src/account/catalogue.ts) in the current language. */
import { tp } from "../i18n/index.ts";
import type { AccountKey } from "./catalogue.ts";

/** Translate an account-screen key in the current language (reactive, like t()). */
export function ta(key: AccountKey, params?: Record<string, string | number>): string {
  return tp("account", key, params);
}
