/**
 * What the create form offers. Setting keys and values mirror the engine's preset settings
 * (shared/engine/presets, RULES.md §2 table); the labels and one-line explanations come from the
 * catalogues under setting.<key>, setting.<key>.about, setting.<key>.<value>.
 */
export type SettingField =
  | { key: string; kind: "bool"; default: boolean }
  | { key: string; kind: "choice"; options: string[]; default: string };

export interface PresetForm {
  id: string;
  settings: SettingField[];
}

export const PRESETS: PresetForm[] = [
  {
    id: "sport",
    settings: [
      { key: "autoDeal", kind: "bool", default: false },
      { key: "agreement", kind: "choice", options: ["sound", "silent"], default: "sound" },
      { key: "voting", kind: "choice", options: ["closed", "open"], default: "closed" },
      { key: "breakAtZero", kind: "bool", default: false },
      { key: "liftAtZero", kind: "bool", default: false },
    ],
  },
];
