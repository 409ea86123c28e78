import type { GameView, PlayerAction } from "../engine/types.ts";

/**
 * A bot plays one seat through exactly the inputs a person sends, reading only that seat's own
 * GameView (never the state). `null` means "wait" (let the clock run).
 */
export interface Bot {
  readonly kind: string;
  decide(view: GameView): PlayerAction | null;
}
