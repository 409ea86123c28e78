/** What the heuristic and the strong bot both do the same way (written once). */
import type { AvailableAction, PlayerAction, Seat } from "../engine/types.ts";
import type { BotRng } from "./rng.ts";
import type { Bot } from "./types.ts";

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

/**
 * Whether an action names again a tally choice already made (RULES.md §5.2, changeable until the team
 * agrees): the engine refuses it as changing nothing, so no bot sends it — a bot moving after every
 * change would otherwise send it after every change of the night.
 */
export function repeatsChoice(actions: readonly AvailableAction[], a: PlayerAction): boolean {
  if (a.type !== "use") return false;
  const offered = actions.find((x) => x.type === "use" && x.ability === a.ability);
  const chosen = offered?.type === "use" ? offered.chosen : undefined;
  return !!chosen && chosen.length === a.targets.length && chosen.every((s, i) => s === a.targets[i]);
}

/** A bot that keeps a choice it has made (repeatsChoice): it waits instead. */
export function keepingChoices(bot: Bot): Bot {
  return {
    kind: bot.kind,
    decide(view) {
      const a = bot.decide(view);
      return a && repeatsChoice(view.you?.actions ?? [], a) ? null : a;
    },
    ...(bot.wants ? { wants: bot.wants } : {}),
  };
}
