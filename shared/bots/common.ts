/** What the heuristic and the strong bot both do the same way (written once). */
import type { AvailableAction, PlayerAction, Seat } from "../engine/types.ts";
import type { BotRng } from "./rng.ts";

/** The offered action of `type`, typed, or undefined. */
export function findAction<T extends AvailableAction["type"]>(actions: readonly AvailableAction[], type: T): Extract<AvailableAction, { type: T }> | undefined {
  return actions.find((a) => a.type === type) as Extract<AvailableAction, { type: T }> | undefined;
}

/** §2.2 the Don's shooting plan: three seats at random, none of the black team's. */
export function shootingPlan(seats: readonly Seat[], team: ReadonlySet<Seat>, rng: BotRng): PlayerAction {
  const others = seats.filter((s) => !team.has(s));
  const plan: Seat[] = [];
  while (plan.length < 3 && others.length) plan.push(others.splice(rng.int(others.length), 1)[0] as Seat);
  return { type: "shooting-plan", plan };
}
