/** tt(): the tournament screens' texts (web/src/tournaments/catalogue.ts) in the current language. */
import { tp } from "../i18n/index.ts";
import type { TournamentKey } from "./catalogue.ts";

/** Translate a tournament-screen key in the current language (reactive, like t(); plural forms by `n`). */
export function tt(key: TournamentKey, params?: Record<string, string | number>): string {
  return tp("tournaments", key, params);
}
