import { defineConfig } from "vitest/config";

// The web client end to end: Debian's Chromium driven by playwright-core against `wrangler dev`
// (started by the test itself on a free port, in its own process group). Node environment: the
// test drives a real browser, it does not render components itself.
export default defineConfig({
  test: {
    include: ["test/browser/**/*.test.ts"],
    environment: "node",
    passWithNoTests: false,
    testTimeout: 240_000,
    hookTimeout: 90_000,
    // The two files play their games at the same time (each starts its own `wrangler dev` and Chromium):
    // they mostly wait on the games' real timers. Vitest's default on two cores would be one worker.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
