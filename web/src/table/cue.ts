/**
 * A night move starts (the 5–7 s shot, a check) — a short chime and a vibration where the
 * device allows (`navigator.vibrate`), so a phone player whose screen shows the table notices in time.
 * On by default, a setting remembered on this device (the header's bell).
 */
import { storedFlag } from "../lib/flag.ts";

export const [cueOn, setCue] = storedFlag("mafia.cue", true);

let audio: AudioContext | null = null;

/** The chime (120 ms, two soft notes) and a short vibration; nothing when the setting is off. */
export function cue(): void {
  if (!cueOn()) return;
  try {
    navigator.vibrate?.([90, 60, 90]);
  } catch {
    /* not allowed here */
  }
  try {
    const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    audio ??= new Ctx();
    if (audio.state === "suspended") void audio.resume();
    const t0 = audio.currentTime;
    for (const [i, freq] of [660, 880].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t0 + i * 0.09);
      gain.gain.exponentialRampToValueAtTime(0.12, t0 + i * 0.09 + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + i * 0.09 + 0.08);
      osc.connect(gain).connect(audio.destination);
      osc.start(t0 + i * 0.09);
      osc.stop(t0 + i * 0.09 + 0.09);
    }
  } catch {
    /* no audio output: the vibration (or the bottom sheet) still tells */
  }
}
