/** Bindings of the worker (wrangler.toml). */
import type { Directory } from "./directory/Directory.ts";
import type { GuessLimiter } from "./security/GuessLimiter.ts";
import type { TableObject } from "./table/TableObject.ts";

export interface Env {
  /** One Durable Object per table, addressed by idFromName(code). */
  TABLE: DurableObjectNamespace<TableObject>;
  /** The singleton public-table directory, addressed by idFromName(DIRECTORY_NAME). */
  DIRECTORY: DurableObjectNamespace<Directory>;
  /** One small object per client address bucket: failed code lookups (worker/security/GuessLimiter.ts). */
  GUESS_LIMITER: DurableObjectNamespace<GuessLimiter>;
  /** The built web client (web/dist). */
  ASSETS: Fetcher;
  /** Accounts, sessions, game records and ratings (D1; migrations/, docs/ACCOUNTS.md). */
  DB: D1Database;
  /** Optional: bots' think delay in ms (default worker/table/bots.ts BOT_THINK_MS). */
  BOT_THINK_MS?: string;
  /**
   * Test only: "1" enables the end-to-end test clock (POST /api/test-clock/:code/advance, TableObject
   * advanceClock). Set by the browser suite's `wrangler dev` (--var); never by wrangler.toml or npm start.
   */
  E2E_CLOCK?: string;
  /**
   * Test only, and only with E2E_CLOCK=1: every new table's seed (the browser voice suite fixes the seat
   * draw and the auto-dealt roles so its pages include black and red players). Never in wrangler.toml.
   */
  E2E_TABLE_SEED?: string;
  /**
   * Issue 15 (docs/MEDIA.md "STUN/TURN"): the ICE servers players' browsers use for the table's media,
   * as a JSON array of RTCIceServer (`[{"urls":"stun:stun.cloudflare.com:3478"}]`). Absent or invalid:
   * none — enough on one machine or a LAN (`npm start`).
   */
  MEDIA_ICE_SERVERS?: string;
  /** Tests only (vitest.worker.config.ts): "1" lets tests inject alarm failures (TableObject.testAlarmFaults). Never set in wrangler.toml. */
  TEST_ALARM_FAULTS?: string;
}

export const DIRECTORY_NAME = "directory";

declare global {
  namespace Cloudflare {
    // `env` from "cloudflare:workers" (used by the tests) has the worker's bindings.
    interface Env {
      TABLE: DurableObjectNamespace<TableObject>;
      DIRECTORY: DurableObjectNamespace<Directory>;
      GUESS_LIMITER: DurableObjectNamespace<GuessLimiter>;
      ASSETS: Fetcher;
      DB: D1Database;
    }
  }
}
