import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// Worker + Durable Object code inside workerd.
export default defineConfig({
  plugins: [cloudflareTest({ wrangler: { configPath: "./wrangler.toml" } })],
  test: {
    include: ["test/worker/**/*.test.ts"],
    passWithNoTests: false,
    testTimeout: 60_000,
  },
});
