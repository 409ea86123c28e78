/**
 * Issue 33 (and a phone's battery): the timer ring steps once a second, with the seconds it shows, and is never eased by
 * CSS. A transition or animation on the ring's arc is a 60 Hz repaint of the SVG for as long as a timer runs —
 * measured 16–21 % of a core per headless page against 3.5–4.3 % stepped (docs/PERFORMANCE.md).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const css = readFileSync(new URL("../../web/src/styles.css", import.meta.url), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");

/** Every declaration block whose selector list names the ring's arc (`.timer .arc`, `.timer.low .arc`, …), at any nesting. */
function arcRules(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) if (/\.timer[^,{]*\s\.arc\b/.test(m[1]!)) out.push(`${m[1]!.trim()} { ${m[2]!.trim()} }`);
  return out;
}

describe("the timer ring is not eased (TimerRing.tsx)", () => {
  it("styles.css has rules for the ring's arc, and none of them transitions or animates it", () => {
    const rules = arcRules(css);
    expect(rules.length, "the arc's rules were found").toBeGreaterThan(0);
    expect(rules.filter((r) => /\b(transition|animation)\b/.test(r))).toEqual([]);
  });
  it("the check sees an eased arc (the rule it guards against)", () => {
    expect(arcRules(".timer .arc { stroke: red; transition: stroke-dashoffset 250ms linear; }").filter((r) => /\btransition\b/.test(r))).toHaveLength(1);
    expect(arcRules("@media (x) { .timer.warn .arc { animation: spin 1s; } }").filter((r) => /\banimation\b/.test(r))).toHaveLength(1);
  });
});
