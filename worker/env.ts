/** Bindings of the worker (wrangler.toml). */
import type { Directory } from "./directory/Directory.ts";
import type { GuessLimiter } from "./security/GuessLimiter.ts";
import type { TableObject } from "./table/TableObject.ts";
import type { TournamentObject } from "./tournaments/TournamentObject.ts";

export interface Env {
  /** One Durable Object per table, addressed by idFromName(code). */
  TABLE: DurableObjectNamespace<TableObject>;
  /** The singleton public-table directory, addressed by idFromName(DIRECTORY_NAME). */
  DIRECTORY: DurableObjectNamespace<Directory>;
  /** One small object per client address bucket: failed code lookups (worker/security/GuessLimiter.ts). */
  GUESS_LIMITER: DurableObjectNamespace<GuessLimiter>;
  /** One object per tournament, addressed by idFromName(tournament id) (worker/tournaments/TournamentObject.ts). */
  TOURNAMENT: DurableObjectNamespace<TournamentObject>;
  /** The built web client (web/dist). */
  ASSETS: Fetcher;
  /** Accounts, sessions, game records and ratings (D1; migrations/, docs/ACCOUNTS.md). */
  DB: D1Database;
  /** Optional: bots' think delay in ms (default worker/table/bots.ts BOT_THINK_MS). */
  BOT_THINK_MS?: string;
  /** Optional: the least time a bot holds the floor in its own speech, ms (default worker/table/bots.ts BOT_SPEECH_MS). */
  BOT_SPEECH_MS?: string;
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
   * docs/MEDIA.md "STUN/TURN": the ICE servers players' browsers use for the table's media,
   * as a JSON array of RTCIceServer (`[{"urls":"stun:stun.cloudflare.com:3478"}]`). Absent or invalid:
   * none — enough on one machine or a LAN (`npm start`).
   */
  MEDIA_ICE_SERVERS?: string;
  /**
   * The production media plane (docs/MEDIA.md §6): the Cloudflare Realtime SFU app's id and
   * secret, as Worker secrets (`wrangler secret put`; never in wrangler.toml). Tables use the SFU only
   * when both are set; otherwise the mesh (`npm start`, the tests).
   */
  SFU_APP_ID?: string;
  SFU_APP_SECRET?: string;
  /**
   * Tests and local development only: the base URL of a local stand-in for the Realtime API (SFU and
   * TURN). Honoured only for a loopback, `localhost` or `.test` host (worker/media/sfu-api.ts apiBase).
   */
  SFU_API_BASE?: string;
  /**
   * docs/MEDIA.md §5: the Cloudflare TURN key's id and API token, as Worker secrets. When both
   * are set, the table object mints short-lived TURN credentials for seated players (worker/media/turn.ts).
   */
  TURN_KEY_ID?: string;
  TURN_KEY_API_TOKEN?: string;
  /** Tests only (vitest.worker.config.ts): "1" lets tests inject alarm failures (TableObject.testAlarmFaults). Never set in wrangler.toml. */
  TEST_ALARM_FAULTS?: string;
  /** RULES.md §6.11, docs/CLUBS.md "Recordings": club games' audio, deleted after 72 h (R2; local under `wrangler dev`). */
  RECORDINGS: R2Bucket;
  /** Tests only (vitest.worker.config.ts): a smaller upload limit than RECORDING_MAX_BYTES, so the refusal is cheap to test. */
  TEST_RECORDING_MAX_BYTES?: string;
  /** Test only (vitest.worker.config.ts): a club's clock may be moved (worker/clubs/manage.ts clubNow). */
  TEST_CLUBS_CLOCK?: string;
}

export const DIRECTORY_NAME = "directory";

declare global {
  namespace Cloudflare {
    // `env` from "cloudflare:workers" (used by the tests) has the worker's bindings.
    interface Env {
      TABLE: DurableObjectNamespace<TableObject>;
      DIRECTORY: DurableObjectNamespace<Directory>;
      GUESS_LIMITER: DurableObjectNamespace<GuessLimiter>;
      TOURNAMENT: DurableObjectNamespace<TournamentObject>;
      ASSETS: Fetcher;
      DB: D1Database;
      RECORDINGS: R2Bucket;
    }
  }
}
