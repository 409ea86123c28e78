import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import solid from "vite-plugin-solid";
import { listPresets, presetOf } from "../shared/engine/presets/index.ts";
import type { PresetSettings } from "./src/home/presets.ts";
import { isProfile } from "./src/i18n/families.ts";
import { readFileSync } from "node:fs";
import { ruleTitles } from "./src/rules/anchors.ts";
import { devFixtures } from "./dev-fixtures.ts";
import { en } from "./src/i18n/en.ts";
import { uk } from "./src/i18n/uk.ts";
import { ru } from "./src/i18n/ru.ts";
import { mainPartOf, PARTS, type Part } from "./src/i18n/parts.ts";
import { CLUB_CATALOGUES, CLUB_ERRORS } from "./src/clubs/catalogue.ts";
import { TOURNAMENT_CATALOGUES, TOURNAMENT_ERRORS } from "./src/tournaments/catalogue.ts";
import { ACCOUNT_CATALOGUES } from "./src/account/catalogue.ts";

// Run from the repository root: `vite build --config web/vite.config.ts` -> web/dist.
// `vite --config web/vite.config.ts` serves the client and forwards /api (HTTP and the table
// WebSocket) to a `wrangler dev` on MAFIA_API (default http://127.0.0.1:8787).
const root = fileURLToPath(new URL(".", import.meta.url));
const api = process.env.MAFIA_API ?? "http://127.0.0.1:8787";

/** Every preset's settings descriptors and flags, read from the engine (presetSettings below). */
function presetList(): PresetSettings[] {
  return listPresets().map((p) => ({
    // §5.5 Custom's role counts travel as their keys only (the role editor needs no descriptor).
    id: p.id, settings: p.roleCounts ? p.settings.filter((d) => !p.roleCounts!.includes(d.key as never)) : p.settings, seats: p.seats,
    ...(p.requiresAccount ? { requiresAccount: true } : {}),
    // Issue 31.2: a rated format (RULES.md §2.14 rewards) keeps the rules' windows — the form offers no "longer windows".
    ...(p.rewards ? { rated: true } : {}),
    ...(p.roleCounts ? { roleCounts: p.roleCounts } : {}),
    ...(p.organizerPlays ? { organizerPlays: true } : {}),
    ...(p.hostLed ? { hostLed: true } : {}),
    ...(p.clubBonus ? { clubBonus: true } : {}),
    ...(p.clubDefault ? { clubDefault: true } : {}),
    ...(p.consigliere ? { consigliere: true } : {}),
    // Issue 18, RULES.md §6.9: the live host may remove a player without warning (the host panel's Remove).
    ...(presetOf(p.id).fouls?.hostRemoval ? { hostRemoval: true } : {}),
    // Issue 18, RULES.md §6: the organizer sets each game's role counts in the lobby (not a §5 profile, whose size is fixed).
    ...(p.roleCounts && !isProfile(p.id) ? { lobbyCounts: true } : {}),
  }));
}
/** The flags the table page reads (web/src/table/advisor.ts). */
const PRESET_FLAGS = ["consigliere", "lobbyCounts", "hostRemoval"] as const;
/**
 * `virtual:preset-settings` (issue 14): every preset's settings descriptors and `requiresAccount`,
 * read from the engine here, at build time, and handed to the client as plain JSON — the create form
 * copies nothing by hand, and the initial JS carries no valibot schema and no preset flow (importing
 * shared/engine/presets into the bundle cost +2.2 kB gzip; this JSON costs ~0.3 kB).
 * `virtual:preset-flags`: of that list, the ids of the presets with each flag the table page asks about —
 * a few ids instead of every preset's settings on the table's first paint (0.8 kB gzip, the route budget).
 */
function presetSettings(): Plugin {
  const modules: Record<string, () => unknown> = {
    "virtual:preset-settings": presetList,
    "virtual:preset-flags": () => Object.fromEntries(PRESET_FLAGS.map((flag) => [flag, presetList().filter((p) => p[flag]).map((p) => p.id)])),
  };
  return {
    name: "mafia-preset-settings",
    resolveId: (source) => (Object.hasOwn(modules, source) ? `\0${source}` : null),
    load(source) {
      const make = source.startsWith("\0") && Object.hasOwn(modules, source.slice(1)) ? modules[source.slice(1)] : undefined;
      return make ? `export default ${JSON.stringify(make())};` : null;
    },
  };
}

/**
 * `virtual:rule-headings`: the rules book's section headings by number (docs/RULES.md), a few kB of JSON, so
 * the rules test links each question to its section by the page's own heading without carrying the book.
 */
function ruleHeadings(): Plugin {
  const id = "virtual:rule-headings";
  const resolved = `\0${id}`;
  return {
    name: "mafia-rule-headings",
    resolveId: (source) => (source === id ? resolved : null),
    load(source) {
      if (source !== resolved) return null;
      return `export default ${JSON.stringify(ruleTitles(readFileSync(new URL("../docs/RULES.md", import.meta.url), "utf8")))};`;
    },
  };
}

/**
 * `virtual:catalogue/<part>/<lang>`: one part of one language's catalogue as plain JSON (web/src/i18n/parts.ts
 * says which lines are in which part). The catalogues stay one source file per language; the bundle has a
 * chunk per part and language, so a page waits only for its own lines in its own language.
 */
type Lang = "en" | "uk" | "ru";
const withErrors = (lines: Record<string, string>, errors: Record<string, string>) => ({
  ...lines,
  ...Object.fromEntries(Object.entries(errors).map(([code, line]) => [`error.${code}`, line])),
});
function catalogueLines(part: Part, l: Lang): Record<string, string> {
  switch (part) {
    case "core":
    case "pages":
    case "table":
    case "panels":
    case "roles":
    case "errors":
      return Object.fromEntries(Object.entries({ en, uk, ru }[l]).filter(([key]) => mainPartOf(key) === part));
    case "clubs":
      return withErrors(CLUB_CATALOGUES[l], CLUB_ERRORS[l]);
    case "tournaments":
      return withErrors(TOURNAMENT_CATALOGUES[l], TOURNAMENT_ERRORS[l]);
    case "account":
      return ACCOUNT_CATALOGUES[l];
  }
}
function catalogues(): Plugin {
  const prefix = "virtual:catalogue/";
  return {
    name: "mafia-catalogues",
    resolveId: (source) => (source.startsWith(prefix) ? `\0${source}` : null),
    load(source) {
      if (!source.startsWith(`\0${prefix}`)) return null;
      const [part, l] = source.slice(prefix.length + 1).split("/") as [Part, Lang];
      if (!PARTS.includes(part) || !["en", "uk", "ru"].includes(l)) throw new Error(`no catalogue ${source}`);
      return `export default ${JSON.stringify(catalogueLines(part, l))};`;
    },
  };
}

export default defineConfig(({ command }) => ({
  root,
  plugins: [solid(), presetSettings(), ruleHeadings(), catalogues()],
  define: { __DEV_FIXTURES__: JSON.stringify(devFixtures(command)) },
  // The balance meter's worker (issue 16, web/src/home/balance.worker.ts) is an ES module worker.
  worker: { format: "es" },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // scripts/web-size.mjs reads the chunk graph (each landing page's JS: the shell plus its route's chunks).
    manifest: true,
    target: "es2022",
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: { "/api": { target: api, ws: true, changeOrigin: true } },
  },
}));
