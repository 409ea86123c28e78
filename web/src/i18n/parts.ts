/**
 * How the catalogues are cut into lazy chunks: a page waits only for the lines it shows. web/vite.config.ts
 * builds `virtual:catalogue/<part>/<lang>` from the source catalogues (i18n/en.ts, uk.ts, ru.ts and the
 * screens' own catalogues), so each catalogue stays one file per language to edit and to test, while a
 * page downloads one language of the parts it needs (docs/PERFORMANCE.md, route budget). No imports: the
 * build config reads it in Node.
 *
 * - core: the shell and every line more than one page shows (in the main key space, t()).
 * - pages: the main key space's families only the pages around a game show (the create form, the formats'
 *   settings and presets, the profiles, the newcomers, the rules test, the home page's own lines): never on
 *   the table's first paint.
 * - table: the main key space's families a game shows on its first paint (the table, a game record, the dev fixtures).
 * - panels: the table's families only its lazy panels show (the host's and the organizer's panels, the end
 *   screen, the consigliere, the night's private panels, the chat, the lobby, the voice bar): each panel's loader
 *   waits for it.
 * - roles: the role descriptions (`roleinfo`), read when a card is turned face up or a format is described;
 *   the table starts its fetch once the game is on, without waiting for it.
 * - errors: the lines of the server's error codes (`error`), shown only after a request failed; main.tsx
 *   starts their fetch once the page has rendered, without waiting for it.
 * - clubs, tournaments, account: the screens' own catalogues (tc, tt, ta), each in its own key space, with
 *   the error lines only those screens meet as `error.<code>`.
 * A line goes with its family, but for the few in KEY_PARTS: a family's lines another page shows first.
 *
 * A line is looked up in its own part only (mainPartOf, the same function the build cuts by); looked up
 * before that part is here, it starts the part's fetch and shows once it arrives (i18n/index.ts), so a family
 * misplaced here costs a fetch, never a missing text.
 */
export type Part = "core" | "pages" | "table" | "panels" | "roles" | "errors" | "clubs" | "tournaments" | "account";
/** @internal Read by web/vite.config.ts, which builds the page catalogues (knip's production mode leaves the config out). */
export const PARTS: readonly Part[] = ["core", "pages", "table", "panels", "roles", "errors", "clubs", "tournaments", "account"];
/** Families of the main catalogue that only the pages around a game show (never the table's first paint). */
export const PAGE_FAMILIES: readonly string[] = [
  "setting", "create", "preset", "newcomers", "profile", "balance", "rulesTest", "guided", "lobby", "mine", "clubs", "leaders",
];

/** Families of the main catalogue that only the table's lazy panels show (their loaders wait for this part). */
export const PANEL_FAMILIES: readonly string[] = [
  "host", "offence", "why", "end", "rematch", "whisper", "report", "tally", "composition", "takeover", "needsConsigliere", "org", "chat",
  "voice", "consigliere", "evening", "record", "bots", "wait",
];

/** The role descriptions: read when a card turns face up, fetched by the table without waiting. */
export const ROLE_FAMILIES: readonly string[] = ["roleinfo"];

/**
 * The lines that are not in their family's part: a panels' line the table's first paint shows all the same,
 * a lobby line the join form shows on the home page too (home/forms.tsx, which waits for no part), and the
 * home page's own lines of families the other pages share.
 */
const KEY_PARTS: Readonly<Record<string, Part>> = {
  // The header's "Join voice", the speaker's spotlight, a seat's "joined" on the oval.
  "voice.join": "table", "voice.retry": "table", "voice.here": "table", "voice.listen": "table", "voice.spotlight": "table",
  "wait.joined": "table",
  "wait.joinHere": "core",
  "home.tagline": "pages", "home.actions": "pages", "home.create": "pages", "home.join": "pages", "home.watch": "pages",
  "how.basics": "pages", "how.sport": "pages", "how.city": "pages", "how.profiles": "pages", "how.tatar": "pages", "how.host-classic": "pages", "how.club": "pages",
};

/** Families (the key's first segment) of the main catalogue that a game's screens show (less the panels' and the roles'). */
export const TABLE_FAMILIES: readonly string[] = [
  "log", "ann", "act", "hint", "narrate", "legend", "ability", "phase", "closed", "explain", "check", "actions",
  "card", "step", "turn", "you", "claim", "vote", "night", "pause", "series", "saved", "tech", "purpose", "marks",
  "away", "out", "rec", "cue", "paused", "conn", "spectate", "timer", "warn", "narration", "by", "hosting",
];

/**
 * The part of a main-catalogue key.
 * Read by web/vite.config.ts, which cuts the catalogue by it, and by i18n/index.ts, which looks a line up in its part.
 */
export function mainPartOf(key: string): Part {
  const family = key.split(".", 1)[0] ?? "";
  const own = Object.hasOwn(KEY_PARTS, key) ? KEY_PARTS[key] : undefined;
  if (own) return own;
  if (PANEL_FAMILIES.includes(family)) return "panels";
  if (ROLE_FAMILIES.includes(family)) return "roles";
  if (family === "error") return "errors";
  if (TABLE_FAMILIES.includes(family)) return "table";
  return PAGE_FAMILIES.includes(family) ? "pages" : "core";
}
