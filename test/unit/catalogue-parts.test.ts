/**
 * The catalogue's parts (web/src/i18n/parts.ts): the home page and the club pages wait for the core part
 * only (web/src/routes.ts), so every main-catalogue key their modules name must be in core — a key left in
 * the table part would fetch that part on those pages (the text still shows: the lookup's net, i18n/index.ts).
 * And the table part is not empty: the split is what keeps the routes within budget (scripts/web-size.mjs).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { en } from "../../web/src/i18n/en.ts";
import { mainPartOf, TABLE_FAMILIES } from "../../web/src/i18n/parts.ts";

const root = new URL("../../web/src/", import.meta.url).pathname;
const files = (dir: string): string[] =>
  readdirSync(join(root, dir)).flatMap((f) => {
    const p = join(dir, f);
    return statSync(join(root, p)).isDirectory() ? files(p) : /\.tsx?$/.test(f) ? [p] : [];
  });
/** The modules the core-only pages render (the shell, home, clubs' pages, the shared UI). */
const CORE_ONLY = [...["App.tsx", "main.tsx"], ...files("home"), ...files("ui"), ...files("lib"), ...files("clubs").filter((f) => !f.endsWith("Review.tsx"))];

describe("catalogue parts", () => {
  it("every main key a core-only page names is in the core part", () => {
    const keys = Object.keys(en);
    const misplaced: string[] = [];
    for (const file of CORE_ONLY) {
      const src = readFileSync(join(root, file), "utf8");
      for (const key of keys) if (src.includes(`"${key}"`) && mainPartOf(key) !== "core") misplaced.push(`${file}: ${key}`);
    }
    expect(misplaced).toEqual([]);
  });

  it("each table family has lines, and the table part holds a real share of the catalogue", () => {
    const keys = Object.keys(en);
    for (const family of TABLE_FAMILIES) expect(keys.some((k) => k.startsWith(`${family}.`)), family).toBe(true);
    expect(keys.filter((k) => mainPartOf(k) === "table").length).toBeGreaterThan(keys.length / 3);
  });
});
