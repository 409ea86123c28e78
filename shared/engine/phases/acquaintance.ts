/**
 * Phase module `acquaintance` (RULES.md §2.2): the night of acquaintance. No shot, no check; the roles
 * that know their team (`knowsTeam`) learn each other; a role with the `shooting-plan` passive (the Don)
 * may write a plan only the black team sees. The floor: the black team to itself — with sound (the
 * agreement setting "sound") they see and hear each other, "silent" gives video only; the town sees and
 * hears nothing.
 */
import * as v from "valibot";
import { reject } from "../flow/stage.ts";
import type { PhaseModule } from "../flow/types.ts";
import { getRole } from "../roles/index.ts";
import { PUBLIC, blackSeats, emit, player, toSeats } from "../state.ts";
import type { EngineState } from "../state.ts";
import type { Seat } from "../types.ts";

const params = v.strictObject({
  ms: v.pipe(v.number(), v.integer(), v.minValue(1000)),
  /** The setting that chooses "sound" or "silent" for the black team's channel (absent: sound). */
  agreementSetting: v.optional(v.string()),
  /** §2.2 the Don may write a shooting plan (default); false: no plan in this format (§7.1 "no actions"). */
  shootingPlan: v.optional(v.boolean(), true),
});
type P = v.InferOutput<typeof params>;

/** The passive that lets a role write the shooting plan (RULES.md §2.2: the Don). */
export const SHOOTING_PLAN = "shooting-plan";

function writesPlan(s: EngineState, p: P, seat: Seat): boolean {
  if (!p.shootingPlan) return false;
  const role = player(s, seat).role;
  return role !== null && getRole(role).passives.includes(SHOOTING_PLAN);
}

export const acquaintance: PhaseModule<P, null> = {
  kind: "acquaintance",
  params,
  outcomes: () => ["done"],
  techVotes: false,
  clone: (d) => d,
  enter(ctx, p) {
    const s = ctx.s;
    emit(ctx, "night-fell", PUBLIC, { round: s.round, acquaintance: true });
    const team = s.players.filter((x) => x.role !== null && getRole(x.role).knowsTeam).map((x) => ({ seat: x.seat, role: x.role }));
    s.blackMet = true;
    emit(ctx, "black-team", toSeats(team.map((t) => t.seat)), { members: team });
    return { data: null, ms: p.ms };
  },
  timeout: () => ({ outcome: "done" }),
  act(ctx, p, _d, seat, a) {
    if (a.type !== "shooting-plan") reject("phase-closed", "nothing to do at the acquaintance night but meet");
    if (!writesPlan(ctx.s, p, seat)) reject("not-allowed", "only the Don writes the shooting plan");
    const n = ctx.s.players.length;
    if (!Array.isArray(a.plan) || a.plan.length > n || new Set(a.plan).size !== a.plan.length || a.plan.some((x) => !Number.isInteger(x) || x < 1 || x > n)) {
      reject("illegal-target", "a plan is a list of distinct seats");
    }
    ctx.s.shootingPlan = a.plan.slice();
    emit(ctx, "shooting-plan", toSeats(blackSeats(ctx.s)), { by: seat, plan: a.plan.slice() });
  },
  actions(s, p, _d, seat, out) {
    if (writesPlan(s, p, seat)) out.push({ type: "shooting-plan" });
  },
  name: () => "acquaintance",
  floor(s, p) {
    const team: Seat[] = [];
    for (const x of s.players) if (x.role !== null && getRole(x.role).knowsTeam) team.push(x.seat);
    const silent = p.agreementSetting !== undefined && s.settings[p.agreementSetting] === "silent";
    return team.length ? [{ id: "black-team", speakers: silent ? [] : team, video: team, listeners: team }] : [];
  },
};
