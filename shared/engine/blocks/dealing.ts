/** §2.1 Dealing: face-down cards, 15 s, random fallback; auto-deal deals at once. */
import { randInt, shuffled } from "../rng.ts";
import { getRole } from "../roles/index.ts";
import { PUBLIC, emit, player, toSeats, type Ctx } from "../state.ts";
import type { RoleId, Seat } from "../types.ts";
import { startAcquaintance } from "./night.ts";
import { enterStage, preset, setting } from "./phase.ts";

export function startDealing(ctx: Ctx): void {
  const p = preset(ctx);
  const deck = shuffled(ctx.s.rng, p.composition(ctx.s.players.length, ctx.s.settings));
  if (setting<boolean>(ctx, p.deal.autoDealSetting)) {
    for (let i = 0; i < deck.length; i++) giveRole(ctx, i + 1, deck[i] as RoleId);
    emit(ctx, "roles-dealt", PUBLIC, { auto: true });
    startAcquaintance(ctx);
    return;
  }
  enterStage(ctx, { kind: "dealing", deck, taken: deck.map(() => false) }, p.deal.ms);
  emit(ctx, "dealing-started", PUBLIC, { cards: deck.length });
}

function giveRole(ctx: Ctx, seat: Seat, role: RoleId): void {
  const pl = player(ctx.s, seat);
  pl.role = role;
  pl.team = preset(ctx).teamOf?.(role, ctx.s.settings) ?? getRole(role).team;
  // §2.1 a player sees only their own role.
  emit(ctx, "role-dealt", toSeats([seat]), { seat, role });
}

/** §2.1 a player takes card `card`; a card taken is gone for others. */
export function takeCard(ctx: Ctx, seat: Seat, card: number): void {
  const st = ctx.s.stage;
  if (st.kind !== "dealing") throw new Error("not dealing");
  st.taken[card] = true;
  emit(ctx, "card-taken", PUBLIC, { seat, card });
  giveRole(ctx, seat, st.deck[card] as RoleId);
  if (ctx.s.players.every((p) => p.role !== null)) finishDealing(ctx);
}

/** §2.1 whoever has not taken a card at the deadline gets a random remaining one. */
export function dealingTimeout(ctx: Ctx): void {
  const st = ctx.s.stage;
  if (st.kind !== "dealing") return;
  for (const pl of ctx.s.players) {
    if (pl.role !== null) continue;
    const free: number[] = [];
    for (let i = 0; i < st.taken.length; i++) if (!st.taken[i]) free.push(i);
    const card = free[randInt(ctx.s.rng, free.length)] as number;
    st.taken[card] = true;
    emit(ctx, "card-given", PUBLIC, { seat: pl.seat, card });
    giveRole(ctx, pl.seat, st.deck[card] as RoleId);
  }
  finishDealing(ctx);
}

function finishDealing(ctx: Ctx): void {
  emit(ctx, "roles-dealt", PUBLIC, { auto: false });
  startAcquaintance(ctx);
}
