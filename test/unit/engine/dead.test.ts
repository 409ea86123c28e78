/**
 * Issue 13 "Dead and spectating": the view of a player whose seat is out. They see what a spectator
 * sees — the public floor and the public log — plus their own card (role, teammates, own checks);
 * no moves but their own farewell / last words (§2.7, §2.11); nothing new of the black team's night
 * (§2.10 the shots are seen by the living team) and not the shooting plan (§2.2: the plan steers the
 * team's shots at the table). Seats: LAYOUT 1 Don, 2–3 Mafia, 4 Sheriff, 5–10 Civilians.
 */
import { describe, expect, it } from "vitest";
import type { GameView } from "../../../shared/engine/types.ts";
import { LAYOUT, Table } from "./harness.ts";

/** The public part of a view: seats without roles, the log's public entries. */
function floor(v: GameView) {
  return { phase: v.phase, day: v.day, seats: v.seats.map(({ role: _r, team: _t, ...rest }) => rest), nominees: v.nominees };
}

describe("issue 13 the dead player's view", () => {
  it("§2.7 a Mafia voted out: own role and teammates kept, the floor as a spectator's, no plan, no moves after the farewell, no new team shots", () => {
    const t = new Table({ roles: LAYOUT, settings: { breakAtZero: true }, stopAt: "acquaintance" });
    t.act(1, { type: "shooting-plan", plan: [5, 6, 7] });
    t.timeout();
    expect(t.view(2).you!.shootingPlan).toEqual([5, 6, 7]);
    t.speeches({ 1: 2 }); // the Don nominates his Mafia 2; the single candidate leaves (break at zero)
    expect(t.phase).toBe("farewell");
    const farewell = t.view(2);
    expect(farewell.seats[1]!.out).toBe("voted-out");
    // §2.7 the farewell is theirs: its end and (issue 20) public claims.
    expect(farewell.you!.actions).toEqual([{ type: "end-speech" }, { type: "claim", roles: ["don", "mafia", "sheriff", "civilian"], targets: [1, 3, 4, 5, 6, 7, 8, 9, 10], left: 6 }]);
    expect(farewell.you!.shootingPlan).toBeNull();
    t.endSpeeches("farewell");
    expect(t.phase).toBe("night-shot");
    const dead = t.view(2);
    expect(dead.you!.role).toBe("mafia");
    expect(dead.you!.teammates).toEqual([1, 3]);
    expect(dead.you!.actions).toEqual([]);
    expect(dead.you!.shootingPlan).toBeNull();
    expect(floor(dead)).toEqual(floor(t.spectator()));
    const before = dead.log.length;
    t.act(1, t.use(1, 5));
    t.act(3, t.use(3, 5));
    // The living team sees the shots; the dead Mafia does not (§2.10).
    expect(t.view(3).log.filter((e) => e.type === "shot").length).toBe(2);
    expect(t.view(2).log.length).toBe(before);
  });

  it("§2.10/§2.11 the Sheriff killed at night keeps his own checks, has the last words, then nothing to do", () => {
    const t = new Table({ roles: LAYOUT });
    t.speeches();
    t.night({ 1: 4, 2: 4, 3: 4 }, { 4: 1 });
    expect(t.phase).toBe("last-words");
    const v = t.view(4);
    expect(v.seats[3]!.out).toBe("shot");
    expect(v.you!.checks).toEqual([{ target: 1, night: 1, result: "mafia" }]);
    // §2.11 the last words are his: their end and (issue 20) public claims. (and §9.4 the best move)
    expect(v.you!.actions.map((a) => a.type)).toEqual(["end-speech", "claim", "best-move"]);
    t.endSpeeches("last-words");
    const after = t.view(4);
    expect(after.you!.actions).toEqual([]);
    expect(floor(after)).toEqual(floor(t.spectator()));
    // Only his own seat's role is on his view (no secret widened by being out).
    expect(after.seats.filter((s) => s.role !== undefined).map((s) => s.seat)).toEqual([4]);
  });
});
