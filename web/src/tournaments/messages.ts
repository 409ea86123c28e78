/** tt(): the tournament screens' texts (web/src/tournaments/catalogue.ts) in the current language. */
import { own } from "../../../shared/own.ts";
import { lang } from "../i18n/index.ts";
import { render } from "../i18n/plural.ts";
import { TOURNAMENT_CATALOGUES, type TournamentKey } from "./catalogue.ts";

/** Translate a tournament-screen key in the current language (reactive, like t(); plural forms by `n`). */
export function tt(key: TournamentKey, params?: Record<string, string | number>): string {
  const message = own(TOURNAMENT_CATALOGUES[lang()], key) ?? own(TOURNAMENT_CATALOGUES.en, key) ?? key;
  return render(message, lang(), params);
}
