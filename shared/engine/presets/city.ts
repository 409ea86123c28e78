/**
 * Preset `city` (RULES.md §3): the city variant of seed 000. 10–12 seats; Don, 1–3 Mafia, Putana
 * (black), Commissar, Doctor, Maniac (solo by default, or red), Civilians. The day is sport's (§2.3–§2.9,
 * §2.13) with a speech length chosen by the table; the night goes in turns, each with its own timer:
 * mafia shot → Putana → Doctor → Commissar → Maniac → Don's check (the `night` phase module). Roles behave as in
 * tatar (§7.6). Win: §5.4 (rules/outcome.ts "city"). No rewards (§2.14) — the worker awards none.
 * Pure data; every number below is a clause of §3 or §2 (or a recorded decision, docs/ENGINE.md).
 */
import * as v from "valibot";
import type { Flow, FlowEntry } from "../flow/types.ts";
import type { PhaseName, RoleId, Team } from "../types.ts";
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
  /** §3: its full table is 12, so "fill with bots" fills every seat at once. */
  fillsToMax: true,
  /** A series keeps its seat order, as every format but sport's (RULES.md §1 Seat). */
  redrawsSeats: false,
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
    return mafia !== null && mafia > most ? { kind: "at-most", role: "mafia", most, seats } : null;
  },
  teamOf: (role: RoleId, settings: Record<string, unknown>): Team | null => (role === "maniac" ? (settings.maniac === "red" ? "red" : "solo") : null),
  flow: cityFlow(),
  win: ["nobody-alive", "roles", "town-eliminated-mafia-and-maniac", "mafia-parity-all"],
};

/**
 * Sport's day (§3 "Day flow … is as in sport") with the day speech length a setting, and the night in
 * turns: mafia shot → Putana → Doctor → Commissar → Maniac → Don's check, each with its own timer;
 * resolved block (freeze) → protect (heal) → attack (shot, kill) → check. Every step may be skipped (§7.6).
 */
function cityFlow(): Flow {
  const turn = (id: string, name: PhaseName, ms: number, msSetting: string, ability: string) =>
    ({ id, name, ms, msSetting, abilities: [ability], announce: "night-turn" as const });
  const entries = sport.flow.entries.map((e): FlowEntry => {
    if (e.id === "day-speeches") return { ...e, params: { ...(e.params as object), msSetting: "speech" } };
    if (e.id !== "night") return e;
    return {
      ...e,
      params: {
        steps: [
          { ...turn("mafia-shot", "night-shot", 20_000, "mafiaSeconds", "mafia-shot"), floor: "black-team" },
          turn("freeze", "night-freeze", 10_000, "putanaSeconds", "freeze"),
          turn("heal", "night-heal", 10_000, "doctorSeconds", "heal"),
          turn("commissar-check", "night-check", 10_000, "commissarSeconds", "commissar-check"),
          turn("kill", "night-kill", 10_000, "maniacSeconds", "kill"),
          turn("don-check", "night-don-check", 10_000, "donSeconds", "don-commissar-check"),
        ],
        resolve: { block: ["freeze"], protect: ["heal"], attack: ["mafia-shot", "kill"], check: ["commissar-check", "don-commissar-check"] },
        abilities: {
          "mafia-shot": { consensus: "unanimous", skip: true },
          freeze: { skip: true }, heal: { skip: true }, "commissar-check": { skip: true }, kill: { skip: true }, "don-commissar-check": { skip: true },
        },
        morning: { quiet: "nobody-killed", out: "killed" },
      },
    };
  });
  return { start: sport.flow.start, entries };
}
