/**
 * Thin routers, services that own their tables (ENGINEERING.md): no file under worker/api/ talks to D1
 * itself — it parses the request, calls a service (worker/clubs, worker/accounts, worker/newcomers,
 * worker/rules-test, worker/tournaments) and shapes the reply. And worker/ has no import cycle through
 * value imports: `import type` (the `Env` pattern) is erased at build time, so it closes no cycle.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { cycles } from "../support/import-graph.ts";

const ROOT = resolve(__dirname, "../../worker");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
  });
}

const rel = (p: string) => relative(ROOT, p);
const source = new Map(files(ROOT).map((f) => [rel(f), readFileSync(f, "utf8")]));

/**
 * The D1 calls a router must not make: statements, batches and raw SQL. `exec` counts on a database
 * (`db`, `DB`, `env.DB`), so a regular expression's `exec` is no D1 call.
 */
function d1Calls(text: string): string[] {
  return [...text.matchAll(/\.(?:prepare|batch)\s*\(|\b(?:db|DB)\s*\.\s*exec\s*\(/g)].map((m) => m[0]);
}

/**
 * The relative value imports and re-exports of one file (inside `sources`), as paths relative to ROOT.
 * `import type`/`export type` and imports whose every name is marked `type` are left out: they vanish
 * from the built code.
 */
function valueImportsOf(file: string, text: string, sources: ReadonlyMap<string, string>): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/(?:^|[\s;])(import|export)\s+([^;]*?)\s*from\s+["'](\.[^"']+)["']/g)) {
    const clause = m[2]!.trim();
    if (/^type\s/.test(clause)) continue;
    const names = /^\{([\s\S]*)\}$/.exec(clause)?.[1];
    if (names !== undefined) {
      const parts = names.split(",").map((s) => s.trim()).filter(Boolean);
      if (parts.length > 0 && parts.every((p) => /^type\s/.test(p))) continue;
    }
    const target = rel(resolve(ROOT, dirname(file), m[3]!));
    if (sources.has(target)) out.add(target);
  }
  // Side-effect imports (`import "./x.ts"`) run the module too.
  for (const m of text.matchAll(/(?:^|[\s;])import\s+["'](\.[^"']+)["']/g)) {
    const target = rel(resolve(ROOT, dirname(file), m[1]!));
    if (sources.has(target)) out.add(target);
  }
  return [...out];
}

const graphOf = (sources: ReadonlyMap<string, string>) =>
  new Map([...sources].map(([f, text]) => [f, valueImportsOf(f, text, sources)]));

describe("worker: thin routers and no import cycle", () => {
  it("its detectors see what they look for", () => {
    expect(source.size).toBeGreaterThanOrEqual(60);
    expect([...source.keys()].filter((f) => f.startsWith("api/")).length).toBeGreaterThanOrEqual(8);
    expect(d1Calls('c.env.DB.prepare("SELECT 1")')).toHaveLength(1);
    expect(d1Calls("await db.batch([a, b]); db .exec(`PRAGMA x`)")).toHaveLength(2);
    expect(d1Calls("c.env.DB.exec(`DELETE FROM t`)")).toHaveLength(1);
    expect(d1Calls("const re = /x/; re.test(s); /^a(b)$/.exec(s); list.filter(Boolean)")).toEqual([]);
    const fake = new Map([
      ["api/a.ts", 'import { b } from "./b.ts";\nimport type { Env } from "../env.ts";'],
      ["api/b.ts", 'import {\n  a,\n} from "./a.ts";'],
      ["api/c.ts", 'import { type A, type B } from "./d.ts";'],
      ["api/d.ts", 'import { c } from "./c.ts";\nexport { b } from "./b.ts";'],
      ["env.ts", 'import type { X } from "./api/a.ts";'],
    ]);
    expect(valueImportsOf("api/b.ts", fake.get("api/b.ts")!, fake)).toEqual(["api/a.ts"]);
    expect(valueImportsOf("api/c.ts", fake.get("api/c.ts")!, fake)).toEqual([]);
    expect(valueImportsOf("api/d.ts", fake.get("api/d.ts")!, fake)).toEqual(["api/c.ts", "api/b.ts"]);
    // a ↔ b is a cycle; c → d is type-only and env.ts → a is type-only, so neither closes one.
    expect(cycles(graphOf(fake))).toEqual([["api/a.ts", "api/b.ts"]]);
  });

  it("no file under worker/api/ calls D1 itself (prepare, exec, batch): the services do", () => {
    const found = [...source]
      .filter(([f]) => f.startsWith("api/"))
      .flatMap(([f, text]) => { const calls = d1Calls(text); return calls.length ? [`${f}: ${calls.length}`] : []; });
    expect(found).toEqual([]);
  });

  it("has no import cycle in worker/ through value imports (import type is allowed)", () => {
    expect(cycles(graphOf(source)).map((c) => c.join(" ↔ "))).toEqual([]);
  });
});
