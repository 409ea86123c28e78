/**
 * Issue 17, RULES.md §7.10 the consigliere: "an experienced advisor bound to a newcomer's seat … may
 * override the player's vote or night action, and then the consigliere's choice is the one taken".
 * The engine's input is the seat's `act` with `by: "consigliere"` (the table binds the advisor to the
 * seat). Layout (tatar-helpers.ts TATAR): 1 Don, 2–3 Mafia, 4 Putana; 5 Doctor, 6 Commissar, 7 Maniac,
 * 8–12 Civilians.
 */
import { describe, expect, it } from "vitest";
import { apply } from "../../../shared/engine/index.ts";
import type { PlayerAction, RejectionCode, Seat } from "../../../shared/engine/types.ts";
import { Table } from "./harness.ts";
import { inTurn, passTurn, publicLog, tatar, toVote, voter } from "./tatar-helpers.ts";

/** The seat's consigliere sends `action` for the seat (RULES.md §7.10). */
function advise(t: Table, seat: Seat, action: PlayerAction): void {
  t.now += 100;
  const r = apply(t.state, { kind: "act", playerId: t.id(seat), action, by: "consigliere" }, t.now);
  if (!r.ok) throw new Error(`seat ${seat}'s consigliere ${JSON.stringify(action)} rejected: ${r.rejection.code} ${r.rejection.message}`);
  t.state = r.state;
  t.events.push(...r.events);
}

/** Expect the consigliere's `action` refused with `code`, and nothing changed. */
function adviceRefused(t: Table, seat: Seat, action: PlayerAction, code: RejectionCode): void {
  const before = JSON.stringify(t.state);
  const r = apply(t.state, { kind: "act", playerId: t.id(seat), action, by: "consigliere" }, t.now);
  expect(r.ok ? "accepted" : r.rejection.code).toBe(code);
  expect(JSON.stringify(t.state)).toBe(before);
}

/** Day 1's vote in turn up to (not including) `seat`'s turn; everyone before votes against 12. */
function upTo(t: Table, seat: Seat): void {
  toVote(t);
  while (voter(t) !== seat) {
    const v = voter(t);
    t.act(v, { type: "vote", target: 12 });
    passTurn(t, v); // issue 38: the turn passes once the vote can no longer be changed
  }
}

/** The heal step of night 1 (day 1 votes 12 out; everybody against 12, 12 against 11). */
function toHeal(t: Table): void {
  toVote(t);
  inTurn(t, Object.fromEntries(t.living().map((s) => [s, s === 12 ? 11 : 12])) as Record<number, Seat>);
  t.end(12);
  expect(t.phase).toBe("night-shot");
  t.act(1, { type: "use", ability: "mafia-shot", targets: [9] });
  t.timeout(); // the shot
  t.timeout(); // Putana
  expect(t.phase).toBe("night-heal");
}

describe("RULES.md §7.10 the consigliere", () => {
  it("RULES.md §7.10 the consigliere overrides a vote: the seat's vote in turn is replaced (seen by the table), and the count takes the consigliere's", () => {
    const t = tatar();
    upTo(t, 3);
    // Both see what the consigliere may give: the seat's vote, while it is the seat's turn.
    expect(t.view(3).you!.advice).toEqual([{ type: "vote", targets: [1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12] }]);
    t.act(3, { type: "vote", target: 12 });
    passTurn(t, 3);
    expect(voter(t)).toBe(4); // the seat's turn has passed …
    expect(t.view(3).you!.actions.some((a) => a.type === "vote")).toBe(false);
    // … and its consigliere may still replace the vote until the count.
    expect(t.view(3).you!.advice).toEqual([{ type: "vote", targets: [1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12] }]);
    advise(t, 3, { type: "vote", target: 9 });
    expect(publicLog(t, "vote-advised")).toEqual([["vote-advised", { voter: 3, target: 9, replaced: true }]]);
    expect(voter(t)).toBe(4); // the turn does not come back
    expect(t.spectator().ballot).toMatchObject({ votes: expect.arrayContaining([{ voter: 3, target: 9 }]) });
    expect(t.view(3).you!.advice).toEqual([]);
    while (t.phase === "voting") {
      const v = voter(t);
      t.act(v, { type: "vote", target: v === 12 ? 11 : 12 });
      passTurn(t, v);
    }
    const [, counted] = publicLog(t, "vote-counted")[0] as [string, { ballots: Array<{ voter: Seat; target: Seat }> }];
    expect(counted.ballots.find((b) => b.voter === 3)).toMatchObject({ target: 9 });
  });

  it("RULES.md §7.10 the consigliere overrides a night action: the Doctor's heal is replaced within the step, and the replaced heal is the one that counts", () => {
    const t = tatar();
    toHeal(t);
    t.act(5, { type: "use", ability: "heal", targets: [8] });
    expect(t.view(5).you!.actions.some((a) => a.type === "use")).toBe(false);
    // The consigliere's offer names the seat's current choice.
    expect(t.view(5).you!.advice).toContainEqual(expect.objectContaining({ type: "use", ability: "heal", chosen: [8] }));
    advise(t, 5, { type: "use", ability: "heal", targets: [9] });
    expect(t.seen(5, "healed").map(([, d]) => d.target)).toEqual([8, 9]);
    expect(t.view(5).you!.advice).toEqual([]);
    t.restOfNight();
    // The mafia shot 9; the consigliere's heal saved them.
    expect(publicLog(t, "nobody-killed")).toHaveLength(1);
    expect(publicLog(t, "killed")).toEqual([]);
  });

  it("RULES.md §7.10 the player cannot re-override: after the consigliere's choice the seat's own vote and night action are refused, and so is the consigliere's second", () => {
    const t = tatar();
    upTo(t, 3);
    // The consigliere votes first, in the seat's turn: the turn passes; the player may not vote again.
    advise(t, 3, { type: "vote", target: 10 });
    expect(publicLog(t, "vote-advised")).toEqual([["vote-advised", { voter: 3, target: 10, replaced: false }]]);
    expect(voter(t)).toBe(4);
    t.reject(3, { type: "vote", target: 12 }, "already-voted");
    adviceRefused(t, 3, { type: "vote", target: 12 }, "already-voted");

    const n = tatar();
    toHeal(n);
    n.act(5, { type: "use", ability: "heal", targets: [8] });
    advise(n, 5, { type: "use", ability: "heal", targets: [9] });
    n.reject(5, { type: "use", ability: "heal", targets: [10] }, "already-acted");
    n.reject(5, { type: "skip", ability: "heal" }, "already-acted");
    adviceRefused(n, 5, { type: "use", ability: "heal", targets: [10] }, "already-acted");
    // A new step is a new turn: the Commissar's step offers the Commissar's seat again (not the Doctor's).
    n.timeout();
    expect(n.phase).toBe("night-check");
    expect(n.view(6).you!.advice).toContainEqual(expect.objectContaining({ type: "use", ability: "commissar-check" }));
  });

  it("RULES.md §7.10 a consigliere's act outside the player's rights is refused like the player's", () => {
    const t = tatar();
    // Not a vote or a night action: only the player speaks, nominates, asks for an early vote.
    adviceRefused(t, 1, { type: "end-speech" }, "not-allowed");
    adviceRefused(t, 1, { type: "early-vote" }, "not-allowed");
    upTo(t, 3);
    // Not the seat's turn yet, not against oneself, not a non-candidate.
    adviceRefused(t, 5, { type: "vote", target: 12 }, "not-your-turn");
    adviceRefused(t, 3, { type: "vote", target: 3 }, "illegal-target");
    t.act(3, { type: "vote", target: 12 });
    adviceRefused(t, 3, { type: "vote", target: 3 }, "illegal-target");

    const n = tatar();
    toHeal(n);
    // A night action of another role, of another step, a target the Doctor may not name.
    adviceRefused(n, 8, { type: "use", ability: "heal", targets: [9] }, "not-allowed");
    adviceRefused(n, 6, { type: "use", ability: "commissar-check", targets: [1] }, "not-allowed");
    adviceRefused(n, 5, { type: "use", ability: "heal", targets: [12] }, "illegal-target"); // 12 left the game
    // A seat out of the game has no vote or night action, nor does its consigliere.
    adviceRefused(n, 12, { type: "use", ability: "heal", targets: [9] }, "not-allowed");
    expect(n.view(12).you!.advice).toEqual([]);

    // A format without consiglieri refuses the input altogether.
    const s = new Table({ preset: "sport", roles: "DMMSCCCCCC" });
    expect(s.view(1).you!.advice).toBeUndefined();
    const r = apply(s.state, { kind: "act", playerId: s.id(1), action: { type: "vote", target: 2 }, by: "consigliere" }, s.now);
    expect(r.ok ? "accepted" : r.rejection.code).toBe("not-allowed");
  });
});
