/** Before every worker test file: apply migrations/*.sql to the D1 binding (idempotent: d1_migrations records them). */
import { applyD1Migrations, type D1Migration } from "cloudflare:test";
import { env } from "cloudflare:workers";

declare global {
  namespace Cloudflare {
    interface Env {
      /** From vitest.worker.config.ts (readD1Migrations). */
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
