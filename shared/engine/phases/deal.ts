/**
 * Phase module `deal` (RULES.md §2.1): the shuffled deck lies as face-down cards, each player takes one
 * within `ms`; whoever has not taken one at the deadline gets a random remaining card. `kind: "at-once"`
 * (or the auto-deal setting) deals every role at once. Cameras and microphones are off (an empty floor).
 */
import * as v from "valibot";
import { reject } from "../flow/stage.ts";
import type { PhaseModule } from "../flow/types.ts";
import { presetOf } from "../presets/index.ts";
import { getRole } from "../roles/index.ts";
import { randInt, shuffled } from "../rng.ts";
import { PUBLIC, emit, player, toSeats, type Ctx } from "../state.ts";
import type { RoleId, Seat } from "../types.ts";

const params = v.strictObject({
  kind: v.picklist(["take-cards", "at-once"]),
  ms: v.pipe(v.number(), v.integer(), v.minValue(1000)),
  /** A boolean setting that switches take-cards to dealing at once (§2 auto-deal). */
  autoDealSetting: v.optional(v.string()),
  /** §6 "the composition … announced (counts of each role) at the start": a public `composition` event when dealing begins. */
  announce: v.optional(v.boolean(), false),
});
type P = v.InferOutput<typeof params>;
interface D { deck: RoleId[]; taken: boolean[] }

function giveRole(ctx: Ctx, seat: Seat, role: RoleId): void {
  const pl = player(ctx.s, seat);
  pl.role = role;
  pl.team = presetOf(ctx.s.presetId).teamOf?.(role, ctx.s.settings) ?? getRole(role).team;
  // §2.1 a player sees only their own role.
  emit(ctx, "role-dealt", toSeats([seat]), { seat, role });
}

function dealt(ctx: Ctx, auto: boolean) {
  emit(ctx, "roles-dealt", PUBLIC, { auto });
  return { outcome: "dealt" };
}

export const deal: PhaseModule<P, D> = {
  kind: "deal",
  params,
  outcomes: () => ["dealt"],
  techVotes: false,
  // The deck is never changed; which cards are taken is.
  clone: (d) => ({ deck: d.deck, taken: d.taken.slice() }),
  enter(ctx, p) {
    const pr = presetOf(ctx.s.presetId);
    const deck = shuffled(ctx.s.rng, pr.composition(ctx.s.players.length, ctx.s.settings));
    if (p.announce) {
      const counts: Record<string, number> = {};
      for (const r of pr.composition(ctx.s.players.length, ctx.s.settings)) counts[r] = (counts[r] ?? 0) + 1;
      emit(ctx, "composition", PUBLIC, { counts });
    }
    if (p.kind === "at-once" || (p.autoDealSetting !== undefined && ctx.s.settings[p.autoDealSetting] === true)) {
      for (let i = 0; i < deck.length; i++) giveRole(ctx, i + 1, deck[i] as RoleId);
      return dealt(ctx, true);
    }
    emit(ctx, "dealing-started", PUBLIC, { cards: deck.length });
    return { data: { deck, taken: deck.map(() => false) }, ms: p.ms };
  },
  timeout(ctx, _p, d) {
    for (const pl of ctx.s.players) {
      if (pl.role !== null) continue;
      const free: number[] = [];
      for (let i = 0; i < d.taken.length; i++) if (!d.taken[i]) free.push(i);
      const card = free[randInt(ctx.s.rng, free.length)] as number;
      d.taken[card] = true;
      emit(ctx, "card-given", PUBLIC, { seat: pl.seat, card });
      giveRole(ctx, pl.seat, d.deck[card] as RoleId);
    }
    return dealt(ctx, false);
  },
  act(ctx, _p, d, seat, a) {
    if (a.type !== "take-card") reject("phase-closed", "cards are being dealt");
    if (player(ctx.s, seat).role !== null) reject("already-acted", "you already took a card");
    if (!Number.isInteger(a.card) || a.card < 0 || a.card >= d.taken.length || d.taken[a.card]) reject("illegal-target", "that card is not on the table");
    d.taken[a.card] = true;
    emit(ctx, "card-taken", PUBLIC, { seat, card: a.card });
    giveRole(ctx, seat, d.deck[a.card] as RoleId);
    if (ctx.s.players.every((x) => x.role !== null)) return dealt(ctx, false);
  },
  actions(s, _p, d, seat, out) {
    if (player(s, seat).role !== null) return;
    const cards: number[] = [];
    for (let i = 0; i < d.taken.length; i++) if (!d.taken[i]) cards.push(i);
    out.push({ type: "take-card", cards });
  },
  name: () => "dealing",
  floor: () => [],
};
