/** docs/RULES.md's section numbers as the tests read them: the book's headings and the `RULES.md §n` citations in a text. */

/** The section numbers that are headings of the rules book. */
export function ruleHeadings(md: string): Set<string> {
  return new Set([...md.matchAll(/^#{2,3} §([0-9]+(?:\.[0-9]+)*)\s/gm)].map((m) => m[1]!));
}

/** Every `RULES.md §n` in a text, in order. */
export function citedSections(text: string): string[] {
  return [...text.matchAll(/RULES\.md §([0-9]+(?:\.[0-9]+)*)/g)].map((m) => m[1]!);
}
