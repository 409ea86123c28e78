/**
 * The team abilities (the mafia's shot): how their holders settle on one target — §2.10 unanimity,
 * §4.4 / §6.2 / §7.6 the leader decides, §5.2 a tally until agreement (consensus is the ability's data).
 */
import { hostGate, reject } from "../../flow/stage.ts";
import type { Next } from "../../flow/types.ts";
import type { Ability } from "../abilities.ts";
import { emit, toSeats, type Ctx, type EngineState } from "../../state.ts";
import type { Seat } from "../../types.ts";
import { holders, type D } from "./rules.ts";

/**
 * A team ability's one target when its step ends (§2.10 unanimity, or the leader's word). `bit`: the
 * ability's bit in `acted` — a leader who declined (skip) decides "no shot" (§7.6 the Don's word decides,
 * and "the mafia has the right to refuse a shot").
 */
export function settle(s: EngineState, a: Ability, d: D, hs: Seat[], bit: number): Seat | 0 {
  const choice = (seat: Seat): Seat | 0 => d.uses.find((u) => u.by === seat && u.ability === a.id)?.targets[0] ?? 0;
  if (a.team?.consensus === "leader" && a.team.leader) {
    const leader = hs.find((h) => s.players[h - 1]!.role === a.team!.leader);
    const t = leader !== undefined ? choice(leader) : 0;
    if (t !== 0) return t;
    if (leader !== undefined && a.skip && ((d.acted[leader - 1] as number) & bit)) return 0;
    hs = hs.filter((h) => h !== leader);
  }
  let target: Seat | 0 = 0;
  if (hs.length === 0) return 0;
  if (a.team?.consensus === "tally") {
    // §5.2 "if there is no single target when the step's time runs out, no kill": the one seat named, if only one is.
    for (const h of hs) {
      const t = choice(h);
      if (t === 0) continue;
      if (target !== 0 && t !== target) return 0;
      target = t;
    }
    return target;
  }
  for (const h of hs) {
    const t = choice(h);
    if (t === 0 || (target !== 0 && t !== target)) return 0;
    target = t;
  }
  return target;
}

/**
 * §5.2 a tally until agreement: a holder's new choice replaces the old; the living holders see how many
 * chose each seat (never who); when every living holder names the same seat the step ends at once.
 * Naming again the seat one has named already changes nothing, so it is refused: it would tell the
 * team a tally it already has, and a holder (a bot moving after every change) repeating itself would
 * fill the team's log for as long as the step lasts.
 */
export function tally(ctx: Ctx, d: D, a: Ability, seat: Seat, targets: Seat[], end: () => Next | undefined): Next | void {
  const s = ctx.s;
  const was = d.uses.find((u) => u.by === seat && u.ability === a.id);
  if (was && was.targets.length === targets.length && was.targets.every((t, i) => t === targets[i])) reject("already-acted", "that seat is already your choice");
  d.uses = [...d.uses.filter((u) => !(u.by === seat && u.ability === a.id)), { by: seat, ability: a.id, targets }];
  const hs = holders(s, a);
  const counts = new Map<Seat, number>();
  for (const u of d.uses) if (u.ability === a.id && hs.includes(u.by)) counts.set(u.targets[0]!, (counts.get(u.targets[0]!) ?? 0) + 1);
  const agreed = counts.size === 1 && [...counts.values()][0] === hs.length;
  const list = [...counts].sort((x, y) => x[0] - y[0]).map(([t, votes]) => ({ seat: t, votes }));
  emit(ctx, "shot-tally", toSeats(hs), { tally: list, agreed });
  if (agreed) return hostGate(ctx, end);
}
