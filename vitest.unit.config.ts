import { globSync } from "node:fs";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { defineConfig } from "vitest/config";
import { changesGlobals } from "./test/support/unit-isolation.ts";

/**
 * Pure code (engine, protocol, bots) in Node, as two projects:
 * - "shared": the files that change nothing global run without isolation — one module graph per
 *   worker, so shared/engine is loaded once per worker instead of once per file (measured in
 *   docs/PERFORMANCE.md "Test suite wall time": the unit step's CPU nearly halves);
 * - "isolated": the files that do change something global — register a preset, a role or an effect,
 *   mock a module, stub a global or the environment — each in its own module graph, as before, so what
 *   they register never reaches another file.
 * A file is "isolated" when it or a local module it imports (followed through test/ only) contains one
 * of those calls (test/support/unit-isolation.ts), so a new fixture that registers something is
 * isolated without anyone listing it.
 */
const TEST_ROOT = resolve("test");

const ALL = globSync("test/unit/**/*.test.ts").sort();
const ISOLATED = ALL.filter((f) => changesGlobals(resolve(f), TEST_ROOT));
const common = {
  environment: "node" as const,
  // A bound, not a budget: the longest property file takes ~16 s on a busy two-core machine.
  testTimeout: 120_000,
};

export default defineConfig({
  test: {
    passWithNoTests: false,
    // Vitest's default is one worker per core but one: a single worker on two cores. The property
    // files are pure CPU and independent: use both.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { ...common, name: "shared", include: ["test/unit/**/*.test.ts"], exclude: ISOLATED, isolate: false } },
      { test: { ...common, name: "isolated", include: ISOLATED.length ? ISOLATED : ["test/unit/__none__.test.ts"], isolate: true } },
    ],
  },
});
