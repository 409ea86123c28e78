/**
 * Presence text: "away just now" / "away 3 min" / "away since 14:05" from `lobby[].awaySince`
 * (server epoch ms), measured on the server clock so a phone with a wrong clock still says the truth.
 */
import { createSignal, onCleanup } from "solid-js";
import { lang, LOCALE, t } from "../i18n/index.ts";
import type { ServerClock } from "../lib/clock.ts";

/** A "now" on the server clock that ticks every `everyMs` (enough for minutes). */
export function createNow(clock: ServerClock, everyMs = 10_000): () => number {
  const [now, setNow] = createSignal(clock.now());
  const id = setInterval(() => setNow(clock.now()), everyMs);
  onCleanup(() => clearInterval(id));
  return now;
}

export function awayText(awaySince: number | null, now: number, clock?: ServerClock, neverConnected = false): string {
  if (awaySince == null) return t("seat.online");
  // Joined, never opened the table — not "away just now".
  if (neverConnected) return t("away.never");
  const min = Math.floor(Math.max(0, now - awaySince) / 60_000);
  if (min < 1) return t("away.now");
  if (min < 60) return t("away.min", { n: min });
  const local = awaySince - ((clock?.now() ?? Date.now()) - Date.now());
  return t("away.since", { time: new Intl.DateTimeFormat(LOCALE[lang()], { hour: "2-digit", minute: "2-digit" }).format(local) });
}

/**
 * The seat tile's short form: "not yet" / "away" / "3 min" / "14:05" fits a 66 px tile at
 * 12 px in every language; the full text stays in the seat's label and title.
 */
export function awayShort(awaySince: number | null, now: number, clock?: ServerClock, neverConnected = false): string {
  if (neverConnected) return t("away.short.never");
  if (awaySince == null) return "";
  const min = Math.floor(Math.max(0, now - awaySince) / 60_000);
  if (min < 1) return t("away.short.now");
  if (min < 60) return t("away.short.min", { n: min });
  const local = awaySince - ((clock?.now() ?? Date.now()) - Date.now());
  return new Intl.DateTimeFormat(LOCALE[lang()], { hour: "2-digit", minute: "2-digit" }).format(local);
}

/** m:ss for a frozen clock. */
export function clockText(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
