import { defineConfig } from "vitest/config";

// The web client end to end: Debian's Chromium driven by playwright-core against `wrangler dev`
// (started by the test itself on a free port, in its own process group). Node environment: the
// test drives a real browser, it does not render components itself.
export default defineConfig({
  test: {
    include: ["test/browser/**/*.test.ts"],
    environment: "node",
    // Issue 33: the web build and the frozen server (bundle, migrated D1) once, not per file.
    globalSetup: ["test/browser/global-setup.ts"],
    passWithNoTests: false,
    testTimeout: 240_000,
    hookTimeout: 90_000,
    // A condition polled with expect.poll may take this long on a busy machine (an upper bound, not a wait).
    expect: { poll: { timeout: 15_000, interval: 100 } },
    // One game at a time (issue 11). With the test clock (test/browser/harness.ts advanceClock) the
    // games no longer wait out real timers: they are pure CPU (ten pages, wrangler, Chromium), and two
    // at once on two cores only starved each other — page loads timed out.
    fileParallelism: false,
    maxWorkers: 1,
  },
});
