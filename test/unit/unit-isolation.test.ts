/**
 * The unit suite's two projects (vitest.unit.config.ts): a file that registers or mocks anything runs in
 * its own module graph; the others share one per worker. The classifier is checked on samples and on
 * the files that do register today, so a regression that would let a registration leak into the shared
 * graph fails here rather than as a different file's mystery failure.
 */
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { changesGlobals } from "../support/unit-isolation.ts";

const ROOT = resolve("/t");
const files = (map: Record<string, string>) => (path: string) => map[path] ?? null;

describe("unit files that change globals run isolated (vitest.unit.config.ts)", () => {
  it("a registration, a mock or a stub, directly or through a local helper, isolates the file; a file that only reads does not", () => {
    const read = files({
      "/t/unit/plain.test.ts": 'import { getPreset } from "../../shared/engine/presets/index.ts";\nimport { h } from "./helper.ts";\n',
      "/t/unit/helper.ts": "export const h = 1; // registerPreset is mentioned in a comment without a call",
      "/t/unit/registers.test.ts": 'registerPreset(variant);',
      "/t/unit/mocks.test.ts": 'vi.mock("../../shared/bots/levels.ts", async () => ({}));',
      "/t/unit/stubs.test.ts": 'vi.stubEnv("FULL", "1");',
      "/t/unit/via-helper.test.ts": 'import { scenario } from "./engine/scenario-helpers.ts";',
      "/t/unit/engine/scenario-helpers.ts": 'import { more } from "./deeper.ts";\nexport const scenario = more;',
      "/t/unit/engine/deeper.ts": "export const more = addEffect({ id: 'x', stage: 'protect' });",
      "/t/unit/dynamic.test.ts": 'const m = await import("./engine/deeper.ts");',
      "/t/unit/cycle-a.test.ts": 'import "./cycle-b.ts";',
      "/t/unit/cycle-b.ts": 'import "./cycle-a.test.ts";',
      "/t/unit/outside.test.ts": 'import { x } from "../../shared/registers.ts";',
      "/shared/registers.ts": "registerRole(x);",
      "/t/unit/bare.test.ts": 'import "../fixtures/preset.ts";',
      "/t/fixtures/preset.ts": 'import "./role.ts";\nexport const p = 1;',
      "/t/fixtures/role.ts": "addRole(hermit);\naddWinRule(rule);",
    });
    const isolated = (f: string) => changesGlobals(f, ROOT, read);
    expect(isolated("/t/unit/plain.test.ts")).toBe(false);
    expect(isolated("/t/unit/registers.test.ts")).toBe(true);
    expect(isolated("/t/unit/mocks.test.ts")).toBe(true);
    expect(isolated("/t/unit/stubs.test.ts")).toBe(true);
    expect(isolated("/t/unit/via-helper.test.ts")).toBe(true);
    expect(isolated("/t/unit/dynamic.test.ts")).toBe(true);
    expect(isolated("/t/unit/cycle-a.test.ts")).toBe(false);
    // A side-effect import (`import "./x.ts"`) of a fixture that adds a role and a win rule.
    expect(isolated("/t/unit/bare.test.ts")).toBe(true);
    // Product code that registers on import does so for every file alike: not followed.
    expect(isolated("/t/unit/outside.test.ts")).toBe(false);
  });

  it("today's registering files are isolated: the variant presets, the profile scenarios' helper, the mocked bot levels, the effects registry", () => {
    const root = resolve("test");
    for (const f of ["test/unit/engine/variant.test.ts", "test/unit/engine/profiles-day.test.ts", "test/unit/bot-level.test.ts", "test/unit/engine/effects.test.ts", "test/unit/engine/fixture-property.test.ts", "test/unit/table/vocabulary.test.ts"]) {
      expect(changesGlobals(resolve(f), root), f).toBe(true);
    }
    for (const f of ["test/unit/protocol.test.ts", "test/unit/view-patch.test.ts"]) expect(changesGlobals(resolve(f), root), f).toBe(false);
  });
});
