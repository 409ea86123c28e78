/**
 * The bots for tests, benches and simulations: playGame (the page's balance jobs play through it too,
 * web/src/home/balance-play.ts), the bots and their seeded randomness. The worker's bot seats use levels.ts directly.
 */
export { playGame } from "./driver.ts";
/** @internal Tests and benches make their players here. */
export { makePlayers, type BotKind } from "./driver.ts";
/** @internal Tests drive seats with a bot of their own. */
export type { Bot } from "./types.ts";
/** @internal Tests drive seats with a bot of their own. */
export { randomBot, randomPolicy } from "./random.ts";
/** @internal Tests drive seats with a bot of their own. */
export { heuristicBot } from "./heuristic.ts";
/** @internal Tests drive seats with a bot of their own. */
export { strongBot } from "./strong.ts";
/** @internal Tests seed their own bot moves. */
export { botRng, type BotRng } from "./rng.ts";
