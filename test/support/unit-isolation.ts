/**
 * Which unit files need their own module graph (vitest.unit.config.ts's "isolated" project): a file that
 * changes something global — registers or adds a preset, a role, an ability, an effect or a win rule, mocks a module, stubs a global or
 * the environment — directly or through a local module it imports (followed inside test/ only). The
 * other files share one module graph per worker, so shared/engine loads once per worker, not per file.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

const CHANGES_GLOBALS = /\bvi\.(?:mock|doMock|stubGlobal|stubEnv)\(|\b(?:register|add)[A-Z]\w*\(/;
const LOCAL_IMPORT = /(?:import|export)[^"'`;]*?from\s*["'](\.{1,2}\/[^"']+)["']|import\s*\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)|import\s*["'](\.{1,2}\/[^"']+)["']/g;

/** Whether `file` (absolute) or a module it imports from under `root` changes something global. */
export function changesGlobals(file: string, root: string, read: (path: string) => string | null = readOrNull, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  const text = read(file);
  if (text === null) return false;
  if (CHANGES_GLOBALS.test(text)) return true;
  for (const m of text.matchAll(LOCAL_IMPORT)) {
    const target = resolve(dirname(file), m[1] ?? m[2] ?? m[3]!);
    if (target.startsWith(root) && changesGlobals(target, root, read, seen)) return true;
  }
  return false;
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}
