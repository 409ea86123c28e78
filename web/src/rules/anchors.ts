/**
 * docs/RULES.md's section numbers as data — each heading's title (`## §n …`, `### §n.m …`) and the
 * anchor a heading gets on the in-app rules page (/rules#s2-10).
 */
export const ruleAnchor = (section: string): string => `s${section.replace(/\./g, "-")}`;

/**
 * Each section's heading as the rules page shows it ("§6.10 Immunity in the next game"), by number: the
 * rules test names the section it links to as the page does (web/vite.config.ts `virtual:rule-headings`).
 * @internal Read by web/vite.config.ts, which builds the page catalogues (knip's production mode leaves the config out).
 */
export function ruleTitles(md: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of md.matchAll(/^#{2,3} (§([0-9]+(?:\.[0-9]+)*)\s.*)$/gm)) out[m[2]!] = m[1]!.replace(/[*`]/g, "").trim();
  return out;
}

/** Where a format's rules start (the how-to pages link there). */
export const FORMAT_SECTION: Record<string, string> = {
  basics: "1",
  sport: "2",
  city: "3",
  "host-classic": "4",
  profiles: "5",
  club: "6",
  tatar: "7",
};

export const rulesPath = (section?: string): string => (section ? `/rules#${ruleAnchor(section)}` : "/rules");
