import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import solid from "vite-plugin-solid";

// Run from the repository root: `vite build --config web/vite.config.ts` -> web/dist.
// `vite --config web/vite.config.ts` serves the client and forwards /api (HTTP and the table
// WebSocket) to a `wrangler dev` on MAFIA_API (default http://127.0.0.1:8787).
const root = fileURLToPath(new URL(".", import.meta.url));
const api = process.env.MAFIA_API ?? "http://127.0.0.1:8787";

export default defineConfig({
  root,
  plugins: [solid()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: { "/api": { target: api, ws: true, changeOrigin: true } },
  },
});
