/** tc(): the club screens' texts (web/src/clubs/catalogue.ts) in the current language. */
import { tp } from "../i18n/index.ts";
import type { ClubKey } from "./catalogue.ts";

/** Translate a club-screen key in the current language (reactive, like t(); plural forms by `n`). */
export function tc(key: ClubKey, params?: Record<string, string | number>): string {
  return tp("clubs", key, params);
}
