/**
 * Scenario helpers for the phone-app profiles (RULES.md §5; issue 16). The profiles deal at once; a
 * scenario wants chosen roles on chosen seats, so the tables here play `custom-scenario` — the Custom
 * profile with the cards taken by hand (the harness picks each seat's card) and nothing else changed.
 *
 * Layout letters (harness.ts): D Don, M Mafia, K Commissar, H Doctor, X Maniac, C Civilian,
 * G Bodyguard, B Blocker, L Mistress, J Jailer, T Tracker, W Watcher, I Immortal, A Agent, Y Lawyer,
 * E Blackmailer, V Avenger, U Judge.
 */
import { expect } from "vitest";
import { registerPreset, type FlowEntry, type Preset } from "../../../shared/engine/index.ts";
import { CUSTOM_ROLES, custom } from "../../../shared/engine/presets/profiles.ts";
import type { Seat } from "../../../shared/engine/types.ts";
import { LETTER, Table } from "./harness.ts";

export const SCENARIO = "custom-scenario";

const scenario: Preset = {
  ...custom,
  id: SCENARIO,
  // A test table, not a format the site offers.
  unlisted: true,
  flow: { start: custom.flow.start, entries: custom.flow.entries.map((e): FlowEntry => (e.id === "deal" ? { ...e, params: { kind: "take-cards", ms: 15_000 } } : e)) },
};
registerPreset(scenario);

/** Custom's role counts for a layout (the Civilians fill the rest). */
export function countsOf(layout: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const ch of layout) {
    const role = LETTER[ch]!;
    if ((CUSTOM_ROLES as readonly string[]).includes(role)) out[role] = (out[role] ?? 0) + 1;
  }
  return out;
}

/** A Custom table with `layout` (a letter per seat), at the start of day 1 (free talk). */
export function profileTable(layout: string, settings: Record<string, unknown> = {}): Table {
  const t = new Table({ preset: SCENARIO, roles: layout, settings: { ...countsOf(layout), ...settings } });
  expect(t.phase).toBe("free-talk");
  return t;
}

/** The id of the night step running now (from the last public `night-turn`). */
export function stepNow(t: Table): string {
  const turns = t.spectator().log.filter((e) => e.type === "night-turn");
  return (turns.at(-1)!.data as { step: string }).step;
}

/** The day passes with nobody voted out: free talk runs out, nobody votes; night falls. */
export function toNight(t: Table): void {
  expect(t.phase).toBe("free-talk");
  t.timeout();
  expect(t.phase).toBe("voting");
  t.timeout();
  expect(t.phase.startsWith("night-")).toBe(true);
}

/**
 * A night: in each step (by id: jailer, blocker, mistress, mafia, blackmailer, lawyer, maniac,
 * avenger, bodyguard, doctor, don-check, commissar, agent, tracker, watcher) the given seats choose;
 * each step then runs out its clock (the mafia's step ends by itself when the tally agrees). Returns the
 * step ids in the order they ran.
 */
export function night(t: Table, choices: Record<string, Record<number, Seat>> = {}): string[] {
  const ran: string[] = [];
  while (t.phase.startsWith("night-")) {
    const id = stepNow(t);
    const seq = t.s.phaseSeq;
    ran.push(id);
    for (const [seat, target] of Object.entries(choices[id] ?? {})) t.act(Number(seat), t.use(Number(seat), target));
    if (t.s.phaseSeq === seq) t.timeout();
  }
  return ran;
}

export function alive(t: Table, seat: Seat): boolean {
  return t.spectator().seats[seat - 1]!.alive;
}

/** The seats that died this morning (public `killed`). */
export function killedLast(t: Table): Seat[] {
  const log = t.spectator().log;
  const fell = log.map((e) => e.type).lastIndexOf("night-fell");
  return log.slice(fell).filter((e) => e.type === "killed").map((e) => (e.data as { seat: Seat }).seat);
}

/** The night's "why" kept in the state (issue 16), night `n` (1-based order of the nights played). */
export function why(t: Table, n: number): Array<Record<string, unknown>> {
  const nights = (t.state as unknown as { nights?: Array<{ steps: Array<Record<string, unknown>> }> }).nights ?? [];
  return nights[n - 1]?.steps ?? [];
}

/**
 * A night driven step by step: `each(step)` may act in the running step; the step then runs out its
 * clock unless the action already ended it (the mafia's tally agreeing).
 */
export function nightBy(t: Table, each: (step: string) => void): void {
  while (t.phase.startsWith("night-")) {
    const seq = t.s.phaseSeq;
    each(stepNow(t));
    if (t.s.phaseSeq === seq) t.timeout();
  }
}

/** The seats `seat` is offered for its ability now ([] when none). */
export function offeredTo(t: Table, seat: Seat): Seat[] {
  const a = t.view(seat).you!.actions.find((x) => x.type === "use");
  return a && a.type === "use" ? a.targets.seats : [];
}
