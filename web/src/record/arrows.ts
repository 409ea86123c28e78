/**
 * A replay you can see: what the record's oval draws at one step, read from the view the
 * replay already shows (RecordPage → Replay.tsx) — never from the engine's state, so the spectator's
 * replay draws only what a spectator saw.
 *  - Votes (RULES.md §2.6–§2.9): the ballots of the running vote as they are cast (open voting), then the
 *    count's ballots until the next vote, night or day begins.
 *  - Night moves (§2.4, §3, §5.6), in the secret view only: tonight's shots, checks and abilities from the
 *    host's log since nightfall, until the day begins.
 * No rule is decided here: the view's log and ballot are the only sources.
 */
import type { AnyLogEntry, GameView, Seat } from "../../../shared/engine/types.ts";

export type ArrowKind = "vote" | "shot" | "check" | "heal" | "ability";

export interface Arrow {
  from: Seat;
  to: Seat;
  kind: ArrowKind;
}

/** Log types after which a counted vote is no longer the table's current picture. */
const VOTE_ENDS = new Set(["night-fell", "day-started", "voting-started", "lift-vote-started"]);

export function replayArrows(view: GameView, secrets: boolean): Arrow[] {
  return [...voteArrows(view), ...(secrets ? nightArrows(view.log) : [])];
}

function voteArrows(view: GameView): Arrow[] {
  const b = view.ballot;
  if (b && b.kind !== "lift" && b.votes.length > 0) return b.votes.map((v) => ({ from: v.voter, to: v.target, kind: "vote" as const }));
  const log = view.log;
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i]!;
    if (VOTE_ENDS.has(e.type)) return [];
    if (e.type === "vote-counted") return e.data.ballots.map((v) => ({ from: v.voter, to: v.target, kind: "vote" as const }));
  }
  return [];
}

function nightArrows(log: readonly AnyLogEntry[]): Arrow[] {
  const out: Arrow[] = [];
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i]!;
    if (e.type === "day-started") return [];
    if (e.type === "night-fell") break;
    const a = nightArrow(e);
    if (a) out.unshift(a);
  }
  return out;
}

function nightArrow(e: AnyLogEntry): Arrow | null {
  switch (e.type) {
    case "shot":
      return { from: e.data.seat, to: e.data.target, kind: "shot" };
    case "kill-chosen":
      return { from: e.data.by, to: e.data.target, kind: "shot" };
    case "checked":
    case "check-frozen":
      return { from: e.data.by, to: e.data.target, kind: "check" };
    case "healed":
      return { from: e.data.by, to: e.data.target, kind: "heal" };
    case "froze":
    case "used":
      return { from: e.data.by, to: e.data.target, kind: "ability" };
    default:
      return null;
  }
}

export type MomentKind = "night" | "day" | "vote" | "end";

/**
 * The replay's chapters: the step at which each night falls, each day begins, each vote is counted, and
 * the game ends — from each step's public log (a spectator's view), so the list leaks nothing.
 */
export function replayMoments(logs: ReadonlyArray<readonly AnyLogEntry[]>): Array<{ step: number; kind: MomentKind; day: number }> {
  const out: Array<{ step: number; kind: MomentKind; day: number }> = [];
  // Counted per kind, not sliced by position: at the end the log gains the secrets it kept (§1), in place.
  const before: Record<MomentKind, number> = { night: 0, day: 0, vote: 0, end: 0 };
  logs.forEach((log, step) => {
    const now: Record<MomentKind, number> = { night: 0, day: 0, vote: 0, end: 0 };
    let day = 0;
    for (const e of log) {
      const kind = MOMENT[e.type];
      if (kind) now[kind]++;
      day = e.day;
    }
    for (const kind of ["night", "day", "vote", "end"] as const) if (now[kind] > before[kind]) out.push({ step, kind, day });
    Object.assign(before, now);
  });
  return out;
}

const MOMENT: Partial<Record<string, MomentKind>> = { "night-fell": "night", "day-started": "day", "vote-counted": "vote", "game-over": "end" };
