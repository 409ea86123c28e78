/** Presentation helpers over the server's phase ids (no rule is decided here: only how it looks). */
import { createSignal } from "solid-js";
import { has, lang, LOCALE, t } from "../i18n/index.ts";

/** Night look (dark blue table) for the night phases of every preset. */
export function isNight(phase: string | undefined): boolean {
  return !!phase && (phase.startsWith("night") || phase === "acquaintance" || phase === "shot" || phase === "checks");
}

const NARRATION_KEY = "mafia.narration";
function readFlag(): boolean {
  try {
    return localStorage.getItem(NARRATION_KEY) === "1";
  } catch {
    return false;
  }
}
const [narration, setNarrationSignal] = createSignal(readFlag());
export { narration };

export function setNarration(on: boolean): void {
  setNarrationSignal(on);
  try {
    localStorage.setItem(NARRATION_KEY, on ? "1" : "0");
  } catch {
    /* ignore */
  }
  if (!on && "speechSynthesis" in window) speechSynthesis.cancel();
}

/** Announce a phase in the table's language through the browser's speech synthesis (RULES.md §8). */
export function narratePhase(phase: string, presetId?: string): void {
  if (!narration() || !("speechSynthesis" in window)) return;
  // A preset may say a phase its own way (city's "night-check" is the Commissar's turn).
  const own = `narrate.${presetId}.${phase}`;
  const key = presetId && has(own) ? own : `narrate.${phase}`;
  if (!has(key)) return;
  const utterance = new SpeechSynthesisUtterance(t(key));
  const locale = LOCALE[lang()];
  utterance.lang = locale;
  const voice = speechSynthesis.getVoices().find((v) => v.lang === locale) ?? speechSynthesis.getVoices().find((v) => v.lang.startsWith(lang()));
  if (voice) utterance.voice = voice;
  speechSynthesis.cancel();
  speechSynthesis.speak(utterance);
}
