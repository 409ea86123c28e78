/**
 * Seats handed to bots (RULES.md §5.1) and bots seated in the lobby: when they move and their moves,
 * committed like a person's. What each bot decides, and at which level: bot-move.ts.
 */
import { botMove, botSeatsOf, botSpeechMs, nextBotMoveAt, speechHeldUntil } from "./bot-move.ts";
import { apply, isOver, type Input } from "./engine.ts";
import type { AlarmItem, MatchPort, TableCore } from "./ports.ts";
import { dueAt } from "./schedule.ts";
import type { TableStore } from "./storage.ts";

/** Default think delay before bots move after a change (ms); the env var BOT_THINK_MS overrides it. */
export const BOT_THINK_MS = 1200;

export function botThinkMs(env: { BOT_THINK_MS?: string }): number {
  const n = Number(env.BOT_THINK_MS);
  return Number.isFinite(n) && n >= 0 ? n : BOT_THINK_MS;
}

/** What this part uses of the table (each part gets only what it uses; table.ts builds it). */
interface BotsDeps extends Pick<TableCore, "afterChange" | "config" | "env"> {
  readonly match: Pick<MatchPort, "commit" | "gameSeed" | "state">;
  readonly store: Pick<TableStore, "control" | "extras" | "players" | "setBotAt">;
}

/**
 * The table's bot seats: when they move (a think delay after a change, `game.bot_at`, the alarm's
 * `bots` item) and their moves, applied and committed like a person's.
 */
export class BotSeats {
  constructor(private readonly t: BotsDeps) {}

  /** The alarm's `bots` item: the bots' next move. Given up, the pending move is dropped; the bots move again after the next change. */
  readonly alarmItem: AlarmItem = {
    kind: "bots",
    due: () => dueAt("bots", this.t.store.extras().botAt),
    run: (_due, at) => this.run(at),
    giveUp: () => this.t.store.setBotAt(null),
  };

  /** Bots move a think delay after a change, if any bot seat has something to do (a pending move keeps its time). */
  schedule(now: number, idle: boolean): void {
    const t = this.t;
    const state = t.match.state();
    const current = t.store.extras().botAt;
    const bots = botSeatsOf(t.store.players(), t.store.control());
    let next: number | null = null;
    if (!idle && state && !isOver(state) && bots.length > 0) {
      // A pending move keeps its time; else a think delay (a bot ending its own speech: not before it held the floor BOT_SPEECH_MS).
      next = current ?? nextBotMoveAt(state, bots, t.match.gameSeed(), now, botThinkMs(t.env), botSpeechMs(t.env));
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
    if (!state || isOver(state)) return t.afterChange(at);
    let accepted = 0;
    // A bot's end of speech held back until it has spoken BOT_SPEECH_MS (scheduled again below).
    let held = false;
    const holdMs = botSpeechMs(t.env);
    // The level of each seat as it is now (the organizer may have changed the table's since the last move).
    for (const bot of botSeatsOf(t.store.players(), t.store.control())) {
      const current = t.match.state()!;
      if (isOver(current)) break;
      const action = botMove(current, bot.playerId, seed, bot.level);
      if (!action) continue;
      const until = speechHeldUntil(current, bot.playerId, action, holdMs);
      if (until !== null && at < until) { held = true; continue; }
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
    await t.afterChange(at, undefined, undefined, accepted === 0 && !held);
  }
}
