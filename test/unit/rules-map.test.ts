/**
 * The map from the rules book's sections to the tests citing them (scripts/rules-map.mjs, docs/RULES-MAP.md).
 * Every section listed in rules-map-baseline.txt keeps at least one test file citing it: a suite made faster
 * or a file removed cannot silently drop the last test of a rule. A section newly cited may be added to the
 * baseline (`node scripts/rules-map.mjs --json`); one is taken out only with the rule itself.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const map = JSON.parse(execFileSync(process.execPath, [join(root, "scripts/rules-map.mjs"), "--json"], { encoding: "utf8" })) as Record<string, string[]>;
const baseline = readFileSync(join(root, "test/unit/rules-map-baseline.txt"), "utf8").split("\n").map((l) => l.trim()).filter(Boolean);

describe("RULES.md sections → tests (scripts/rules-map.mjs)", () => {
  it("the scan finds citations in titles and comments (RULES.md §5.7 in live-host.test.ts)", () => {
    expect(map["5.7"]).toContain("test/unit/engine/live-host.test.ts");
    expect(baseline.length).toBeGreaterThan(40);
  });
  it("every section of the baseline is still cited by at least one test file", () => {
    const lost = baseline.filter((s) => (map[s] ?? []).length === 0).map((s) => `§${s}`);
    expect(lost).toEqual([]);
  });
});
