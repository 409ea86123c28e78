/**
 * The landing pages' chunks, fetched once: App.tsx renders them lazily, and main.tsx starts the fetch of
 * the one the address asks for at boot, in parallel with the language's core catalogue. Each loader waits
 * for its page's catalogue parts too (web/src/i18n/parts.ts), so a page renders with its lines
 * (docs/PERFORMANCE.md).
 */
import { loadParts } from "./i18n/index.ts";
import type { Part } from "./i18n/parts.ts";

/** A page's module once it and its catalogue parts are here. */
export const withParts = <M>(page: Promise<M>, ...parts: Part[]): Promise<M> => Promise.all([page, loadParts(...parts)]).then(([m]) => m);

let home: Promise<typeof import("./home/Home.tsx")> | null = null;
let table: Promise<typeof import("./table/TableScreen.tsx")> | null = null;

export const loadHome = () => (home ??= withParts(import("./home/Home.tsx"), "pages"));
export const loadTable = () => (table ??= withParts(import("./table/TableScreen.tsx"), "table"));

/** The club pages (a club, an evening, create a club) — one chunk, never part of home or table. */
let clubs: Promise<typeof import("./clubs/ClubScreens.tsx")> | null = null;
export const loadClubs = () => (clubs ??= withParts(import("./clubs/ClubScreens.tsx"), "pages", "clubs", "account"));

/** A finished game's record, replayed with the engine — its own chunk (the engine is large). */
let record: Promise<typeof import("./record/RecordPage.tsx")> | null = null;
export const loadRecord = () => (record ??= withParts(import("./record/RecordPage.tsx"), "table", "pages", "account"));

/** The tournament screens (create, the tournament page) — one chunk, never part of home or table. */
let tournaments: Promise<typeof import("./tournaments/TournamentScreens.tsx")> | null = null;
export const loadTournaments = () => (tournaments ??= withParts(import("./tournaments/TournamentScreens.tsx"), "pages", "tournaments", "account"));
