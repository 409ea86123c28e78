/**
 * Speech blocks: day speeches (§2.3) with nominations (§2.4) and shouts (§2.5), and the other
 * floors that share the mechanics — tie speeches (§2.9), the day-1 leader speech (§2.8), farewell
 * (§2.7) and last words (§2.11).
 *
 * Shout decision (§2.5): a shout is a 5 s window of its own (state.shout, a timed sub-phase that
 * bumps phaseSeq) while the speaker's timer keeps running; one shout at a time; the speaker cannot
 * shout; when the speech ends, the shout ends with it.
 */
import { PUBLIC, emit, player, type Ctx, type SpeechPurpose } from "../state.ts";
import type { Seat } from "../types.ts";
import { startNight } from "./night.ts";
import { enterStage, preset } from "./phase.ts";
import { startBallot, startVoting } from "./voting.ts";

/** Living seats in seat order starting at `from` (inclusive), wrapping around. */
export function livingFrom(ctx: Ctx, from: Seat): Seat[] {
  const n = ctx.s.players.length;
  const out: Seat[] = [];
  for (let k = 0; k < n; k++) {
    const seat = ((from - 1 + k) % n) + 1;
    if (player(ctx.s, seat).alive) out.push(seat);
  }
  return out;
}

/** §2.3 Day 1 starts at seat 1; each following day with the next living seat after the previous day's first speaker. */
export function startDay(ctx: Ctx): void {
  const s = ctx.s;
  s.day++;
  s.nominees = [];
  s.lastTally = null;
  const first = s.day === 1 ? (livingFrom(ctx, 1)[0] as Seat) : (livingFrom(ctx, (s.firstSpeaker % s.players.length) + 1)[0] as Seat);
  s.firstSpeaker = first;
  emit(ctx, "day-started", PUBLIC, { day: s.day, firstSpeaker: first });
  startSpeeches(ctx, "day", livingFrom(ctx, first), []);
}

function speechMs(ctx: Ctx, purpose: SpeechPurpose, seat: Seat): number {
  const p = preset(ctx);
  switch (purpose) {
    case "day": {
      const pl = player(ctx.s, seat);
      // §2.5 after the third shout the player's next day speech lasts 30 s.
      if (pl.shortNext) { pl.shortNext = false; return p.speeches.shouts.shortSpeechAfterLast; }
      // §3 the table chooses the day speech length (seconds).
      const sec = p.speeches.msSetting ? ctx.s.settings[p.speeches.msSetting] : undefined;
      return typeof sec === "number" ? sec * 1000 : p.speeches.ms;
    }
    case "tie": return p.voting.tie.speechMs;
    case "leader": return p.voting.leaderSpeechMs;
    case "farewell": return p.voting.farewellMs;
    case "last-words": return p.lastWordsMs;
  }
}

/** Give the floor to each of `seats` in turn, then continue with what follows `purpose`. */
export function startSpeeches(ctx: Ctx, purpose: SpeechPurpose, seats: Seat[], candidates: Seat[]): void {
  const queue = seats.slice();
  const speaker = queue.shift();
  if (speaker === undefined) { afterSpeeches(ctx, purpose, candidates); return; }
  const ms = speechMs(ctx, purpose, speaker);
  enterStage(ctx, { kind: "speech", purpose, speaker, queue, nominatedThisSpeech: false, candidates }, ms);
  emit(ctx, "speech-started", PUBLIC, { seat: speaker, purpose, ms });
}

/** The current speech ends (end-speech, its deadline, or the speaker removed). */
export function endSpeech(ctx: Ctx): void {
  const st = ctx.s.stage;
  if (st.kind !== "speech") return;
  const queue = st.queue.filter((seat) => st.purpose === "farewell" || st.purpose === "last-words" || player(ctx.s, seat).alive);
  startSpeeches(ctx, st.purpose, queue, st.candidates);
}

function afterSpeeches(ctx: Ctx, purpose: SpeechPurpose, candidates: Seat[]): void {
  switch (purpose) {
    case "day": startVoting(ctx); return;
    case "tie": startBallot(ctx, "revote", candidates.filter((c) => player(ctx.s, c).alive)); return;
    case "leader":
    case "farewell": startNight(ctx); return;
    case "last-words": startDay(ctx); return;
  }
}

/** §2.4 nominate once per own speech a living candidate, self included; final; no duplicates. */
export function nominate(ctx: Ctx, by: Seat, target: Seat): void {
  const st = ctx.s.stage;
  if (st.kind !== "speech") return;
  st.nominatedThisSpeech = true;
  ctx.s.nominees.push(target);
  emit(ctx, "nominated", PUBLIC, { by, target });
}

/** §2.5 a shout: 5 s of open microphone during someone else's speech; 3 a game. */
export function shout(ctx: Ctx, seat: Seat): void {
  const s = ctx.s;
  const p = preset(ctx);
  const pl = player(s, seat);
  pl.shoutsLeft--;
  if (pl.shoutsLeft === 0) pl.shortNext = true;
  s.shout = { seat, until: ctx.now + p.speeches.shouts.ms };
  s.phaseSeq++;
  emit(ctx, "shouted", PUBLIC, { seat, left: pl.shoutsLeft, ms: p.speeches.shouts.ms });
}

/** The shout window closed (its own timed sub-phase). */
export function endShout(ctx: Ctx): void {
  const s = ctx.s;
  if (!s.shout) return;
  emit(ctx, "shout-ended", PUBLIC, { seat: s.shout.seat });
  s.shout = null;
  s.phaseSeq++;
}
