/**
 * The random-legal bot: picks uniformly among the actions its view offers (view.you.actions), with
 * random legal targets. Rare actions (shouts, technical votes) are taken with small probabilities so
 * that games still end. Also exported as a policy on a bare action list for cheap drivers.
 */
import type { AvailableAction, GameView, PlayerAction, Seat } from "../engine/types.ts";
import { botRng, type BotRng } from "./rng.ts";
import type { Bot } from "./types.ts";

export function randomPolicy(actions: readonly AvailableAction[], rng: BotRng, seats = 10): PlayerAction | null {
  const choices: AvailableAction[] = [];
  for (const a of actions) {
    if (a.type === "shout") { if (rng.next() < 0.02) return { type: "shout" }; continue; }
    if (a.type === "tech-vote-start") { if (rng.next() < 0.004) return { type: "tech-vote-start", kind: rng.pick(a.kinds), target: rng.pick(a.targets) }; continue; }
    if (a.type === "tech-vote") { if (!a.pressed && rng.next() < 0.5) return { type: "tech-vote", in_favour: true }; continue; }
    if (a.type === "shooting-plan") { if (rng.next() < 0.3) return { type: "shooting-plan", plan: randomPlan(rng, seats) }; continue; }
    if (a.type === "confirm") continue;
    choices.push(a);
  }
  if (choices.length === 0) return null;
  const a = rng.pick(choices);
  switch (a.type) {
    case "take-card": return { type: "take-card", card: rng.pick(a.cards) };
    case "end-speech": return { type: "end-speech" };
    case "nominate": return { type: "nominate", target: rng.pick(a.targets) };
    case "vote": return { type: "vote", target: rng.pick(a.targets) };
    case "vote-lift": return { type: "vote-lift", lift: rng.next() < 0.5 };
    case "early-vote": return { type: "early-vote" };
    case "ask": return { type: "ask", target: rng.pick(a.targets) };
    case "choose-side": return { type: "choose-side", town: rng.next() < 0.5 };
    // Never an explicit skip: not choosing is one already (the random policy keeps the old rates).
    case "use": return { type: "use", ability: a.ability, targets: pickDistinct(rng, a.targets.seats, a.targets.min) };
    default: return null;
  }
}

function pickDistinct(rng: BotRng, seats: Seat[], n: number): Seat[] {
  const pool = seats.slice();
  const out: Seat[] = [];
  while (out.length < n && pool.length) out.push(pool.splice(rng.int(pool.length), 1)[0] as Seat);
  return out;
}

function randomPlan(rng: BotRng, seats: number): Seat[] {
  const all = Array.from({ length: seats }, (_, i) => i + 1);
  const plan: Seat[] = [];
  while (plan.length < 3 && all.length) plan.push(all.splice(rng.int(all.length), 1)[0] as Seat);
  return plan;
}

export function randomBot(seed: string): Bot {
  const rng = botRng(seed);
  return {
    kind: "random",
    decide(view: GameView): PlayerAction | null {
      if (!view.you) return null;
      return randomPolicy(view.you.actions, rng, view.seats.length);
    },
  };
}
