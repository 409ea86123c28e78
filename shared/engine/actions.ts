/**
 * What a seat may do now: the single source for GameView.you.actions (the client renders exactly
 * these) and for the bots. `apply` validates the same rules and answers with typed rejections.
 */
import { nightActionOf } from "./roles/index.ts";
import { presetOf } from "./presets/index.ts";
import { turnOptions } from "./blocks/turns.ts";
import { player, type EngineState } from "./state.ts";
import type { AvailableAction, Seat, TechVoteKind } from "./types.ts";

function livingExcept(s: EngineState, except: Seat | 0): Seat[] {
  const out: Seat[] = [];
  for (const p of s.players) if (p.alive && p.seat !== except) out.push(p.seat);
  return out;
}

function techStageOpen(s: EngineState): boolean {
  const k = s.stage.kind;
  return k === "speech" || k === "voting" || k === "lift-vote";
}

/** Targets `seat` may still check (§2.10: living, not self, not already checked by them). */
export function checkTargets(s: EngineState, seat: Seat): Seat[] {
  const done = new Set<number>();
  for (const c of s.checks) if (c.by === seat) done.add(c.target);
  return livingExcept(s, seat).filter((t) => !done.has(t));
}

export function legalActions(s: EngineState, seat: Seat): AvailableAction[] {
  if (s.result || s.paused) return [];
  const me = player(s, seat);
  const st = s.stage;
  const out: AvailableAction[] = [];
  if (st.kind === "dealing") {
    if (me.role === null) {
      const cards: number[] = [];
      for (let i = 0; i < st.taken.length; i++) if (!st.taken[i]) cards.push(i);
      out.push({ type: "take-card", cards });
    }
    return out;
  }
  if (!me.alive) {
    // Farewell and last words are spoken by a player who has already left (§2.7, §2.11).
    if (st.kind === "speech" && st.speaker === seat && !s.techVote) out.push({ type: "end-speech" });
    return out;
  }
  if (s.techVote) {
    if (!me.bot) out.push({ type: "tech-vote", pressed: s.techVote.favour.includes(seat) });
    return out;
  }
  switch (st.kind) {
    case "acquaintance":
      if (me.role !== null && presetOf(s.presetId).acquaintance.shootingPlan && me.role === "don") out.push({ type: "shooting-plan" });
      break;
    case "speech":
      if (st.speaker === seat) {
        out.push({ type: "end-speech" });
        if (st.purpose === "day" && !st.nominatedThisSpeech) {
          const targets = livingExcept(s, 0).filter((t) => !s.nominees.includes(t));
          if (targets.length) out.push({ type: "nominate", targets });
        }
      } else if (me.shoutsLeft > 0 && s.shout === null) {
        out.push({ type: "shout", left: me.shoutsLeft });
      }
      break;
    case "voting":
      if (st.ballots[seat - 1] === 0) {
        out.push({ type: "vote", targets: st.mode === "open" ? [st.candidates[st.current] as Seat] : st.candidates.slice() });
      }
      break;
    case "lift-vote":
      if (st.ballots[seat - 1] === 0) out.push({ type: "vote-lift" });
      break;
    case "night-shot":
      if (me.role && nightActionOf(me.role, "mafia-shot") && st.shots[seat - 1] === 0) {
        out.push({ type: "night-action", kind: "shot", targets: livingExcept(s, 0) });
      }
      break;
    case "night-check":
      if (me.role && nightActionOf(me.role, "checks") && st.checks[seat - 1] === 0) {
        const targets = checkTargets(s, seat);
        if (targets.length) out.push({ type: "night-action", kind: "check", targets });
      }
      break;
    case "night-turn": {
      const opt = turnOptions(s, seat);
      if (opt) out.push({ type: "night-action", kind: opt.kind, targets: opt.targets });
      break;
    }
  }
  if (!me.bot && techStageOpen(s)) {
    const used = s.techUsed;
    const targets = used.length === 0 ? livingExcept(s, seat) : livingExcept(s, seat).filter((t) => !used.includes(`${seat}:${t}`));
    if (targets.length) out.push({ type: "tech-vote-start", kinds: presetOf(s.presetId).techVotes.kinds.slice() as TechVoteKind[], targets });
  }
  return out;
}
