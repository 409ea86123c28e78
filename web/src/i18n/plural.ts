/**
 * The catalogues' plural forms, pure (no signal, no DOM), so unit tests and the lazy catalogues
 * (web/src/clubs/messages.ts) use the same rule as t(). A message with forms is "one|few|many|other"
 * in uk/ru (CLDR categories in that order; a missing one falls back to the last) and "one|other" in en.
 */
export type PluralLang = "uk" | "ru" | "en";

const LOCALES: Record<PluralLang, string> = { uk: "uk-UA", ru: "ru-RU", en: "en-GB" };
const rules = new Map<PluralLang, Intl.PluralRules>();
const ORDER = ["one", "few", "many", "other"] as const;

/** The form of `message` for the count `n` in `l` (the message itself when it has no forms). */
export function pick(message: string, l: PluralLang, n: number): string {
  if (!message.includes("|")) return message;
  const forms = message.split("|");
  let r = rules.get(l);
  if (!r) rules.set(l, (r = new Intl.PluralRules(LOCALES[l])));
  const cat = r.select(n);
  if (l === "en") return (cat === "one" ? forms[0] : forms[1]) ?? message;
  const idx = ORDER.indexOf(cat as (typeof ORDER)[number]);
  return forms[idx < 0 ? forms.length - 1 : idx] ?? forms[forms.length - 1] ?? message;
}

/** Put {name} parameters into a message. */
export function fill(message: string, params?: Record<string, string | number>): string {
  if (!params) return message;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/** A catalogue line as t() renders it: the plural form by the `n` parameter, then the parameters. */
export function render(message: string, l: PluralLang, params?: Record<string, string | number>): string {
  const n = params?.n;
  return fill(typeof n === "number" ? pick(message, l, n) : message, params);
}
