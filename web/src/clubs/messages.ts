/** tc(): the club screens' texts (web/src/clubs/catalogue.ts) in the current language. */
import { own } from "../../../shared/own.ts";
import { lang } from "../i18n/index.ts";
import { render } from "../i18n/plural.ts";
import { CLUB_CATALOGUES, type ClubKey } from "./catalogue.ts";

/** Translate a club-screen key in the current language (reactive, like t(); plural forms by `n`). */
export function tc(key: ClubKey, params?: Record<string, string | number>): string {
  const message = own(CLUB_CATALOGUES[lang()], key) ?? own(CLUB_CATALOGUES.en, key) ?? key;
  return render(message, lang(), params);
}
