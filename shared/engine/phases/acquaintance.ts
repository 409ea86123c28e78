/**
 * Phase module `acquaintance` (RULES.md §2.2): the night of acquaintance. No shot, no check; the roles
 * that know their team (`knowsTeam`) learn each other; a role with the `shooting-plan` passive (the Don)
 * may write a plan only the black team sees. The floor: the black team to itself — with sound (the
 * agreement setting "sound") they see and hear each other, "silent" gives video only; the town sees and
 * hears nothing.
 *
 * §4.2 (host-classic) `wakes`: the roles wake in turn, each for its own time, announced to the table
 * (`night-turn`, the step's id): the mafia (the Don shows himself to them by signs — their channel is
 * video only), the Commissar, the Maniac, the Doctor. No actions, except `sideChoice` (§4.1): with
 * `fromSeats` players or more the Maniac answers "Maniac for the town?" during his wake — yes plays for
 * `yes`, no for `no`, no answer by the end of the wake `default` — and learns it privately (`side-chosen`).
 *
 * §6.1 (club): a wake with `ifDealt` happens only when one of its roles was dealt (the composition is
 * announced, so skipping it tells nothing). §6 (decision) `witness`: when the Witness's wake opens (or
 * the night begins, without wakes) each Witness learns privately one random black seat other than the
 * mafia's leader (`witnessed`); with no such seat, nothing.
 */
import * as v from "valibot";
import { reject, restartStage } from "../flow/stage.ts";
import type { PhaseModule } from "../flow/types.ts";
import { getRole } from "../roles/index.ts";
import { randInt } from "../rng.ts";
import { PUBLIC, blackSeats, emit, player, toSeats } from "../state.ts";
import type { Ctx, EngineState } from "../state.ts";
import type { Seat, Team } from "../types.ts";

const params = v.strictObject({
  ms: v.pipe(v.number(), v.integer(), v.minValue(1000)),
  /** The setting that chooses "sound" or "silent" for the black team's channel (absent: sound). */
  agreementSetting: v.optional(v.string()),
  /** §2.2 the Don may write a shooting plan (default); false: no plan in this format (§7.1 "no actions"). */
  shootingPlan: v.optional(v.boolean(), true),
  /** §4.2 the roles wake in turn (`step`: the id announced; `roles`: who wakes; `signs`: the black team sees itself, no sound). */
  wakes: v.optional(v.array(v.strictObject({
    step: v.string(),
    roles: v.array(v.string()),
    ms: v.pipe(v.number(), v.integer(), v.minValue(1000)),
    signs: v.optional(v.boolean(), false),
    /** §6.1 only when one of `roles` was dealt. */
    ifDealt: v.optional(v.boolean(), false),
  }))),
  /** §6 (decision) the Witness (`role`) learns one random black seat other than the `not` role (the Boss). */
  witness: v.optional(v.strictObject({ role: v.string(), not: v.string() })),
  /** §4.1 the Maniac's side, asked at his wake with this many players or more. */
  sideChoice: v.optional(v.strictObject({
    role: v.string(),
    fromSeats: v.pipe(v.number(), v.integer(), v.minValue(1)),
    yes: v.picklist(["red", "black"]),
    no: v.picklist(["red", "black"]),
    default: v.picklist(["red", "black"]),
  })),
});
type P = v.InferOutput<typeof params>;
/** With wakes: the wake running (its index) and whether the side was chosen. */
type D = { wake: number; chosen: boolean } | null;

/** The passive that lets a role write the shooting plan (RULES.md §2.2: the Don). */
export const SHOOTING_PLAN = "shooting-plan";

function writesPlan(s: EngineState, p: P, seat: Seat): boolean {
  if (!p.shootingPlan) return false;
  const role = player(s, seat).role;
  return role !== null && getRole(role).passives.includes(SHOOTING_PLAN);
}

/** §4.1 whether `seat` is asked "Maniac for the town?" now (his wake, not answered yet). */
function asksSide(s: EngineState, p: P, d: D, seat: Seat): boolean {
  const c = p.sideChoice;
  if (!c || !d || d.chosen || !p.wakes || s.players.length < c.fromSeats) return false;
  const w = p.wakes[d.wake];
  return !!w && w.roles.includes(c.role) && player(s, seat).role === c.role;
}

/** §4.1 the Maniac plays for `team` from now on; he alone is told. */
function chooseSide(ctx: Ctx, seat: Seat, team: Team): void {
  player(ctx.s, seat).team = team;
  emit(ctx, "side-chosen", toSeats([seat]), { seat, team });
}

function openWake(ctx: Ctx, p: P, index: number): number {
  const w = p.wakes![index]!;
  emit(ctx, "night-turn", PUBLIC, { step: w.step, ms: w.ms });
  if (p.witness && w.roles.includes(p.witness.role)) witness(ctx, p);
  return w.ms;
}

/** The first wake from `from` that happens in this game (`ifDealt`: one of its roles was dealt); wakes.length: none. */
function nextWake(s: EngineState, p: P, from: number): number {
  const wakes = p.wakes!;
  let i = from;
  while (i < wakes.length && wakes[i]!.ifDealt && !s.players.some((x) => x.role !== null && wakes[i]!.roles.includes(x.role))) i++;
  return i;
}

/** §6 (decision) each Witness learns one random black seat other than the leader's, privately. */
function witness(ctx: Ctx, p: P): void {
  const w = p.witness!;
  const s = ctx.s;
  const black = s.players.filter((x) => x.team === "black" && x.role !== w.not).map((x) => x.seat);
  if (black.length === 0) return;
  for (const x of s.players) {
    if (x.role !== w.role) continue;
    emit(ctx, "witnessed", toSeats([x.seat]), { by: x.seat, target: black[randInt(s.rng, black.length)] as Seat });
  }
}

export const acquaintance: PhaseModule<P, D> = {
  kind: "acquaintance",
  params,
  outcomes: () => ["done"],
  techVotes: false,
  clone: (d) => (d ? { ...d } : d),
  enter(ctx, p) {
    const s = ctx.s;
    emit(ctx, "night-fell", PUBLIC, { round: s.round, acquaintance: true });
    const team = s.players.filter((x) => x.role !== null && getRole(x.role).knowsTeam).map((x) => ({ seat: x.seat, role: x.role }));
    s.blackMet = true;
    emit(ctx, "black-team", toSeats(team.map((t) => t.seat)), { members: team });
    if (p.wakes?.length) {
      const first = nextWake(s, p, 0);
      if (first < p.wakes.length) return { data: { wake: first, chosen: false }, ms: openWake(ctx, p, first) };
    }
    if (p.witness) witness(ctx, p);
    return { data: null, ms: p.ms };
  },
  timeout(ctx, p, d) {
    if (!d || !p.wakes) return { outcome: "done" };
    // §4.1 no answer by the end of his wake: the default side (decision: red, as with 10 players or fewer).
    const c = p.sideChoice;
    if (c && !d.chosen && ctx.s.players.length >= c.fromSeats && p.wakes[d.wake]!.roles.includes(c.role)) {
      for (const x of ctx.s.players) if (x.role === c.role) chooseSide(ctx, x.seat, c.default);
      d.chosen = true;
    }
    const next = nextWake(ctx.s, p, d.wake + 1);
    if (next >= p.wakes.length) return { outcome: "done" };
    d.wake = next;
    restartStage(ctx, openWake(ctx, p, d.wake));
  },
  act(ctx, p, d, seat, a) {
    if (a.type === "choose-side") {
      if (!asksSide(ctx.s, p, d, seat)) reject("not-allowed", "only the Maniac answers, at his wake");
      const c = p.sideChoice!;
      chooseSide(ctx, seat, a.town === true ? c.yes : c.no);
      d!.chosen = true;
      return;
    }
    if (a.type !== "shooting-plan") reject("phase-closed", "nothing to do at the acquaintance night but meet");
    if (!writesPlan(ctx.s, p, seat)) reject("not-allowed", "only the Don writes the shooting plan");
    const n = ctx.s.players.length;
    if (!Array.isArray(a.plan) || a.plan.length > n || new Set(a.plan).size !== a.plan.length || a.plan.some((x) => !Number.isInteger(x) || x < 1 || x > n)) {
      reject("illegal-target", "a plan is a list of distinct seats");
    }
    ctx.s.shootingPlan = a.plan.slice();
    emit(ctx, "shooting-plan", toSeats(blackSeats(ctx.s)), { by: seat, plan: a.plan.slice() });
  },
  actions(s, p, d, seat, out) {
    // §2.2 the plan names seats of the table: any living seat, in the Don's order.
    if (writesPlan(s, p, seat)) out.push({ type: "shooting-plan", targets: s.players.filter((x) => x.alive).map((x) => x.seat) });
    if (asksSide(s, p, d, seat)) out.push({ type: "choose-side" });
  },
  name: () => "acquaintance",
  floor(s, p, d) {
    const team: Seat[] = [];
    for (const x of s.players) if (x.role !== null && getRole(x.role).knowsTeam) team.push(x.seat);
    // §4.2 wakes: only the mafia's wake opens their channel, and by signs only (the Don shows himself).
    if (d && p.wakes) {
      const w = p.wakes[d.wake]!;
      return w.signs && team.length ? [{ id: "black-team", speakers: [], video: team, listeners: team }] : [];
    }
    const silent = p.agreementSetting !== undefined && s.settings[p.agreementSetting] === "silent";
    return team.length ? [{ id: "black-team", speakers: silent ? [] : team, video: team, listeners: team }] : [];
  },
};
