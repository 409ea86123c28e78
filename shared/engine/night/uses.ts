/** The night's data (night/resolve.ts): the uses collected, the team choices, the visits, what the resolution decided. */
import type { NightStep, Seat } from "../types.ts";

/** One attack as the night's record keeps it (killed, or stopped by a shield). */
export type AttackStep = Extract<NightStep, { kind: "attack" }>;
import type { Ability } from "./abilities.ts";

/** One ability use this night (immutable once recorded). */
export interface Use {
  by: Seat;
  ability: string;
  targets: Seat[];
}

/** A team ability's settled target after its step (0: none) and who held it then. */
export interface TeamChoice {
  ability: string;
  target: Seat | 0;
  holders: Seat[];
}

/** A visit as a Tracker or Watcher would see it (§5.6): who went where, and whether it happened. */
export interface Visit {
  by: Seat;
  ability: string;
  target: Seat;
  effective: boolean;
}

export interface Resolution {
  blocked: Set<Seat>;
  dead: Seat[];
  visits: Visit[];
  /** Seats covered by a disguise tonight, with the answers they give (§5.6 Lawyer). */
  covers: Map<Seat, Readonly<Partial<Record<string, string>>>>;
  /** Seats silenced for the coming day (§5.6 Blackmailer). */
  silenced: Seat[];
  /** Automatic shields spent tonight (the Immortal's armour): holder and ability. */
  spent: Array<{ by: Seat; ability: string }>;
  /** §6 seats cursed tonight (the Curser). */
  cursed: Seat[];
  /** §6 the swaps that happen: the Swindler `by` takes `target`'s place. */
  swaps: Array<{ by: Seat; target: Seat }>;
  /** §6 seats that turned black tonight instead of dying (the Werewolf). */
  turned: Seat[];
  /** The night's steps in the order they were decided. */
  record: NightStep[];
  /** The attacks of `record` (the same steps), in order: read by the reactions and the morning's saved. */
  attacks: AttackStep[];
}

export interface NightRules {
  ability(id: string): Ability;
  /** Abilities per stage, in the preset's order. */
  resolve: { block: string[]; protect: string[]; attack: string[]; check: string[] };
  /**
   * §6 passives that answer an attack that killed their holder (in this order): "takes-attacker" — the
   * attackers of `ability` die too (the Kamikaze and the Maniac's kill); "turns-black" — the holder does
   * not die when every attack that killed him was `ability` (the Werewolf and the mafia's kill).
   */
  reactions?: ReadonlyArray<{ passive: string; ability: string; effect: "takes-attacker" | "turns-black" }>;
}

