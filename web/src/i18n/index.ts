/**
 * Message catalogues and the current language. Components never hold user-visible text: they call
 * t(key, params) with a key from en.ts, or tk(family, id) for ids that come from the server
 * (phase names, roles, event types, error codes).
 */
import { createSignal } from "solid-js";
import { hasOwnKey, own } from "../../../shared/own.ts";
import { en, type Catalogue, type MessageKey } from "./en.ts";
import { fill, render } from "./plural.ts";

export type Lang = "uk" | "ru" | "en";
export const LANGS: Lang[] = ["uk", "ru", "en"];
/**
 * English is the reference catalogue and the fallback, so it is in the initial bundle; Ukrainian and
 * Russian are lazy chunks: a page loads only the language it shows (the initial JS budget,
 * docs/PERFORMANCE.md). `loadCatalogue` fetches one; main.tsx renders once the starting one is here,
 * and setLang switches only after the new one arrived — so no page ever flashes English.
 */
const LOADERS: Record<Exclude<Lang, "en">, () => Promise<Catalogue>> = {
  uk: () => import("./uk.ts").then((m) => m.uk),
  ru: () => import("./ru.ts").then((m) => m.ru),
};
const [catalogues, setCatalogues] = createSignal<Partial<Record<Lang, Catalogue>>>({ en });

/** Fetch a language's catalogue (once); resolves when t() can use it. A failed fetch leaves English. */
export async function loadCatalogue(l: Lang): Promise<void> {
  if (catalogues()[l]) return;
  try {
    const c = await LOADERS[l as Exclude<Lang, "en">]();
    setCatalogues((all) => ({ ...all, [l]: c }));
  } catch {
    /* offline or a stale deploy: the page goes on in English */
  }
}
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

export async function setLang(next: Lang): Promise<void> {
  await loadCatalogue(next);
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

/** Put {name} parameters into a message (the lazy catalogues, e.g. web/src/clubs/messages.ts, use it too). */
export { fill };

/** Translate a known key. Reactive: re-runs when the language changes. */
export function t(key: MessageKey, params?: Params): string {
  const l = lang();
  const message = own<string>(catalogues()[l] ?? (en as Catalogue), key) ?? own<string>(en, key) ?? key;
  return render(message, l, params);
}

/** Whether a dynamic key exists (e.g. "narrate." + phase). */
export function has(key: string): key is MessageKey {
  return hasOwnKey(en, key);
}

/** The catalogue's line, or null when it has none (table/vocabulary.ts renders the open vocabulary with it). */
export function words(key: string, params?: Params): string | null {
  return has(key) ? t(key, params) : null;
}

/**
 * Translate a server id within a family ("phase", "role", "log", "error", ...). Unknown ids fall
 * back to `fallback` or to the id itself, so a new server value shows up instead of vanishing.
 */
export function tk(family: string, id: string, params?: Params, fallback?: string): string {
  const key = `${family}.${id}`;
  if (has(key)) return t(key, params);
  if (family === "error") {
    const more = moreErrors();
    const line = own<string>(more[lang()] ?? {}, id) ?? own<string>(more.en ?? {}, id);
    if (line !== undefined) return fill(line, params);
  }
  return fallback ?? id;
}

/**
 * Error lines that only a lazy chunk's screens meet (the club screens' codes, web/src/clubs/catalogue.ts
 * CLUB_ERRORS): the chunk registers them when it loads, so the initial JS carries none of them; tk("error", …)
 * and errorText() read them after the main catalogue.
 */
const [moreErrors, setMoreErrors] = createSignal<Partial<Record<Lang, Record<string, string>>>>({});
export function registerErrors(lines: Record<Lang, Record<string, string>>): void {
  setMoreErrors((all) => Object.fromEntries(LANGS.map((l) => [l, { ...all[l], ...lines[l] }])));
}

/** The starting language's catalogue (main.tsx waits for it before the first render). */
export const catalogueReady: Promise<void> = loadCatalogue(lang());
