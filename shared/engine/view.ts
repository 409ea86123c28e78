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
 * role, no running tally) — views then share that frozen object, which nobody can change — and one it
 * adds a role to is a frozen copy kept per seat and role (`knownSeat`), a running tally the view's own
 * copy. Its technical vote, dealt roles, cursed seats, defence and composition are frozen and held by
 * the views as they are; the floor, the legend's marks and the settings become frozen per-viewer
 * copies kept per object (`viewerFloor`, `viewerMarks`, `frozenSettings`). So every view of a state
 * shares what it holds alike, and — where the table keeps the previous state's objects for unchanged
 * parts (worker/table/engine.ts sharedOf) — a connection's next patch skips those by identity. A
 * `viewFor` not handed one builds its own and keeps those objects as they are.
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
  /** The roles this game deals. */
  readonly dealt: readonly RoleId[];
  /** The legend's marks of this game (view-facts.ts), before a black viewer's own. */
  readonly marks: ReadonlySet<LegendMark>;
  /** §6.3 the cursed seats. */
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
  // The views handed this part hold these as they are: nobody may change them.
  deepFreeze(shared.techVote);
  deepFreeze(shared.dealt);
  deepFreeze(shared.cursed);
  deepFreeze(shared.defence);
  deepFreeze(shared.composition);
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
    dealt,
    marks: gameMarks(s, dealt),
    cursed: cursedOf(s),
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
    // A handed public seat this view adds nothing to is kept as it is (frozen, shared with other views);
    // one it adds only a role to is that seat's frozen copy with the role, the same for every view
    // entitled to it and for as long as the public seat stays the same object (engine.ts sharedOf).
    if (given && !openTally) return known ? knownSeat(shared.seats[i]!, p.role!, p.team) : shared.seats[i]!;
    const sv: SeatView = given ? { ...shared.seats[i]! } : shared.seats[i]!;
    if (openTally) sv.votes = openTally[p.seat - 1] as number;
    if (known) { sv.role = p.role!; if (p.team) sv.team = p.team; }
    return sv;
  });

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
  let log: AnyLogEntry[];
  let logUpTo = 0;
  if (logAfter === null) {
    log = [];
    for (const e of s.events) {
      if (!canSee(e, mySeat, seesAll)) continue;
      logUpTo++;
      // `seq` is the entry's place in this viewer's own log, never the game's event number: gaps in
      // that would count the hidden events (night shots and checks) between two visible ones.
      log.push({ seq: logUpTo, at: e.at, day: e.day, type: e.type, data: e.data } as AnyLogEntry);
    }
  } else {
    // A delta: the count from the one kept for the list before, the entries from the end.
    logUpTo = seenCount(s.events, mySeat, seesAll);
    log = logTail(s.events, mySeat, seesAll, logUpTo, logAfter);
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
    settings: given ? frozenSettings(s.settings) : { ...s.settings },
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
    techVote: shared.techVote,
    floor: given ? viewerFloor(shared.floor, mySeat, viewer.kind === "host") : floorFor(shared.floor, mySeat, viewer.kind === "host", false),
    dealt: shared.dealt as RoleId[],
    marks: given ? viewerMarks(shared.marks, me?.team === "black") : withTeamMarks(shared.marks, me?.team === "black"),
    ...(shared.cursed.length ? { cursed: shared.cursed as Seat[] } : {}),
    ...(shared.composition ? { composition: shared.composition } : {}),
    ...(shared.defence ? { defence: shared.defence } : {}),
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

/**
 * `view`, this viewer's view of `state` built with `logAfter: Number.MAX_SAFE_INTEGER` (no log entries,
 * its `logUpTo` counted), as `viewFor` builds it with `logAfter`: the same object but for the log.
 * The entries after the first `logAfter` are read from the end of the events, so a frame's tail of a
 * few entries does not walk the whole log again. The table keeps one such view per viewer and state
 * for every frame of that state.
 */
export function withLogAfter(state: GameState, viewer: Viewer, view: GameView, logAfter: number | null): GameView {
  const s = asEngine(state);
  // The end reveals every event: the view already holds the whole log, whatever `logAfter`.
  if (s.result !== null) return view;
  const after = logAfter != null && logAfter >= 0 ? logAfter : null;
  const seat = viewer.kind === "player" ? (playerById(s, viewer.playerId)?.seat ?? null) : null;
  return { ...view, log: logTail(s.events, seat, viewer.kind === "host", view.logUpTo, after ?? 0), logAfter: after };
}

/**
 * The entries of a viewer's log after its first `from` (of `upTo`, the viewer's count of the list), read
 * from the end of the events: a frame's tail is a few entries, not the whole log walked again.
 */
function logTail(events: readonly GameEvent[], seat: Seat | null, all: boolean, upTo: number, from: number): AnyLogEntry[] {
  const log: AnyLogEntry[] = [];
  let seq = upTo;
  for (let i = events.length - 1; i >= 0 && seq > from; i--) {
    const e = events[i]!;
    if (!canSee(e, seat, all)) continue;
    log.push({ seq, at: e.at, day: e.day, type: e.type, data: e.data } as AnyLogEntry);
    seq--;
  }
  return log.reverse();
}

/**
 * How many of `events` a viewer sees (its `logUpTo`). The count is kept on the list's last event,
 * per kind of viewer (a seat, none, all): an event is made once (state.ts emit), at the place its
 * `seq` names, and every later list of the game holds it there — so the next state's count is that
 * one plus the viewer's events after it, and a game's views do not count its whole log again for
 * every viewer and every version. An event at another place than its `seq` (a list not made by the
 * engine) is counted from the start.
 */
const seenCounts = new WeakMap<GameEvent, Map<number, number>>();
function seenCount(events: readonly GameEvent[], seat: Seat | null, all: boolean): number {
  const key = all ? -1 : (seat ?? 0);
  let count = 0;
  let i = events.length - 1;
  for (; i >= 0; i--) {
    const e = events[i]!;
    const known = e.seq === i + 1 ? seenCounts.get(e)?.get(key) : undefined;
    if (known !== undefined) {
      count += known;
      break;
    }
    if (canSee(e, seat, all)) count++;
  }
  const last = events[events.length - 1];
  if (last !== undefined && last.seq === events.length && i < events.length - 1) {
    let byViewer = seenCounts.get(last);
    if (byViewer === undefined) seenCounts.set(last, (byViewer = new Map()));
    byViewer.set(key, count);
  }
  return count;
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
    if (!shown(c, seat, all)) continue;
    // Each view its own copy when the full floor was built once for all the viewers of a state.
    channels.push(copy ? { id: c.id, speakers: c.speakers.slice(), video: c.video.slice(), listeners: c.listeners === "everyone" ? "everyone" : c.listeners.slice(), ...(c.pushToTalk ? { pushToTalk: c.pushToTalk.slice() } : {}) } : c);
  }
  const out: Floor = { channels };
  if (full.advisers !== undefined) out.advisers = full.advisers;
  if (full.muted) out.muted = full.muted.slice();
  return out;
}

/**
 * A public seat (frozen, from a handed public part) with the role a view adds: one frozen copy per
 * seat object and role, shared by the views entitled to it (the seat's own player, its black team, the
 * live host, everyone at the end). So from one version to the next such a seat is the same object
 * while its public part is, and a connection's patch skips it by identity.
 */
const knownSeats = new WeakMap<SeatView, Map<string, SeatView>>();
function knownSeat(seat: SeatView, role: RoleId, team: PlayerState["team"]): SeatView {
  let byRole = knownSeats.get(seat);
  if (byRole === undefined) knownSeats.set(seat, (byRole = new Map()));
  const key = team ? `${role} ${team}` : role;
  let sv = byRole.get(key);
  if (sv === undefined) {
    sv = { ...seat, role };
    if (team) sv.team = team;
    byRole.set(key, Object.freeze(sv));
  }
  return sv;
}

/**
 * The floor as a viewer may know it, from a handed public part's floor: one frozen copy per floor
 * object and set of channels shown (by day every seat and the spectators are shown the same), shared
 * by the views that see the same — and, while the table's floor stays the same object (engine.ts
 * sharedOf keeps it when unchanged), the same from one version to the next, so a connection's patch
 * skips it by identity.
 */
const viewerFloors = new WeakMap<Floor, Map<string, Floor>>();
function viewerFloor(full: Floor, seat: Seat | null, all: boolean): Floor {
  let bySight = viewerFloors.get(full);
  if (bySight === undefined) viewerFloors.set(full, (bySight = new Map()));
  let key = "";
  for (const c of full.channels) key += shown(c, seat, all) ? "1" : "0";
  let floor = bySight.get(key);
  if (floor === undefined) bySight.set(key, (floor = deepFreeze(floorFor(full, seat, all, true))));
  return floor;
}

/** Whether a viewer (a seat, none, or all: the live host) is shown a channel of the floor. */
function shown(c: FloorChannel, seat: Seat | null, all: boolean): boolean {
  return all || c.listeners === "everyone" || (seat !== null && (c.listeners.includes(seat) || c.speakers.includes(seat) || c.video.includes(seat)));
}

/** The legend's marks for a viewer (withTeamMarks), from a handed public part: one frozen list per marks set and team. */
const viewerMarkLists = new WeakMap<ReadonlySet<LegendMark>, { black?: readonly LegendMark[]; other?: readonly LegendMark[] }>();
function viewerMarks(marks: ReadonlySet<LegendMark>, black: boolean): LegendMark[] {
  let lists = viewerMarkLists.get(marks);
  if (lists === undefined) viewerMarkLists.set(marks, (lists = {}));
  const key = black ? "black" : "other";
  return (lists[key] ??= Object.freeze(withTeamMarks(marks, black))) as LegendMark[];
}

/** A frozen copy of a game's settings, one per settings object (a state's settings are its game's, shared by its states). */
const settingsCopies = new WeakMap<object, Record<string, unknown>>();
function frozenSettings(settings: Record<string, unknown>): Record<string, unknown> {
  let copy = settingsCopies.get(settings);
  if (copy === undefined) {
    copy = { ...settings };
    // Only plain values can be frozen in a copy without freezing the state's own objects.
    if (Object.values(copy).some((v) => v !== null && typeof v === "object")) return copy;
    settingsCopies.set(settings, Object.freeze(copy));
  }
  return copy;
}

function deepFreeze<T>(x: T): T {
  if (x !== null && typeof x === "object" && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
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
