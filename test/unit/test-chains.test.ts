/**
 * `npm test` runs the browser files that scripts/test.mjs names in its chains: a browser file it does not
 * name would never run anywhere but on a developer's machine. Every test/browser/*.test.ts is named once.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

it("every browser test file is in exactly one of scripts/test.mjs's browser steps", () => {
  const script = readFileSync(join(root, "scripts/test.mjs"), "utf8");
  const named = [...script.matchAll(/"(test\/browser\/[\w.-]+\.test\.ts)"/g)].map((m) => m[1]!);
  const files = readdirSync(join(root, "test/browser")).filter((f) => f.endsWith(".test.ts")).map((f) => `test/browser/${f}`);
  expect(files.length).toBeGreaterThan(10);
  expect(files.filter((f) => !named.includes(f))).toEqual([]);
  expect(named.filter((f, i) => named.indexOf(f) !== i)).toEqual([]);
});
