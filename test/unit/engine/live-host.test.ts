/**
 * Issue 38, RULES.md §5.7 "Live host" decisions, as game records at a tatar table (tatar-helpers.ts
 * TATAR: 1 Don, 2–3 Mafia, 4 Putana; 5 Doctor, 6 Commissar, 7 Maniac; 8–12 Civilians) with a live host:
 * the ordinary confirm that waits for the players, "end it now", the host's undo, a voter whose
 * connection is lost, and the host's own connection lost (the server takes over, the host takes it back).
 */
import { describe, expect, it } from "vitest";
import { apply } from "../../../shared/engine/index.ts";
import { HOST_TAKEOVER_MS, type Seat } from "../../../shared/engine/types.ts";
import type { Table } from "./harness.ts";
import { host, hostRejected, next, passTurn, publicLog, tatar, toVote, voter } from "./tatar-helpers.ts";

const waiting = (t: Table) => (t.state as unknown as { awaitingHost?: boolean }).awaitingHost === true;

/** The voter being called votes against `target`; the turn passes when the vote can no longer change. */
function votes(t: Table, target: Seat): Seat {
  const v = voter(t);
  t.act(v, { type: "vote", target });
  passTurn(t, v);
  return v;
}

/** Day 1 voted out seat 12 (everyone against 12, 12 against 11); night 1's shot step is open. */
function toNight(t: Table): void {
  toVote(t);
  while (t.phase === "voting" && !waiting(t)) votes(t, voter(t) === 12 ? 11 : 12);
  host(t, { type: "confirm" });
  t.end(12);
  expect(t.phase).toBe("night-shot");
}

describe("RULES.md §5.7 an ordinary confirm comes only once everyone required has acted or the time is up", () => {
  it("RULES.md §5.7 in-turn vote: 2 of 12 voted — the host's confirm is refused (actors-remain) and changes nothing; the panel says 10 still to vote", () => {
    const t = tatar({ host: "live" });
    toVote(t);
    expect(votes(t, 8)).toBe(2);
    expect(votes(t, 8)).toBe(3);
    expect(voter(t)).toBe(4);
    expect(t.hostView().host).toMatchObject({ canConfirm: true, waiting: false, remaining: 10 });
    hostRejected(t, { type: "confirm" }, "actors-remain");
    expect(t.phase).toBe("voting");
    // Every voter through the order: the ballot waits, and now the ordinary confirm counts it.
    while (!waiting(t)) votes(t, voter(t) === 8 ? 9 : 8);
    expect(t.hostView().host).toMatchObject({ waiting: true, remaining: 0 });
    host(t, { type: "confirm" });
    expect(publicLog(t, "vote-counted")).toHaveLength(1);
    expect(publicLog(t, "ended-early")).toEqual([]);
  });

  it("RULES.md §5.7 night: the shot step before the mafia moved — confirm refused; once Don and Mafia chose, the ordinary confirm closes it with the shot", () => {
    const t = tatar({ host: "live" });
    toNight(t);
    expect(t.hostView().host).toMatchObject({ canConfirm: true, remaining: 3 });
    hostRejected(t, { type: "confirm" }, "actors-remain");
    t.act(1, { type: "use", ability: "mafia-shot", targets: [9] });
    t.act(2, { type: "use", ability: "mafia-shot", targets: [9] });
    hostRejected(t, { type: "confirm" }, "actors-remain");
    t.act(3, { type: "use", ability: "mafia-shot", targets: [9] });
    expect(t.hostView().host).toMatchObject({ remaining: 0 });
    host(t, { type: "confirm" });
    expect(t.phase).toBe("night-freeze");
    // The step's time is up: it waits, and the ordinary confirm is accepted though Putana did not choose.
    t.timeout();
    expect(waiting(t)).toBe(true);
    host(t, { type: "confirm" });
    expect(t.phase).toBe("night-heal");
  });
});

describe("RULES.md §5.7 'end it now' names who has not acted and never skips the voter whose turn it is", () => {
  it("RULES.md §5.7 end-now at 2 of 12 in tatar's in-turn vote: logged naming the 9 cut off; seat 4, whose turn it is, still votes; then the count", () => {
    const t = tatar({ host: "live" });
    toVote(t);
    votes(t, 8);
    votes(t, 8);
    expect(voter(t)).toBe(4);
    host(t, { type: "end-now" });
    expect(publicLog(t, "ended-early")).toEqual([["ended-early", { phase: "voting", count: 9, seats: [5, 6, 7, 8, 9, 10, 11, 12, 1], after: 4 }]]);
    // Every seat sees it; the voter in turn is not skipped.
    expect(t.view(9).log.some((e) => e.type === "ended-early")).toBe(true);
    expect(t.phase).toBe("voting");
    expect(voter(t)).toBe(4);
    expect(t.hostView().host).toMatchObject({ remaining: 1, endingAfter: 4 });
    hostRejected(t, { type: "end-now" }, "already-acted");
    t.act(4, { type: "vote", target: 9 });
    passTurn(t, 4);
    expect(publicLog(t, "vote-counted")).toEqual([["vote-counted", expect.objectContaining({ ballots: [{ voter: 2, target: 8, auto: false }, { voter: 3, target: 8, auto: false }, { voter: 4, target: 9, auto: false }] })]]);
    expect(publicLog(t, "voter-called").map(([, d]) => (d as { seat: Seat }).seat)).toEqual([2, 3, 4]);
  });

  it("RULES.md §5.7 end-now at night: the step ends, the log counts the actors who had not chosen and never names them", () => {
    const t = tatar({ host: "live" });
    toNight(t);
    t.act(1, { type: "use", ability: "mafia-shot", targets: [9] });
    host(t, { type: "end-now" });
    expect(t.phase).toBe("night-freeze");
    expect(publicLog(t, "ended-early")).toEqual([["ended-early", { phase: "night-shot", count: 2 }]]);
  });

  it("RULES.md §5.7 end-now with nobody left to act is an ordinary confirm (nothing logged as early)", () => {
    const t = tatar({ host: "live" });
    toVote(t);
    while (!waiting(t)) votes(t, voter(t) === 8 ? 9 : 8);
    host(t, { type: "end-now" });
    expect(publicLog(t, "vote-counted")).toHaveLength(1);
    expect(publicLog(t, "ended-early")).toEqual([]);
  });
});

describe("RULES.md §5.7 the host may withdraw their last foul or remark within 10 s; the withdrawal is logged", () => {
  it("RULES.md §5.7 a foul withdrawn after 9 s: the count goes back, every seat sees it withdrawn; a foul withdrawn after 10 s is refused (too-late)", () => {
    const t = tatar({ host: "live" });
    host(t, { type: "foul", seat: 9 });
    expect(t.spectator().seats[8]!.fouls).toBe(1);
    expect(t.hostView().host!.undo).toEqual({ seat: 9, kind: "foul", until: t.now + 10_000 });
    t.now += 9_000;
    host(t, { type: "undo" });
    expect(t.spectator().seats[8]!.fouls).toBe(0);
    expect(publicLog(t, "mark-withdrawn")).toEqual([["mark-withdrawn", { seat: 9, cause: "foul", fouls: 0 }]]);
    expect(t.hostView().host!.undo).toBeUndefined();
    hostRejected(t, { type: "undo" }, "too-late"); // nothing left to withdraw
    host(t, { type: "foul", seat: 9 });
    t.now += 10_001;
    hostRejected(t, { type: "undo" }, "too-late");
    expect(t.spectator().seats[8]!.fouls).toBe(1);
  });

  it("RULES.md §5.7 only the last mark: a remark after a foul — the undo withdraws the remark; a third foul's automatic vote against (§7.9) goes with it", () => {
    const t = tatar({ host: "live" });
    host(t, { type: "foul", seat: 9 });
    host(t, { type: "remark", seat: 10 });
    host(t, { type: "undo" });
    expect(publicLog(t, "mark-withdrawn")).toEqual([["mark-withdrawn", { seat: 10, cause: "remark", fouls: 0 }]]);
    expect(t.spectator().seats[8]!.fouls).toBe(1);
    host(t, { type: "foul", seat: 9 });
    host(t, { type: "foul", seat: 9 });
    expect((t.state as unknown as { players: Array<{ foulVote?: string }> }).players[8]!.foulVote).toBe("due");
    host(t, { type: "undo" });
    expect(t.spectator().seats[8]!.fouls).toBe(2);
    expect((t.state as unknown as { players: Array<{ foulVote?: string }> }).players[8]!.foulVote).toBeUndefined();
  });

  it("RULES.md §5.7 decision: the fourth foul's removal is not undone (the card was shown): its undo is refused and the host panel offers none", () => {
    const t = tatar({ host: "live" });
    for (let i = 0; i < 4; i++) host(t, { type: "foul", seat: 9 });
    expect(t.spectator().seats[8]).toMatchObject({ alive: false, out: "removed" });
    expect(t.hostView().host!.undo).toBeUndefined();
    hostRejected(t, { type: "undo" }, "not-allowed");
  });
});

describe("RULES.md §5.7 / §7.3 a player whose connection is lost gets no automatic foul", () => {
  it("RULES.md §5.7 seat 3 closed the tab: at their turn the time runs out with no foul and the turn passes as an unused vote; connected seat 5 late gets the §7.3 foul", () => {
    const t = tatar({ host: "live" });
    t.control({ type: "presence", seat: 3, connected: false });
    toVote(t);
    votes(t, 8);
    expect(voter(t)).toBe(3);
    t.timeout();
    expect(t.spectator().seats[2]!.fouls).toBe(0);
    expect(voter(t)).toBe(4);
    votes(t, 8);
    // Back on line: seat 3's presence no longer excuses; seat 5 (connected) is late: a foul and 5 s more.
    t.control({ type: "presence", seat: 3, connected: true });
    expect(voter(t)).toBe(5);
    t.timeout();
    expect(publicLog(t, "fouled")).toEqual([["fouled", { seat: 5, fouls: 1, cause: "late-vote" }]]);
    expect(voter(t)).toBe(5);
    while (!waiting(t)) votes(t, voter(t) === 8 ? 9 : 8);
    host(t, { type: "confirm" });
    const [, counted] = publicLog(t, "vote-counted")[0] as [string, { ballots: Array<{ voter: Seat }> }];
    expect(counted.ballots.map((b) => b.voter)).not.toContain(3);
  });
});

describe("Issue 38 tatar's vote in turn: one tap votes, changeable within the voter's turn", () => {
  it("RULES.md §7.3 seat 2 taps 8, then 9 within the turn: the vote changes (seen by all), the turn passes 2 s after the first tap; the next voter may not change it", () => {
    const t = tatar();
    toVote(t);
    t.act(2, { type: "vote", target: 8 });
    expect(t.view(2).ballot).toMatchObject({ voter: 2, mine: 8, change: [1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] });
    expect(t.view(3).ballot).not.toHaveProperty("change");
    expect(t.left()).toBe(2_000);
    t.act(2, { type: "vote", target: 9 });
    expect(t.spectator().ballot).toMatchObject({ voter: 2, votes: [{ voter: 2, target: 9 }] });
    t.reject(2, { type: "vote", target: 2 }, "illegal-target");
    t.timeout();
    expect(voter(t)).toBe(3);
    expect(t.spectator().seats[1]!.fouls).toBe(0);
    t.reject(2, { type: "vote", target: 10 }, "already-voted");
    expect(t.view(2).ballot).not.toHaveProperty("change");
  });
});

describe("RULES.md §5.7 the live host's connection lost", () => {
  it("RULES.md §5.7 the host leaves during the vote: the ballot runs to its end and waits 'for the host' (every seat sees it, with a timer); at 3 minutes the server hosts (announced), counts, and later gates pass by themselves; the returning host takes the table back at the next stage", () => {
    const t = tatar({ host: "live" });
    toVote(t);
    t.control({ type: "host-presence", connected: false });
    const lost = t.now;
    while (!waiting(t)) votes(t, voter(t) === 12 ? 11 : 12);
    expect(t.view(5).hosting).toEqual({ state: "waiting", until: lost + HOST_TAKEOVER_MS });
    expect(t.spectator().hosting).toEqual({ state: "waiting", until: lost + HOST_TAKEOVER_MS });
    // Never without a timer: the takeover is the table's deadline.
    expect(t.deadline).toBe(lost + HOST_TAKEOVER_MS);
    expect(t.spectator().timerMs).toBe(HOST_TAKEOVER_MS);
    t.timeout();
    expect(t.now).toBe(lost + HOST_TAKEOVER_MS);
    expect(publicLog(t, "host-away", "server-hosting")).toEqual([["host-away", { until: lost + HOST_TAKEOVER_MS }], ["server-hosting", { why: "host-away" }]]);
    expect(t.spectator().hosting).toEqual({ state: "server" });
    expect(publicLog(t, "vote-counted")).toHaveLength(1);
    expect(t.phase).toBe("farewell");
    // The server hosts: no host panel input is taken, the night's steps end on their clocks.
    expect(apply(t.state, { kind: "host", action: { type: "confirm" } }, t.now)).toMatchObject({ ok: false, rejection: { code: "not-allowed" } });
    t.end(12);
    expect(t.phase).toBe("night-shot");
    t.timeout();
    expect(t.phase).toBe("night-freeze");
    // The host comes back: the hosting returns at the next stage, not in the middle of this one.
    t.control({ type: "host-presence", connected: true });
    expect(t.spectator().hosting).toEqual({ state: "server" });
    t.timeout();
    expect(t.phase).toBe("night-heal");
    expect(publicLog(t, "host-back", "host-returned")).toEqual([["host-back", {}], ["host-returned", {}]]);
    expect(t.spectator().hosting).toBeUndefined();
    t.timeout();
    expect(waiting(t)).toBe(true);
    expect(t.deadline).toBeNull();
    host(t, { type: "confirm" });
    expect(t.phase).toBe("night-check");
  });

  it("RULES.md §5.7 the host back within 3 minutes: nothing is taken over; the organizer may hand the hosting to the server sooner", () => {
    const t = tatar({ host: "live" });
    toVote(t);
    t.control({ type: "host-presence", connected: false });
    t.now += 60_000;
    t.control({ type: "host-presence", connected: true });
    expect(t.spectator().hosting).toBeUndefined();
    while (!waiting(t)) votes(t, voter(t) === 12 ? 11 : 12);
    expect(t.deadline).toBeNull(); // the host is there: the ballot waits for their confirm
    next(t);
    expect(publicLog(t, "server-hosting")).toEqual([]);
    t.control({ type: "server-hosts" });
    expect(publicLog(t, "server-hosting")).toEqual([["server-hosting", { why: "organizer" }]]);
    expect(t.hostView().host).toMatchObject({ canConfirm: false });
  });
});
