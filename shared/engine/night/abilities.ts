/**
 * Abilities (mafia-rust's roles-with-abilities): what a role may do at night, as data. A role
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
 *
 * The later formats' effects (RULES.md §4–§7) are declared below, and the night resolves all of them, the
 * club's curse and swap too (the §5.6 catalogue: jail, guard, armour, disguise, silence, track, watch).
 * Each effect's module (night/effects/) says in which of
 * the four stages each one resolves; docs/ENGINE.md "Coverage of the rules book" lists what is left.
 */
import type { AbilityId, RoleId } from "../types.ts";
import type { CheckKind } from "../roles/types.ts";

export type Effect =
  /** A registered effect's id (night/effects/index.ts addEffect): a new format's, a fixture's. */
  | (string & {})
  | "block" | "protect" | "attack" | "check"
  /**
   * RULES.md §5.6 Jailer (and Mistress, with `bond`): the target's own move, checks and visits do not
   * happen (a block) and ordinary attacks on it are cancelled (a shield of `power`, §5.3 "the Jailer
   * both cancels the jailed player's active move and protects them"). A blocked jailer jails nobody.
   */
  | "jail"
  /**
   * RULES.md §5.6 Bodyguard: guards another living player; the attack the guard stops hits the guard
   * instead (`takesHit`; §5.3 "a Bodyguard takes one attack on himself"). Not himself.
   */
  | "guard"
  /**
   * RULES.md §5.6 Immortal: a one-time armour on its holder (`automatic`, `timesPerGame: 1`,
   * `shields: 1`): cancels one attack of several at once; a block does not disable it.
   */
  | "armour"
  /**
   * RULES.md §5.6 Lawyer: covers a black ally (not himself): checks of the kinds in `disguise` get the
   * answer given there (§5.3 "changes the check result of an ally but does not hide their visits").
   */
  | "disguise"
  /** RULES.md §5.6 Blackmailer: the target (a non-black player) loses their vote for the coming day. */
  | "silence"
  /** RULES.md §6 (decision) Curser: a permanent curse on the target; no heal removes it (§6.2). */
  | "curse"
  /**
   * RULES.md §6 (decision) Swindler: once a game takes a living player's place — the target leaves
   * silently and unrevealed, the Swindler takes their role and side from the next night.
   */
  | "swap"
  /** RULES.md §5.6 Tracker: learns the seats the target visited (not roles or actions). */
  | "track"
  /** RULES.md §5.6 Watcher: learns the seats that visited the target (blocked actions are not visits). */
  | "watch";
/** The resolution stages, always in this order (§5.3): blocks first, then protection, attacks, information last. */
export const STAGES = ["block", "protect", "attack", "check"] as const;
/** One resolution stage. */
export type Stage = (typeof STAGES)[number];

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
    /** Oneself allowed; "only": oneself and nobody else (a self-only protection). */
    self: boolean | "only";
    /** Not the same seat more than this many nights in a row (§7.6: Doctor 1, Putana 2). */
    maxInARow?: number;
    /** Never a seat this holder already checked (§2.10). */
    fresh?: boolean;
    /**
     * Oneself at most this many times a game (RULES.md §5.6 / §6.2 the Doctor
     * heals himself once a game; "a blocked self-heal does not use it up": counted from effective uses).
     */
    selfTimes?: number;
    /**
     * "own": only the user's team (§5.6 Lawyer: a black ally); "other": never
     * the user's team (§5.2 "no one may choose a member of their own team"; §5.6 Blackmailer: a
     * non-black player).
     */
    side?: "own" | "other";
    /**
     * "attacked": only the seats attacked tonight by the uses collected so far — the settled team
     * shots and every other attack chosen in the earlier steps (§4.4 the Doctor is shown the wounded,
     * at most three, and saves one of them); the holders are told the list when the step opens
     * (`wounded`). Absent: any living.
     */
    among?: "living" | "attacked";
    /**
     * A seat this ability already took effect on in this game, by any holder, stays on the list but
     * cannot be chosen (`TargetChoice.barred`; §4.4 "each player can be saved only once a game … the
     * Doctor is shown that (crossed hands). This applies to the Doctor too").
     */
    oncePerTarget?: boolean;
  };
  /** The holder may decline explicitly (`skip`); not choosing is always a skip. */
  skip: boolean;
  /** The private event that records a choice, and who sees it (the shot: the living black team, §2.10). */
  chosen?: { event: "shot" | "froze" | "healed" | "kill-chosen" | "used"; audience: "self" | "living-team" | "holders" };
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

  // ---- The profiles (RULES.md §5.3 / §5.6); `oneOf`: host-classic (RULES.md §4). ----

  /**
   * Effective uses a game (RULES.md §4.4 the Commissar's single shot; §6 the Swindler's swap, once a
   * game; §5.6 the Immortal's one-time armour). A blocked use does not count (AbilityMemory.used).
   */
  timesPerGame?: number;
  /**
   * Used by itself on its holder every night while `timesPerGame` lasts, with no choice and no step;
   * a block does not disable it (RULES.md §5.6 Immortal: "passive", "a block does not disable it").
   */
  automatic?: boolean;
  /**
   * Whether a use is a visit that a Tracker or Watcher sees (RULES.md §5.6; absent: true). False for
   * `automatic` abilities. A blocked use is never a visit ("blocked actions are not visits"); a
   * disguise does not hide visits (§5.3).
   */
  visits?: boolean;
  /**
   * Abilities of one step that share a group: using one closes the others for that holder this night
   * (RULES.md §4.4 "the Commissar either checks a player … or uses his single shot of the game").
   */
  oneOf?: string;
  /**
   * jail (the Mistress): if the user dies this night, the target dies too (RULES.md §5.6 "if the
   * Mistress dies that night her guest dies too").
   */
  bond?: "dies-with-user";
  /** guard: the attack this protection stops hits the protector instead (RULES.md §5.3, §5.6 Bodyguard). */
  takesHit?: boolean;
  /**
   * disguise: the answer a covered target gives to each kind of check (RULES.md §5.6 Lawyer: the
   * Commissar reads "red" — "shows as peaceful" —, the Agent reads "civilian").
   */
  disguise?: Readonly<Partial<Record<CheckKind, string>>>;
  /**
   * track / watch: when the owner reads the seats (RULES.md §5.1 "Tracker and Watcher results update
   * as later night visits happen and become final at the end of the night": "live"; or "morning").
   */
  report?: "live" | "morning";
}

/** The parameters a preset may set for its format (presets' `night.abilities`). */
export type AbilityOverride = Partial<Pick<Ability, "skip" | "targets" | "shields" | "power" | "liftsBlock">> & { consensus?: Consensus; /** §6.2 the team's leader ("the Boss decides"). */ leader?: RoleId };

const used = { event: "used", audience: "self" } as const;
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

  // ---- RULES.md §4.4 host-classic. ----
  /** §4.4 the Commissar checks a player: "mafia" or "not mafia" (the Maniac always "not mafia"); or shoots instead. */
  "commissar-mafia-check": { ...check("sheriff"), id: "commissar-mafia-check", oneOf: "commissar" },
  /** §4.4 the Commissar's single shot of the game, instead of a check. */
  "commissar-shot": { id: "commissar-shot", effect: "attack", power: 1, skip: false, timesPerGame: 1, oneOf: "commissar", targets: { count: 1, self: false }, chosen: used },
  /** §4.4 the Doctor saves one of the wounded; each player can be saved once a game, the Doctor too. */
  save: { id: "save", effect: "protect", power: 1, shields: "all", skip: false, targets: { count: 1, self: true, among: "attacked", oncePerTarget: true }, chosen: { event: "healed", audience: "self" } },

  // ---- RULES.md §5.6, the profiles' catalogue. Each choice is recorded privately (`used`). ----
  /** §5.6 Blocker: blocks another player's active move; the target's passives still work; nobody is told. */
  block: { id: "block", effect: "block", skip: true, targets: { count: 1, self: false }, chosen: used },
  /** §5.6 Jailer: the jailed player's move, checks and visits do not happen; ordinary attacks on them are cancelled. */
  jail: { id: "jail", effect: "jail", power: 1, shields: "all", skip: true, targets: { count: 1, self: false }, chosen: used },
  /** §5.6 Mistress: the guest's move is blocked and the guest is protected from ordinary attacks; the guest dies if she dies tonight. */
  guest: { id: "guest", effect: "jail", power: 1, shields: "all", bond: "dies-with-user", skip: true, targets: { count: 1, self: false }, chosen: used },
  /** §5.6 Bodyguard: guards another living player and takes one attack on them on himself. */
  guard: { id: "guard", effect: "guard", power: 1, shields: 1, takesHit: true, skip: true, targets: { count: 1, self: false }, chosen: used },
  /** §5.6 Immortal: a one-time armour on himself, no choice, no step; a block does not disable it. */
  armour: { id: "armour", effect: "armour", power: 1, shields: 1, automatic: true, timesPerGame: 1, visits: false, skip: false, targets: { count: 0, self: true } },
  /** §5.6 Lawyer: covers a black ally (not himself): the Commissar reads "red", the Agent "civilian"; visits stay. */
  cover: { id: "cover", effect: "disguise", disguise: { commissar: "red", "exact-role": "civilian" }, skip: true, targets: { count: 1, self: false, side: "own" }, chosen: used },
  /** §5.6 Blackmailer: a non-black player loses their vote for the coming day. */
  blackmail: { id: "blackmail", effect: "silence", skip: true, targets: { count: 1, self: false, side: "other" }, chosen: used },
  /** §5.6 Avenger: shoots; heal, guard and armour apply; blocked → no shot. */
  avenge: { id: "avenge", effect: "attack", power: 1, skip: true, targets: { count: 1, self: false }, chosen: used },
  /** §5.6 Agent: learns the exact role (a Lawyer-covered player shows as Civilian). */
  "agent-check": { ...check("exact-role"), id: "agent-check" },
  /** §5.6 Tracker: the seats the target visited (not roles or actions), live, final in the morning. */
  track: { id: "track", effect: "track", report: "live", skip: true, targets: { count: 1, self: false }, chosen: used },
  /** §5.6 Watcher: the seats that visited the target (blocked actions are not visits), live, final in the morning. */
  watch: { id: "watch", effect: "watch", report: "live", skip: true, targets: { count: 1, self: false }, chosen: used },

  // ---- RULES.md §6 the club. ----
  /**
   * §6 Curser (*decision*): curses one living player a night, never one already cursed (the curse is
   * permanent: `oncePerTarget` keeps the game's cursed seats, `state.onceTaken.curse`); not an attack, so
   * no heal stops it (§6.2 "he does not save from a curse"). He may abstain.
   */
  curse: { id: "curse", effect: "curse", skip: true, targets: { count: 1, self: false, oncePerTarget: true }, chosen: used },
  /**
   * §6 Swindler (*decision*): once a game takes a living player's place — the victim leaves silently and
   * unrevealed, the Swindler takes the victim's role and side. Not an attack (no protection stops it);
   * it happens only when both live through the night's attacks; spent once chosen.
   */
  swap: { id: "swap", effect: "swap", skip: true, timesPerGame: 1, targets: { count: 1, self: false }, chosen: used },
};

/** Every ability id the engine knows (the web catalogue has a label for each: test/unit/catalogue.test.ts); grows with `addAbility`. */
export const ABILITY_IDS: readonly AbilityId[] = Object.keys(ABILITIES);

/**
 * Add an ability (a new role's, a fixture's): its effect a registered one (night/effects/, checked when a
 * preset's night is parsed); its target
 * rules are data (`targets`, `timesPerGame`). A registered id cannot be replaced.
 * @internal The open vocabulary's registry: test fixtures and new formats add to it; shipped code only reads it.
 */
export function addAbility(a: Ability): void {
  if (Object.prototype.hasOwnProperty.call(ABILITIES, a.id)) throw new Error(`ability ${a.id} exists`);
  ABILITIES[a.id] = a;
  (ABILITY_IDS as AbilityId[]).push(a.id);
}

export function abilityDef(id: AbilityId): Ability | null {
  return Object.prototype.hasOwnProperty.call(ABILITIES, id) ? (ABILITIES[id] as Ability) : null;
}

/** An ability with a preset's overrides applied. */
export function withOverride(a: Ability, o: AbilityOverride | undefined): Ability {
  if (!o) return a;
  const { consensus, leader, ...rest } = o;
  const team = a.team && (consensus || leader) ? { ...a.team, ...(consensus ? { consensus } : {}), ...(leader ? { leader } : {}) } : a.team;
  return { ...a, ...rest, ...(team ? { team } : {}) };
}
