/**
 * §2.11 / §3 the morning: the night resolved (night/resolve.ts), what it leaves in the state, the dead
 * named and gone together, what the effects announce after them (effects' `aftermath`; the club's curses
 * and swaps are effects, its turned Werewolf a reaction, its announced checks preset data), one win check.
 */
import { own } from "../../../own.ts";
import type { Next } from "../../flow/types.ts";
import { effectOf, effectsWith, type Morning } from "../effects/index.ts";
import { turnedMorning } from "../reactions.ts";
import type { Resolution } from "../resolve.ts";
import { checkWin, depart } from "../../rules/outcome.ts";
import { PUBLIC, blackSeats, emit, player, toSeats, type Ctx } from "../../state.ts";
import type { Seat } from "../../types.ts";
import { noticed, report, resolveSoFar, tellBlocked } from "./reports.ts";
import { rulesOf, type D, type P } from "./rules.ts";

/** §2.11 / §3 morning: the killed are named and leave together; one win check; last words in seat order. */
export function morning(ctx: Ctx, p: P, d: D): Next | undefined {
  const s = ctx.s;
  const rules = rulesOf(p);
  const r = resolveSoFar(s, p, d);
  for (const b of [...r.blocked].sort((x, y) => x - y)) if (noticed(rules, d.uses, b)) tellBlocked(ctx, d, b);
  for (const id of rules.resolve.check) {
    const a = rules.ability(id);
    if (a.check?.result !== "morning") continue;
    const e = effectOf(a.effect);
    for (const u of d.uses) if (u.ability === id && !r.blocked.has(u.by)) e.answer?.(ctx, a, u.by, u.targets[0] as Seat, r.covers);
  }
  report(ctx, p, d, true, r);
  // Spent automatic shields (the Immortal's armour) count as uses (§5.6 "one-time").
  for (const x of r.spent) {
    const pl = player(s, x.by);
    const prev = pl.memory?.[x.ability];
    pl.memory = { ...pl.memory, [x.ability]: { last: x.by, streak: 1, used: (prev?.used ?? 0) + 1, self: (prev?.self ?? 0) + 1 } };
  }
  // What the night leaves in the state (effects' `dawn`: §5.6 the Blackmailer's target loses the coming day's vote).
  for (const e of effectsWith("dawn")) e.dawn!(ctx, r);
  // §4.4 each player can be saved only once a game: the seats an `oncePerTarget` ability took effect on.
  for (const u of d.uses) {
    const a = rules.ability(u.ability);
    if (!a.targets.oncePerTarget || r.blocked.has(u.by)) continue;
    const before = s.onceTaken?.[a.id] ?? [];
    s.onceTaken = { ...s.onceTaken, [a.id]: [...before, ...u.targets.filter((t) => !before.includes(t))] };
  }
  // The night's "why", kept in the state and shown only once the game is over.
  s.nights = [...(s.nights ?? []), { night: s.day, steps: r.record }];
  if (r.dead.length === 0) emit(ctx, p.morning.quiet, PUBLIC, {});
  for (const x of r.dead) emit(ctx, "killed", PUBLIC, { seat: x });
  if (p.morning.saved) announceSaved(ctx, r);
  for (const x of r.dead) depart(ctx, x, p.morning.out);
  aftermath(ctx, p, r);
  if (checkWin(ctx)) return;
  return r.dead.length ? { outcome: "killed", seats: r.dead } : { outcome: "quiet" };
}

/**
 * RULES.md §5.1 *decision*: "for every player who was attacked and survived because a protection held
 * (a heal, a guard, a jail, armour), says 'seat N was attacked and survived' — never who attacked, who
 * protected, or how. A player's own card tells them privately what saved them." Read from the night's
 * record: a seat with a stopped attack that is not among tonight's dead (a Bodyguard who took the hit
 * and died is named with the dead; his ward survived). The private `saved` names the protections
 * (ability ids, in the order they stopped attacks), never the protector's seat.
 */
function announceSaved(ctx: Ctx, r: Resolution): void {
  const s = ctx.s;
  const saved = new Map<Seat, string[]>();
  for (const x of r.attacks) {
    if (x.outcome !== "stopped" || r.dead.includes(x.target) || !player(s, x.target).alive) continue;
    const list = saved.get(x.target) ?? [];
    if (x.stoppedWith !== undefined && !list.includes(x.stoppedWith)) list.push(x.stoppedWith);
    saved.set(x.target, list);
  }
  const seats = [...saved.keys()].sort((a, b) => a - b);
  for (const seat of seats) emit(ctx, "survived", PUBLIC, { seat });
  for (const seat of seats) emit(ctx, "saved", toSeats([seat]), { seat, night: s.day, with: saved.get(seat)! });
}

/**
 * After the dead leave: each effect's `aftermath` in the registry's order (RULES.md §6 the curses are
 * announced, the Curser unnamed; the swaps happen), the reactions' (§6 a turned Werewolf joins the black
 * team), then the black team as it is now meets again if it changed (a new `black-team`: every black
 * player learns every other; view.ts reads the latest), and (§6.3, the preset's `announceChecks`) the
 * night's checks are announced to the table by role, never the checker's seat.
 */
function aftermath(ctx: Ctx, p: P, r: Resolution): void {
  const s = ctx.s;
  const m: Morning = { regroup: false };
  for (const e of effectsWith("aftermath")) e.aftermath!(ctx, r, m);
  turnedMorning(ctx, r, m);
  if (m.regroup) {
    const team = blackSeats(s);
    emit(ctx, "black-team", toSeats(team), { members: team.map((seat) => ({ seat, role: player(s, seat).role })) });
  }
  if (p.announceChecks) {
    for (const c of s.checks) {
      const checker = c.night === s.day ? own(p.announceChecks, c.ability) : undefined;
      if (checker !== undefined) emit(ctx, "check-announced", PUBLIC, { checker, target: c.target, answer: c.result });
    }
  }
}
