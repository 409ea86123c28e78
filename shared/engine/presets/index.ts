import { own } from "../../own.ts";
import type { PresetId } from "../types.ts";
import { city } from "./city.ts";
import { sport } from "./sport.ts";
import type { Preset, PresetInfo } from "./types.ts";

export type { Preset, PresetInfo } from "./types.ts";

const PRESETS: Record<string, Preset> = { sport, city };

/** The full preset (engine-internal blocks included); throws for an unknown id. */
export function presetOf(id: PresetId): Preset {
  const p = own(PRESETS, id);
  if (!p) throw new Error(`unknown preset ${id}`);
  return p;
}

function info(p: Preset): PresetInfo {
  return {
    id: p.id, seats: p.seats, settingsSchema: p.settingsSchema, defaultSettings: p.defaultSettings, start: p.start, seatDraw: p.seatDraw,
    ...(p.requiresAccount !== undefined ? { requiresAccount: p.requiresAccount } : {}),
    ...(p.rewards !== undefined ? { rewards: p.rewards } : {}),
  };
}

/** Preset info for the table object; null for an unknown id (a prototype key such as "constructor" included). */
export function getPreset(id: PresetId): PresetInfo | null {
  const p = own(PRESETS, id);
  return p ? info(p) : null;
}

export function listPresets(): PresetInfo[] {
  return Object.values(PRESETS).map(info);
}
