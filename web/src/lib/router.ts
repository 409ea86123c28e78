/**
 * A tiny client router:
 *   /            home
 *   /t/:code     a table
 *   /dev/:name   the dev fixture page (lazy chunk, never part of the initial JS)
 *   /signin      sign up / sign in (lazy chunk with @simplewebauthn/browser)
 *   /u/:nick     a profile (lazy chunk)
 *   /how, /how/:format   how to play: the basics, or one format (lazy chunk)
 *   /clubs/new   create a club; /c/:id a club; /c/:id/e/:evening an evening (lazy chunks)
 *   /t/:code/g/:n  a finished game's record, replayed (lazy chunk with the engine)
 *   /rules       the rules book, docs/RULES.md (lazy chunk)
 *   /clubs       the public clubs, with search; /leaders the rating leaderboard
 *   anything else  a "not found" page with a way home, never the home page
 *   /rules-test/:format  a format's rules test (lazy chunk)
 *   /tournaments/new  create a tournament; /tn/:id a tournament (lazy chunk)
 */
import { createSignal } from "solid-js";

export type Route =
  | { name: "home" }
  | { name: "table"; code: string }
  | { name: "dev"; fixture: string }
  | { name: "signin" }
  | { name: "profile"; nick: string }
  | { name: "how"; topic: string }
  | { name: "club-new" }
  | { name: "club"; id: string }
  | { name: "evening"; club: string; evening: string }
  | { name: "record"; code: string; game: number }
  | { name: "rules" }
  | { name: "clubs" }
  | { name: "leaders" }
  | { name: "notfound" }
  | { name: "rules-test"; format: string }

  | { name: "tournament-new" }
  | { name: "tournament"; id: string };

export function parseRoute(pathname: string): Route {
  const record = /^\/t\/([A-Za-z0-9]{3,16})\/g\/([1-9][0-9]{0,4})\/?$/.exec(pathname);
  if (record?.[1] && record[2]) return { name: "record", code: record[1].toUpperCase(), game: Number(record[2]) };
  const table = /^\/t\/([A-Za-z0-9]{3,16})\/?$/.exec(pathname);
  if (table?.[1]) return { name: "table", code: table[1].toUpperCase() };
  if (/^\/signin\/?$/.test(pathname)) return { name: "signin" };
  const profile = /^\/u\/([^/]{1,200})\/?$/.exec(pathname);
  if (profile?.[1]) {
    try {
      return { name: "profile", nick: decodeURIComponent(profile[1]) };
    } catch {
      return { name: "notfound" };
    }
  }
  const how = /^\/how(?:\/([a-z0-9-]+))?\/?$/.exec(pathname);
  if (how) return { name: "how", topic: how[1] ?? "basics" };
  if (/^\/clubs\/new\/?$/.test(pathname)) return { name: "club-new" };
  if (/^\/clubs\/?$/.test(pathname)) return { name: "clubs" };
  if (/^\/leaders\/?$/.test(pathname)) return { name: "leaders" };
  if (/^\/rules\/?$/.test(pathname)) return { name: "rules" };
  const club = /^\/c\/(c[A-Za-z0-9_-]{16})(?:\/e\/(e[A-Za-z0-9_-]{16}))?\/?$/.exec(pathname);
  if (club?.[1]) return club[2] ? { name: "evening", club: club[1], evening: club[2] } : { name: "club", id: club[1] };
  const rulesTest = /^\/rules-test\/([a-z][a-z0-9-]{0,31})\/?$/.exec(pathname);
  if (rulesTest?.[1]) return { name: "rules-test", format: rulesTest[1] };
  // Create a tournament; a tournament's page.
  if (/^\/tournaments\/new\/?$/.test(pathname)) return { name: "tournament-new" };
  const tn = /^\/tn\/(t[A-Za-z0-9_-]{16})\/?$/.exec(pathname);
  if (tn?.[1]) return { name: "tournament", id: tn[1] };
  const dev = /^\/dev\/([a-z0-9-]+)\/?$/.exec(pathname);
  if (dev?.[1]) return { name: "dev", fixture: dev[1] };
  if (pathname === "/" || pathname === "" || pathname === "/index.html") return { name: "home" };
  return { name: "notfound" };
}

const [route, setRoute] = createSignal<Route>(parseRoute(location.pathname));
export { route };

export function navigate(path: string, replace = false): void {
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  setRoute(parseRoute(location.pathname));
  window.scrollTo(0, 0);
}

window.addEventListener("popstate", () => setRoute(parseRoute(location.pathname)));

export function tablePath(code: string): string {
  return `/t/${encodeURIComponent(code.toUpperCase())}`;
}

/** Game `n` of a table's series, as its public record (replayed in the page). */
export function recordPath(code: string, n: number): string {
  return `${tablePath(code)}/g/${n}`;
}

/** Same-origin link clicks go through the router (modifier clicks open a new tab as usual). */
export function onLinkClick(event: MouseEvent): void {
  const a = event.currentTarget as HTMLAnchorElement;
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  if (a.origin !== location.origin) return;
  event.preventDefault();
  navigate(a.pathname + a.search + a.hash);
}

/** How to play: the basics (no topic) or one format by its preset id. */
export function howPath(topic?: string): string {
  return topic && topic !== "basics" ? `/how/${encodeURIComponent(topic)}` : "/how";
}

export function profilePath(nick: string): string {
  return `/u/${encodeURIComponent(nick)}`;
}

/** A club's page, and one of its evenings. */
export const clubPath = (id: string): string => `/c/${id}`;
export const eveningPath = (club: string, evening: string): string => `/c/${club}/e/${evening}`;

/** The leaderboard — overall, or a club's / a season's (`club:<id>`, `season:<id>`) — and its page. */
export const leadersPath = (scope: string, page = 1): string => {
  const p = new URLSearchParams();
  if (scope !== "all") p.set("scope", scope);
  if (page > 1) p.set("page", String(page));
  const s = p.toString();
  return s ? `/leaders?${s}` : "/leaders";
};
/** A format's rules test. */
export const rulesTestPath = (format: string): string => `/rules-test/${encodeURIComponent(format)}`;
