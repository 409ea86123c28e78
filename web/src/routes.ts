/**
 * The landing pages' chunks, fetched once: App.tsx renders them lazily, and main.tsx starts the fetch of
 * the one the address asks for at boot, in parallel with the language catalogue (docs/PERFORMANCE.md).
 */
let home: Promise<typeof import("./home/Home.tsx")> | null = null;
let table: Promise<typeof import("./table/TableScreen.tsx")> | null = null;

export const loadHome = () => (home ??= import("./home/Home.tsx"));
export const loadTable = () => (table ??= import("./table/TableScreen.tsx"));

/** The club pages (a club, an evening, create a club) — one chunk, never part of home or table. */
let clubs: Promise<typeof import("./clubs/ClubScreens.tsx")> | null = null;
export const loadClubs = () => (clubs ??= import("./clubs/ClubScreens.tsx"));

/** A finished game's record, replayed with the engine — its own chunk (the engine is large). */
let record: Promise<typeof import("./record/RecordPage.tsx")> | null = null;
export const loadRecord = () => (record ??= import("./record/RecordPage.tsx"));

/** The tournament screens (create, the tournament page) — one chunk, never part of home or table. */
let tournaments: Promise<typeof import("./tournaments/TournamentScreens.tsx")> | null = null;
export const loadTournaments = () => (tournaments ??= import("./tournaments/TournamentScreens.tsx"));
