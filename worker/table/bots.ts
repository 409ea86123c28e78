/**
 * Seats handed to bots (RULES.md §5.1): the table plays them with shared/bots' heuristic bot, which
 * decides from that seat's own viewFor — exactly what a person at that seat would see — and sends
 * the same engine inputs a person sends. Bots keep no memory between moves (the object may be
 * evicted at any time): each decision uses a fresh bot seeded from the table's seed, the seat and the
 * moment of the game, so a decision is reproducible and the same view gets the same answer.
 */
import { heuristicBot } from "../../shared/bots/heuristic.ts";
import { apply, isOver, viewFor, type GameState, type Input, type PlayerAction } from "./engine.ts";
import type { Table } from "./table.ts";

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

/**
 * The table's bot seats: when they move (a think delay after a change, `game.bot_at`, the alarm's
 * `bots` item) and their moves, applied and committed like a person's.
 */
export class BotSeats {
  constructor(private readonly t: Table) {}

  /** Bots move a think delay after a change, if any bot seat has something to do (a pending move keeps its time). */
  schedule(now: number, idle: boolean): void {
    const t = this.t;
    const state = t.match.state();
    const current = t.store.extras().botAt;
    const botIds = t.store.players().filter((p) => p.bot && p.seat !== null).map((p) => p.playerId);
    let next: number | null = null;
    if (!idle && state && !isOver(state) && botIds.length > 0 && anyBotWantsToMove(state, botIds, t.match.gameSeed())) {
      next = current ?? now + botThinkMs(t.env);
    }
    if (next !== current) t.store.setBotAt(next);
  }

  /**
   * The bots' turn: every bot seat that wants to move (deciding from its own view) sends its input, in
   * seat order, each on the state the previous one left. Then the next bot move is scheduled.
   */
  async run(at: number): Promise<void> {
    const t = this.t;
    const state = t.match.state();
    const seed = t.match.gameSeed();
    t.store.setBotAt(null);
    if (!state || isOver(state)) return t.fanout.afterChange(at);
    let accepted = 0;
    const bots = t.store.players().filter((p) => p.bot && p.seat !== null).sort((a, b) => a.seat! - b.seat!);
    for (const bot of bots) {
      const current = t.match.state()!;
      if (isOver(current)) break;
      const action = botMove(current, bot.playerId, seed);
      if (!action) continue;
      const input: Input = { kind: "act", playerId: bot.playerId, action };
      const result = apply(current, input, at);
      if (!result.ok) {
        console.warn(`table ${t.config().code}: bot at seat ${bot.seat} refused (${result.rejection.code})`);
        continue;
      }
      t.match.commit(result.state, [input], at);
      accepted++;
    }
    // A pass where every bot was refused does not repeat until something else changes.
    await t.fanout.afterChange(at, undefined, undefined, accepted === 0);
  }
}
