/**
 * Message catalogues and the current language. Components never hold user-visible text: they call
 * t(key, params) with a key from en.ts, or tk(family, id) for ids that come from the server
 * (phase names, roles, event types, error codes).
 */
import { createSignal } from "solid-js";
import { hasOwnKey, own } from "../../../shared/own.ts";
import { en, type Catalogue, type MessageKey } from "./en.ts";
import { ru } from "./ru.ts";
import { uk } from "./uk.ts";

export type Lang = "uk" | "ru" | "en";
export const LANGS: Lang[] = ["uk", "ru", "en"];
const CATALOGUES: Record<Lang, Catalogue> = { en, uk, ru };
/** BCP 47 tags for speech synthesis and Intl. */
export const LOCALE: Record<Lang, string> = { uk: "uk-UA", ru: "ru-RU", en: "en-GB" };

const STORE_KEY = "mafia.lang";

function initialLang(): Lang {
  try {
    const saved = localStorage.getItem(STORE_KEY);
    if (saved && (LANGS as string[]).includes(saved)) return saved as Lang;
  } catch {
    /* storage may be blocked */
  }
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.toLowerCase().slice(0, 2);
    if ((LANGS as string[]).includes(base)) return base as Lang;
  }
  return "en";
}

const [lang, setLangSignal] = createSignal<Lang>(initialLang());
export { lang };

export function setLang(next: Lang): void {
  setLangSignal(next);
  try {
    localStorage.setItem(STORE_KEY, next);
  } catch {
    /* ignore */
  }
  document.documentElement.lang = next;
}
document.documentElement.lang = lang();

export type Params = Record<string, string | number>;

const pluralRules = new Map<Lang, Intl.PluralRules>();
const ORDER = ["one", "few", "many", "other"] as const;

function pick(message: string, l: Lang, n: number): string {
  if (!message.includes("|")) return message;
  const forms = message.split("|");
  let rules = pluralRules.get(l);
  if (!rules) pluralRules.set(l, (rules = new Intl.PluralRules(LOCALE[l])));
  const cat = rules.select(n);
  if (l === "en") return (cat === "one" ? forms[0] : forms[1]) ?? message;
  const idx = ORDER.indexOf(cat as (typeof ORDER)[number]);
  return forms[idx < 0 ? forms.length - 1 : idx] ?? forms[forms.length - 1] ?? message;
}

function fill(message: string, params?: Params): string {
  if (!params) return message;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/** Translate a known key. Reactive: re-runs when the language changes. */
export function t(key: MessageKey, params?: Params): string {
  const l = lang();
  const message = own(CATALOGUES[l], key) ?? own(en, key) ?? key;
  const n = params?.n;
  return fill(typeof n === "number" ? pick(message, l, n) : message, params);
}

/** Whether a dynamic key exists (e.g. "narrate." + phase). */
export function has(key: string): key is MessageKey {
  return hasOwnKey(en, key);
}

/**
 * Translate a server id within a family ("phase", "role", "log", "error", ...). Unknown ids fall
 * back to `fallback` or to the id itself, so a new server value shows up instead of vanishing.
 */
export function tk(family: string, id: string, params?: Params, fallback?: string): string {
  const key = `${family}.${id}`;
  if (has(key)) return t(key, params);
  return fallback ?? id;
}
