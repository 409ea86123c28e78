/**
 * The night's "why" on the end screen: each night of `result.nights` (NightRecord, built by
 * the same staged resolution that decided it, shared/engine/night/resolve.ts — RULES.md §5.3 blocks →
 * protection → attacks) as an ordered list of lines, each a catalogue key with parameters (logText.ts
 * Arg), so GameLog's renderer turns them into words and Node tests read them through the catalogues.
 *
 * Shown only once the game is over, when every role is public (RULES.md §2.12 "at the end every role is
 * shown"): every seat is named with its role, "Seat 7 (Blocker) — “Block” → seat 3 (Doctor)".
 */
import type { NightRecord, NightStep, RoleId, Seat } from "../../../shared/engine/types.ts";
import type { Arg, Line } from "./logText.ts";

/** The subject of a line ("Seat 7 (Blocker)"; several shooters: "Seats 2 (Mafia), 7 (Don)"). */
function who(seats: readonly Seat[], roles: ReadonlyMap<Seat, RoleId>): Arg {
  const one = (seat: Seat): Arg => {
    const role = roles.get(seat);
    return role ? { key: "log.seat-role", params: { seat, role: { ref: "role", id: role } } } : seat;
  };
  if (seats.length === 1) return { key: "why.seat", params: { seat: one(seats[0]!) } };
  return { key: "why.seats", params: { seats: { join: ", ", items: seats.map(one) } } };
}

/** A seat acted on ("seat 3 (Doctor)"). */
function whom(seat: Seat, roles: ReadonlyMap<Seat, RoleId>): Arg {
  const role = roles.get(seat);
  return { key: "why.target", params: { seat: role ? { key: "log.seat-role", params: { seat, role: { ref: "role", id: role } } } : seat } };
}

const ability = (id: string): Arg => ({ ref: "ability", id });

/** One step in words (its catalogue key and parameters). Every kind NightStep allows has its line. */
export function stepLine(step: NightStep, roles: ReadonlyMap<Seat, RoleId>): Line {
  const line = (key: string, params: Record<string, Arg>): Line => ({ type: step.kind, key, params });
  switch (step.kind) {
    case "blocked":
      return line("why.blocked", { by: who([step.by], roles), ability: ability(step.ability), target: whom(step.target, roles) });
    case "cancelled":
      return line("why.cancelled", { by: who([step.by], roles), ability: ability(step.ability), target: whom(step.target, roles) });
    case "protected":
      return line("why.protected", { by: who([step.by], roles), ability: ability(step.ability), target: whom(step.target, roles) });
    case "attack": {
      const base = { by: who(step.by, roles), ability: ability(step.ability), target: whom(step.target, roles) };
      if (step.outcome === "killed") return line("why.attack.killed", base);
      if (step.stoppedBy === undefined) return line("why.attack.stopped.anon", base);
      return line("why.attack.stopped", { ...base, stoppedBy: whom(step.stoppedBy, roles), stoppedWith: ability(step.stoppedWith ?? "") });
    }
    case "no-attack":
      // The seats that did not shoot, named (the result is public: every role is shown).
      if (step.reason === "no-target" && step.silent?.length) return line("why.no-attack.no-target.silent", { ability: ability(step.ability), who: who(step.silent, roles) });
      return line(`why.no-attack.${step.reason}`, { ability: ability(step.ability) });
    case "silenced":
      return line("why.silenced", { by: who([step.by], roles), ability: ability(step.ability), target: whom(step.target, roles) });
    case "bond":
      return line("why.bond", { by: whom(step.by, roles), ability: ability(step.ability), target: who([step.target], roles) });
    // RULES.md §6 the club: the curse, the Swindler's swap, the Kamikaze and the Werewolf.
    case "cursed":
      return line("why.cursed", { by: who([step.by], roles), ability: ability(step.ability), target: whom(step.target, roles) });
    case "swapped":
      return line(step.done ? "why.swapped" : "why.swapped.failed", { by: who([step.by], roles), ability: ability(step.ability), target: whom(step.target, roles) });
    case "reaction":
      return line(step.passive === "turns-on-mafia-kill" ? "why.turned" : "why.taken-along", { by: who([step.by], roles), target: whom(step.target, roles) });
    default: {
      // A new step kind fails to compile here until it has its line.
      const never: never = step;
      return never;
    }
  }
}

export interface NightWhy {
  night: number;
  /** The night's heading, then its steps in the order they were decided. */
  title: Line;
  lines: Line[];
}

/** Every night of the result in words, oldest first (a night with no step says so). */
export function nightWhy(nights: readonly NightRecord[] | undefined, roles: ReadonlyMap<Seat, RoleId>): NightWhy[] {
  return (nights ?? []).map((n) => ({
    night: n.night,
    title: { type: "night", key: "why.night", params: { night: n.night } },
    lines: n.steps.length ? n.steps.map((s) => stepLine(s, roles)) : [{ type: "empty", key: "why.empty", params: {} }],
  }));
}

/**
 * Every catalogue key the why may use (test/unit/catalogue.test.ts requires each in en, uk and ru).
 * @internal The catalogue test's list, kept beside the rendering that uses the keys; the bundle leaves it out.
 */
export const WHY_KEYS = [
  "why.title", "why.night", "why.empty", "why.seat", "why.seats", "why.target",
  "why.blocked", "why.cancelled", "why.protected", "why.attack.killed", "why.attack.stopped", "why.attack.stopped.anon",
  "why.no-attack.no-target", "why.no-attack.blocked", "why.silenced", "why.bond",
  "why.cursed", "why.swapped", "why.swapped.failed", "why.turned", "why.taken-along",
] as const;
