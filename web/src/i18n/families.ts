/**
 * Presets that share one rule set, and so one set of texts (RULES.md §5: the five phone-app profiles play
 * the same day, night and roles and differ in seats, composition, timers and the vote). Their role cards
 * read `roleinfo.profiles.<role>`, their settings `setting.profiles.<key>`, and their how-to page is
 * /how/profiles. Every other preset is its own family (`roleinfo.sport.<role>`, /how/sport).
 * test/unit/profile-screen.test.ts checks this list against the engine's profiles.
 */
export const PROFILES = "profiles";

const FAMILY: Readonly<Record<string, string>> = { classic: PROFILES, extended: PROFILES, fast: PROFILES, "dark-city": PROFILES, custom: PROFILES };

/** The text family of a preset: "profiles" for the §5 profiles, else the preset's own id. */
export function textFamily(presetId: string): string {
  return Object.prototype.hasOwnProperty.call(FAMILY, presetId) ? (FAMILY[presetId] as string) : presetId;
}

/** Is this one of the §5 profiles (the create form shows its profile screen)? */
export function isProfile(presetId: string): boolean {
  return textFamily(presetId) === PROFILES;
}
