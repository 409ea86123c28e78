/**
 * The table page's first paint carries no rules engine (docs/PERFORMANCE.md, "The table page's
 * JavaScript"). A player
 * opening a table on a phone waits for the shell and the table route's static imports
 * (scripts/web-size.mjs "route table"). When `web/src/table/voice-peers.ts` took `lobbyFloor` from
 * shared/engine/media-floor.ts, that module brought the whole engine along: the flow interpreter, the
 * phases, the night. That was +34 kB gzip on the route (85 → 119 kB), noticed only when the sizes were
 * read by hand. This follows the runtime imports (not `import type`, not `import()`) from each landing
 * page and allows, of shared/engine, only the modules that are data and small pure helpers.
 */
import { describe, expect, it } from "vitest";
import { reached } from "../support/import-graph.ts";

/** The landing pages (web/src/routes.ts) whose static imports a person waits for. */
const PAGES = ["web/src/table/TableScreen.tsx", "web/src/home/Home.tsx", "web/src/record/RecordPage.tsx"];
/** The shared/engine modules a page may load up front: types and constants, and the phase kinds. */
const ENGINE_ALLOWED = new Set(["shared/engine/types.ts", "shared/engine/phase-kinds.ts"]);

describe("a landing page's up-front JavaScript carries no rules engine", () => {
  for (const page of PAGES) {
    it(`${page}: of shared/engine only ${[...ENGINE_ALLOWED].join(", ")}`, () => {
      const files = reached(page);
      expect(files.size).toBeGreaterThan(5);
      const engine = [...files].filter((f) => f.startsWith("shared/engine/") && !ENGINE_ALLOWED.has(f));
      expect(engine, `${page} loads the engine up front`).toEqual([]);
    });
  }

  it("the walk sees a runtime import of the engine where there is one (the live replay imports viewFor)", () => {
    const files = reached("web/src/record/Replay.tsx");
    expect([...files].some((f) => f.startsWith("shared/engine/") && !ENGINE_ALLOWED.has(f))).toBe(true);
  });
});
