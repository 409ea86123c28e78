import { defineConfig } from "vitest/config";

// Pure code (engine, protocol, bots) in Node.
export default defineConfig({
  test: {
    include: ["test/unit/**/*.test.ts"],
    environment: "node",
    passWithNoTests: false,
    testTimeout: 60_000,
  },
});
