/**
 * The bots' difficulty levels, chosen per table (a table option) and used for every seat the
 * table plays with a bot (lobby bots and seats handed over, RULES.md §5.1).
 *   - "strong": reads everything its own view shows (votes, nominations, deaths, public claims) and
 *     plays its role's abilities on purpose (shared/bots/strong.ts);
 *   - "novice": the same bot with a beginner's habits: it weighs what the table showed at half, adds a
 *     lot of noise to its reads, reveals a check only in its last words and never counter-claims.
 */
import { strongBot } from "./strong.ts";
import type { Bot } from "./types.ts";

export const BOT_LEVELS = ["novice", "strong"] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];
export const DEFAULT_BOT_LEVEL: BotLevel = "strong";

/** The bot for one seat at `level`, its randomness seeded by `seed`. */
export function botFor(level: BotLevel, seed: string): Bot {
  return strongBot(seed, level);
}
