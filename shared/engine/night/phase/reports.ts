/**
 * What the night tells while it runs (RULES.md §5.1, §5.3, §7.6): a block's notice to its target, and the
 * live reports of the information effects that have one (effects/*.ts `report`: the Tracker's and the
 * Watcher's seats), read from the night resolved over the uses collected so far.
 */
import { resolveNight, type NightRules, type Resolution, type Use } from "../resolve.ts";
import { effectOf } from "../effects/index.ts";
import { getRole } from "../../roles/index.ts";
import { emit, player, toSeats, type Ctx, type EngineState } from "../../state.ts";
import type { Seat } from "../../types.ts";
import { holders, memoryOf, rulesOf, type D, type P } from "./rules.ts";

export function tellBlocked(ctx: Ctx, d: D, seat: Seat): void {
  if (d.told.includes(seat)) return;
  d.told = [...d.told, seat];
  emit(ctx, "frozen", toSeats([seat]), { seat, night: ctx.s.day });
}

/** Whether a block that tells its target was used on `seat` (so being blocked is announced to them). */
export function noticed(rules: NightRules, uses: readonly Use[], seat: Seat): boolean {
  return uses.some((u) => u.targets.includes(seat) && rules.resolve.block.includes(u.ability) && !!rules.ability(u.ability).notice);
}

/** The Immortal's armour and other `automatic` abilities: used by every living holder while they last (§5.6). */
export function automaticUses(s: EngineState, rules: NightRules): Use[] {
  const out: Use[] = [];
  for (const id of rules.resolve.protect) {
    const a = rules.ability(id);
    if (!a.automatic) continue;
    for (const h of holders(s, a)) {
      if (a.timesPerGame !== undefined && (memoryOf(s, h, id)?.used ?? 0) >= a.timesPerGame) continue;
      out.push({ by: h, ability: id, targets: [h] });
    }
  }
  return out;
}

/** The night resolved over the uses collected so far (the automatic ones included). */
export function resolveSoFar(s: EngineState, p: P, d: D): Resolution {
  const rules = rulesOf(p);
  return resolveNight(rules, [...d.uses, ...automaticUses(s, rules)], d.team, (seat) => player(s, seat).alive, (seat) => {
    const role = player(s, seat).role;
    return role === null ? [] : getRole(role).passives;
  });
}

/**
 * §5.1 / §5.6 Tracker and Watcher: the seats the target visited (track) or that visited the target
 * (watch) — effective visits only, never the owner's own — told to the owner whenever they change
 * after a later move, and in the morning only if it changed (then marked final; an unchanged one is
 * final by the morning itself — never the same line twice). A blocked owner was told
 * "result unavailable" when choosing (check-frozen) and learns nothing.
 */
export function report(ctx: Ctx, p: P, d: D, final: boolean, r?: Resolution): void {
  const s = ctx.s;
  const rules = rulesOf(p);
  const watchers = d.uses.filter((u) => effectOf(rules.ability(u.ability).effect).report);
  if (watchers.length === 0) return;
  r ??= resolveSoFar(s, p, d);
  for (const u of watchers) {
    if (r.blocked.has(u.by)) continue;
    const target = u.targets[0] as Seat;
    const live = effectOf(rules.ability(u.ability).effect).report!;
    const list = live.seats(r.visits, u.by, target);
    const key = `${u.by}:${u.ability}`;
    const before = d.reported?.[key];
    // Told only when it changed (an unchanged result told again would be the same line twice); the
    // morning makes the last one told final (web/src/table/nightInfo.ts).
    if (before && before.length === list.length && before.every((x, i) => x === list[i])) continue;
    d.reported = { ...d.reported, [key]: list };
    emit(ctx, live.event, toSeats([u.by]), { by: u.by, target, night: s.day, seats: list, final });
  }
}
