/**
 * File graphs for the architecture tests: import cycles (worker/table's parts, worker/ as a whole), and the
 * modules a page waits for — its relative runtime imports, followed (static `import … from`, `export … from`
 * and bare `import "…"`; not `import type`, not `import { type A }`, not `import()`, which loads later), read
 * as text so a test can follow a landing page's graph without building it.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";

/** The strongly connected components with more than one file, or a file importing itself (Tarjan): each one is an import cycle. */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do { w = stack.pop()!; onStack.delete(w); scc.push(w); } while (w !== v);
      const selfLoop = (graph.get(v) ?? []).includes(v);
      if (scc.length > 1 || selfLoop) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

const REPO = resolve(__dirname, "../..");

/** The relative runtime imports of one file (a path from the repository's root), resolved the same way. */
function runtimeImports(file: string): string[] {
  const text = readFileSync(resolve(REPO, file), "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s+["'](\.[^"']+)["']|^\s*import\s+["'](\.[^"']+)["']/gm)) {
    if (m[2]) continue; // `import type …` / `export type …`: erased
    // `import { type A, type B } from …` is erased too; a mix with one value is not.
    const names = m[3] ?? "";
    if (/^\{[^}]*\}$/.test(names.trim()) && names.replace(/[{}\s]/g, "").split(",").filter(Boolean).every((n) => n.startsWith("type"))) continue;
    const target = relative(REPO, resolve(REPO, dirname(file), m[4] ?? m[5]!));
    if (existsSync(resolve(REPO, target))) out.push(target);
  }
  return out;
}

/** Every module `page` reaches through runtime imports, itself included. */
export function reached(page: string): Set<string> {
  const seen = new Set<string>();
  const walk = (f: string) => {
    if (seen.has(f) || !/\.(ts|tsx)$/.test(f)) return;
    seen.add(f);
    for (const g of runtimeImports(f)) walk(g);
  };
  walk(page);
  return seen;
}
