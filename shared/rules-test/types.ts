/**
 * RULES.md §7.11 *decision*: the rules test — "ten questions drawn from a bank for the club's
 * format, each answer explained after; eight right passes". A bank is plain data (shared/rules-test/bank/);
 * the worker draws, checks and stores (worker/rules-test/). `correct` and `explanation` never leave the
 * server before the attempt is answered: the page gets `PublicQuestion`s, built from an allowlist.
 */

/** One text in the three catalogue languages. */
export interface Texts {
  uk: string;
  ru: string;
  en: string;
}

/** An option: a text per language, or one language-neutral string ("12", "30 s" is not neutral). */
export type Option = Texts | string;

export interface Question {
  /** Stable within its bank ("tatar-07"). */
  id: string;
  /** The RULES.md section it tests, as "7.4" (rendered "RULES.md §7.4"). */
  section: string;
  text: Texts;
  options: readonly Option[];
  /** Index into options of the one correct answer. */
  correct: number;
  /** Shown after the answer. */
  explanation: Texts;
}

/** What the page gets before it answers: no `correct`, no `explanation`. */
export interface PublicQuestion {
  id: string;
  section: string;
  text: Texts;
  options: Texts[];
}

/** Seconds as an option: "30 s" / "30 с" / "30 с". */
export const sec = (n: number): Texts => ({ en: `${n} s`, uk: `${n} с`, ru: `${n} с` });
/** Minutes as an option. */
export const min = (n: number): Texts => ({ en: `${n} min`, uk: `${n} хв`, ru: `${n} мин` });
export const YES: Texts = { en: "Yes", uk: "Так", ru: "Да" };
export const NO: Texts = { en: "No", uk: "Ні", ru: "Нет" };

/** A question, written compactly in the banks. */
export function q(id: string, section: string, text: Texts, options: readonly Option[], correct: number, explanation: Texts): Question {
  return { id, section, text, options, correct, explanation };
}
