/** Shared scenario helpers for the club preset (RULES.md §6). */
import { expect } from "vitest";
import type { RoleId, Seat } from "../../../shared/engine/types.ts";
import { LETTER, Table, type TableOptions } from "./harness.ts";
import { next } from "./host-classic-helpers.ts";

export { byCandidate, next, publicLog, question } from "./host-classic-helpers.ts";

/** 12 seats: 1 Boss, 2–3 Mafia (black); 4 Commissar, 5 Doctor (red), 6 Maniac (solo), 7–12 Civilians. */
export const CLUB = "OMMKHXCCCCCC";
/** 12 seats with every §6 role: 1 Boss, 2–3 Mafia; 4 Commissar, 5 Doctor, 6 Maniac, 7 Curser, 8 Swindler, 9 Werewolf, 10 Kamikaze, 11 Witness, 12 Civilian. */
export const ALL = "OMMKHXRFQZNC";

/** The creator's counts (§6: the composition set for each game) that deal exactly the roles of `layout`. */
export function countsOf(layout: string): Record<string, number> {
  const counts: Record<string, number> = { boss: 0, mafia: 0, commissar: 0, doctor: 0, kamikaze: 0, witness: 0, maniac: 0, curser: 0, swindler: 0, werewolf: 0 };
  for (const ch of layout) {
    const role = LETTER[ch] as RoleId;
    if (role !== "civilian") counts[role] = (counts[role] ?? 0) + 1;
  }
  return counts;
}

export interface ClubOptions extends Omit<TableOptions, "preset" | "roles" | "stopAt" | "settings"> {
  roles?: string;
  /** Stop at the acquaintance night's first wake. */
  stopAt?: "acquaintance";
}

/** A club table: the cards taken, the acquaintance night's wakes run out; day 1's free talk has begun. */
export function club(o: ClubOptions = {}): Table {
  const roles = o.roles ?? CLUB;
  const t = new Table({ ...o, preset: "club", roles, settings: countsOf(roles), stopAt: "acquaintance" });
  if (o.stopAt === "acquaintance") return t;
  while (t.phase === "acquaintance") t.timeout();
  expect(t.phase).toBe("free-talk");
  return t;
}

/** The seat dealt `role` (first one). */
export function seatOf(t: Table, role: RoleId): Seat {
  const s = t.result()?.roles ?? t.hostView().seats;
  for (const x of s) if (x.role === role) return x.seat;
  throw new Error(`no ${role} at the table`);
}

/** One night's choices (§6.2 in order); absent: the role lets its step run out. `mafia`: each shooter's choice. */
export interface NightChoices {
  boss?: Seat;
  mafia?: Record<number, Seat>;
  maniac?: Seat;
  curse?: Seat;
  swap?: Seat;
  check?: Seat;
  heal?: Seat;
}

/** The step ids of the night run (from the public `night-turn` events), each step's choices made, then its clock. */
export function night(t: Table, c: NightChoices): string[] {
  const steps: string[] = [];
  const by: Record<string, [RoleId, string, Seat | undefined]> = {
    "boss-check": ["boss", "don-commissar-check", c.boss], maniac: ["maniac", "kill", c.maniac], curser: ["curser", "curse", c.curse],
    swindler: ["swindler", "swap", c.swap], commissar: ["commissar", "commissar-check", c.check], doctor: ["doctor", "heal", c.heal],
  };
  while (t.phase.startsWith("night-") && !t.result()) {
    const turn = t.spectator().log.filter((e) => e.type === "night-turn").at(-1)!.data as { step: string };
    steps.push(turn.step);
    if (turn.step === "mafia") for (const [s, target] of Object.entries(c.mafia ?? {})) t.act(Number(s), { type: "use", ability: "mafia-shot", targets: [target] });
    const mine = by[turn.step];
    if (mine && mine[2] !== undefined) t.act(seatOf(t, mine[0]), { type: "use", ability: mine[1], targets: [mine[2]] });
    next(t);
  }
  return steps;
}

/** Free talk runs out; each speaker nominates as told (one or two seats) and says "thank you". */
export function speeches(t: Table, nominations: Record<number, Seat[]> = {}): void {
  if (t.phase === "free-talk") t.timeout();
  while (t.phase === "speech") {
    const sp = t.speaker as Seat;
    for (const target of nominations[sp] ?? []) t.act(sp, { type: "nominate", target });
    t.end(sp);
  }
}

/** Nominations giving `counts[seat]` nominations to each seat, spread over the speakers (two a speech at most, never oneself). */
export function nominate(t: Table, counts: Record<number, number>): Record<number, Seat[]> {
  const speakers = t.living();
  const out: Record<number, Seat[]> = {};
  for (const [target, n] of Object.entries(counts).map(([k, v]) => [Number(k), v] as const)) {
    let given = 0;
    for (const sp of speakers) {
      if (given === n) break;
      const mine = (out[sp] ??= []);
      if (sp === target || mine.length >= 2 || mine.includes(target)) continue;
      mine.push(target);
      given++;
    }
    if (given < n) throw new Error(`cannot give ${n} nominations to ${target}`);
  }
  return out;
}
