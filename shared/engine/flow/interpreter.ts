/**
 * The flow interpreter: the only code that dispatches on a phase's kind. It compiles a
 * preset's flow table once (every entry's parameters parsed by its module's valibot schema, every
 * outcome given a successor that exists), enters entries, follows outcomes, and routes the table's
 * inputs — a player's action, a timeout, the live host's confirm, a technical vote's result — to the
 * running phase module. Cross-phase rules live in rules/ (departures, wins, technical votes).
 */
import * as v from "valibot";
import { PHASE_MODULES } from "../phases/index.ts";
import { presetOf } from "../presets/index.ts";
import type { Preset } from "../presets/types.ts";
import { checkWin } from "../rules/outcome.ts";
import { foul, passes, pressTechVote, removal, resolveTechVote, startTechVote } from "../rules/technical.ts";
import { PUBLIC, emit, playerById, type Ctx, type EngineState } from "../state.ts";
import { HOST_UNDO_MS, REMOVAL_REASONS, type AvailableAction, type BallotView, type FloorChannel, type HostAction, type PhaseName, type PlayerAction, type Seat, type TechVoteKind } from "../types.ts";
import { reject, setStage } from "./stage.ts";
import type { Next, PhaseModule, Step } from "./types.ts";

interface Entry {
  id: string;
  module: PhaseModule;
  params: unknown;
  next: Record<string, string>;
}
interface Compiled {
  start: string;
  entries: Map<string, Entry>;
}

const compiled = new Map<string, Compiled>();

/** Compile (and check) a preset's flow: throws with the entry and the reason when anything does not fit. */
export function compileFlow(preset: Preset): Compiled {
  const entries = new Map<string, Entry>();
  for (const e of preset.flow.entries) {
    if (entries.has(e.id)) throw new Error(`${preset.id}: flow entry ${e.id} twice`);
    const m = Object.prototype.hasOwnProperty.call(PHASE_MODULES, e.module) ? PHASE_MODULES[e.module] : undefined;
    if (!m) throw new Error(`${preset.id}: flow entry ${e.id}: unknown phase module ${e.module}`);
    const r = v.safeParse(m.params, e.params);
    if (!r.success) throw new Error(`${preset.id}: flow entry ${e.id} (${e.module}): ${r.issues.map((i) => `${v.getDotPath(i) ?? ""} ${i.message}`).join("; ")}`);
    const outcomes = m.outcomes(r.output);
    for (const o of outcomes) if (!(o in e.next)) throw new Error(`${preset.id}: flow entry ${e.id}: no successor for outcome "${o}"`);
    for (const o of Object.keys(e.next)) if (!outcomes.includes(o)) throw new Error(`${preset.id}: flow entry ${e.id}: ${e.module} has no outcome "${o}" here`);
    entries.set(e.id, { id: e.id, module: m, params: r.output, next: e.next });
  }
  for (const e of entries.values()) for (const [o, to] of Object.entries(e.next)) if (!entries.has(to)) throw new Error(`${preset.id}: flow entry ${e.id}: outcome "${o}" leads to unknown entry ${to}`);
  if (!entries.has(preset.flow.start)) throw new Error(`${preset.id}: flow starts at unknown entry ${preset.flow.start}`);
  return { start: preset.flow.start, entries };
}

let lastId = "";
let last: Compiled | null = null;
function flowOf(presetId: string): Compiled {
  if (presetId === lastId && last) return last;
  let c = compiled.get(presetId);
  if (!c) {
    c = compileFlow(presetOf(presetId));
    compiled.set(presetId, c);
  }
  lastId = presetId;
  last = c;
  return c;
}

interface Running { m: PhaseModule; p: unknown; d: unknown; e: Entry | undefined }

/** The running phase: its module, its parameters and its data. */
function running(s: EngineState): Running {
  const e = flowOf(s.presetId).entries.get(s.stage.id);
  if (e) return { m: e.module, p: e.params, d: s.stage.data, e };
  return { m: PHASE_MODULES[s.stage.module] as PhaseModule, p: null, d: s.stage.data, e: undefined };
}

/**
 * The running phase of a finished state, for readers (actions, views): a state is asked for every
 * seat's actions and every viewer's view in a row, so the last answer is kept (states are never
 * changed once apply returns them; drafts never come here).
 */
let readState: EngineState | null = null;
let readStage: unknown = null;
let readRunning: Running | null = null;
function reading(s: EngineState): Running {
  if (s === readState && s.stage === readStage && readRunning) return readRunning;
  readState = s;
  readStage = s.stage;
  readRunning = running(s);
  return readRunning;
}

/**
 * The running phase for a hook that may change its data: the draft gets its own copy of the stage
 * first (copy-on-write: reading hooks — actions, views — never pay for it).
 */
function draft(ctx: Ctx, r: Running = running(ctx.s)): Running {
  if (!ctx.ownStage) {
    const st = ctx.s.stage;
    r.d = r.m.clone(st.data);
    ctx.s.stage = { id: st.id, module: st.module, data: r.d, ...(st.factor !== undefined ? { factor: st.factor } : {}) };
    ctx.ownStage = true;
  }
  return r;
}

/** Enter entry `id` with `seats`, following instant phases until one opens (or the game ends). */
function enter(ctx: Ctx, id: string, seats: Seat[]): void {
  const flow = flowOf(ctx.s.presetId);
  for (let hops = 0; hops < 64; hops++) {
    if (ctx.s.result) return;
    const e = flow.entries.get(id) as Entry;
    const r = e.module.enter(ctx, e.params, seats);
    if (ctx.s.result) return;
    if ("outcome" in r) {
      id = e.next[r.outcome] as string;
      seats = r.seats ?? [];
      continue;
    }
    // The one place the table's "longer windows" reach a stage — a module whose timers are
    // windows for a move takes the table's factor; flow/stage.ts applies it to every timer of the stage.
    const factor = e.module.windows ? ctx.s.windowFactor : undefined;
    setStage(ctx, { id: e.id, module: e.module.kind, data: r.data, ...(factor !== undefined ? { factor } : {}) }, r.ms);
    return;
  }
  throw new Error(`${ctx.s.presetId}: the flow went round 64 instant phases without opening one`);
}

/** A phase ended with `step`: enter the entry its outcome leads to. */
function follow(ctx: Ctx, step: Step): void {
  if (!step || ctx.s.result) return;
  const e = running(ctx.s).e;
  if (!e) return;
  enter(ctx, e.next[(step as Next).outcome] as string, step.seats ?? []);
}

/** The game begins: the preset's first entry (the deal). */
export function startFlow(ctx: Ctx): void {
  enter(ctx, flowOf(ctx.s.presetId).start, []);
}

/** A technical vote ended; a removal reaches the running phase (§2.13). */
function techEnded(ctx: Ctx): void {
  const removed = resolveTechVote(ctx);
  if (removed === null || ctx.s.result) return;
  const r = draft(ctx);
  follow(ctx, r.m.removed?.(ctx, r.p, r.d, removed));
}

/** Re-checked after every press and after a seat is handed to a bot. */
export function maybePass(ctx: Ctx): void {
  if (passes(ctx)) techEnded(ctx);
}

export function timeoutInput(ctx: Ctx): void {
  if (ctx.s.techVote) { techEnded(ctx); return; }
  const r = draft(ctx);
  follow(ctx, r.m.timeout(ctx, r.p, r.d));
}

/**
 * §5.7 the live host confirms the running stage: it resolves now; whoever has not acted gets the rule's
 * default. An ordinary confirm (`early` false) only once everyone required has acted or the step's time
 * is up (the stage waits, `awaitingHost`); else it is refused ("actors-remain") and "end it now" (`early`)
 * ends the stage early, logged with how many had not acted — an in-turn ballot after its current voter.
 */
export function confirmInput(ctx: Ctx, early = false): void {
  const s = ctx.s;
  if (s.host !== "live") reject("not-allowed", "no live host at this table");
  if (s.techVote) reject("phase-closed", "a technical vote is running");
  const r = draft(ctx);
  if (!r.m.confirm) reject("phase-closed", "nothing to confirm in this phase");
  const left = s.awaitingHost || !r.m.remaining ? [] : r.m.remaining(s, r.p, r.d);
  if (left.length && !early) reject("actors-remain", `${left.length} still to act (seats ${left.join(", ")}): send end-now to end it early (RULES.md §5.7)`);
  if (left.length) {
    if (r.m.endNow) { follow(ctx, r.m.endNow(ctx, r.p, r.d, left)); return; }
    emit(ctx, "ended-early", PUBLIC, { phase: r.m.name(s, r.p, r.d), count: left.length });
  }
  ctx.confirming = true;
  follow(ctx, r.m.confirm(ctx, r.p, r.d));
}

/**
 * §5.7 the server hosts now (it took over from the live host): a stage that was waiting for the host's
 * confirm resolves as a confirm would. Nothing while a technical vote runs (its end comes back here).
 */
export function resolveWaiting(ctx: Ctx): void {
  const s = ctx.s;
  if (!s.awaitingHost || s.host === "live" || s.techVote || s.result || s.paused) return;
  s.awaitingHost = false;
  const r = draft(ctx);
  if (!r.m.confirm) return;
  ctx.confirming = true;
  follow(ctx, r.m.confirm(ctx, r.p, r.d));
}

/** §5.7 the seats that still have to act in the running stage before an ordinary confirm (none while it waits for the confirm). */
export function remainingOf(s: EngineState): Seat[] {
  if (s.awaitingHost) return [];
  const r = reading(s);
  return r.m.remaining ? r.m.remaining(s, r.p, r.d) : [];
}
/** §5.7 the voter after whose turn an in-turn ballot ended early ends (null: none). */
export function endingAfterOf(s: EngineState): Seat | null {
  const r = reading(s);
  return r.m.endingAfter ? r.m.endingAfter(r.d as never) : null;
}

/**
 * §7.9 the live host gives a foul or a remark to a living seat (where the preset lets the host give
 * fouls), at any moment of the game but during a technical vote. A foul counts with the preset's
 * consequences (rules/technical.ts foul); a removal reaches the running phase as a technical vote's does.
 */
function hostFoulInput(ctx: Ctx, a: Extract<HostAction, { type: "foul" | "remark" | "remove" }>): void {
  const s = ctx.s;
  const rules = presetOf(s.presetId).fouls;
  if (s.host !== "live" || !rules?.host) reject("not-allowed", "no live host giving fouls at this table");
  if (a.type === "remove" && !rules.hostRemoval) reject("not-allowed", "no removal without warning at this table");
  if (s.techVote) reject("phase-closed", "a technical vote is running");
  const t = a.seat;
  if (typeof t !== "number" || !Number.isInteger(t) || t < 1 || t > s.players.length || !s.players[t - 1]!.alive) reject("illegal-target", "name a living player");
  if (a.type === "remark") {
    emit(ctx, "remarked", PUBLIC, { seat: t });
    s.hostMark = { kind: "remark", seat: t, at: ctx.now, removed: false, due: false };
    return;
  }
  if (a.type === "remove") {
    // §6.9 removal without warning: the offence is named to the table; the player leaves at once.
    if (!(REMOVAL_REASONS as readonly string[]).includes(a.offence)) reject("illegal-target", "name the offence");
    emit(ctx, "removed-by-host", PUBLIC, { seat: t, offence: a.offence });
    delete s.hostMark;
    removal(ctx, t);
  } else {
    // §5.7 the host's last foul may be withdrawn within 10 s: remember what it did (undoHostMark).
    const wasDue = s.players[t - 1]!.foulVote !== undefined;
    const removed = foul(ctx, t, "host");
    s.hostMark = { kind: "foul", seat: t, at: ctx.now, removed, due: !wasDue && s.players[t - 1]!.foulVote === "due" };
    if (!removed) return;
  }
  if (checkWin(ctx)) return;
  const r = draft(ctx);
  follow(ctx, r.m.removed?.(ctx, r.p, r.d, t));
}

/**
 * RULES.md §8 the host's mute: a seat's microphone is off for everyone for the rest of the current
 * speech or stage (media-floor.ts), at any live-host table while the game runs. It is a discipline
 * tool, logged as a public remark (`remarked`, cause "muted"); the muted seat's floor says so.
 */
function hostMuteInput(ctx: Ctx, seat: Seat): void {
  const s = ctx.s;
  if (s.host !== "live") reject("not-allowed", "no live host at this table");
  if (typeof seat !== "number" || !Number.isInteger(seat) || seat < 1 || seat > s.players.length) reject("illegal-target", "no such seat");
  const key = stageKey(s);
  const now = (s.hostMutes ?? []).filter((m) => m.stage === key);
  if (now.some((m) => m.seat === seat)) reject("already-acted", "that seat is already muted in this stage");
  s.hostMutes = [...now, { seat, stage: key }];
  emit(ctx, "remarked", PUBLIC, { seat, cause: "muted" });
}


/**
 * RULES.md §5.7 "the host may withdraw their last foul or remark within 10 s; the withdrawal is logged".
 * The foul's count goes back, and the automatic vote against it made due (§7.9) with it. *Decision:* a
 * foul that removed the player is not withdrawn (the card was shown and the day went on: the removal
 * stands), nor one whose automatic vote was already cast; after 10 s — "too-late".
 */
function undoHostMark(ctx: Ctx): void {
  const s = ctx.s;
  if (s.host !== "live" || !presetOf(s.presetId).fouls?.host) reject("not-allowed", "no live host giving fouls at this table");
  const m = s.hostMark;
  if (!m) reject("too-late", "no foul or remark to withdraw");
  if (ctx.now - m.at > HOST_UNDO_MS) reject("too-late", "a foul or a remark may be withdrawn within 10 s (RULES.md §5.7)");
  if (m.removed) reject("not-allowed", "that foul removed the player: the removal stands (RULES.md §5.7 decision)");
  const pl = s.players[m.seat - 1]!;
  if (m.kind === "foul") {
    if (m.due && pl.foulVote === "used") reject("not-allowed", "the automatic vote against has been cast already (RULES.md §7.9)");
    pl.fouls--;
    if (m.due) delete pl.foulVote;
  }
  delete s.hostMark;
  emit(ctx, "mark-withdrawn", PUBLIC, { seat: m.seat, cause: m.kind, fouls: pl.fouls });
}

/** What the live host sends (§5.7): the confirm or end-now, (§7.9) a foul or a remark and its undo, or (§8) a mute. */
export function hostInput(ctx: Ctx, a: HostAction): void {
  if (a.type === "mute") hostMuteInput(ctx, a.seat);
  else if (a.type === "foul" || a.type === "remark" || a.type === "remove") hostFoulInput(ctx, a);
  else if (a.type === "undo") undoHostMark(ctx);
  else confirmInput(ctx, a.type === "end-now");
}

/** RULES.md §7.10 what a consigliere may give for the seat: its vote or its night action. */
const ADVISED = new Set<PlayerAction["type"]>(["vote", "use", "skip"]);

/**
 * A player's action: known player → (cards) → out of the game → technical votes → the running phase.
 * `by: "consigliere"` (§7.10): the seat's consigliere gives the seat's vote or night action — refused
 * wherever the player's would be, except that it replaces the seat's choice this turn (`advise`).
 */
export function actInput(ctx: Ctx, playerId: string, a: PlayerAction, by?: "consigliere"): void {
  const s = ctx.s;
  const me = playerById(s, playerId);
  if (!me) reject("not-a-player", "not seated at this game");
  if (by === "consigliere") {
    if (!presetOf(s.presetId).consigliere) reject("not-allowed", "this format has no consiglieri");
    if (!ADVISED.has(a.type)) reject("not-allowed", "a consigliere gives only the seat's vote or night action (RULES.md §7.10)");
  }
  const seat = me.seat;
  const r = running(s);
  // A player who has left still ends their own farewell / last words (§2.7, §2.11), and claims in them
  // (and, §9.4, makes the best move in them).
  if (!me.alive && !((a.type === "end-speech" || a.type === "claim" || a.type === "best-move") && r.m.speaker?.(r.d as never) === seat)) reject("not-allowed", "you are out of the game");
  if (a.type === "tech-vote-start" || a.type === "tech-vote") {
    if (me.bot) reject("not-allowed", "bots take no part in technical votes");
    if (a.type === "tech-vote") {
      if (!s.techVote) reject("phase-closed", "no technical vote is running");
      pressTechVote(ctx, seat, !!a.in_favour);
      maybePass(ctx);
      return;
    }
    if (s.techVote) reject("not-allowed", "one technical vote at a time");
    if (!r.m.techVotes) reject("phase-closed", "technical votes are not possible in this phase");
    if (!presetOf(s.presetId).techVotes.kinds.includes(a.kind)) reject("not-allowed", "unknown technical vote");
    const t = a.target;
    if (typeof t !== "number" || !Number.isInteger(t) || t < 1 || t > s.players.length || t === seat || !s.players[t - 1]!.alive) reject("illegal-target", "name another living player");
    if (s.techUsed.includes(`${seat}:${t}`)) reject("already-acted", "not twice against the same player in one phase");
    startTechVote(ctx, seat, a.kind, t);
    maybePass(ctx);
    return;
  }
  if (s.techVote) reject("phase-closed", "a technical vote is running");
  if (a.type === "skip-wait") {
    if (!skipOffered(s, seat, r)) reject("not-allowed", "only the one person at a table of bots skips a wait, and only with nothing to do in it");
    emit(ctx, "wait-skipped", PUBLIC, { seat, phase: r.m.name(s, r.p, r.d) });
    const w = draft(ctx, r);
    follow(ctx, w.m.timeout(ctx, w.p, w.d));
    return;
  }
  const w = draft(ctx, r);
  follow(ctx, by === "consigliere" && w.m.advise ? w.m.advise(ctx, w.p, w.d, seat, a) : w.m.act(ctx, w.p, w.d, seat, a));
}

/**
 * §7.10 what the seat's consigliere may send now (GameView.you.advice): the running phase's `advice`,
 * else the seat's own votes and night actions. Empty at a preset without consiglieri.
 */
export function adviceActions(s: EngineState, seat: Seat): AvailableAction[] {
  if (s.result || s.paused || s.techVote || !presetOf(s.presetId).consigliere) return [];
  if (!s.players[seat - 1]!.alive) return [];
  const r = reading(s);
  if (r.m.advice) {
    const out: AvailableAction[] = [];
    r.m.advice(s, r.p, r.d, seat, out);
    return out;
  }
  return legalActions(s, seat).filter((x) => ADVISED.has(x.type as PlayerAction["type"]));
}

/** Offers that are never a pending move: having them still leaves a person "with nothing to do". */
const NOT_A_MOVE = new Set<AvailableAction["type"]>(["shout", "claim", "early-vote", "ready-to-vote", "tech-vote-start"]);

/**
 * *Decision*: the only person at a table of bots may skip a wait in which they have nothing
 * to do — the acquaintance night (its current wake), or a speech by another seat (a bot's) — on a
 * server-hosted table while the stage runs on its clock: the stage ends as its timer would (the phase's
 * `timeout`). Never at night (the night's timing tells the table nothing, RULES.md §1 Secrets; a night
 * step's actors may still be choosing), never in one's own speech or with a move of one's own pending.
 */
function skipOffered(s: EngineState, seat: Seat, r: Running): boolean {
  const me = s.players[seat - 1]!;
  if (me.bot || !me.alive || s.host === "live" || s.deadline === null || s.techVote || s.shout || s.awaitingHost) return false;
  for (const p of s.players) if (p.seat !== seat && !p.bot) return false;
  if (r.m.kind === "speeches") {
    const speaker = r.m.speaker ? r.m.speaker(r.d as never) : null;
    if (speaker === null || speaker === seat) return false;
  } else if (r.m.kind !== "acquaintance") return false;
  const own: AvailableAction[] = [];
  r.m.actions(s, r.p, r.d, seat, own);
  return own.every((a) => NOT_A_MOVE.has(a.type));
}

/** What `seat` may do now: the single source for GameView.you.actions and the bots (apply enforces the same). */
export function legalActions(s: EngineState, seat: Seat): AvailableAction[] {
  if (s.result || s.paused) return [];
  const me = s.players[seat - 1]!;
  const r = reading(s);
  const out: AvailableAction[] = [];
  if (!me.alive) {
    // Farewell and last words are spoken by a player who has already left (§2.7, §2.11): the speech's
    // own actions (the module offers the dead speaker only its end and its claims).
    if (!s.techVote && r.m.speaker?.(r.d as never) === seat) r.m.actions(s, r.p, r.d, seat, out);
    return out;
  }
  if (s.techVote) {
    if (!me.bot) out.push({ type: "tech-vote", pressed: s.techVote.favour.includes(seat) });
    return out;
  }
  r.m.actions(s, r.p, r.d, seat, out);
  if (!me.bot && skipOffered(s, seat, r)) out.push({ type: "skip-wait" });
  if (!me.bot && r.m.techVotes) {
    const used = s.techUsed;
    const targets: Seat[] = [];
    for (const p of s.players) if (p.alive && p.seat !== seat && (used.length === 0 || !used.includes(`${seat}:${p.seat}`))) targets.push(p.seat);
    if (targets.length) out.push({ type: "tech-vote-start", kinds: presetOf(s.presetId).techVotes.kinds.slice() as TechVoteKind[], targets });
  }
  return out;
}

/** ---- What views read of the running phase ---- */

export function phaseName(s: EngineState): PhaseName {
  const r = reading(s);
  return r.m.name(s, r.p, r.d);
}
/** RULES.md §8 the identity of the running speech or stage: a host's mute holds while it stays the same. */
export function stageKey(s: EngineState): string {
  return `${s.day}|${s.round}|${phaseName(s)}|${speakerOf(s) ?? ""}`;
}
export function speakerOf(s: EngineState): Seat | null {
  const r = reading(s);
  return r.m.speaker ? r.m.speaker(r.d as never) : null;
}
export function ballotOf(s: EngineState, viewer: Seat | null, seesAll: boolean): BallotView | null {
  const r = reading(s);
  return r.m.ballot ? r.m.ballot(s, r.p, r.d, viewer, seesAll) : null;
}
/** §7.12 the running step's warning before its deadline (ms), or null. */
export function warnMsOf(s: EngineState): number | null {
  const r = reading(s);
  return r.m.warnMs ? r.m.warnMs(s, r.p, r.d) : null;
}
export function floorOf(s: EngineState): FloorChannel[] {
  const r = reading(s);
  return r.m.floor(s, r.p, r.d);
}
/** §5.7 whether the live host's confirm ends the running stage now. */
export function confirmable(s: EngineState): boolean {
  return !!reading(s).m.confirm;
}
