export type { Bot } from "./types.ts";
export { randomBot, randomPolicy } from "./random.ts";
export { heuristicBot } from "./heuristic.ts";
export { botRng, type BotRng } from "./rng.ts";
export { playGame, makePlayers, type BotKind } from "./driver.ts";
export { strongBot } from "./strong.ts";
