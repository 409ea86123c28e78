#!/usr/bin/env node
// `npm start` (after the web build): the whole product on http://127.0.0.1:8787, fully offline.
// No Cloudflare account, no network: local SQLite under .wrangler/state for every binding.
import { spawn } from "node:child_process";

const port = process.env.PORT ?? "8787";
const child = spawn(
  "wrangler",
  ["dev", "--ip", "127.0.0.1", "--port", port, "--persist-to", ".wrangler/state", "--show-interactive-dev-session=false"],
  {
    stdio: "inherit",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  },
);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
