/**
 * RULES.md §5.1 *decision* (issue 31.11) "the morning names the saved": the morning names who died and,
 * for every player who was attacked and survived because a protection held (a heal, a guard, a jail,
 * armour), says "seat N was attacked and survived" — never who attacked, who protected, or how. A
 * player's own card tells them privately what saved them. Scenarios on the Custom profile with chosen
 * seats (profiles-helpers.ts), read as game records: the night's choices, then the public morning (the
 * spectator's log) and each seat's private log.
 */
import { describe, expect, it } from "vitest";
import { presetOf, listPresets } from "../../../shared/engine/presets/index.ts";
import { Table } from "./harness.ts";
import { alive, killedLast, night, profileTable, toNight } from "./profiles-helpers.ts";

/** This morning's public entries of these types (since the last nightfall), as [type, data]. */
function morning(t: Table, ...types: string[]): Array<[string, Record<string, unknown>]> {
  const log = t.spectator().log;
  const fell = log.map((e) => e.type).lastIndexOf("night-fell");
  return log.slice(fell).filter((e) => types.includes(e.type)).map((e) => [e.type, e.data as Record<string, unknown>]);
}
/** Every seat whose own log holds a `saved` entry. */
function toldSaved(t: Table, seats: number): number[] {
  const out: number[] = [];
  for (let seat = 1; seat <= seats; seat++) if (t.seen(seat, "saved").length) out.push(seat);
  return out;
}

describe("RULES.md §5.1 decision: the morning names the saved, never by whom or how", () => {
  it("§5.1 the Doctor heals the shot seat: the morning says 'seat 5 was attacked and survived' (the seat only); seat 5 alone learns the Doctor's heal saved it", () => {
    // 1 Mafia, 2 Maniac, 3 Doctor, 4–8 Civilians. Night 1: the mafia shoots 5, the Doctor heals 5.
    const t = profileTable("MXHCCCCC");
    toNight(t);
    night(t, { mafia: { 1: 5 }, doctor: { 3: 5 } });
    expect(alive(t, 5)).toBe(true);
    expect(killedLast(t)).toEqual([]);
    // Public: nobody died, seat 5 survived an attack — no attacker, no protector, no ability.
    expect(morning(t, "killed", "nobody-killed", "survived")).toEqual([["nobody-killed", {}], ["survived", { seat: 5 }]]);
    // Private: the saved seat's own view names what saved it (an ability, never the Doctor's seat).
    expect(t.seen(5, "saved")).toEqual([["saved", { seat: 5, night: 1, with: ["heal"] }]]);
    // No other seat is told — not the Doctor, not the mafia, not a bystander.
    expect(toldSaved(t, 8)).toEqual([5]);
    expect(t.spectator().log.some((e) => e.type === "saved")).toBe(false);
  });

  it("§5.1 a heal on a seat nobody attacked saves nobody: no 'survived' in the morning", () => {
    const t = profileTable("MXHCCCCC");
    toNight(t);
    night(t, { mafia: { 1: 5 }, doctor: { 3: 6 } });
    expect(killedLast(t)).toEqual([5]);
    expect(morning(t, "survived")).toEqual([]);
    expect(toldSaved(t, 8)).toEqual([]);
  });

  it("§5.1 two attacks against one heal: the seat dies and is not named as saved", () => {
    const t = profileTable("MXHCCCCC");
    toNight(t);
    night(t, { mafia: { 1: 5 }, maniac: { 2: 5 }, doctor: { 3: 5 } });
    expect(killedLast(t)).toEqual([5]);
    expect(morning(t, "survived")).toEqual([]);
    expect(toldSaved(t, 8)).toEqual([]);
  });

  it("§5.1 / §5.6 a Bodyguard takes the shot: he is named among the dead; his ward 'was attacked and survived' and alone learns the guard saved him", () => {
    // 1 Mafia, 2 Maniac, 3 Bodyguard, 4 Doctor, 5–8 Civilians.
    const t = profileTable("MXGHCCCC");
    toNight(t);
    night(t, { mafia: { 1: 5 }, bodyguard: { 3: 5 } });
    expect(morning(t, "killed", "survived")).toEqual([["killed", { seat: 3 }], ["survived", { seat: 5 }]]);
    expect(t.seen(5, "saved")).toEqual([["saved", { seat: 5, night: 1, with: ["guard"] }]]);
    expect(toldSaved(t, 8)).toEqual([5]);
  });

  it("§5.1 / §5.6 the Jailer's cell: ordinary attacks on the jailed are cancelled — 'attacked and survived', the jail named to the jailed only", () => {
    // 1 Mafia, 2 Maniac, 3 Jailer, 4–8 Civilians.
    const t = profileTable("MXJCCCCC");
    toNight(t);
    night(t, { jailer: { 3: 5 }, mafia: { 1: 5 } });
    expect(morning(t, "killed", "nobody-killed", "survived")).toEqual([["nobody-killed", {}], ["survived", { seat: 5 }]]);
    expect(t.seen(5, "saved")).toEqual([["saved", { seat: 5, night: 1, with: ["jail"] }]]);
    expect(toldSaved(t, 8)).toEqual([5]);
  });

  it("§5.1 / §5.6 the Mistress's guest is protected from ordinary attacks: named as survived, told 'the Mistress's visit'", () => {
    // 1 Mafia, 2 Mistress, 3–8 Civilians.
    const t = profileTable("MLCCCCCC");
    toNight(t);
    night(t, { mistress: { 2: 5 }, mafia: { 1: 5 } });
    expect(morning(t, "survived")).toEqual([["survived", { seat: 5 }]]);
    expect(t.seen(5, "saved")).toEqual([["saved", { seat: 5, night: 1, with: ["guest"] }]]);
    expect(toldSaved(t, 8)).toEqual([5]);
  });

  it("§5.1 / §5.6 the Immortal's one-time armour: the first attack is survived (and named), the second kills", () => {
    // 1 Mafia, 2 Immortal, 3–8 Civilians.
    const t = profileTable("MICCCCCC");
    toNight(t);
    night(t, { mafia: { 1: 2 } });
    expect(morning(t, "survived")).toEqual([["survived", { seat: 2 }]]);
    expect(t.seen(2, "saved")).toEqual([["saved", { seat: 2, night: 1, with: ["armour"] }]]);
    expect(toldSaved(t, 8)).toEqual([2]);
    toNight(t);
    night(t, { mafia: { 1: 2 } });
    expect(killedLast(t)).toEqual([2]);
    expect(morning(t, "survived")).toEqual([]);
  });

  it("§5.1 a heal and a guard on one ward against two attacks: one 'survived', the ward told both protections; the unprotected guard dies", () => {
    const t = profileTable("MXGHCCCC");
    toNight(t);
    night(t, { mafia: { 1: 5 }, maniac: { 2: 5 }, bodyguard: { 3: 5 }, doctor: { 4: 5 } });
    expect(morning(t, "killed", "survived")).toEqual([["killed", { seat: 3 }], ["survived", { seat: 5 }]]);
    expect(t.seen(5, "saved")).toEqual([["saved", { seat: 5, night: 1, with: ["heal", "guard"] }]]);
  });

  it("§5.1 the decision is the profiles' own: every profile announces the saved; sport, city, host-classic, club and tatar name only the dead (§2.11, §3, §4.5, §6.3, §7.7)", () => {
    const profiles = new Set(["classic", "extended", "fast", "dark-city", "custom"]);
    const ids = listPresets().map((p) => p.id);
    for (const id of ["sport", "city", "host-classic", "club", "tatar", ...profiles]) expect(ids).toContain(id);
    for (const id of ids) {
      const nights = presetOf(id).flow.entries.filter((e) => e.module === "night");
      for (const e of nights) expect([id, (e.params as { morning: { saved?: boolean } }).morning.saved === true]).toEqual([id, profiles.has(id)]);
    }
  });
});
