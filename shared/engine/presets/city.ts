/**
 * Preset `city` (RULES.md §3): the city variant of seed 000. 10–12 seats; Don, 1–3 Mafia, Putana
 * (black), Commissar, Doctor, Maniac (solo by default, or red), Civilians. The day is sport's (§2.3–§2.9,
 * §2.13) with a speech length chosen by the table; the night goes in turns, each with its own timer:
 * mafia shot → Putana → Doctor → Commissar → Maniac → Don's check (blocks/turns.ts). Roles behave as in
 * tatar (§7.6). Win: §5.4 (blocks/outcome.ts "city"). No rewards (§2.14) — the worker awards none.
 * Pure data; every number below is a clause of §3 or §2 (or a recorded decision, docs/ENGINE.md).
 */
import * as v from "valibot";
import type { RoleId, Team } from "../types.ts";
import { sport } from "./sport.ts";
import type { Preset } from "./types.ts";

const seconds = (min: number, max: number, def: number) => v.optional(v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max)), def);

/** §3 table settings, chosen at table creation (sport's five plus the city's own). */
export const citySettingsSchema = v.strictObject({
  autoDeal: v.optional(v.boolean(), false),
  agreement: v.optional(v.picklist(["sound", "silent"]), "sound"),
  voting: v.optional(v.picklist(["closed", "open"]), "closed"),
  breakAtZero: v.optional(v.boolean(), false),
  liftAtZero: v.optional(v.boolean(), false),
  /** §3 "the table chooses the day speech length (30, 45 or 60 s)". *Decision:* 60 s by default, as sport. */
  speech: v.optional(v.picklist([30, 45, 60]), 60),
  /** §3 "the creator may set 1–3 Mafia within 10–12 seats"; absent = the default composition (10: 1, 11–12: 2). */
  mafia: v.optional(v.picklist([1, 2, 3])),
  /** §3 "the Maniac is solo by default (setting: solo / red)". */
  maniac: v.optional(v.picklist(["solo", "red"]), "solo"),
  /** §3 default timers: mafia 20 s, every other role 10 s. *Decision:* bounds 10–60 s (mafia), 5–30 s (others). */
  mafiaSeconds: seconds(10, 60, 20),
  putanaSeconds: seconds(5, 30, 10),
  doctorSeconds: seconds(5, 30, 10),
  commissarSeconds: seconds(5, 30, 10),
  maniacSeconds: seconds(5, 30, 10),
  donSeconds: seconds(5, 30, 10),
});
export type CitySettings = v.InferOutput<typeof citySettingsSchema>;

/**
 * §3 default compositions: 10 = Don, Mafia, Putana, Commissar, Doctor, Maniac, 4 Civilians;
 * 11 = Don, 2 Mafia, Putana, Commissar, Doctor, Maniac, 4 Civilians; 12 = the same with 5 Civilians.
 * With the `mafia` setting (1–3) the Civilians fill the rest.
 */
export function cityComposition(seats: number, settings: Record<string, unknown>): RoleId[] {
  const mafia = typeof settings.mafia === "number" ? settings.mafia : seats >= 11 ? 2 : 1;
  const roles: RoleId[] = ["don"];
  for (let i = 0; i < mafia; i++) roles.push("mafia");
  roles.push("putana", "commissar", "doctor", "maniac");
  while (roles.length < seats) roles.push("civilian");
  return roles;
}

export const city: Preset = {
  ...sport,
  id: "city",
  seats: { min: 10, max: 12 },
  settingsSchema: citySettingsSchema as unknown as Preset["settingsSchema"],
  defaultSettings: v.parse(citySettingsSchema, {}),
  /**
   * *Decision:* 10–12 seats, so the table cannot "start when full"; the creator starts it once 10–12
   * players sit (§5.1 organizer's command). Seats are drawn at random as in sport.
   */
  start: "organizer-command",
  seatDraw: "random",
  /** §3 "Only a table creator with an account may enable it"; "No coins, experience or rating". */
  requiresAccount: true,
  rewards: false,
  composition: cityComposition,
  /**
   * §3 "1–3 Mafia ... as long as the black team (Don, Mafia, Putana) is smaller than the red team at
   * the deal: at most 2 Mafia at 10 and 11 seats, 3 at 12" — a setting that would start at parity is
   * refused with a typed error, never played (*Decision (turn 2)*).
   */
  compositionLimit: (seats, settings) => {
    const mafia = typeof settings.mafia === "number" ? settings.mafia : null;
    const most = seats >= 12 ? 3 : 2;
    return mafia !== null && mafia > most ? `${mafia} Mafia need ${mafia === 3 ? 12 : seats + 1} seats or more: at ${seats} the black team would start as large as the red (at most ${most} Mafia)` : null;
  },
  teamOf: (role: RoleId, settings: Record<string, unknown>): Team | null => (role === "maniac" ? (settings.maniac === "red" ? "red" : "solo") : null),
  speeches: { ...sport.speeches, msSetting: "speech" },
  nightMode: "turns",
  // §3 night order: mafia shot (unanimity as in sport) → Putana → Doctor → Commissar → Maniac → Don's check.
  night: [
    { id: "mafia-shot", kind: "shot", ms: 20_000, consensus: "unanimous", msSetting: "mafiaSeconds" },
    { id: "freeze", kind: "freeze", ms: 10_000, msSetting: "putanaSeconds" },
    { id: "heal", kind: "heal", ms: 10_000, msSetting: "doctorSeconds" },
    { id: "commissar-check", kind: "check", ms: 10_000, msSetting: "commissarSeconds" },
    { id: "kill", kind: "kill", ms: 10_000, msSetting: "maniacSeconds" },
    { id: "don-check", kind: "check", ms: 10_000, msSetting: "donSeconds" },
  ],
  win: "city",
};
