/**
 * How the catalogues are cut into lazy chunks: a page waits only for the lines it shows. web/vite.config.ts
 * builds `virtual:catalogue/<part>/<lang>` from the source catalogues (i18n/en.ts, uk.ts, ru.ts and the
 * screens' own catalogues), so each catalogue stays one file per language to edit and to test, while a
 * page downloads one language of the parts it needs (docs/PERFORMANCE.md, route budget). No imports: the
 * build config reads it in Node.
 *
 * - core: the shell and every line more than one page shows (in the main key space, t()).
 * - pages: the main key space's families only the pages around a game show (the create form, the formats'
 *   settings and presets, the profiles, the newcomers, the rules test): never on the table's first paint.
 * - table: the main key space's families a game shows on its first paint (the table, a game record, the dev fixtures).
 * - panels: the table's families only its lazy panels show (the host's and the organizer's panels, the end
 *   screen, the consigliere, the night's private panels, the chat, the lobby, the voice bar): each panel's loader
 *   waits for it. A few of their lines show on the first paint all the same and stay in table (FIRST_PAINT_KEYS).
 * - roles: the role descriptions (`roleinfo`), read when a card is turned face up or a format is described;
 *   the table starts its fetch once the game is on, without waiting for it.
 * - errors: the lines of the server's error codes (`error`), shown only after a request failed; main.tsx
 *   starts their fetch once the page has rendered, without waiting for it.
 * - clubs, tournaments, account: the screens' own catalogues (tc, tt, ta), each in its own key space, with
 *   the error lines only those screens meet as `error.<code>`.
 *
 * A line is looked up in its own part only (mainPartOf, the same function the build cuts by); looked up
 * before that part is here, it starts the part's fetch and shows once it arrives (i18n/index.ts), so a family
 * misplaced here costs a fetch, never a missing text.
 */
export type Part = "core" | "pages" | "table" | "panels" | "roles" | "errors" | "clubs" | "tournaments" | "account";
/** @internal Read by web/vite.config.ts, which builds the page catalogues (knip's production mode leaves the config out). */
export const PARTS: readonly Part[] = ["core", "pages", "table", "panels", "roles", "errors", "clubs", "tournaments", "account"];
/** Families of the main catalogue that only the pages around a game show (never the table's first paint). */
export const PAGE_FAMILIES: readonly string[] = ["setting", "create", "preset", "newcomers", "profile", "balance", "rulesTest", "guided"];

/** Families of the main catalogue that only the table's lazy panels show (their loaders wait for this part). */
export const PANEL_FAMILIES: readonly string[] = [
  "host", "offence", "why", "end", "rematch", "whisper", "report", "tally", "composition", "takeover", "needsConsigliere", "org", "chat",
  "voice",
];

/** Lines of a panels' family the table's first paint shows all the same (the header's "Join voice", the speaker's spotlight). */
const FIRST_PAINT_KEYS: readonly string[] = ["voice.join", "voice.retry", "voice.here", "voice.listen", "voice.spotlight"];

/** The role descriptions: read when a card turns face up, fetched by the table without waiting. */
export const ROLE_FAMILIES: readonly string[] = ["roleinfo"];

/** Families (the key's first segment) of the main catalogue that a game's screens show (less the panels' and the roles'). */
export const TABLE_FAMILIES: readonly string[] = [
  "log", "ann", "act", "hint", "narrate", "legend", "ability", "phase", "closed", "explain", "check", "actions",
  "card", "step", "turn", "you", "claim", "vote", "night", "pause", "series", "saved", "tech", "purpose", "bots", "marks",
  "away", "out", "rec", "cue", "paused", "conn", "spectate", "timer", "warn", "narration", "by", "hosting",
];

/**
 * The part of a main-catalogue key.
 * Read by web/vite.config.ts, which cuts the catalogue by it, and by i18n/index.ts, which looks a line up in its part.
 */
export function mainPartOf(key: string): Part {
  const family = key.split(".", 1)[0] ?? "";
  if (FIRST_PAINT_KEYS.includes(key)) return "table";
  if (PANEL_FAMILIES.includes(family)) return "panels";
  if (ROLE_FAMILIES.includes(family)) return "roles";
  if (family === "error") return "errors";
  if (TABLE_FAMILIES.includes(family)) return "table";
  return PAGE_FAMILIES.includes(family) ? "pages" : "core";
}
