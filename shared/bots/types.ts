import type { AvailableAction, GameView, PlayerAction } from "../engine/types.ts";

/**
 * A bot plays one seat through exactly the inputs a person sends, reading only that seat's own
 * GameView (never the state). `null` means "wait" (let the clock run).
 */
export interface Bot {
  readonly kind: string;
  decide(view: GameView): PlayerAction | null;
  /**
   * Optional: whether the bot would consider any of these actions (its view's `you.actions`, the same
   * list). A driver may skip building the view of a seat whose only actions the bot never takes (a shout,
   * a technical vote): nothing else changes, the next view it gets carries every entry since its last.
   */
  wants?(actions: readonly AvailableAction[]): boolean;
}
