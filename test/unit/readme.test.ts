/**
 * Issue 13 (Onboarding): README.md links only to documents inside the repository — no link into the
 * team's shared folder (../shared, RULES.md) or any path outside the project, and every linked file exists.
 * The only web address allowed is the local server the README tells you to open.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const readme = readFileSync(join(root, "README.md"), "utf8");

/** Markdown link and image targets `](target)` and autolinks `<scheme:…>`. */
function targets(md: string): string[] {
  const out: string[] = [];
  for (const m of md.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) out.push(m[1] as string);
  for (const m of md.matchAll(/<([a-z][a-z0-9+.-]*:[^>\s]+)>/gi)) out.push(m[1] as string);
  for (const m of md.matchAll(/^\[[^\]]+\]:\s*(\S+)/gm)) out.push(m[1] as string);
  return out;
}

describe("README links stay inside the repository (issue 13)", () => {
  const links = targets(readme);
  it("has links to check", () => {
    expect(links.length).toBeGreaterThan(3);
  });
  it("every link is a file of this repository that exists, or the local server", () => {
    const bad: string[] = [];
    for (const l of links) {
      if (/^https?:\/\/localhost(:\d+)?(\/|$)/.test(l)) continue;
      if (/^[a-z][a-z0-9+.-]*:/i.test(l)) { bad.push(`${l}: a web address`); continue; }
      const path = l.split("#")[0] as string;
      if (!path) continue; // a heading in the README itself
      const abs = resolve(root, path);
      // Issue 35: the rules book is docs/RULES.md, inside the repository; any other RULES.md is the team's copy outside it.
      if (relative(root, abs).startsWith("..") || (/(^|\/)RULES\.md$/.test(path) && relative(root, abs) !== "docs/RULES.md")) { bad.push(`${l}: outside the repository`); continue; }
      if (!existsSync(abs)) bad.push(`${l}: no such file`);
    }
    expect(bad).toEqual([]);
  });
  it("the checker catches links out of the repository", () => {
    expect(targets("see [rules](../shared/RULES.md) and <https://example.com>")).toEqual(["../shared/RULES.md", "https://example.com"]);
  });
});
