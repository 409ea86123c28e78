/**
 * The sizes of the unit suite's seeded random games: `npm test` plays a fixed, small set chosen to meet every
 * preset, table size and live-host mode (each file says which); `npm run test:deep` (TEST_DEEP=1, before a
 * release, not in CI) the larger sweep; FULL=1 the long run, every game. Seeds never come from the clock.
 */
export const FULL = !!process.env.FULL;
export const DEEP = FULL || process.env.TEST_DEEP === "1";
