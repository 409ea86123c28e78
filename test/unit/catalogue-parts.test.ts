/**
 * The catalogue's parts (web/src/i18n/parts.ts): a page waits only for its own parts (web/src/routes.ts), so
 * every main-catalogue key its up-front modules name must be in one of them — a key left in another part
 * would fetch that part after the page showed (the text still shows: the lookup's net, i18n/index.ts).
 * - the home page and the club pages wait for core and pages;
 * - the table waits for core and table: its static modules (the route's JS, scripts/web-size.mjs) name no
 *   line of the panels' part, which only its lazy panels show and whose loaders wait for it.
 * And each part is what it says: every family has lines, and the table part holds a real share of the
 * catalogue (the split is what keeps the routes within budget).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { reached } from "../support/import-graph.ts";
import { en } from "../../web/src/i18n/en.ts";
import { mainPartOf, PAGE_FAMILIES, PANEL_FAMILIES, ROLE_FAMILIES, TABLE_FAMILIES, type Part } from "../../web/src/i18n/parts.ts";

const REPO = resolve(__dirname, "../..");
const root = new URL("../../web/src/", import.meta.url).pathname;
const files = (dir: string): string[] =>
  readdirSync(join(root, dir)).flatMap((f) => {
    const p = join(dir, f);
    return statSync(join(root, p)).isDirectory() ? files(p) : /\.tsx?$/.test(f) ? [p] : [];
  });
/** The modules the core-only pages render (the shell, home, clubs' pages, the shared UI). */
const CORE_ONLY = [...["App.tsx", "main.tsx"], ...files("home"), ...files("ui"), ...files("lib"), ...files("clubs").filter((f) => !f.endsWith("Review.tsx"))];


/** `file: key` for each key of the main catalogue the text names (as `"key"`, or as `t("key"` when `calls`) outside `allowed`. */
function misplaced(fileText: Array<[string, string]>, allowed: readonly Part[], calls = false): string[] {
  const keys = Object.keys(en);
  const out: string[] = [];
  for (const [file, src] of fileText) for (const key of keys) if (src.includes(calls ? `t("${key}"` : `"${key}"`) && !allowed.includes(mainPartOf(key))) out.push(`${file}: ${key}`);
  return out;
}

describe("catalogue parts", () => {
  it("every main key a core-only page names is in the core or the pages part", () => {
    expect(misplaced(CORE_ONLY.map((f) => [f, readFileSync(join(root, f), "utf8")]), ["core", "pages"])).toEqual([]);
  });

  it("the table route's up-front modules name only core and table lines (the panels' wait for their own part)", () => {
    const modules = [...reached("web/src/table/TableScreen.tsx")].filter((f) => f.startsWith("web/src/"));
    expect(modules).toContain("web/src/table/TablePage.tsx");
    expect(modules).not.toContain("web/src/table/HostPanel.tsx");
    expect(misplaced(modules.map((f) => [f, readFileSync(resolve(REPO, f), "utf8")]), ["core", "table"], true)).toEqual([]);
  });

  it("the check sees a panel's line where one is named (the host panel names host.* lines)", () => {
    const file = "web/src/table/HostPanel.tsx";
    expect(misplaced([[file, readFileSync(resolve(REPO, file), "utf8")]], ["core", "table"], true).length).toBeGreaterThan(0);
  });

  it("each family has lines, the families are cut once, and the table part holds a real share of the catalogue", () => {
    const keys = Object.keys(en);
    const families = [...TABLE_FAMILIES, ...PANEL_FAMILIES, ...PAGE_FAMILIES, ...ROLE_FAMILIES];
    for (const family of families) expect(keys.some((k) => k.startsWith(`${family}.`)), family).toBe(true);
    expect(new Set(families).size).toBe(families.length);
    expect(keys.filter((k) => mainPartOf(k) === "table").length).toBeGreaterThan(keys.length / 3);
  });
});
