/**
 * Night effects as modules (mafia-rust keeps `on_midnight` in each role's file): each effect an
 * ability may have (attack, heal, guard, armour, block, jail, check, disguise, silence, curse, swap,
 * track, watch, …) is one file here holding the stage it resolves in (RULES.md §5.3 block → protect →
 * attack → check), how it resolves (its stage hook), what it reports (live reports, morning notices)
 * and what the night's target rules must know about it (`harms`, `wounds`, `informs`). night/resolve.ts
 * and the night phase (phases/night.ts, night/phase/) dispatch through the registry (effects/index.ts `effectOf`), never on an effect's
 * name; a new effect is a new file registered with `addEffect`.
 */
import type { Ctx } from "../../state.ts";
import type { NightStep, Seat } from "../../types.ts";
import type { Ability, Stage } from "../abilities.ts";
import type { NightRules, Resolution, Use, Visit } from "../uses.ts";

/** A shield on a seat: what stops the next attack of at most `power` (`left` attacks). */
export interface Shield {
  by: Seat;
  ability: string;
  left: number;
  power: number;
  /** The order in which attacks take the shields of one seat (jail 0, heal 1, guard 2, armour 3). */
  order: number;
  takesHit: boolean;
  automatic: boolean;
}

/** The block and protect stages' work in progress (also read alone while the night is collected). */
export interface Guard {
  rules: NightRules;
  record: NightStep[];
  blocked: Set<Seat>;
  shields: Map<Seat, Shield[]>;
  covers: Map<Seat, Readonly<Partial<Record<string, string>>>>;
  /** Puts a shield on `target` (kept in `order`). */
  shield(target: Seat, sh: Shield): void;
}

/** The whole night's work in progress (the attack stage and after). */
export interface Night extends Guard {
  uses: readonly Use[];
  alive(seat: Seat): boolean;
  dead: Set<Seat>;
  visits: Visit[];
  spent: Resolution["spent"];
  silenced: Seat[];
  cursed: Seat[];
  swaps: Resolution["swaps"];
  /** Uses an effect keeps for its `settle` (the swap waits for the night's deaths). */
  pending(effect: string): Use[];
  /** An attack of `power` by `by` with ability `id` on `target`: takes a shield or kills (§5.3). */
  hit(by: Seat[], id: string, target: Seat, power: number): void;
}

/** The morning's shared flags: a change of the black team makes it meet again (a new `black-team`). */
export interface Morning {
  regroup: boolean;
}

export interface EffectModule {
  id: string;
  /** The resolution stage (RULES.md §5.3): the preset lists each ability under its effect's stage. */
  stage: Stage;
  /** §6.10 an immune seat is spared it on night 1 (rules/immunity.ts). */
  harms?: boolean;
  /** An attack protections stop: its targets are the night's wounded (§4.4 the Doctor's list). */
  wounds?: boolean;
  /** Information: a blocked user is told "result unavailable" (§5.3) and learns nothing. */
  informs?: boolean;
  /** Block stage: a use that landed, on each target (after the target is marked blocked). */
  block?(n: Guard, u: Use, target: Seat, a: Ability): void;
  /** Protect stage: an unblocked (or automatic) use, on each target. */
  protect?(n: Guard, u: Use, target: Seat, a: Ability): void;
  /** Attack stage: an unblocked use (`u`; a team's settled shot: null) by `by` on each target. */
  attack?(n: Night, by: Seat[], u: Use | null, target: Seat, a: Ability): void;
  /** After the attacks, the reactions and the bonds (the swap: both still alive?). */
  settle?(n: Night): void;
  /** Check: the answer `u.by` learns about `target` (at once or in the morning), read against the covers. */
  answer?(ctx: Ctx, a: Ability, by: Seat, target: Seat, covers: Resolution["covers"]): void;
  /** Live report (§5.1): the event and the seats the owner learns from the night's effective visits. */
  report?: { event: "tracked" | "watched"; seats(visits: readonly Visit[], owner: Seat, target: Seat): Seat[] };
  /** The morning, before the dead are named: what the night leaves in the state (the blackmail). */
  dawn?(ctx: Ctx, r: Resolution): void;
  /** The morning, after the dead leave (§6 the club's curses and swaps). */
  aftermath?(ctx: Ctx, r: Resolution, m: Morning): void;
}
