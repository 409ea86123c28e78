/**
 * Message catalogues and the current language — the one translation mechanism of every page. Components
 * never hold user-visible text: they call t(key, params) with a key from en.ts, tk(family, id) for ids
 * that come from the server (phase names, roles, event types, error codes), or their screens' own
 * lookup (tc, tt, ta), which reads a part of this same store.
 */
import { createSignal } from "solid-js";
import { own } from "../../../shared/own.ts";
import type { MessageKey } from "./en.ts";
import { mainPartOf, type Part } from "./parts.ts";
import { fill, render } from "./plural.ts";

export type Lang = "uk" | "ru" | "en";
export const LANGS: Lang[] = ["uk", "ru", "en"];
type Lines = Readonly<Record<string, string>>;

/**
 * Every catalogue is cut into parts (i18n/parts.ts) and each part of each language is a lazy chunk built
 * from the source catalogues (web/vite.config.ts): a page loads its own parts in its own language only
 * (the route budget, docs/PERFORMANCE.md). main.tsx renders once the starting language's core is here;
 * a route's loader (routes.ts) waits for its parts with its code; setLang switches only after every part
 * in use arrived in the new language — so no page flashes another language or a bare key.
 */
const LOADERS: Record<Part, Record<Lang, () => Promise<{ default: Lines }>>> = {
  core: { en: () => import("virtual:catalogue/core/en"), uk: () => import("virtual:catalogue/core/uk"), ru: () => import("virtual:catalogue/core/ru") },
  pages: { en: () => import("virtual:catalogue/pages/en"), uk: () => import("virtual:catalogue/pages/uk"), ru: () => import("virtual:catalogue/pages/ru") },
  table: { en: () => import("virtual:catalogue/table/en"), uk: () => import("virtual:catalogue/table/uk"), ru: () => import("virtual:catalogue/table/ru") },
  panels: { en: () => import("virtual:catalogue/panels/en"), uk: () => import("virtual:catalogue/panels/uk"), ru: () => import("virtual:catalogue/panels/ru") },
  roles: { en: () => import("virtual:catalogue/roles/en"), uk: () => import("virtual:catalogue/roles/uk"), ru: () => import("virtual:catalogue/roles/ru") },
  errors: { en: () => import("virtual:catalogue/errors/en"), uk: () => import("virtual:catalogue/errors/uk"), ru: () => import("virtual:catalogue/errors/ru") },
  clubs: { en: () => import("virtual:catalogue/clubs/en"), uk: () => import("virtual:catalogue/clubs/uk"), ru: () => import("virtual:catalogue/clubs/ru") },
  tournaments: {
    en: () => import("virtual:catalogue/tournaments/en"),
    uk: () => import("virtual:catalogue/tournaments/uk"),
    ru: () => import("virtual:catalogue/tournaments/ru"),
  },
  account: { en: () => import("virtual:catalogue/account/en"), uk: () => import("virtual:catalogue/account/uk"), ru: () => import("virtual:catalogue/account/ru") },
};
const [lines, setLines] = createSignal<Readonly<Record<string, Lines>>>({});
const slot = (part: Part, l: Lang) => `${part}/${l}`;
const pending = new Map<string, Promise<void>>();

/** Fetch one part of one language (once); resolves when lookups can use it. A failed fetch resolves too (the key shows). */
function loadOne(part: Part, l: Lang): Promise<void> {
  const k = slot(part, l);
  const known = pending.get(k);
  if (known) return known;
  const p = LOADERS[part][l]().then(
    (m) => void setLines((all) => ({ ...all, [k]: m.default })),
    () => void pending.delete(k), // offline or a stale deploy: the next lookup tries again
  );
  pending.set(k, p);
  return p;
}

/** The parts a page shows, in the current language (the route loaders in routes.ts wait for this). */
export function loadParts(...parts: Part[]): Promise<void> {
  const l = lang();
  return Promise.all(parts.map((part) => loadOne(part, l))).then(() => undefined);
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
  const inUse = [...pending.keys()].map((k) => k.split("/")[0] as Part);
  await Promise.all([...new Set<Part>(["core", ...inUse])].map((part) => loadOne(part, next)));
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

/** Put {name} parameters into a message. */
export { fill };

/**
 * A part's line in the current language, or undefined. Reactive. A part not fetched yet starts its fetch
 * here, and the lookup re-runs when it arrives (the route loaders fetch a page's parts first, so this is
 * the net under a family placed in the wrong part, not the path a page takes).
 */
function line(part: Part, key: string): string | undefined {
  const l = lang();
  const table = lines()[slot(part, l)];
  if (!table) {
    void loadOne(part, l);
    return undefined;
  }
  return own<string>(table, key);
}

/** A main-catalogue line (i18n/en.ts keys), read in the one part its family is cut into, or undefined. */
function mainLine(key: string): string | undefined {
  return line(mainPartOf(key), key);
}

/** Translate a known key. Reactive: re-runs when the language changes or the key's part arrives. */
export function t(key: MessageKey, params?: Params): string {
  return render(mainLine(key) ?? key, lang(), params);
}

/** A screen's own catalogue line (tc, tt, ta): reactive, plural forms by `n`, the key while its part loads. */
export function tp(part: Part, key: string, params?: Params): string {
  return render(line(part, key) ?? key, lang(), params);
}

/** Whether a dynamic key exists (e.g. "narrate." + phase). */
export function has(key: string): key is MessageKey {
  return mainLine(key) !== undefined;
}

/** The catalogue's line, or null when it has none (table/vocabulary.ts renders the open vocabulary with it). */
export function words(key: string, params?: Params): string | null {
  return has(key) ? t(key, params) : null;
}

/**
 * Translate a server id within a family ("phase", "role", "log", "error", ...). Unknown ids fall
 * back to `fallback` or to the id itself, so a new server value shows up instead of vanishing. An error
 * code only one screen meets has its line in that screen's part (`error.<code>`), read once it is here.
 */
export function tk(family: string, id: string, params?: Params, fallback?: string): string {
  const key = `${family}.${id}`;
  if (has(key)) return t(key, params);
  if (family === "error") {
    const l = lang();
    const all = lines();
    for (const part of ["clubs", "tournaments"] as const) {
      const found = own<string>(all[slot(part, l)] ?? {}, key);
      if (found !== undefined) return fill(found, params);
    }
  }
  return fallback ?? id;
}

/** The starting language's core catalogue (main.tsx waits for it before the first render). */
export const catalogueReady: Promise<void> = loadOne("core", lang());
