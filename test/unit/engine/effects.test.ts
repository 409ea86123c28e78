/**
 * Issue 33, night effects as modules (shared/engine/night/effects/): every effect an offer can carry has
 * its module, each in the stage RULES.md §5.3 puts it (written out here, not read from the engine), with
 * the flags the night's target rules read; the registries refuse to replace what is registered.
 */
import { describe, expect, it } from "vitest";
import { abilityDef, addAbility, ABILITY_IDS } from "../../../shared/engine/night/abilities.ts";
import { addEffect, effectOf, effects, stageOf } from "../../../shared/engine/night/effects/index.ts";
import { addRole, getRole } from "../../../shared/engine/roles/index.ts";

/** The effects the engine ships (a format or a fixture may add more: the registry is open, test/fixtures/trap.ts). */
const SHIPPED = ["block", "protect", "attack", "check", "jail", "guard", "armour", "disguise", "silence", "track", "watch", "curse", "swap"];

/** §5.3 block/jail → protect (heal, guard, armour; the Lawyer's cover) → attack (and the marks: silence, curse, swap) → information. */
const STAGE: Record<string, string> = {
  block: "block", jail: "block",
  protect: "protect", guard: "protect", armour: "protect", disguise: "protect",
  attack: "attack", silence: "attack", curse: "attack", swap: "attack",
  check: "check", track: "check", watch: "check",
};

describe("issue 33: night effects as a registry", () => {
  it("every shipped effect is a registered module in its §5.3 stage, and nothing else is registered", () => {
    for (const e of SHIPPED) {
      expect(effectOf(e).id, e).toBe(e);
      expect(stageOf(e), e).toBe(STAGE[e]);
    }
    expect(effects().map((e) => e.id).sort()).toEqual([...SHIPPED].sort());
    expect(stageOf("no-such-effect")).toBeNull();
  });

  it("the flags the target rules read: §6.10 immunity spares the attack, the curse and the swap; §4.4 the wounded are the attacked; information is told 'unavailable' when blocked", () => {
    expect(SHIPPED.filter((e) => effectOf(e).harms).sort()).toEqual(["attack", "curse", "swap"]);
    expect(SHIPPED.filter((e) => effectOf(e).wounds)).toEqual(["attack"]);
    expect(SHIPPED.filter((e) => effectOf(e).informs).sort()).toEqual(["check", "track", "watch"]);
    expect(SHIPPED.filter((e) => effectOf(e).report).sort()).toEqual(["track", "watch"]);
  });

  it("every shipped ability's effect is registered", () => {
    for (const id of ABILITY_IDS) expect(() => effectOf(abilityDef(id)!.effect), id).not.toThrow();
  });

  it("a registered effect, ability or role cannot be replaced (typed error, nothing changes)", () => {
    const attack = effectOf("attack");
    expect(() => addEffect({ id: "attack", stage: "protect" })).toThrow(/exists/);
    expect(effectOf("attack")).toBe(attack);
    expect(() => addAbility({ ...abilityDef("heal")! })).toThrow(/exists/);
    expect(() => addRole({ ...getRole("doctor") })).toThrow(/exists/);
    expect(abilityDef("heal")!.effect).toBe("protect");
  });
});
