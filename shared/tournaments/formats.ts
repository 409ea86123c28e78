/**
 * The formats of a tournament (RULES.md §9.1), as plain data: the protocol's schema, the server's
 * creation and the create form read the same table. No validation library here, so the create form's
 * chunk loads only this data.
 */
/** The presets a tournament may be played in (§9.1) and their table sizes (null: the organizer's choice). */
export const TOURNAMENT_PRESETS = { sport: 10, tatar: 12, club: null, "host-classic": null } as const;
export type TournamentPreset = keyof typeof TOURNAMENT_PRESETS;

/**
 * The final's games when the organizer does not say (§9.6): the create form's prefilled value and the
 * API's default are this one number, so a tournament made either way has the same final.
 */
export const DEFAULT_FINAL_GAMES = 3;

/**
 * The preset settings the create form offers a tournament per preset (§9.1; sport's §2.1 `autoDeal`: a
 * tournament's tables may skip the card taking). The create form reads this; the server parses them
 * with the preset's schema.
 */
export const TOURNAMENT_SETTINGS: Readonly<Record<TournamentPreset, readonly string[]>> = { sport: ["autoDeal"], tatar: [], club: [], "host-classic": [] };

