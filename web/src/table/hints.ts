/**
 * A guided first game: one hint line saying what the person may do now and why, derived
 * from the person's own view only (their actions, the phase, who holds the floor) — it knows nothing the
 * view does not say, so it can tell no secret. Pure: `hintFor` picks the catalogue key and its params;
 * the page renders `hint.<key>` in the page's language. On for a table opened from "First game with
 * hints" (home page), remembered on this device; the line's own button turns it off.
 */
import { storedFlag } from "../lib/flag.ts";
import { isDealing, isFirstNight, isLeavingSpeech, isVoteToWaitFor } from "../../../shared/engine/phase-kinds.ts";
import type { AvailableAction, GameView } from "../../../shared/engine/types.ts";

export interface Hint {
  /** The catalogue key's tail: the line is `hint.<key>`. */
  key: string;
  params?: Record<string, string | number>;
}

const has = (actions: readonly AvailableAction[], type: AvailableAction["type"]) => actions.some((a) => a.type === type);

/**
 * The hint for this view, or null (a spectator, the live host, the end screen: they have their own texts).
 * Order: what the person can do now comes first (a move outranks a wait); then what they are waiting for.
 */
export function hintFor(g: GameView): Hint | null {
  if (g.result || !g.you) return null;
  const you = g.you;
  const acts = you.actions;
  const me = g.seats.find((s) => s.seat === you.seat);
  if (g.paused) return { key: "paused" };
  if (me && !me.alive && g.speaker !== you.seat) return { key: "out" };
  if (has(acts, "take-card")) return { key: "take-card" };
  if (isDealing(g.phase)) return { key: "card" };
  // A night ability: the shot (§2.10: every black player the same seat, or it misses), a check, another.
  const use = acts.find((a): a is Extract<AvailableAction, { type: "use" }> => a.type === "use");
  if (use) {
    if (use.effect === "attack") return { key: you.teammates.length > 0 ? "shot.team" : "shot" };
    if (use.effect === "check") return { key: "check" };
    return { key: "ability" };
  }
  if (has(acts, "choose-side")) return { key: "side" };
  if (has(acts, "vote-lift")) return { key: "lift" };
  if (has(acts, "vote")) return { key: g.ballot?.mode === "in-turn" ? "vote.turn" : "vote" };
  if (g.speaker === you.seat) {
    if (isLeavingSpeech(g.phase)) return { key: "farewell" };
    const nominate = acts.find((a) => a.type === "nominate");
    if (nominate) return { key: "speech.nominate" };
    return { key: "speech" };
  }
  if (has(acts, "tech-vote")) return { key: "tech-vote" };
  if (has(acts, "ready-to-vote")) return { key: "free-talk" };
  if (isFirstNight(g.phase)) {
    if (has(acts, "shooting-plan")) return { key: "plan" };
    return { key: you.teammates.length > 0 || you.team === "black" ? "acquaintance.black" : "acquaintance" };
  }
  if (g.night) return { key: "night" };
  if (g.speaker !== null) return { key: has(acts, "shout") ? "listen.shout" : "listen", params: { seat: g.speaker } };
  if (isVoteToWaitFor(g.phase)) return { key: "vote.wait" };
  return null;
}

/** On for a table opened from "First game with hints" (home page), remembered on this device; the line's ✕ turns it off. */
export const [hintsOn, setHints] = storedFlag("mafia.hints", false);
