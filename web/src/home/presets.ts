/**
 * What the create form offers. Setting keys and values mirror the engine's preset settings
 * (shared/engine/presets, RULES.md §2 and §3); the labels and one-line explanations come from the
 * catalogues under setting.<key>, setting.<key>.about, setting.<key>.<value>.
 */
export type SettingField = (
  | { key: string; kind: "bool"; default: boolean }
  /** Radio choice; the value `"auto"` leaves the key out (the preset's own default applies). */
  | { key: string; kind: "choice"; options: Array<string | number>; default: string | number }
  | { key: string; kind: "number"; min: number; max: number; default: number }
) & {
  /** Issue 13: folded under "More settings" on the create form (the essentials come first). */
  advanced?: boolean;
};

export interface PresetForm {
  id: string;
  settings: SettingField[];
  /** RULES.md §3 / §8: only a signed-in creator may create it (the server answers 401 otherwise). */
  needsAccount?: boolean;
}

const SPORT_SETTINGS: SettingField[] = [
  { key: "autoDeal", kind: "bool", default: false },
  { key: "agreement", kind: "choice", options: ["sound", "silent"], default: "sound" },
  { key: "voting", kind: "choice", options: ["closed", "open"], default: "closed" },
  { key: "breakAtZero", kind: "bool", default: false },
  { key: "liftAtZero", kind: "bool", default: false },
];

export const PRESETS: PresetForm[] = [
  { id: "sport", settings: SPORT_SETTINGS },
  {
    id: "city",
    needsAccount: true,
    // shared/engine/presets/city.ts citySettingsSchema: sport's five plus the city's own. The
    // essentials first (speech, Mafia count, the Maniac's side); the six night timers and sport's
    // five under "More settings" (issue 13).
    settings: [
      { key: "speech", kind: "choice", options: [30, 45, 60], default: 60 },
      { key: "mafia", kind: "choice", options: ["auto", 1, 2, 3], default: "auto" },
      { key: "maniac", kind: "choice", options: ["solo", "red"], default: "solo" },
      { key: "mafiaSeconds", kind: "number", min: 10, max: 60, default: 20, advanced: true },
      { key: "putanaSeconds", kind: "number", min: 5, max: 30, default: 10, advanced: true },
      { key: "doctorSeconds", kind: "number", min: 5, max: 30, default: 10, advanced: true },
      { key: "commissarSeconds", kind: "number", min: 5, max: 30, default: 10, advanced: true },
      { key: "maniacSeconds", kind: "number", min: 5, max: 30, default: 10, advanced: true },
      { key: "donSeconds", kind: "number", min: 5, max: 30, default: 10, advanced: true },
      ...SPORT_SETTINGS.map((s) => ({ ...s, advanced: true })),
    ],
  },
];

/** The settings to send: "auto" choices are left out, numbers clamped to their bounds. */
export function settingsToSend(form: PresetForm, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const s of form.settings) {
    const v = values[s.key] ?? s.default;
    if (v === "auto") continue;
    if (s.kind === "number") {
      const n = Math.round(Number(v));
      out[s.key] = Number.isFinite(n) ? Math.min(s.max, Math.max(s.min, n)) : s.default;
    } else out[s.key] = v;
  }
  return out;
}
