/**
 * The night effects' registry. Each effect is a module (effects/<id>.ts, types.ts
 * EffectModule); the night dispatches through `effectOf`, and a preset's night places each ability
 * by `stageOf` its effect. A new effect is registered with `addEffect`
 * (a format's own, a test fixture's); a registered id cannot be replaced.
 */
import { armour } from "./armour.ts";
import { attack } from "./attack.ts";
import { block } from "./block.ts";
import { check } from "./check.ts";
import { curse } from "./curse.ts";
import { disguise } from "./disguise.ts";
import { guard } from "./guard.ts";
import { jail } from "./jail.ts";
import { protect } from "./protect.ts";
import { silence } from "./silence.ts";
import { swap } from "./swap.ts";
import { track } from "./track.ts";
import { watch } from "./watch.ts";
import type { Stage } from "../abilities.ts";
import type { EffectModule } from "./types.ts";

export type { EffectModule, Guard, Morning, Night, Shield } from "./types.ts";

/**
 * Every module in one shape (the same keys in the same order, absent hooks undefined): the night reads
 * the hooks of many effects at one call site, which stays fast only while they share a shape.
 */
function normal(e: EffectModule): EffectModule {
  return {
    id: e.id, stage: e.stage, harms: e.harms, wounds: e.wounds, informs: e.informs,
    block: e.block, protect: e.protect, attack: e.attack, settle: e.settle, answer: e.answer, report: e.report, dawn: e.dawn, aftermath: e.aftermath,
  };
}

/** In stage order; the morning's hooks run in this order (the curses are announced before the swaps). */
const EFFECTS = new Map<string, EffectModule>([block, jail, protect, guard, armour, disguise, attack, silence, curse, swap, check, track, watch].map((e) => [e.id, normal(e)]));
type Hook = "settle" | "dawn" | "aftermath";
let LIST: EffectModule[] = [];
let WITH: Record<Hook, EffectModule[]> = { settle: [], dawn: [], aftermath: [] };
/** The ids of the effects that `harm` (a hot path of the target rules: a set, kept with the registry). */
const HARMFUL = new Set<string>();
function index(): void {
  LIST = [...EFFECTS.values()];
  WITH = { settle: LIST.filter((e) => e.settle), dawn: LIST.filter((e) => e.dawn), aftermath: LIST.filter((e) => e.aftermath) };
  for (const e of LIST) if (e.harms) HARMFUL.add(e.id);
}
index();

/**
 * Add an effect (a new format's, a fixture's). A registered id cannot be replaced.
 * @internal The open vocabulary's registry: test fixtures and new formats add to it; shipped code only reads it.
 */
export function addEffect(e: EffectModule): void {
  if (EFFECTS.has(e.id)) throw new Error(`effect ${e.id} exists`);
  EFFECTS.set(e.id, normal(e));
  index();
}

/** Whether the effect harms (§6.10 an immune seat is spared it): its module's `harms`. */
export function harms(id: string): boolean {
  return HARMFUL.has(id);
}

/** The effect's module, or null for an unknown id. */
export function findEffect(id: string): EffectModule | null {
  return EFFECTS.get(id) ?? null;
}

/** The effect's module (the id was checked when the preset's night was parsed). */
export function effectOf(id: string): EffectModule {
  const e = EFFECTS.get(id);
  if (!e) throw new Error(`unknown effect ${id}`);
  return e;
}

/**
 * Every registered effect, in registration order.
 * @internal The tests' view of the registry (each entry checked against the catalogues).
 */
export function effects(): readonly EffectModule[] {
  return LIST;
}

/** The registered effects that have this hook, in registration order (the night's settle, the morning's dawn and aftermath). */
export function effectsWith(hook: Hook): readonly EffectModule[] {
  return WITH[hook];
}

/**
 * The stage each effect resolves in is its module's (night/effects/*.ts `stage`: block/jail →
 * protect (heal, guard, armour) → attack → information). The night's `resolve` lists each ability under
 * the stage of its effect (night/phase/rules.ts checks it); night/resolve.ts resolves the stages in order.
 *  - jail: the block stage; its shield is also counted in the protect stage.
 *  - disguise: the protect stage — it changes what the check stage reads, and a blocked Lawyer covers
 *    nobody.
 *  - silence, curse, swap: the attack stage, after blocks (a blocked user achieves nothing). They are
 *    not attacks: no protection stops them (*Decision*, §6.2 "he does not save from a curse").
 *  - track, watch: the check stage, reading the night's visits last.
 */
export function stageOf(effect: string): Stage | null {
  return findEffect(effect)?.stage ?? null;
}

