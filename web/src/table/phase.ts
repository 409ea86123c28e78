/** Presentation helpers over the server's phase ids (no rule is decided here: only how it looks). */
import { storedFlag } from "../lib/flag.ts";
import { has, lang, LOCALE, t } from "../i18n/index.ts";

const [narration, setNarrationFlag] = storedFlag("mafia.narration", false);
export { narration };

export function setNarration(on: boolean): void {
  setNarrationFlag(on);
  if (!on && "speechSynthesis" in window) speechSynthesis.cancel();
}

/** The narration line of a phase in the table's language (a preset may say it its own way), or null. */
export function phaseLine(phase: string, presetId?: string): string | null {
  // A preset may say a phase its own way (city's "night-check" is the Commissar's turn).
  const own = `narrate.${presetId}.${phase}`;
  const key = presetId && has(own) ? own : `narrate.${phase}`;
  return has(key) ? t(key) : null;
}

/** Say these lines in order through the browser's speech synthesis (RULES.md §8), cutting off what was being said. */
export function speak(lines: string[]): void {
  if (!narration() || !("speechSynthesis" in window) || lines.length === 0) return;
  const locale = LOCALE[lang()];
  const voice = speechSynthesis.getVoices().find((v) => v.lang === locale) ?? speechSynthesis.getVoices().find((v) => v.lang.startsWith(lang()));
  speechSynthesis.cancel();
  for (const line of lines) {
    const utterance = new SpeechSynthesisUtterance(line);
    utterance.lang = locale;
    if (voice) utterance.voice = voice;
    speechSynthesis.speak(utterance);
  }
}

/** "Show my marks" on the oval: off by default, remembered on this device. */
export const [marksShown, setMarksShown] = storedFlag("mafia.marks", false);
