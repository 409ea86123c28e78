/**
 * §2.13 Technical votes: foul / defeat / removal of a named violator. Passes when more than half of
 * the living human players (bots excluded) press "for" within 30 s; not pressing counts against.
 * Decisions: one at a time; the phase timer stops while it runs (and any shout ends); a player may not
 * start a second technical vote against the same target in the same phase; the starter counts as
 * pressing "for"; the vote ends early as soon as it has enough "for".
 */
import { presetOf } from "../presets/index.ts";
import { PUBLIC, emit, player, type Ctx } from "../state.ts";
import type { FoulCause, Seat, TechVoteKind } from "../types.ts";
import { checkWin, depart, endGame } from "./outcome.ts";

const preset = (ctx: Ctx) => presetOf(ctx.s.presetId);

export function livingHumans(ctx: Ctx): number {
  let n = 0;
  for (const p of ctx.s.players) if (p.alive && !p.bot) n++;
  return n;
}

export function techNeeded(ctx: Ctx): number {
  return Math.floor(livingHumans(ctx) / 2) + 1;
}

function inFavour(ctx: Ctx): number {
  const tv = ctx.s.techVote;
  if (!tv) return 0;
  let n = 0;
  for (const seat of tv.favour) {
    const p = player(ctx.s, seat);
    if (p.alive && !p.bot) n++;
  }
  return n;
}

export function startTechVote(ctx: Ctx, by: Seat, kind: TechVoteKind, target: Seat): void {
  const s = ctx.s;
  const ms = preset(ctx).techVotes.ms;
  s.techVote = {
    kind, target, by, favour: [by], deadline: ctx.now + ms,
    frozenRemainingMs: s.deadline === null ? null : Math.max(0, s.deadline - ctx.now),
  };
  s.techUsed.push(`${by}:${target}`);
  s.shout = null;
  s.phaseSeq++;
  emit(ctx, "tech-vote-started", PUBLIC, { kind, target, by, needed: techNeeded(ctx) });
}

export function pressTechVote(ctx: Ctx, seat: Seat, favour: boolean): void {
  const tv = ctx.s.techVote;
  if (!tv) return;
  const has = tv.favour.includes(seat);
  if (favour && !has) tv.favour.push(seat);
  if (!favour && has) tv.favour = tv.favour.filter((x) => x !== seat);
  emit(ctx, "tech-vote-pressed", PUBLIC, { seat, inFavour: favour });
}

/** Enough "for" to pass now: checked after every press and after a seat is handed to a bot. */
export function passes(ctx: Ctx): boolean {
  return !!ctx.s.techVote && inFavour(ctx) >= techNeeded(ctx);
}

/**
 * A foul on `seat` (a passed technical foul, §2.13; a late vote, §7.3; the live host, §7.9): counted and
 * announced; at the preset's limit the player is removed at once, without last words. §2.13: that day's
 * voting is cancelled. §7.9 (`Preset.fouls.removal`): the card is shown and the day goes on — the town
 * may still vote the removed player out. §7.9: at `voteAgainstAt` fouls an automatic vote against the
 * player falls due. Returns whether the seat was removed.
 */
export function foul(ctx: Ctx, seat: Seat, cause?: FoulCause): boolean {
  const target = player(ctx.s, seat);
  const rules = preset(ctx).fouls;
  target.fouls++;
  emit(ctx, "fouled", PUBLIC, cause ? { seat, fouls: target.fouls, cause } : { seat, fouls: target.fouls });
  if (target.fouls < preset(ctx).techVotes.foulsToRemove) {
    if (rules?.voteAgainstAt !== undefined && target.fouls === rules.voteAgainstAt && !target.foulVote) target.foulVote = "due";
    return false;
  }
  removal(ctx, seat);
  return true;
}

/**
 * A player leaves by removal (a foul too many, §2.13 / §7.9; §6.9 the live host's removal without
 * warning): out at once with the preset's consequences — the card shown where the fouls' rule says so,
 * and the day going on (§7.9) or its voting cancelled (§2.13).
 */
export function removal(ctx: Ctx, seat: Seat): void {
  const s = ctx.s;
  const target = player(s, seat);
  const rules = preset(ctx).fouls;
  depart(ctx, seat, "removed");
  if (rules?.removal.reveal && preset(ctx).reveal !== "open" && target.role !== null && target.team !== null) {
    // §7.9 "the fourth → the card is shown": public at once, even in a closed game.
    target.shown = true;
    emit(ctx, "role-revealed", PUBLIC, { seat, role: target.role, team: target.team });
  }
  if (rules?.removal.dayGoesOn) s.removedToday = [...(s.removedToday ?? []), seat];
  else s.votingCancelled = true;
}

/**
 * The technical vote ends (its time ran out, or it has enough "for"). Returns the seat it removed while
 * the game goes on — the interpreter then tells the running phase (PhaseModule.removed) — else null.
 */
export function resolveTechVote(ctx: Ctx): Seat | null {
  const s = ctx.s;
  const tv = s.techVote;
  if (!tv) return null;
  const yes = inFavour(ctx);
  const needed = techNeeded(ctx);
  const passed = yes >= needed;
  s.techVote = null;
  // The phase timer resumes with the time that was left.
  s.deadline = tv.frozenRemainingMs === null ? null : ctx.now + tv.frozenRemainingMs;
  s.phaseSeq++;
  emit(ctx, "tech-vote-ended", PUBLIC, { kind: tv.kind, target: tv.target, by: tv.by, inFavour: yes, needed, passed });
  if (!passed) return null;
  const target = player(s, tv.target);
  if (!target.alive) return null;
  if (tv.kind === "defeat" && target.team !== "solo") {
    // A technical defeat ends the game at once with the other team winning.
    endGame(ctx, target.team === "black" ? "red" : "black", "technical-defeat");
    return null;
  }
  // *Decision (city):* a solo player has no team to lose with: a technical defeat against him removes him.
  if (tv.kind === "foul") {
    if (!foul(ctx, target.seat)) return null;
    return checkWin(ctx) ? null : target.seat;
  }
  // A removed player leaves at once, without last words, and that day's voting is cancelled.
  depart(ctx, target.seat, "removed");
  s.votingCancelled = true;
  return checkWin(ctx) ? null : target.seat;
}
