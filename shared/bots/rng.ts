/** A bot's own seeded randomness (bots are players: their choices are inputs, not engine state). */
import { nextU32, seedRng, type RngState } from "../engine/rng.ts";

export interface BotRng {
  next(): number;
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
}

export function botRng(seed: string): BotRng {
  const r: RngState = seedRng(seed);
  return {
    next: () => nextU32(r) / 4294967296,
    int: (n) => Math.floor((nextU32(r) / 4294967296) * n),
    pick<T>(items: readonly T[]): T {
      return items[Math.floor((nextU32(r) / 4294967296) * items.length)] as T;
    },
  };
}
