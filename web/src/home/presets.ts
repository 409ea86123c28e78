/**
 * What the create form offers, from the engine's own setting descriptors (issue 14: nothing copied by
 * hand). Each preset's `settings` (shared/engine/presets/settings.ts `describeSettings`, read from the
 * preset's valibot schema) gives every key, kind, allowed values, bounds and default; `requiresAccount`
 * says whether only a signed-in creator may open it. The list reaches the bundle as plain JSON made at
 * build time (web/vite.config.ts, module `virtual:preset-settings`), so the client ships no schema.
 *
 * Labels come from the catalogues: `setting.<key>` (the descriptor's `label`), `setting.<key>.about`,
 * `setting.<key>.<value>`, and `setting.<key>.auto` for a choice the preset leaves to its own default.
 * The only thing decided here is layout: which settings stay in view (ESSENTIAL); the rest fold under
 * "More settings".
 */
import type { SettingDescriptor } from "../../../shared/engine/types.ts";

/** One preset as the build hands it to the client (a slice of the engine's PresetInfo). */
export interface PresetSettings {
  id: string;
  settings: SettingDescriptor[];
  requiresAccount?: boolean;
}

/** The value of a choice that leaves the key out, so the preset's own default applies (city's Mafia count by table size). */
export const AUTO = "auto";

export type SettingField = (
  | { key: string; label: string; kind: "boolean"; default: boolean }
  /** Radio choice; the value `"auto"` (offered when the preset has no default) leaves the key out. */
  | { key: string; label: string; kind: "choice"; options: Array<string | number>; default: string | number }
  | { key: string; label: string; kind: "integer"; min: number; max: number; default: number }
) & {
  /** Issue 13: folded under "More settings" on the create form (the essentials come first). */
  advanced: boolean;
};

export interface PresetForm {
  id: string;
  settings: SettingField[];
  /** RULES.md §3 / §8: only a signed-in creator may create it (the server answers 401 otherwise). From the preset's `requiresAccount`. */
  needsAccount: boolean;
}

/**
 * Layout only (issue 13, docs/UI.md "Create form"): the settings a preset shows first, in this order;
 * the others fold under "More settings" in the preset's own order. A preset not listed shows all of
 * its settings in view (sport's five).
 */
export const ESSENTIAL: Readonly<Record<string, readonly string[]>> = {
  city: ["speech", "mafia", "maniac"],
};

function field(d: SettingDescriptor, advanced: boolean): SettingField {
  switch (d.kind) {
    case "boolean":
      return { key: d.key, label: d.label, kind: "boolean", default: d.default, advanced };
    case "choice":
      return d.default === null
        ? { key: d.key, label: d.label, kind: "choice", options: [AUTO, ...d.values], default: AUTO, advanced }
        : { key: d.key, label: d.label, kind: "choice", options: d.values.slice(), default: d.default, advanced };
    case "integer":
      return { key: d.key, label: d.label, kind: "integer", min: d.min, max: d.max, default: d.default, advanced };
  }
}

/** One preset's form: its settings (essentials first), and whether it needs an account. */
export function formOf(p: PresetSettings): PresetForm {
  const essential = Object.prototype.hasOwnProperty.call(ESSENTIAL, p.id) ? ESSENTIAL[p.id] : undefined;
  if (!essential) return { id: p.id, settings: p.settings.map((d) => field(d, false)), needsAccount: p.requiresAccount === true };
  const first = essential.flatMap((key) => p.settings.filter((d) => d.key === key)).map((d) => field(d, false));
  const rest = p.settings.filter((d) => !essential.includes(d.key)).map((d) => field(d, true));
  return { id: p.id, settings: [...first, ...rest], needsAccount: p.requiresAccount === true };
}

/** The catalogue keys a setting's rendering uses (the catalogue test checks each, in en, uk and ru). */
export function settingKeys(f: SettingField): string[] {
  const keys = [f.label, `${f.label}.about`];
  if (f.kind === "choice") for (const o of f.options) keys.push(`${f.label}.${o}`);
  return keys;
}

/** The settings to send: "auto" choices are left out, numbers clamped to their bounds. */
export function settingsToSend(form: PresetForm, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const s of form.settings) {
    const v = values[s.key] ?? s.default;
    if (v === AUTO) continue;
    if (s.kind === "integer") {
      const n = Math.round(Number(v));
      out[s.key] = Number.isFinite(n) ? Math.min(s.max, Math.max(s.min, n)) : s.default;
    } else out[s.key] = v;
  }
  return out;
}
