/**
 * The heuristic bot (reads only its own GameView):
 *   - the Don writes a shooting plan of non-black seats; the black team shoots the first living seat
 *     of the plan that is not a teammate, else the lowest living non-teammate: they converge (§2.10);
 *   - the Sheriff / Commissar checks unchecked players; the Don checks unchecked non-teammates;
 *   - city (§3): Putana freezes a non-black player (preferring one she has not frozen); the Doctor heals
 *     himself when he may, else a living player not known to be black; the Maniac kills a random other
 *     player; the black team (Putana too, when she is the last) converges on the Don's plan;
 *   - nominations and votes follow known checks (the Sheriff's "mafia" results), black never
 *     nominates or votes for teammates, others pick at random;
 *   - host-classic (§4): the Maniac answers "for the town?" at random; the Commissar shoots a player his
 *     check found "mafia" (his one shot), else checks;
 *   - no shouts, no technical votes.
 */
import type { AvailableAction, GameView, PlayerAction, Seat } from "../engine/types.ts";
import { findAction as find, keepingChoices, shootingPlan } from "./common.ts";
import { botRng } from "./rng.ts";
import type { Bot } from "./types.ts";

export function heuristicBot(seed: string): Bot {
  const rng = botRng(seed);
  /** Chosen candidate per ballot (open voting calls candidates one by one). */
  const intents = new Map<string, Seat>();

  function knownBlack(view: GameView): Seat[] {
    const you = view.you;
    if (!you) return [];
    if (you.role === "sheriff") return you.checks.filter((c) => c.result === "mafia").map((c) => c.target);
    if (you.role === "commissar") return you.checks.filter((c) => c.result === "black" || c.result === "mafia").map((c) => c.target);
    return [];
  }
  function knownRed(view: GameView): Seat[] {
    const you = view.you;
    if (!you) return [];
    if (you.team === "black") return [];
    if (you.role === "sheriff") return you.checks.filter((c) => c.result !== "mafia").map((c) => c.target);
    if (you.role === "commissar") return you.checks.filter((c) => c.result === "red" || c.result === "not-mafia").map((c) => c.target);
    return [];
  }
  function preferred(view: GameView, targets: readonly Seat[]): Seat {
    const you = view.you!;
    const black = knownBlack(view).filter((t) => targets.includes(t));
    if (black.length) return black[0] as Seat;
    const avoid = new Set<Seat>(you.team === "black" ? [you.seat, ...you.teammates] : [you.seat, ...knownRed(view)]);
    const ok = targets.filter((t) => !avoid.has(t));
    return rng.pick(ok.length ? ok : targets);
  }

  return keepingChoices({
    kind: "heuristic",
    decide(view: GameView): PlayerAction | null {
      const you = view.you;
      if (!you) return null;
      const acts = you.actions;
      const take = find(acts, "take-card");
      if (take) return { type: "take-card", card: take.cards[0] as number };
      if (find(acts, "choose-side")) return { type: "choose-side", town: rng.next() < 0.5 };
      const plan = find(acts, "shooting-plan");
      if (plan && !you.shootingPlan) return shootingPlan(view.seats.map((s) => s.seat), new Set([you.seat, ...you.teammates]), rng);
      const nom = find(acts, "nominate");
      if (nom) {
        const black = knownBlack(view).filter((t) => nom.targets.includes(t));
        if (black.length) return { type: "nominate", target: black[0] as Seat };
        if (rng.next() < 0.5) {
          const t = preferred(view, nom.targets);
          if (t !== you.seat) return { type: "nominate", target: t };
        }
      }
      if (find(acts, "end-speech")) return { type: "end-speech" };
      const vote = find(acts, "vote");
      if (vote && view.ballot) {
        const key = `${view.day}:${String(view.ballot.kind)}`;
        let want = intents.get(key);
        if (want === undefined) {
          want = preferred(view, (view.ballot.candidates as Seat[]) ?? vote.targets);
          intents.set(key, want);
        }
        if (vote.targets.includes(want)) return { type: "vote", target: want };
        return null; // open voting: wait for my candidate's call (or the unused vote goes to the last nominee)
      }
      if (find(acts, "vote-lift") && view.ballot) {
        const cands = view.ballot.candidates;
        const black = knownBlack(view);
        let lift: boolean;
        if (you.team === "black") lift = !cands.some((c) => c === you.seat || you.teammates.includes(c));
        else if (cands.some((c) => black.includes(c))) lift = true;
        else lift = rng.next() < 0.5;
        return { type: "vote-lift", lift };
      }
      // §4.4 the Commissar's one shot, at a player his check found "mafia".
      const shot = acts.find((a) => a.type === "use" && a.ability === "commissar-shot");
      if (shot && shot.type === "use") {
        const t = knownBlack(view).find((x) => shot.targets.seats.includes(x));
        if (t !== undefined) return { type: "use", ability: shot.ability, targets: [t] };
      }
      const night = find(acts, "use");
      if (night) {
        const team = new Set([you.seat, ...you.teammates]);
        const targets = night.targets.seats;
        const use = (t: Seat): PlayerAction => ({ type: "use", ability: night.ability, targets: [t] });
        if (night.ability === "mafia-shot") {
          const living = new Set(view.seats.filter((s) => s.alive).map((s) => s.seat));
          for (const t of you.shootingPlan ?? []) if (living.has(t) && !team.has(t)) return use(t);
          const t = targets.find((x) => !team.has(x)) ?? targets[0];
          return t === undefined ? null : use(t);
        }
        if (night.effect === "protect") {
          // Sensible: himself when allowed (the Doctor is a prime target), else someone not known black.
          if (targets.includes(you.seat) && rng.next() < 0.6) return use(you.seat);
          const black = new Set(knownBlack(view));
          const ok = targets.filter((t) => !black.has(t));
          return use(rng.pick(ok.length ? ok : targets));
        }
        if (night.effect === "attack") {
          const ok = targets.filter((t) => t !== you.seat);
          return ok.length ? use(rng.pick(ok)) : null;
        }
        // A check goes to someone not checked yet (the Sheriff, the Commissar, the Don: a second check of one seat tells nothing new).
        const checked = new Set(night.effect === "check" ? you.checks.map((c) => c.target) : []);
        const fresh = targets.filter((t) => !team.has(t) && !checked.has(t));
        const ok = fresh.length ? fresh : targets.filter((t) => !team.has(t));
        return use(rng.pick(ok.length ? ok : targets));
      }
      return null;
    },
  });
}
