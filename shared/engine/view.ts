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
import { adviceActions, legalActions, ballotOf, confirmable, endingAfterOf, remainingOf, phaseName, speakerOf, warnMsOf } from "./flow/interpreter.ts";
import { nextDeadline, timerLength } from "./apply.ts";
import { getRole } from "./roles/index.ts";
import { presetOf } from "./presets/index.ts";
import { immuneNow } from "./rules/immunity.ts";
import { compositionOf, cursedOf, dealtOf, defenceOf, gameMarks, lateFoulsOf, nightFactsOf, nightNotesOf, removedForFoulsOf, savedOf, witnessedOf, withTeamMarks } from "./view-facts.ts";
import { isTeamShot } from "./phase-kinds.ts";
import { isNightPhase, mediaFloor } from "./media-floor.ts";
import { asEngine, playerById, type EngineState, type PlayerState } from "./state.ts";
import { HOST_TAKEOVER_MS, HOST_UNDO_MS } from "./types.ts";
import type { AnyLogEntry, Floor, FloorChannel, GameEvent, GameState, GameView, HostPanel, LegendMark, RoleId, Seat, SeatView, TechVoteView, Viewer } from "./types.ts";

/**
 * Seats of the black team this viewer met (read from the latest `black-team` event addressed to them:
 * the acquaintance night's, or §6 a later one when a Werewolf turned or a Swindler took a black card).
 */
function metTeam(s: EngineState, seat: Seat): Seat[] {
  if (!s.blackMet) return [];
  for (let i = s.events.length - 1; i >= 0; i--) {
    const e = s.events[i]!;
    if (e.type === "black-team" && e.audience.kind === "seats" && e.audience.seats.includes(seat)) return e.audience.seats.slice();
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
  /** The public part of this state's views, built once (sharedView) for all its viewers. */
  shared?: SharedView;
}

/**
 * What every viewer's view of one state has in common (the public part), built once per
 * version by the table's fan-out and handed to each `viewFor` of that state. Only public facts are
 * here. Its seats are frozen: a view handed them keeps a seat as it is when it adds nothing to it (no
 * role, no running tally) — views then share that frozen object, which nobody can change — and takes
 * its own copy otherwise; everything else the views take as copies. A `viewFor` not handed one builds
 * its own and keeps those objects as they are.
 */
export interface SharedView {
  readonly state: GameState;
  readonly phase: GameView["phase"];
  readonly speaker: Seat | null;
  /** Seats as everyone sees them (votes from the last count; no role, no team). */
  readonly seats: readonly SeatView[];
  readonly techVote: GameView["techVote"];
  readonly deadline: number | null;
  readonly timerMs: GameView["timerMs"];
  readonly warnMs: number | null;
  readonly floor: Floor;
  /** The roles this game deals (frozen). */
  readonly dealt: readonly RoleId[];
  /** The legend's marks of this game (view-facts.ts), before a black viewer's own. */
  readonly marks: ReadonlySet<LegendMark>;
  /** §6.3 the cursed seats (frozen). */
  readonly cursed: readonly Seat[];
  /** §6.5–§6.7 today's vote for defence, or null. */
  readonly defence: GameView["defence"] | null;
  /** §6 the composition announced at the deal, or null. */
  readonly composition: GameView["composition"] | null;
}

export function sharedView(state: GameState): SharedView {
  const shared = publicPart(state);
  for (const seat of shared.seats) Object.freeze(seat);
  Object.freeze(shared.seats);
  return shared;
}

function publicPart(state: GameState): SharedView {
  const s = asEngine(state);
  const speaker = speakerOf(s);
  const seats: SeatView[] = s.players.map((p) => {
    const sv: SeatView = {
      seat: p.seat,
      nickname: p.nickname,
      bot: p.bot,
      alive: p.alive,
      out: p.out,
      nominated: s.nominees.includes(p.seat),
      speaking: speaker === p.seat || (s.shout !== null && s.shout.seat === p.seat),
      votes: s.lastTally ? (s.lastTally[p.seat - 1] as number) : null,
      fouls: p.fouls,
      shoutsLeft: p.shoutsLeft,
    };
    // §5.6 the Judge, once shown to the table: his vote counts ×2 in open voting (public from his first open vote).
    if (s.judgesShown?.includes(p.seat)) sv.weight = 2;
    // §6.10 public: immune on day 1 and night 1 (announced at the start).
    if (!s.result && immuneNow(s, p.seat)) sv.immune = true;
    return sv;
  });
  let techVote: GameView["techVote"] = null;
  if (s.techVote) {
    const tv = s.techVote;
    let humans = 0;
    for (const p of s.players) if (p.alive && !p.bot) humans++;
    const favour = tv.favour.filter((x) => { const p = s.players[x - 1]; return !!p && p.alive && !p.bot; });
    techVote = { kind: tv.kind, target: tv.target, by: tv.by, inFavour: favour.length, needed: Math.floor(humans / 2) + 1, deadline: tv.deadline, pressed: favour } satisfies TechVoteView;
  }
  const dealt = dealtOf(s);
  return {
    state,
    phase: phaseName(s),
    speaker,
    seats,
    techVote,
    deadline: nextDeadline(state),
    timerMs: timerLength(state),
    // §7.12 the last-seconds warning of a night step (its deadline minus the warning), while it runs on its clock.
    warnMs: s.deadline !== null && !s.paused && !s.result ? warnMsOf(s) : null,
    floor: mediaFloor(s),
    dealt: Object.freeze(dealt),
    marks: gameMarks(s, dealt),
    cursed: Object.freeze(cursedOf(s)),
    defence: defenceOf(s),
    composition: compositionOf(s),
  };
}

export function viewFor(state: GameState, viewer: Viewer, opts: ViewOptions = {}): GameView {
  const s = asEngine(state);
  // The public part: the one the caller built for this very state (other views hold it too: its
  // frozen seats are kept only where this view adds nothing, the rest copied), or built now for this
  // view alone (its objects are this view's own: no copies).
  const given = opts.shared?.state === state;
  const shared = given ? opts.shared! : publicPart(state);
  const over = s.result !== null;
  const me: PlayerState | null = viewer.kind === "player" ? playerById(s, viewer.playerId) : null;
  const mySeat = me ? me.seat : null;
  const seesAll = over || viewer.kind === "host";
  const team = me && me.team === "black" ? metTeam(s, me.seat) : [];

  const ballot = ballotOf(s, mySeat, viewer.kind === "host");
  // §7.3 the voter in turn who let the time run out: their fouls now (public).
  if (ballot && ballot.kind !== "lift" && ballot.mode === "in-turn" && ballot.voter !== null) {
    const late = lateFoulsOf(s, ballot.voter);
    if (late !== null) ballot.lateFouls = late;
  }
  // The seats' vote counters: the open ballot as it runs, else the last count's tally.
  let openTally: number[] | null = null;
  if (ballot && ballot.kind !== "lift" && ballot.mode === "open") {
    openTally = s.players.map(() => 0);
    // §5.6 a Judge shown to the table counts ×2 in open voting (his name is public from his first open vote).
    for (const b of ballot.votes) openTally[b.target - 1] = (openTally[b.target - 1] as number) + (s.judgesShown?.includes(b.voter) ? 2 : 1);
  }
  const speaker = shared.speaker;
  const openReveal = presetOf(s.presetId).reveal === "open";

  const seats: SeatView[] = s.players.map((p, i) => {
    // §1 reveal "open": a player who left is shown to the table at once.
    // §7.9 a player removed by fouls in a closed game: the card was shown to the table.
    const known = (seesAll || p.seat === mySeat || team.includes(p.seat) || (openReveal && !p.alive && p.out !== "swapped") || p.shown === true) && p.role !== null;
    // A handed public seat this view adds nothing to is kept as it is (frozen, shared with other views).
    if (given && !known && !openTally) return shared.seats[i]!;
    const sv: SeatView = given ? { ...shared.seats[i]! } : shared.seats[i]!;
    if (openTally) sv.votes = openTally[p.seat - 1] as number;
    if (known) { sv.role = p.role!; if (p.team) sv.team = p.team; }
    return sv;
  });

  const techVote: GameView["techVote"] = shared.techVote && given ? { ...shared.techVote, pressed: shared.techVote.pressed.slice() } : shared.techVote;

  let you: GameView["you"] = null;
  if (me) {
    const isBlack = me.team === "black";
    you = {
      seat: me.seat,
      role: me.role,
      team: me.team,
      teammates: team.filter((x) => x !== me.seat),
      checks: s.checks.filter((c) => c.by === me.seat).map((c) => ({ target: c.target, night: c.night, result: c.result })),
      // The plan steers the living team's shots; a black player who is out does not shoot (the
      // dead watch the public game plus their own card, §2.2 the plan is for the team at the table).
      shootingPlan: isBlack && me.alive && team.length > 0 && s.shootingPlan ? s.shootingPlan.slice() : null,
      actions: legalActions(s, me.seat),
    };
    // §5.6 Blackmailer: told privately when the day's voting opens (the `silenced` entry for today), true till the day ends.
    // `s.silenced` lives from that night to the day's end: only such a seat's view looks for the entry (no log scan per frame for everyone else).
    if (!over && s.silenced?.includes(me.seat) && !isNightPhase(shared.phase) && s.events.some((e) => e.type === "silenced" && canSee(e, mySeat, false) && (e.data as { seat: Seat; day: number }).seat === me.seat && (e.data as { day: number }).day === s.day)) you.silenced = true;
    // §7.10 a preset with consiglieri: what the seat's consigliere may still give (seen by both).
    if (presetOf(s.presetId).consigliere) you.advice = adviceActions(s, me.seat);
    // The latest night's private notices, while the player is in the game.
    if (!over && me.alive) {
      const notes = nightNotesOf(s, me.seat);
      if (notes.length) you.notes = notes;
    }
    if (!over) Object.assign(you, nightFactsOf(s, me.seat, isNightPhase(shared.phase), isTeamShot(shared.phase)));
    const saved = savedOf(s, me.seat);
    if (saved.length) you.saved = saved;
    if (me.out === "removed" && removedForFoulsOf(s, me.seat)) you.removedForFouls = true;
    // §6 (decision) the Witness's seat: only a role with the `witness` passive learns one.
    if (me.role !== null && getRole(me.role).passives.includes("witness")) {
      const seen = witnessedOf(s, me.seat);
      if (seen !== null) you.witnessed = seen;
    }
  }

  // The log: everything this viewer may see, or (a delta frame) only the entries after the first
  // `logAfter` of them. Counts are of this viewer's own entries, so they reveal nothing hidden.
  const logAfter = !over && opts.logAfter != null && opts.logAfter >= 0 ? opts.logAfter : null;
  const log: AnyLogEntry[] = [];
  let logUpTo = 0;
  for (const e of s.events) {
    if (!canSee(e, mySeat, seesAll)) continue;
    logUpTo++;
    // `seq` is the entry's place in this viewer's own log, never the game's event number: gaps in
    // that would count the hidden events (night shots and checks) between two visible ones.
    if (logAfter === null || logUpTo > logAfter) log.push({ seq: logUpTo, at: e.at, day: e.day, type: e.type, data: e.data } as AnyLogEntry);
  }

  let result: GameView["result"] = null;
  if (s.result) {
    result = {
      winner: s.result.winner,
      reason: s.result.reason,
      roles: s.players.map((p) => ({ seat: p.seat, nickname: p.nickname, role: p.role ?? "civilian", team: p.team ?? getRole(p.role ?? "civilian").team })),
    };
    // The night's "why", only once the game is over (a copy: views never share the state's objects).
    if (s.nights?.length) result.nights = s.nights.map((n) => ({ night: n.night, steps: n.steps.map((x) => ({ ...x, ...("by" in x && Array.isArray(x.by) ? { by: x.by.slice() } : {}) }) as typeof x) }));
  }

  const warnMs = shared.warnMs;
  const paused = s.paused ? { by: s.paused.by, reason: s.paused.reason, remainingMs: s.paused.remainingMs ?? 0 } : null;

  return {
    presetId: s.presetId,
    settings: { ...s.settings },
    phase: shared.phase,
    phaseSeq: s.phaseSeq,
    night: !over && isNightPhase(shared.phase),
    deadline: shared.deadline,
    timerMs: shared.timerMs,
    paused,
    ...(hosting(s) ? { hosting: hosting(s)! } : {}),
    day: s.day,
    round: s.round,
    seats,
    speaker,
    shout: s.shout ? { seat: s.shout.seat, until: s.shout.until } : null,
    nominees: s.nominees.slice(),
    ballot,
    techVote,
    floor: floorFor(shared.floor, mySeat, viewer.kind === "host", given),
    dealt: shared.dealt.slice(),
    marks: withTeamMarks(shared.marks, me?.team === "black"),
    ...(shared.cursed.length ? { cursed: shared.cursed.slice() } : {}),
    ...(shared.composition ? { composition: shared.composition.map((r) => ({ ...r })) } : {}),
    ...(shared.defence ? { defence: { candidates: shared.defence.candidates.slice(), dropped: shared.defence.dropped.slice() } } : {}),
    you,
    ...(viewer.kind === "host" ? { host: hostPanel(s) } : {}),
    ...(warnMs !== null && s.deadline !== null ? { warnAt: s.deadline - warnMs } : {}),
    // RULES.md §8 Verifiable deal: the seed's hash is public; the seed never leaves through a view.
    ...(s.dealCommitment ? { dealCommitment: s.dealCommitment } : {}),
    log,
    logAfter,
    logUpTo,
    result,
  };
}

/** §5.7 the live host's connection lost (the table waits for them until the server takes over), or the server hosting. */
function hosting(s: EngineState): GameView["hosting"] | null {
  if (s.result) return null;
  if (s.serverHosting) return { state: "server" };
  if (s.host === "live" && s.hostAway !== undefined) return { state: "waiting", until: s.hostAway + HOST_TAKEOVER_MS };
  return null;
}

/**
 * The floor as this viewer may know it (the table's media floor, media-floor.ts): the channels
 * they speak, are seen or listen in (a spectator: the public ones only; the live host: all). A town
 * player is never told that a black channel exists.
 */
function floorFor(full: Floor, seat: Seat | null, all: boolean, copy: boolean): Floor {
  const channels: FloorChannel[] = [];
  for (const c of full.channels) {
    if (!(all || c.listeners === "everyone" || (seat !== null && (c.listeners.includes(seat) || c.speakers.includes(seat) || c.video.includes(seat))))) continue;
    // Each view its own copy when the full floor was built once for all the viewers of a state.
    channels.push(copy ? { id: c.id, speakers: c.speakers.slice(), video: c.video.slice(), listeners: c.listeners === "everyone" ? "everyone" : c.listeners.slice(), ...(c.pushToTalk ? { pushToTalk: c.pushToTalk.slice() } : {}) } : c);
  }
  const out: Floor = { channels };
  if (full.advisers !== undefined) out.advisers = full.advisers;
  if (full.muted) out.muted = full.muted.slice();
  return out;
}

const DUTIES = new Set(["take-card", "end-speech", "vote", "vote-lift", "use", "shooting-plan"]);

/** §5.7 the host's panel: confirmable stage, waiting for the confirm, seats that still have something to do. */
function hostPanel(s: EngineState): HostPanel {
  const pending: Seat[] = [];
  for (const p of s.players) if (legalActions(s, p.seat).some((a) => DUTIES.has(a.type))) pending.push(p.seat);
  const canConfirm = s.host === "live" && !s.result && !s.paused && !s.techVote && confirmable(s);
  // §5.7 how many still have to act before an ordinary confirm (more: the host is asked to end it now).
  const remaining = canConfirm ? remainingOf(s).length : 0;
  const panel: HostPanel = { canConfirm, waiting: !!s.awaitingHost, pending, remaining };
  const after = canConfirm ? endingAfterOf(s) : null;
  if (after !== null) panel.endingAfter = after;
  // §5.7 the last foul or remark, withdrawable for 10 s (a foul that removed the player is not).
  const m = s.hostMark;
  if (s.host === "live" && m && !m.removed && !s.result) panel.undo = { seat: m.seat, kind: m.kind, until: m.at + HOST_UNDO_MS };
  // §7.9 a live host who gives fouls and remarks (the preset's rule), while the game runs.
  if (s.host === "live" && presetOf(s.presetId).fouls?.host) {
    panel.fouls = !s.result && !s.paused && !s.techVote;
    const limit = presetOf(s.presetId).techVotes.foulsToRemove;
    panel.foulsToRemove = limit;
    panel.lastFoul = s.players.filter((p) => p.alive && p.fouls + 1 >= limit).map((p) => p.seat);
  }
  return panel;
}
