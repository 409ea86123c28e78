/**
 * The /dev/* fixture pages (web/src/dev/DevFixture.tsx, hand-made views for the browser tests and the
 * screenshots) are built only on an explicit flag, MAFIA_DEV_FIXTURES=1 (the test runs set it), or by the
 * dev server: a plain `npm run build:web` then `wrangler deploy` carries no fixture page
 * (test/unit/dev-fixtures-flag.test.ts; scripts/deploy-check.mjs proves the deploy build).
 */
export const devFixtures = (command: "build" | "serve", flag = process.env.MAFIA_DEV_FIXTURES): boolean => flag === "1" || (command === "serve" && flag !== "0");
