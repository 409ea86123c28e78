/**
 * Nights: the acquaintance night (§2.2), the night shot (§2.10, unanimity of the Don and all living
 * Mafia), the simultaneous checks (§2.10) and the morning (§2.11).
 */
import { checkResult, getRole, nightActionOf } from "../roles/index.ts";
import { PUBLIC, blackSeats, emit, player, toSeats, type Ctx } from "../state.ts";
import type { Seat } from "../types.ts";
import { checkWin, depart, roundEnded } from "./outcome.ts";
import { enterStage, preset } from "./phase.ts";
import { startDay, startSpeeches } from "./speeches.ts";
import { startTurns } from "./turns.ts";

/** §2.2 the black team learns each other; no shot, no check; 60 s. */
export function startAcquaintance(ctx: Ctx): void {
  const s = ctx.s;
  enterStage(ctx, { kind: "acquaintance" }, preset(ctx).acquaintance.ms);
  emit(ctx, "night-fell", PUBLIC, { round: s.round, acquaintance: true });
  const team = s.players.filter((p) => p.role !== null && getRole(p.role).knowsTeam).map((p) => ({ seat: p.seat, role: p.role }));
  s.blackMet = true;
  emit(ctx, "black-team", toSeats(team.map((t) => t.seat)), { members: team });
}

export function acquaintanceTimeout(ctx: Ctx): void {
  startDay(ctx);
}

/** §2.2 the Don's shooting plan, seen by the black team only (audience resolved now). */
export function setShootingPlan(ctx: Ctx, by: Seat, plan: Seat[]): void {
  ctx.s.shootingPlan = plan.slice();
  emit(ctx, "shooting-plan", toSeats(blackSeats(ctx.s)), { by, plan: plan.slice() });
}

/** Night falls after a day: the draw counter (§2.12), then the shot. */
export function startNight(ctx: Ctx): void {
  const s = ctx.s;
  const p = preset(ctx);
  if (roundEnded(ctx, p.draw.quietRounds, p.draw.countFirstRound)) return;
  s.round++;
  s.roundHadDeparture = false;
  s.votingCancelled = false;
  emit(ctx, "night-fell", PUBLIC, { round: s.round, acquaintance: false });
  if (p.nightMode === "turns") { startTurns(ctx); return; }
  const step = p.night.find((n) => n.id === "mafia-shot");
  enterStage(ctx, { kind: "night-shot", shots: s.players.map(() => 0) }, step ? step.ms : 7000);
}

/** Seats whose role acts in night step `step` and who are alive. */
export function actorsOf(ctx: Ctx, step: string): Seat[] {
  const out: Seat[] = [];
  for (const p of ctx.s.players) if (p.alive && p.role !== null && nightActionOf(p.role, step)) out.push(p.seat);
  return out;
}

/** §2.10 a shooter's choice: once, final; the living black team sees it (they may talk during the shot). */
export function shoot(ctx: Ctx, seat: Seat, target: Seat): void {
  const st = ctx.s.stage;
  if (st.kind !== "night-shot") return;
  st.shots[seat - 1] = target;
  emit(ctx, "shot", toSeats(blackSeats(ctx.s, true)), { seat, target });
  // No early end: the step always runs its full time. Ending it once every shooter chose would tell
  // the town how many black players are alive and when they agreed (a timing leak, RULES.md §1 Secrets).
}

/** §2.10 the shot hits only if every living shooter chose the same living player. */
export function resolveShot(ctx: Ctx): void {
  const s = ctx.s;
  const st = s.stage;
  if (st.kind !== "night-shot") return;
  const shooters = actorsOf(ctx, "mafia-shot");
  let target = 0;
  let unanimous = shooters.length > 0;
  for (const a of shooters) {
    const t = st.shots[a - 1] as number;
    if (t === 0 || (target !== 0 && t !== target)) { unanimous = false; break; }
    target = t;
  }
  const hit = unanimous && target !== 0 && player(s, target).alive ? target : 0;
  const step = preset(ctx).night.find((n) => n.id === "checks");
  enterStage(ctx, { kind: "night-check", shotTarget: hit, checks: s.players.map(() => 0) }, step ? step.ms : 7000);
  emit(ctx, "checks-started", PUBLIC, {});
}

/** §2.10 a check: private to the checker; no self, no repeat; a player shot tonight still checks. */
export function check(ctx: Ctx, seat: Seat, target: Seat): void {
  const s = ctx.s;
  const st = s.stage;
  if (st.kind !== "night-check") return;
  const role = player(s, seat).role;
  const action = role ? nightActionOf(role, "checks") : null;
  const result = checkResult(action?.check ?? "sheriff", player(s, target).role ?? "civilian");
  st.checks[seat - 1] = target;
  s.checks = [...s.checks, { by: seat, target, night: s.day, result }];
  emit(ctx, "checked", toSeats([seat]), { by: seat, target, night: s.day, kind: action?.check ?? "sheriff", result });
  // No early end: the step always runs its full 7 s. Ending it once every living checker acted would
  // tell the table whether the Don or the Sheriff is still alive (a timing leak, RULES.md §1 Secrets).
}

/** §2.11 the killed player gets 60 s of last words, then the day; after a miss the day begins at once. */
export function morning(ctx: Ctx): void {
  const s = ctx.s;
  const st = s.stage;
  if (st.kind !== "night-check") return;
  const target = st.shotTarget;
  if (target !== 0 && player(s, target).alive) {
    emit(ctx, "killed", PUBLIC, { seat: target });
    depart(ctx, target, "shot");
    if (checkWin(ctx)) return;
    startSpeeches(ctx, "last-words", [target], []);
    return;
  }
  emit(ctx, "shot-missed", PUBLIC, {});
  startDay(ctx);
}
