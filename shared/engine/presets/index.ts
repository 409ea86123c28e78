import * as v from "valibot";
import { own } from "../../own.ts";
import { getRole } from "../roles/index.ts";
import type { PresetId, Team } from "../types.ts";
import { city } from "./city.ts";
import { club } from "./club.ts";
import { hostClassic } from "./host-classic.ts";
import { classic, custom, darkCity, extended, fast } from "./profiles.ts";
import { sport } from "./sport.ts";
import { tatar } from "./tatar.ts";
import { describeSettings } from "./settings.ts";
import type { Preset, PresetInfo, StartProblem } from "./types.ts";

export type { Preset, PresetInfo, StartProblem } from "./types.ts";

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
    ...(p.hostLed ? { hostLed: true } : {}),
    ...(p.clubBonus ? { clubBonus: true } : {}),
    ...(p.clubDefault ? { clubDefault: true } : {}),
    ...(p.consigliere ? { consigliere: true } : {}),
    ...(p.immunity ? { immunity: true } : {}),
    ...(p.redrawsSeats ? { redrawsSeats: true } : {}),
    ...(p.fillsToMax ? { fillsToMax: true } : {}),
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

/**
 * Every preset the engine plays, the unlisted included (simulation, tests).
 * @internal Tests, benches and the balance simulation play every preset; the site offers listPresets().
 */
export function allPresetIds(): string[] {
  return Object.keys(PRESETS);
}

/**
 * May a game of this preset start with `seats` players under `settings` (as stored at the table; parsed
 * here)? null = yes; otherwise why not, typed (the checks and their order: StartProblem, types.ts).
 * The server's refusal and the create forms' pre-checks read this one function.
 */
export function startProblem(id: PresetId, settings: Record<string, unknown>, seats: number): StartProblem | null {
  const p = own(PRESETS, id);
  if (!p) return { kind: "unknown-preset" };
  if (seats < p.seats.min || seats > p.seats.max) return { kind: "seats", min: p.seats.min, max: p.seats.max, seats };
  const parsed = v.safeParse(p.settingsSchema, settings ?? {});
  if (!parsed.success) return { kind: "settings" };
  const chosen = parsed.output as Record<string, unknown>;
  const limit = p.compositionLimit?.(seats, chosen);
  if (limit) return limit;
  let black = 0;
  let red = 0;
  for (const role of p.composition(seats, chosen)) {
    const team = p.teamOf?.(role, chosen) ?? getRole(role).team;
    if (team === "black") black++;
    else if (team === "red") red++;
  }
  return black >= red ? { kind: "parity", black, red, seats } : null;
}

const named = (role: string) => role.charAt(0).toUpperCase() + role.slice(1);

/** The problem in one sentence (the server's refusal message and log). */
function problemSentence(id: PresetId, x: StartProblem): string {
  switch (x.kind) {
    case "unknown-preset":
      return `unknown preset ${id}`;
    case "seats":
      return `${id} needs ${x.min}–${x.max} players, got ${x.seats}`;
    case "settings":
      return `the settings of ${id} are not valid`;
    case "too-many":
      return `the role counts (${x.roles}) are more than the seats (${x.seats})`;
    case "no-shot":
      return "no one holds the mafia's shot (a Mafia, a Don or a Blackmailer)";
    case "needs-role":
      return `the composition needs a ${named(x.role)}`;
    case "at-most":
      return `at ${x.seats} seats at most ${x.most} ${named(x.role)}: the black team would start as large as the red`;
    case "parity":
      return `at ${x.seats} seats the black team (${x.black}) would start as large as the red (${x.red})`;
  }
}

/**
 * The sides a game of this preset deals at `seats` under `settings` (the town and the mafia; the solo
 * side when a solo role is dealt, §5.4), in the order red, black, solo. Settings that do not parse: the
 * preset's defaults.
 */
export function sidesDealt(id: PresetId, settings: Record<string, unknown>, seats: number): Team[] {
  const p = presetOf(id);
  const parsed = v.safeParse(p.settingsSchema, settings ?? {});
  const chosen = (parsed.success ? parsed.output : p.defaultSettings) as Record<string, unknown>;
  const teams = new Set<Team>(["red", "black"]);
  for (const role of p.composition(seats, chosen)) teams.add(p.teamOf?.(role, chosen) ?? getRole(role).team);
  return (["red", "black", "solo"] as const).filter((x) => teams.has(x));
}

/** `startProblem` as one sentence; null = the game may start. */
export function startRefusal(id: PresetId, settings: Record<string, unknown>, seats: number): string | null {
  const x = startProblem(id, settings, seats);
  return x ? problemSentence(id, x) : null;
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
