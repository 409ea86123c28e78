/**
 * Seats handed to bots (RULES.md §5.1): the table plays them with shared/bots' heuristic bot, which
 * decides from that seat's own viewFor — exactly what a person at that seat would see — and sends
 * the same engine inputs a person sends. Bots keep no memory between moves (the object may be
 * evicted at any time): each decision uses a fresh bot seeded from the table's seed, the seat and the
 * moment of the game, so a decision is reproducible and the same view gets the same answer.
 */
import { heuristicBot } from "../../shared/bots/heuristic.ts";
import { viewFor, type GameState, type PlayerAction } from "./engine.ts";

/** Default think delay before bots move after a change (ms); the env var BOT_THINK_MS overrides it. */
export const BOT_THINK_MS = 1200;

export function botThinkMs(env: { BOT_THINK_MS?: string }): number {
  const n = Number(env.BOT_THINK_MS);
  return Number.isFinite(n) && n >= 0 ? n : BOT_THINK_MS;
}

/** What the bot at `playerId` would do now, or null (nothing to do, or it waits). */
export function botMove(state: GameState, playerId: string, tableSeed: string): PlayerAction | null {
  const view = viewFor(state, { kind: "player", playerId });
  if (!view.you || view.you.actions.length === 0) return null;
  // Same seed for a whole ballot (open voting calls candidates one by one; the bot keeps its intent).
  const moment = view.phase === "voting" || view.phase === "revote" ? `${view.day}/${view.phase}` : `${view.day}/${view.phaseSeq}`;
  return heuristicBot(`${tableSeed}/bot/${playerId}/${moment}`).decide(view);
}

/** Does any of these bot seats want to move now? */
export function anyBotWantsToMove(state: GameState, botIds: readonly string[], tableSeed: string): boolean {
  return botIds.some((id) => botMove(state, id, tableSeed) !== null);
}
