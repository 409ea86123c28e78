/**
 * What a bot seat decides (RULES.md §5.1 seats handed to bots; the lobby's bots): shared/bots' bot of
 * that seat's level (botFor) decides from the seat's own viewFor — exactly what a person at that
 * seat would see — and sends the same engine inputs a person sends. Bots keep no memory between moves
 * (the object may be evicted at any time): each decision uses a fresh bot seeded from the table's seed,
 * the seat and the moment of the game, so a decision is reproducible and the same view gets the same answer.
 *
 * The level of a seat: its own, when the organizer handed it over with a `level` (players.bot_level);
 * otherwise the table's `botLevel` as it is at that move — lobby bots, seats the away limit handed over and
 * seats handed over without a level all follow the organizer's later changes of the table's level.
 *
 * Pure (no storage, no sockets): the table's scheduling and commits are in bots.ts.
 */
import { botFor, type BotLevel } from "../../shared/bots/levels.ts";
import { isExpelVote, viewFor, type GameState, type PlayerAction } from "./engine.ts";

/** One bot seat as the table plays it: who, where, and at which level. */
export interface BotSeat {
  playerId: string;
  seat: number;
  level: BotLevel;
}

/** The player rows' fields this reads (storage.ts PlayerRow). */
interface SeatRow {
  playerId: string;
  bot: boolean;
  seat: number | null;
  botLevel?: BotLevel | null;
}

/** The table's bot seats in seat order, each at its level now: its own, else the table's (`control.botLevel`). */
export function botSeatsOf(players: readonly SeatRow[], control: { botLevel: BotLevel }): BotSeat[] {
  return players
    .filter((p): p is SeatRow & { seat: number } => p.bot && p.seat !== null)
    .map((p) => ({ playerId: p.playerId, seat: p.seat, level: p.botLevel ?? control.botLevel }))
    .sort((a, b) => a.seat - b.seat);
}

/** What the bot at `playerId`, playing at `level`, would do now, or null (nothing to do, or it waits). */
export function botMove(state: GameState, playerId: string, tableSeed: string, level: BotLevel): PlayerAction | null {
  const view = viewFor(state, { kind: "player", playerId });
  if (!view.you || view.you.actions.length === 0) return null;
  // Same seed for a whole ballot (open voting calls candidates one by one; the bot keeps its intent).
  const moment = isExpelVote(view.phase) ? `${view.day}/${view.phase}` : `${view.day}/${view.phaseSeq}`;
  return botFor(level, `${tableSeed}/bot/${playerId}/${moment}`).decide(view);
}

/**
 * The least time a bot holds the floor in its own speech (ms), so that a person can read its
 * claims — "a few seconds each, not one". The env var BOT_SPEECH_MS overrides it; quick test bots
 * (BOT_THINK_MS set, BOT_SPEECH_MS not) speak as quickly as they think.
 */
export const BOT_SPEECH_MS = 5000;

export function botSpeechMs(env: { BOT_THINK_MS?: string; BOT_SPEECH_MS?: string }): number {
  const n = Number(env.BOT_SPEECH_MS);
  if (env.BOT_SPEECH_MS !== undefined && Number.isFinite(n) && n >= 0) return n;
  if (env.BOT_THINK_MS === undefined) return BOT_SPEECH_MS;
  const think = Number(env.BOT_THINK_MS);
  return Number.isFinite(think) && think >= 0 ? think : BOT_SPEECH_MS;
}

/**
 * A bot's speech lasts long enough to read its claims — the end of its own speech waits
 * until it has held the floor `holdMs` (from its `speech-started`). Returns that moment for an
 * `end-speech` of the bot's own speech, else null (any other move goes at once).
 */
export function speechHeldUntil(state: GameState, playerId: string, action: PlayerAction, holdMs: number): number | null {
  if (action.type !== "end-speech" || holdMs <= 0) return null;
  const view = viewFor(state, { kind: "player", playerId });
  const seat = view.you?.seat;
  if (seat === undefined || view.speaker !== seat) return null;
  for (let i = view.log.length - 1; i >= 0; i--) {
    const e = view.log[i]!;
    if (e.type === "speech-started") return e.data.seat === seat ? e.at + holdMs : null;
  }
  return null;
}

/**
 * When the next bot move is due: a think delay from `now`, or later for a bot whose only move is to end
 * its own speech before it held the floor `holdMs` (speechHeldUntil); null when no bot wants to move.
 */
export function nextBotMoveAt(state: GameState, bots: readonly BotSeat[], tableSeed: string, now: number, thinkMs: number, holdMs: number): number | null {
  let at: number | null = null;
  for (const b of bots) {
    const action = botMove(state, b.playerId, tableSeed, b.level);
    if (!action) continue;
    const held = speechHeldUntil(state, b.playerId, action, holdMs);
    const when = Math.max(now + thinkMs, held ?? 0);
    if (at === null || when < at) at = when;
  }
  return at;
}
