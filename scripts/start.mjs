#!/usr/bin/env node
// `npm start` (after the web build): the whole product on http://localhost:8787 (listening on 127.0.0.1), fully offline.
// No Cloudflare account, no network: local SQLite under .wrangler/state for every binding.
import { spawn, spawnSync } from "node:child_process";
import { ensurePackages, stop } from "./preflight.mjs";

const port = process.env.PORT ?? "8787";

// A bare `npm start` installs the packages first; `--build` (npm start) builds the web client.
ensurePackages("npm start");
if (process.argv.includes("--build")) {
  const build = spawnSync("npm", ["run", "--silent", "build:web"], { stdio: "inherit" });
  if (build.status !== 0) stop("npm start", "building the web client failed (see above)");
}
const offline = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };

// D1 (accounts, records, ratings; docs/ACCOUNTS.md): apply migrations/*.sql to the local database first.
// Idempotent (wrangler records applied migrations in d1_migrations); CI=true answers its prompt.
const migrate = spawnSync(
  "wrangler",
  ["d1", "migrations", "apply", "DB", "--local", "--persist-to", ".wrangler/state"],
  { stdio: "inherit", env: { ...offline, CI: "true" } },
);
if (migrate.status !== 0) {
  console.error("start: applying D1 migrations failed");
  process.exit(migrate.status ?? 1);
}

const child = spawn(
  "wrangler",
  ["dev", "--ip", "127.0.0.1", "--port", port, "--persist-to", ".wrangler/state", "--show-interactive-dev-session=false"],
  {
    stdio: "inherit",
    env: offline,
  },
);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
