/**
 * viewFor: what one viewer may see, built field by field from an ALLOWLIST (ENGINEERING.md "Views
 * are allowlists"). Nothing here copies the state and strips it: every field below is chosen for this
 * viewer. The seed and PRNG state are never read here.
 *
 * Entitlements (RULES.md §1 Secrets, §2):
 *   - own role: from the moment the card is taken (§2.1);
 *   - black teammates' roles: from the acquaintance night, for black players (§2.2);
 *   - the shooting plan and the night shots: living/black team as resolved in each event's audience;
 *   - own check results only (§2.10);
 *   - closed ballots: only one's own until the count (§2.6);
 *   - at the end every role and every event is shown (§2.12, §8 protocol);
 *   - a live host ({kind:"host"}) sees every role and every event (§5.7).
 */
import { own } from "../own.ts";
import { legalActions } from "./actions.ts";
import { nextDeadline, timerLength } from "./apply.ts";
import { getRole } from "./roles/index.ts";
import { presetOf } from "./presets/index.ts";
import { asEngine, playerById, type EngineState, type PlayerState } from "./state.ts";
import type { GameEvent, GameState, GameView, LogEntryView, PhaseName, Seat, SeatView, Viewer } from "./types.ts";

/** Extensions of GameView (backward compatible: optional extra fields). */
export interface GameViewExtras {
  /** Only for the live host (RULES.md §5.7): whether `confirm` ends the current stage now, whether the
   *  stage is done and waiting for it, and who still has to act. */
  host?: { canConfirm: boolean; waiting: boolean; pending: Seat[] };
  /** §2.5 the seat shouting now and until when. */
  shout?: { seat: Seat; until: number } | null;
}

/** §3 the night in turns: a phase name per turn (the mafia's and the Commissar's reuse sport's names). */
const TURN_PHASE: Record<string, PhaseName> = {
  "mafia-shot": "night-shot", freeze: "night-freeze", heal: "night-heal", "commissar-check": "night-check", kill: "night-kill", "don-check": "night-don-check",
};

function phaseName(s: EngineState): PhaseName {
  const st = s.stage;
  switch (st.kind) {
    case "speech":
      return st.purpose === "day" ? "speech" : st.purpose === "tie" ? "tie-speech" : st.purpose === "leader" ? "leader-speech" : st.purpose;
    case "voting":
      return st.round === "first" ? "voting" : "revote";
    case "night-turn":
      return own(TURN_PHASE, presetOf(s.presetId).night[st.step]?.id ?? "") ?? "night-turn";
    default:
      return st.kind;
  }
}

/** Seats of the black team this viewer met at the acquaintance night (read from the event addressed to them). */
function metTeam(s: EngineState, seat: Seat): Seat[] {
  if (!s.blackMet) return [];
  for (const e of s.events) {
    if (e.type !== "black-team") continue;
    if (e.audience.kind === "seats" && e.audience.seats.includes(seat)) return e.audience.seats.slice();
    return [];
  }
  return [];
}

function canSee(e: GameEvent, seat: Seat | null, all: boolean): boolean {
  if (all) return true;
  const a = e.audience;
  if (a.kind === "public") return true;
  if (a.kind === "seats") return seat !== null && a.seats.includes(seat);
  return false;
}

/** How much of the log to include (the table object sends only what is new since its last frame). */
export interface ViewOptions {
  /** Leave out the first `logAfter` entries of this viewer's log (ignored once the game is over: the
   *  end reveals every event, so the whole log is sent again). */
  logAfter?: number | null;
}

/** How many log entries this viewer may see now (the `logUpTo` of its view). */
export function logLength(state: GameState, viewer: Viewer): number {
  const s = asEngine(state);
  const me = viewer.kind === "player" ? playerById(s, viewer.playerId) : null;
  const seesAll = s.result !== null || viewer.kind === "host";
  let n = 0;
  for (const e of s.events) if (canSee(e, me ? me.seat : null, seesAll)) n++;
  return n;
}

export function viewFor(state: GameState, viewer: Viewer, opts: ViewOptions = {}): GameView & GameViewExtras {
  const s = asEngine(state);
  const over = s.result !== null;
  const me: PlayerState | null = viewer.kind === "player" ? playerById(s, viewer.playerId) : null;
  const mySeat = me ? me.seat : null;
  const seesAll = over || viewer.kind === "host";
  const team = me && me.team === "black" ? metTeam(s, me.seat) : [];

  const st = s.stage;
  const openTally: number[] | null = st.kind === "voting" && st.mode === "open" ? s.players.map(() => 0) : null;
  if (openTally && st.kind === "voting") for (const b of st.ballots) if (b !== 0) openTally[b - 1] = (openTally[b - 1] as number) + 1;

  const seats: SeatView[] = s.players.map((p) => {
    const sv: SeatView = {
      seat: p.seat,
      nickname: p.nickname,
      bot: p.bot,
      alive: p.alive,
      out: p.out,
      nominated: s.nominees.includes(p.seat),
      speaking: (st.kind === "speech" && st.speaker === p.seat) || (s.shout !== null && s.shout.seat === p.seat),
      votes: openTally ? (openTally[p.seat - 1] as number) : s.lastTally ? (s.lastTally[p.seat - 1] as number) : null,
      fouls: p.fouls,
      shoutsLeft: p.shoutsLeft,
    };
    const known = seesAll || p.seat === mySeat || team.includes(p.seat);
    if (known && p.role !== null) { sv.role = p.role; if (p.team) sv.team = p.team; }
    return sv;
  });

  let ballot: GameView["ballot"] = null;
  if (st.kind === "voting") {
    const mine = mySeat !== null ? (st.ballots[mySeat - 1] as number) : 0;
    ballot = {
      kind: st.round === "first" ? "elimination" : "revote",
      mode: st.mode,
      candidates: st.candidates.slice(),
      calling: st.mode === "open" ? (st.candidates[st.current] ?? null) : null,
      votes: st.mode === "open" || viewer.kind === "host" ? ballotsList(st.ballots) : [],
      mine: mine === 0 ? null : mine,
    };
  } else if (st.kind === "lift-vote") {
    const mine = mySeat !== null ? (st.ballots[mySeat - 1] as number) : 0;
    const living = s.players.filter((p) => p.alive).length;
    ballot = {
      kind: "lift",
      mode: st.mode,
      candidates: st.candidates.slice(),
      needed: Math.floor(living / 2) + 1,
      votes: st.mode === "open" || viewer.kind === "host" ? liftList(st.ballots) : [],
      mine: mine === 0 ? null : mine === 1,
    };
  }

  let techVote: GameView["techVote"] = null;
  if (s.techVote) {
    const tv = s.techVote;
    let humans = 0;
    for (const p of s.players) if (p.alive && !p.bot) humans++;
    const favour = tv.favour.filter((x) => { const p = s.players[x - 1]; return !!p && p.alive && !p.bot; });
    techVote = { kind: tv.kind, target: tv.target, by: tv.by, inFavour: favour.length, needed: Math.floor(humans / 2) + 1, deadline: tv.deadline };
    (techVote as Record<string, unknown>).pressed = favour;
  }

  let you: GameView["you"] = null;
  if (me) {
    const isBlack = me.team === "black";
    you = {
      seat: me.seat,
      role: me.role,
      team: me.team,
      teammates: team.filter((x) => x !== me.seat),
      checks: s.checks.filter((c) => c.by === me.seat).map((c) => ({ target: c.target, night: c.night, result: c.result })),
      // The plan steers the living team's shots; a black player who is out no longer shoots (issue 13:
      // the dead watch the public game plus their own card, §2.2 the plan is for the team at the table).
      shootingPlan: isBlack && me.alive && team.length > 0 && s.shootingPlan ? s.shootingPlan.slice() : null,
      actions: legalActions(s, me.seat),
    };
  }

  // The log: everything this viewer may see, or (a delta frame) only the entries after the first
  // `logAfter` of them. Counts are of this viewer's own entries, so they reveal nothing hidden.
  const logAfter = !over && opts.logAfter != null && opts.logAfter >= 0 ? opts.logAfter : null;
  const log: LogEntryView[] = [];
  let logUpTo = 0;
  for (const e of s.events) {
    if (!canSee(e, mySeat, seesAll)) continue;
    logUpTo++;
    // `seq` is the entry's place in this viewer's own log, never the game's event number: gaps in
    // that would count the hidden events (night shots and checks) between two visible ones.
    if (logAfter === null || logUpTo > logAfter) log.push({ seq: logUpTo, at: e.at, day: e.day, type: e.type, data: e.data });
  }

  let result: GameView["result"] = null;
  if (s.result) {
    result = {
      winner: s.result.winner,
      reason: s.result.reason,
      roles: s.players.map((p) => ({ seat: p.seat, nickname: p.nickname, role: p.role ?? "civilian", team: p.team ?? getRole(p.role ?? "civilian").team })),
    };
  }

  const paused = s.paused ? { by: s.paused.by, reason: s.paused.reason, remainingMs: s.paused.remainingMs ?? 0 } : null;

  return {
    presetId: s.presetId,
    settings: { ...s.settings },
    phase: phaseName(s),
    phaseSeq: s.phaseSeq,
    deadline: nextDeadline(state),
    timerMs: timerLength(state),
    paused,
    day: s.day,
    round: s.round,
    seats,
    speaker: st.kind === "speech" ? st.speaker : null,
    nominees: s.nominees.slice(),
    ballot,
    techVote,
    you,
    log,
    logAfter,
    logUpTo,
    result,
    shout: s.shout ? { seat: s.shout.seat, until: s.shout.until } : null,
    ...(viewer.kind === "host" ? { host: hostPanel(s) } : {}),
  };
}

function ballotsList(ballots: number[]): Array<{ voter: Seat; target: Seat }> {
  const out: Array<{ voter: Seat; target: Seat }> = [];
  for (let i = 0; i < ballots.length; i++) if (ballots[i] !== 0) out.push({ voter: i + 1, target: ballots[i] as number });
  return out;
}
function liftList(ballots: number[]): Array<{ voter: Seat; lift: boolean }> {
  const out: Array<{ voter: Seat; lift: boolean }> = [];
  for (let i = 0; i < ballots.length; i++) if (ballots[i] !== 0) out.push({ voter: i + 1, lift: ballots[i] === 1 });
  return out;
}

const GATED = new Set(["voting", "lift-vote", "night-shot", "night-check", "night-turn"]);
const DUTIES = new Set(["take-card", "end-speech", "vote", "vote-lift", "night-action", "shooting-plan"]);

/** §5.7 the host's panel: confirmable stage, waiting for the confirm, seats that still have something to do. */
function hostPanel(s: EngineState): { canConfirm: boolean; waiting: boolean; pending: Seat[] } {
  const pending: Seat[] = [];
  for (const p of s.players) if (legalActions(s, p.seat).some((a) => DUTIES.has(a.type))) pending.push(p.seat);
  const canConfirm = s.host === "live" && !s.result && !s.paused && !s.techVote && GATED.has(s.stage.kind);
  return { canConfirm, waiting: !!s.awaitingHost, pending };
}
