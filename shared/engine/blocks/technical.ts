/**
 * §2.13 Technical votes: foul / defeat / removal of a named violator. Passes when more than half of
 * the living human players (bots excluded) press "for" within 30 s; not pressing counts against.
 * Decisions: one at a time; the phase timer stops while it runs (and any shout ends); a player may not
 * start a second technical vote against the same target in the same phase; the starter counts as
 * pressing "for"; the vote ends early as soon as it has enough "for".
 */
import { PUBLIC, emit, player, type Ctx } from "../state.ts";
import type { Seat, TechVoteKind } from "../types.ts";
import { startNight } from "./night.ts";
import { checkWin, depart, endGame } from "./outcome.ts";
import { preset } from "./phase.ts";
import { endSpeech } from "./speeches.ts";

/** Stages in which a technical vote may be started ("any phase but lobby, dealing and night"). */
export function techVoteOpen(ctx: Ctx): boolean {
  const k = ctx.s.stage.kind;
  return (k === "speech" || k === "voting" || k === "lift-vote") && ctx.s.techVote === null && !ctx.s.result;
}

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
  maybePass(ctx);
}

export function pressTechVote(ctx: Ctx, seat: Seat, favour: boolean): void {
  const tv = ctx.s.techVote;
  if (!tv) return;
  const has = tv.favour.includes(seat);
  if (favour && !has) tv.favour.push(seat);
  if (!favour && has) tv.favour = tv.favour.filter((x) => x !== seat);
  emit(ctx, "tech-vote-pressed", PUBLIC, { seat, inFavour: favour });
  maybePass(ctx);
}

/** Re-evaluated after every press and after a seat is handed to a bot. */
export function maybePass(ctx: Ctx): void {
  if (ctx.s.techVote && inFavour(ctx) >= techNeeded(ctx)) resolveTechVote(ctx);
}

export function resolveTechVote(ctx: Ctx): void {
  const s = ctx.s;
  const tv = s.techVote;
  if (!tv) return;
  const yes = inFavour(ctx);
  const needed = techNeeded(ctx);
  const passed = yes >= needed;
  s.techVote = null;
  // The phase timer resumes with the time that was left.
  s.deadline = tv.frozenRemainingMs === null ? null : ctx.now + tv.frozenRemainingMs;
  s.phaseSeq++;
  emit(ctx, "tech-vote-ended", PUBLIC, { kind: tv.kind, target: tv.target, by: tv.by, inFavour: yes, needed, passed });
  if (!passed) return;
  const target = player(s, tv.target);
  if (!target.alive) return;
  if (tv.kind === "defeat" && target.team !== "solo") {
    // A technical defeat ends the game at once with the other team winning.
    endGame(ctx, target.team === "black" ? "red" : "black", "technical-defeat");
    return;
  }
  // *Decision (city):* a solo player has no team to lose with: a technical defeat against him removes him.
  if (tv.kind === "foul") {
    target.fouls++;
    emit(ctx, "fouled", PUBLIC, { seat: target.seat, fouls: target.fouls });
    if (target.fouls < preset(ctx).techVotes.foulsToRemove) return;
  }
  removeSeat(ctx, target.seat);
}

/** A removed player leaves at once, without last words, and that day's voting is cancelled. */
function removeSeat(ctx: Ctx, seat: Seat): void {
  const s = ctx.s;
  depart(ctx, seat, "removed");
  s.votingCancelled = true;
  if (checkWin(ctx)) return;
  const st = s.stage;
  if (st.kind === "voting" || st.kind === "lift-vote" || (st.kind === "speech" && st.purpose === "tie")) {
    emit(ctx, "voting-cancelled", PUBLIC, {});
    startNight(ctx);
    return;
  }
  if (st.kind === "speech") {
    st.queue = st.queue.filter((x) => x !== seat);
    if (st.speaker === seat) endSpeech(ctx);
  }
}
