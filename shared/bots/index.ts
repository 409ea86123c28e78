export type { Bot } from "./types.ts";
export { randomBot, randomPolicy } from "./random.ts";
export { heuristicBot } from "./heuristic.ts";
export { botRng, type BotRng } from "./rng.ts";
export { playGame, makePlayers, makeBot, type PlayOptions, type PlayResult, type BotKind } from "./driver.ts";
export { strongBot } from "./strong.ts";
export { BOT_LEVELS, DEFAULT_BOT_LEVEL, botFor, type BotLevel } from "./levels.ts";
