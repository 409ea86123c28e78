/**
 * What the create form offers, from the engine's own setting descriptors (nothing copied by
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
import { isProfile, textFamily } from "../i18n/families.ts";

/** One preset as the build hands it to the client (a slice of the engine's PresetInfo). */
export interface PresetSettings {
  id: string;
  settings: SettingDescriptor[];
  requiresAccount?: boolean;
  /** Its games award rating (RULES.md §2.14: sport) — the table keeps the rules' windows. */
  rated?: boolean;
  /** The table sizes the preset plays (RULES.md §5.5: the profile screen's seats). */
  seats: { min: number; max: number };
  /** §5.5 Custom: the settings that count a role's players (the key is the role id). */
  roleCounts?: readonly string[];
  /** §5.5 Fast: the organizer plays and takes a seat. */
  organizerPlays?: boolean;
  /** RULES.md §4, §6, §7: a live host leads the format's games. */
  hostLed?: boolean;
  /** RULES.md §7.11: a club's bonus points apply to the format's games. */
  clubBonus?: boolean;
  /** RULES.md §6: a new club starts with this format. */
  clubDefault?: boolean;
  /** §7.10: a seated player may invite a consigliere (tatar). */
  consigliere?: boolean;
  /** §6.9: the live host may remove a player without warning, naming the offence (club). */
  hostRemoval?: boolean;
  /** RULES.md §6: the organizer sets each game's role counts in the lobby (club). */
  lobbyCounts?: boolean;
}

/** The value of a choice that leaves the key out, so the preset's own default applies (city's Mafia count by table size). */
export const AUTO = "auto";

export type SettingField = (
  | { key: string; label: string; kind: "boolean"; default: boolean }
  /** Radio choice; the value `"auto"` (offered when the preset has no default) leaves the key out. */
  | { key: string; label: string; kind: "choice"; options: Array<string | number>; default: string | number }
  | { key: string; label: string; kind: "integer"; min: number; max: number; default: number }
) & {
  /** Folded under "More settings" on the create form (the essentials come first). */
  advanced: boolean;
};

/** What the profile screen hands the create form: the seats and (Custom) the role counts; `ok` false blocks Create (§5.5). */
export interface ProfileChoice {
  seats: number;
  counts: Record<string, number>;
  ok: boolean;
}

export interface PresetForm {
  id: string;
  /** The ordinary settings (a Custom role count is not one: see `roles`). */
  settings: SettingField[];
  /** RULES.md §3 / §8: only a signed-in creator may create it (the server answers 401 otherwise). From the preset's `requiresAccount`. */
  needsAccount: boolean;
  seats: { min: number; max: number };
  /** RULES.md §5: one of the phone-app profiles — the form shows the profile screen (seats, composition). */
  profile: boolean;
  /** §5.5 Custom: the roles whose counts the role editor sets (in the engine's order); empty elsewhere. */
  roles: string[];
  /** §5.5 Fast: the organizer plays and takes a seat (no live host, no seatless organizer). */
  organizerPlays: boolean;
  /** A live host leads the format (RULES.md §4, §6, §7): "Who hosts?" starts on "Me". */
  hostLed: boolean;
  /** A rated format (§2.14) — "Longer windows for beginners" is not offered (the server refuses it). */
  rated: boolean;
}

/**
 * Layout only (docs/UI.md "Create form"): the settings a preset shows first, in this order;
 * the others fold under "Advanced rules" in the preset's own order. A preset not listed shows all of
 * its settings in view (the profiles' tempo).
 */
export const ESSENTIAL: Readonly<Record<string, readonly string[]>> = {
  city: ["speech", "mafia", "maniac"],
  // A stranger sees the basics (the format, who hosts, listing) and sport's five rules fold
  // under "Advanced rules" with the usual values set; Custom keeps its tempo in view.
  sport: [],
  custom: ["tempo"],
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

/**
 * One preset's form: its settings (essentials first), whether it needs an account, and for a §5 profile
 * its seats and Custom's role counts. The profiles' settings read their own lines, `setting.profiles.<key>`
 * (i18n/families.ts: their vote and tempo are not sport's or city's, e.g. city's `setting.mafia` is a
 * choice, Custom's `mafia` a count edited in the role editor as `role.mafia`).
 */
export function formOf(p: PresetSettings): PresetForm {
  const roles = (p.roleCounts ?? []).slice();
  const family = textFamily(p.id);
  const own = p.settings
    .filter((d) => !roles.includes(d.key))
    .map((d): SettingDescriptor => (isProfile(p.id) ? { ...d, label: `setting.${family}.${d.key}` } : d));
  const base = { id: p.id, needsAccount: p.requiresAccount === true, seats: { ...p.seats }, profile: isProfile(p.id), roles, organizerPlays: p.organizerPlays === true, hostLed: p.hostLed === true, rated: p.rated === true };
  const essential = Object.prototype.hasOwnProperty.call(ESSENTIAL, p.id) ? ESSENTIAL[p.id] : undefined;
  if (!essential) return { ...base, settings: own.map((d) => field(d, false)) };
  const first = essential.flatMap((key) => own.filter((d) => d.key === key)).map((d) => field(d, false));
  const rest = own.filter((d) => !essential.includes(d.key)).map((d) => field(d, true));
  return { ...base, settings: [...first, ...rest] };
}

/**
 * The catalogue keys a setting's rendering uses (the catalogue test checks each, in en, uk and ru).
 * @internal The catalogue test's list, kept beside the rendering that uses the keys; the bundle leaves it out.
 */
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
