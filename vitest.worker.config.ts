import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// Worker + Durable Object code inside workerd.
const FULL = !!process.env.FULL;
const DEEP = FULL || process.env.TEST_DEEP === "1";
export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      wrangler: { configPath: "./wrangler.toml" },
      // D1 migrations (migrations/*.sql) handed to test/worker/setup-d1.ts, which applies them (docs/ACCOUNTS.md).
      // TEST_ALARM_FAULTS: lets test/worker/alarm-faults.test.ts make alarm items fail (issue 11); never in wrangler.toml.
      // TEST_CLUBS_CLOCK: issue 35, a club's clock moves (clubs_test_clock; test/worker/evening-manage.test.ts).
      // TEST_RECORDING_MAX_BYTES: test/worker/recordings.test.ts's upload limit (issue 19), small so "too large" is cheap.
      miniflare: { bindings: { TEST_MIGRATIONS: await readD1Migrations("./migrations"), TEST_ALARM_FAULTS: "1", TEST_RECORDING_MAX_BYTES: "65536", TEST_CLUBS_CLOCK: "1" } },
    })),
  ],
  test: {
    include: ["test/worker/**/*.test.ts"],
    setupFiles: ["./test/worker/setup-d1.ts"],
    // The seeded games' sizes: small in `npm test`, larger with TEST_DEEP=1 (`npm run test:deep`, before a
    // release), full with FULL=1. test/worker/leak.test.ts and restart.test.ts: games per preset;
    // entitlement.test.ts: rounds of its games (one of each kind per round); fuzz.test.ts: its random frames.
    provide: {
      deep: DEEP,
      leakSocketGames: Number(process.env.LEAK_SOCKET_GAMES ?? (FULL ? 50 : DEEP ? 10 : 2)),
      restartGames: Number(process.env.RESTART_GAMES ?? (FULL ? 30 : DEEP ? 10 : 2)),
      entitlementRounds: Number(process.env.ENTITLEMENT_ROUNDS ?? (FULL ? 5 : DEEP ? 3 : 1)),
      // bench/cost.ts: games measured by test/worker/measure.test.ts (0 = skipped, as in `npm test`).
      measureGames: Number(process.env.MEASURE_GAMES ?? 0),
      // bench/human-pace.ts (issue 36): games whose every event test/worker/human-pace.test.ts times (0 = skipped).
      humanPaceGames: Number(process.env.HUMAN_PACE_GAMES ?? 0),
    },
    passWithNoTests: false,
    testTimeout: 60_000,
    // Set-ups make accounts (a password hash each) and tables: a bound for a starved 2-core machine, as testTimeout.
    hookTimeout: 60_000,
    // Not one workerd per file (isolate: false; one per file took ~75 s against ~25 s). Three pool
    // workers, each one workerd running its share of the files one after another: the suite mostly
    // waits on real alarms (presence windows, retries, timers), so three at once take 40 s instead of
    // 90 s for the same CPU (issue 11). Files that share a workerd share storage: each uses its own
    // table codes, nicknames and client addresses, and D1's migrations (setup-d1.ts) are idempotent.
    isolate: false,
    fileParallelism: true,
    maxWorkers: 3,
  },
});
