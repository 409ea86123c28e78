/**
 * RULES.md §7.10–§7.11: the rules test's banks and draw. Pure data and functions (no I/O):
 * the worker (worker/rules-test/) draws an attempt's questions from its stored seed, checks answers and
 * keeps the pass; the page only ever gets `publicQuestion`s until it has answered.
 */
import { seedRng, nextU32 } from "../engine/rng.ts";
import { CLUB } from "./bank/club.ts";
import { HOST_CLASSIC } from "./bank/host-classic.ts";
import { SPORT } from "./bank/sport.ts";
import { TATAR } from "./bank/tatar.ts";
import type { Option, PublicQuestion, Question, Texts } from "./types.ts";

export type { PublicQuestion, Question, Texts } from "./types.ts";

/** The formats with a bank (the test's `format` is a preset id). */
export const BANKS: Readonly<Record<string, readonly Question[]>> = {
  tatar: TATAR,
  sport: SPORT,
  club: CLUB,
  "host-classic": HOST_CLASSIC,
};

/** §7.11 *decision*: ten questions, eight right passes, a failed test waits ten minutes. */
export const TEST_SIZE = 10;
export const PASS_MARK = 8;
export const RETAKE_WAIT_MS = 10 * 60_000;

export const hasBank = (format: string): boolean => Object.hasOwn(BANKS, format);

function shuffle<T>(items: T[], rng: ReturnType<typeof seedRng>): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = nextU32(rng) % (i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * TEST_SIZE distinct questions of the format's bank, from the attempt's seed (a seeded Fisher–Yates),
 * each with its options in a drawn order too (`correct` follows its option): the bank is written with
 * the right answer first more often than not, and where it stands must tell nothing.
 */
export function drawQuestions(format: string, seed: string): Question[] {
  const rng = seedRng(`rules-test:${format}:${seed}`);
  return shuffle([...(BANKS[format] ?? [])], rng)
    .slice(0, TEST_SIZE)
    .map((q) => {
      const order = shuffle(q.options.map((_, i) => i), rng);
      return { ...q, options: order.map((i) => q.options[i]!), correct: order.indexOf(q.correct) };
    });
}

const texts = (o: Option): Texts => (typeof o === "string" ? { uk: o, ru: o, en: o } : { uk: o.uk, ru: o.ru, en: o.en });

/** The allowlist of what the page sees before it answers: id, section, text, options. */
export function publicQuestion(q: Question): PublicQuestion {
  return { id: q.id, section: q.section, text: { uk: q.text.uk, ru: q.text.ru, en: q.text.en }, options: q.options.map(texts) };
}

export interface Graded {
  score: number;
  passed: boolean;
  results: { id: string; section: string; chosen: number; correct: number; right: boolean; explanation: Texts }[];
}

/** Check an attempt's answers (one option index per question, in the drawn order). */
export function grade(questions: readonly Question[], answers: readonly number[], mark = PASS_MARK): Graded {
  const results = questions.map((q, i) => {
    const chosen = answers[i] ?? -1;
    return { id: q.id, section: q.section, chosen, correct: q.correct, right: chosen === q.correct, explanation: q.explanation };
  });
  const score = results.filter((r) => r.right).length;
  return { score, passed: score >= mark, results };
}
