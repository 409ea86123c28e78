/**
 * Issue 14 "No cycles": no import cycle inside shared/engine/ (type-only imports included), no phase
 * module importing another (or the interpreter), and no `switch` over phase kinds outside the flow
 * interpreter — which reaches the modules only through phases/index.ts.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "../../../shared/engine");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
  });
}

const FILES = files(ROOT);
const rel = (p: string) => relative(ROOT, p);
const source = new Map(FILES.map((f) => [rel(f), readFileSync(f, "utf8")]));

/** Imports of one file inside shared/engine (relative specifiers), as paths relative to ROOT. */
function importsOf(file: string): string[] {
  const out: string[] = [];
  for (const m of source.get(file)!.matchAll(/(?:import|export)\s[^;]*?from\s+"(\.[^"]+)"/g)) {
    const target = rel(resolve(ROOT, dirname(file), m[1]!));
    if (source.has(target)) out.push(target);
  }
  return out;
}

describe("issue 14: the engine's shape", () => {
  it("has no import cycle inside shared/engine/ (type-only imports included)", () => {
    const graph = new Map([...source.keys()].map((f) => [f, importsOf(f)]));
    const state = new Map<string, "open" | "done">();
    const cycles: string[] = [];
    const visit = (f: string, path: string[]) => {
      if (state.get(f) === "done") return;
      if (state.get(f) === "open") { cycles.push([...path.slice(path.indexOf(f)), f].join(" → ")); return; }
      state.set(f, "open");
      for (const g of graph.get(f)!) visit(g, [...path, f]);
      state.set(f, "done");
    };
    for (const f of graph.keys()) visit(f, []);
    expect(cycles).toEqual([]);
  });

  it("no phase module imports another phase module or the interpreter; only the interpreter imports the module table", () => {
    const phases = [...source.keys()].filter((f) => f.startsWith("phases/") && f !== "phases/index.ts");
    expect(phases.length).toBeGreaterThanOrEqual(8);
    for (const f of phases) {
      const bad = importsOf(f).filter((g) => g.startsWith("phases/") || g === "flow/interpreter.ts");
      expect(bad, f).toEqual([]);
    }
    const users = [...source.keys()].filter((f) => importsOf(f).includes("phases/index.ts"));
    expect(users).toEqual(["flow/interpreter.ts"]);
  });

  it("no switch over phase kinds outside the interpreter (it dispatches through the module table, with no switch at all)", () => {
    for (const [f, text] of source) {
      for (const m of text.matchAll(/switch\s*\(([^)]*)\)/g)) {
        expect(/stage|phase|module/i.test(m[1]!), `${f}: switch (${m[1]})`).toBe(false);
      }
      // state.ts copies the stage (id, module, data) for a draft; it never branches on it.
      if (!["flow/interpreter.ts", "phases/index.ts", "state.ts"].includes(f)) expect(/stage\.module\b|PHASE_MODULES/.test(text), `${f} reads the stage's module`).toBe(false);
    }
    expect(source.get("flow/interpreter.ts")!.includes("switch")).toBe(false);
  });
});
