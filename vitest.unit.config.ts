import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Pure code (engine, protocol, bots) in Node.
export default defineConfig({
  test: {
    include: ["test/unit/**/*.test.ts"],
    environment: "node",
    passWithNoTests: false,
    // A bound, not a budget: the longest property file takes ~16 s on a busy two-core machine.
    testTimeout: 120_000,
    // Vitest's default is one worker per core but one: a single worker on two cores. The property
    // files are pure CPU and independent: use both.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
