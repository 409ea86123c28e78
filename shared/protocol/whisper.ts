/**
 * RULES.md §7.10: when a player and their consigliere may whisper — "privately, never at
 * night nor during the player's speech". Read from the seat's own view, the same on the server (which
 * refuses a closed whisper with `whisper-closed`) and in the browser (which shows why it is closed).
 */
import { isNightPhase } from "../engine/phase-kinds.ts";
import type { GameView } from "../engine/types.ts";

/** Why whispering is closed now ("night": the night, the first night's acquaintance included; "speech": the player holds the floor), or null. */
export function whisperClosed(game: Pick<GameView, "phase" | "result" | "speaker" | "shout" | "you"> | null): "night" | "speech" | null {
  if (!game || game.result) return null;
  if (isNightPhase(game.phase)) return "night";
  const seat = game.you?.seat;
  if (seat !== undefined && (game.speaker === seat || game.shout?.seat === seat)) return "speech";
  return null;
}
