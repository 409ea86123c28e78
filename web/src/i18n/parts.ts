/**
 * How the catalogues are cut into lazy chunks: a page waits only for the lines it shows. web/vite.config.ts
 * builds `virtual:catalogue/<part>/<lang>` from the source catalogues (i18n/en.ts, uk.ts, ru.ts and the
 * screens' own catalogues), so each catalogue stays one file per language to edit and to test, while a
 * page downloads one language of the parts it needs (docs/PERFORMANCE.md, route budget). No imports: the
 * build config reads it in Node.
 *
 * - core: the shell, the home page and every line more than one page shows (in the main key space, t()).
 * - table: the main key space's families only a game shows (the table, a game record, the dev fixtures).
 * - clubs, tournaments, account: the screens' own catalogues (tc, tt, ta), each in its own key space, with
 *   the error lines only those screens meet as `error.<code>`.
 *
 * A line looked up before its part is here starts that part's fetch and shows once it arrives
 * (i18n/index.ts), so a family misplaced here costs a fetch, never a missing text.
 */
export type Part = "core" | "table" | "clubs" | "tournaments" | "account";
/** @internal Read by web/vite.config.ts, which builds the page catalogues (knip's production mode leaves the config out). */
export const PARTS: readonly Part[] = ["core", "table", "clubs", "tournaments", "account"];
/** The parts whose keys are t()'s main key space (i18n/en.ts). */
export const MAIN_PARTS: readonly Part[] = ["core", "table"];

/** Families (the key's first segment) of the main catalogue that only a game's screens show. */
export const TABLE_FAMILIES: readonly string[] = [
  "log", "roleinfo", "ann", "host", "act", "voice", "hint", "narrate", "legend", "why", "org", "ability", "phase",
  "needsConsigliere", "closed", "chat", "explain", "check", "actions", "card", "step", "end", "turn", "you", "claim",
  "vote", "night", "tally", "pause", "offence", "whisper", "report", "series", "saved", "takeover", "tech", "purpose",
  "bots", "rematch", "marks", "away", "out", "rec", "cue", "composition", "paused", "conn", "spectate", "timer", "warn",
  "narration", "by", "hosting",
];

/**
 * The part of a main-catalogue key.
 * @internal Read by web/vite.config.ts, which builds the page catalogues (knip's production mode leaves the config out).
 */
export function mainPartOf(key: string): Part {
  return TABLE_FAMILIES.includes(key.split(".", 1)[0] ?? "") ? "table" : "core";
}
