/**
 * The landing pages' chunks, fetched once: App.tsx renders them lazily, and main.tsx starts the fetch of
 * the one the address asks for at boot, in parallel with the language catalogue (docs/PERFORMANCE.md).
 */
let home: Promise<typeof import("./home/Home.tsx")> | null = null;
let table: Promise<typeof import("./table/TableScreen.tsx")> | null = null;

export const loadHome = () => (home ??= import("./home/Home.tsx"));
export const loadTable = () => (table ??= import("./table/TableScreen.tsx"));
