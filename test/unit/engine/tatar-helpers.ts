/** Shared scenario helpers for the tatar preset (RULES.md §7). */
import { expect } from "vitest";
import { apply } from "../../../shared/engine/index.ts";
import type { HostAction, RejectionCode, Seat } from "../../../shared/engine/types.ts";
import { Table, type TableOptions } from "./harness.ts";

/** 12 seats: 1 Don, 2–3 Mafia, 4 Putana, 5 Doctor, 6 Commissar, 7 Maniac, 8–12 Civilians. */
export const TATAR = "DMMPHKXCCCCC";

/** A tatar table at the start of day 1 (after the black team's acquaintance). */
export function tatar(o: TableOptions = {}): Table {
  return new Table({ preset: "tatar", roles: TATAR, ...o });
}

/** The voter being called in the running in-turn ballot. */
export function voter(t: Table): Seat {
  const b = t.spectator().ballot;
  if (!b || b.kind === "lift" || b.voter === null) throw new Error("no voter is being called");
  return b.voter;
}

/** The whole in-turn ballot: each called voter votes as `ballots` says; returns the calling order. */
export function inTurn(t: Table, ballots: Record<number, Seat>): Seat[] {
  const phase = t.phase;
  const order: Seat[] = [];
  while (t.phase === phase && !t.result() && !(t.state as unknown as { awaitingHost?: boolean }).awaitingHost) {
    const v = voter(t);
    order.push(v);
    if (ballots[v] === undefined) throw new Error(`no ballot for voter ${v}`);
    t.act(v, { type: "vote", target: ballots[v] as Seat });
    passTurn(t, v);
  }
  return order;
}

/** Issue 38: a voter in turn who has voted may change it for a moment; the turn then passes (its clock). */
export function passTurn(t: Table, v: Seat): void {
  const b = t.spectator().ballot;
  if (b && b.kind !== "lift" && b.mode === "in-turn" && b.voter === v && !t.result() && !(t.state as unknown as { awaitingHost?: boolean }).awaitingHost) t.timeout();
}

/** Free talk runs out and every day speaker says "thank you": the vote begins. */
export function toVote(t: Table): void {
  expect(t.phase).toBe("free-talk");
  t.timeout();
  t.speeches();
  expect(t.phase).toBe("voting");
}

/** The live host's input (§5.7, §7.9). */
export function host(t: Table, action: HostAction): void {
  const r = apply(t.state, { kind: "host", action }, t.now);
  if (!r.ok) throw new Error(`host ${JSON.stringify(action)} rejected: ${r.rejection.code} ${r.rejection.message}`);
  t.state = r.state;
  t.events.push(...r.events);
}

export function hostRejected(t: Table, action: HostAction, code: RejectionCode): void {
  const before = JSON.stringify(t.state);
  const r = apply(t.state, { kind: "host", action }, t.now);
  expect(r.ok ? "accepted" : r.rejection.code).toBe(code);
  expect(JSON.stringify(t.state)).toBe(before);
}

/** The live host removes `seat` with four fouls (§7.9). */
export function removeByFouls(t: Table, seat: Seat): void {
  for (let i = 0; i < 4 && !t.result(); i++) host(t, { type: "foul", seat });
}

/** The stage runs out its clock; a live host confirms it when it waits (§5.7). */
export function next(t: Table): void {
  if ((t.state as unknown as { awaitingHost?: boolean }).awaitingHost) { t.confirm(); return; }
  t.timeout();
  if ((t.state as unknown as { awaitingHost?: boolean }).awaitingHost) t.confirm();
}

/** The public log entries of these types, as [type, data]. */
export function publicLog(t: Table, ...types: string[]): Array<[string, unknown]> {
  return t.spectator().log.filter((e) => types.includes(e.type)).map((e) => [e.type, e.data]);
}
