/**
 * Issue 35 (the rules inside the repository): docs/RULES.md is the rules book the code cites. Every
 * `RULES.md §n` cited anywhere in worker/, web/, shared/, test/, scripts/ and bench/ resolves to a heading
 * `## §n …` or `### §n …` there, and the in-app rules page's anchor for it (`#s2-10`) is the one the
 * how-to pages link to (web/src/rules/anchors.ts).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ruleAnchor } from "../../web/src/rules/anchors.ts";
import { citedSections, ruleHeadings } from "../support/rules-doc.ts";
import { parseMarkdown } from "../../web/src/rules/markdown.ts";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const doc = readFileSync(join(root, "docs/RULES.md"), "utf8");

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist" || name.startsWith(".")) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else if (/\.(ts|tsx|mjs|js|css|sql|html)$/.test(name)) yield p;
  }
}

describe("docs/RULES.md (issue 35)", () => {
  const headings = ruleHeadings(doc);
  const cited = new Map<string, string>(); // section → first file citing it
  for (const dir of ["worker", "web", "shared", "test", "scripts", "bench"]) {
    for (const f of files(join(root, dir))) for (const s of citedSections(readFileSync(f, "utf8"))) if (!cited.has(s)) cited.set(s, f.slice(root.length + 1));
  }

  it("the code cites the rules book (the scan finds the citations)", () => {
    expect(cited.size).toBeGreaterThan(40);
    expect([...cited.keys()]).toContain("5.7");
  });
  it("every RULES.md §n cited in the code is a heading of docs/RULES.md", () => {
    const missing = [...cited].filter(([s]) => !headings.has(s)).map(([s, f]) => `§${s} (cited in ${f})`);
    expect(missing).toEqual([]);
  });
  it("headings are unique and every clause sits under its part (§2.10 under §2)", () => {
    const all = [...doc.matchAll(/^#{2,3} §([0-9]+(?:\.[0-9]+)*)\s/gm)].map((m) => m[1]!);
    expect(new Set(all).size).toBe(all.length);
    for (const s of all) if (s.includes(".")) expect(headings.has(s.split(".")[0]!), s).toBe(true);
  });
  it("the checker sees a citation and a missing heading", () => {
    expect(citedSections(`// RULES.md §2.10: the shot; RULES.md ${"§"}99.1`)).toEqual(["2.10", "99.1"]);
    expect(ruleHeadings("## §2 Sport\n### §2.10 Night\n").has("99.1")).toBe(false);
    expect(ruleAnchor("2.10")).toBe("s2-10");
  });
  it("no code comment points to a rules book outside the repository", () => {
    const out: string[] = [];
    for (const dir of ["worker", "web", "shared", "test", "scripts", "bench"]) {
      for (const f of files(join(root, dir))) if (/\.\.\/shared\/RULES\.md|\/work\/shared/.test(readFileSync(f, "utf8")) && !f.endsWith("rules-doc.test.ts") && !f.endsWith("readme.test.ts")) out.push(f);
    }
    expect(out).toEqual([]);
  });
  it("the /rules page gives every §-heading its anchor (#s2-10), and renders the book's tables and lists (no text lost to the parser)", () => {
    const blocks = parseMarkdown(doc);
    const ids = new Set(blocks.flatMap((b) => (b.kind === "h" && b.id ? [b.id] : [])));
    for (const s of headings) expect(ids.has(ruleAnchor(s)), `§${s}`).toBe(true);
    const tables = blocks.filter((b) => b.kind === "table");
    expect(tables.length).toBeGreaterThanOrEqual(2); // §5.5 profiles, §5.6 the eighteen roles
    const roles = tables.find((t) => t.kind === "table" && t.rows.length === 18);
    expect(roles, "the role catalogue's 18 rows").toBeDefined();
    const text = (parts: { text: string }[]) => parts.map((p) => p.text).join("");
    const rendered = blocks.map((b) => (b.kind === "h" || b.kind === "p" ? text(b.text) : b.kind === "ul" ? b.items.map(text).join(" ") : [...b.head, ...b.rows.flat()].map(text).join(" "))).join(" ");
    for (const word of ["Consort", "unanimous", "car crash", "consigliere", "a player (name hidden)"]) expect(rendered, word).toContain(word);
    expect(rendered).not.toMatch(/\*\*|`/); // bold and code marks are parsed, not shown
  });
});
