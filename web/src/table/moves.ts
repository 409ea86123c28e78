/**
 * What a person has to do now, and what they missed — pure, from their own view.
 *
 *  - `hasMove`: the view offers a timed move (a card to take, a ballot, a night ability, a side to
 *    choose): the action panel is then the top layer and the announcements fold into one line.
 *  - `hasOwnMove`: the view offers the player something of their own to do now (the centre's "Your move"),
 *    not merely a way to wait less or a table-wide procedure.
 *  - `openMove` / `missedMove`: a move offered in a stage and not made before the stage ended ("you did
 *    not vote / shoot / check"). A move counts as made when the player sent one in that stage, or the
 *    view shows it made (the ballot's own vote, a tally ability's own choice).
 */
import type { AvailableAction, GameView } from "../../../shared/engine/types.ts";

/** The timed moves: what one may miss when a window closes. */
export const MOVE_TYPES: ReadonlySet<string> = new Set<AvailableAction["type"]>(["take-card", "vote", "vote-lift", "use", "choose-side"]);

export function hasMove(actions: readonly AvailableAction[]): boolean {
  return actions.some((a) => MOVE_TYPES.has(a.type));
}

/**
 * Offers that are never one's own move (the engine's own list for "nothing to do", shared/engine/flow/interpreter.ts
 * NOT_A_MOVE, with the skip it then offers and the live host's confirm): a civilian at the acquaintance night
 * (RULES.md §2.2: no shot, no check) offered only Skip has no move.
 */
const NOT_OWN: ReadonlySet<string> = new Set<AvailableAction["type"]>(["shout", "claim", "early-vote", "ready-to-vote", "tech-vote-start", "skip-wait", "confirm"]);

export function hasOwnMove(actions: readonly AvailableAction[]): boolean {
  return actions.some((a) => !NOT_OWN.has(a.type));
}

/** The kind of move one may miss: the catalogue's `act.missed.<kind>`. */
export type MissedKind = "vote" | "shoot" | "check" | "night";

/** The move this view still waits for from the player (null: none, or already made as far as the view shows). */
export function openMove(g: Pick<GameView, "you" | "ballot" | "result" | "phaseSeq">): MissedKind | null {
  if (g.result || !g.you) return null;
  for (const a of g.you.actions) {
    if ((a.type === "vote" || a.type === "vote-lift") && (g.ballot?.mine ?? null) === null) return "vote";
    if (a.type === "use" && !(a.chosen?.length)) return a.effect === "attack" ? "shoot" : a.effect === "check" ? "check" : "night";
  }
  return null;
}

/** What `missedMove` keeps of the previous view: plain values (a store's view object changes in place). */
export interface MoveMark {
  phaseSeq: number;
  open: MissedKind | null;
}

export const markOf = (g: Pick<GameView, "you" | "ballot" | "result" | "phaseSeq">): MoveMark => ({ phaseSeq: g.phaseSeq, open: openMove(g) });

/**
 * When the stage changes (`before` → `after`): the move `before` still waited for, unless the player sent
 * a move in that stage or `after` still waits for the same kind (open voting's next candidate, a live
 * host's table waiting for the host's confirm). Null: nothing missed.
 */
export function missedMove(before: MoveMark | null, after: Pick<GameView, "you" | "ballot" | "result" | "phaseSeq">, sentIn: ReadonlySet<number>): MissedKind | null {
  if (!before || before.phaseSeq === after.phaseSeq || before.open === null) return null;
  if (sentIn.has(before.phaseSeq)) return null;
  if (!after.result && openMove(after) === before.open) return null;
  return before.open;
}
