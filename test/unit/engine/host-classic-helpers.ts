/** Shared scenario helpers for the host-classic preset (RULES.md §4). */
import { expect } from "vitest";
import type { Seat } from "../../../shared/engine/types.ts";
import { Table, type TableOptions } from "./harness.ts";

/** 10 seats: 1 Don, 2–3 Mafia (black); 4 Commissar, 5 Doctor, 6 Maniac, 7–10 Civilians (red). */
export const HC10 = "DMMKHXCCCC";
/** 11 seats: the same with a fifth Civilian (11): the Maniac chooses a side (§4.1). */
export const HC11 = "DMMKHXCCCCC";

export interface HostClassicOptions extends Omit<TableOptions, "preset" | "roles" | "stopAt"> {
  /** Roles by seat (default HC10). */
  roles?: string;
  /** §4.1 the Maniac's answer to "Maniac for the town?" (omitted: he does not answer). */
  town?: boolean;
  /** Stop at the acquaintance night (its first wake) or after it (day 1's introductions). */
  stopAt?: "acquaintance" | "day1";
}

/** A host-classic table: the cards taken, the acquaintance night's wakes run (the Maniac answering if told), day 1 introduced. */
export function hostClassic(o: HostClassicOptions = {}): Table {
  const t = new Table({ ...o, preset: "host-classic", roles: o.roles ?? HC10, stopAt: "acquaintance" });
  if (o.stopAt === "acquaintance") return t;
  while (t.phase === "acquaintance") {
    const maniac = t.spectator().seats.length >= 11 ? maniacSeat(t) : 0;
    if (o.town !== undefined && maniac && t.view(maniac).you!.actions.some((a) => a.type === "choose-side")) t.act(maniac, { type: "choose-side", town: o.town });
    t.timeout();
  }
  if (o.stopAt === "day1") return t;
  // §4.3 day 1: introductions only, then night.
  t.endSpeeches("introductions");
  expect(t.phase).toBe("night-shot");
  return t;
}

function maniacSeat(t: Table): Seat {
  for (const s of t.spectator().seats) if (t.view(s.seat).you!.role === "maniac") return s.seat;
  return 0;
}

/** One night's choices by step (each step runs out its clock, or the live host confirms it). */
export interface NightChoices {
  mafia?: Record<number, Seat>;
  don?: Seat;
  /** The Commissar (seat 4 in HC10) checks … */
  check?: Seat;
  /** … or shoots (§4.4 his single shot). */
  shoot?: Seat;
  maniac?: Seat;
  save?: Seat;
}

/** §4.4 a whole night, step by step, with the seats of the standard layout (Don 1, Commissar 4, Maniac 6, Doctor 5). */
export function night(t: Table, c: NightChoices, seats = { don: 1, commissar: 4, maniac: 6, doctor: 5 }): void {
  const step = (phase: string, moves: () => void) => {
    expect(t.phase).toBe(phase);
    moves();
    next(t);
  };
  step("night-shot", () => { for (const [s, target] of Object.entries(c.mafia ?? {})) t.act(Number(s), { type: "use", ability: "mafia-shot", targets: [target] }); });
  step("night-don-check", () => { if (c.don) t.act(seats.don, { type: "use", ability: "don-commissar-check", targets: [c.don] }); });
  step("night-check", () => {
    if (c.check) t.act(seats.commissar, { type: "use", ability: "commissar-mafia-check", targets: [c.check] });
    if (c.shoot) t.act(seats.commissar, { type: "use", ability: "commissar-shot", targets: [c.shoot] });
  });
  step("night-kill", () => { if (c.maniac) t.act(seats.maniac, { type: "use", ability: "kill", targets: [c.maniac] }); });
  step("night-heal", () => { if (c.save) t.act(seats.doctor, { type: "use", ability: "save", targets: [c.save] }); });
}

/** The stage runs out its clock; a live host confirms it when it waits (§5.7). */
export function next(t: Table): void {
  const waiting = () => (t.state as unknown as { awaitingHost?: boolean }).awaitingHost;
  if (waiting()) { t.confirm(); return; }
  t.timeout();
  if (waiting()) t.confirm();
}

/** Day speeches (each nominating as told), then every extra word passed: the vote begins (no nominations: no vote, night falls). */
export function toVote(t: Table, nominations: Record<number, Seat>): void {
  t.speeches(nominations);
  expect(t.phase).toBe("extra-word");
  t.endSpeeches("extra-word");
  expect(t.phase).toBe(Object.keys(nominations).length ? "voting" : "night-shot");
}

/** An open vote by candidate (§4.6): at each call the voters for that candidate raise their hands; the rest is the clock. */
export function byCandidate(t: Table, ballots: Record<number, Seat>): Seat[] {
  const phase = t.phase;
  const called: Seat[] = [];
  while (t.phase === phase && !t.result()) {
    const b = t.spectator().ballot!;
    if (b.kind === "lift") throw new Error("not a ballot by candidate");
    const calling = b.calling as Seat;
    called.push(calling);
    for (const [voter, target] of Object.entries(ballots)) if (target === calling && t.phase === phase) t.act(Number(voter), { type: "vote", target });
    if (t.phase === phase) next(t);
  }
  return called;
}

/** A yes/no vote (§4.7 the confirmation vote, the car crash): `yes` seats vote to eliminate, `no` seats to keep; the rest is the clock. */
export function question(t: Table, yes: Seat[], no: Seat[] = []): void {
  const phase = t.phase;
  for (const s of yes) t.act(s, { type: "vote-lift", lift: true });
  for (const s of no) if (t.phase === phase) t.act(s, { type: "vote-lift", lift: false });
  if (t.phase === phase) next(t);
}

/** The public log entries of these types, as [type, data]. */
export function publicLog(t: Table, ...types: string[]): Array<[string, unknown]> {
  return t.spectator().log.filter((e) => types.includes(e.type)).map((e) => [e.type, e.data]);
}
