/**
 * Issue 36: docs/PERFORMANCE.md's price table ("Issue 36: the true cost of a game-hour", rows naming a
 * `PRICES` key) says what bench/prices.ts computes with — every key in the code is in the doc, with the
 * same number, and the doc names no key the code lacks.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PRICES } from "../../bench/prices.ts";

const doc = readFileSync(new URL("../../docs/PERFORMANCE.md", import.meta.url), "utf8");
const section = doc.slice(doc.indexOf("## Issue 36: the true cost of a game-hour"));

/** `| what | $0.15 / million | `doRequestPerM` | source |` → { doRequestPerM: 0.15 } */
function docPrices(): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of section.split("\n")) {
    const key = /^\|[^|]*\|\s*([^|]*?)\s*\|\s*`(\w+)`\s*\|/.exec(line);
    if (!key) continue;
    const number = /[\d.]+/.exec(key[1]!.replace(/,/g, ""));
    if (number) found.set(key[2]!, Number(number[0]));
  }
  return found;
}

describe("docs/PERFORMANCE.md prices = bench/prices.ts (issue 36)", () => {
  it("the section exists", () => {
    expect(doc).toContain("## Issue 36: the true cost of a game-hour");
  });
  it("every price in the code is in the doc's table with the same number, and nothing else", () => {
    const fromDoc = docPrices();
    expect(Object.fromEntries(fromDoc)).toEqual({ ...PRICES });
  });
});
