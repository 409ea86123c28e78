/**
 * Abilities (issue 14; mafia-rust's roles-with-abilities): what a role may do at night, as data. A role
 * lists the abilities it holds (roles/*.ts); a preset's night lists which abilities act in which step
 * and in which resolution stage (presets/*.ts), and may override an ability's parameters for its format
 * (the Don decides the shot in host-classic, every step may be skipped in city). Roles never name a
 * preset's steps, and a new preset edits no role.
 *
 * Effects, resolved in stages after the choices are collected (night/resolve.ts):
 *   block   — the target's own moves this night do not happen (§7.6 Putana's freeze, §5.3 block/jail);
 *   protect — the target survives attacks (§7.6 the Doctor's heal; later guard, armour);
 *   attack  — the target dies unless protected (the mafia's shot, the Maniac's kill);
 *   check   — the user learns an answer about the target (§2.10, §3; later the Agent's exact role).
 */
import type { AbilityId, RoleId } from "../types.ts";
import type { CheckKind } from "../roles/types.ts";

export type Effect = "block" | "protect" | "attack" | "check";
/** The resolution stages, always in this order (§5.3): blocks first, then protection, attacks, information last. */
export const STAGES = ["block", "protect", "attack", "check"] as const;

/** How a team ability's holders settle on one target (§2.10 unanimity; §4.4 / §6.2 / §7.6 the Don decides; §5.2 a tally until agreement). */
export type Consensus = "unanimous" | "leader" | "tally";

export interface Ability {
  id: AbilityId;
  effect: Effect;
  /** Shared by all its living holders (the mafia's shot): each chooses, `consensus` settles the one target. */
  team?: { consensus: Consensus; /** The holder whose word decides ("leader"). */ leader?: RoleId; /** A passive that grants the ability when no other holder is alive (§7.6 Putana, the last black). */ lastResort?: string };
  targets: {
    /** Seats one use names. */
    count: number;
    /** Oneself allowed. */
    self: boolean;
    /** Not the same seat more than this many nights in a row (§7.6: Doctor 1, Putana 2). */
    maxInARow?: number;
    /** Never a seat this holder already checked (§2.10). */
    fresh?: boolean;
  };
  /** The holder may decline explicitly (`skip`); not choosing is always a skip. */
  skip: boolean;
  /** The private event that records a choice, and who sees it (the shot: the living black team, §2.10). */
  chosen?: { event: "shot" | "froze" | "healed" | "kill-chosen"; audience: "self" | "living-team" };
  /** check: what it asks (roles/*.ts appearsAs answers) and when the answer arrives (§5.1 at once; or in the morning). */
  check?: { kind: CheckKind; result: "at-once" | "morning" };
  /** attack: its level; protect: the level it stops (mafia-rust attack_power / defence). */
  power?: number;
  /** protect: how many attacks one protection stops ("all": a heal cancels every attack on its target, §7.6). */
  shields?: number | "all";
  /** protect: also lifts a block on its target (§7.6 the heal cancels Putana's freeze). */
  liftsBlock?: boolean;
  /** block: the blocked player is told (§7.6 "the frozen player learns it after giving their choice", or in the morning). */
  notice?: boolean;
}

/** The parameters a preset may set for its format (presets' `night.abilities`). */
export type AbilityOverride = Partial<Pick<Ability, "skip" | "targets" | "shields" | "power">> & { consensus?: Consensus };

const check = (kind: CheckKind): Ability => ({ id: "", effect: "check", targets: { count: 1, self: false, fresh: true }, skip: false, check: { kind, result: "at-once" } });

const ABILITIES: Record<AbilityId, Ability> = {
  /** §2.10 the mafia's shot: the Don and every living Mafia choose; unanimity hits (sport, city). */
  "mafia-shot": {
    id: "mafia-shot", effect: "attack", power: 1, skip: false,
    team: { consensus: "unanimous", leader: "don", lastResort: "shoots-when-last" },
    targets: { count: 1, self: true }, chosen: { event: "shot", audience: "living-team" },
  },
  /** §2.10 the Sheriff: "mafia" / "not mafia". */
  "sheriff-check": { ...check("sheriff"), id: "sheriff-check" },
  /** §2.10 the Don looks for the Sheriff. */
  "don-check": { ...check("don"), id: "don-check" },
  /** §3/§7.6 the Commissar: "red" / "black". */
  "commissar-check": { ...check("commissar"), id: "commissar-check" },
  /** §3/§7.6 the Don looks for the Commissar. */
  "don-commissar-check": { ...check("don-commissar"), id: "don-commissar-check" },
  /** §7.6 Putana freezes another player, not the same one more than two nights in a row. */
  freeze: { id: "freeze", effect: "block", skip: false, notice: true, targets: { count: 1, self: false, maxInARow: 2 }, chosen: { event: "froze", audience: "self" } },
  /** §7.6 the Doctor heals anyone, himself included, not the same player two nights in a row. */
  heal: { id: "heal", effect: "protect", power: 1, shields: "all", liftsBlock: true, skip: false, targets: { count: 1, self: true, maxInARow: 1 }, chosen: { event: "healed", audience: "self" } },
  /** §3/§7.6 the Maniac kills anyone but himself, or abstains. */
  kill: { id: "kill", effect: "attack", power: 1, skip: false, targets: { count: 1, self: false }, chosen: { event: "kill-chosen", audience: "self" } },
};

/** Every ability id the engine knows (the web catalogue has a label for each: test/unit/catalogue.test.ts). */
export const ABILITY_IDS: readonly AbilityId[] = Object.keys(ABILITIES);

export function abilityDef(id: AbilityId): Ability | null {
  return Object.prototype.hasOwnProperty.call(ABILITIES, id) ? (ABILITIES[id] as Ability) : null;
}

/** An ability with a preset's overrides applied. */
export function withOverride(a: Ability, o: AbilityOverride | undefined): Ability {
  if (!o) return a;
  const { consensus, ...rest } = o;
  return { ...a, ...rest, ...(consensus && a.team ? { team: { ...a.team, consensus } } : {}) };
}
