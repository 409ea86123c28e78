/**
 * The random-legal bot: picks uniformly among the actions its view offers (view.you.actions), with
 * random legal targets. Rare actions (shouts, technical votes, public claims) are taken with
 * small probabilities so that games still end. Also exported as a policy on a bare action list for cheap drivers.
 */
import type { AvailableAction, Claim, GameView, PlayerAction, Seat } from "../engine/types.ts";
import { keepingChoices } from "./common.ts";
import { botRng, type BotRng } from "./rng.ts";
import type { Bot } from "./types.ts";

/** How often the random bot makes a public claim when it may (so random games exercise claims). */
export const RANDOM_CLAIM_RATE = 0.03;

/**
 * `claimRate` 0: never claims, and draws nothing for it (the random games recorded before claims existed,
 * test/unit/engine/golden.test.ts, play exactly as they did).
 */
export function randomPolicy(actions: readonly AvailableAction[], rng: BotRng, seats = 10, claimRate = RANDOM_CLAIM_RATE): PlayerAction | null {
  const choices: AvailableAction[] = [];
  for (const a of actions) {
    if (a.type === "claim") { if (claimRate > 0 && rng.next() < claimRate) return { type: "claim", claim: randomClaim(a, rng) }; continue; }
    if (a.type === "shout") { if (rng.next() < 0.02) return { type: "shout" }; continue; }
    if (a.type === "tech-vote-start") { if (rng.next() < 0.004) return { type: "tech-vote-start", kind: rng.pick(a.kinds), target: rng.pick(a.targets) }; continue; }
    if (a.type === "tech-vote") { if (!a.pressed && rng.next() < 0.5) return { type: "tech-vote", in_favour: true }; continue; }
    if (a.type === "shooting-plan") { if (rng.next() < 0.3) return { type: "shooting-plan", plan: randomPlan(rng, seats) }; continue; }
    // A person's "ready to vote" and a solo person's skip are never drawn (drawing them would change every recorded game).
    // RULES.md §9.4 the best move is never drawn either (a tournament's bot victim names nobody).
    if (a.type === "confirm" || a.type === "ready-to-vote" || a.type === "skip-wait" || a.type === "best-move") continue;
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
    // Never an explicit skip: not choosing is one already (another draw here would change the recorded games).
    case "use": return { type: "use", ability: a.ability, targets: pickDistinct(rng, a.targets.seats, a.targets.min) };
    default: return null;
  }
}

/** Any claim the action allows (a role of its list, a seat of its targets; may be a lie). */
function randomClaim(a: Extract<AvailableAction, { type: "claim" }>, rng: BotRng): Claim {
  const kind = rng.int(4);
  if (kind === 0 && a.roles.length) return { kind: "role", role: rng.pick(a.roles) };
  const target = rng.pick(a.targets);
  const result = rng.next() < 0.5 ? "red" : "black";
  if (kind === 1) return { kind: "check", target, result };
  if (kind === 2) return { kind: "opinion", target, result };
  return { kind: "vote", target };
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

export function randomBot(seed: string, claimRate = RANDOM_CLAIM_RATE): Bot {
  const rng = botRng(seed);
  return keepingChoices({
    kind: "random",
    decide(view: GameView): PlayerAction | null {
      if (!view.you) return null;
      return randomPolicy(view.you.actions, rng, view.seats.length, claimRate);
    },
  });
}
