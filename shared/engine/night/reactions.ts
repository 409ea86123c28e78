/**
 * RULES.md §6 (decisions) the passives that answer an attack that killed their holder, as a registry of
 * kinds (a preset's night lists which passive reacts to which ability, `NightRules.reactions`):
 *  - "takes-attacker": the attackers of `ability` die too (the Kamikaze and the Maniac's kill);
 *  - "turns-black": the holder does not die when every attack that killed him was `ability`, but turns
 *    black (the Werewolf and the mafia's kill; another attack that kills him still does). In the
 *    morning the turned join the black team, who meet again (night/phase/morning.ts).
 */
import { blackSeats, emit, player, toSeats, type Ctx } from "../state.ts";
import type { NightStep, Seat } from "../types.ts";
import type { Morning } from "./effects/index.ts";
import type { AttackStep, NightRules, Resolution } from "./uses.ts";

interface Killed {
  target: Seat;
  hits: Array<{ ability: string; by: Seat[] }>;
}
interface Reacting {
  record: NightStep[];
  dead: Set<Seat>;
  alive(seat: Seat): boolean;
  turned: Seat[];
}
type Reaction = (n: Reacting, passive: string, ability: string, k: Killed) => void;

const REACTIONS: Record<string, Reaction> = {
  "takes-attacker"(n, passive, ability, { target, hits }) {
    for (const h of hits) {
      if (h.ability !== ability) continue;
      for (const b of h.by) {
        if (!n.alive(b) || n.dead.has(b)) continue;
        n.dead.add(b);
        n.record.push({ kind: "reaction", passive, by: target, target: b });
      }
    }
  },
  "turns-black"(n, passive, ability, { target, hits }) {
    if (!hits.every((h) => h.ability === ability)) return;
    n.dead.delete(target);
    n.turned.push(target);
    n.record.push({ kind: "reaction", passive, by: target, target });
  },
};

/** §6 the preset's reactions to the attacks that killed (the Kamikaze, the Werewolf): changes `dead`; returns the turned. */
export function react(rules: NightRules, record: NightStep[], attacks: readonly AttackStep[], dead: Set<Seat>, alive: (seat: Seat) => boolean, passivesOf: (seat: Seat) => readonly string[]): Seat[] {
  const turned: Seat[] = [];
  if (!rules.reactions?.length) return turned;
  const killedBy = new Map<Seat, Killed["hits"]>();
  for (const r of attacks) if (r.outcome === "killed") killedBy.set(r.target, [...(killedBy.get(r.target) ?? []), { ability: r.ability, by: r.by }]);
  const n: Reacting = { record, dead, alive, turned };
  for (const rx of rules.reactions) {
    const reaction = REACTIONS[rx.effect]!;
    for (const [target, hits] of killedBy) {
      if (!dead.has(target) || !passivesOf(target).includes(rx.passive)) continue;
      reaction(n, rx.passive, rx.ability, { target, hits });
    }
  }
  return turned;
}

/** The kinds a preset's night may list (its params schema). */
export const REACTION_KINDS = Object.keys(REACTIONS) as Array<"takes-attacker" | "turns-black">;

/** §6 the morning: a Werewolf who turned joins the black team (told to the black team as it is now). */
export function turnedMorning(ctx: Ctx, r: Resolution, m: Morning): void {
  for (const x of r.turned) {
    player(ctx.s, x).team = "black";
    m.regroup = true;
    emit(ctx, "turned", toSeats([...blackSeats(ctx.s)]), { seat: x });
  }
}
