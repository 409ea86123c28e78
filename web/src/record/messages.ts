/** tr(): the record page's texts (web/src/record/catalogue.ts) in the current language. */
import { own } from "../../../shared/own.ts";
import { fill, lang } from "../i18n/index.ts";
import { RECORD_CATALOGUES, type RecordKey } from "./catalogue.ts";

/** Translate a record-page key in the current language (reactive, like t()). */
export function tr(key: RecordKey, params?: Record<string, string | number>): string {
  return fill(own(RECORD_CATALOGUES[lang()], key) ?? own(RECORD_CATALOGUES.en, key) ?? key, params);
}
