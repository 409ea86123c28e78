import * as v from "valibot";
import { own } from "../../own.ts";
import { getRole } from "../roles/index.ts";
import type { PresetId } from "../types.ts";
import { city } from "./city.ts";
import { club } from "./club.ts";
import { hostClassic } from "./host-classic.ts";
import { classic, custom, darkCity, extended, fast } from "./profiles.ts";
import { sport } from "./sport.ts";
import { tatar } from "./tatar.ts";
import { describeSettings } from "./settings.ts";
import type { Preset, PresetInfo } from "./types.ts";

export type { Preset, PresetInfo } from "./types.ts";

const PRESETS: Record<string, Preset> = { sport, city, tatar, "host-classic": hostClassic, classic, extended, fast, "dark-city": darkCity, custom, club };

/**
 * Add a preset made of data (a variant, a custom profile, §5.5). Check its flow first with the engine's
 * `registerPreset` (index.ts), which compiles it; this only stores it. A registered id cannot be replaced.
 */
export function addPreset(p: Preset): void {
  if (Object.prototype.hasOwnProperty.call(PRESETS, p.id)) throw new Error(`preset ${p.id} exists`);
  PRESETS[p.id] = p;
}

/** The full preset (engine-internal blocks included); throws for an unknown id. */
export function presetOf(id: PresetId): Preset {
  const p = own(PRESETS, id);
  if (!p) throw new Error(`unknown preset ${id}`);
  return p;
}

const described = new Map<string, PresetInfo["settings"]>();

function info(p: Preset): PresetInfo {
  let settings = described.get(p.id);
  if (!settings) { settings = describeSettings(p.settingsSchema); described.set(p.id, settings); }
  return {
    id: p.id, seats: p.seats, settingsSchema: p.settingsSchema, defaultSettings: p.defaultSettings, settings, start: p.start, seatDraw: p.seatDraw,
    ...(p.requiresAccount !== undefined ? { requiresAccount: p.requiresAccount } : {}),
    ...(p.rewards !== undefined ? { rewards: p.rewards } : {}),
    ...(p.roleCounts ? { roleCounts: p.roleCounts } : {}),
    ...(p.organizerPlays ? { organizerPlays: true } : {}),
    ...(p.consigliere ? { consigliere: true } : {}),
    ...(p.immunity ? { immunity: true } : {}),
  };
}

/** Preset info for the table object; null for an unknown id (a prototype key such as "constructor" included). */
export function getPreset(id: PresetId): PresetInfo | null {
  const p = own(PRESETS, id);
  return p ? info(p) : null;
}

/** The presets the site offers (an `unlisted` one is played by the engine but not offered yet). */
export function listPresets(): PresetInfo[] {
  return Object.values(PRESETS).filter((p) => !p.unlisted).map(info);
}

/** Every preset the engine plays, the unlisted included (simulation, tests). */
export function allPresetIds(): string[] {
  return Object.keys(PRESETS);
}

/**
 * May a game of this preset start with `seats` players under `settings` (as stored at the table;
 * parsed here)? null = yes; otherwise why not, in one sentence. Beyond the seat bounds and the preset's
 * own limit (RULES.md §3 city: at most 2 Mafia at 10–11 seats), no game starts with the black team as
 * large as the red at the deal (§3 "smaller than the red team at the deal"; solo roles are not counted,
 * §5.4) — that game would be over before it began (§2.12, §5.4 parity).
 */
export function startRefusal(id: PresetId, settings: Record<string, unknown>, seats: number): string | null {
  const p = own(PRESETS, id);
  if (!p) return `unknown preset ${id}`;
  if (seats < p.seats.min || seats > p.seats.max) return `${id} needs ${p.seats.min}–${p.seats.max} players, got ${seats}`;
  const parsed = v.parse(p.settingsSchema, settings ?? {}) as Record<string, unknown>;
  const limit = p.compositionLimit?.(seats, parsed);
  if (limit) return limit;
  let black = 0;
  let red = 0;
  for (const role of p.composition(seats, parsed)) {
    const team = p.teamOf?.(role, parsed) ?? getRole(role).team;
    if (team === "black") black++;
    else if (team === "red") red++;
  }
  return black >= red ? `at ${seats} seats the black team (${black}) would start as large as the red (${red})` : null;
}

/**
 * The seat counts at which a game of this preset may start under these settings (startRefusal null),
 * as a range; null when there is none (the settings can never be played). §3: city with 3 Mafia → 12–12.
 */
export function seatRange(id: PresetId, settings: Record<string, unknown>): { min: number; max: number } | null {
  const p = own(PRESETS, id);
  if (!p) return null;
  const ok: number[] = [];
  for (let n = p.seats.min; n <= p.seats.max; n++) if (startRefusal(id, settings, n) === null) ok.push(n);
  return ok.length ? { min: ok[0]!, max: ok[ok.length - 1]! } : null;
}
