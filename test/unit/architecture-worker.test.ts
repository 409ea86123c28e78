/**
 * Issue 33 "Table parts get what they use": the parts of worker/table/ form no import cycle (type-only
 * imports included), and no part imports table.ts (the wiring) — each part declares the narrow
 * dependencies it uses (its `…Deps` interface, built on ports.ts) and table.ts hands it only those.
 * Only TableObject.ts (the Durable Object that owns the table) may import table.ts.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { cycles } from "../support/import-graph.ts";

const ROOT = resolve(__dirname, "../../worker/table");
const FILES = readdirSync(ROOT).filter((f) => f.endsWith(".ts")).map((f) => join(ROOT, f));
const rel = (p: string) => relative(ROOT, p);
const source = new Map(FILES.map((f) => [rel(f), readFileSync(f, "utf8")]));

/** Every relative import or re-export of one file inside worker/table/ (`import type` included), as file names. */
function importsOf(file: string, text = source.get(file)!): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/(?:import|export)\s[^;]*?from\s+["'](\.[^"']+)["']/g)) {
    const target = rel(resolve(ROOT, dirname(file), m[1]!));
    if (source.has(target)) out.add(target);
  }
  return [...out];
}

describe("issue 33: worker/table parts get what they use", () => {
  const graph = new Map([...source.keys()].map((f) => [f, importsOf(f)]));

  it("reads the import graph of worker/table (type-only and multi-line imports included)", () => {
    expect(source.size).toBeGreaterThanOrEqual(30);
    expect(importsOf("x.ts", 'import type {\n  A,\n  B } from "./storage.ts";\nexport { c } from "./clock.ts";')).toEqual(["storage.ts", "clock.ts"]);
    // The cycle finder finds a cycle when there is one.
    expect(cycles(new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]], ["d", ["a"]]]))).toEqual([["a", "b", "c"]]);
    expect(cycles(new Map([["a", ["b"]], ["b", []]]))).toEqual([]);
  });

  it("has no import cycle inside worker/table/ (type-only imports included)", () => {
    const found = cycles(graph);
    expect(found.map((c) => `${c.length} files: ${c.join(", ")}`)).toEqual([]);
  });

  it("no part imports table.ts (the Table type): only TableObject.ts wires the table", () => {
    const importers = [...graph].filter(([, to]) => to.includes("table.ts")).map(([f]) => f);
    expect(importers).toEqual(["TableObject.ts"]);
  });
});
