/**
 * Issue 37, RULES.md §7.11 *decision* ("the test is ten questions drawn from a bank for the club's
 * format, each answer explained after"): every format's bank has ≥ 30 questions, each with exactly one
 * correct answer among its options, its text, options and explanation in uk/ru/en, and a `RULES.md §n`
 * that exists.
 *
 * Which sections exist: the headings of the repository's own docs/RULES.md (`## §7`, `### §7.10`), read
 * with the parser the /rules page and test/unit/rules-doc.test.ts use (web/src/rules/anchors.ts).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ruleAnchor, rulesPath, ruleTitles } from "../../web/src/rules/anchors.ts";
import { ruleHeadings } from "../support/rules-doc.ts";
import { parseMarkdown } from "../../web/src/rules/markdown.ts";
import { en } from "../../web/src/i18n/en.ts";
import { ru } from "../../web/src/i18n/ru.ts";
import { uk } from "../../web/src/i18n/uk.ts";
import { BANKS, drawQuestions, grade, PASS_MARK, publicQuestion, TEST_SIZE } from "../../shared/rules-test/index.ts";

const BOOK = readFileSync("docs/RULES.md", "utf8");
const SECTIONS = ruleHeadings(BOOK);

const LANGS = ["uk", "ru", "en"] as const;

describe("rules test banks (issue 37, RULES.md §7.11)", () => {
  for (const [format, bank] of Object.entries(BANKS)) {
    describe(format, () => {
      it("has at least 30 questions with distinct ids", () => {
        expect(bank.length).toBeGreaterThanOrEqual(30);
        expect(new Set(bank.map((q) => q.id)).size).toBe(bank.length);
      });
      it("every question has exactly one correct answer among ≥ 2 distinct options", () => {
        for (const q of bank) {
          expect(q.options.length, q.id).toBeGreaterThanOrEqual(2);
          expect(Number.isInteger(q.correct) && q.correct >= 0 && q.correct < q.options.length, q.id).toBe(true);
          // One correct answer: no other option reads the same as the correct one in any language.
          for (const lang of LANGS) {
            const texts = q.options.map((o) => (typeof o === "string" ? o : o[lang]).trim().toLowerCase());
            expect(new Set(texts).size, `${q.id} ${lang}`).toBe(texts.length);
          }
        }
      });
      it("text, options and explanation are present in uk, ru and en", () => {
        for (const q of bank) {
          for (const lang of LANGS) {
            expect(q.text[lang].trim(), `${q.id} ${lang}`).not.toBe("");
            expect(q.explanation[lang].trim(), `${q.id} ${lang}`).not.toBe("");
            for (const o of q.options) expect((typeof o === "string" ? o : o[lang]).trim(), `${q.id} ${lang}`).not.toBe("");
          }
          // The Ukrainian and Russian texts are translations, not copies of the English.
          expect(q.text.uk).not.toBe(q.text.en);
          expect(q.text.ru).not.toBe(q.text.en);
          expect(/[а-яіїєґ]/iu.test(q.text.uk) && /[а-яё]/iu.test(q.text.ru), q.id).toBe(true);
        }
      });
      it("every question cites a section of the rules book", () => {
        for (const q of bank) expect(SECTIONS.has(q.section), `${q.id} cites RULES.md §${q.section}`).toBe(true);
      });
    });
  }

  it("each question links to its section of the rules page, named as the page's heading names it (never 'RULES.md')", () => {
    const titles = ruleTitles(BOOK);
    // The anchors the /rules page gives its headings (web/src/rules/RulesPage.tsx renders parseMarkdown's ids).
    const ids = new Set(parseMarkdown(BOOK).flatMap((b) => (b.kind === "h" && b.id ? [b.id] : [])));
    const headingText = new Map(parseMarkdown(BOOK).flatMap((b) => (b.kind === "h" && b.id ? [[b.id, b.text.map((x) => x.text).join("")] as const] : [])));
    for (const bank of Object.values(BANKS))
      for (const q of bank) {
        const href = rulesPath(q.section);
        expect(href, q.id).toBe(`/rules#${ruleAnchor(q.section)}`);
        expect(ids.has(ruleAnchor(q.section)), `${q.id} §${q.section}`).toBe(true);
        const title = titles[q.section];
        expect(title, q.id).toBe(headingText.get(ruleAnchor(q.section)));
        expect(title!.startsWith(`§${q.section} `), `${q.id} ${title}`).toBe(true);
        expect(title, q.id).not.toMatch(/RULES\.md/);
      }
    expect(titles["6.10"]).toBe("§6.10 Immunity in the next game");
    for (const cat of [en, uk, ru]) expect(cat["rulesTest.section"]).not.toMatch(/RULES\.md|\{section\}/);
  });

  it("a draw is ten distinct questions, the same for the same seed, with the correct option following its shuffle", () => {
    const a = drawQuestions("tatar", "seed-1");
    expect(a).toHaveLength(TEST_SIZE);
    expect(new Set(a.map((q) => q.id)).size).toBe(TEST_SIZE);
    expect(drawQuestions("tatar", "seed-1").map((q) => q.id)).toEqual(a.map((q) => q.id));
    expect(drawQuestions("tatar", "seed-2").map((q) => q.id)).not.toEqual(a.map((q) => q.id));
    for (const q of a) {
      const original = BANKS.tatar!.find((b) => b.id === q.id)!;
      expect(q.options[q.correct]).toEqual(original.options[original.correct]);
    }
    // Where the right answer stands tells nothing: over many draws it is not always the first option.
    const positions = new Set<number>();
    for (let s = 0; s < 20; s++) for (const q of drawQuestions("sport", `s${s}`)) positions.add(q.correct);
    expect(positions.size).toBeGreaterThan(1);
  });

  it("a public question carries no answer and no explanation (allowlist)", () => {
    for (const q of drawQuestions("club", "x")) {
      const pub = publicQuestion(q) as unknown as Record<string, unknown>;
      expect(Object.keys(pub).sort()).toEqual(["id", "options", "section", "text"]);
      expect(JSON.stringify(pub)).not.toContain(q.explanation.en);
    }
  });

  it(`§7.11: ${PASS_MARK} right of ${TEST_SIZE} passes, ${PASS_MARK - 1} fails`, () => {
    const qs = drawQuestions("host-classic", "y");
    const right = qs.map((q) => q.correct);
    const wrong = qs.map((q) => (q.correct + 1) % q.options.length);
    expect(grade(qs, [...right.slice(0, PASS_MARK), ...wrong.slice(PASS_MARK)]).passed).toBe(true);
    expect(grade(qs, [...right.slice(0, PASS_MARK - 1), ...wrong.slice(PASS_MARK - 1)])).toMatchObject({ score: PASS_MARK - 1, passed: false });
  });
});
